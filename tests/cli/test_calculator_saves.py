"""``campaign rules`` calls for seed 001 (saves, DCs, items) through the CLI
(docs/cli.md#the-rules-calculator).

Expected values are worked out by hand from docs/rules.md#d20-saving-throws-and-items and
D-6…D-8.
"""

import json

import pytest

SEED = "001_234ac4e90ca60dc4"

CALLS = ["ability-mod", "base-save", "dc", "save", "item-candidates", "item-save", "object-damage"]


@pytest.mark.parametrize("call", CALLS)
def test_every_call_has_help(campaign, call):
    result = campaign("rules", call, "--help")
    assert result.exit_code == 0, result.output
    assert "Usage" in result.output


def bad_input(result, option):
    """Exit 2, the option named on stderr, nothing on stdout, no traceback."""
    assert result.exit_code == 2, result.output
    assert option in result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.output


# --- ability-mod ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("score", "modifier"), [("9", -1), ("1", -5), ("10", 0), ("18", 4)])
def test_ability_mod(campaign_json, score, modifier):
    assert campaign_json("rules", "ability-mod", "--score", score)["modifier"] == modifier


def test_ability_mod_negative_score_is_exit_2(campaign):
    bad_input(campaign("rules", "ability-mod", "--score", "-1"), "--score")


def test_ability_mod_rich(campaign):
    result = campaign("rules", "ability-mod", "--score", "9")
    assert result.exit_code == 0
    assert "-1" in result.stdout and SEED in result.stdout


# --- base-save ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("klass", "level", "row"),
    [("fighter", "1", (2, 0, 0)), ("wizard", "20", (6, 6, 12)), ("Monk", "7", (5, 5, 5))],
)
def test_base_save(campaign_json, klass, level, row):
    data = campaign_json("rules", "base-save", "--class", klass, "--level", level)
    assert (data["fortitude"], data["reflex"], data["will"]) == row


def test_base_save_unknown_class_lists_the_classes(campaign):
    result = campaign("rules", "base-save", "--class", "warlock", "--level", "3")
    bad_input(result, "--class")
    assert "sorcerer" in result.stderr


def test_base_save_level_21_is_exit_2(campaign):
    bad_input(campaign("rules", "base-save", "--class", "bard", "--level", "21"), "--level")


def test_base_save_rich(campaign):
    result = campaign("rules", "base-save", "--class", "cleric", "--level", "10")
    assert result.exit_code == 0
    assert "+7" in result.stdout and "+3" in result.stdout and SEED in result.stdout


# --- dc -------------------------------------------------------------------------------------------


def test_dc_from_a_modifier(campaign_json):
    data = campaign_json("rules", "dc", "--spell-level", "3", "--ability-mod", "4")
    assert (data["dc"], data["ability"]) == (17, None)


def test_dc_signed_modifier(campaign_json):
    data = campaign_json("rules", "dc", "--spell-level", "1", "--ability-mod", "-1")
    assert data["dc"] == 10


@pytest.mark.parametrize(
    ("klass", "score", "extra", "dc", "ability"),
    [
        ("wizard", "18", [], 17, "int"),  # 10 + 3 + 4
        ("sorcerer", "15", [], 15, "cha"),  # 10 + 3 + 2
        ("paladin", "13", [], 14, "wis"),  # D-6: seed → Wis by default
        ("paladin", "16", ["--paladin-ability", "cha"], 16, "cha"),
        ("druid", "9", [], 12, "wis"),  # 10 + 3 − 1
    ],
)
def test_dc_from_class_and_score(campaign_json, klass, score, extra, dc, ability):
    data = campaign_json(
        "rules", "dc", "--spell-level", "3", "--class", klass, "--ability-score", score, *extra
    )
    assert (data["dc"], data["ability"]) == (dc, ability)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        ([], "the DC formula needs the casting ability"),
        (["--ability-mod", "2", "--class", "wizard", "--ability-score", "14"], "not both"),
        (["--class", "wizard"], "needs the casting ability's score too"),  # not "not both"
        (["--ability-score", "14"], "needs the class that casts"),
    ],
)
def test_dc_both_or_neither_way_is_exit_2_saying_which(campaign, args, says):
    result = campaign("rules", "dc", "--spell-level", "3", *args)
    bad_input(result, "--ability-mod")
    assert "--class" in result.stderr and "--ability-score" in result.stderr
    assert says in result.stderr


