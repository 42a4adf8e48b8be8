"""D6Harmonie flaws and advantages (seed 002; docs/rules.md#d6harmonie-flaws-and-advantages,
#d-0, #d-9, #d-10).

Expected values are typed from the tables of docs/rules.md#flaws and #advantages and worked out
by hand from the seed, never taken from the code's output; the cases the seed leaves open are
decided in docs/rules.md#where-seed-002-leaves-a-case-open.
"""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from campaign.core.errors import ImpossibleInput
from campaign.rules import d6harmonie as d6
from campaign.rules.citation import SEED_D6HARMONIE
from tests.paths import ROOT

# --- docs/rules.md#flaws: the 37 flaws (#, French name, key spelt with `_`, points) -----------
FLAW_TABLE = [
    ("Allergie grave", "allergy_severe", 8),
    ("Allergie modérée", "allergy_moderate", 3),
    ("Amnésie", "amnesia", 10),
    ("Amputation", "amputation", 20),
    ("Asocial", "asocial", 10),
    ("Aveugle", "blind", 20),
    ("Borgne", "one_eyed", 6),
    ("Clément", "merciful", 8),
    ("Croyance idiote", "absurd_belief", 5),
    ("Cupidité", "greed", 6),
    ("Dépendance psychologique", "dependency_psychological", 20),
    ("Dépendance toxique", "dependency_toxic", 20),
    ("Dyslexique", "dyslexic", 5),
    ("Ennemi", "enemy", 10),
    ("Ennemi puissant", "enemy_powerful", 20),
    ("Ennemi secret", "enemy_secret", 12),
    ("Fanatisme", "fanaticism", 12),
    ("Honnêteté absolue", "absolute_honesty", 8),
    ("Mal des transports", "motion_sickness", 5),
    ("Maladie incapacitante", "disabling_disease", 20),
    ("Maladie mineure", "minor_disease", 10),
    ("Mauvaise habitude (avare)", "bad_habit_miser", 8),
    ("Mauvaise habitude (dispendieux)", "bad_habit_spendthrift", 8),
    ("Mauvaise habitude (fêtard)", "bad_habit_partier", 5),
    ("Mauvaise habitude (goinfre)", "bad_habit_glutton", 5),
    ("Mauvaise habitude (grand train de vie)", "bad_habit_high_living", 8),
    ("Mauvaise habitude (mythomane)", "bad_habit_mythomaniac", 8),
    ("Mauvaise habitude (sadique)", "bad_habit_sadist", 8),
    ("Mémoire déficiente", "poor_memory", 12),
    ("Muet", "mute", 15),
    ("Pacifiste", "pacifist", 6),
    ("Phobie incapacitante", "phobia_disabling", 10),
    ("Phobie légère", "phobia_mild", 4),
    ("Sommeil de plomb", "heavy_sleeper", 2),
    ("Sourd", "deaf", 15),
    ("Tueur psychopathe", "psychopathic_killer", 20),
    ("Vertige", "vertigo", 3),
]

# --- docs/rules.md#advantages: the 36 advantages ----------------------------------------------
ADVANTAGE_TABLE = [
    ("Affinité avec le Mentalisme", "mentalism_affinity", 20),
    ("Allié", "ally", 5),
    ("Ami des animaux", "animal_friend", 3),
    ("Beauté accrue", "beauty_increased", 20),
    ("Chanceux", "lucky", 10),
    ("Charisme naturel", "natural_charisma", 5),
    ("Coordination accrue", "coordination_increased", 20),
    ("Dextérité accrue", "dexterity_increased", 20),
    ("Don pour la mécanique", "mechanics_gift", 10),
    ("Don pour les langues", "languages_gift", 10),
    ("Force accrue", "strength_increased", 20),
    ("Groupe d’alliés", "group_of_allies", 10),
    ("Intuition accrue", "intuition_increased", 20),
    ("Lève-tôt", "early_riser", 1),
    ("Maître d’arme", "weapon_master", 10),
    ("Nerfs d’acier", "nerves_of_steel", 10),
    ("Perception accrue", "perception_increased", 20),
    ("Réflexion accrue", "reflection_increased", 20),
    ("Relation dans l’administration", "contact_administration", 5),
    ("Relation dans les forces de l’ordre", "contact_law_enforcement", 5),
    ("Relation dans un Cercle initiatique", "contact_initiatory_circle", 5),
    ("Relation dans une mafia / guilde criminelle", "contact_criminal", 5),
    ("Relation dans une société / guilde professionnelle", "contact_professional", 5),
    ("Relation importante dans l’administration", "contact_important_administration", 10),
    ("Relation importante dans les forces de l’ordre", "contact_important_law_enforcement", 10),
    (
        "Relation importante dans un Cercle initiatique",
        "contact_important_initiatory_circle",
        10,
    ),
    ("Relation importante dans une mafia / guilde criminelle", "contact_important_criminal", 10),
    (
        "Relation importante dans une société / guilde professionnelle",
        "contact_important_professional",
        10,
    ),
    ("Résistance accrue", "resistance_increased", 20),
    ("Résistant au poison", "poison_resistant", 10),
    ("Résistant aux maladies", "disease_resistant", 10),
    ("Riche", "rich", 5),
    ("Thérianthrope", "therianthrope", 20),
    ("Très riche", "very_rich", 12),
    ("Vif comme l’éclair", "quick_as_lightning", 10),
    ("Volonté accrue", "willpower_increased", 20),
]


