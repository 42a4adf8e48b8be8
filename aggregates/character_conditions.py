"""A character's conditions and recovery (SPEC §4 "Characters" heal, "condition end").

A mixin of :class:`aggregates.character.Character`: the conditions a flaw started (RULES C-6:
one with no stated duration lasts until the GM ends it or the session ends), the losses, and
healing. The events and their mutations are on the aggregate itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aggregates.character_traits import check_whole, same_name
from campaign.core.errors import ImpossibleInput, UnknownHandle
from campaign.rules import d6harmonie


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
                f"{self.handle} has no condition from {source!r}; active: {active}",
                field="source",
                value=source,
                expected=active,
            )
        if len({c.get("detail") for c in mine}) > 1:
            several = ", ".join(dict.fromkeys(_named(c) for c in mine))
            raise ImpossibleInput(
                f"{self.handle} has conditions from {key} of several flaws: name one ({several})",
                field="source",
                value=source,
                expected="KEY:detail",
            )
        return key, mine

    def end_condition(self, source: str, note: str | None = None) -> None:
        """``condition end H SOURCE``: the conditions from that flaw end now."""
        key, ended = self.conditions_from(source)
        self.trigger_event(self.ConditionEnded, source=key, conditions=ended, by="gm", note=note)

    def end_session_conditions(self, note: str | None = None) -> None:
        """The session ends: conditions with no duration end with it (SPEC §4, RULES C-6)."""
        open_ended: dict[str, list[dict[str, Any]]] = {}
        for condition in self._conditions:
            if condition["until"] is None:
                open_ended.setdefault(condition["source"], []).append(condition)
        for source, ended in open_ended.items():
            self.trigger_event(
                self.ConditionEnded, source=source, conditions=ended, by="session-end", note=note
            )

    def heal(
        self,
        hp: int | None = None,
        location: str = "torso",
        conscience: int | None = None,
        damage: int | None = None,
        note: str | None = None,
    ) -> None:
        """``character heal``: recovery, never below nothing lost (the excess is recorded)."""
        given = {"hp": hp, "location": location, "conscience": conscience, "damage": damage}
        if hp is None and conscience is None and damage is None:
            raise ImpossibleInput(
                "heal what? give --hp, --conscience or --damage",
                field="hp",
                expected="--hp N, --conscience N or --damage N",
            )
        place = d6harmonie.slug(location) if isinstance(location, str) else ""
        if not place:
            raise ImpossibleInput(
                f"{location!r} is not a location", field="location", expected="torso"
            )
        amounts = {"hp": hp, "conscience": conscience, "damage": damage}
        for field, value in amounts.items():
            if value is not None:
                check_whole(value, field, 0)
        self.trigger_event(
            self.Healed,
            inputs=given,
            location=place,
            hp=min(hp or 0, self._hp_lost.get(place, 0)),
            conscience=min(conscience or 0, self.conscience_lost),
            damage=min(damage or 0, self.damage_taken),
            note=note,
        )


def flaw_named(source: str, conditions: list[dict[str, Any]]) -> str:
    """How ``condition end`` names the flaw behind ``conditions`` (all from ``source``):
    ``phobia-mild:rats`` when they are one such flaw's, else ``phobia-mild``."""
    details = {c.get("detail") for c in conditions}
    return f"{source}:{details.pop()}" if len(details) == 1 and None not in details else source


def _named(condition: dict[str, Any]) -> str:
    return flaw_named(condition["source"], [condition])
