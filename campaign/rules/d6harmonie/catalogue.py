"""D6Harmonie flaws and advantages as data (seed ``002_2aa5301732bfc4fe.txt``).

Every one of the seed's 37 *défauts* and 36 *avantages* is one :class:`Trait`: its English kebab key
(docs/rules.md#d-10), its exact French name, its points, an English summary, the French sentence it
rests on (quoted verbatim from the seed, typos included), its passive effects and — for the flaws
that roll or otherwise trigger — its :class:`Trigger` definitions with their consequences. The
functions that read these tables live in :mod:`campaign.rules.d6harmonie`. The same tables, in
English: docs/rules.md#flaws and #advantages. Where the seed leaves a case open, the comments below
say the reading taken, as docs/rules.md#where-seed-002-leaves-a-case-open and #d-9 do.

Trigger names (kebab-case, the first of each flaw is its default):
``presence`` (allergies, phobias), ``kill`` (merciful), ``temptation``/``missed-chance`` (greed),
``deprived`` (dependencies, partier, glutton, sadist), ``crisis`` (fanaticism), ``lie``
(absolute honesty), ``vehicle`` (motion sickness), ``monthly`` (disabling disease, psychopathic
killer), ``pay``/``forced-to-pay``/``robbed`` (miser), ``temptation`` (spendthrift),
``settle-for-less`` (high living), ``tell-truth`` (mythomaniac), ``impulse`` (sadist),
``remember`` (poor memory), ``attacked``/``forced-to-fight`` (pacifist), ``short-night``/
``brutal-awakening`` (heavy sleeper), ``situation``/``enter`` (vertigo).
"""

from __future__ import annotations

from dataclasses import dataclass

from campaign.core.i18n import N_
from campaign.core.worded import Worded
from campaign.rules.dice import Dice

# --- Spellings (docs/rules.md#d-10: kebab-case English; D6Harmonie scores keep French slugs) ----

FLAW = "flaw"  # seed: « Chaque défaut est décrit avec un chiffre entre parenthèses »
ADVANTAGE = "advantage"  # seed: « Chaque avantage est présenté avec un chiffre entre parenthèses »
KINDS = (FLAW, ADVANTAGE)

FLAT = "flat"  # a plain number: « malus de -2 à tous ses jets »
DICE = "dice"  # a pool modifier: « -1 dé », « +1 dé », « -2 dés »

ALL_ROLLS = "all-rolls"  # « tous ses jets (de dé) », « toutes ses actions »
RELATIONAL_ROLLS = "relational-rolls"  # « jets relationnels »
SKILL_ROLLS = "skill-rolls"  # « tous les jets de compétence »
PHYSICAL_ROLLS = "physical-rolls"  # « jets physiques (sport, combat…) »
SIGHT_ACTIONS = "sight-actions"  # Aveugle: « Toutes les actions nécessitant la vue »

MORAL = "moral"  # « jet de MORAL »
RESISTANCE_A_LA_MALADIE = "resistance-a-la-maladie"  # « jet de RÉSISTANCE A LA MALADIE »
REFLEXION = "reflexion"  # « jet de RÉFLEXION » (Mémoire déficiente)

# Options a trigger may take (besides --result, --critical and --difficulty for those that roll).
MINUTES = "minutes"  # allergies: « + 1 / minute d’exposition »
HOURS = "hours"  # dependencies: « Chaque période de 12/24 heures »
YEARS = "years"  # Mémoire déficiente: « La difficulté augmente de 1 par année d’ancienneté »
SUM = "sum"  # Avare: « Si la somme d’argent est importante »
OPTIONS = (MINUTES, HOURS, YEARS, SUM)
ROLL_OPTIONS = ("result", "critical", "difficulty")


# --- Types ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Duration:
    """How long a penalty lasts: dice such as « 1D6 heures » (``sides`` 6) or a fixed length.

    D6Harmonie « tours » are combat rounds of 10 seconds (docs/rules.md#d-9), spelled ``rounds``.
    The calculator never rolls: it reports the dice spec; the tracker rolls it when it starts.
    """

    count: int
    unit: str  # hours | weeks | rounds
    sides: int | None = None

    @property
    def dice(self) -> Dice | None:
        return None if self.sides is None else Dice(self.count, self.sides)

    def __str__(self) -> str:
        if self.sides is None:
            return f"{self.count} {self.unit}"
        return f"{self.count}D{self.sides} {self.unit}"


D6_HOURS = Duration(1, "hours", 6)  # « durant 1D6 heures »
D6_WEEKS = Duration(1, "weeks", 6)  # « pour 1D6 semaines », « durant 1D6 semaines »
D6_ROUNDS = Duration(1, "rounds", 6)  # « durant 1D6 tours »


@dataclass(frozen=True, slots=True)
class Penalty:
    """A roll modifier a flaw imposes: ``value`` (signed) ``unit`` (flat|dice) on ``applies_to``.

    ``duration`` None means: until the condition that caused it ends, or the session ends
    (docs/rules.md#where-seed-002-leaves-a-case-open,
    docs/log-language.md#conditions-and-the-clock); ``ends`` says in English what ends it.
    """

    value: int
    unit: str
    applies_to: str
    duration: Duration | None = None
    ends: str | None = None

    def as_json(self) -> dict[str, object]:
        return {
            "value": self.value,
            "unit": self.unit,
            "applies_to": self.applies_to,
            "duration": None if self.duration is None else str(self.duration),
            "ends": self.ends,
        }

    def __str__(self) -> str:
        unit = "" if self.unit == FLAT else (" die" if abs(self.value) == 1 else " dice")
        text = f"{self.value:+d}{unit} on {self.applies_to}"
        if self.duration is not None:
            text += f" for {self.duration}"
        if self.ends:
            text += f", {self.ends}"
        return text


@dataclass(frozen=True, slots=True)
class Passive:
    """A standing effect of a trait (no roll): e.g. Nerfs d’acier ``+1 flat moral``.

    ``unit``: ``flat`` or ``dice`` (roll modifiers), ``maximum`` (a new maximum, Chanceux),
    ``multiplier`` (Riche), ``divisor`` (Lève-tôt), ``forbidden`` (Aveugle's shooting skills).
    """

    value: int | None
    unit: str
    applies_to: str
    excludes: tuple[str, ...] = ()
    cumulative: bool = True  # Vif comme l’éclair: « (non cumulable) »
    species_cap: bool = False  # « ne permet pas de dépasser le maximum autorisé pour l’espèce »
    gm_discretion: bool = False  # Maladie mineure: « pourra entraîner »

    def as_json(self) -> dict[str, object]:
        return {
            "value": self.value,
            "unit": self.unit,
            "applies_to": self.applies_to,
            "excludes": list(self.excludes),
            "cumulative": self.cumulative,
            "species_cap": self.species_cap,
            "gm_discretion": self.gm_discretion,
        }


@dataclass(frozen=True, slots=True)
class Consequence:
    """What follows an outcome: penalties, English effect lines, losses per point of failure
    (allergies: torso HP and conscience), and permanent score changes (``resistance`` −1)."""

    penalties: tuple[Penalty, ...] = ()
    effects: tuple[str, ...] = ()
    hp_per_point: tuple[tuple[str, int], ...] = ()
    conscience_per_point: int = 0
    conscience_cap: int | None = None
    score_changes: tuple[tuple[str, int], ...] = ()


NOTHING = Consequence()


@dataclass(frozen=True, slots=True)
class DifficultyRule:
    """How an option moves a trigger's difficulty: ``+per_unit`` per whole unit, up to ``cap``
    (allergies: +1 per minute, max +12), or a table of named levels (Avare's sums)."""

    option: str
    per_unit: int = 1
    cap: int | None = None
    levels: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Trigger:
    """One situation in which a flaw bites. ``score`` is the roll's score slug (None: no roll);
    ``difficulty`` the base difficulty. A rolling trigger has ``success``/``failure``/``critical``
    rows (``critical_replaces``: the critical row replaces the failure row, as for the phobias,
    docs/rules.md#d-9; otherwise it adds to it); a trigger that does not roll has ``consequence``.
    ``per_period`` × full periods of ``period_hours`` (dependencies) is added to ``consequence``
    once at least one period is complete (docs/rules.md#where-seed-002-leaves-a-case-open)."""

    name: str
    when: str
    score: str | None = None
    difficulty: int | None = None
    options: tuple[str, ...] = ()
    text_fr: str = ""
    success: Consequence = NOTHING
    failure: Consequence = NOTHING
    critical: Consequence | None = None
    critical_replaces: bool = False
    consequence: Consequence = NOTHING
    difficulty_rule: DifficultyRule | None = None
    per_period: Penalty | None = None
    period_hours: int | None = None
    lack_of_sleep: bool = False  # Lève-tôt halves it
    note: str = ""

    @property
    def rolls(self) -> bool:
        return self.score is not None

    @property
    def accepted_options(self) -> tuple[str, ...]:
        """Every option this trigger takes, as rules parameter names."""
        return (ROLL_OPTIONS if self.rolls else ()) + self.options


