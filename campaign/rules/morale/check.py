"""One morale test (seed 000, "Test de moral"): the values a test speaks in, a rating and its
adjustments, what the rules say of one roll, and the ruling given when the GM gives none
(docs/rules.md#monster-morale, #d-1, #d-3)."""

from __future__ import annotations

from dataclasses import dataclass

from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_
from campaign.rules.citation import Citation
from campaign.rules.dice import Roll
from campaign.rules.morale.citations import ADJUSTMENTS, DOUBLE_SUCCESS, SCORE_2, SCORE_12, TEST

# --- values (docs/rules.md#d-10: lowercase kebab-case English) -----------------------------------

FIGHT, FLEE, SURRENDER = "fight", "flee", "surrender"
RULINGS = (FIGHT, FLEE, SURRENDER)

FIGHTING = "fighting"
FLED = "fled"
SURRENDERED = "surrendered"
FIGHTS_TO_DEATH = "fights-to-death"
WILL_NOT_FIGHT = "will-not-fight"
OUT = "out"
LEFT = "left"  # a company dismissed during the encounter (docs/log-language.md#companies)
STATUSES = (FIGHTING, FLED, SURRENDERED, FIGHTS_TO_DEATH, WILL_NOT_FIGHT, OUT, LEFT)

FIRST_DEATH = "first-death"
HALF_OUT = "half-out"

RATING_MIN, RATING_MAX = 2, 12  # "Score de moral": « un score de moral compris entre 2 et 12 »
SUCCESSES_TO_FIGHT_TO_DEATH = 2  # "Double succès"


def check_monster_rating(rating: int, *, field: str = "morale") -> int:
    """A stat-block rating is 2–12 (seed 000, "Score de moral"); anything else cannot happen."""
    if not RATING_MIN <= rating <= RATING_MAX:
        raise ImpossibleInput(
            N_("{rating} is not a morale rating: monsters are rated 2–12"),
            field=field,
            value=rating,
            expected="2–12",
            values={"rating": rating},
        )
    return rating


def never_tests(rating: int) -> bool:
    """Ratings of 2 or less and 12 or more never test (seed 000, "Score de moral" 2 and 12;
    docs/rules.md#d-1).

    Company ratings can leave 2–12 through working-conditions modifiers (docs/rules.md#d-4): the
    same rule holds.
    """
    return rating <= RATING_MIN or rating >= RATING_MAX


def effective_morale(rating: int, adjustment: int) -> int:
    """Rating + the raw adjustment sum, unclamped; the rating alone at ≤ 2 or ≥ 12.

    Seed 000, "Ajustements au moral" and "Valeur de 2 ou 12"; docs/rules.md#d-1 (no clamping).
    """
    return rating if never_tests(rating) else rating + adjustment


ADJUSTMENT_MIN, ADJUSTMENT_MAX = -2, 2  # "dans une fourchette de +2 à –2"


def adjustment_within_range(total: int) -> bool:
    """Whether a group's situational adjustments sum within −2…+2 (seed 000, "Ajustements au
    moral"). Beyond is recorded and used as ruled, never clamped (docs/rules.md#d-1, #d-3):
    MOR005."""
    return ADJUSTMENT_MIN <= total <= ADJUSTMENT_MAX


def allowed_adjustment(total: int) -> int:
    """The nearest sum the seed's range allows: what the rules would have used (MOR005's
    ``rules_say``, docs/audit.md#rules_say-and-ruled)."""
    return max(ADJUSTMENT_MIN, min(ADJUSTMENT_MAX, total))


def rating_status(rating: int) -> str:
    """The status a group starts with: ≤ 2 will not fight, ≥ 12 fights to the death
    (docs/rules.md#d-1)."""
    if rating <= RATING_MIN:
        return WILL_NOT_FIGHT
    if rating >= RATING_MAX:
        return FIGHTS_TO_DEATH
    return FIGHTING