def kebab(snake: str) -> str:
    return snake.replace("_", "-")


# --- The catalogue ----------------------------------------------------------------------------


def test_counts():
    assert len(FLAW_TABLE) == 37 and len(ADVANTAGE_TABLE) == 36
    assert len(d6.FLAWS) == 37
    assert len(d6.ADVANTAGES) == 36
    assert len(d6.CATALOGUE) == 73
    assert len({t.key for t in d6.CATALOGUE}) == 73


@pytest.mark.parametrize(("name_fr", "snake", "points"), FLAW_TABLE)
def test_flaw_row(name_fr, snake, points):
    trait = d6.find_trait(kebab(snake))
    assert (trait.key, trait.name_fr, trait.kind, trait.points) == (
        kebab(snake),
        name_fr,
        "flaw",
        points,
    )


@pytest.mark.parametrize(("name_fr", "snake", "points"), ADVANTAGE_TABLE)
def test_advantage_row(name_fr, snake, points):
    trait = d6.find_trait(kebab(snake))
    assert (trait.key, trait.name_fr, trait.kind, trait.points) == (
        kebab(snake),
        name_fr,
        "advantage",
        points,
    )


def test_catalogue_in_the_seeds_order():
    assert [t.key for t in d6.catalogue()] == [kebab(k) for _, k, _ in FLAW_TABLE + ADVANTAGE_TABLE]
    assert [t.key for t in d6.catalogue("flaw")] == [kebab(k) for _, k, _ in FLAW_TABLE]
    assert [t.key for t in d6.catalogue("advantage")] == [kebab(k) for _, k, _ in ADVANTAGE_TABLE]


def test_unknown_kind():
    with pytest.raises(ImpossibleInput) as caught:
        d6.catalogue("virtue")
    assert caught.value.field == "kind"


# --- Difficulty ladder (docs/rules.md#d6harmonie-rolls) ---------------------------------------


@pytest.mark.parametrize(
    ("value", "name"),
    [
        (1, "ENFANTIN"),
        (5, "FACILE"),
        (7, "SIMPLE"),
        (9, "NORMALE"),
        (11, "DIFFICILE"),
        (13, "TRÈS DIFFICILE"),
        (15, "EXTRÊMEMENT DIFFICILE"),
    ],
)
def test_ladder(value, name):
    assert d6.difficulty_name(value) == name


@pytest.mark.parametrize("value", [0, 2, 3, 4, 6, 8, 10, 12, 14, 16, 17, 21, None])
def test_names_label_exact_values_only(value):
    assert d6.difficulty_name(value) is None


# --- Spellings (docs/rules.md#d-10) -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Nerfs d’acier", "nerfs-d-acier"),
        ("Mauvaise habitude (avare)", "mauvaise-habitude-avare"),
        ("Phobie légère", "phobie-legere"),
        ("Lève-tôt", "leve-tot"),
        ("Maître d’arme", "maitre-d-arme"),
        (
            "Relation dans une mafia / guilde criminelle",
            "relation-dans-une-mafia-guilde-criminelle",
        ),
        ("  Honnêteté absolue !", "honnetete-absolue"),
        ("phobia_mild", "phobia-mild"),
    ],
)
def test_slug(text, expected):
    assert d6.slug(text) == expected


@pytest.mark.parametrize(
    ("spelling", "key"),
    [
        ("phobia-mild", "phobia-mild"),
        ("phobia_mild", "phobia-mild"),
        ("PHOBIA-MILD", "phobia-mild"),
        ("phobie-legere", "phobia-mild"),
        ("Phobie-Legere", "phobia-mild"),
        ("phobie-legere:spiders", "phobia-mild"),
        ("nerfs-d-acier", "nerves-of-steel"),
        ("nerves_of_steel", "nerves-of-steel"),
        ("mauvaise-habitude-avare", "bad-habit-miser"),
        ("bad_habit_miser", "bad-habit-miser"),
        ("allergie-grave", "allergy-severe"),
        ("memoire-deficiente", "poor-memory"),
        ("beaute-accrue", "beauty-increased"),
        ("vif-comme-l-eclair", "quick-as-lightning"),
        ("relation-importante-dans-une-mafia-guilde-criminelle", "contact-important-criminal"),
        ("sommeil-de-plomb", "heavy-sleeper"),
    ],
)
def test_find_trait_spellings(spelling, key):
    assert d6.find_trait(spelling).key == key


@pytest.mark.parametrize(("name_fr", "snake", "points"), FLAW_TABLE + ADVANTAGE_TABLE)
def test_every_trait_by_snake_key_and_french_slug(name_fr, snake, points):
    assert d6.find_trait(snake).key == kebab(snake)
    assert d6.find_trait(d6.slug(name_fr)).key == kebab(snake)