def test_dc_non_caster_is_exit_2(campaign):
    result = campaign(
        "rules", "dc", "--spell-level", "1", "--class", "fighter", "--ability-score", "12"
    )
    bad_input(result, "--class")
    assert "wizard" in result.stderr


def test_dc_bad_paladin_ability_and_spell_level(campaign):
    args = ["rules", "dc", "--spell-level", "1", "--class", "paladin", "--ability-score", "14"]
    bad_input(campaign(*args, "--paladin-ability", "int"), "--paladin-ability")
    bad = ["rules", "dc", "--spell-level", "10", "--ability-mod", "3"]
    bad_input(campaign(*bad), "--spell-level")


def test_dc_rich(campaign):
    result = campaign(
        "rules", "dc", "--spell-level", "3", "--class", "wizard", "--ability-score", "18"
    )
    assert result.exit_code == 0
    assert "17" in result.stdout and "Intelligence" in result.stdout and SEED in result.stdout


# --- save -----------------------------------------------------------------------------------------


def save(campaign_json, *args):
    return campaign_json("rules", "save", *args)


def test_save_natural_1_fails_even_above_the_dc(campaign_json):
    data = save(campaign_json, "--bonus", "30", "--dc", "18", "--roll", "1")
    assert data["rolls"] is True and data["success"] is False and data["natural"] == 1
    assert data["effect_applies"] == "full"


def test_save_natural_20_succeeds_even_below_the_dc(campaign_json):
    data = save(campaign_json, "--bonus", "-2", "--dc", "30", "--roll", "20")
    assert (data["success"], data["natural"], data["effect_applies"]) == (True, 20, "none")


def test_save_total_meets_the_dc(campaign_json):
    assert save(campaign_json, "--bonus", "1", "--dc", "18", "--roll", "17")["success"] is True
    assert save(campaign_json, "--bonus", "1", "--dc", "18", "--roll", "16")["success"] is False


def test_save_half_on_a_success_rounds_down(campaign_json):
    data = save(
        campaign_json,
        "--bonus",
        "5",
        "--dc",
        "15",
        "--roll",
        "12",
        "--effect",
        "half",
        "--damage",
        "25",
    )
    assert (data["success"], data["effect_applies"], data["damage"]) == (True, "half", 12)
    one = save(
        campaign_json,
        "--bonus",
        "5",
        "--dc",
        "15",
        "--roll",
        "12",
        "--effect",
        "half",
        "--damage",
        "1",
    )
    assert one["damage"] == 0


def test_save_failed_half_is_the_full_damage(campaign_json):
    data = save(
        campaign_json,
        "--bonus",
        "1",
        "--dc",
        "17",
        "--roll",
        "9",
        "--effect",
        "half",
        "--damage",
        "24",
    )
    assert (data["success"], data["effect_applies"], data["damage"]) == (False, "full", 24)


def test_save_partial_success_damage_unknown(campaign_json):
    data = save(
        campaign_json,
        "--bonus",
        "0",
        "--dc",
        "10",
        "--roll",
        "15",
        "--effect",
        "partial",
        "--damage",
        "8",
    )
    assert (data["effect_applies"], data["damage"]) == ("lesser", None)


def test_save_negates_success_no_damage(campaign_json):
    data = save(campaign_json, "--bonus", "0", "--dc", "10", "--roll", "15", "--damage", "8")
    assert (data["effect_applies"], data["damage"]) == ("none", 0)


def test_save_without_a_roll_is_null(campaign_json):
    data = save(campaign_json, "--bonus", "3", "--dc", "15")
    assert data["rolls"] is True
    assert (data["success"], data["natural"], data["effect_applies"], data["damage"]) == (
        None,
        None,
        None,
        None,
    )


