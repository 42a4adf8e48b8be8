"""A mercenary company in the party's service (docs/log-language.md#companies;
docs/rules.md#mercenary-companies, #d-4).

Its rating is the troop table, or the GM's explicit base (a ruling, MOR006 when it differs), plus
the working-conditions modifiers — kept as their sum, so the state stays O(1) in the history's
length (the list with reasons belongs to the projections). Its members are counted, not named:
killed, incapacitated and fit. Inside an encounter the application saves a casualty on the
encounter and on the company in one transaction.
"""

from __future__ import annotations

from dataclasses import KW_ONLY
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from aggregates.base import LedgerAggregate, aggregate_id
from aggregates.values import check_reason, check_total
from campaign.commands import (
    Casualty,
    CompanyDismiss,
    CompanyHire,
    CompanyModifier,
    CompanyRecover,
    CompanyReinforce,
)
from campaign.core.errors import ImpossibleInput
from campaign.core.handles import check_handle
from campaign.core.i18n import N_
from campaign.rules.morale import RATING_MAX, RATING_MIN, company_rating, troop_morale

RULESET = "ose-morale/1"
# A count refused, by what it counts (Company.check_count), and what must happen first when
# nothing can be counted yet
_COUNTED = {
    "size": N_("a company has at least one member"),
    "casualties": N_("{n} casualties: {who} has {most} members fit to fight"),
    "recovered": N_("{n} to recover: {who} has {most} incapacitated"),
    "reinforcements": N_("{n} reinforcements: they are at least one member"),
}
_FIRST = {
    "casualties": N_("a member fit again first (company recover {who} N, or reinforce)"),
    "recovered": N_("a member incapacitated first (casualty E H N --incapacitated)"),
}


