"""A character's conditions and recovery (``character heal``, ``condition end``:
docs/log-language.md#characters).

A mixin of :class:`aggregates.character.Character`: the conditions a flaw started (one with no
stated duration lasts until the GM ends it or the session ends:
docs/rules.md#where-seed-002-leaves-a-case-open), the losses, and healing, and the conditions a
flaw starts (:func:`start_conditions`). The events and their mutations are on the aggregate
itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aggregates.refusals import Moment, Refusal
from aggregates.values import check_whole, options_given, same_name
from campaign.commands import CharacterHeal, ConditionEnd
from campaign.core.clock import LAST_SECOND
from campaign.core.errors import ImpossibleInput, UnknownHandle
from campaign.core.i18n import N_
from campaign.rules import d6harmonie
from campaign.rules.d6harmonie import Penalty
from campaign.rules.dice import Dice, Roll


class ConditionCommands:
    """Conditions and healing: commands of :class:`~aggregates.character.Character`."""

    handle: str
    _conditions: list[dict[str, Any]]
    _hp_lost: dict[str, int]
    conscience_lost: int
    damage_taken: int
    trigger_event: Callable[..., None]
    ConditionEnded: Any
    Healed: Any

    # --- queries ---------------------------------------------------------------------------------

    @property
    def conditions(self) -> list[dict[str, Any]]:
        """Conditions started and not ended, oldest first (some may have passed their ``until``:
        see :meth:`conditions_at`)."""
        return [dict(c) for c in self._conditions]

    def conditions_at(self, seconds: int) -> list[dict[str, Any]]:
        """The conditions still in force at this in-game time (seconds since day 1 00:00, the
        clock's unit): a condition ends at its ``until``, to the second."""
        return [c for c in self.conditions if c["until"] is None or c["until"] > seconds]

    @property
    def hp_lost(self) -> dict[str, int]:
        return dict(self._hp_lost)

    # --- commands --------------------------------------------------------------------------------

    def conditions_from(self, source: str) -> tuple[str, list[dict[str, Any]]]:
        """The flaw key ``SOURCE`` (``KEY[:detail]``) names and its conditions: all of them for
        a key, those of one flaw for ``KEY:detail`` — which a key alone must be when conditions
        of several such flaws are active (``phobia-mild:rats``, ``phobia-mild:spiders``)."""
        text = source if isinstance(source, str) else ""
        written, detail = d6harmonie.split_detail(text)
        try:
            key = d6harmonie.find_trait(written).key
        except ImpossibleInput:
            key = written.lower()
        mine = [c for c in self._conditions if c["source"] == key]
        if detail is not None:
            mine = [c for c in mine if same_name(c.get("detail") or "") == same_name(detail)]
        if not mine:
            active = ", ".join(dict.fromkeys(_named(c) for c in self._conditions)) or "none"
            raise UnknownHandle(
                N_("{who} has no condition from {source}; active: {active}")
                if self._conditions
                else N_("{who} has no condition from {source}; active: none"),
                field="source",
                value=source,
                expected="{active}" if self._conditions else N_("none"),
                values={"who": self.handle, "source": repr(source), "active": active},
            )
        if len({c.get("detail") for c in mine}) > 1:
            several = ", ".join(dict.fromkeys(_named(c) for c in mine))
            raise ImpossibleInput(
                N_("{who} has conditions from {key} of several flaws: name one ({several})"),
                field="source",
                value=source,
                expected="KEY:detail",
                values={"who": self.handle, "key": key, "several": several},
            )
        return key, mine

    def end_condition(self, command: ConditionEnd) -> None:
        """``condition end H SOURCE``: the conditions from that flaw end now."""
        key, ended = self.conditions_from(command.source)
        self.trigger_event(
            self.ConditionEnded, source=key, conditions=ended, by="gm", note=command.note
        )

    def end_session_conditions(self, note: str | None = None) -> None:
        """The session ends: conditions with no duration end with it
        (docs/log-language.md#conditions-and-the-clock)."""
        open_ended: dict[str, list[dict[str, Any]]] = {}
        for condition in self._conditions:
            if condition["until"] is None:
                open_ended.setdefault(condition["source"], []).append(condition)
        for source, ended in open_ended.items():
            self.trigger_event(
                self.ConditionEnded, source=source, conditions=ended, by="session-end", note=note
            )

    def heal(self, command: CharacterHeal) -> None:
        """``character heal``: recovery, never below nothing lost (the excess is recorded)."""
        amounts = {"hp": command.hp, "conscience": command.conscience, "damage": command.damage}
        if all(value is None for value in amounts.values()):
            raise ImpossibleInput(
                N_("heal what? give --hp, --conscience or --damage"),
                field="hp",
                expected=N_("--hp N, --conscience N or --damage N"),
                values={},
            )
        location = command.location
        place = d6harmonie.slug(location) if isinstance(location, str) else ""
        if not place:
            raise ImpossibleInput(
                N_("{location} is not a location"),
                field="location",
                expected="torso",
                values={"location": repr(location)},
            )
        for field, value in amounts.items():
            if value is not None:
                check_whole(value, field, 0)
        self.trigger_event(
            self.Healed,
            inputs=options_given(command),
            location=place,
            hp=min(command.hp or 0, self._hp_lost.get(place, 0)),
            conscience=min(command.conscience or 0, self.conscience_lost),
            damage=min(command.damage or 0, self.damage_taken),
            note=command.note,
        )


def flaw_named(source: str, conditions: list[dict[str, Any]]) -> str:
    """How ``condition end`` names the flaw behind ``conditions`` (all from ``source``):
    ``phobia-mild:rats`` when they are one such flaw's, else ``phobia-mild``."""
    details = {c.get("detail") for c in conditions}
    return f"{source}:{details.pop()}" if len(details) == 1 and None not in details else source


def _named(condition: dict[str, Any]) -> str:
    return flaw_named(condition["source"], [condition])


def _roll_for(spec: Any, roller: Callable[[Dice], Roll] | None, source: str) -> Roll:
    """The dice of a penalty's duration (« 1D6 heures »), rolled when it starts
    (docs/rules.md#d-9): a roll of those dice, within their faces."""
    rolled = roller(spec.dice) if roller is not None else None
    if rolled is None:
        raise ImpossibleInput(
            N_("the {penalty} of {source} needs a duration or a {dice} roll"),
            field="duration",
            expected=N_("a duration (4h, 2rounds), or a roll of {dice}"),
            values={"penalty": str(spec), "source": source, "dice": spec.dice.name},
        )
    dice = spec.dice
    if rolled.dice != dice or not dice.lowest <= rolled.total <= dice.highest:
        raise ImpossibleInput(
            N_("the {penalty} of {source} is a {dice}, not {rolled}"),
            field="duration",
            value=str(rolled),
            expected=N_("{dice}: {lowest}–{highest}"),
            values={
                "penalty": str(spec),
                "source": source,
                "dice": dice.name,
                "rolled": str(rolled),
                "lowest": dice.lowest,
                "highest": dice.highest,
            },
        )
    return rolled


def _length(spec: Any, duration: int | None, rolled: Roll | None) -> int | None:
    """How long a penalty lasts in in-game seconds: the GM's ``duration``, its fixed length, or
    its dice as ``rolled``; None when it states none (until ended, or the session ends:
    docs/rules.md#where-seed-002-leaves-a-case-open)."""
    if duration is not None:
        return duration
    if spec is None:
        return None
    if spec.dice is None:
        return d6harmonie.duration_seconds(spec)
    assert rolled is not None
    return d6harmonie.duration_seconds(spec, rolled.total)


def _check_until_kept(
    length: int, clock_seconds: int, spec: Any, rolled: Roll | None, source: str, given: Any
) -> None:
    """A condition's end past the last time a store keeps is refused, as ``clock advance``
    refuses to go there (``given``: the GM's duration and its words, else None)."""
    if clock_seconds + length <= LAST_SECOND:
        return
    values: dict[str, Any] = {"penalty": str(spec), "source": source}
    if given is not None:
        duration, words = given
        values["what"] = words or d6harmonie.describe_seconds(duration)
        sentence = N_(
            "{what} from {start} would end at {end}, past the last time a store keeps ({last})"
        )
    elif rolled is None:
        sentence = N_(
            "the {penalty} of {source} from {start} would end at {end}, past the last time a "
            "store keeps ({last})"
        )
    else:
        values.update(total=rolled.total, shown=d6harmonie.describe_seconds(length, spec.unit))
        sentence = N_(
            "the {penalty} of {source}, rolled {total} ({shown}), from {start} would end at "
            "{end}, past the last time a store keeps ({last})"
        )
    raise Refusal(
        sentence,
        field="duration",
        value=given[1] if given is not None else None,
        expected=N_("a duration of at most {most}"),
        values={
            **values,
            "start": Moment(clock_seconds, exact=True),
            "end": Moment(clock_seconds + length, exact=True),
            "last": Moment(LAST_SECOND, exact=True),
            "most": d6harmonie.describe_seconds(max(0, LAST_SECOND - clock_seconds)),
        },
    )


def start_conditions(
    source: str,
    penalties: list[Penalty],
    duration: int | None,
    duration_roller: Callable[[Dice], Roll] | None,
    clock_seconds: int,
    duration_words: str | None = None,
) -> tuple[list[dict[str, Any]], Roll | None]:
    """The conditions the penalties start, each with its ``until`` (the in-game second it
    ends: ``clock_seconds`` + its length, exact — two rounds are 20 s, docs/rules.md#d-9 — or
    None when no duration is stated: it lasts until ended or the session ends,
    docs/rules.md#where-seed-002-leaves-a-case-open), and the dice duration rolled for them
    (once, with ``duration_roller``: « 1D6 heures »)."""
    conditions: list[dict[str, Any]] = []
    rolled: Roll | None = None
    given = None if duration is None else (duration, duration_words)
    for penalty in penalties:
        spec = penalty.duration
        if rolled is None and duration is None and spec is not None and spec.dice is not None:
            rolled = _roll_for(spec, duration_roller, source)
        length = _length(spec, duration, rolled)
        if length is not None:
            _check_until_kept(length, clock_seconds, spec, rolled, source, given)
        conditions.append(
            {
                "value": penalty.value,
                "unit": penalty.unit,
                "applies_to": penalty.applies_to,
                "source": source,
                "duration": None if spec is None else str(spec),
                "until": None if length is None else clock_seconds + length,
            }
        )
    return conditions, rolled