def test_save_none_voluntary_and_harmless_without_a_roll(campaign_json):
    none = save(campaign_json, "--bonus", "3", "--dc", "15", "--effect", "none", "--damage", "6")
    assert (none["rolls"], none["effect_applies"], none["damage"]) == (False, "full", 6)
    vol = save(campaign_json, "--bonus", "3", "--dc", "15", "--voluntary-fail")
    assert (vol["rolls"], vol["success"], vol["effect_applies"]) == (False, False, "full")
    harmless = save(campaign_json, "--bonus", "3", "--dc", "15", "--harmless")
    assert (harmless["rolls"], harmless["effect_applies"]) == (False, "full")


def test_save_harmless_with_a_roll_is_judged(campaign_json):
    data = save(campaign_json, "--bonus", "3", "--dc", "15", "--harmless", "--roll", "12")
    assert (data["rolls"], data["success"]) == (True, True)


@pytest.mark.parametrize("roll", ["21", "3,5", "0", "d20", "12+3"])
def test_save_roll_must_be_one_natural_face(campaign, roll):
    bad_input(campaign("rules", "save", "--bonus", "1", "--dc", "18", "--roll", roll), "--roll")


@pytest.mark.parametrize("flag", [["--effect", "none"], ["--voluntary-fail"]])
def test_save_roll_where_no_save_exists_is_exit_2(campaign, flag):
    result = campaign("rules", "save", "--bonus", "1", "--dc", "18", "--roll", "12", *flag)
    bad_input(result, "--roll")


def test_save_unknown_effect_lists_the_kinds(campaign):
    result = campaign("rules", "save", "--bonus", "1", "--dc", "18", "--effect", "halves")
    bad_input(result, "--effect")
    assert "disbelief" in result.stderr


def test_save_negative_damage_is_exit_2(campaign):
    bad_input(campaign("rules", "save", "--bonus", "1", "--dc", "18", "--damage", "-3"), "--damage")


def test_save_json_is_exactly_one_object(campaign):
    result = campaign("rules", "save", "--bonus", "1", "--dc", "18", "--roll", "1", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert {"rolls", "success", "natural", "effect_applies", "damage"} <= data.keys()


def test_save_rich(campaign):
    result = campaign(
        "rules",
        "save",
        "--bonus",
        "-2",
        "--dc",
        "18",
        "--roll",
        "1",
        "--effect",
        "half",
        "--damage",
        "24",
    )
    assert result.exit_code == 0
    out = result.stdout
    assert "18" in out and "-2" in out and "24" in out and "natural 1" in out
    assert SEED in out and "1/2 dégâts" in out


# --- item-candidates ------------------------------------------------------------------------------


def candidates(campaign_json, *items):
    args = []
    for spec in items:
        args += ["--item", spec]
    return campaign_json("rules", "item-candidates", *args)


def test_item_candidates_ranked(campaign_json):
    data = candidates(
        campaign_json,
        "Boots:other",
        "Ring of protection +1:jewelry:magic",
        "Longsword:held",
        "Plain hat:head",
        "Tower shield:shield",
    )
    assert data["candidates"] == ["Tower shield", "Longsword", "Ring of protection +1", "Boots"]
    assert data["ranks"] == [1, 4, 9, 10]
    assert data["tied"] == ["Plain hat"]  # non-magic head is rank 10, like the boots


def test_item_candidates_unattended_excluded_and_fewer_than_four(campaign_json):
    data = candidates(
        campaign_json, "Shield:shield:unattended", "Wand:held:magic", "Cloak:cloak:magic"
    )
    assert (data["candidates"], data["ranks"], data["tied"]) == (["Wand", "Cloak"], [4, 5], [])
    both = candidates(campaign_json, "Staff:held:magic:unattended", "Rope:other")
    assert both["candidates"] == ["Rope"]


def test_item_candidates_none(campaign_json):
    assert candidates(campaign_json) == {"candidates": [], "tied": [], "ranks": []}


@pytest.mark.parametrize("spec", ["Sword", "Sword:belt", ":held", "Sword:held:shiny"])
def test_item_candidates_malformed_item_is_exit_2(campaign, spec):
    result = campaign("rules", "item-candidates", "--item", spec)
    bad_input(result, "--item")
    assert repr(spec) in result.stderr and "NAME:SLOT" in result.stderr


def test_item_candidates_rich(campaign):
    result = campaign(
        "rules", "item-candidates", "--item", "Tower shield:shield", "--item", "Axe:held"
    )
    assert result.exit_code == 0
    assert "Tower shield" in result.stdout and "Bouclier" in result.stdout and SEED in result.stdout


# --- item-save ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "saves", "bonus"),
    [
        (["--magic", "--caster-level", "5"], True, 4),  # 2 + ⌊5/2⌋
        (["--magic", "--caster-level", "5", "--bearer-bonus", "6"], True, 6),
        (["--magic", "--caster-level", "5", "--bearer-bonus", "-1"], True, 4),
        (["--magic", "--caster-level", "7", "--unattended"], True, 5),
        (["--bearer-bonus", "3"], True, 3),
        ([], True, None),  # as the bearer, whose bonus was not given
        (["--unattended"], False, None),
    ],
)
def test_item_save(campaign_json, args, saves, bonus):
    data = campaign_json("rules", "item-save", *args)
    assert (data["saves"], data["bonus"]) == (saves, bonus)


