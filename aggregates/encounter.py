"""An encounter: its groups' morale, casualties and tests (SPEC §4 "Encounters", RULES Part A).

Each group — a monster group or a joined company, one namespace — holds one immutable
:class:`GroupMorale` from ``campaign/rules/morale.py``, kept as a plain dict so that snapshots
transcode it. A command checks for impossible input first, then records what the rules say beside
the GM's ruling; the state follows the ruling (SPEC §2). The events' fields are declared in
``encounter_events`` and nested here. Every ``@event`` body replays a transition of the state
machine from the inputs its event stores, so no rule is written here.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from aggregates import encounter_events as events
from aggregates.base import LedgerAggregate, aggregate_id
from campaign.errors import HandleTaken, ImpossibleInput, UnknownHandle
from campaign.rules.dice import TWO_D6, Roll
from campaign.rules.morale import LEFT, GroupMorale, check_monster_rating, never_tests

MONSTERS, COMPANY = "monsters", "company"


# GroupMorale's fields are flat values: read directly, not through dataclasses.asdict, whose
# recursive deep copy was a quarter of a rebuild's aggregate updates.
_MORALE_FIELDS = tuple(f.name for f in fields(GroupMorale))


class Encounter(LedgerAggregate):
    """One fight (it may span sessions); each group in it is its own side (RULES D-2)."""

    # --- events: nested here (Encounter.MoraleTested, …), fields in encounter_events -------------

    Event = events.Event
    EncounterStarted = events.EncounterStarted
    Judged = events.Judged
    GroupAdded = events.GroupAdded
    CompanyJoined = events.CompanyJoined
    MoraleCheckLapsed = events.MoraleCheckLapsed
    CasualtyRecorded = events.CasualtyRecorded
    MoraleCheckDue = events.MoraleCheckDue
    AdjustmentMade = events.AdjustmentMade
    GroupRerated = events.GroupRerated
    MoraleTested = events.MoraleTested
    MembersRecovered = events.MembersRecovered
    CompanyLeft = events.CompanyLeft
    EncounterEnded = events.EncounterEnded

    # --- creation --------------------------------------------------------------------------------

    @staticmethod
    def create_id(handle: str) -> UUID:
        return aggregate_id("encounter", handle)

    @event(EncounterStarted)
    def __init__(self, handle: str, name: str | None = None, note: str | None = None) -> None:
        self.handle = handle
        self.name = name
        self.ended = False
        # group handle → {"kind", "name", "company", "morale": GroupMorale fields, "due_position"}
        self._groups: dict[str, dict[str, Any]] = {}

    # --- queries ---------------------------------------------------------------------------------

    @property
    def groups(self) -> list[str]:
        """Group handles in creation order, joined companies included."""
        return list(self._groups)

    def group_state(self, group: str) -> GroupMorale:
        stored = dict(self._entry(group)["morale"])
        return GroupMorale(**{**stored, "checks_due": tuple(stored["checks_due"])})

    def group_kind(self, group: str) -> str:
        """``monsters`` or ``company`` (a company's group handle is the company's handle)."""
        return self._entry(group)["kind"]

    def group_name(self, group: str) -> str | None:
        return self._entry(group)["name"]

    def due_position(self, group: str) -> int | None:
        """The position of the casualty that made the group's pending check due, if any."""
        return self._entry(group)["due_position"]

    # --- checks: impossible input is refused before anything is recorded (SPEC §2) --------------

    def check_open(self) -> None:
        if self.ended:
            raise ImpossibleInput(
                f"encounter {self.handle} has ended",
                field="encounter",
                value=self.handle,
                expected="an encounter that has not ended",
            )

    def check_group(self, group: str, kind: str | None = None) -> dict[str, Any]:
        """The group a command is about: known, of ``kind``, and still in the encounter."""
        entry = self._entry(group)
        if kind is not None and entry["kind"] != kind:
            why = (
                f"{group}'s rating follows its company's (company modifier {group} ±N)"
                if kind == MONSTERS
                else f"{group} is a monster group, not a company"
            )
            raise ImpossibleInput(why, field="group", value=group, expected=f"a {kind} group")
        if entry["morale"]["status"] == LEFT:
            raise ImpossibleInput(
                f"{group} was dismissed and has left encounter {self.handle}",
                field="group",
                value=group,
                expected="a group still in the encounter",
            )
        return entry

    def _entry(self, group: str) -> dict[str, Any]:
        entry = self._groups.get(group)
        if entry is None:
            known = ", ".join(self._groups) or "none yet"
            raise UnknownHandle(
                f"encounter {self.handle} has no group {group!r}; its groups: {known}",
                field="group",
                value=group,
                expected=known,
            )
        return entry

    def check_new_group(self, group: str) -> None:
        if group in self._groups:
            raise HandleTaken(
                f"encounter {self.handle} already has a group or company called {group!r}",
                field="group",
                value=group,
                expected="a handle not yet used in this encounter",
            )

    def check_roll(self, roll: Roll | None, needed: bool) -> None:
        if roll is not None and roll.dice != TWO_D6:
            raise ImpossibleInput(
                f"a morale roll is 2d6, not {roll.dice.name}", field="roll", expected="2d6"
            )
        if roll is None and needed:
            raise ImpossibleInput("a test needs a roll", field="roll", expected="a 2d6 roll")

    def check_start(self, group: str, count: int, rating: int) -> GroupMorale:
        try:
            return GroupMorale.start(count, rating)
        except ImpossibleInput as error:
            raise _about(group, error, count) from error

    # --- commands --------------------------------------------------------------------------------

    def add_group(
        self, group: str, count: int, morale: int, name: str | None = None, note: str | None = None
    ) -> None:
        """A monster or NPC group enters, rated by its stat block (seed 000, "Score de moral")."""
        self.check_open()
        self.check_new_group(group)
        check_monster_rating(morale)
        status = self.check_start(group, count, morale).status  # D-1: ≤ 2 / ≥ 12 from the start
        self._add(group, name, count, morale, rules_say=status, ruled=status, note=note)

    def join_company(
        self, company_handle: str, fit: int, rating: int, note: str | None = None
    ) -> None:
        """A company in service takes part: its members fit to fight now are its count (D-4)."""
        self.check_open()
        self.check_new_group(company_handle)
        status = self.check_start(company_handle, fit, rating).status
        self._join(company_handle, fit, rating, rules_say=status, ruled=status, note=note)

    def record_casualty(
        self,
        group: str,
        n: int = 1,
        incapacitated: bool = False,
        cause: str | None = None,
        note: str | None = None,
    ) -> None:
        """N killed or out of the fight: a due check lapses, new ones fall due (SPEC §4, D-2)."""
        self.check_open()
        self.check_group(group)
        state = self.group_state(group)
        try:
            # OSE morale, "Quand faire un test de moral": first death, half out
            outcome = state.casualty(n, incapacitated=incapacitated)
        except ImpossibleInput as error:
            message = f"{group} has {state.able} members able to fight; at most {state.able}"
            raise _about(group, error, n, message) from error
        if outcome.lapsed:
            lapsed = list(outcome.lapsed)
            due_at = self.due_position(group)
            self._lapse(group, lapsed, due_at, rules_say=lapsed, ruled=lapsed, note=note)
        status = outcome.state.status
        facts = (group, n, incapacitated, cause, state.count, state.out)
        self._casualty(*facts, rules_say=status, ruled=status, note=note)
        if outcome.triggered:
            due, at = list(outcome.triggered), self.pending_events[-1].position
            self._due(group, due, at, rules_say=due, ruled=due, note=note)

    def adjust(self, group: str, value: int, reason: str, note: str | None = None) -> None:
        """A situational adjustment, summed raw (seed 000, "Ajustements au moral"; D-1, D-3)."""
        self.check_open()
        self.check_group(group)
        after = self.group_state(group).adjust(value)
        applies = not never_tests(after.rating)  # "Valeur de 2 ou 12": never applied (MOR004)
        facts = (group, value, reason, after.rating, after.adjustment, applies)
        self._adjust(*facts, rules_say=after.effective, ruled=after.effective, note=note)

    def rerate(self, group: str, rating: int, reason: str, note: str | None = None) -> None:
        """A monster group's rating changes: its leader falls, it is in its lair (RULES A.7)."""
        self.check_open()
        self.check_group(group, MONSTERS)
        check_monster_rating(rating, field="rating")
        self._change_rating(group, rating, reason, note)

    def rerate_company(
        self, company_handle: str, rating: int, reason: str | None = None, note: str | None = None
    ) -> None:
        """A joined company's rating follows its working conditions (D-4; it may leave 2–12)."""
        self.check_open()
        self.check_group(company_handle, COMPANY)
        self._change_rating(company_handle, rating, reason, note)

    def _change_rating(self, group: str, rating: int, reason: str | None, note: str | None) -> None:
        before = self.group_state(group)
        after = before.rerated(rating)  # a status the rating made follows the new rating
        dropped = [check for check in before.checks_due if check not in after.checks_due]
        facts = (group, before.rating, rating, reason, dropped)
        self._rerated(*facts, rules_say=after.status, ruled=after.status, note=note)

    def test_morale(
        self,
        group: str,
        roll: Roll | None,
        cornered: bool = False,
        ruling: str | None = None,
        note: str | None = None,
    ) -> None:
        """A morale test, judged by the rules and recorded as the GM rules (SPEC §2)."""
        self.check_open()
        self.check_group(group)
        state = self.group_state(group)
        # OSE morale, "Test de moral", "Double succès", "Score de moral" 2 and 12
        test = state.test(roll, cornered=cornered)
        self.check_roll(roll, needed=test.tests)
        ruled = ruling if ruling is not None else test.default_ruling
        assert ruled is not None  # every outcome has a default ruling once the roll is known
        contradicts = test.contradicted_by(ruled)  # MOR001; refuses only a ruling not a word
        after = state.tested(test, ruled)  # D-2: a ruled fight on a roll counts as a success
        self._tested(
            group=group,
            rating=test.rating,
            adjustment=test.adjustment,
            effective=test.effective,
            successes_before=test.successes_before,
            cornered=cornered,
            roll=roll.as_record() if roll is not None else None,
            tests=test.tests,
            ruling_given=ruling is not None,
            contradicts=contradicts,
            roll_without_test=test.roll_without_test,  # MOR003
            checks_answered=list(state.checks_due),
            successes_after=after.successes,
            status=after.status,
            rules_say=test.outcome,
            ruled=ruled,
            note=note,
        )

    def recover_company_members(self, company_handle: str, n: int, note: str | None = None) -> None:
        """N of a company's members incapacitated in this encounter are fit again."""
        self.check_open()
        self.check_group(company_handle, COMPANY)
        try:
            after = self.group_state(company_handle).recover(n)
        except ImpossibleInput as error:
            raise _about(company_handle, error, n) from error
        self._recovered(company_handle, n, rules_say=after.status, ruled=after.status, note=note)

    def company_leaves(self, company_handle: str, note: str | None = None) -> None:
        """A company dismissed from service leaves this encounter (SPEC §4 "company dismiss")."""
        self.check_open()
        self.check_group(company_handle, COMPANY)
        _, lapsed = self.group_state(company_handle).left()
        at = self.due_position(company_handle)
        checks = list(lapsed)
        self._left(company_handle, checks, at, rules_say=checks, ruled=checks, note=note)

    def end(self, note: str | None = None) -> None:
        """The encounter ends; every check still due lapses (SPEC §4: MOR002 at its due one)."""
        self.check_open()
        lapsed = []
        for group in self._groups:
            _, checks = self.group_state(group).ended()
            if checks:
                at = self.due_position(group)
                lapsed.append({"group": group, "checks": list(checks), "due_position": at})
        self._end(lapsed, rules_say=lapsed, ruled=lapsed, note=note)

    # --- events: each body is the mutation, a transition of the rules' state machine ------------

    def _put(self, group: str, state: GroupMorale) -> None:
        entry = self._groups[group]
        entry["morale"] = {name: getattr(state, name) for name in _MORALE_FIELDS}
        entry["morale"]["checks_due"] = list(state.checks_due)
        if not state.checks_due:
            entry["due_position"] = None

    @event(GroupAdded)
    def _add(self, group, name, count, morale, rules_say, ruled, note) -> None:
        self._groups[group] = {"kind": MONSTERS, "name": name, "company": None}
        self._put(group, GroupMorale.start(count, morale))

    @event(CompanyJoined)
    def _join(self, group, count, morale, rules_say, ruled, note) -> None:
        self._groups[group] = {"kind": COMPANY, "name": None, "company": group}
        self._put(group, GroupMorale.start(count, morale))

    @event(MoraleCheckLapsed)
    def _lapse(self, group, checks, due_position, rules_say, ruled, note) -> None:
        self._put(group, replace(self.group_state(group), checks_due=()))

    @event(CasualtyRecorded)
    def _casualty(self, group, n, incapacitated, cause, count, out_before, rules_say, ruled, note):
        self._put(group, self.group_state(group).casualty(n, incapacitated=incapacitated).state)

    @event(MoraleCheckDue)
    def _due(self, group, checks, due_position, rules_say, ruled, note) -> None:
        self._groups[group]["due_position"] = due_position

    @event(AdjustmentMade)
    def _adjust(self, group, value, reason, rating, adjustment, applies, rules_say, ruled, note):
        self._put(group, self.group_state(group).adjust(value))

    @event(GroupRerated)
    def _rerated(
        self, group, rating_before, rating, reason, checks_dropped, rules_say, ruled, note
    ):
        self._put(group, self.group_state(group).rerated(rating))

    @event(MoraleTested)
    def _tested(
        self, group, rating, adjustment, effective, successes_before, cornered, roll, tests,
        ruling_given, contradicts, roll_without_test, checks_answered, successes_after, status,
        rules_say, ruled, note,
    ) -> None:  # fmt: skip
        state = self.group_state(group)
        dice = Roll.from_record(roll, TWO_D6) if roll is not None else None
        self._put(group, state.tested(state.test(dice, cornered=cornered), ruled))

    @event(MembersRecovered)
    def _recovered(self, group, n, rules_say, ruled, note) -> None:
        self._put(group, self.group_state(group).recover(n))

    @event(CompanyLeft)
    def _left(self, group, lapsed, due_position, rules_say, ruled, note) -> None:
        self._put(group, self.group_state(group).left()[0])

    @event(EncounterEnded)
    def _end(self, lapsed, rules_say, ruled, note) -> None:
        for group in self._groups:
            self._put(group, self.group_state(group).ended()[0])
        self.ended = True


def _about(group: str, error: ImpossibleInput, value: object, message: str = "") -> ImpossibleInput:
    """The rules' refusal, restated to name the group (SPEC §2: name the field)."""
    return ImpossibleInput(
        message or f"{group}: {error.message}",
        field=error.field,
        value=value,
        expected=error.expected,
    )