# --- one morale test ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MoraleTest:
    """What the rules say about one morale test.

    ``tests`` is false where no test applies (≤ 2, ≥ 12, after two successes); ``outcome`` is
    ``fight``, ``flee``, ``will-not-fight``, ``fights-to-death``, or ``None`` when a roll is needed
    and none was given. ``successes_after`` counts a pass as a success (seed 000, "Double succès").
    """

    rating: int
    adjustment: int
    effective: int
    tests: bool
    roll: Roll | None
    outcome: str | None
    successes_before: int
    successes_after: int
    cornered: bool
    cites: tuple[Citation, ...]

    @property
    def flag(self) -> str | None:
        """Adjustments summing beyond −2…+2 are used as given, and flagged (MOR005;
        docs/rules.md#d-3)."""
        if not self.tests or adjustment_within_range(self.adjustment):
            return None
        return (
            f"an adjustment of {self.adjustment:+d} is beyond {ADJUSTMENT_MIN}…+{ADJUSTMENT_MAX},"
            " used as given (docs/rules.md#d-3; the audit's MOR005)"
        )

    @property
    def passed(self) -> bool | None:
        """True on a pass, False on a failure, None where nothing was rolled."""
        if not self.tests or self.roll is None:
            return None
        return self.outcome == FIGHT

    @property
    def roll_without_test(self) -> bool:
        """A roll given where no test applies (the audit's MOR003)."""
        return self.roll is not None and not self.tests

    def given_without_test(self, *, ruling_given: bool) -> bool:
        """A roll or a ruling given where no test applies (the audit's MOR003): a rating ≤ 2,
        ≥ 12, or after two successes. A cornered group rated ≤ 2 is the exception: whether it
        fights is the referee's call (seed 000, "à moins d’y être acculé";
        docs/rules.md#where-seed-000-leaves-a-case-open)."""
        if self.tests or (self.cornered and self.rating <= RATING_MIN):
            return False
        return self.roll is not None or ruling_given

    @property
    def default_ruling(self) -> str | None:
        """The ruling recorded when the GM gives none (docs/log-language.md#morale: flee on a
        failure or at ≤ 2)."""
        return DEFAULT_RULING.get(self.outcome or "")

    def contradicted_by(self, ruling: str) -> bool:
        """Whether a ruling contradicts the rules' outcome (the audit's MOR001).

        ``fight`` on a failure or at ≤ 2 without ``--cornered``; ``flee``/``surrender`` on a pass
        or at ≥ 12. A cornered group may be ruled either way (the seed's "à moins d’y être
        acculé" is the referee's call). No outcome (no roll) contradicts nothing.
        """
        if ruling not in RULINGS:
            raise ImpossibleInput(
                N_("{value} is not a morale ruling"),
                field="ruling",
                expected="{rulings}",
                values={"value": repr(ruling), "rulings": ", ".join(RULINGS)},
            )
        if self.cornered and self.rating <= RATING_MIN:
            return False
        if self.outcome in (FLEE, WILL_NOT_FIGHT):
            return ruling == FIGHT
        if self.outcome in (FIGHT, FIGHTS_TO_DEATH):
            return ruling != FIGHT
        return False


# Each outcome's ruling when the GM gives none (docs/log-language.md#morale).
DEFAULT_RULING = {FIGHT: FIGHT, FLEE: FLEE, WILL_NOT_FIGHT: FLEE, FIGHTS_TO_DEATH: FIGHT}


def ruled_as_the_rules_say(outcome: object, ruling: object) -> bool:
    """Whether a test's ruling is the one its outcome gives by default: ``fight`` for a group
    that fights to the death, ``flee`` for one that will not fight — no departure from the
    rules, though the words differ (what a history or a recap lays out)."""
    return ruling == outcome or (isinstance(outcome, str) and DEFAULT_RULING.get(outcome) == ruling)


def morale_test(
    rating: int,
    *,
    adjustment: int = 0,
    roll: Roll | None = None,
    successes: int = 0,
    cornered: bool = False,
) -> MoraleTest:
    """Judge a morale test: seed 000, "Test de moral", "Double succès", "Score de moral" 2 / 12.

    2d6 ≤ effective morale keeps fighting; above it the group gives way. Ratings ≤ 2 never test
    (they fight, still without a roll, only when cornered); ratings ≥ 12 and groups with two
    successes fight to the death without a roll. ``roll`` is the 2d6 (entered or rolled).
    """
    if successes < 0:
        raise ImpossibleInput(
            N_("{successes} successes: a count cannot be negative"),
            field="successes",
            expected="≥ 0",
            values={"successes": successes},
        )
    effective = effective_morale(rating, adjustment)
    common = {
        "rating": rating,
        "adjustment": adjustment,
        "effective": effective,
        "roll": roll,
        "successes_before": successes,
        "successes_after": successes,
        "cornered": cornered,
    }
    if rating <= RATING_MIN:
        outcome = FIGHT if cornered else WILL_NOT_FIGHT
        return MoraleTest(tests=False, outcome=outcome, cites=(SCORE_2,), **common)
    if rating >= RATING_MAX:
        return MoraleTest(tests=False, outcome=FIGHTS_TO_DEATH, cites=(SCORE_12,), **common)
    if successes >= SUCCESSES_TO_FIGHT_TO_DEATH:
        return MoraleTest(tests=False, outcome=FIGHTS_TO_DEATH, cites=(DOUBLE_SUCCESS,), **common)
    cites = (TEST, ADJUSTMENTS) if adjustment else (TEST,)
    if roll is None:
        return MoraleTest(tests=True, outcome=None, cites=cites, **common)
    passed = roll.total <= effective
    if passed:
        common["successes_after"] = successes + 1
        if successes + 1 >= SUCCESSES_TO_FIGHT_TO_DEATH:
            cites = (*cites, DOUBLE_SUCCESS)
    return MoraleTest(tests=True, outcome=FIGHT if passed else FLEE, cites=cites, **common)