def test_unknown_trait_suggests_close_keys():
    with pytest.raises(ImpossibleInput) as caught:
        d6.find_trait("phobia-mlid")
    assert caught.value.field == "key"
    assert "phobia-mild" in caught.value.message


@pytest.mark.parametrize("bad", ["", "dragon-blood", 7, None])
def test_unknown_or_malformed_key(bad):
    with pytest.raises(ImpossibleInput) as caught:
        d6.find_trait(bad)
    assert caught.value.field == "key"


def test_split_detail():
    assert d6.split_detail("phobie-legere:spiders") == ("phobie-legere", "spiders")
    assert d6.split_detail("nerves-of-steel") == ("nerves-of-steel", None)


# --- Triggers as data (docs/log-language.md#traits) -------------------------------------------

TRIGGERS = {
    "allergy-severe": ["presence"],
    "allergy-moderate": ["presence"],
    "merciful": ["kill"],
    "greed": ["temptation", "missed-chance"],
    "dependency-psychological": ["deprived"],
    "dependency-toxic": ["deprived"],
    "fanaticism": ["crisis"],
    "absolute-honesty": ["lie"],
    "motion-sickness": ["vehicle"],
    "disabling-disease": ["monthly"],
    "bad-habit-miser": ["pay", "forced-to-pay", "robbed"],
    "bad-habit-spendthrift": ["temptation"],
    "bad-habit-partier": ["deprived"],
    "bad-habit-glutton": ["deprived"],
    "bad-habit-high-living": ["settle-for-less"],
    "bad-habit-mythomaniac": ["tell-truth"],
    "bad-habit-sadist": ["impulse", "deprived"],
    "poor-memory": ["remember"],
    "pacifist": ["attacked", "forced-to-fight"],
    "phobia-disabling": ["presence"],
    "phobia-mild": ["presence"],
    "heavy-sleeper": ["short-night", "brutal-awakening"],
    "psychopathic-killer": ["monthly"],
    "vertigo": ["situation", "enter"],
}


@pytest.mark.parametrize(("name_fr", "snake", "points"), FLAW_TABLE + ADVANTAGE_TABLE)
def test_trigger_names(name_fr, snake, points):
    assert list(d6.find_trait(snake).trigger_names) == TRIGGERS.get(kebab(snake), [])


# (key, trigger, score rolled, base difficulty) — docs/rules.md#flaws: MORAL vs NORMALE (9) etc.
ROLLS = [
    ("allergy-severe", "presence", "resistance-a-la-maladie", 9),
    ("allergy-moderate", "presence", "resistance-a-la-maladie", 5),
    ("greed", "temptation", "moral", 9),
    ("greed", "missed-chance", "moral", 9),
    ("fanaticism", "crisis", "moral", 9),
    ("absolute-honesty", "lie", "moral", 9),
    ("motion-sickness", "vehicle", "moral", 7),
    ("disabling-disease", "monthly", "resistance-a-la-maladie", 9),
    ("bad-habit-miser", "pay", "moral", 9),
    ("bad-habit-spendthrift", "temptation", "moral", 9),
    ("bad-habit-high-living", "settle-for-less", "moral", 9),
    ("bad-habit-mythomaniac", "tell-truth", "moral", 9),
    ("bad-habit-sadist", "impulse", "moral", 9),
    ("poor-memory", "remember", "reflexion", 1),
    ("pacifist", "attacked", "moral", 9),
    ("phobia-disabling", "presence", "moral", 9),
    ("phobia-mild", "presence", "moral", 9),
    ("heavy-sleeper", "brutal-awakening", "moral", 9),
    ("psychopathic-killer", "monthly", "moral", 9),
    ("vertigo", "situation", "moral", 9),
    ("vertigo", "enter", "moral", 9),
]
NO_ROLL = [
    ("merciful", "kill"),
    ("bad-habit-miser", "forced-to-pay"),
    ("bad-habit-miser", "robbed"),
    ("bad-habit-partier", "deprived"),
    ("bad-habit-glutton", "deprived"),
    ("bad-habit-sadist", "deprived"),
    ("pacifist", "forced-to-fight"),
    ("heavy-sleeper", "short-night"),
]


@pytest.mark.parametrize(("key", "trigger", "score", "base"), ROLLS)
def test_rolled_score_and_difficulty(key, trigger, score, base):
    outcome = d6.resolve_flaw(key, trigger=trigger)
    assert outcome.score == score
    assert outcome.rule_difficulty == base == outcome.difficulty
    assert outcome.success is None and outcome.failure_points is None


@pytest.mark.parametrize(("key", "trigger"), NO_ROLL)
def test_triggers_without_a_roll(key, trigger):
    outcome = d6.resolve_flaw(key, trigger=trigger)
    assert outcome.score is None and outcome.difficulty is None and outcome.success is None
    assert outcome.penalties or outcome.effects
    with pytest.raises(ImpossibleInput) as caught:
        d6.resolve_flaw(key, trigger=trigger, result=5)
    assert caught.value.field == "result"
    with pytest.raises(ImpossibleInput) as caught:
        d6.resolve_flaw(key, trigger=trigger, critical=True)
    assert caught.value.field == "critical"


