"""One group's morale in one encounter: an immutable state machine of casualties, recoveries,
adjustments, tests and rulings, which an aggregate holds and the audit re-runs (seed 000, "Quand
faire un test de moral"; docs/rules.md#d-2)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_
from campaign.rules.citation import Citation
from campaign.rules.dice import Roll
from campaign.rules.morale.check import (
    FIGHT,
    FIGHTING,
    FIGHTS_TO_DEATH,
    FIRST_DEATH,
    FLED,
    FLEE,
    HALF_OUT,
    LEFT,
    OUT,
    RATING_MAX,
    RULINGS,
    SUCCESSES_TO_FIGHT_TO_DEATH,
    SURRENDERED,
    WILL_NOT_FIGHT,
    MoraleTest,
    effective_morale,
    morale_test,
    never_tests,
    rating_status,
)
from campaign.rules.morale.citations import FIRST_DEATH_RULE, HALF_OUT_RULE


@dataclass(frozen=True, slots=True)
class GroupMorale:
    """One group's morale in one encounter (each group is its own side,
    docs/rules.md#monster-morale).

    O(1) in the length of the history: counts and flags only, so snapshots stay small.
    """

    count: int
    rating: int
    killed: int = 0
    incapacitated: int = 0
    adjustment: int = 0
    successes: int = 0
    status: str = FIGHTING
    first_death_used: bool = False
    half_used: bool = False
    checks_due: tuple[str, ...] = ()
    # The status ``out`` hides (docs/log-language.md#morale: ``out`` "wins over the others"): what
    # the group is again once members recover. "" in states recorded before it was kept: the
    # rating's.
    under_out: str = ""

    @classmethod
    def start(cls, count: int, rating: int) -> GroupMorale:
        """A group entering an encounter with ``count`` members fit to fight (docs/rules.md#d-4
        for companies)."""
        if count < 1:
            raise ImpossibleInput(
                N_("a group of {count}: a group has at least one member able to fight"),
                field="count",
                value=count,
                expected="≥ 1",
                values={"count": count},
            )
        return cls(count=count, rating=rating, status=rating_status(rating))

    @property
    def out(self) -> int:
        """Killed + incapacitated (fled and surrendered members are not out, docs/rules.md#d-2)."""
        return self.killed + self.incapacitated

    @property
    def able(self) -> int:
        return self.count - self.out

    @property
    def effective(self) -> int:
        return effective_morale(self.rating, self.adjustment)

    def casualty(self, n: int = 1, *, incapacitated: bool = False) -> CasualtyOutcome:
        """Record ``n`` killed (or incapacitated) and raise the checks they make due.

        Seed 000, "Quand faire un test de moral": the first death, and half out
        (``2 × out ≥ starting count``); each once per encounter, both at once one test; only
        while fighting with members able to fight (docs/rules.md#d-2). The first death is the
        group's first killed member, spent by it even when it makes no check due (a group
        fighting to the death, or fled): a later death is not the first. A check already due
        lapses here, at the group's next casualty (docs/log-language.md#checks-due).
        """
        if n < 1 or n > self.able:
            raise ImpossibleInput(
                N_("{n} casualties: the group has {able} members able to fight"),
                field="count",
                value=n,
                expected="1–{able}" if self.able else N_("no casualty: everybody is out"),
                values={"n": n, "able": self.able},
            )
        lapsed = self.checks_due
        killed = self.killed + (0 if incapacitated else n)
        hurt = self.incapacitated + (n if incapacitated else 0)
        out = killed + hurt
        triggered: list[str] = []
        if self.status == FIGHTING and not never_tests(self.rating) and out < self.count:
            if not incapacitated and not self.first_death_used:
                triggered.append(FIRST_DEATH)
            if not self.half_used and 2 * out >= self.count:
                triggered.append(HALF_OUT)
        wiped_out = out >= self.count
        state = replace(
            self,
            killed=killed,
            incapacitated=hurt,
            status=OUT if wiped_out else self.status,
            under_out=self.status if wiped_out and self.status != OUT else self.under_out,
            first_death_used=self.first_death_used or not incapacitated,
            half_used=self.half_used or HALF_OUT in triggered,
            checks_due=tuple(triggered),
        )
        return CasualtyOutcome(state, tuple(triggered), lapsed)

    def recover(self, n: int) -> GroupMorale:
        """``n`` incapacitated members fit again (a company's ``recover`` during an encounter)."""
        if n < 1 or n > self.incapacitated:
            raise ImpossibleInput(
                N_("{n} recovered: only {hurt} members are incapacitated"),
                field="count",
                value=n,
                expected="1–{hurt}" if self.incapacitated else N_("none to recover"),
                values={"n": n, "hurt": self.incapacitated},
            )
        if self.status != OUT:
            return replace(self, incapacitated=self.incapacitated - n)
        # Back to what ``out`` hid: fled or surrendered stays so (the state follows the ruling,
        # docs/rules.md#d-0), and a fled group makes no check (docs/rules.md#d-2: only while
        # fighting).
        status = self.under_out or (
            FIGHTS_TO_DEATH
            if self.successes >= SUCCESSES_TO_FIGHT_TO_DEATH
            else rating_status(self.rating)
        )
        return replace(self, incapacitated=self.incapacitated - n, status=status, under_out="")

    def adjust(self, value: int) -> GroupMorale:
        """A situational adjustment (seed 000, "Ajustements au moral"): summed raw
        (docs/rules.md#d-1, #d-3)."""
        return replace(self, adjustment=self.adjustment + value)

    def rerated(self, rating: int) -> GroupMorale:
        """The rating changes (a leader falls, the lair, a company's working conditions).

        A status that came from the rating follows the new rating; one that came from the dice
        (fled, surrendered, two successes), from a ruling (a group rated ≤ 2 ruled to fight,
        while its rating stays ≤ 2) or from the casualties (out) stays.
        """
        status, under_out = self.status, self.under_out
        if self._follows(status, rating):
            status = rating_status(rating)
        elif status == OUT and self._follows(under_out, rating):
            under_out = rating_status(rating)
        checks_due = self.checks_due if status == FIGHTING else ()
        return replace(
            self, rating=rating, status=status, checks_due=checks_due, under_out=under_out
        )

    def _follows(self, status: str, rating: int) -> bool:
        """Whether ``status`` follows the new ``rating``: it came from the rating, not from the
        dice or a ruling. A group rated ≤ 2 that fights does so by the GM's ruling (cornered, or
        a ruled ``fight``; docs/rules.md#d-1): it keeps fighting while its rating stays ≤ 2."""
        if status == FIGHTING and rating_status(self.rating) == WILL_NOT_FIGHT:
            return rating_status(rating) != WILL_NOT_FIGHT
        return status in (FIGHTING, WILL_NOT_FIGHT) or (
            status == FIGHTS_TO_DEATH and self.successes < SUCCESSES_TO_FIGHT_TO_DEATH
        )

    def test(self, roll: Roll | None, *, cornered: bool = False) -> MoraleTest:
        """What the rules say of a test of this group now."""
        return morale_test(
            self.rating,
            adjustment=self.adjustment,
            roll=roll,
            successes=self.successes,
            cornered=cornered,
        )

    def tested(self, test: MoraleTest, ruling: str) -> GroupMorale:
        """The state after a test, following the GM's ruling (docs/rules.md#d-0: the state
        follows it).

        On a test that rolls, a ruled ``fight`` counts as a success (docs/rules.md#d-2) and two
        successes mean fighting to the death; ``flee``/``surrender`` set the status. Where no test
        applies no counter changes: a ruled ``fight`` keeps the group in (a cornered group fights),
        a ruled ``flee``/``surrender`` still sets the status. Any due check is answered.
        """
        if ruling not in RULINGS:
            raise ImpossibleInput(
                N_("{value} is not a morale ruling"),
                field="ruling",
                expected="{rulings}",
                values={"value": repr(ruling), "rulings": ", ".join(RULINGS)},
            )
        if self.status == OUT:
            return replace(self, checks_due=())
        successes = self.successes
        if ruling == FIGHT:
            if test.tests and test.roll is not None:
                successes += 1
            if successes >= SUCCESSES_TO_FIGHT_TO_DEATH or self.rating >= RATING_MAX:
                status = FIGHTS_TO_DEATH
            elif self.status in (FLED, SURRENDERED, WILL_NOT_FIGHT):
                status = FIGHTING
            else:
                status = self.status
        else:
            status = FLED if ruling == FLEE else SURRENDERED
        return replace(self, successes=successes, status=status, checks_due=())

    def ended(self) -> tuple[GroupMorale, tuple[str, ...]]:
        """The encounter ends: any due check lapses (docs/log-language.md#checks-due) and is
        returned for the audit."""
        return replace(self, checks_due=()), self.checks_due

    def left(self) -> tuple[GroupMorale, tuple[str, ...]]:
        """A dismissed company leaves the fight: it is off the board (status ``left``, nothing due
        again) and a check still due lapses, as at the encounter's end. A group already ``out``
        stays out (docs/log-language.md#morale: ``out`` "wins over the others"), having left under
        it."""
        gone, lapsed = self.ended()
        if self.status == OUT:
            return replace(gone, under_out=LEFT), lapsed
        return replace(gone, status=LEFT), lapsed

    @property
    def has_left(self) -> bool:
        """Whether the group's company was dismissed: nothing more happens to it here."""
        return LEFT in (self.status, self.under_out)


@dataclass(frozen=True, slots=True)
class CasualtyOutcome:
    """A casualty's result: the new state, the checks it made due, the checks that lapsed."""

    state: GroupMorale
    triggered: tuple[str, ...]
    lapsed: tuple[str, ...]

    @property
    def cites(self) -> tuple[Citation, ...]:
        rules = {FIRST_DEATH: FIRST_DEATH_RULE, HALF_OUT: HALF_OUT_RULE}
        return tuple(rules[t] for t in self.triggered)
