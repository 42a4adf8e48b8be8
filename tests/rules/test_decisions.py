"""The decisions of docs/rules.md, D-0…D-10: one test (at least) per decision, named after it.

The detailed tables live in the per-module tests; this file is the index an auditor reads.
"""

import re

import pytest

from campaign.core.errors import ImpossibleInput
from campaign.rules import d6harmonie as d6
from campaign.rules import morale as m
from campaign.rules import saves as s
from campaign.rules.dice import D20, TWO_D6, parse_roll


def two_d6(text):
    return parse_roll(text, TWO_D6)


def d20(text):
    return parse_roll(text, D20)


def test_d0_principle_of_record_rulings_are_evaluated_not_refused():
    # what a GM could rule is computed as given and flagged…
    assert m.morale_test(7, adjustment=-4, roll=two_d6("3")).effective == 3  # sum beyond ±2
    over = d6.budget(flaws=["amputation", "blind"], advantages=[])
    assert (over.flaw_points, over.within_budget) == (40, False)
    assert m.morale_test(7, roll=two_d6("12")).contradicted_by("fight")  # a ruling, flagged
    # …only what cannot have happened is refused
    for impossible in (
        lambda: parse_roll("13", TWO_D6),
        lambda: m.check_monster_rating(15),
        lambda: m.GroupMorale.start(3, 7).casualty(4),
        lambda: d6.find_trait("not-a-trait"),
    ):
        with pytest.raises(ImpossibleInput):
            impossible()


def test_d1_effective_morale_unclamped_and_2_12_special():
    assert m.morale_test(3, adjustment=-2, roll=two_d6("2")).outcome == "flee"  # effective 1
    assert m.morale_test(2, adjustment=+2).outcome == "will-not-fight"
    assert m.morale_test(2, cornered=True).outcome == "fight"
    assert m.morale_test(12, adjustment=-2).outcome == "fights-to-death"
    assert m.effective_morale(2, 2) == 2 and m.effective_morale(12, -2) == 12
    assert m.effective_morale(11, 2) == 13  # a rating-11 group at +2 is not "rated 12"


def test_d2_triggers_once_each_both_at_once_one_test_fight_counts():
    hit = m.GroupMorale.start(2, 7).casualty(1)  # group of 2: first death is also half out
    assert hit.triggered == ("first-death", "half-out") and hit.state.checks_due
    again = m.GroupMorale.start(10, 7).casualty(1).state.casualty(1)
    assert again.triggered == ()
    group = m.GroupMorale.start(10, 7)
    assert group.tested(group.test(two_d6("12")), "fight").successes == 1
    fled = group.tested(group.test(two_d6("12")), "flee")
    assert fled.casualty(5).triggered == ()  # only while fighting


def test_d3_adjustment_sum_beyond_two_used_as_ruled():
    group = m.GroupMorale.start(10, 7).adjust(-2).adjust(-1)
    assert group.adjustment == -3 and group.effective == 4


def test_d4_company_rating_is_table_plus_conditions_cha_never_enters():
    import inspect

    assert m.troop_morale("trained", mounted=True) == 9
    assert m.company_rating(9, [1]) == 10
    assert "cha" not in inspect.signature(m.troop_morale).parameters


def test_d5_retainers_test_loyalty_not_morale():
    assert m.retainer_loyalty(16).loyalty == 9
    assert m.retainer_loyalty(16, hiring_roll=two_d6("5,6")).loyalty == 10  # 11 + 1 = 12
    assert m.loyalty_test(9, two_d6("4,6")).outcome == "flee"  # peril is the default occasion
    assert m.loyalty_test(9, two_d6("4,6"), occasion="after-adventure").outcome == "quit"


def test_d6_paladin_follows_the_seed_unless_the_setting_says_cha():
    assert s.casting_ability("paladin") == "wis"
    assert s.casting_ability("paladin", paladin_ability="cha") == "cha"
    assert s.casting_ability("wizard") == "int"
    assert s.casting_ability("bard") == s.casting_ability("sorcerer") == "cha"
    assert {s.casting_ability(c) for c in ("cleric", "druid", "ranger")} == {"wis"}


