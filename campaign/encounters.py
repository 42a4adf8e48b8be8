"""Encounter and company commands of the application service (SPEC §4 "Encounters",
"Companies"): load → call → save, the tracker rolling the 2d6 when the GM gives none."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aggregates.base import Recording, aggregate_id
from aggregates.company import MercenaryCompany
from aggregates.encounter import Encounter
from campaign.errors import HandleTaken, UnknownHandle
from campaign.handles import check_handle
from campaign.rules.dice import TWO_D6, parse_roll

if TYPE_CHECKING:
    from campaign.application import Ledger


def _load(ledger: Ledger, kind: str, handle: str, cls: type) -> object:
    found = ledger.find(aggregate_id(kind, check_handle(handle, field=kind)))
    if found is None:
        raise UnknownHandle(
            f"no {kind} {handle!r} in this campaign",
            field=kind,
            value=handle,
            expected=f"a {kind} recorded earlier",
        )
    assert isinstance(found, cls)
    return found


def _new(ledger: Ledger, kind: str, handle: str) -> str:
    handle = check_handle(handle, field=kind)
    if ledger.find(aggregate_id(kind, handle)) is not None:
        raise HandleTaken(
            f"the {kind} {handle!r} already exists (a retracted one keeps its handle)",
            field=kind,
            value=handle,
            expected="a new handle",
        )
    return handle


class EncounterCommands:
    """Mixed into :class:`campaign.application.Ledger`."""

    def encounter(self: Ledger, handle: str) -> Encounter:
        return _load(self, "encounter", handle, Encounter)  # type: ignore[return-value]

    def company(self: Ledger, handle: str) -> MercenaryCompany:
        return _load(self, "company", handle, MercenaryCompany)  # type: ignore[return-value]

    def start_encounter(
        self: Ledger, handle: str, name: str | None = None, note: str | None = None
    ) -> None:
        def body(_: Recording) -> None:
            self.save(Encounter(_new(self, "encounter", handle), name=name, note=note))

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
            found.add_group(check_handle(group, field="group"), count, morale, name, note)
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
        def body(_: Recording) -> int:
            company = MercenaryCompany(
                _new(self, "company", handle),
                troop,
                size,
                mounted=mounted,
                elite=elite,
                fanatic=fanatic,
                name=name,
                morale=morale,
                note=note,
            )
            self.save(company)
            return company.morale

        return self.command(body)

    def modify_company(
        self: Ledger, handle: str, value: int, reason: str, note: str | None = None
    ) -> int:
        def body(_: Recording) -> int:
            company = self.company(handle)
            company.modify(value, reason, note)
            self.save(company)
            return company.morale

        return self.command(body)

    def join(self: Ledger, encounter: str, company: str, note: str | None = None) -> None:
        def body(_: Recording) -> None:
            found, hired = self.encounter(encounter), self.company(company)
            hired.check_in_service()
            found.join_company(hired.handle, hired.fit, hired.morale, note)
            self.save(found)

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
            found.record_casualty(handle, n, incapacitated, cause, note)
            changed: list[object] = [found]
            if found.group_kind(handle) == "company":
                company = self.company(handle)
                company.record_casualty(n, incapacitated, cause, note, encounter=found.handle)
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
            found.adjust(handle, value, reason, note)
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
    ) -> dict[str, object]:
        """A morale test; without ``roll`` the tracker rolls 2d6 where a test applies."""

        def body(_: Recording) -> dict[str, object]:
            found = self.encounter(encounter)
            handle = check_handle(group, field="group")
            state = found.group_state(handle)
            dice = parse_roll(roll, TWO_D6) if roll is not None else None
            if dice is None and state.test(None, cornered=cornered).tests:
                dice = self.dice.roll(TWO_D6)
            found.test_morale(handle, dice, cornered, ruling, note)
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
            found.end(note)
            self.save(found)

        self.command(body)