def test_default_trigger_is_the_first():
    assert d6.resolve_flaw("vertigo").trigger.name == "situation"
    assert d6.resolve_flaw("greed").trigger.name == "temptation"
    assert d6.resolve_flaw("vertigo", trigger="Enter").trigger.name == "enter"
    assert d6.resolve_flaw("greed", trigger="missed_chance").trigger.name == "missed-chance"


# --- The seed's worked examples ---------------------------------------------------------------


def test_seed_severe_allergy_example():
    # « contraint d’être au contact d’un chien pendant 6 minutes … NORMALE (9) + 6, soit
    # EXTRÊMEMENT DIFFICILE (15 …) Il échoue de 5 points et perd donc 5 points de vie au torse et
    # 5 points de conscience ! »
    outcome = d6.resolve_flaw("allergie-grave", minutes=6, result=10)
    assert outcome.trait.key == "allergy-severe"
    assert outcome.score == "resistance-a-la-maladie"
    assert outcome.difficulty == 15
    assert outcome.difficulty_name == "EXTRÊMEMENT DIFFICILE"
    assert outcome.success is False
    assert outcome.failure_points == 5
    assert outcome.hp_lost == {"torso": 5}
    assert outcome.conscience_lost == 5


def test_seed_poor_memory_example():
    # « un événement vieux de 9 ans aura donc une difficulté de 10 ! »
    outcome = d6.resolve_flaw("memoire-deficiente", years=9)
    assert outcome.score == "reflexion"
    assert outcome.difficulty == 10


@pytest.mark.parametrize(("years", "difficulty"), [(0, 1), (0.5, 1), (1, 2), (9.99, 10), (30, 31)])
def test_poor_memory_floors_years(years, difficulty):
    # ENFANTIN (1) + 1 per whole year (docs/rules.md#where-seed-002-leaves-a-case-open).
    assert d6.resolve_flaw("poor-memory", years=years).difficulty == difficulty


def test_seed_budget_example_flaws():
    # « une mémoire déficiente … 12 points … et une allergie grave … 8 points … pour un total de
    # 20 points supplémentaires, le maximum autorisé »
    result = d6.budget(["memoire-deficiente", "allergie-grave:cacahuetes"], [])
    assert result.flaw_points == 20
    assert result.advantage_points == 0
    assert result.within_budget is True


def test_seed_budget_example_advantage():
    # « BEAUTÉ ACCRUE … (20), il coûte donc 20 points … C’est le maximum »
    result = d6.budget([], ["beaute-accrue"])
    assert result.advantage_points == 20
    assert result.within_budget is True


def test_over_budget_is_evaluated_not_capped():
    # D-0: 21 points are recorded and flagged later, never refused nor capped.
    flaws = d6.budget(["memoire-deficiente", "allergie-grave", "allergy-severe"], [])
    assert flaws.flaw_points == 28 and flaws.within_budget is False
    assert flaws.flaws_within_budget is False and flaws.advantages_within_budget is True
    assert d6.budget(["poor-memory", "allergy-severe", "dyslexic"], []).flaw_points == 25
    advantages = d6.budget([], ["beauty-increased", "early-riser"])
    assert advantages.advantage_points == 21 and advantages.within_budget is False
    assert d6.budget(["amputation", "phobia-mild"], []).within_budget is False  # 20 + 4


def test_twenty_one_flaw_points_are_over_budget():
    # Mémoire déficiente 12 + Cupidité 6 + Vertige 3 = 21 > 20.
    result = d6.budget(["poor-memory", "greed", "vertigo"], [])
    assert result.flaw_points == 21
    assert result.flaws_within_budget is False and result.within_budget is False
    # 12 + 6 + 2 = 20 is exactly the maximum.
    assert d6.budget(["poor-memory", "greed", "heavy-sleeper"], []).within_budget is True


def test_budget_kind_mismatch():
    with pytest.raises(ImpossibleInput) as caught:
        d6.budget(["nerfs-d-acier"], [])
    assert caught.value.field == "flaw"
    with pytest.raises(ImpossibleInput) as caught:
        d6.budget([], ["phobia-mild"])
    assert caught.value.field == "advantage"
    with pytest.raises(ImpossibleInput) as caught:
        d6.budget([], ["no-such-trait"])
    assert caught.value.field == "advantage"


# --- Allergies (docs/rules.md#where-seed-002-leaves-a-case-open) ------------------------------


@pytest.mark.parametrize(
    ("key", "minutes", "difficulty"),
    [
        ("allergy-severe", 0, 9),
        ("allergy-severe", 6.9, 15),
        ("allergy-severe", 12, 21),
        ("allergy-severe", 13, 21),
        ("allergy-severe", 500, 21),
        ("allergy-moderate", 0, 5),
        ("allergy-moderate", 3, 8),
        ("allergy-moderate", 12, 17),
        ("allergy-moderate", 60, 17),
    ],
)
def test_allergy_minutes_capped_at_twelve(key, minutes, difficulty):
    assert d6.resolve_flaw(key, minutes=minutes).difficulty == difficulty


