"""A retainer's loyalty: the employer's CHA table, the hiring reaction and the loyalty check
(seed 000, "Moral des suivants" → OSE Retainers; docs/rules.md#retainers-and-loyalty, #d-5)."""

from __future__ import annotations

from dataclasses import dataclass

from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_
from campaign.rules.citation import Citation
from campaign.rules.dice import Roll
from campaign.rules.morale.check import FLEE
from campaign.rules.morale.citations import RETAINERS


@dataclass(frozen=True, slots=True)
class ChaRow:
    low: int
    high: int
    loyalty: int
    max_retainers: int
    reaction_mod: int


# OSE Ability Scores, Charisma: CHA → retainer loyalty, max retainers, NPC reactions
# (docs/rules.md#retainers-and-loyalty).
CHA_TABLE: tuple[ChaRow, ...] = (
    ChaRow(3, 3, 4, 1, -2),
    ChaRow(4, 5, 5, 2, -1),
    ChaRow(6, 8, 6, 3, -1),
    ChaRow(9, 12, 7, 4, 0),
    ChaRow(13, 15, 8, 5, 1),
    ChaRow(16, 17, 9, 6, 1),
    ChaRow(18, 18, 10, 7, 2),
)

# OSE Retainers, hiring reaction bands (2d6 + modifiers): docs/rules.md#retainers-and-loyalty.
ILL_WILL, REFUSED, ROLL_AGAIN, ACCEPTED, ACCEPTED_LOYAL = (
    "ill-will",
    "refused",
    "roll-again",
    "accepted",
    "accepted-loyal",
)
HIRING_BANDS: tuple[tuple[int, str], ...] = (
    (2, ILL_WILL),
    (5, REFUSED),
    (8, ROLL_AGAIN),
    (11, ACCEPTED),
)
HIRING_LOYALTY_BONUS_AT = 12  # "12 or more: accepted, +1 loyalty"


def cha_row(cha: int) -> ChaRow:
    """The employer's row of the CHA table; CHA is 3–18."""
    for row in CHA_TABLE:
        if row.low <= cha <= row.high:
            return row
    raise ImpossibleInput(
        N_("CHA {cha}: an ability score is 3–18"),
        field="cha",
        value=cha,
        expected="3–18",
        values={"cha": cha},
    )


@dataclass(frozen=True, slots=True)
class HiringReaction:
    raw: int
    modifier: int
    total: int
    band: str


def hiring_reaction(raw: int, cha: int, *, reaction_mod: int = 0) -> HiringReaction:
    """The hiring reaction: raw 2d6 + CHA's NPC-reaction modifier + other modifiers
    (docs/rules.md#retainers-and-loyalty)."""
    modifier = cha_row(cha).reaction_mod + reaction_mod
    total = raw + modifier
    band = next((name for top, name in HIRING_BANDS if total <= top), ACCEPTED_LOYAL)
    return HiringReaction(raw, modifier, total, band)


@dataclass(frozen=True, slots=True)
class RetainerLoyalty:
    table_loyalty: int
    reaction: HiringReaction | None
    bonus: int
    loyalty: int
    cites: tuple[Citation, ...] = (RETAINERS,)


def retainer_loyalty(
    cha: int, *, hiring_roll: Roll | None = None, reaction_mod: int = 0
) -> RetainerLoyalty:
    """Loyalty from the employer's CHA, +1 when the hiring reaction is 12 or more
    (docs/rules.md#d-5)."""
    table = cha_row(cha).loyalty
    reaction = (
        hiring_reaction(hiring_roll.total, cha, reaction_mod=reaction_mod) if hiring_roll else None
    )
    bonus = 1 if reaction and reaction.total >= HIRING_LOYALTY_BONUS_AT else 0
    return RetainerLoyalty(table, reaction, bonus, table + bonus)


STAY, QUIT = "stay", "quit"
PERIL, AFTER_ADVENTURE = "peril", "after-adventure"
LOYALTY_RULINGS = (STAY, FLEE, QUIT)
OCCASIONS = {PERIL: FLEE, AFTER_ADVENTURE: QUIT}  # what a failure means (docs/rules.md#d-5)


@dataclass(frozen=True, slots=True)
class LoyaltyTest:
    loyalty: int
    occasion: str
    roll: Roll | None
    outcome: str | None  # stay, flee, quit; None without a roll
    cites: tuple[Citation, ...] = (RETAINERS,)

    @property
    def default_ruling(self) -> str | None:
        return self.outcome

    def contradicted_by(self, ruling: str) -> bool:
        """A ruling that differs from the rules' outcome (the audit's LOY001)."""
        if ruling not in LOYALTY_RULINGS:
            raise ImpossibleInput(
                N_("{value} is not a loyalty ruling"),
                field="ruling",
                expected="{rulings}",
                values={"value": repr(ruling), "rulings": ", ".join(LOYALTY_RULINGS)},
            )
        return self.outcome is not None and ruling != self.outcome


def loyalty_test(loyalty: int, roll: Roll | None, *, occasion: str = PERIL) -> LoyaltyTest:
    """A retainer's loyalty check: 2d6 ≤ loyalty stays; a failure flees in peril, quits after an
    adventure (OSE Retainers, via seed 000 "Moral des suivants"; docs/rules.md#d-5), unclamped."""
    if occasion not in OCCASIONS:
        raise ImpossibleInput(
            N_("{value} is not an occasion"),
            field="occasion",
            expected="{occasions}",
            values={"value": repr(occasion), "occasions": ", ".join(OCCASIONS)},
        )
    if roll is None:
        return LoyaltyTest(loyalty, occasion, None, None)
    outcome = STAY if roll.total <= loyalty else OCCASIONS[occasion]
    return LoyaltyTest(loyalty, occasion, roll, outcome)
