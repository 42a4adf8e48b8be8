"""Encounter and company commands of the application service (SPEC §4 "Encounters",
"Companies"): load → call → save, the tracker rolling the 2d6 when the GM gives none."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from aggregates.base import Recording, aggregate_id
from campaign.commands import (
    Adjustment,
    Casualty,
    CompanyDismiss,
    CompanyHire,
    CompanyModifier,
    CompanyRecover,
    CompanyReinforce,
    EncounterEnd,
    EncounterGroup,
    EncounterJoin,
    EncounterRating,
    EncounterStart,
    MoraleTest,
)
from campaign.core.handles import check_handle
from campaign.rules.dice import TWO_D6, given_roll

if TYPE_CHECKING:
    from aggregates.company import MercenaryCompany
    from aggregates.encounter import Encounter
    from campaign.rules.morale import GroupMorale
    from campaign.service.ledger import Ledger


@dataclass(frozen=True, slots=True)
class CompanyTerms:
    """A company's hiring terms and rating, in plain values (what `company hire` answers)."""

    handle: str
    troop: str
    size: int
    table_morale: int  # the troop table's (seed 000, "Moral des mercenaires")
    base_morale: int  # the GM's explicit base when given (MOR006), else the table's
    morale: int  # base + working-conditions modifiers


