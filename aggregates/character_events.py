"""The facts a character's history records (docs/log-language.md#characters, #saves-and-items,
#traits).

Declared here, nested in :class:`aggregates.character.Character` (``Character.SaveMade``…). They
derive from this module's :class:`Event`, which the aggregate takes as its own base event, so the
library has none of them to redefine (start-up, docs/PERFORMANCE.md); and they keep the topics its
subclasses of them had, ``aggregates.character:Character.X`` (the end of this module). Field values
are plain JSON types; dice are ``Roll.as_record()``. An event a rule decided is :class:`Judged`: the
rules' answer (``rules_say``) beside the GM's ruling (``ruled``, which the state follows,
docs/rules.md#d-0), the note and the ruleset; the flags are what the audit lists.
"""

from __future__ import annotations

from dataclasses import KW_ONLY
from typing import Any
from uuid import UUID

from aggregates.base import CLOCK, LedgerAggregate, aggregate_id, nest_topics


class Event(LedgerAggregate.Event):
    """Every character event, and the aggregate's own base event (``Character.Event``)."""


class CharacterCreated(Event, LedgerAggregate.Created):
    """rules_say: the CHA table's loyalty (+1 on a hiring reaction of 12+), ruled: in force."""

    handle: str
    name: str | None
    retainer_of: str | None
    employer_cha: int | None
    hiring_roll: dict[str, Any] | None  # Roll.as_record()
    reaction_mod: int
    hiring_reaction: int | None  # raw 2d6 + CHA's reaction modifier + reaction_mod
    loyalty: int | None
    rules_say: int | None
    ruled: int | None
    differs: bool  # LOY002
    note: str | None
    ruleset: str | None

    def relies_on(self) -> UUID | None:
        """A retainer's employer, who must exist (and keep existing) for it to serve."""
        return None if self.retainer_of is None else aggregate_id("character", self.retainer_of)


class Judged(Event):
    """An event a rule decided: the rules' answer beside the GM's ruling (docs/rules.md#d-0)."""

    _: KW_ONLY
    rules_say: Any
    ruled: Any  # defaults to rules_say; the state follows it
    note: str | None
    ruleset: str


class TraitTaken(Judged):  # rules_say: the cap of its kind (20); ruled: its total after
    kind: str
    key: str
    name_fr: str
    detail: str | None
    points: int
    after_creation: bool  # TRT001
    flaw_points: int
    advantage_points: int
    flaws_over_budget_now: bool  # TRT002: this event takes the flaws above 20
    advantages_over_budget_now: bool  # TRT003
    secret: bool = False  # --secret (absent from events before it was kept)


class CharacterFinalized(Event):
    note: str | None


class StatSet(Event):
    name: str
    value: int
    previous: int | None
    note: str | None


class SavesSet(Event):
    fortitude: int
    reflex: int
    will: int
    note: str | None


class LoyaltyModified(Event):
    value: int
    reason: str
    loyalty_before: int
    loyalty: int
    note: str | None


class LoyaltyTested(Judged):  # rules_say/ruled: stay, flee or quit
    occasion: str
    loyalty: int
    roll: dict[str, Any]
    contradicts: bool  # LOY001
    in_service: bool


class ItemAcquired(Event):
    item: str
    slot: str
    magic: bool
    caster_level: int | None
    hardness: int | None
    hp: int | None
    unattended: bool
    rank: int  # seed 001's table, for the record (docs/rules.md#d-7)
    note: str | None


class ItemDropped(Event):
    item: str
    note: str | None


class ItemRepaired(Event):
    item: str
    hp_before: int | None
    hp: int | None
    state_before: str
    state: str
    note: str | None


class SaveResolved(Judged):  # rules_say/ruled: success or failure
    vs: str
    save_type: str
    effect: str
    inputs: dict[str, Any]  # the command's options as given
    roll: dict[str, Any] | None
    dc: int | None  # the DC in force
    dc_formula: int | None
    dc_differs: bool  # SAV001
    save_bonus: int | None  # the character's
    bonus: int | None  # the character's + the command's
    rolls: bool
    natural: int | None
    total: int | None
    contradicts: bool  # SAV002
    rules_damage: int | None
    ruled_damage: int | None  # the damage of the ruled outcome
    damage_taken: int | None  # added to the character's damage taken
    damage_differs: bool  # SAV005
    exposes: bool  # a natural 1 against an effect that harms objects


class SaveMade(SaveResolved):
    pass


class SaveFailed(SaveResolved):
    pass


class ItemExposed(Judged):  # rules_say: candidates + tied; ruled: the exposed item
    item: str
    candidates: list[str]
    tied: list[str]
    ranks: list[int]
    among_candidates: bool  # SAV004 when False
    chosen_by: str  # gm | tracker
    save_type: str
    dc: int | None
    effect: str
    damage: int | None
    energy: bool
    # The save's bonus (the character's + --bonus): an attended item saves as its bearer did
    # (docs/rules.md#d-8). Absent from older events: the item-save then takes the character's.
    save_bonus: int | None = None


