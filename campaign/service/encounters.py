"""Encounter commands (docs/log-language.md#encounters): load → call → save, the tracker rolling the
2d6 of a morale test the GM did not enter."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aggregates.encounter import Encounter
from campaign.commands import (
    Adjustment,
    Casualty,
    EncounterEnd,
    EncounterGroup,
    EncounterJoin,
    EncounterRating,
    EncounterStart,
    MoraleTest,
)
from campaign.core.handles import check_handle
from campaign.rules.dice import TWO_D6, given_roll
from campaign.rules.morale import GroupMorale
from campaign.service.companies import company
from campaign.service.results import CasualtyResult, MoraleResult

if TYPE_CHECKING:
    from campaign.service.unit import UnitOfWork


def encounter(uow: UnitOfWork, handle: str) -> Encounter:
    return uow.load("encounter", handle, Encounter)


def start(command: EncounterStart, uow: UnitOfWork) -> None:
    uow.new_handle("encounter", command.handle)
    uow.save(Encounter.start(command))


def end(command: EncounterEnd, uow: UnitOfWork) -> None:
    found = encounter(uow, command.handle)
    found.end(command)
    uow.save(found)


def add_group(command: EncounterGroup, uow: UnitOfWork) -> GroupMorale:
    """A monster group enters; its morale now."""
    found = encounter(uow, command.encounter)
    found.add_group(command)
    uow.save(found)
    return found.group_state(check_handle(command.group, field="group"))


def rerate(command: EncounterRating, uow: UnitOfWork) -> str:
    """``encounter rating E G M``: a monster group's rating changes (its leader falls, it is
    in its lair). Returns its status after."""
    found = encounter(uow, command.encounter)
    found.rerate(command)
    uow.save(found)
    return found.group_state(check_handle(command.group, field="group")).status


def join(command: EncounterJoin, uow: UnitOfWork) -> GroupMorale:
    """A company in service joins with its members fit to fight; its morale there."""
    found, hired = encounter(uow, command.encounter), company(uow, command.company)
    hired.check_in_service()
    found.join_company(command, company=hired.handle, fit=hired.fit, rating=hired.morale)
    uow.save(found)
    uow.remember_join(hired.handle, found.id)
    return found.group_state(hired.handle)


def casualty(command: Casualty, uow: UnitOfWork) -> CasualtyResult:
    """A casualty; on a company, recorded on the encounter and the company in one save
    (docs/log-language.md#encounters: both or neither). Says the checks it made due
    (``first-death``, ``half-out``)."""
    found = encounter(uow, command.encounter)
    group = check_handle(command.group, field="group")
    found.record_casualty(command)
    changed: list[object] = [found]
    if found.group_kind(group) == "company":
        hurt = company(uow, group)
        hurt.record_casualty(command, encounter=found.handle)
        changed.append(hurt)
    uow.save(*changed)
    state = found.group_state(group)
    return CasualtyResult(state.checks_due, state)


def adjust(command: Adjustment, uow: UnitOfWork) -> int:
    """A situational adjustment; the group's effective morale after."""
    found = encounter(uow, command.encounter)
    found.adjust(command)
    uow.save(found)
    return found.group_state(check_handle(command.group, field="group")).effective


def test_morale(command: MoraleTest, uow: UnitOfWork) -> MoraleResult:
    """A morale test; without a roll the tracker rolls 2d6 where a test applies."""
    found = encounter(uow, command.encounter)
    group = check_handle(command.group, field="group")
    state = found.group_state(group)
    dice = given_roll(command.roll, TWO_D6, rolled=command.rolled)
    if dice is None and state.test(None, cornered=command.cornered).tests:
        dice = uow.dice.roll(TWO_D6)
    found.test_morale(command, roll=dice)
    tested = found.pending_events[-1]
    uow.save(found)
    after = found.group_state(group)
    roll = dice.as_record() if dice else None
    return MoraleResult(roll, tested.rules_say, tested.ruled, after.status, after.successes)