def test_moderate_allergy_loses_at_most_eight_conscience():
    # FACILE (5) + 10 = 15, result 2: failed by 13, but « maximum 8 points de conscience perdus ».
    outcome = d6.resolve_flaw("allergy-moderate", minutes=10, result=2)
    assert outcome.failure_points == 13
    assert outcome.conscience_lost == 8
    assert outcome.hp_lost == {}
    # Below the cap: 5 + 3 = 8, result 4 → failed by 4 → 4 conscience.
    assert d6.resolve_flaw("allergy-moderate", minutes=3, result=4).conscience_lost == 4


def test_severe_allergy_has_no_cap():
    # No cap on the severe allergy's losses: 9 + 12 = 21, result 0 → 21 torso HP and 21
    # conscience.
    outcome = d6.resolve_flaw("allergy-severe", minutes=12, result=0)
    assert outcome.hp_lost == {"torso": 21}
    assert outcome.conscience_lost == 21


def test_allergy_success_costs_nothing():
    outcome = d6.resolve_flaw("allergy-severe", minutes=2, result=11)
    assert outcome.success is True and outcome.failure_points == 0
    assert outcome.hp_lost == {"torso": 0} and outcome.conscience_lost == 0


# --- The phobias: the example log's, the critical row (D-9), the open cases -------------------


def test_the_ford_logs_phobia_mild_example():
    # `trait brynn phobia-mild --result 6`: MORAL vs NORMALE (9), failed by 3.
    outcome = d6.resolve_flaw("phobia-mild", result=6)
    assert (outcome.score, outcome.difficulty, outcome.difficulty_name) == ("moral", 9, "NORMALE")
    assert outcome.success is False and outcome.failure_points == 3
    assert [(p.value, p.unit, p.applies_to, p.duration) for p in outcome.penalties] == [
        (-1, "flat", "all-rolls", None)
    ]


def test_phobia_mild_success_has_no_effect():
    outcome = d6.resolve_flaw("phobia-mild", result=9)  # equal to the difficulty succeeds
    assert outcome.success is True and outcome.penalties == () and outcome.failure_points == 0


def test_phobia_mild_critical_replaces_the_failure_row():
    outcome = d6.resolve_flaw("phobia-mild", result=4, critical=True)
    assert [(p.value, p.applies_to) for p in outcome.penalties] == [(-2, "all-rolls")]
    assert "panic attack" in outcome.effects
    assert outcome.failure_points == 5


def test_phobia_disabling_rows():
    success = d6.resolve_flaw("phobia-disabling", result=10)
    assert [p.value for p in success.penalties] == [-1]
    failure = d6.resolve_flaw("phobia-disabling", result=8)
    assert [p.value for p in failure.penalties] == [-3]
    assert "flees in panic" in failure.effects
    critical = d6.resolve_flaw("phobia-disabling", result=8, critical=True)
    assert [p.value for p in critical.penalties] == [-5]
    assert "catatonic collapse" in critical.effects
    assert "flees in panic" not in critical.effects
    assert any("ENDURCISSEMENT" in e for e in critical.effects)
    assert critical.score_changes == {"endurcissement": -1}
    assert failure.score_changes == {}


def test_critical_is_a_failure_whatever_the_result():
    outcome = d6.resolve_flaw("phobia-mild", result=14, critical=True)
    assert outcome.success is False
    assert outcome.failure_points == 0  # difficulty − result, not below 0
    no_result = d6.resolve_flaw("phobia-mild", critical=True)
    assert no_result.success is False and no_result.failure_points is None
    assert [p.value for p in no_result.penalties] == [-2]


def test_critical_severe_allergy_without_result_has_unknown_losses():
    outcome = d6.resolve_flaw("allergy-severe", minutes=3, critical=True)
    assert outcome.success is False
    assert outcome.hp_lost is None and outcome.conscience_lost is None


# --- The other flaws --------------------------------------------------------------------------


def test_disabling_disease_critical_adds_to_the_failure():
    failure = d6.resolve_flaw("disabling-disease", result=7)
    assert [(p.value, p.applies_to, str(p.duration)) for p in failure.penalties] == [
        (-2, "all-rolls", "1D6 weeks")
    ]
    assert failure.score_changes == {}
    critical = d6.resolve_flaw("disabling-disease", result=7, critical=True)
    assert [(p.value, str(p.duration)) for p in critical.penalties] == [(-2, "1D6 weeks")]
    assert "−1 RÉSISTANCE (permanent)" in critical.effects
    assert critical.score_changes == {"resistance": -1}


@pytest.mark.parametrize(
    ("amount", "difficulty", "name"),
    [
        (None, 9, "NORMALE"),
        ("normal", 9, "NORMALE"),
        ("large", 11, "DIFFICILE"),
        ("very-large", 13, "TRÈS DIFFICILE"),
        ("very_large", 13, "TRÈS DIFFICILE"),
    ],
)
def test_miser_sums(amount, difficulty, name):
    outcome = d6.resolve_flaw("bad-habit-miser", sum=amount)
    assert (outcome.difficulty, outcome.difficulty_name) == (difficulty, name)


