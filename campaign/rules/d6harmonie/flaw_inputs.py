"""What a flaw roll is given, checked against the flaw: its trigger, the options that trigger
takes, and the result, difficulty and amounts as numbers (docs/log-language.md#traits,
docs/rules.md#d-9)."""

from __future__ import annotations

import math

from campaign.core.errors import ImpossibleInput, Phrase
from campaign.core.handles import slug
from campaign.core.i18n import N_
from campaign.rules.d6harmonie.catalogue import FLAW, SUM, Trait, Trigger


def trigger_of(trait: Trait, name: str | None) -> Trigger:
    """The named trigger of a flaw, or its default (the first)."""
    if trait.kind != FLAW:
        raise ImpossibleInput(
            N_("{key} ({name}) is an advantage: only flaws trigger"),
            field="key",
            value=trait.key,
            expected=_TRIGGERED_HINT,
            values={"key": trait.key, "name": trait.name_fr},
        )
    if not trait.triggers:
        raise ImpossibleInput(
            N_("{key} ({name}) never rolls nor triggers: its effect is passive or narrative"),
            field="key",
            value=trait.key,
            expected=_TRIGGERED_HINT,
            values={"key": trait.key, "name": trait.name_fr},
        )
    if name is None:
        return trait.default_trigger  # not None: a flaw without triggers is refused above
    wanted = slug(name) if isinstance(name, str) else None
    for candidate in trait.triggers:
        if candidate.name == wanted:
            return candidate
    triggers = ", ".join(trait.trigger_names)
    raise ImpossibleInput(
        N_("{key} has no trigger {name}; its triggers: {triggers}"),
        field="trigger",
        value=name,
        expected="{triggers}",
        values={"key": trait.key, "name": repr(name), "triggers": triggers},
    )


_TRIGGERED_HINT = N_("a flaw that rolls or triggers (`campaign rules trait --help` lists them)")


def check_applies(trait: Trait, trigger: Trigger, given: dict[str, object], **roll) -> None:
    """An option that does not apply to this trait's trigger is impossible input
    (docs/log-language.md#traits)."""
    takes = ", ".join(trigger.accepted_options) or Phrase(N_("no option"))
    said = {"where": f"{trait.key} ({trigger.name})", "takes": takes}
    for name, value in given.items():
        if value is not None and name not in trigger.options:
            raise ImpossibleInput(
                N_("{name} does not apply to {where}; it takes: {takes}"),
                field=name,
                value=value,
                expected="{takes}",
                values={**said, "name": name},
            )
    if not trigger.rolls:
        for name in ("result", "difficulty"):
            if roll[name] is not None:
                raise ImpossibleInput(
                    N_("{where} does not roll, so {name} does not apply; it takes: {takes}"),
                    field=name,
                    value=roll[name],
                    expected="{takes}",
                    values={**said, "name": name},
                )
        if roll["critical"]:
            raise ImpossibleInput(
                N_("{where} does not roll, so it cannot fail critically; it takes: {takes}"),
                field="critical",
                value=True,
                expected="{takes}",
                values=said,
            )


def whole(value: object, field: str) -> int | None:
    """A result or difficulty: a whole number ≥ 0 (docs/rules.md#d-9: « Difficulties are whole
    numbers »)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ImpossibleInput(
            N_("{field} is a whole number, not {value}"),
            field=field,
            value=value,
            expected=N_("a whole number ≥ 0"),
            values={"field": field, "value": repr(value)},
        )
    if value < 0:
        raise ImpossibleInput(
            N_("{field} cannot be negative ({value})"),
            field=field,
            value=value,
            expected=N_("a whole number ≥ 0"),
            values={"field": field, "value": value},
        )
    return value


def amount(value: object, field: str) -> float | None:
    """Minutes, hours or years: a finite number ≥ 0 (partial units are floored,
    docs/rules.md#where-seed-002-leaves-a-case-open)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ImpossibleInput(
            N_("{field} is a number, not {value}"),
            field=field,
            value=value,
            expected=N_("a number ≥ 0"),
            values={"field": field, "value": repr(value)},
        )
    if value < 0:
        raise ImpossibleInput(
            N_("{field} cannot be negative ({value})"),
            field=field,
            value=value,
            expected=N_("a number ≥ 0"),
            values={"field": field, "value": value},
        )
    return value


def checked_roll(
    trait: Trait,
    trigger: Trigger,
    given: dict[str, object],
    *,
    result: object,
    critical: object,
    difficulty: object,
) -> tuple[int | None, int | None]:
    """The options checked against ``trigger`` (:func:`check_applies`), ``critical`` as true or
    false, and the entered result and the GM's difficulty as whole numbers."""
    check_applies(trait, trigger, given, result=result, critical=critical, difficulty=difficulty)
    entered = whole(result, "result")
    ruled = whole(difficulty, "difficulty")
    if not isinstance(critical, bool):
        raise ImpossibleInput(
            N_("critical is true or false, not {value}"),
            field="critical",
            values={"value": repr(critical)},
        )
    return entered, ruled


def recorded_inputs(given: dict[str, object]) -> dict[str, object]:
    """The amounts given, as a flaw roll records them: a sum by its slug."""
    inputs = {name: value for name, value in given.items() if value is not None}
    if isinstance(given[SUM], str):
        inputs[SUM] = slug(given[SUM])
    return inputs
