"""The facts an encounter's history records (docs/log-language.md#encounters;
docs/rules.md#ose-morale-mercenaries-and-retainers).

Declared here, nested in :class:`aggregates.encounter.Encounter` (``Encounter.MoraleTested``…).
They derive from this module's :class:`Event`, which the aggregate takes as its own base event,
so the library has none of them to redefine (start-up, docs/PERFORMANCE.md); and they keep the
topics they had when they were declared in the aggregate's body (the end of this module). Field
values are plain JSON types; dice are ``Roll.as_record()``. An event a rule decided is
:class:`Judged`: the rules' answer (``rules_say``) beside the GM's ruling (``ruled``, which the
state follows, docs/rules.md#d-0), the note and the ruleset; the flags are what the audit lists.
"""

from __future__ import annotations

from dataclasses import KW_ONLY
from typing import Any
from uuid import UUID

from aggregates.base import LedgerAggregate, aggregate_id, nest_topics

RULESET = "ose-morale/1"


class Event(LedgerAggregate.Event):
    """Every encounter event, and the aggregate's own base event (``Encounter.Event``)."""


class EncounterStarted(Event, LedgerAggregate.Created):
    handle: str
    name: str | None
    note: str | None


class Judged(Event):
    """An event a rule decided: the rules' answer, the GM's ruling beside it, the note."""

    _: KW_ONLY
    rules_say: Any
    ruled: Any  # defaults to rules_say; the state follows it (docs/rules.md#d-0)
    note: str | None
    ruleset: str = RULESET


class GroupAdded(Judged):  # rules_say: the starting status (docs/rules.md#d-1)
    group: str
    name: str | None
    count: int
    morale: int


class CompanyJoined(Judged):  # group: the company's handle (one namespace); rules_say: status
    group: str
    count: int  # its members fit to fight when it joins (docs/rules.md#d-4)
    morale: int

    def relies_on(self) -> UUID:
        """The company, as it stood when it joined (its members fit to fight, its rating)."""
        return aggregate_id("company", self.group)


class MoraleCheckLapsed(Judged):  # rules_say: the checks that lapsed
    group: str
    checks: list[str]
    due_position: int | None  # the casualty that made them due: where MOR002 is recorded

    def lapsed_checks(self) -> list[tuple[str, list[str]]]:
        return [(self.group, self.checks)]


class CasualtyRecorded(Judged):  # rules_say: the status after (``out`` when nobody can fight)
    group: str
    n: int
    incapacitated: bool
    cause: str | None
    count: int
    out_before: int
    # Whether the group's first death was spent after it. Absent (None) from events recorded when
    # only a death that made a check due spent it: their fold keeps that reading, so an old history
    # folds to the checks it recorded (GroupMorale.casualty, docs/log-language.md#checks-due).
    first_death_spent: bool | None = None


# rules_say: the checks; both at once make one check (docs/rules.md#d-2)
class MoraleCheckDue(Judged):
    group: str
    checks: list[str]  # first-death and/or half-out
    due_position: int  # the casualty that made it due


class AdjustmentMade(Judged):  # rules_say: the effective morale after
    group: str
    value: int
    reason: str
    rating: int
    adjustment: int  # the raw sum after this one (docs/rules.md#d-1, #d-3; MOR005 beyond −2…+2)
    applies: bool  # False at ratings ≤ 2 or ≥ 12 (MOR004)


class GroupRerated(Judged):  # rules_say: the status after
    group: str
    rating_before: int
    rating: int
    reason: str | None
    checks_dropped: list[str]  # due checks that no longer apply under the new rating


class MoraleTested(Judged):  # rules_say: fight, flee, will-not-fight, fights-to-death
    group: str
    rating: int
    adjustment: int
    effective: int
    successes_before: int
    cornered: bool
    roll: dict[str, Any] | None  # Roll.as_record(): faces or None, total, source
    tests: bool  # False at ≤ 2, ≥ 12, after two successes: no roll (MOR003 if one is given)
    ruling_given: bool
    contradicts: bool  # MOR001
    roll_without_test: bool  # MOR003
    checks_answered: list[str]
    successes_after: int
    status: str


class MembersRecovered(Judged):  # rules_say: the status after
    group: str
    n: int


class CompanyLeft(Judged):  # a dismissed company leaves; rules_say: the checks that lapse
    group: str
    lapsed: list[str]
    due_position: int | None

    def lapsed_checks(self) -> list[tuple[str, list[str]]]:
        return [(self.group, self.lapsed)] if self.lapsed else []


class EncounterEnded(Judged):  # rules_say: the due checks that lapse
    lapsed: list[dict[str, Any]]  # {"group", "checks", "due_position"} per group

    def lapsed_checks(self) -> list[tuple[str, list[str]]]:
        return [(lapse["group"], lapse["checks"]) for lapse in self.lapsed]


# Stored histories name these by the topics they had when they were declared in Encounter's body,
# ``aggregates.encounter:Encounter.X``; Encounter nests each one, so they resolve.
nest_topics(globals(), "aggregates.encounter", "Encounter", Event)