def test_d7_natural_1_and_20_and_the_four_candidates():
    assert s.resolve_save(bonus=30, dc=10, roll=d20("1")).success is False
    assert s.resolve_save(bonus=-5, dc=40, roll=d20("20")).success is True
    assert s.resolve_save(bonus=0, dc=10, roll=d20("9"), effect="half", damage=1).damage == 1
    assert s.resolve_save(bonus=0, dc=10, roll=d20("10"), effect="half", damage=1).damage == 0
    items = [
        s.CarriedItem("Backpack", "other"),
        s.CarriedItem("Shield", "shield"),
        s.CarriedItem("Mail", "armor"),
        s.CarriedItem("Left sword", "held"),
        s.CarriedItem("Right sword", "held"),
        s.CarriedItem("Spare shield", "shield", unattended=True),
        s.CarriedItem("Hat", "head"),  # non-magic headgear: rank 10
    ]
    found = s.item_candidates(items)
    assert [i.name for i in found.candidates] == ["Shield", "Mail", "Left sword", "Right sword"]
    assert found.ranks == (1, 2, 4, 4) and found.tied == ()
    five = s.item_candidates([*items[:5], s.CarriedItem("Dagger", "held")])
    assert [i.name for i in five.tied] == ["Dagger"]  # tied with the fourth: a candidate too


def test_d8_item_bonus_and_object_damage():
    assert tuple(s.item_save_bonus(magic=True, caster_level=5)) == (True, 4)
    assert tuple(s.item_save_bonus(magic=True, caster_level=5, bearer_bonus=6)) == (True, 6)
    assert tuple(s.item_save_bonus(magic=False, unattended=True)) == (False, None)
    hit = s.object_damage(damage=24, energy=True, hardness=5, hp=20)  # 24/2 − 5 = 7 → 13
    assert (hit.damage, hit.hp_left, hit.broken, hit.destroyed) == (7, 13, False, False)
    assert s.object_damage(damage=30, energy=True, hardness=5, hp=20).broken  # 10 left ≤ 10
    assert s.object_damage(damage=60, hardness=5, hp=20).destroyed


def test_d9_d6harmonie_rolls_are_entered_success_iff_result_at_least_difficulty():
    assert d6.resolve_flaw("phobia-mild", result=9).success is True
    failed = d6.resolve_flaw("phobia-mild", result=6)
    assert (failed.success, failed.failure_points) == (False, 3)
    critical = d6.resolve_flaw("phobia-mild", result=12, critical=True)
    assert critical.success is False  # a critical failure whatever the result
    assert [p.value for p in critical.penalties] == [-2]  # D-9: the critical row replaces
    disease = d6.resolve_flaw("disabling-disease", result=3, critical=True)
    assert disease.success is False and disease.score_changes == {"resistance": -1}  # adds
    assert any(p.value == -2 for p in disease.penalties)  # … to the flare-up


KEBAB = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def test_d10_enumerated_values_are_lowercase_kebab_case():
    values = [
        *m.STATUSES,
        *m.RULINGS,
        m.FIRST_DEATH,
        m.HALF_OUT,
        *m.TROOP_TYPES,
        *m.TROOP_QUALITIES,
        *m.LOYALTY_RULINGS,
        *m.OCCASIONS,
        *s.CLASSES,
        *s.EFFECTS,
        *s.SLOTS,
        *s.ITEM_STATES,
        *(t.key for t in d6.CATALOGUE),
        *(trigger.name for t in d6.CATALOGUE for trigger in t.triggers),
    ]
    assert values and all(KEBAB.match(v) for v in values), [v for v in values if not KEBAB.match(v)]


@pytest.mark.parametrize(
    ("given", "key"),
    [
        ("phobia-mild", "phobia-mild"),
        ("phobia_mild", "phobia-mild"),
        ("phobie-legere", "phobia-mild"),
        ("Phobie légère", "phobia-mild"),
        ("nerfs-d-acier", "nerves-of-steel"),
        ("mauvaise-habitude-avare", "bad-habit-miser"),
    ],
)
def test_d10_trait_keys_accept_underscores_and_french_slugs(given, key):
    assert d6.find_trait(given).key == key