def test_miser_unknown_sum():
    with pytest.raises(ImpossibleInput) as caught:
        d6.resolve_flaw("bad-habit-miser", sum="huge")
    assert caught.value.field == "sum"


def test_miser_forced_to_pay():
    outcome = d6.resolve_flaw("bad-habit-miser", trigger="forced-to-pay")
    assert [(p.value, p.unit, p.applies_to, str(p.duration)) for p in outcome.penalties] == [
        (-2, "flat", "all-rolls", "1D6 weeks")
    ]


def test_motion_sickness():
    outcome = d6.resolve_flaw("mal-des-transports", result=6)
    assert (outcome.difficulty, outcome.difficulty_name) == (7, "SIMPLE")
    assert [(p.value, p.applies_to, str(p.duration)) for p in outcome.penalties] == [
        (-2, "all-rolls", "1D6 hours")
    ]
    assert d6.resolve_flaw("motion-sickness", result=7).penalties == ()


@pytest.mark.parametrize(
    ("key", "hours", "relational"),
    [
        ("dependency-toxic", 11.9, 0),
        ("dependency-toxic", 12, -1),
        ("dependency-toxic", 24, -2),
        ("dependency-toxic", 36, -3),
        ("dependency-psychological", 12, 0),  # per full 24 h (an open case of the seed)
        ("dependency-psychological", 24, -1),
        ("dependency-psychological", 71, -2),
    ],
)
def test_dependencies(key, hours, relational):
    outcome = d6.resolve_flaw(key, hours=hours)
    penalties = {p.applies_to: (p.value, p.unit) for p in outcome.penalties}
    if relational == 0:
        assert penalties == {}
    else:
        # The −2 dice withdrawal starts with the first completed period (an open case).
        assert penalties == {"relational-rolls": (relational, "dice"), "skill-rolls": (-2, "dice")}
    assert outcome.success is None


def test_dependency_needs_hours():
    with pytest.raises(ImpossibleInput) as caught:
        d6.resolve_flaw("dependency-toxic")
    assert caught.value.field == "hours"


def test_merciful_kill():
    outcome = d6.resolve_flaw("clement")
    assert outcome.trigger.name == "kill"
    assert [(p.value, p.unit, p.applies_to, str(p.duration)) for p in outcome.penalties] == [
        (-3, "flat", "all-rolls", "1D6 weeks")
    ]


def test_absolute_honesty_bites_on_success():
    lied = d6.resolve_flaw("absolute-honesty", result=9)
    assert [(p.value, str(p.duration)) for p in lied.penalties] == [(-2, "1D6 hours")]
    refused = d6.resolve_flaw("absolute-honesty", result=3)
    assert refused.penalties == () and "cannot lie" in refused.effects


def test_pacifist():
    assert d6.resolve_flaw("pacifist", result=10).penalties == ()  # retaliating is not forced
    forced = d6.resolve_flaw("pacifist", trigger="forced-to-fight")
    assert [(p.value, str(p.duration)) for p in forced.penalties] == [(-2, "1D6 hours")]


def test_heavy_sleeper():
    short = d6.resolve_flaw("heavy-sleeper")
    assert [(p.value, p.applies_to, p.duration) for p in short.penalties] == [
        (-2, "all-rolls", None)
    ]
    # Lève-tôt halves the lack-of-sleep penalty (an open case of the seed)…
    halved = d6.resolve_flaw("heavy-sleeper", advantages=["leve-tot"])
    assert [p.value for p in halved.penalties] == [-1]
    # …but not the brutal awakening's −3 for 1D6 tours (rounds, D-9).
    woken = d6.resolve_flaw(
        "heavy-sleeper", trigger="brutal-awakening", result=2, advantages=["early-riser"]
    )
    assert [(p.value, str(p.duration)) for p in woken.penalties] == [(-3, "1D6 rounds")]


# --- durations in in-game seconds (docs/rules.md#d-9: « tours » are rounds of 10 seconds) ------

ROUNDS, HOURS, WEEKS = (
    d6.Duration(1, "rounds", 6),
    d6.Duration(1, "hours", 6),
    d6.Duration(1, "weeks", 6),
)


@pytest.mark.parametrize(
    ("duration", "rolled", "seconds"),
    [
        (ROUNDS, 1, 10),  # « durant 1D6 tours »: one round, 10 s — never a whole minute
        (ROUNDS, 2, 20),
        (ROUNDS, 6, 60),
        (HOURS, 4, 4 * 3600),  # « durant 1D6 heures »
        (WEEKS, 2, 2 * 7 * 86400),  # « pour 1D6 semaines »
        (d6.Duration(3, "rounds"), None, 30),  # a fixed length needs no roll
        (d6.Duration(2, "hours"), None, 7200),
    ],
)
def test_a_duration_lasts_its_rolled_or_fixed_length_to_the_second(duration, rolled, seconds):
    assert d6.duration_seconds(duration, rolled) == seconds


