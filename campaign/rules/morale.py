"""OSE morale (optional rule), mercenary morale and retainer loyalty — seed 000, RULES Part A.

Everything here is a pure function of plain values. The per-group, per-encounter state machine
(:class:`GroupMorale`) is an immutable value: each transition returns a new state, so an
aggregate can hold it and the audit can re-run it.

Decisions in force (RULES D-1…D-5): effective morale is the rating plus the raw sum of situational
adjustments, never clamped; ratings ≤ 2 and ≥ 12 never test and ignore adjustments; the triggers
are the group's first death and ``2 × out ≥ starting count``, each once per encounter, both at
once giving one test; a ruled ``fight`` on a test that rolls counts as a success.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from campaign.core.errors import ImpossibleInput
from campaign.rules.citation import SEED_MORALE, Citation
from campaign.rules.dice import Roll

# --- the sentences of seed 000 this module implements -------------------------------------------

SCORE_2 = Citation(
    SEED_MORALE,
    "Score de moral (2)",
    "Un score de 2 signifie que le monstre ne se bat jamais (à moins d’y être acculé).",
    "A score of 2: the monster will not fight (unless cornered); no morale check is made.",
)
SCORE_12 = Citation(
    SEED_MORALE,
    "Score de moral (12)",
    "Un score de 12 indique que le monstre se bat jusqu’à la mort.",
    "A score of 12: the monster fights to the death, never checking morale.",
)
TEST = Citation(
    SEED_MORALE,
    "Test de moral",
    "Jet inférieur ou égal au moral : Le monstre continue de se battre. Jet supérieur au moral : "
    "Le monstre se rend ou essaie de s’enfuir.",
    "Roll 2d6: at most the morale, the monster fights on; above it, it surrenders or flees.",
)
DOUBLE_SUCCESS = Citation(
    SEED_MORALE,
    "Double succès",
    "Si le monstre réussit deux tests de moral au cours d’une rencontre, il se bat jusqu’à la "
    "mort sans que d’autres jets de moral soient nécessaires.",
    "Two successful checks in an encounter: it fights to the death, with no further checks.",
)
FIRST_DEATH_RULE = Citation(
    SEED_MORALE,
    "Premier mort de leur côté",
    "La première fois qu'un des leurs est tué au combat.",
    "A check the first time one of their number is killed.",
)
HALF_OUT_RULE = Citation(
    SEED_MORALE,
    "La moitié hors combat",
    "Lorsque la moitié des monstres a été tuée ou ne peut plus se battre.",
    "A check when half of them are killed or can no longer fight (2 × out ≥ starting count).",
)
ADJUSTMENTS = Citation(
    SEED_MORALE,
    "Ajustements au moral",
    "Selon les circonstances, l’arbitre peut attribuer des bonus ou des malus au moral, dans une "
    "fourchette de +2 à –2.",
    "The referee may adjust morale by −2…+2 for the situation (the sum is not clamped, D-1).",
)
ADJUSTMENTS_2_12 = Citation(
    SEED_MORALE,
    "Valeur de 2 ou 12",
    "Les ajustements ne concernent jamais les monstres ayant un moral de 2 ou 12.",
    "Adjustments never apply to monsters with a morale of 2 or 12.",
)
MERCENARIES = Citation(
    SEED_MORALE,
    "Moral des mercenaires",
    "Celui-ci est déterminé uniquement par le type de la troupe (voir ci-dessous). Le CHA du "
    "personnage d'embauche n'a aucune influence sur celui-ci.",
    "A company's morale comes solely from its troop type; the hiring character's CHA never "
    "enters. The referee may modify it for working conditions.",
)
RETAINERS = Citation(
    SEED_MORALE,
    "Moral des suivants",
    "Ils n’effectuent pas de tests de moral en combat, mais un test de loyauté peut être requis "
    "face à des périls extraordinaires (voir Suivants).",
    "Retainers never check morale; they check loyalty (2d6 ≤ loyalty), whose rating comes from "
    "the employer's CHA (OSE Retainers), +1 on a hiring reaction of 12 or more.",
)

# --- values (RULES D-10: lowercase kebab-case English) -------------------------------------------

FIGHT, FLEE, SURRENDER = "fight", "flee", "surrender"
RULINGS = (FIGHT, FLEE, SURRENDER)

FIGHTING = "fighting"
FLED = "fled"
SURRENDERED = "surrendered"
FIGHTS_TO_DEATH = "fights-to-death"
WILL_NOT_FIGHT = "will-not-fight"
OUT = "out"
LEFT = "left"  # a company dismissed during the encounter (SPEC §4 "company dismiss")
STATUSES = (FIGHTING, FLED, SURRENDERED, FIGHTS_TO_DEATH, WILL_NOT_FIGHT, OUT, LEFT)

FIRST_DEATH = "first-death"
HALF_OUT = "half-out"

RATING_MIN, RATING_MAX = 2, 12  # "Score de moral": « un score de moral compris entre 2 et 12 »
SUCCESSES_TO_FIGHT_TO_DEATH = 2  # "Double succès"


def check_monster_rating(rating: int, *, field: str = "morale") -> int:
    """A stat-block rating is 2–12 (seed 000, "Score de moral"); anything else cannot happen."""
    if not RATING_MIN <= rating <= RATING_MAX:
        raise ImpossibleInput(
            f"{rating} is not a morale rating: monsters are rated 2–12",
            field=field,
            value=rating,
            expected="2–12",
        )
    return rating


def never_tests(rating: int) -> bool:
    """Ratings of 2 or less and 12 or more never test (seed 000, "Score de moral" 2 and 12; D-1).

    Company ratings can leave 2–12 through working-conditions modifiers (D-4): the same rule holds.
    """
    return rating <= RATING_MIN or rating >= RATING_MAX


def effective_morale(rating: int, adjustment: int) -> int:
    """Rating + the raw adjustment sum, unclamped; the rating alone at ≤ 2 or ≥ 12.

    Seed 000, "Ajustements au moral" and "Valeur de 2 ou 12"; RULES D-1 / A-1 (no clamping).
    """
    return rating if never_tests(rating) else rating + adjustment


ADJUSTMENT_MIN, ADJUSTMENT_MAX = -2, 2  # "dans une fourchette de +2 à –2"


def adjustment_within_range(total: int) -> bool:
    """Whether a group's situational adjustments sum within −2…+2 (seed 000, "Ajustements au
    moral"). Beyond is recorded and used as ruled, never clamped (RULES D-1, D-3): MOR005."""
    return ADJUSTMENT_MIN <= total <= ADJUSTMENT_MAX