def test_item_save_magic_needs_a_caster_level(campaign):
    bad_input(campaign("rules", "item-save", "--magic"), "--caster-level")
    bad_input(campaign("rules", "item-save", "--magic", "--caster-level", "-1"), "--caster-level")


def test_item_save_rich(campaign):
    result = campaign("rules", "item-save", "--magic", "--caster-level", "5", "--bearer-bonus", "1")
    assert result.exit_code == 0
    assert "+4" in result.stdout and "+1" in result.stdout and SEED in result.stdout


# --- object-damage --------------------------------------------------------------------------------


def test_object_damage_ford_tower_shield(campaign_json):
    data = campaign_json(
        "rules", "object-damage", "--damage", "24", "--energy", "--hardness", "5", "--hp", "20"
    )
    assert (data["damage"], data["hp_left"], data["broken"], data["destroyed"]) == (
        7,
        13,
        False,
        False,
    )


@pytest.mark.parametrize(
    ("damage", "hp_left", "broken"),
    [("7", 8, False), ("8", 7, True)],  # hp 15: 8 ≤ 7.5 is false, 7 ≤ 7.5 is true
)
def test_object_damage_broken_threshold(campaign_json, damage, hp_left, broken):
    data = campaign_json(
        "rules", "object-damage", "--damage", damage, "--hardness", "0", "--hp", "15"
    )
    assert (data["hp_left"], data["broken"], data["destroyed"]) == (hp_left, broken, False)


def test_object_damage_halved_and_destroyed(campaign_json):
    halved = campaign_json(
        "rules",
        "object-damage",
        "--damage",
        "24",
        "--halved",
        "--energy",
        "--hardness",
        "5",
        "--hp",
        "20",
    )
    assert (halved["damage"], halved["hp_left"]) == (1, 19)
    gone = campaign_json(
        "rules",
        "object-damage",
        "--damage",
        "40",
        "--hardness",
        "5",
        "--hp",
        "20",
        "--hp-left",
        "9",
    )
    assert (gone["damage"], gone["hp_left"], gone["broken"], gone["destroyed"]) == (
        35,
        0,
        True,
        True,
    )


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["--damage", "5", "--hardness", "0", "--hp", "0"], "--hp"),
        (["--damage", "5", "--hardness", "-1", "--hp", "10"], "--hardness"),
        (["--damage", "-5", "--hardness", "0", "--hp", "10"], "--damage"),
        (["--damage", "5", "--hardness", "0", "--hp", "10", "--hp-left", "11"], "--hp-left"),
    ],
)
def test_object_damage_impossible_values(campaign, args, option):
    bad_input(campaign("rules", "object-damage", *args), option)


def test_object_damage_rich(campaign):
    result = campaign(
        "rules", "object-damage", "--damage", "24", "--energy", "--hardness", "5", "--hp", "20"
    )
    assert result.exit_code == 0
    out = result.stdout
    assert "24" in out and "12" in out and "13" in out and "damaged" in out and SEED in out