def test_a_dice_duration_without_its_roll_cannot_have_happened():
    with pytest.raises(ImpossibleInput) as raised:
        d6.duration_seconds(HOURS)
    assert raised.value.field == "duration"


@pytest.mark.parametrize(
    ("seconds", "spelled"),
    [(0, "0s"), (1, "1s"), (10, "1round"), (20, "2rounds"), (65, "65s"), (70, "7rounds"),
     (60, "1min"), (600, "10min"), (3600, "1h"), (14400, "4h"), (14450, "1445rounds"),
     (86400, "1d"), (1209600, "2w")],
)  # fmt: skip
def test_a_length_is_spelled_in_its_largest_whole_unit_rounds_before_seconds(seconds, spelled):
    assert d6.describe_seconds(seconds) == spelled


def test_a_ruled_duration_differs_only_outside_what_the_dice_allow():
    woken = d6.resolve_flaw("heavy-sleeper", trigger="brutal-awakening", result=2)  # 1D6 rounds
    differs = [s for s in (5, 10, 20, 60, 61, 65, 70) if d6.consequences_differ(woken, duration=s)]
    assert differs == [5, 61, 65, 70]  # 10–60 s: one to six rounds
    missed = d6.resolve_flaw("greed", trigger="missed-chance", result=5)  # 1D6 hours
    hours = (3599, 3600, 5 * 3600, 6 * 3600, 7 * 3600)
    assert [s for s in hours if d6.consequences_differ(missed, duration=s)] == [3599, 7 * 3600]


def test_vertigo():
    situation = d6.resolve_flaw("vertige", result=5)
    assert [p.value for p in situation.penalties] == [-2]
    enter = d6.resolve_flaw("vertigo", trigger="enter", result=5)
    assert enter.penalties == () and "completely unable to do it" in enter.effects


def test_glutton_and_partier():
    glutton = d6.resolve_flaw("bad-habit-glutton")
    assert sorted((p.applies_to, p.value) for p in glutton.penalties) == [
        ("physical-rolls", -1),
        ("relational-rolls", -1),
    ]
    partier = d6.resolve_flaw("mauvaise-habitude-fetard")
    assert [(p.applies_to, p.value) for p in partier.penalties] == [("relational-rolls", -2)]


def test_ruled_difficulty_judges_the_roll():
    # D-9, docs/log-language.md#traits: the GM's difficulty is the one in force; the rule's is
    # kept beside it.
    outcome = d6.resolve_flaw("phobia-mild", result=8, difficulty=7)
    assert outcome.rule_difficulty == 9 and outcome.difficulty == 7
    assert outcome.difficulty_name == "SIMPLE"
    assert outcome.success is True and outcome.penalties == ()


# --- Impossible input -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "kwargs", "field"),
    [
        ("vertigo", {"minutes": 3}, "minutes"),
        ("phobia-mild", {"hours": 3}, "hours"),
        ("allergy-severe", {"years": 3}, "years"),
        ("vertigo", {"sum": "large"}, "sum"),
        ("bad-habit-miser", {"trigger": "forced-to-pay", "sum": "large"}, "sum"),
        ("vertigo", {"trigger": "jump"}, "trigger"),
        ("nerves-of-steel", {}, "key"),
        ("amnesia", {}, "key"),
        ("no-such-flaw", {}, "key"),
        ("allergy-severe", {"minutes": -1}, "minutes"),
        ("allergy-severe", {"minutes": math.nan}, "minutes"),
        ("allergy-severe", {"minutes": math.inf}, "minutes"),
        ("allergy-severe", {"minutes": "6"}, "minutes"),
        ("dependency-toxic", {"hours": -12}, "hours"),
        ("poor-memory", {"years": -1}, "years"),
        ("phobia-mild", {"result": -1}, "result"),
        ("phobia-mild", {"result": 6.5}, "result"),
        ("phobia-mild", {"result": True}, "result"),
        ("phobia-mild", {"difficulty": -2}, "difficulty"),
        ("phobia-mild", {"difficulty": 9.0}, "difficulty"),
    ],
)
def test_impossible_input(key, kwargs, field):
    with pytest.raises(ImpossibleInput) as caught:
        d6.resolve_flaw(key, **kwargs)
    assert caught.value.field == field


def test_inapplicable_option_says_what_the_trigger_takes():
    with pytest.raises(ImpossibleInput) as caught:
        d6.resolve_flaw("vertigo", minutes=3)
    assert "vertigo" in caught.value.message and "result" in caught.value.message


# --- Passive effects --------------------------------------------------------------------------


def test_moral_modifier():
    assert d6.moral_modifier(["nerves-of-steel"]) == 1
    assert d6.moral_modifier(["nerfs-d-acier", "lucky"]) == 1
    assert d6.moral_modifier(["nerves-of-steel", "nerves-of-steel"]) == 1
    assert d6.moral_modifier([]) == 0
    assert d6.moral_modifier(["natural-charisma", "quick-as-lightning"]) == 0