def allowed_adjustment(total: int) -> int:
    """The nearest sum the seed's range allows: what the rules would have used (A-12)."""
    return max(ADJUSTMENT_MIN, min(ADJUSTMENT_MAX, total))


def rating_status(rating: int) -> str:
    """The status a group starts with: ≤ 2 will not fight, ≥ 12 fights to the death (D-1)."""
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
        """RULES D-3: adjustments summing beyond −2…+2 are used as given, and flagged (MOR005)."""
        if not self.tests or adjustment_within_range(self.adjustment):
            return None
        return (
            f"an adjustment of {self.adjustment:+d} is beyond {ADJUSTMENT_MIN}…+{ADJUSTMENT_MAX},"
            " used as given (RULES D-3; the audit's MOR005)"
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
        fights is the referee's call (seed 000, "à moins d’y être acculé"; RULES A-2)."""
        if self.tests or (self.cornered and self.rating <= RATING_MIN):
            return False
        return self.roll is not None or ruling_given

    @property
    def default_ruling(self) -> str | None:
        """The ruling recorded when the GM gives none (SPEC §4: flee on a failure or at ≤ 2)."""
        return DEFAULT_RULING.get(self.outcome or "")

    def contradicted_by(self, ruling: str) -> bool:
        """Whether a ruling contradicts the rules' outcome (the audit's MOR001).

        ``fight`` on a failure or at ≤ 2 without ``--cornered``; ``flee``/``surrender`` on a pass
        or at ≥ 12. A cornered group may be ruled either way (the seed's "à moins d’y être
        acculé" is the referee's call). No outcome (no roll) contradicts nothing.
        """
        if ruling not in RULINGS:
            raise ImpossibleInput(
                f"{ruling!r} is not a morale ruling", field="ruling", expected=", ".join(RULINGS)
            )
        if self.cornered and self.rating <= RATING_MIN:
            return False
        if self.outcome in (FLEE, WILL_NOT_FIGHT):
            return ruling == FIGHT
        if self.outcome in (FIGHT, FIGHTS_TO_DEATH):
            return ruling != FIGHT
        return False


# SPEC §4, "Default ruling": each outcome's ruling when the GM gives none.
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
            f"{successes} successes: a count cannot be negative", field="successes", expected="≥ 0"
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


# --- the per-group, per-encounter state machine -------------------------------------------------


@dataclass(frozen=True, slots=True)
class GroupMorale:
    """One group's morale in one encounter (each group is its own side, RULES D-2).

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
    # The status ``out`` hides (SPEC §4: "``out`` wins over the others"): what the group is
    # again once members recover. "" in states recorded before it was kept: the rating's.
    under_out: str = ""

    @classmethod
    def start(cls, count: int, rating: int) -> GroupMorale:
        """A group entering an encounter with ``count`` members fit to fight (D-4 for companies)."""
        if count < 1:
            raise ImpossibleInput(
                f"a group of {count}: a group has at least one member able to fight",
                field="count",
                value=count,
                expected="≥ 1",
            )
        return cls(count=count, rating=rating, status=rating_status(rating))

    @property
    def out(self) -> int:
        """Killed + incapacitated (fled and surrendered members are not out, RULES A-7)."""
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
        (``2 × out ≥ starting count``, RULES A-4); each once per encounter, both at once one
        test (A-6); only while fighting with members able to fight (D-2). The first death is
        the group's first killed member (SPEC §4), spent by it even when it makes no check due
        (a group fighting to the death, or fled): a later death is not the first. A check
        already due lapses here (SPEC §4: "at the group's next casualty").
        """
        if n < 1 or n > self.able:
            raise ImpossibleInput(
                f"{n} casualties: the group has {self.able} members able to fight",
                field="count",
                value=n,
                expected=f"1–{self.able}" if self.able else "no casualty: everybody is out",
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
                f"{n} recovered: only {self.incapacitated} members are incapacitated",
                field="count",
                value=n,
                expected=f"1–{self.incapacitated}" if self.incapacitated else "none to recover",
            )
        if self.status != OUT:
            return replace(self, incapacitated=self.incapacitated - n)
        # Back to what ``out`` hid: fled or surrendered stays so (the state follows the ruling,
        # SPEC §4), and a fled group makes no check (D-2: only while fighting).
        status = self.under_out or (
            FIGHTS_TO_DEATH
            if self.successes >= SUCCESSES_TO_FIGHT_TO_DEATH
            else rating_status(self.rating)
        )
        return replace(self, incapacitated=self.incapacitated - n, status=status, under_out="")

    def adjust(self, value: int) -> GroupMorale:
        """A situational adjustment (seed 000, "Ajustements au moral"): summed raw (D-1, D-3)."""
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
        a ruled ``fight``; D-1): it keeps fighting while its rating stays ≤ 2."""
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
        """The state after a test, following the GM's ruling (SPEC §2: the state follows it).

        On a test that rolls, a ruled ``fight`` counts as a success (D-2) and two successes mean
        fighting to the death; ``flee``/``surrender`` set the status. Where no test applies no
        counter changes: a ruled ``fight`` keeps the group in (a cornered group fights), a ruled
        ``flee``/``surrender`` still sets the status. Any due check is answered.
        """
        if ruling not in RULINGS:
            raise ImpossibleInput(
                f"{ruling!r} is not a morale ruling", field="ruling", expected=", ".join(RULINGS)
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
        """The encounter ends: any due check lapses (SPEC §4) and is returned for the audit."""
        return replace(self, checks_due=()), self.checks_due

    def left(self) -> tuple[GroupMorale, tuple[str, ...]]:
        """A dismissed company leaves the fight: it is off the board (status ``left``, nothing
        due again) and a check still due lapses, as at the encounter's end. A group already
        ``out`` stays out (SPEC §4: "``out`` wins over the others"), having left under it."""
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


# --- mercenaries (seed 000, "Moral des mercenaires"; RULES A.4, D-4) ----------------------------


@dataclass(frozen=True, slots=True)
class TroopRow:
    key: str
    name_fr: str
    name_en: str
    morale: int


# Seed 000, table "Moral des mercenaires" — base by troop type.
TROOP_TYPES: dict[str, TroopRow] = {
    row.key: row
    for row in (
        TroopRow("militia", "Non entraînés, milice", "Untrained, militia", 6),
        TroopRow("barbarian", "Horde barbare", "Barbarian horde", 7),
        TroopRow("trained", "Guerriers entraînés", "Trained warriors", 8),
    )
}

# Seed 000, table "Moral des mercenaires" — additive qualities.
TROOP_QUALITIES: dict[str, TroopRow] = {
    row.key: row
    for row in (
        TroopRow("mounted", "Montés", "Mounted", 1),
        TroopRow("elite", "Troupes d’élite", "Elite", 1),
        TroopRow("fanatic", "Fanatiques, berserkers", "Fanatics, berserkers", 2),
    )
}


def troop_morale(
    troop: str, *, mounted: bool = False, elite: bool = False, fanatic: bool = False
) -> int:
    """A company's table morale: troop type + qualities, additive; the hiring CHA never enters.

    Seed 000, "Moral des mercenaires": "déterminé uniquement par le type de la troupe".
    """
    row = TROOP_TYPES.get(troop)
    if row is None:
        raise ImpossibleInput(
            f"{troop!r} is not a troop type",
            field="troop",
            value=troop,
            expected=", ".join(TROOP_TYPES),
        )
    chosen = {"mounted": mounted, "elite": elite, "fanatic": fanatic}
    return row.morale + sum(TROOP_QUALITIES[k].morale for k, on in chosen.items() if on)


def company_rating(base: int, modifiers: tuple[int, ...] | list[int] = ()) -> int:
    """Table (or the GM's explicit base) + working-conditions modifiers, unbounded (D-4, A-13).

    Seed 000, "Moral des mercenaires", "Modificateurs": "à la discrétion de l'arbitre".
    """
    return base + sum(modifiers)


# --- retainers (seed 000, "Moral des suivants" → OSE Retainers; RULES A.5, D-5) -----------------


@dataclass(frozen=True, slots=True)
class ChaRow:
    low: int
    high: int
    loyalty: int
    max_retainers: int
    reaction_mod: int


# OSE Ability Scores, Charisma: CHA → retainer loyalty, max retainers, NPC reactions (RULES A.5).
CHA_TABLE: tuple[ChaRow, ...] = (
    ChaRow(3, 3, 4, 1, -2),
    ChaRow(4, 5, 5, 2, -1),
    ChaRow(6, 8, 6, 3, -1),
    ChaRow(9, 12, 7, 4, 0),
    ChaRow(13, 15, 8, 5, 1),
    ChaRow(16, 17, 9, 6, 1),
    ChaRow(18, 18, 10, 7, 2),
)

# OSE Retainers, hiring reaction bands (2d6 + modifiers): RULES A.5.
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
        f"CHA {cha}: an ability score is 3–18", field="cha", value=cha, expected="3–18"
    )


@dataclass(frozen=True, slots=True)
class HiringReaction:
    raw: int
    modifier: int
    total: int
    band: str


def hiring_reaction(raw: int, cha: int, *, reaction_mod: int = 0) -> HiringReaction:
    """The hiring reaction: raw 2d6 + CHA's NPC-reaction modifier + other modifiers (RULES A.5)."""
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
    """Loyalty from the employer's CHA, +1 when the hiring reaction is 12 or more (RULES D-5)."""
    table = cha_row(cha).loyalty
    reaction = (
        hiring_reaction(hiring_roll.total, cha, reaction_mod=reaction_mod) if hiring_roll else None
    )
    bonus = 1 if reaction and reaction.total >= HIRING_LOYALTY_BONUS_AT else 0
    return RetainerLoyalty(table, reaction, bonus, table + bonus)


STAY, QUIT = "stay", "quit"
PERIL, AFTER_ADVENTURE = "peril", "after-adventure"
LOYALTY_RULINGS = (STAY, FLEE, QUIT)
OCCASIONS = {PERIL: FLEE, AFTER_ADVENTURE: QUIT}  # what a failure means (RULES D-5)


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
                f"{ruling!r} is not a loyalty ruling",
                field="ruling",
                expected=", ".join(LOYALTY_RULINGS),
            )
        return self.outcome is not None and ruling != self.outcome


def loyalty_test(loyalty: int, roll: Roll | None, *, occasion: str = PERIL) -> LoyaltyTest:
    """A retainer's loyalty check: 2d6 ≤ loyalty stays; a failure flees in peril, quits after an
    adventure (OSE Retainers, via seed 000 "Moral des suivants"; RULES D-5). Unclamped (A-14)."""
    if occasion not in OCCASIONS:
        raise ImpossibleInput(
            f"{occasion!r} is not an occasion", field="occasion", expected=", ".join(OCCASIONS)
        )
    if roll is None:
        return LoyaltyTest(loyalty, occasion, None, None)
    outcome = STAY if roll.total <= loyalty else OCCASIONS[occasion]
    return LoyaltyTest(loyalty, occasion, roll, outcome)