@dataclass(frozen=True, slots=True)
class Trait:
    """One flaw or advantage of seed 002 (docs/rules.md#flaws, #advantages)."""

    key: str
    name_fr: str
    kind: str
    points: int
    summary: str
    text_fr: str
    triggers: tuple[Trigger, ...] = ()
    passive: tuple[Passive, ...] = ()
    needs_detail: str | None = None
    detail_choices: tuple[str, ...] = ()
    adults_only: bool = False

    @property
    def default_trigger(self) -> Trigger | None:
        """The trigger a flaw rolls when none is named: its first (None for one that never
        triggers)."""
        return self.triggers[0] if self.triggers else None

    @property
    def trigger_names(self) -> tuple[str, ...]:
        return tuple(t.name for t in self.triggers)

    @property
    def rolls(self) -> bool:
        return any(t.rolls for t in self.triggers)


# --- Helpers that keep the tables short -------------------------------------------------------

NORMALE = 9  # « difficulté NORMALE (9) », the difficulty of most flaw rolls


def _flaw(key: str, name_fr: str, points: int, summary: str, text_fr: str, **kw) -> Trait:
    return Trait(key, name_fr, FLAW, points, summary, text_fr, **kw)


def _advantage(key: str, name_fr: str, points: int, summary: str, text_fr: str, **kw) -> Trait:
    return Trait(key, name_fr, ADVANTAGE, points, summary, text_fr, **kw)


def _moral(name: str, when: str, text_fr: str, **kw) -> Trigger:
    """A « jet de MORAL de difficulté NORMALE (9) » trigger (most flaws)."""
    kw.setdefault("difficulty", NORMALE)
    return Trigger(name, when, MORAL, text_fr=text_fr, **kw)


def _all(value: int, duration: Duration | None = None, ends: str | None = None) -> Penalty:
    return Penalty(value, FLAT, ALL_ROLLS, duration, ends)


def _characteristic(key: str, name_fr: str, score: str, upper: str, text_fr: str) -> Trait:
    """« +1 à la caractéristique X (ne permet pas de dépasser le maximum autorisé pour
    l’espèce) » — the nine *… accrue* advantages, 20 points each. No species maxima are kept,
    so the cap is data only, not flagged (docs/rules.md#where-seed-002-leaves-a-case-open)."""
    return _advantage(
        key,
        name_fr,
        20,
        Worded(N_("+1 {upper} characteristic, never above the species maximum."), {"upper": upper}),
        text_fr,
        passive=(Passive(1, FLAT, score, species_cap=True),),
    )


def _contact(key: str, name_fr: str, points: int, summary: str, text_fr: str) -> Trait:
    """The ten *Relation (importante) dans …* advantages: narrative contacts, recorded with
    their detail (docs/rules.md#where-seed-002-leaves-a-case-open)."""
    return _advantage(key, name_fr, points, summary, text_fr, needs_detail="contact")


_PHOBIA_ENDS = N_("while in the presence of the phobia object (C-6)")
_ALLERGY_MINUTES = DifficultyRule(MINUTES, per_unit=1, cap=12)  # « + 1 / minute (maximum + 12) »


# --- The flaws (docs/rules.md#flaws): seed 002 « Chaque défaut … », in the seed's order --------

