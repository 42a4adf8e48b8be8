"""Company commands (docs/log-language.md#companies): load → call → save. A company in an open
encounter takes it along: its rating, its wounded and its leaving follow it there, in the same
save."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aggregates.base import aggregate_id
from aggregates.company import MercenaryCompany
from aggregates.encounter import Encounter
from campaign.commands import (
    CompanyDismiss,
    CompanyHire,
    CompanyModifier,
    CompanyRecover,
    CompanyReinforce,
)
from campaign.service.results import CompanyTerms

if TYPE_CHECKING:
    from campaign.service.unit import UnitOfWork


def company(uow: UnitOfWork, handle: str) -> MercenaryCompany:
    return uow.load("company", handle, MercenaryCompany)


def terms(hired: MercenaryCompany) -> CompanyTerms:
    return CompanyTerms(
        hired.handle, hired.troop, hired.size, hired.table_morale, hired.base_morale, hired.morale
    )


def hire(command: CompanyHire, uow: UnitOfWork) -> CompanyTerms:
    uow.new_handle("company", command.handle)
    hired = MercenaryCompany.hire(command)
    uow.save(hired)
    return terms(hired)


def modify(command: CompanyModifier, uow: UnitOfWork) -> int:
    """A working-conditions modifier; the company's rating in every open encounter it is
    fighting in follows (docs/rules.md#d-4). Returns its morale."""
    found = company(uow, command.handle)
    found.modify(command)
    fights = fights_of(uow, found.handle)
    for encounter in fights:
        encounter.rerate_company(found.handle, found.morale, command.reason)
    uow.save(found, *fights)
    return found.morale


def recover(command: CompanyRecover, uow: UnitOfWork) -> int:
    """N incapacitated members fit again — in the open encounters too, as far as they were
    incapacitated there: N in all, in the encounters' handle order (:func:`fights_of`; a log
    and the same lines typed live must agree, and no rule says which fight's wounded recover
    first). Returns the members fit now."""
    found = company(uow, command.handle)
    found.recover(command)
    fights = fights_of(uow, found.handle)
    left = command.n
    for encounter in fights:
        back = min(left, encounter.group_state(found.handle).incapacitated)
        if back:
            encounter.recover_company_members(found.handle, back)
            left -= back
    uow.save(found, *fights)
    return found.fit


def reinforce(command: CompanyReinforce, uow: UnitOfWork) -> int:
    """N new members (they do not join a fight already under way). Returns the size."""
    found = company(uow, command.handle)
    found.reinforce(command)
    uow.save(found)
    return found.size


def dismiss(command: CompanyDismiss, uow: UnitOfWork) -> list[str]:
    """The company leaves service, and every open encounter it was in
    (docs/log-language.md#companies): those."""
    found = company(uow, command.handle)
    found.dismiss(command)
    fights = fights_of(uow, found.handle)
    for encounter in fights:
        encounter.company_leaves(found.handle)
    uow.save(found, *fights)
    return [encounter.handle for encounter in fights]


def fights_of(uow: UnitOfWork, handle: str) -> list[Encounter]:
    """The open encounters the company is still fighting in: those the read models list
    (caught up first) and those it joined in the running unit of work, which the read models
    cannot know yet. Each is taken as the unit has it: ended, withdrawn from or retracted
    since, it is left out. In handle order: a log and the same lines typed live find them in
    different ways, and must record the same positions."""
    stored = uow.stored_answer(("fights", handle), lambda read: read.encounters_of(handle))
    ids = [aggregate_id("encounter", encounter) for encounter in stored]
    found = [uow.get(i) for i in dict.fromkeys([*ids, *uow.joined_in_unit(handle)])]
    fighting = [
        encounter
        for encounter in found
        if not encounter.retracted
        and not encounter.ended
        and handle in encounter.groups
        and not encounter.group_state(handle).has_left
    ]
    return sorted(fighting, key=lambda encounter: encounter.handle)
