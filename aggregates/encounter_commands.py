"""What the GM does in a fight: the commands of an encounter (docs/log-language.md#encounters;
docs/rules.md#ose-morale-mercenaries-and-retainers).

A mixin of :class:`aggregates.encounter.Encounter`. A command checks for impossible input first
(raising before anything is recorded), asks the rules (``campaign/rules/morale/``), then records
what they say beside the GM's ruling by calling one of the aggregate's ``@event`` methods, whose
body is the mutation; the state follows the ruling (docs/rules.md#d-0). The events and their
mutations are on the aggregate itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aggregates.refusals import Refusal
from aggregates.values import check_reason, check_total
from campaign.commands import (
    Adjustment,
    Casualty,
    EncounterEnd,
    EncounterGroup,
    EncounterJoin,
    EncounterRating,
    MoraleTest,
)
from campaign.core.errors import HandleTaken, ImpossibleInput
from campaign.core.handles import check_handle
from campaign.core.i18n import N_
from campaign.rules.dice import TWO_D6, Roll
from campaign.rules.morale import GroupMorale, check_monster_rating, never_tests

MONSTERS, COMPANY = "monsters", "company"  # a group's kind: a monster group or a joined company


class EncounterCommands:
    """Groups, casualties, adjustments, ratings and tests: commands of
    :class:`~aggregates.encounter.Encounter`."""

    handle: str
    ended: bool
    _groups: dict[str, dict[str, Any]]
    pending_events: Any
    _entry: Callable[[str], dict[str, Any]]
    group_state: Callable[[str], GroupMorale]
    due_position: Callable[[str], int | None]
    retired_groups: tuple[str, ...]
    # the aggregate's @event methods: each records one event (fields in encounter_events)
    _add: Callable[..., None]
    _join: Callable[..., None]
    _lapse: Callable[..., None]
    _casualty: Callable[..., None]
    _due: Callable[..., None]
    _adjust: Callable[..., None]
    _rerated: Callable[..., None]
    _tested: Callable[..., None]
    _recovered: Callable[..., None]
    _left: Callable[..., None]
    _end: Callable[..., None]

    # --- checks: impossible input is refused before anything is recorded (docs/rules.md#d-0) ----

    def check_open(self) -> None:
        if self.ended:
            raise ImpossibleInput(
                N_("encounter {encounter} has ended"),
                field="encounter",
                value=self.handle,
                expected=N_("an encounter that has not ended"),
                values={"encounter": self.handle},
            )

    def check_group(self, group: str, kind: str | None = None) -> dict[str, Any]:
        """The group a command is about: known, of ``kind``, and still in the encounter."""
        entry = self._entry(group)
        if kind is not None and entry["kind"] != kind:
            monsters = kind == MONSTERS
            raise ImpossibleInput(
                N_("{group}'s rating follows its company's (company modifier {group} ±N)")
                if monsters
                else N_("{group} is a monster group, not a company"),
                field="group",
                value=group,
                expected=N_("a monsters group") if monsters else N_("a company group"),
                values={"group": group},
            )
        if self.group_state(group).has_left:
            raise ImpossibleInput(
                N_("{group} was dismissed and has left encounter {encounter}"),
                field="group",
                value=group,
                expected=N_("a group still in the encounter"),
                values={"group": group, "encounter": self.handle},
            )
        return entry

    def check_new_group(self, group: str) -> None:
        if group in self._groups:
            raise HandleTaken(
                N_("encounter {encounter} already has a group or company called {group}"),
                field="group",
                value=group,
                expected=N_("a handle not yet used in this encounter"),
                values={"encounter": self.handle, "group": repr(group)},
            )
        if group in self.retired_groups:
            raise HandleTaken(
                N_(
                    "encounter {encounter} had a group {group} whose creation was retracted: "
                    "a retracted creation keeps its handle"
                ),
                field="group",
                value=group,
                expected=N_("a handle not yet used in this encounter"),
                values={"encounter": self.handle, "group": repr(group)},
            )

    def check_roll(self, roll: Roll | None, needed: bool) -> None:
        if roll is not None and roll.dice != TWO_D6:
            raise ImpossibleInput(
                N_("a morale roll is 2d6, not {dice}"),
                field="roll",
                expected="2d6",
                values={"dice": roll.dice.name},
            )
        if roll is None and needed:
            raise ImpossibleInput(
                N_("a test needs a roll"), field="roll", expected=N_("a 2d6 roll"), values={}
            )

    def check_start(self, group: str, count: int, rating: int) -> GroupMorale:
        try:
            return GroupMorale.start(count, rating)
        except ImpossibleInput as error:
            raise _about(group, error, count) from error

    # --- commands --------------------------------------------------------------------------------

    def add_group(self, command: EncounterGroup) -> None:
        """A monster or NPC group enters, rated by its stat block (seed 000, "Score de moral")."""
        group = check_handle(command.group, field="group")
        self.check_open()
        self.check_new_group(group)
        check_monster_rating(command.morale)
        # docs/rules.md#d-1: ≤ 2 / ≥ 12 from the start
        status = self.check_start(group, command.count, command.morale).status
        self._add(
            group, command.name, command.count, command.morale, rules_say=status, ruled=status,
            note=command.note,
        )  # fmt: skip

    def join_company(self, command: EncounterJoin, *, company: str, fit: int, rating: int) -> None:
        """A company in service takes part (``company``: its handle): its members ``fit`` to
        fight now are its count, its ``rating`` its morale (docs/rules.md#d-4)."""
        self.check_open()
        self.check_new_group(company)
        status = self.check_start(company, fit, rating).status
        self._join(company, fit, rating, rules_say=status, ruled=status, note=command.note)

    def record_casualty(self, command: Casualty) -> None:
        """N killed or out of the fight: a due check lapses, new ones fall due
        (docs/log-language.md#checks-due, docs/rules.md#d-2)."""
        group, n, note = check_handle(command.group, field="group"), command.n, command.note
        self.check_open()
        self.check_group(group)
        state = self.group_state(group)
        try:
            # OSE morale, "Quand faire un test de moral": first death, half out (docs/rules.md#d-2)
            outcome = state.casualty(n, incapacitated=command.incapacitated)
        except ImpossibleInput as error:
            raise Refusal(
                N_("{n} casualties: {group} has {able} members able to fight"),
                field=error.field,
                value=n,
                values={"n": n, "group": group, "able": state.able},
                restates=error,
            ) from error
        if outcome.lapsed:
            lapsed = list(outcome.lapsed)
            due_at = self.due_position(group)
            self._lapse(group, lapsed, due_at, rules_say=lapsed, ruled=lapsed, note=note)
        status = outcome.state.status
        facts = (group, n, command.incapacitated, command.cause, state.count, state.out)
        spent = outcome.state.first_death_used
        self._casualty(*facts, rules_say=status, ruled=status, note=note, first_death_spent=spent)
        if outcome.triggered:
            due, at = list(outcome.triggered), self.pending_events[-1].position
            self._due(group, due, at, rules_say=due, ruled=due, note=note)

    def adjust(self, command: Adjustment) -> None:
        """A situational adjustment, summed raw (seed 000, "Ajustements au moral";
        docs/rules.md#d-1, #d-3)."""
        group, value = check_handle(command.group, field="group"), command.value
        self.check_open()
        self.check_group(group)
        check_reason(command.reason, "adjustment", group)
        before = self.group_state(group)
        check_total(before.adjustment, value, "value", "adjustments", group)
        effective = before.rating + before.adjustment
        check_total(effective, value, "value", "effective morale", group)
        after = before.adjust(value)
        applies = not never_tests(after.rating)  # "Valeur de 2 ou 12": never applied (MOR004)
        facts = (group, value, command.reason, after.rating, after.adjustment, applies)
        self._adjust(*facts, rules_say=after.effective, ruled=after.effective, note=command.note)

    def rerate(self, command: EncounterRating) -> None:
        """A monster group's rating changes: its leader falls, it is in its lair
        (docs/rules.md#monster-morale)."""
        group = check_handle(command.group, field="group")
        self.check_open()
        self.check_group(group, MONSTERS)
        check_monster_rating(command.rating, field="rating")
        check_reason(command.reason, "rating", group)
        self._change_rating(group, command.rating, command.reason, command.note)

    def rerate_company(self, company: str, rating: int, reason: str | None = None) -> None:
        """A joined company's rating follows its working conditions (docs/rules.md#d-4; it may leave
        2–12)."""
        self.check_open()
        self.check_group(company, COMPANY)
        self._change_rating(company, rating, reason, None)

    def _change_rating(self, group: str, rating: int, reason: str | None, note: str | None) -> None:
        before = self.group_state(group)
        after = before.rerated(rating)  # a status the rating made follows the new rating
        dropped = [check for check in before.checks_due if check not in after.checks_due]
        facts = (group, before.rating, rating, reason, dropped)
        self._rerated(*facts, rules_say=after.status, ruled=after.status, note=note)

    def test_morale(self, command: MoraleTest, *, roll: Roll | None) -> None:
        """A morale test, judged by the rules and recorded as the GM rules (docs/rules.md#d-0)."""
        group = check_handle(command.group, field="group")
        self.check_open()
        self.check_group(group)
        state = self.group_state(group)
        # OSE morale, "Test de moral", "Double succès", "Score de moral" 2 and 12
        test = state.test(roll, cornered=command.cornered)
        self.check_roll(roll, needed=test.tests)
        ruling = command.ruling
        ruled = ruling if ruling is not None else test.default_ruling
        assert ruled is not None  # every outcome has a default ruling once the roll is known
        contradicts = test.contradicted_by(ruled)  # MOR001; refuses only a ruling not a word
        # docs/rules.md#d-2: a ruled fight on a roll counts as a success
        after = state.tested(test, ruled)
        self._tested(
            group=group,
            rating=test.rating,
            adjustment=test.adjustment,
            effective=test.effective,
            successes_before=test.successes_before,
            cornered=command.cornered,
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
            note=command.note,
        )

    def recover_company_members(self, company: str, n: int) -> None:
        """N of a company's members incapacitated in this encounter are fit again."""
        self.check_open()
        self.check_group(company, COMPANY)
        try:
            after = self.group_state(company).recover(n)
        except ImpossibleInput as error:
            raise _about(company, error, n) from error
        self._recovered(company, n, rules_say=after.status, ruled=after.status, note=None)

    def company_leaves(self, company: str) -> None:
        """A company dismissed from service leaves this encounter
        (docs/log-language.md#companies)."""
        self.check_open()
        self.check_group(company, COMPANY)
        _, lapsed = self.group_state(company).left()
        at = self.due_position(company)
        checks = list(lapsed)
        self._left(company, checks, at, rules_say=checks, ruled=checks, note=None)

    def end(self, command: EncounterEnd) -> None:
        """The encounter ends; every check still due lapses (MOR002 at its due one:
        docs/log-language.md#checks-due)."""
        self.check_open()
        lapsed = []
        for group in self._groups:
            _, checks = self.group_state(group).ended()
            if checks:
                at = self.due_position(group)
                lapsed.append({"group": group, "checks": list(checks), "due_position": at})
        self._end(lapsed, rules_say=lapsed, ruled=lapsed, note=command.note)


def _about(group: str, error: ImpossibleInput, value: object) -> ImpossibleInput:
    """The rules' refusal, restated to name the group (docs/rules.md#d-0: name the field)."""
    return Refusal(
        N_("{group}: {reason}"),
        field=error.field,
        value=value,
        values={"group": group, "reason": error},
        restates=error,
    )