FLAWS: tuple[Trait, ...] = (
    # Allergie grave (8): RÉSISTANCE A LA MALADIE vs NORMALE (9) + 1/minute (max +12);
    # per point of failure −1 torso HP and −1 conscience, no cap.
    _flaw(
        "allergy-severe",
        "Allergie grave",
        8,
        N_(
            "In the allergen's presence: RÉSISTANCE À LA MALADIE vs NORMALE (9) +1 per minute of "
            "exposure (max +12); each point of failure costs 1 torso HP and 1 conscience point."
        ),
        "Mis en présence de la substance, le personnage doit faire un jet de RÉSISTANCE A LA "
        "MALADIE de difficulté NORMALE (9) + 1 / minute d’exposition a la substance allergène "
        "(maximum + 12). Chaque point d’échec entraîne la perte d’un point de vie au torse et un "
        "point de conscience. En cas de blessure fatale, cela représentera un choc "
        "anaphylactique !",
        needs_detail="allergen",
        triggers=(
            Trigger(
                "presence",
                N_("exposed to the allergen (rolled once per episode, when it ends: C-1)"),
                RESISTANCE_A_LA_MALADIE,
                NORMALE,
                options=(MINUTES,),
                difficulty_rule=_ALLERGY_MINUTES,
                failure=Consequence(
                    effects=(N_("a fatal wound from this is an anaphylactic shock"),),
                    hp_per_point=(("torso", 1),),
                    conscience_per_point=1,
                ),
            ),
        ),
    ),
    # Allergie modérée (3): RÉSISTANCE A LA MALADIE vs FACILE (5) + 1/minute (max +12);
    # per point of failure −1 conscience, at most 8 per episode.
    _flaw(
        "allergy-moderate",
        "Allergie modérée",
        3,
        N_(
            "In the allergen's presence: RÉSISTANCE À LA MALADIE vs FACILE (5) +1 per minute of "
            "exposure (max +12); each point of failure costs 1 conscience point (at most 8)."
        ),
        "Mis en présence de la substance, le personnage doit faire un jet de RÉSISTANCE A LA "
        "MALADIE de difficulté FACILE (5) + 1 / minute d’exposition a la substance allergène "
        "(maximum + 12). Chaque point d’échec entraîne la perte d’un point de conscience (maximum "
        "8 points de conscience perdus) et déclenche des réactions allergiques : plaques de "
        "boutons, démangeaisons, quintes de toux…",
        needs_detail="allergen",
        triggers=(
            Trigger(
                "presence",
                N_("exposed to the allergen (rolled once per episode, when it ends: C-1)"),
                RESISTANCE_A_LA_MALADIE,
                5,
                options=(MINUTES,),
                difficulty_rule=_ALLERGY_MINUTES,
                failure=Consequence(
                    effects=(N_("allergic reactions: rash, itching, coughing fits"),),
                    conscience_per_point=1,
                    conscience_cap=8,
                ),
            ),
        ),
    ),
    # Amnésie (10): narrative, one period of life forgotten.
    _flaw(
        "amnesia",
        "Amnésie",
        10,
        N_(
            "No memory at all of one period of life (early childhood, childhood, adolescence, "
            "youth, or a 5-year slice of adulthood)."
        ),
        "Le personnage n’a absolument aucun souvenir d’une période de sa vie : petite enfance "
        "(moins de 5 ans), enfance (de 5 a 12 ans), adolescence (de 12 a 18 ans), jeunesse (de 18 "
        "a 25 ans) ou période adulte (par tranche de 5 ans).",
        needs_detail="period",
        detail_choices=("early-childhood", "childhood", "adolescence", "youth", "adult"),
    ),
    # Amputation (20): narrative, a foot or a hand.
    _flaw(
        "amputation",
        "Amputation",
        20,
        N_(
            "A foot (limps, cannot run) or a hand (no two-handed object, nor two objects at once) "
            "is lost, unless a prosthesis compensates."
        ),
        "Si elle n’est pas compensée par une prothèse, l’amputation est totalement "
        "incapacitante : boiterie et impossibilité de courir pour un pied coupé, impossibilité de "
        "se servir d’un objet nécessitant deux mains ou de deux objets en même temps pour une "
        "main coupée.",
        needs_detail="limb",
        detail_choices=("foot", "hand"),
    ),
    # Asocial (10): −1 die on relational rolls (not with animals, not Furtivité); +2 ENDURCISSEMENT.
    _flaw(
        "asocial",
        "Asocial",
        10,
        N_(
            "−1 die on all relational rolls (except with animals and the Stealth skill); "
            "+2 ENDURCISSEMENT."
        ),
        "Il subit un malus de -1 dé à tous ses jets relationnels (sauf avec les animaux et "
        "compétence de furtivité) et ajoute +2 en ENDURCISSEMENT.",
        passive=(
            Passive(-1, DICE, RELATIONAL_ROLLS, excludes=("animals", "stealth")),
            Passive(2, FLAT, "endurcissement"),
        ),
    ),
    # Aveugle (20): −6 on every action needing sight; shooting skills forbidden.
    _flaw(
        "blind",
        "Aveugle",
        20,
        N_(
            "Shooting skills forbidden, combat skills very complicated (GM), reading only raised "
            "engravings; −6 on every action that needs sight."
        ),
        "Les compétences de tir lui sont interdites, celles de combat deviendront très "
        "compliquées, la lecture ne pourra se faire que sur des stèles gravées en relief… Toutes "
        "les actions nécessitant la vue souffrent d’un malus de -6.",
        passive=(
            Passive(-6, FLAT, SIGHT_ACTIONS),
            Passive(None, "forbidden", "shooting-skills"),
        ),
    ),
    # Borgne (6): −1 on skills needing sight (shooting, searching…); which eye is recorded.
    _flaw(
        "one-eyed",
        "Borgne",
        6,
        N_("One eye lost (say which): −1 on skills that need sight (shooting, searching…)."),
        "Le personnage a perdu un œil (préciser lequel!) et subit un malus de -1 à ses "
        "compétences nécessitant l’usage de la vue : tir, fouille…",
        needs_detail="eye",
        detail_choices=("left", "right"),
        passive=(Passive(-1, FLAT, "sight-skills"),),
    ),
    # Clément (8): kills someone → depression, −3 on all rolls for 1D6 weeks (no roll).
    _flaw(
        "merciful",
        "Clément",
        8,
        N_(
            "Cannot kill and must not risk a wounded foe's death; after killing someone (even by "
            "accident): depression, −3 on all rolls for 1D6 weeks."
        ),
        "Le personnage ne peut pas tuer. S’il blesse un adversaire il devra faire tout ce qu’il "
        "peut pour ne pas prendre le risque qu’il décède. S’il tue quelqu’un (accidentellement "
        "ou par maladresse), le personnage sombre dans la dépression pour 1D6 semaines et subit "
        "un malus de -3 à tous ses jets de dé.",
        triggers=(
            Trigger(
                "kill",
                N_("has killed someone, even by accident or clumsiness"),
                text_fr="S’il tue quelqu’un (accidentellement ou par maladresse), le personnage "
                "sombre dans la dépression pour 1D6 semaines et subit un malus de -3 à tous ses "
                "jets de dé.",
                consequence=Consequence(
                    penalties=(_all(-3, D6_WEEKS),), effects=(N_("sinks into depression"),)
                ),
            ),
        ),
    ),
    # Croyance idiote (5): narrative.
    _flaw(
        "absurd-belief",
        "Croyance idiote",
        5,
        N_("A totally absurd belief in his world: ridiculed, possibly heretical for some cults."),
        "Cette croyance le rend ridicule aux yeux des gens et le fait moquer… Elle peut paraître "
        "hérétique pour certains cultes !",
        needs_detail="belief",
    ),
    # Cupidité (6): temptation → MORAL vs NORMALE (9); missed chance → MORAL vs 9 or depressed
    # 1D6 hours with −2 on all rolls.
    _flaw(
        "greed",
        "Cupidité",
        6,
        N_(
            "To resist a greedy temptation: MORAL vs NORMALE (9). On missing a chance to get rich: "
            "MORAL vs NORMALE (9) or depressed for 1D6 hours, −2 on all rolls."
        ),
        "Si le personnage veut résister à une tentation cupide, il devra réussir un jet de MORAL "
        "de difficulté NORMALE (9). Si le personnage rate une occasion de s’enrichir, il devra "
        "réussir un jet de MORAL de difficulté NORMALE (9) ou tomber en déprime pour 1D6 heures, "
        "avec un malus de -2 à tous ses jets de dé.",
        triggers=(
            _moral(
                "temptation",
                N_("wants to resist a greedy temptation"),
                "Si le personnage veut résister à une tentation cupide, il devra réussir un jet "
                "de MORAL de difficulté NORMALE (9).",
                success=Consequence(effects=(N_("resists the temptation"),)),
                failure=Consequence(effects=(N_("gives in to the greedy temptation"),)),
            ),
            _moral(
                "missed-chance",
                N_("has missed a chance to get rich"),
                "Si le personnage rate une occasion de s’enrichir, il devra réussir un jet de "
                "MORAL de difficulté NORMALE (9) ou tomber en déprime pour 1D6 heures, avec un "
                "malus de -2 à tous ses jets de dé.",
                failure=Consequence(penalties=(_all(-2, D6_HOURS),), effects=(N_("depressed"),)),
            ),
        ),
    ),
    # Dépendance psychologique (20): per full 24 h deprived, cumulative −1 die on relational
    # rolls (the main sentence's 24 h), plus −2 dice on skill rolls from the first completed
    # period. No roll.
    _flaw(
        "dependency-psychological",
        "Dépendance psychologique",
        20,
        N_(
            "Each full 24 hours deprived of the object of dependency: cumulative −1 die on all "
            "relational rolls; withdrawal: −2 dice on all skill rolls."
        ),
        "Chaque période de 24 heures où le personnage est privé de l’objet de sa dépendance "
        "entraîne un malus CUMULABLE de -1 dé à tous les jets relationnels (-1 au bout de 12 "
        "heures, -2 au bout de 24 heures, etc.) et produit un effet de manque qui entraîne un "
        "malus de -2 dés à tous les jets de compétence.",
        needs_detail="object of dependency",
        triggers=(
            Trigger(
                "deprived",
                N_("has been deprived of the object of dependency for --hours"),
                options=(HOURS,),
                consequence=Consequence(
                    penalties=(Penalty(-2, DICE, SKILL_ROLLS, ends=N_("until the need is met")),),
                    effects=(N_("withdrawal"),),
                ),
                per_period=Penalty(-1, DICE, RELATIONAL_ROLLS, ends=N_("until the need is met")),
                period_hours=24,
                note="C-3: the seed's parenthesis (−1 after 12 h) is copied from the toxic form; "
                "the main sentence's 24-hour period is followed.",
            ),
        ),
    ),
    # Dépendance toxique (20): per full 12 h without the substance, cumulative −1 die on
    # relational rolls, plus −2 dice on skill rolls from the first completed period.
    _flaw(
        "dependency-toxic",
        "Dépendance toxique",
        20,
        N_(
            "Each full 12 hours without the substance: cumulative −1 die on all relational rolls; "
            "withdrawal: −2 dice on all skill rolls."
        ),
        "Chaque période de 12 heures sans consommer la substance entraîne un malus CUMULABLE de "
        "-1 dé à tous les jets relationnels (-1 au bout de 12 heures, -2 au bout de 24 heures, "
        "etc.) et produit un effet de manque qui entraîne un malus de -2 dés à tous les jets de "
        "compétence.",
        needs_detail="substance",
        triggers=(
            Trigger(
                "deprived",
                N_("has gone without the substance for --hours"),
                options=(HOURS,),
                consequence=Consequence(
                    penalties=(Penalty(-2, DICE, SKILL_ROLLS, ends=N_("until the need is met")),),
                    effects=(N_("withdrawal"),),
                ),
                per_period=Penalty(-1, DICE, RELATIONAL_ROLLS, ends=N_("until the need is met")),
                period_hours=12,
            ),
        ),
    ),
    # Dyslexique (5): −1 on written linguistic skills.
    _flaw(
        "dyslexic",
        "Dyslexique",
        5,
        N_("−1 on written language skills."),
        "La dyslexie entraîne un malus de -1 aux compétences linguistiques à l’écrit.",
        passive=(Passive(-1, FLAT, "written-language-skills"),),
    ),
    # Ennemi (10), Ennemi puissant (20), Ennemi secret (12): narrative.
    _flaw(
        "enemy",
        "Ennemi",
        10,
        N_("A known enemy who seizes every chance to harm him."),
        "Le personnage est détesté par une personne. Il connaît cet ennemi et sait qu’il doit "
        "s’en méfier. L’ennemi saisira toutes les occasions pour nuire au personnage…",
        needs_detail="enemy",
    ),
    _flaw(
        "enemy-powerful",
        "Ennemi puissant",
        20,
        N_(
            "A powerful enemy (politician, military chief, religious dignitary) who wants him gone."
        ),
        "Le personnage s’est attiré la haine d’un ennemi puissant : homme politique, chef "
        "militaire, dignitaire religieux…",
        needs_detail="enemy",
    ),
    _flaw(
        "enemy-secret",
        "Ennemi secret",
        12,
        N_("An enemy whose identity only the GM knows."),
        "Le personnage a un ennemi mais il ne connaît pas son identité. Seul le maître de jeu le "
        "connaît",
        needs_detail="enemy",
    ),
    # Fanatisme (12): to resist a fanaticism crisis, MORAL vs NORMALE (9).
    _flaw(
        "fanaticism",
        "Fanatisme",
        12,
        N_(
            "Follows a cult or philosophy to the letter; to resist a fanaticism crisis: MORAL vs "
            "NORMALE (9)."
        ),
        "Pour résister à une crise de fanatisme, le personnage devra réussir un jet de MORAL de "
        "difficulté NORMALE (9).",
        needs_detail="cult",
        triggers=(
            _moral(
                "crisis",
                N_("wants to resist a fanaticism crisis"),
                "Pour résister à une crise de fanatisme, le personnage devra réussir un jet de "
                "MORAL de difficulté NORMALE (9).",
                success=Consequence(effects=(N_("resists the crisis"),)),
                failure=Consequence(
                    effects=(N_("fanaticism crisis: intolerance, mockery or aggressiveness"),)
                ),
            ),
        ),
    ),
    # Honnêteté absolue (8): to make him lie, MORAL vs NORMALE (9); on SUCCESS he lies but is
    # shocked: −2 on all rolls for 1D6 hours.
    _flaw(
        "absolute-honesty",
        "Honnêteté absolue",
        8,
        N_(
            "Cannot lie. To make him lie: MORAL vs NORMALE (9); if it succeeds he lies but is "
            "shocked: −2 on all rolls for 1D6 hours."
        ),
        "Si un joueur veut faire mentir un personnage avec ce défaut il devra réussir un jet de "
        "MORAL de difficulté NORMALE (9). S’il réussit, il pourra faire mentir son personnage, "
        "mais celui-ci sera choqué d’avoir été malhonnête et subira un malus de -2 à tous ses "
        "jets de dé durant 1D6 heures.",
        triggers=(
            _moral(
                "lie",
                N_("the player wants him to lie"),
                "Si un joueur veut faire mentir un personnage avec ce défaut il devra réussir un "
                "jet de MORAL de difficulté NORMALE (9). S’il réussit, il pourra faire mentir son "
                "personnage, mais celui-ci sera choqué d’avoir été malhonnête et subira un malus "
                "de -2 à tous ses jets de dé durant 1D6 heures.",
                success=Consequence(
                    penalties=(_all(-2, D6_HOURS),),
                    effects=(N_("lies, and is shocked at having been dishonest"),),
                ),
                failure=Consequence(effects=(N_("cannot lie"),)),
            ),
        ),
    ),
    # Mal des transports (5): on taking a vehicle, MORAL vs SIMPLE (7) or −2 on all rolls for
    # 1D6 hours or until the end of the trip (whichever comes first).
    _flaw(
        "motion-sickness",
        "Mal des transports",
        5,
        N_(
            "On taking a vehicle: MORAL vs SIMPLE (7) or sick: −2 on all rolls for 1D6 hours or "
            "until the end of the trip."
        ),
        "Il doit réussir un jet de MORAL de difficulté SIMPLE (7) pour ne pas être malade, sinon "
        "il subira un malus de -2 à tous ses jets durant 1D6 heures ou jusqu’à la fin du voyage.",
        triggers=(
            _moral(
                "vehicle",
                N_("takes a vehicle (boat, plane, car, cart…)"),
                "Il doit réussir un jet de MORAL de difficulté SIMPLE (7) pour ne pas être "
                "malade, sinon il subira un malus de -2 à tous ses jets durant 1D6 heures ou "
                "jusqu’à la fin du voyage.",
                difficulty=7,
                failure=Consequence(
                    penalties=(
                        _all(
                            -2,
                            D6_HOURS,
                            N_("or until the end of the trip, whichever comes first (C-5)"),
                        ),
                    ),
                    effects=(N_("is sick"),),
                ),
            ),
        ),
    ),
    # Maladie incapacitante (20): monthly RÉSISTANCE A LA MALADIE vs NORMALE (9); failure →
    # flare-up, −2 on rolls for 1D6 weeks; a critical failure ADDS −1 RÉSISTANCE for good.
    _flaw(
        "disabling-disease",
        "Maladie incapacitante",
        20,
        N_(
            "Monthly: RÉSISTANCE À LA MALADIE vs NORMALE (9) or a flare-up, −2 on rolls for 1D6 "
            "weeks; a critical failure also removes 1 RÉSISTANCE point for good."
        ),
        "Le personnage doit faire un jet de RÉSISTANCE A LA MALADIE de niveau NORMALE (9) tous "
        "les mois ou subir une poussée de sa maladie qui entraîne un malus de -2 à ses jets "
        "durant 1D6 semaines. Un échec critique au jet retire définitivement 1 point de "
        "caractéristique RÉSISTANCE au personnage…",
        needs_detail="disease",
        triggers=(
            Trigger(
                "monthly",
                N_("the monthly check"),
                RESISTANCE_A_LA_MALADIE,
                NORMALE,
                text_fr="Le personnage doit faire un jet de RÉSISTANCE A LA MALADIE de niveau "
                "NORMALE (9) tous les mois ou subir une poussée de sa maladie qui entraîne un "
                "malus de -2 à ses jets durant 1D6 semaines. Un échec critique au jet retire "
                "définitivement 1 point de caractéristique RÉSISTANCE au personnage…",
                failure=Consequence(
                    penalties=(_all(-2, D6_WEEKS),), effects=(N_("flare-up of the disease"),)
                ),
                critical=Consequence(
                    effects=(N_("−1 RÉSISTANCE (permanent)"),),
                    score_changes=(("resistance", -1),),
                ),
                critical_replaces=False,
            ),
        ),
    ),
    # Maladie mineure (10): may impose −1 on some skills (GM's choice).
    _flaw(
        "minor-disease",
        "Maladie mineure",
        10,
        N_("A recurring, non-lethal disease: may impose −1 on some skills (GM's choice)."),
        "Le personnage a une maladie récurrente non mortelle (toux chronique, lombalgie, "
        "douleurs musculaires…) cette maladie pourra entraîner un malus de -1 à certaines "
        "compétences.",
        needs_detail="disease",
        passive=(Passive(-1, FLAT, "some-skills", gm_discretion=True),),
    ),
    # Mauvaise habitude (avare) (8): to pay, MORAL vs NORMALE (9), DIFFICILE (11) or TRÈS
    # DIFFICILE (13) for large sums (GM input); forced to pay or robbed →
    # depression 1D6 weeks, −2 on all rolls.
    _flaw(
        "bad-habit-miser",
        "Mauvaise habitude (avare)",
        8,
        N_(
            "Each time he must pay: MORAL vs NORMALE (9), DIFFICILE (11) or TRÈS DIFFICILE (13) "
            "for a large sum; forced to pay or robbed: depression, −2 on all rolls for 1D6 weeks."
        ),
        "Chaque fois qu’il devra payer quelque chose, le personnage devra réussir un jet de "
        "MORAL avec une difficulté NORMALE (9). Si la somme d’argent est importante le jet "
        "devient DIFFICILE (11), voire TRÈS DIFFICILE (13). Un personnage avare qui est forcé de "
        "payer quelque chose ou volé tombe dans la dépression pour 1D6 semaines et subit un "
        "malus de -2 à tous ses jets.",
        triggers=(
            _moral(
                "pay",
                N_("must pay for something (--sum normal, large or very-large)"),
                "Chaque fois qu’il devra payer quelque chose, le personnage devra réussir un jet "
                "de MORAL avec une difficulté NORMALE (9). Si la somme d’argent est importante le "
                "jet devient DIFFICILE (11), voire TRÈS DIFFICILE (13).",
                options=(SUM,),
                difficulty_rule=DifficultyRule(
                    SUM, levels=(("normal", 9), ("large", 11), ("very-large", 13))
                ),
                success=Consequence(effects=(N_("pays"),)),
                failure=Consequence(effects=(N_("refuses to pay"),)),
                note="C-13: the GM says whether the sum is large or very large.",
            ),
            Trigger(
                "forced-to-pay",
                N_("is forced to pay"),
                text_fr="Un personnage avare qui est forcé de payer quelque chose ou volé tombe "
                "dans la dépression pour 1D6 semaines et subit un malus de -2 à tous ses jets.",
                consequence=Consequence(
                    penalties=(_all(-2, D6_WEEKS),), effects=(N_("sinks into depression"),)
                ),
            ),
            Trigger(
                "robbed",
                N_("is robbed"),
                text_fr="Un personnage avare qui est forcé de payer quelque chose ou volé tombe "
                "dans la dépression pour 1D6 semaines et subit un malus de -2 à tous ses jets.",
                consequence=Consequence(
                    penalties=(_all(-2, D6_WEEKS),), effects=(N_("sinks into depression"),)
                ),
            ),
        ),
    ),
    # Mauvaise habitude (dispendieux) (8): to resist the temptation to buy, MORAL vs normale (9).
    _flaw(
        "bad-habit-spendthrift",
        "Mauvaise habitude (dispendieux)",
        8,
        N_(
            "To resist the temptation to buy: MORAL vs NORMALE (9); short of money, he must "
            "borrow, haggle or fast-talk."
        ),
        "Un personnage dispendieux a beaucoup de mal à résister à la tentation d’acheter et doit "
        "réussir un jet de MORAL de difficulté normale (9) pour résister. S’il manque d’argent il "
        "devra tenter d’emprunter, marchander, baratiner…",
        triggers=(
            _moral(
                "temptation",
                N_("is tempted to buy"),
                "Un personnage dispendieux a beaucoup de mal à résister à la tentation d’acheter "
                "et doit réussir un jet de MORAL de difficulté normale (9) pour résister.",
                success=Consequence(effects=(N_("resists the temptation to buy"),)),
                failure=Consequence(
                    effects=(N_("buys whatever is within reach, without thinking"),)
                ),
            ),
        ),
    ),
    # Mauvaise habitude (fêtard) (5): unable to party (at least every 4 days) → grumpy, −2 on
    # all relational rolls, until he can party. No roll.
    _flaw(
        "bad-habit-partier",
        "Mauvaise habitude (fêtard)",
        5,
        N_(
            "Cannot refuse a party and parties at least every 4 days; unable to: grumpy, −2 on all "
            "relational rolls."
        ),
        "Si aucune occasion ne se présente, il fera la fête au moins une fois tous les 4 jours "
        "(boisson, chansons, comportements excessifs…) Si le personnage est dans l’impossibilité "
        "de faire la fête, il devient grognon et subit un malus de -2 à tous ses jets "
        "relationnels.",
        triggers=(
            Trigger(
                "deprived",
                N_("is unable to party (at least once every 4 days)"),
                text_fr="Si le personnage est dans l’impossibilité de faire la fête, il devient "
                "grognon et subit un malus de -2 à tous ses jets relationnels.",
                consequence=Consequence(
                    penalties=(
                        Penalty(-2, FLAT, RELATIONAL_ROLLS, ends=N_("until he can party (C-6)")),
                    ),
                    effects=(N_("grumpy"),),
                ),
            ),
        ),
    ),
    # Mauvaise habitude (goinfre) (5): no big meal at least every 4 days → −1 on relational and
    # −1 on physical rolls, until he has one. No roll.
    _flaw(
        "bad-habit-glutton",
        "Mauvaise habitude (goinfre)",
        5,
        N_(
            "Needs a big exceptional meal at least every 4 days, else whiny: −1 on all relational "
            "rolls and −1 on all physical rolls."
        ),
        "S’il ne peut pas faire un gros repas exceptionnel au moins une fois tous les quatre "
        "jours, le personnage devient geignard, se plaint qu’il est faible, mal nourri et subit "
        "un malus de -1 à tous ses jets relationnels et un malus de -1 à tous ses jets physiques "
        "(sport, combat…)",
        triggers=(
            Trigger(
                "deprived",
                N_("has had no big exceptional meal for 4 days"),
                text_fr="S’il ne peut pas faire un gros repas exceptionnel au moins une fois tous "
                "les quatre jours, le personnage devient geignard, se plaint qu’il est faible, "
                "mal nourri et subit un malus de -1 à tous ses jets relationnels et un malus de "
                "-1 à tous ses jets physiques (sport, combat…)",
                consequence=Consequence(
                    penalties=(
                        Penalty(-1, FLAT, RELATIONAL_ROLLS, ends=N_("until a big meal (C-6)")),
                        Penalty(-1, FLAT, PHYSICAL_ROLLS, ends=N_("until a big meal (C-6)")),
                    ),
                    effects=(N_("whiny: complains he is weak and underfed"),),
                ),
            ),
        ),
    ),
    # Mauvaise habitude (grand train de vie) (8): forced to settle for less → MORAL vs NORMALE (9)
    # or complains: −2 on all relational rolls.
    _flaw(
        "bad-habit-high-living",
        "Mauvaise habitude (grand train de vie)",
        8,
        N_(
            "Forced to settle for less than luxury: MORAL vs NORMALE (9) or complains and "
            "criticises: −2 on all relational rolls."
        ),
        "S’il est forcé de se contenter d’autre chose, le personnage doit réussir un jet de "
        "MORAL de difficulté NORMALE (9) ou se mettre à se plaindre, à critiquer et subir un "
        "malus de -2 à tous ses jets relationnels.",
        triggers=(
            _moral(
                "settle-for-less",
                N_("is forced to settle for less than luxury"),
                "S’il est forcé de se contenter d’autre chose, le personnage doit réussir un jet "
                "de MORAL de difficulté NORMALE (9) ou se mettre à se plaindre, à critiquer et "
                "subir un malus de -2 à tous ses jets relationnels.",
                failure=Consequence(
                    penalties=(
                        Penalty(
                            -2,
                            FLAT,
                            RELATIONAL_ROLLS,
                            ends=N_("while he must settle for less (C-6)"),
                        ),
                    ),
                    effects=(N_("complains and criticises"),),
                ),
            ),
        ),
    ),
    # Mauvaise habitude (mythomane) (8): to keep him from lying, MORAL vs NORMAL (9).
    _flaw(
        "bad-habit-mythomaniac",
        "Mauvaise habitude (mythomane)",
        8,
        N_("Lies systematically; to keep him from lying: MORAL vs NORMALE (9)."),
        "Si le joueur veut éviter que son personnage ne mente, il devra réussir un jet de MORAL "
        "avec une difficulté de niveau NORMAL (9).",
        triggers=(
            _moral(
                "tell-truth",
                N_("the player wants him not to lie"),
                "Si le joueur veut éviter que son personnage ne mente, il devra réussir un jet de "
                "MORAL avec une difficulté de niveau NORMAL (9).",
                success=Consequence(effects=(N_("does not lie this time"),)),
                failure=Consequence(effects=(N_("lies anyway, inventing incredible events"),)),
            ),
        ),
    ),
    # Mauvaise habitude (sadique) (8): to resist a sadistic impulse, MORAL vs NORMALE (9); nobody
    # made to suffer for 4 days → aggressive. « À RÉSERVER AUX JOUEURS ADULTES ! »
    _flaw(
        "bad-habit-sadist",
        "Mauvaise habitude (sadique)",
        8,
        N_(
            "Must make an animal or a person suffer at least every 4 days or becomes aggressive; "
            "to resist a sadistic impulse: MORAL vs NORMALE (9). Adult players only."
        ),
        "Il doit absolument faire souffrir un animal, une personne au moins une fois tous les "
        "quatre jours sinon il deviendra agressif et pourra s’en prendre au premier venu, y "
        "compris ses compagnons! Si le joueur veut que son personnage résiste à une pulsion "
        "sadique, il doit réussir un jet de MORAL de difficulté NORMALE (9).",
        adults_only=True,
        triggers=(
            _moral(
                "impulse",
                N_("the player wants him to resist a sadistic impulse"),
                "Si le joueur veut que son personnage résiste à une pulsion sadique, il doit "
                "réussir un jet de MORAL de difficulté NORMALE (9).",
                success=Consequence(effects=(N_("resists the sadistic impulse"),)),
                failure=Consequence(effects=(N_("gives in to the sadistic impulse"),)),
            ),
            Trigger(
                "deprived",
                N_("has made no one suffer for 4 days"),
                text_fr="Il doit absolument faire souffrir un animal, une personne au moins une "
                "fois tous les quatre jours sinon il deviendra agressif et pourra s’en prendre "
                "au premier venu, y compris ses compagnons!",
                consequence=Consequence(
                    effects=(N_("becomes aggressive: may attack anyone, companions included"),)
                ),
            ),
        ),
    ),
    # Mémoire déficiente (12): to remember, RÉFLEXION vs ENFANTIN (1) + 1 per year of age of the
    # memory (9 years → 10); partial years floored.
    _flaw(
        "poor-memory",
        "Mémoire déficiente",
        12,
        N_(
            "To remember something: RÉFLEXION vs ENFANTIN (1) +1 per year since it happened "
            "(a 9-year-old event: 10)."
        ),
        "Chaque fois que le joueur veut que son personnage se souvienne de quelque chose, il "
        "doit réussir un jet de RÉFLEXION de difficulté ENFANTIN (1). La difficulté augmente de "
        "1 par année d’ancienneté (un événement vieux de 9 ans aura donc une difficulté de 10 !)",
        triggers=(
            Trigger(
                "remember",
                N_("the player wants him to remember something --years old"),
                REFLEXION,
                1,
                options=(YEARS,),
                text_fr="Chaque fois que le joueur veut que son personnage se souvienne de "
                "quelque chose, il doit réussir un jet de RÉFLEXION de difficulté ENFANTIN (1). La "
                "difficulté augmente de 1 par année d’ancienneté (un événement vieux de 9 ans "
                "aura donc une difficulté de 10 !)",
                difficulty_rule=DifficultyRule(YEARS, per_unit=1),
                success=Consequence(effects=(N_("remembers"),)),
                failure=Consequence(effects=(N_("does not remember"),)),
                note="C-15: whole years only (floor); an event less than a year old is ENFANTIN.",
            ),
        ),
    ),
    # Muet (15): speech skills only through sign language, −4 to be understood by non-initiates.
    _flaw(
        "mute",
        "Muet",
        15,
        N_(
            "Cannot speak; speech skills (eloquence, fast talk, spells…) only through sign "
            "language, −4 to be understood by non-initiates."
        ),
        "Les compétences nécessitant l’usage de la parole (éloquence, baratin, sortilèges…) ne "
        "sont accessibles qu’en langue des signes (malus de -4 pour se faire comprendre par des "
        "non-initiés).",
        passive=(Passive(-4, FLAT, "sign-language-with-non-initiates"),),
    ),
    # Pacifiste (6): attacked or threatened → MORAL vs NORMALE (9) to retaliate; forced to fight →
    # shock, −2 on all rolls for 1D6 hours (a successful retaliation is not "forced").
    _flaw(
        "pacifist",
        "Pacifiste",
        6,
        N_(
            "Attacked or threatened: MORAL vs NORMALE (9) to be able to retaliate; forced to "
            "fight: shock, −2 on all rolls for 1D6 hours."
        ),
        "S’il est agressé ou menacé il devra faire un jet de MORAL avec une difficulté NORMALE "
        "(9) pour pouvoir riposter. Si le personnage est forcé de combattre il subira un malus de "
        "-2 à tous ses jets de dé durant 1D6 heures à cause du choc.",
        triggers=(
            _moral(
                "attacked",
                N_("is attacked or threatened"),
                "S’il est agressé ou menacé il devra faire un jet de MORAL avec une difficulté "
                "NORMALE (9) pour pouvoir riposter.",
                success=Consequence(effects=(N_("may retaliate"),)),
                failure=Consequence(effects=(N_("cannot retaliate"),)),
                note="C-14: retaliating after a success is not being forced to fight.",
            ),
            Trigger(
                "forced-to-fight",
                N_("is forced to fight against his will"),
                text_fr="Si le personnage est forcé de combattre il subira un malus de -2 à tous "
                "ses jets de dé durant 1D6 heures à cause du choc.",
                consequence=Consequence(penalties=(_all(-2, D6_HOURS),), effects=(N_("in shock"),)),
            ),
        ),
    ),
    # Phobie incapacitante (10): MORAL vs NORMALE (9); success −1 (anxiety); failure −3 and flees
    # in panic; critical failure (replaces the failure row) −5, catatonic, −1 ENDURCISSEMENT.
    _flaw(
        "phobia-disabling",
        "Phobie incapacitante",
        10,
        N_(
            "Facing the phobia object: MORAL vs NORMALE (9) or −3 on all rolls and flees in panic "
            "(success: −1, anxiety); a critical failure: −5, catatonic collapse, −1 ENDURCISSEMENT."
        ),
        "le personnage doit réussir un jet de MORAL de difficulté NORMALE (9) ou subir un malus "
        "de -3 a tous ses jets de des et fuir en paniquant. Un échec critique entraîne un malus "
        "de -5 a tous les jets et l’effondrement en position catatonique du personnage, ainsi "
        "que la perte d’un point en score en ENDURCISSEMENT. Si le jet de MORAL est réussi, "
        "l’angoisse entraîne juste un malus de -1 a tous les jets de dé.",
        needs_detail="phobia object",
        triggers=(
            _moral(
                "presence",
                N_("in the presence of the phobia object"),
                "le personnage doit réussir un jet de MORAL de difficulté NORMALE (9) ou subir un "
                "malus de -3 a tous ses jets de des et fuir en paniquant. Un échec critique "
                "entraîne un malus de -5 a tous les jets et l’effondrement en position "
                "catatonique du personnage, ainsi que la perte d’un point en score en "
                "ENDURCISSEMENT. Si le jet de MORAL est réussi, l’angoisse entraîne juste un "
                "malus de -1 a tous les jets de dé.",
                success=Consequence(
                    penalties=(_all(-1, None, _PHOBIA_ENDS),), effects=(N_("anxious"),)
                ),
                failure=Consequence(
                    penalties=(_all(-3, None, _PHOBIA_ENDS),), effects=(N_("flees in panic"),)
                ),
                critical=Consequence(
                    penalties=(_all(-5, None, _PHOBIA_ENDS),),
                    effects=(N_("catatonic collapse"), N_("−1 ENDURCISSEMENT")),
                    score_changes=(("endurcissement", -1),),
                ),
                critical_replaces=True,
            ),
        ),
    ),
    # Phobie légère (4): MORAL vs NORMALE (9) or −1 on all rolls; critical failure (replaces the
    # failure row): −2 and a panic attack; success: nothing.
    _flaw(
        "phobia-mild",
        "Phobie légère",
        4,
        N_(
            "Facing the phobia object: MORAL vs NORMALE (9) or −1 on all rolls; a critical "
            "failure: −2 on all rolls and a panic attack."
        ),
        "En présence de l’objet de la phobie, le personnage doit réussir un jet de MORAL de "
        "difficulté NORMALE (9) ou subir un malus de -1 a tous ses jets de dé. Un échec critique "
        "entraîne un malus de -2 a tous les jets et une crise de panique.",
        needs_detail="phobia object",
        triggers=(
            _moral(
                "presence",
                N_("in the presence of the phobia object"),
                "En présence de l’objet de la phobie, le personnage doit réussir un jet de MORAL "
                "de difficulté NORMALE (9) ou subir un malus de -1 a tous ses jets de dé. Un "
                "échec critique entraîne un malus de -2 a tous les jets et une crise de panique.",
                failure=Consequence(
                    penalties=(_all(-1, None, _PHOBIA_ENDS),), effects=(N_("afraid"),)
                ),
                critical=Consequence(
                    penalties=(_all(-2, None, _PHOBIA_ENDS),), effects=(N_("panic attack"),)
                ),
                critical_replaces=True,
                note="C-8: a success has no effect.",
            ),
        ),
    ),
    # Sommeil de plomb (2): less than 8 hours' sleep → −2 on all actions (halved by Lève-tôt);
    # brutal awakening → MORAL vs NORMALE (9) to act, else dazed: −3 for 1D6 rounds.
    _flaw(
        "heavy-sleeper",
        "Sommeil de plomb",
        2,
        N_(
            "Less than eight consecutive hours of sleep: −2 on all actions. Brutal awakening: "
            "MORAL vs NORMALE (9) to act, else dazed: −3 on all rolls for 1D6 rounds."
        ),
        "S’il n’a pas ses huit heures de sommeil d’affilée dans la nuit il subit un malus de -2 "
        "a toutes ses actions. En cas de réveil brutal il devra réussir un jet de MORAL de "
        "difficulté NORMALE (9) pour agir, sinon il restera hébété et subira un malus de -3 a "
        "tous ses jets durant 1D6 tours.",
        triggers=(
            Trigger(
                "short-night",
                N_("slept less than eight consecutive hours in the night"),
                text_fr="S’il n’a pas ses huit heures de sommeil d’affilée dans la nuit il subit "
                "un malus de -2 a toutes ses actions.",
                consequence=Consequence(
                    penalties=(_all(-2, None, N_("until a full night's sleep (C-6)")),),
                    effects=(N_("short of sleep"),),
                ),
                lack_of_sleep=True,
                note="C-9: Lève-tôt (early-riser) halves it, toward zero.",
            ),
            _moral(
                "brutal-awakening",
                N_("is woken up brutally"),
                "En cas de réveil brutal il devra réussir un jet de MORAL de difficulté NORMALE "
                "(9) pour agir, sinon il restera hébété et subira un malus de -3 a tous ses jets "
                "durant 1D6 tours.",
                success=Consequence(effects=(N_("acts normally"),)),
                failure=Consequence(penalties=(_all(-3, D6_ROUNDS),), effects=(N_("dazed"),)),
            ),
        ),
    ),
    # Sourd (15): narrative (music skills very complicated, lip-reading and sign language).
    _flaw(
        "deaf",
        "Sourd",
        15,
        N_(
            "Hears nothing: music skills very complicated; must learn lip-reading and sign "
            "language; oral language limited to phonetics."
        ),
        "Le personnage a perdu l’audition et n’entend plus rien. Les compétences musicales lui "
        "sont très compliquées",
    ),
    # Tueur psychopathe (20): monthly at a fixed date, MORAL vs NORMALE (9) or kills a random
    # person; starts with four Endurcissement boxes checked. « JOUEURS ADULTES ET SÛRS D’EUX »
    _flaw(
        "psychopathic-killer",
        "Tueur psychopathe",
        20,
        N_(
            "Monthly at a fixed date: MORAL vs NORMALE (9) or kills a random person; starts play "
            "with four Endurcissement boxes checked. Adult and confident players only."
        ),
        "À date fixe, une fois par mois, le personnage devra faire un jet de MORAL de difficulté "
        "NORMALE (9) ou succomber à ses pulsions meurtrières en tuant une personne au hasard.",
        adults_only=True,
        passive=(Passive(4, FLAT, "endurcissement"),),
        triggers=(
            _moral(
                "monthly",
                N_("the monthly date has come"),
                "À date fixe, une fois par mois, le personnage devra faire un jet de MORAL de "
                "difficulté NORMALE (9) ou succomber à ses pulsions meurtrières en tuant une "
                "personne au hasard.",
                success=Consequence(effects=(N_("resists the murderous urge"),)),
                failure=Consequence(
                    effects=(
                        N_("kills a random person (the GM may set the victim type and the method)"),
                    )
                ),
            ),
        ),
    ),
    # Vertige (3): in a vertigo situation MORAL vs NORMALE (9) or −2 on all rolls; to enter one,
    # MORAL vs NORMALE (9) or completely unable to.
    _flaw(
        "vertigo",
        "Vertige",
        3,
        N_(
            "In a vertigo situation: MORAL vs NORMALE (9) or loses composure, −2 on all rolls. To "
            "enter one (ladder, tightrope): MORAL vs NORMALE (9) or completely unable to."
        ),
        "En situation de vertige, le personnage doit réussir un jet de MORAL de difficulté "
        "NORMALE (9) ou perdre tous ses moyens : tremblements, sensation de peur, avec un malus "
        "de -2 à tous ses jets. S’il doit se mettre en situation de vertige (une échelle à "
        "monter, un câble à traverser en funambule…) le personnage doit réussir un jet de MORAL "
        "de difficulté NORMALE (9) ou être complètement incapable de le faire !",
        triggers=(
            _moral(
                "situation",
                N_("is in a vertigo situation (height, bridge, ladder)"),
                "En situation de vertige, le personnage doit réussir un jet de MORAL de "
                "difficulté NORMALE (9) ou perdre tous ses moyens : tremblements, sensation de "
                "peur, avec un malus de -2 à tous ses jets.",
                failure=Consequence(
                    penalties=(_all(-2, None, N_("while in the vertigo situation (C-6)")),),
                    effects=(N_("loses composure: trembling, fear"),),
                ),
            ),
            _moral(
                "enter",
                N_("must put himself in a vertigo situation (climb a ladder, walk a tightrope)"),
                "S’il doit se mettre en situation de vertige (une échelle à monter, un câble à "
                "traverser en funambule…) le personnage doit réussir un jet de MORAL de "
                "difficulté NORMALE (9) ou être complètement incapable de le faire !",
                success=Consequence(effects=(N_("manages to do it"),)),
                failure=Consequence(effects=(N_("completely unable to do it"),)),
            ),
        ),
    ),
)


