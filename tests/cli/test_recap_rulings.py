"""Given rulings that depart from the rules, when the recap is written, then the rules' answer
stands beside each (``the GM's ruling; the rules said …``), as for morale and flaws:
a save's damage taken (SAV005), an item save's outcome (SAV006); a morale roll where no test
applies is said to decide nothing (MOR003), not set against the rating; and adjustments that
never apply (a rating ≥ 12) are shown ignored, as ``status`` shows them (docs/json.md#status).

Every expected line is worked out by hand from docs/rules.md in the comments beside it."""

from __future__ import annotations

from tests.cli.test_recap_items import recap_lines

SET_UP = """\
session 1
character create brynn --name Brynn
character saves brynn --fortitude 4 --reflex 1 --will 2
character item brynn "Tower shield" --slot shield --hardness 5 --hp 20
encounter start ford
"""
# DC 10 + 3 + 4 = 17; a natural 1 fails and exposes the shield. Its save: attended, not magic,
# the bearer's reflex +1: 2 + 1 = 3 < 17, a failure; damage 24, not halved (it failed a `half`
# effect), halved for energy: 12, minus hardness 5: 7 → 13 of 20 hp, above half: damaged
FIREBALL = """\
save brynn --vs Fireball --type reflex --spell-level 3 --ability-mod 4 --effect half \
--damage 24 --energy --objects --roll 1 --item "Tower shield"
"""
# 7: a first death, then 4 ≤ 7 passes (one success); half out (6 of 10), 5 ≤ 7 passes (two
# successes): from then on the group fights to the death, and a 12 decides nothing (MOR003)
TWO_SUCCESSES = """\
encounter group ford gob --count 10 --morale 7
casualty ford gob 1
morale ford gob --roll 2,2
casualty ford gob 5
morale ford gob --roll 2,3
morale ford gob --roll 6,6
"""
# 18 + 4 = 22 ≥ 15: a success against a `half` effect of 10: the rules deal 5
COLD = "save brynn --vs Cold --type fortitude --dc 15 --effect half --damage 10 --roll 18"


def test_an_item_ruled_destroyed_shows_what_the_rules_said(tmp_path):
    lines = recap_lines(
        tmp_path, SET_UP + FIREBALL + "item-save brynn --roll 2 --ruling destroyed\n"
    )
    assert (
        "- Brynn's Tower shield: destroyed, 0 of 20 hp; an item save ruled destroyed (0 hp) "
        "where the rules said damaged (13 hp)"
    ) in lines


def test_an_item_ruled_intact_is_told_with_what_the_rules_said(tmp_path):
    lines = recap_lines(tmp_path, SET_UP + FIREBALL + "item-save brynn --roll 2 --ruling intact\n")
    assert (
        "- Brynn's Tower shield: intact, 20 of 20 hp; an item save ruled intact (20 hp) where "
        "the rules said damaged (13 hp)"
    ) in lines


def test_an_item_save_as_the_rules_say_has_no_ruling_beside_it(tmp_path):
    lines = recap_lines(tmp_path, SET_UP + FIREBALL + "item-save brynn --roll 2\n")
    assert "- Brynn's Tower shield: damaged, 13 of 20 hp" in lines


def test_damage_taken_other_than_the_rules_shows_what_they_said(tmp_path):
    lines = recap_lines(
        tmp_path, SET_UP + COLD + " --damage-taken 10\n" + COLD + " --damage-taken 0\n"
    )
    said = "- Brynn against Cold (fortitude, DC 15): natural 18, total 22 — success"
    assert f"{said}; 10 damage (the GM's ruling; the rules said 5)" in lines
    assert f"{said}; no damage (the GM's ruling; the rules said 5)" in lines


def test_damage_as_the_rules_say_has_no_ruling_beside_it(tmp_path):
    lines = recap_lines(tmp_path, SET_UP + COLD + "\n")
    assert (
        "- Brynn against Cold (fortitude, DC 15): natural 18, total 22 — success; 5 damage" in lines
    )


def test_a_roll_where_no_test_applies_is_said_to_decide_nothing(tmp_path):
    # 7: a first death, then 4 ≤ 7 passes (one success); half out (6 of 10), 5 ≤ 7 passes (two
    # successes): from then on the group fights to the death, and a 12 decides nothing
    log = (
        SET_UP
        + TWO_SUCCESSES
        + """\
encounter group ford rats --count 4 --morale 2
morale ford rats --roll 6,6
morale ford rats --cornered
"""
    )
    lines = recap_lines(tmp_path, log)
    assert [line for line in lines if line.startswith("- Morale of")] == [
        "- Morale of gob: 2+2 = 4 against 7 — fight",
        "- Morale of gob: 2+3 = 5 against 7 — fight",
        "- Morale of gob: 6+6 = 12, but no test was due (fights to the death) — fight",
        # rated 2: it will not fight, and flees by default (docs/rules.md#d-1); cornered, it
        # fights
        "- Morale of rats: 6+6 = 12, but no test was due (would not fight) — flee",
        "- Morale of rats: no test was due (cornered, it fights) — fight",
    ]


def test_adjustments_a_rating_of_12_ignores_are_shown_ignored(tmp_path):
    log = (
        SET_UP
        + """\
encounter group ford trolls --count 3 --morale 12
adjust ford trolls -1 --reason sunlight
encounter group ford gob --count 10 --morale 7
adjust ford gob -1 --reason sunlight
"""
    )
    lines = recap_lines(tmp_path, log)
    assert "| trolls | fights to the death | none of 3 | 12 (-1 ignored) |" in lines
    assert "| gob | still fighting | none of 10 | 7 (6 with adjustments) |" in lines


def test_a_ruled_item_save_is_told_as_ruled_whatever_came_after(tmp_path):
    # 5 + 1 = 6 < 15: a failure; 24 − 5 = 19 of 20 hp: 1 left, ≤ 10: broken. Ruled damaged with
    # 15 hp left, then repaired: intact at the session's end, which was never the ruling
    log = (
        SET_UP
        + """\
save brynn --vs Fire --type reflex --dc 15 --effect half --damage 24 --objects --roll 1 \
--item "Tower shield"
item-save brynn "Tower shield" --roll 5 --ruling damaged --hp-left 15
character item-repair brynn "Tower shield"
"""
    )
    assert (
        "- Brynn's Tower shield: intact, 20 of 20 hp; an item save ruled damaged (15 hp) where "
        "the rules said broken (1 hp)"
    ) in recap_lines(tmp_path, log)


def test_cornered_is_no_reason_at_12_nor_after_two_successes(tmp_path):
    # docs/log-language.md#morale: --cornered counts at a rating ≤ 2 only; at 12 a group fights to
    # the death
    log = (
        SET_UP
        + """\
encounter group ford ogres --count 3 --morale 12
morale ford ogres --cornered
"""
    )
    assert "- Morale of ogres: no test was due (fights to the death) — fight" in recap_lines(
        tmp_path, log
    )
