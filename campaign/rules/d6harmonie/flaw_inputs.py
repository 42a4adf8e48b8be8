"""What a flaw roll is given, checked against the flaw: its trigger, the options that trigger
takes, and the result, difficulty and amounts as numbers (docs/log-language.md#traits,
docs/rules.md#d-9)."""

from __future__ import annotations

import math

from campaign.core.errors import ImpossibleInput
from campaign.core.handles import slug
from campaign.rules.d6harmonie.catalogue import FLAW, SUM, Trait, Trigger


def trigger_of(trait: Trait, name: str | None) -> Trigger:
    """The named trigger of a flaw, or its default (the first)."""
    if trait.kind != FLAW:
        raise ImpossibleInput(
            f"{trait.key} ({trait.name_fr}) is an advantage: only flaws trigger",
            field="key",
            value=trait.key,
            expected=_TRIGGERED_HINT,
        )
    if not trait.triggers:
        raise ImpossibleInput(
            f"{trait.key} ({trait.name_fr}) never rolls nor triggers: its effect is passive "
            "or narrative",
            field="key",
            value=trait.key,
            expected=_TRIGGERED_HINT,
        )
    if name is None:
        return trait.default_trigger  # not None: a flaw without triggers is refused above
    wanted = slug(name) if isinstance(name, str) else None
    for candidate in trait.triggers:
        if candidate.name == wanted:
            return candidate
    raise ImpossibleInput(
        f"{trait.key} has no trigger {name!r}; its triggers: {', '.join(trait.trigger_names)}",
        field="trigger",
        value=name,
        expected=", ".join(trait.trigger_names),
    )


_TRIGGERED_HINT = "a flaw that rolls or triggers (`campaign rules trait --help` lists them)"


def check_applies(trait: Trait, trigger: Trigger, given: dict[str, object], **roll) -> None:
    """An option that does not apply to this trait's trigger is impossible input
    (docs/log-language.md#traits)."""
    takes = ", ".join(trigger.accepted_options) or "no option"
    where = f"{trait.key} ({trigger.name})"
    for name, value in given.items():
        if value is not None and name not in trigger.options:
            raise ImpossibleInput(
                f"{name} does not apply to {where}; it takes: {takes}",
                field=name,
                value=value,
                expected=takes,
            )
    if not trigger.rolls:
        for name in ("result", "difficulty"):
            if roll[name] is not None:
                raise ImpossibleInput(
                    f"{where} does not roll, so {name} does not apply; it takes: {takes}",
                    field=name,
                    value=roll[name],
                    expected=takes,
                )
        if roll["critical"]:
            raise ImpossibleInput(
                f"{where} does not roll, so it cannot fail critically; it takes: {takes}",
                field="critical",
                value=True,
                expected=takes,
            )


def whole(value: object, field: str) -> int | None:
    """A result or difficulty: a whole number ≥ 0 (docs/rules.md#d-9: « Difficulties are whole
    numbers »)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ImpossibleInput(
            f"{field} is a whole number, not {value!r}",
            field=field,
            value=value,
            expected="a whole number ≥ 0",
        )
    if value < 0:
        raise ImpossibleInput(
            f"{field} cannot be negative ({value})",
            field=field,
            value=value,
            expected="a whole number ≥ 0",
        )
    return value


def amount(value: object, field: str) -> float | None:
    """Minutes, hours or years: a finite number ≥ 0 (partial units are floored,
    docs/rules.md#where-seed-002-leaves-a-case-open)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ImpossibleInput(
            f"{field} is a number, not {value!r}",
            field=field,
            value=value,
            expected="a number ≥ 0",
        )
    if value < 0:
        raise ImpossibleInput(
            f"{field} cannot be negative ({value})",
            field=field,
            value=value,
            expected="a number ≥ 0",
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
        raise ImpossibleInput(f"critical is true or false, not {critical!r}", field="critical")
    return entered, ruled


def recorded_inputs(given: dict[str, object]) -> dict[str, object]:
    """The amounts given, as a flaw roll records them: a sum by its slug."""
    inputs = {name: value for name, value in given.items() if value is not None}
    if isinstance(given[SUM], str):
        inputs[SUM] = slug(given[SUM])
    return inputs