# --- The advantages (docs/rules.md#advantages): seed 002 « Chaque avantage … », in its order -----

ADVANTAGES: tuple[Trait, ...] = (
    _advantage(
        "mentalism-affinity",
        "Affinité avec le Mentalisme",
        20,
        N_("+1 in one Voie du Mentalisme of the player's choice (unit unconfirmed)."),
        "Accorde un bonus de +1 dans une Voie du Mentalisme, au choix du joueur.",
        needs_detail="voie",
        passive=(Passive(1, FLAT, "mentalism-voie"),),
    ),
    _advantage(
        "ally",
        "Allié",
        5,
        N_("A close friend ready to help (mechanic, detective, guard…)."),
        "Cet avantage permet d’avoir un ami proche, prêt à donner un coup de main.",
        needs_detail="ally",
    ),
    # Ami des animaux: « +1 de » read as « +1 dé ».
    _advantage(
        "animal-friend",
        "Ami des animaux",
        3,
        N_("+1 die on all relational rolls with animals."),
        "Cet avantage confère une empathie naturelle avec tous les animaux et donne un bonus de "
        "+1 de a tous les jets relationnels avec des animaux.",
        passive=(Passive(1, DICE, "relational-rolls-with-animals"),),
    ),
    _characteristic(
        "beauty-increased",
        "Beauté accrue",
        "beaute",
        "BEAUTÉ",
        "+1 à la caractéristique BEAUTÉ (ne permet pas de dépasser le maximum autorisé pour "
        "l’espèce).",
    ),
    _advantage(
        "lucky",
        "Chanceux",
        10,
        N_("At most 4 DESTIN points instead of 3."),
        "Le personnage est né sous une bonne étoile et dispose d’un total maximal de 4 points de "
        "DESTIN au lieu de 3.",
        passive=(Passive(4, "maximum", "destin"),),
    ),
    _advantage(
        "natural-charisma",
        "Charisme naturel",
        5,
        N_("+1 die on all relational rolls (except with animals and the Stealth skill)."),
        "Le personnage dégage une grande confiance en soi et reçoit un bonus de +1 dé à tous ses "
        "jets relationnels (hors animaux et compétence de Furtivité).",
        passive=(Passive(1, DICE, RELATIONAL_ROLLS, excludes=("animals", "stealth")),),
    ),
    _characteristic(
        "coordination-increased",
        "Coordination accrue",
        "coordination",
        "COORDINATION",
        "+1 à la caractéristique COORDINATION (ne permet pas de dépasser le maximum autorise "
        "pour l’espèce).",
    ),
    _characteristic(
        "dexterity-increased",
        "Dextérité accrue",
        "dexterite",
        "DEXTÉRITÉ",
        "+1 à la caractéristique DEXTÉRITÉ (ne permet pas de dépasser le maximum autorise pour "
        "l’espèce).",
    ),
    _advantage(
        "mechanics-gift",
        "Don pour la mécanique",
        10,
        N_("+1 die on all repair and mechanics skills."),
        "Il reçoit un bonus de +1 dé à toutes ses compétences de dépannage et mécanique.",
        passive=(Passive(1, DICE, "repair-and-mechanics-skills"),),
    ),
    _advantage(
        "languages-gift",
        "Don pour les langues",
        10,
        N_("+1 die on every language he knows."),
        "Le personnage est doué pour l’apprentissage des langues étrangères et reçoit un bonus "
        "de +1 dé à toutes les langues qu’il connaît.",
        passive=(Passive(1, DICE, "language-skills"),),
    ),
    _characteristic(
        "strength-increased",
        "Force accrue",
        "force",
        "FORCE",
        "+1 à la caractéristique FORCE (ne permet pas de dépasser le maximum autorisé pour "
        "l’espèce).",
    ),
    _advantage(
        "group-of-allies",
        "Groupe d’alliés",
        10,
        N_("A group of friends to call on (local gang, sports team, ethnic group…)."),
        "Cet avantage permet d’avoir un groupe d’amis que l’on peut solliciter en cas de "
        "problème: gang local, équipe sportive, groupe ethnique dans une localité…",
        needs_detail="group",
    ),
    _characteristic(
        "intuition-increased",
        "Intuition accrue",
        "intuition",
        "INTUITION",
        "+1 à la caractéristique INTUITION (ne permet pas de dépasser le maximum autorise pour "
        "l’espèce).",
    ),
    # Lève-tôt: lack-of-sleep penalties halved, toward zero.
    _advantage(
        "early-riser",
        "Lève-tôt",
        1,
        N_("Penalties due to lack of sleep are halved (toward zero)."),
        "Les malus dus au manque de sommeil sont divisés par 2.",
        passive=(Passive(2, "divisor", "lack-of-sleep-penalties"),),
    ),
    _advantage(
        "weapon-master",
        "Maître d’arme",
        10,
        N_("+1 die in one martial skill, its special weapons included."),
        "Le personnage a reçu un entraînement poussé dans une catégorie d’arme et reçoit un "
        "bonus de +1 dé dans une compétence martiale.",
        needs_detail="martial skill",
        passive=(Passive(1, DICE, "martial-skill"),),
    ),
    _advantage(
        "nerves-of-steel",
        "Nerfs d’acier",
        10,
        N_("+1 MORAL."),
        "Le personnage a une volonté de fer et un moral à toute épreuve, il reçoit un bonus de "
        "+1 a son MORAL.",
        passive=(Passive(1, FLAT, MORAL),),
    ),
    _characteristic(
        "perception-increased",
        "Perception accrue",
        "perception",
        "PERCEPTION",
        "+1 à la caractéristique PERCEPTION (ne permet pas de dépasser le maximum autorise pour "
        "l’espèce).",
    ),
    _characteristic(
        "reflection-increased",
        "Réflexion accrue",
        REFLEXION,
        "RÉFLEXION",
        "+1 à la caractéristique RÉFLEXION (ne permet pas de dépasser le maximum autorise pour "
        "l’espèce).",
    ),
    _contact(
        "contact-administration",
        "Relation dans l’administration",
        5,
        N_("A friend in the administration: citizens' files, some undisclosed projects."),
        "Il a accès à des dossiers de citoyens et à certains projets non divulgués.",
    ),
    _contact(
        "contact-law-enforcement",
        "Relation dans les forces de l’ordre",
        5,
        N_(
            "A friend in law enforcement: ongoing cases, citizens' information, "
            "fixes petty offences."
        ),
        "Cet ami peut accéder aux affaires en cours d’enquête, aux informations sur les citoyens "
        "et peut arranger de petites infractions.",
    ),
    _contact(
        "contact-initiatory-circle",
        "Relation dans un Cercle initiatique",
        5,
        N_(
            "A friend in an initiatory circle: occult information, good addresses, minor passwords."
        ),
        "Cet ami a accès a des informations dans le milieu occulte et connaît de bonnes "
        "adresses : scriptorium spécialisé, lieux de réunion, mots de passe mineurs…",
    ),
    _contact(
        "contact-criminal",
        "Relation dans une mafia / guilde criminelle",
        5,
        N_("A friend in a criminal organisation: some good jobs, black-market access."),
        "Il connaît quelques bons coups et peut faciliter l’accès au marché noir.",
    ),
    _contact(
        "contact-professional",
        "Relation dans une société / guilde professionnelle",
        5,
        N_("A friend in a company or guild: non-confidential information."),
        "Cadre ou secrétaire, l’ami a accès à des informations non-confidentielles.",
    ),
    _contact(
        "contact-important-administration",
        "Relation importante dans l’administration",
        10,
        N_("A friend high in the administration: much information, a very large network."),
        "Il a accès à beaucoup d’informations et dispose d’une très gros réseau d’influence.",
    ),
    _contact(
        "contact-important-law-enforcement",
        "Relation importante dans les forces de l’ordre",
        10,
        N_("A friend high in law enforcement: very much information and some secrets."),
        "Cet ami a accès à de très nombreuses informations et à certains secrets.",
    ),
    _contact(
        "contact-important-initiatory-circle",
        "Relation importante dans un Cercle initiatique",
        10,
        N_("A friend high in an initiatory circle: many relations, a vast network."),
        "Cet ami a de nombreuses relations et a accès à un vaste réseau de connaissances.",
    ),
    _contact(
        "contact-important-criminal",
        "Relation importante dans une mafia / guilde criminelle",
        10,
        N_("A friend important in a mafia group: many secrets, many friends."),
        "Cet ami connaît de nombreux secrets et a de nombreux amis…",
    ),
    _contact(
        "contact-important-professional",
        "Relation importante dans une société / guilde professionnelle",
        10,
        N_(
            "A friend high in a big company, guild or bank: precious information, "
            "a good address book."
        ),
        "cet ami a accès à des informations précieuses et a un bon carnet d’adresses.",
    ),
    _characteristic(
        "resistance-increased",
        "Résistance accrue",
        "resistance",
        "RÉSISTANCE",
        "+1 à la caractéristique RÉSISTANCE (ne permet pas de dépasser le maximum autorisé pour "
        "l’espèce).",
    ),
    _advantage(
        "poison-resistant",
        "Résistant au poison",
        10,
        N_("+1 die on all poison-resistance rolls."),
        "Le personnage a une solide constitution et reçoit un bonus de +1 dé à tous ses jets de "
        "résistance au poison.",
        passive=(Passive(1, DICE, "poison-resistance-rolls"),),
    ),
    # Résistant aux maladies: disease rolls, not allergies unless the GM rules so.
    _advantage(
        "disease-resistant",
        "Résistant aux maladies",
        10,
        N_("+1 die on all rolls to resist a disease (not allergies, C-12)."),
        "Le personnage a un bonus de +1 dé à tous ses jets permettant de résister a une maladie.",
        passive=(Passive(1, DICE, "disease-resistance-rolls"),),
    ),
    _advantage(
        "rich",
        "Riche",
        5,
        N_("Starting resources rolled, then multiplied by 3."),
        "Il faut lancer le dé et le montant indiqué sera ensuite multiplié par 3.",
        passive=(Passive(3, "multiplier", "starting-resources"),),
    ),
    _advantage(
        "therianthrope",
        "Thérianthrope",
        20,
        N_(
            "Can transform totally or partially into one animal; may learn another from a willing "
            "therianthrope."
        ),
        "Tous les thérianthropes naissent avec le pouvoir de se transformer en un seul animal.",
        needs_detail="animal",
    ),
    _advantage(
        "very-rich",
        "Très riche",
        12,
        N_("Starting resources rolled, then multiplied by 6."),
        "Il faut lancer le dé et le montant indiqué sera ensuite multiplié par 6.",
        passive=(Passive(6, "multiplier", "starting-resources"),),
    ),
    _advantage(
        "quick-as-lightning",
        "Vif comme l’éclair",
        10,
        N_("+1 INITIATIVE (non-cumulative)."),
        "Le personnage est doté de réflexes peu courants et reçoit un bonus de +1 a son "
        "INITIATIVE (non cumulable).",
        passive=(Passive(1, FLAT, "initiative", cumulative=False),),
    ),
    _characteristic(
        "willpower-increased",
        "Volonté accrue",
        "volonte",
        "VOLONTÉ",
        "+1 à la caractéristique VOLONTÉ (ne permet pas de dépasser le maximum autorisé pour "
        "l’espèce).",
    ),
)

CATALOGUE: tuple[Trait, ...] = FLAWS + ADVANTAGES