class ItemSaveResolved(Judged):  # rules_say/ruled: intact, damaged, broken or destroyed
    item: str
    exposure: int | None  # the position of the ItemExposed it resolves
    other_item: bool  # SAV004: not the exposed item
    inputs: dict[str, Any]
    roll: dict[str, Any] | None
    save_type: str
    dc: int
    effect: str
    damage: int | None
    energy: bool
    saves: bool
    bonus: int | None
    bearer_bonus: int | None
    natural: int | None
    total: int | None
    success: bool | None
    rules_damage: int | None  # dealt to the object, after hardness
    rules_hp_left: int | None
    hp_before: int | None
    hp: int | None  # after, following the ruling
    hp_max: int | None
    state: str  # after
    differs: bool  # SAV006


class ItemSaved(ItemSaveResolved):
    pass


class ItemDamaged(ItemSaveResolved):
    pass


class ItemBroken(ItemSaveResolved):
    pass


class ItemDestroyed(ItemSaveResolved):
    pass


class FlawRolled(Judged):  # rules_say/ruled: success, failure, or None (no roll)
    key: str
    detail: str | None
    trigger: str
    inputs: dict[str, Any]
    score: str | None
    rule_difficulty: int | None
    difficulty: int | None  # in force: the GM's when given
    difficulty_differs: bool  # TRT004
    result: int | None
    critical: bool
    success: bool | None
    failure_points: int | None
    contradicts: bool  # TRT005 (the outcome)
    rules_consequences: dict[str, Any]
    ruled_consequences: dict[str, Any]  # what the state follows
    consequences_differ: bool  # TRT005 (hp, conscience, penalty, duration)
    conditions: list[dict[str, Any]]  # the conditions started; ``until`` in in-game seconds
    duration_roll: dict[str, Any] | None
    seconds: int  # the in-game time it was rolled at, since day 1 00:00 (as Campaign.ClockMoved)

    # v2: in-game time in seconds, not whole minutes, so rounds (10 s) are exact (docs/rules.md#d-9)
    class_version = 2

    def relies_on(self) -> UUID | None:
        """The campaign's clock (``CLOCK``, an ID no aggregate has), when a condition it started
        ends at an in-game time (``until``) counted from it: an earlier clock move cannot be
        withdrawn by ``event:N`` while this stands."""
        timed = any(c.get("until") is not None for c in self.conditions)
        return CLOCK if timed else None

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        """v1 kept minutes: ``clock_minutes`` (the clock rounded down to its minute), each
        condition's ``until`` and the GM's ``inputs["duration"]`` (rounded up) — the same times
        in seconds, as v1 meant them (what it rounded is not known any more)."""
        state["seconds"] = state.pop("clock_minutes") * 60
        state["conditions"] = conditions_in_seconds(state["conditions"])
        inputs = state["inputs"]
        if inputs.get("duration") is not None:
            state["inputs"] = {**inputs, "duration": inputs["duration"] * 60}


class ConditionEnded(Event):
    source: str
    conditions: list[dict[str, Any]]  # as the FlawRolled that started them holds them
    by: str  # gm | session-end
    note: str | None

    class_version = 2  # v2: the conditions' ``until`` in seconds, as FlawRolled's v2

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        """The conditions it lists, as FlawRolled's upcast gives them: the character removes
        the ones equal to these, so both must say the same ``until``."""
        state["conditions"] = conditions_in_seconds(state["conditions"])


class Healed(Event):
    inputs: dict[str, Any]
    location: str
    hp: int  # applied (never more than was lost)
    conscience: int
    damage: int
    note: str | None


def conditions_in_seconds(conditions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Conditions stored before v2, whose ``until`` was the in-game minute they end at: the
    same conditions with ``until`` in seconds (every other key, ``detail`` or its absence
    included, as stored)."""
    return [dict(c) if c["until"] is None else {**c, "until": c["until"] * 60} for c in conditions]


def restored_in_seconds(state: dict[str, Any]) -> None:
    """``Character.Retracted`` v1 → v2: the state it puts back holds the character's conditions,
    whose ``until`` v1 kept in minutes — in seconds, as ``FlawRolled``'s upcast gives them."""
    restored = state["restored"]
    if restored is not None and "_conditions" in restored:
        conditions = conditions_in_seconds(restored["_conditions"])
        state["restored"] = {**restored, "_conditions": conditions}


# Stored histories name these by the topics the library's subclasses of them had in Character,
# ``aggregates.character:Character.X``; Character nests each one, so they resolve.
nest_topics(globals(), "aggregates.character", "Character", Event)