class MercenaryCompany(LedgerAggregate):
    """Hired troops: morale by troop type, never by the hiring character's CHA (seed 000)."""

    class Event(LedgerAggregate.Event):
        """Every company event. Declared here, before them, so that the library has none of
        them to redefine under the aggregate's own base event (start-up, docs/PERFORMANCE.md)."""

    class Judged(Event):
        """An event a rule decided: the rules' answer, the GM's ruling beside it, the note."""

        _: KW_ONLY
        rules_say: Any
        ruled: Any  # the state follows it (docs/rules.md#d-0)
        note: str | None
        ruleset: str = RULESET

    class CompanyHired(Judged, LedgerAggregate.Created):  # rules_say: table; ruled: base morale
        handle: str
        troop: str
        size: int
        mounted: bool
        elite: bool
        fanatic: bool
        name: str | None
        morale: int | None  # the GM's explicit base, if given
        table_morale: int
        base_differs: bool  # MOR006

    class WorkingConditionsModified(Judged):  # rules_say: the company's rating after
        value: int
        reason: str
        base_morale: int
        modifier_sum: int  # after this one

    class CompanyCasualtyRecorded(Event):
        n: int
        incapacitated: bool
        cause: str | None
        encounter: str | None  # the encounter it happened in, if any
        note: str | None

    class MembersRecovered(Event):
        n: int
        note: str | None

    class MembersReinforced(Event):
        n: int
        note: str | None

    class CompanyDismissed(Event):
        note: str | None

    @staticmethod
    def create_id(handle: str) -> UUID:
        return aggregate_id("company", handle)

    @classmethod
    def hire(cls, command: CompanyHire) -> MercenaryCompany:
        """``company hire``: judged by the troop table before anything is recorded."""
        judged = cls.check_hire(command)
        return cls._create(
            cls.CompanyHired,
            handle=check_handle(command.handle, field="company"),
            troop=command.troop,
            size=command.size,
            mounted=command.mounted,
            elite=command.elite,
            fanatic=command.fanatic,
            name=command.name,
            morale=command.morale,
            note=command.note,
            **judged,
        )

    @classmethod
    def check_hire(cls, command: CompanyHire) -> dict[str, Any]:
        """The troop table's rating beside the GM's base (seed 000, "Moral des mercenaires")."""
        table = troop_morale(
            command.troop, mounted=command.mounted, elite=command.elite, fanatic=command.fanatic
        )
        cls.check_count(command.size, "size", "size")
        morale = command.morale
        if morale is not None and not RATING_MIN <= morale <= RATING_MAX:
            raise ImpossibleInput(
                N_(
                    "{morale} is not a company's base morale: an explicit base is rated "
                    "{lowest}–{highest}, as the troop table's are (working-conditions "
                    "modifiers may take the rating beyond it: company modifier H ±N)"
                ),
                field="morale",
                value=morale,
                expected="{lowest}–{highest}",
                values={"morale": morale, "lowest": RATING_MIN, "highest": RATING_MAX},
            )
        base = table if morale is None else morale
        return {
            "table_morale": table,
            "base_differs": base != table,
            "rules_say": table,
            "ruled": base,
        }

    @event(CompanyHired)
    def __init__(
        self,
        handle: str,
        troop: str,
        size: int,
        mounted: bool = False,
        elite: bool = False,
        fanatic: bool = False,
        name: str | None = None,
        morale: int | None = None,
        note: str | None = None,
    ) -> None:
        self.handle = handle
        self.name = name
        self.troop = troop
        self.mounted = mounted
        self.elite = elite
        self.fanatic = fanatic
        self.size = size  # everyone ever in it: hired and reinforcements
        self._explicit_morale = morale
        self._modifier_sum = 0
        self._killed = 0
        self._incapacitated = 0
        self._in_service = True

    # --- queries ---------------------------------------------------------------------------------

    @property
    def table_morale(self) -> int:
        """Troop type + qualities (seed 000, "Moral des mercenaires"; never the hiring CHA)."""
        return troop_morale(
            self.troop, mounted=self.mounted, elite=self.elite, fanatic=self.fanatic
        )

    @property
    def base_morale(self) -> int:
        """The GM's explicit base when given (a ruling, MOR006), else the table."""
        return self.table_morale if self._explicit_morale is None else self._explicit_morale

    @property
    def modifier_sum(self) -> int:
        return self._modifier_sum

    @property
    def morale(self) -> int:
        """Base + working-conditions modifiers, unbounded (docs/rules.md#d-4)."""
        return company_rating(self.base_morale, [self._modifier_sum])

    @property
    def killed(self) -> int:
        return self._killed

    @property
    def incapacitated(self) -> int:
        return self._incapacitated

    @property
    def fit(self) -> int:
        """Members fit to fight: a company joins an encounter with these (docs/rules.md#d-4)."""
        return self.size - self._killed - self._incapacitated

    @property
    def in_service(self) -> bool:
        return self._in_service

    # --- checks: impossible input is refused before anything is recorded (docs/rules.md#d-0) ----

    def check_in_service(self) -> None:
        if not self._in_service:
            raise ImpossibleInput(
                N_("company {who} has been dismissed"),
                field="company",
                value=self.handle,
                expected=N_("a company in service"),
                values={"who": self.handle},
            )

    @staticmethod
    def check_count(
        n: int, field: str, what: str, most: int | None = None, handle: str | None = None
    ) -> None:
        """``n`` (``what`` of :data:`_COUNTED`, of the company ``handle``) is at least 1 and at
        most ``most``; where ``most`` is 0, nothing can be counted until what :data:`_FIRST`
        says happens, and the message says so rather than "expected none"."""
        values = {"n": n, "most": most, "who": handle}
        if most == 0 and what in _FIRST:
            raise ImpossibleInput(
                _COUNTED[what], field=field, value=n, expected=_FIRST[what], values=values
            )
        if n < 1 or (most is not None and n > most):
            expected = "≥ 1" if most is None else "1–{most}"
            raise ImpossibleInput(
                _COUNTED[what], field=field, value=n, expected=expected, values=values
            )

    # --- commands --------------------------------------------------------------------------------

    def modify(self, command: CompanyModifier) -> None:
        """A working-conditions modifier: the GM's discretion, unbounded (seed 000,
        docs/rules.md#d-4)."""
        self.check_in_service()
        value = command.value
        check_reason(command.reason, "working conditions", self.handle)
        before = company_rating(self.base_morale, [self._modifier_sum])
        rating = check_total(before, value, "value", "morale", self.handle)
        total = self._modifier_sum + value
        self._modify(
            value, command.reason, self.base_morale, total, rules_say=rating, ruled=rating,
            note=command.note,
        )  # fmt: skip

    def record_casualty(self, command: Casualty, *, encounter: str | None = None) -> None:
        """N of its members killed or incapacitated (in ``encounter``: its handle); at most the
        members fit to fight."""
        self.check_in_service()
        n = command.n
        self.check_count(n, "count", "casualties", most=self.fit, handle=self.handle)
        self._casualty(n, command.incapacitated, command.cause, encounter, command.note)

    def recover(self, command: CompanyRecover) -> None:
        """N incapacitated members are fit again."""
        self.check_in_service()
        n = command.n
        self.check_count(n, "count", "recovered", most=self._incapacitated, handle=self.handle)
        self._recover(n, command.note)

    def reinforce(self, command: CompanyReinforce) -> None:
        """N new members join (they do not join a fight already under way, docs/rules.md#d-4)."""
        self.check_in_service()
        n = command.n
        self.check_count(n, "count", "reinforcements")
        check_total(self.size, n, "count", "size", self.handle)
        self._reinforce(n, command.note)

    def dismiss(self, command: CompanyDismiss) -> None:
        """The company leaves service; nothing more can happen to it."""
        self.check_in_service()
        self._dismiss(command.note)

    # --- events: each body is the mutation -------------------------------------------------------

    @event(WorkingConditionsModified)
    def _modify(self, value, reason, base_morale, modifier_sum, rules_say, ruled, note) -> None:
        self._modifier_sum += value

    @event(CompanyCasualtyRecorded)
    def _casualty(self, n, incapacitated, cause, encounter, note) -> None:
        if incapacitated:
            self._incapacitated += n
        else:
            self._killed += n

    @event(MembersRecovered)
    def _recover(self, n, note) -> None:
        self._incapacitated -= n

    @event(MembersReinforced)
    def _reinforce(self, n, note) -> None:
        self.size += n

    @event(CompanyDismissed)
    def _dismiss(self, note) -> None:
        self._in_service = False