def passives(key):
    return [(p.value, p.unit, p.applies_to) for p in d6.find_trait(key).passive]


def test_passive_data():
    assert passives("nerves-of-steel") == [(1, "flat", "moral")]
    assert passives("lucky") == [(4, "maximum", "destin")]
    assert passives("quick-as-lightning") == [(1, "flat", "initiative")]
    assert d6.find_trait("quick-as-lightning").passive[0].cumulative is False
    assert passives("asocial") == [(-1, "dice", "relational-rolls"), (2, "flat", "endurcissement")]
    assert passives("natural-charisma") == [(1, "dice", "relational-rolls")]
    assert passives("animal-friend")[0][:2] == (1, "dice")  # « +1 de » is a die (an open case)
    assert passives("one-eyed") == [(-1, "flat", "sight-skills")]
    assert (-6, "flat", "sight-actions") in passives("blind")
    assert passives("rich") == [(3, "multiplier", "starting-resources")]
    assert passives("very-rich") == [(6, "multiplier", "starting-resources")]


@pytest.mark.parametrize(
    ("key", "score"),
    [
        ("beauty-increased", "beaute"),
        ("coordination-increased", "coordination"),
        ("dexterity-increased", "dexterite"),
        ("strength-increased", "force"),
        ("intuition-increased", "intuition"),
        ("perception-increased", "perception"),
        ("reflection-increased", "reflexion"),
        ("resistance-increased", "resistance"),
        ("willpower-increased", "volonte"),
    ],
)
def test_characteristic_advantages(key, score):
    trait = d6.find_trait(key)
    assert trait.points == 20
    (effect,) = trait.passive
    assert (effect.value, effect.unit, effect.applies_to, effect.species_cap) == (
        1,
        "flat",
        score,
        True,
    )


def test_flags_and_details():
    assert {t.key for t in d6.CATALOGUE if t.adults_only} == {
        "bad-habit-sadist",
        "psychopathic-killer",
    }
    for key in (
        "allergy-severe",
        "phobia-mild",
        "enemy",
        "one-eyed",
        "amnesia",
        "amputation",
        "therianthrope",
        "mentalism-affinity",
        "weapon-master",
    ):
        assert d6.find_trait(key).needs_detail, key
    assert d6.find_trait("nerves-of-steel").needs_detail is None


# --- Sources ----------------------------------------------------------------------------------

SEED = ROOT.parent / "shared" / "seeds" / SEED_D6HARMONIE


@pytest.mark.skipif(not SEED.exists(), reason="the seed file is not next to the project")
def test_quotes_are_verbatim_from_the_seed():
    text = re.sub(r"\s+", " ", SEED.read_text(encoding="utf-8"))
    for trait in d6.CATALOGUE:
        assert f"{trait.name_fr} ({trait.points})" in text, trait.key
        for quote in [trait.text_fr] + [t.text_fr for t in trait.triggers]:
            assert re.sub(r"\s+", " ", quote) in text, trait.key


def test_every_outcome_cites_the_seed():
    outcome = d6.resolve_flaw("phobie-legere", result=6)
    (cite,) = outcome.cites
    assert cite.seed == SEED_D6HARMONIE and cite.name == "Phobie légère"
    assert "NORMALE (9)" in cite.text_fr
    assert outcome.as_json()["rule"] == {"seed": SEED_D6HARMONIE, "name": "Phobie légère"}


# --- Properties -------------------------------------------------------------------------------

ROLLING = [(key, trigger) for key, trigger, _, _ in ROLLS]
results = st.integers(min_value=0, max_value=40)


@given(st.sampled_from(ROLLING), results, results)
def test_success_is_monotonic_in_the_result(pair, a, b):
    key, trigger = pair
    low, high = sorted((a, b))
    if d6.resolve_flaw(key, trigger=trigger, result=low).success:
        assert d6.resolve_flaw(key, trigger=trigger, result=high).success


@given(st.sampled_from(ROLLING), results, st.booleans(), st.integers(0, 30))
def test_failure_points(pair, result, critical, difficulty):
    key, trigger = pair
    outcome = d6.resolve_flaw(
        key, trigger=trigger, result=result, critical=critical, difficulty=difficulty
    )
    assert outcome.failure_points >= 0
    assert outcome.success is ((result >= difficulty) and not critical)
    if outcome.success:
        assert outcome.failure_points == 0
    else:
        assert outcome.failure_points == max(0, difficulty - result)


@given(
    st.sampled_from([("allergy-severe", 9), ("allergy-moderate", 5)]),
    st.floats(min_value=0, max_value=10_000, allow_nan=False),
    st.floats(min_value=0, max_value=10_000, allow_nan=False),
)
def test_allergy_difficulty_in_minutes(pair, a, b):
    key, base = pair
    low, high = sorted((a, b))
    d_low = d6.resolve_flaw(key, minutes=low).difficulty
    d_high = d6.resolve_flaw(key, minutes=high).difficulty
    assert base <= d_low <= d_high <= base + 12