class EncounterCommands:
    """Mixed into :class:`campaign.service.ledger.Ledger`."""

    def encounter(self: Ledger, handle: str) -> Encounter:
        from aggregates.encounter import Encounter  # on demand: start-up (docs/PERFORMANCE.md)

        return self.load("encounter", handle, Encounter)

    def company(self: Ledger, handle: str) -> MercenaryCompany:
        from aggregates.company import MercenaryCompany

        return self.load("company", handle, MercenaryCompany)

    def group_morale(self: Ledger, encounter: str, group: str) -> GroupMorale:
        """A group's morale in an encounter now: counts, rating, status, checks due."""
        return self.encounter(encounter).group_state(check_handle(group, field="group"))

    def company_terms(self: Ledger, handle: str) -> CompanyTerms:
        company = self.company(handle)
        return CompanyTerms(
            company.handle,
            company.troop,
            company.size,
            company.table_morale,
            company.base_morale,
            company.morale,
        )

    def start_encounter(
        self: Ledger, handle: str, name: str | None = None, note: str | None = None
    ) -> None:
        def body(_: Recording) -> None:
            from aggregates.encounter import Encounter

            self.new_handle("encounter", handle)
            self.save(Encounter.start(EncounterStart(handle=handle, name=name, note=note)))

        self.command(body)

    def add_group(
        self: Ledger,
        encounter: str,
        group: str,
        count: int,
        morale: int,
        name: str | None = None,
        note: str | None = None,
    ) -> None:
        def body(_: Recording) -> None:
            found = self.encounter(encounter)
            found.add_group(
                EncounterGroup(
                    encounter=encounter,
                    group=group,
                    count=count,
                    morale=morale,
                    name=name,
                    note=note,
                )
            )
            self.save(found)

        self.command(body)

    def hire_company(
        self: Ledger,
        handle: str,
        troop: str,
        size: int,
        *,
        mounted: bool = False,
        elite: bool = False,
        fanatic: bool = False,
        name: str | None = None,
        morale: int | None = None,
        note: str | None = None,
    ) -> int:
        from aggregates.company import MercenaryCompany

        def body(_: Recording) -> int:
            self.new_handle("company", handle)
            company = MercenaryCompany.hire(
                CompanyHire(
                    handle=handle,
                    troop=troop,
                    size=size,
                    mounted=mounted,
                    elite=elite,
                    fanatic=fanatic,
                    name=name,
                    morale=morale,
                    note=note,
                )
            )
            self.save(company)
            return company.morale

        return self.command(body)

    def modify_company(
        self: Ledger, handle: str, value: int, reason: str, note: str | None = None
    ) -> int:
        """A working-conditions modifier; the company's rating in every open encounter it is
        fighting in follows (D-4), in the same transaction."""

        def body(_: Recording) -> int:
            company = self.company(handle)
            company.modify(CompanyModifier(handle=handle, value=value, reason=reason, note=note))
            fights = self.fights_of(company.handle)
            for encounter in fights:
                encounter.rerate_company(company.handle, company.morale, reason)
            self.save(company, *fights)
            return company.morale

        return self.command(body)

    def recover_company(self: Ledger, handle: str, n: int, note: str | None = None) -> int:
        """N incapacitated members fit again — in the open encounters too, as far as they were
        incapacitated there: N in all, in the encounters' handle order (:meth:`fights_of`; a
        log and the same lines typed live must agree, and no rule says which fight's wounded
        recover first). Returns the members fit now."""

        def body(_: Recording) -> int:
            company = self.company(handle)
            company.recover(CompanyRecover(handle=handle, n=n, note=note))
            fights = self.fights_of(company.handle)
            left = n
            for encounter in fights:
                back = min(left, encounter.group_state(company.handle).incapacitated)
                if back:
                    encounter.recover_company_members(company.handle, back)
                    left -= back
            self.save(company, *fights)
            return company.fit

        return self.command(body)

    def reinforce_company(self: Ledger, handle: str, n: int, note: str | None = None) -> int:
        """N new members (they do not join a fight already under way). Returns the size."""

        def body(_: Recording) -> int:
            company = self.company(handle)
            company.reinforce(CompanyReinforce(handle=handle, n=n, note=note))
            self.save(company)
            return company.size

        return self.command(body)

    def dismiss_company(self: Ledger, handle: str, note: str | None = None) -> list[str]:
        """The company leaves service, and every open encounter it was in (SPEC §4). Returns
        those encounters."""

        def body(_: Recording) -> list[str]:
            company = self.company(handle)
            company.dismiss(CompanyDismiss(handle=handle, note=note))
            fights = self.fights_of(company.handle)
            for encounter in fights:
                encounter.company_leaves(company.handle)
            self.save(company, *fights)
            return [encounter.handle for encounter in fights]

        return self.command(body)

    def fights_of(self: Ledger, company: str) -> list[Encounter]:
        """The open encounters the company is still fighting in: those the read models list
        (caught up first) and those it joined in the running unit of work, which the read
        models cannot know yet. Each is taken as the unit has it: ended, withdrawn from or
        retracted since, it is left out. (Scanning every aggregate a long log had loaded, at
        every company command, grew with the log's square.) In handle order: a log and the same
        lines typed live find them in different ways, and must record the same positions."""
        stored = self.stored_answer(("fights", company), lambda read: read.encounters_of(company))
        ids = [aggregate_id("encounter", handle) for handle in stored]
        found = [self.get(i) for i in dict.fromkeys([*ids, *self.joined_in_unit(company)])]
        fighting = [
            encounter
            for encounter in found
            if not encounter.retracted
            and not encounter.ended
            and company in encounter.groups
            and not encounter.group_state(company).has_left
        ]
        return sorted(fighting, key=lambda encounter: encounter.handle)

    def rerate_group(
        self: Ledger,
        encounter: str,
        group: str,
        rating: int,
        reason: str,
        note: str | None = None,
    ) -> str:
        """``encounter rating E G M``: a monster group's rating changes (its leader falls, it is
        in its lair). Returns its status after."""

        def body(_: Recording) -> str:
            found = self.encounter(encounter)
            handle = check_handle(group, field="group")
            found.rerate(
                EncounterRating(
                    encounter=encounter, group=group, rating=rating, reason=reason, note=note
                )
            )
            self.save(found)
            return found.group_state(handle).status

        return self.command(body)

    def join(self: Ledger, encounter: str, company: str, note: str | None = None) -> None:
        def body(_: Recording) -> None:
            found, hired = self.encounter(encounter), self.company(company)
            hired.check_in_service()
            found.join_company(
                EncounterJoin(encounter=encounter, company=company, note=note),
                company=hired.handle,
                fit=hired.fit,
                rating=hired.morale,
            )
            self.save(found)
            self.remember_join(hired.handle, found.id)

        self.command(body)

    def record_casualty(
        self: Ledger,
        encounter: str,
        group: str,
        n: int = 1,
        *,
        incapacitated: bool = False,
        cause: str | None = None,
        note: str | None = None,
    ) -> tuple[str, ...]:
        """A casualty; on a company, recorded on the encounter and the company in one save.

        Returns the checks it made due (``first-death``, ``half-out``)."""

        def body(_: Recording) -> tuple[str, ...]:
            found = self.encounter(encounter)
            handle = check_handle(group, field="group")
            cmd = Casualty(
                encounter=encounter,
                group=group,
                n=n,
                incapacitated=incapacitated,
                cause=cause,
                note=note,
            )
            found.record_casualty(cmd)
            changed: list[object] = [found]
            if found.group_kind(handle) == "company":
                company = self.company(handle)
                company.record_casualty(cmd, encounter=found.handle)
                changed.append(company)
            self.save(*changed)  # one transaction: both or neither (SPEC §4)
            return found.group_state(handle).checks_due

        return self.command(body)

    def adjust(
        self: Ledger, encounter: str, group: str, value: int, reason: str, note: str | None = None
    ) -> int:
        def body(_: Recording) -> int:
            found = self.encounter(encounter)
            handle = check_handle(group, field="group")
            found.adjust(
                Adjustment(encounter=encounter, group=group, value=value, reason=reason, note=note)
            )
            self.save(found)
            return found.group_state(handle).effective

        return self.command(body)

    def test_morale(
        self: Ledger,
        encounter: str,
        group: str,
        roll: str | None = None,
        *,
        cornered: bool = False,
        ruling: str | None = None,
        note: str | None = None,
        rolled: bool = False,
    ) -> dict[str, object]:
        """A morale test; without ``roll`` the tracker rolls 2d6 where a test applies."""

        def body(_: Recording) -> dict[str, object]:
            found = self.encounter(encounter)
            handle = check_handle(group, field="group")
            state = found.group_state(handle)
            dice = given_roll(roll, TWO_D6, rolled=rolled)
            if dice is None and state.test(None, cornered=cornered).tests:
                dice = self.dice.roll(TWO_D6)
            found.test_morale(
                MoraleTest(
                    encounter=encounter, group=group, cornered=cornered, ruling=ruling, note=note
                ),
                roll=dice,
            )
            tested = found.pending_events[-1]
            self.save(found)
            after = found.group_state(handle)
            return {
                "roll": dice.as_record() if dice else None,
                "rules_say": getattr(tested, "rules_say", None),
                "ruled": getattr(tested, "ruled", None),
                "status": after.status,
                "successes": after.successes,
            }

        return self.command(body)

    def end_encounter(self: Ledger, handle: str, note: str | None = None) -> None:
        def body(_: Recording) -> None:
            found = self.encounter(handle)
            found.end(EncounterEnd(handle=handle, note=note))
            self.save(found)

        self.command(body)
