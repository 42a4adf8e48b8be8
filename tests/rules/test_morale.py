"""OSE morale, mercenaries and retainers (seed 000;
docs/rules.md#ose-morale-mercenaries-and-retainers, D-1…D-5).

Every expected value below is worked out by hand from docs/rules.md, not taken from the code.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from campaign.core.errors import ImpossibleInput
from campaign.rules import morale as m
from campaign.rules.dice import TWO_D6, parse_roll


def r(text):
    return parse_roll(str(text), TWO_D6)


# --- one test: the table of every rating against every total --------------------------------------


@pytest.mark.parametrize("rating", range(3, 12))
@pytest.mark.parametrize("total", range(2, 13))
def test_every_testable_rating_against_every_total(rating, total):
    # "Jet inférieur ou égal au moral : continue de se battre. Jet supérieur : se rend ou fuit."
    test = m.morale_test(rating, roll=r(total))
    assert test.tests is True
    assert test.outcome == ("fight" if total <= rating else "flee")
    assert test.successes_after == (1 if total <= rating else 0)


@pytest.mark.parametrize("total", range(2, 13))
def test_rating_2_never_tests_and_will_not_fight(total):
    test = m.morale_test(2, adjustment=+2, roll=r(total))
    assert (test.tests, test.outcome, test.effective) == (False, "will-not-fight", 2)
    assert test.roll_without_test  # the audit's MOR003
    assert test.successes_after == 0


def test_rating_2_cornered_fights_without_a_roll():
    test = m.morale_test(2, cornered=True)
    assert (test.tests, test.outcome, test.roll) == (False, "fight", None)
    assert not test.contradicted_by("fight")


@pytest.mark.parametrize("adjustment", [-2, -1, 0, 1, 2])
def test_rating_12_fights_to_death_and_ignores_adjustments(adjustment):
    test = m.morale_test(12, adjustment=adjustment)
    assert (test.tests, test.outcome, test.effective) == (False, "fights-to-death", 12)


def test_no_clamping_at_the_low_end():
    # D-1: rating 3 with −2 is effective 1, so even a roll of 2 fails (clamping would pass it)
    test = m.morale_test(3, adjustment=-2, roll=r(2))
    assert test.effective == 1 and test.outcome == "flee"


def test_no_clamping_at_the_high_end_still_tests():
    # a rating-10 group at +2 is effective 12 but is not "rated 12": it still tests, and passes
    test = m.morale_test(10, adjustment=+2, roll=r(12))
    assert test.tests and test.effective == 12 and test.outcome == "fight"


def test_adjustment_sum_beyond_two_is_used_as_ruled():
    # D-3: the sum is recorded and used, the audit flags it; the rules do not cap it
    assert m.morale_test(7, adjustment=-4, roll=r(3)).outcome == "fight"  # 3 ≤ 7 − 4
    assert m.morale_test(7, adjustment=-4, roll=r(4)).outcome == "flee"  # 4 > 3
    assert m.morale_test(7, adjustment=-4, roll=r(4)).effective == 3


def test_two_successes_then_no_more_tests():
    first = m.morale_test(7, roll=r(5))
    second = m.morale_test(7, roll=r(7), successes=first.successes_after)
    assert second.successes_after == 2
    third = m.morale_test(7, roll=r(12), successes=2)
    assert (third.tests, third.outcome) == (False, "fights-to-death")
    assert third.roll_without_test


def test_a_test_without_a_roll_has_no_outcome():
    test = m.morale_test(7)
    assert test.tests and test.outcome is None and test.default_ruling is None


@pytest.mark.parametrize(
    ("rating", "total", "ruling", "contradicts"),
    [
        (7, 8, "fight", True),  # fight on a failure
        (7, 8, "flee", False),
        (7, 8, "surrender", False),  # the GM's other choice on a failure
        (7, 7, "flee", True),  # flee on a pass
        (7, 7, "surrender", True),
        (7, 7, "fight", False),
        (2, 7, "fight", True),  # fight at ≤ 2 without --cornered
        (2, 7, "flee", False),
        (12, 7, "flee", True),  # flee at ≥ 12
        (12, 7, "fight", False),
    ],
)
def test_mor001_contradictions(rating, total, ruling, contradicts):
    assert m.morale_test(rating, roll=r(total)).contradicted_by(ruling) is contradicts


@pytest.mark.parametrize(
    ("rating", "total", "default"),
    [(7, 7, "fight"), (7, 8, "flee"), (2, 5, "flee"), (12, 12, "fight")],
)
def test_default_rulings(rating, total, default):
    assert m.morale_test(rating, roll=r(total)).default_ruling == default


@pytest.mark.parametrize("rating", [0, 1, 13, 15, -2])
def test_monster_rating_outside_2_12_is_impossible(rating):
    with pytest.raises(ImpossibleInput, match="2–12"):
        m.check_monster_rating(rating)


@given(
    rating=st.integers(min_value=3, max_value=11),
    adjustment=st.integers(min_value=-6, max_value=6),
    low=st.integers(min_value=2, max_value=12),
    high=st.integers(min_value=2, max_value=12),
)
def test_outcome_is_monotonic_in_the_roll(rating, adjustment, low, high):
    low, high = sorted((low, high))
    if m.morale_test(rating, adjustment=adjustment, roll=r(high)).outcome == "fight":
        assert m.morale_test(rating, adjustment=adjustment, roll=r(low)).outcome == "fight"


# --- the per-group state machine ------------------------------------------------------------------


def test_the_ford_example_of_the_log_language():
    # docs/log-language.md#a-log, docs/json.md#status: goblins 12 at morale 7, one killed,
    # morale 3,5 (8 > 7) → fled; adjust −1
    goblins = m.GroupMorale.start(12, 7)
    hit = goblins.casualty(1)
    assert hit.triggered == ("first-death",) and hit.state.checks_due == ("first-death",)
    test = hit.state.test(r("3,5"))
    assert test.outcome == "flee" and test.default_ruling == "flee"
    after = hit.state.tested(test, test.default_ruling).adjust(-1)
    assert (after.killed, after.incapacitated, after.out) == (1, 0, 1)
    assert (after.adjustment, after.effective, after.successes) == (-1, 6, 0)
    assert (after.status, after.checks_due) == ("fled", ())


def test_red_lances_incapacitated_trigger_nothing():
    # trained + mounted = 9, +1 working conditions = 10; 2 of 20 incapacitated: no death, 4 < 20
    lances = m.GroupMorale.start(20, m.company_rating(m.troop_morale("trained", mounted=True), [1]))
    hit = lances.casualty(2, incapacitated=True)
    assert hit.state.rating == 10 and hit.triggered == () and hit.state.status == "fighting"


@pytest.mark.parametrize(
    ("count", "not_yet", "half"),
    [(5, 2, 3), (6, 2, 3), (2, 0, 1), (4, 1, 2), (12, 5, 6), (1, 0, 1)],
)
def test_half_out_threshold_is_two_times_out_at_least_count(count, not_yet, half):
    # docs/log-language.md#checks-due: "2 × out ≥ its starting count" — 3 of 5, 3 of 6, 1 of 2
    group = m.GroupMorale.start(count, 7)
    if not_yet:
        group = group.casualty(not_yet, incapacitated=True).state
        assert "half-out" not in group.checks_due
    outcome = group.casualty(half - not_yet, incapacitated=True)
    if half < count:
        assert outcome.triggered == ("half-out",)
    else:  # everybody out: no trigger, status out
        assert outcome.triggered == () and outcome.state.status == "out"


def test_both_triggers_at_once_make_one_check():
    # D-2: a group of 4 losing 2 killed at once: first death and half out → one test due
    outcome = m.GroupMorale.start(4, 7).casualty(2)
    assert outcome.triggered == ("first-death", "half-out")
    after = outcome.state.tested(outcome.state.test(r(5)), "fight")
    assert after.checks_due == () and after.successes == 1
    # neither fires again this encounter
    assert after.casualty(1).triggered == ()


def test_each_trigger_fires_once():
    group = m.GroupMorale.start(10, 8)
    first = group.casualty(1)
    assert first.triggered == ("first-death",)
    second = first.state.casualty(1)
    assert second.triggered == () and second.lapsed == ("first-death",)
    third = second.state.casualty(3, incapacitated=True)  # out 5: 10 ≥ 10
    assert third.triggered == ("half-out",)
    assert third.state.casualty(1).triggered == ()


def test_incapacitated_first_then_first_killed():
    group = m.GroupMorale.start(10, 8).casualty(1, incapacitated=True)
    assert group.triggered == ()
    assert group.state.casualty(1).triggered == ("first-death",)


def test_a_due_check_lapses_at_the_next_casualty_and_at_the_end():
    due = m.GroupMorale.start(10, 8).casualty(1).state
    assert due.casualty(1, incapacitated=True).lapsed == ("first-death",)
    ended, lapsed = due.ended()
    assert lapsed == ("first-death",) and ended.checks_due == ()


@pytest.mark.parametrize("status_ruling", ["flee", "surrender"])
def test_no_trigger_once_the_group_gave_way(status_ruling):
    group = m.GroupMorale.start(10, 7)
    test = group.test(r(12))
    gone = group.tested(test, status_ruling)
    assert gone.status == ("fled" if status_ruling == "flee" else "surrendered")
    assert gone.casualty(5).triggered == ()


@pytest.mark.parametrize(("rating", "status"), [(2, "will-not-fight"), (12, "fights-to-death")])
def test_ratings_2_and_12_never_have_a_check_due(rating, status):
    group = m.GroupMorale.start(4, rating)
    assert group.status == status
    assert group.casualty(3).triggered == ()


def test_two_ruled_fights_make_it_fight_to_the_death():
    # D-2: a ruled fight on a test that rolls counts as a success, even on a failed roll
    group = m.GroupMorale.start(10, 7)
    once = group.tested(group.test(r(12)), "fight")
    twice = once.tested(once.test(r(3)), "fight")
    assert (once.successes, twice.successes, twice.status) == (1, 2, "fights-to-death")
    no_more = twice.test(r(12))
    assert not no_more.tests and no_more.outcome == "fights-to-death"
    assert twice.tested(no_more, "fight").successes == 2  # no test: no counter changes


def test_a_ruling_without_a_roll_changes_no_counter():
    group = m.GroupMorale.start(6, 12)
    assert group.tested(group.test(None), "fight").successes == 0


def test_everybody_out_wins_over_other_statuses():
    group = m.GroupMorale.start(3, 7)
    fled = group.tested(group.test(r(11)), "flee")
    assert fled.casualty(3).state.status == "out"


@pytest.mark.parametrize(("ruling", "status"), [("flee", "fled"), ("surrender", "surrendered")])
def test_members_recovering_from_out_give_back_the_status_out_hid(ruling, status):
    # docs/log-language.md#morale: "out" wins over the others, and the state follows the
    # ruling: a company that fled and then went all out is fled again when members recover — not
    # fighting again, which would make its next casualty a half-out check due (D-2: only while
    # fighting)
    group = m.GroupMorale.start(6, 8).casualty(1).state
    gone = group.tested(group.test(r(12)), ruling)
    out = gone.casualty(5, incapacitated=True).state
    assert out.status == "out"
    back = out.recover(2)
    assert (back.status, back.incapacitated) == (status, 3)
    assert back.casualty(1, incapacitated=True).triggered == ()


def test_members_recovering_from_out_follow_a_rating_changed_meanwhile():
    out = m.GroupMorale.start(4, 7).casualty(4, incapacitated=True).state
    assert out.recover(1).status == "fighting"
    assert out.rerated(12).status == "out"
    assert out.rerated(12).recover(1).status == "fights-to-death"  # the rating made it
    twice = m.GroupMorale.start(4, 7)
    twice = twice.tested(twice.test(r(3)), "fight")
    twice = twice.tested(twice.test(r(3)), "fight")
    all_out = twice.casualty(4, incapacitated=True).state
    assert all_out.rerated(2).recover(1).status == "fights-to-death"  # the dice made it


def test_casualties_beyond_members_able_to_fight_are_impossible():
    rats = m.GroupMorale.start(5, 6).casualty(2).state
    with pytest.raises(ImpossibleInput) as caught:
        rats.casualty(9)
    assert "rats" not in str(caught.value)  # the group's name is the caller's to add
    assert str(caught.value) == "9 casualties: the group has 3 members able to fight"
    assert caught.value.expected == "1–3"
    with pytest.raises(ImpossibleInput):
        rats.casualty(0)


def test_rerating_follows_the_new_rating_unless_the_dice_decided():
    group = m.GroupMorale.start(10, 7)
    assert group.rerated(12).status == "fights-to-death"
    assert group.rerated(12).rerated(9).status == "fighting"
    assert group.rerated(2).status == "will-not-fight"
    fled = group.tested(group.test(r(12)), "flee")
    assert fled.rerated(12).status == "fled"


@given(
    count=st.integers(min_value=1, max_value=30),
    hits=st.lists(st.tuples(st.integers(min_value=1, max_value=5), st.booleans()), max_size=12),
)
def test_casualty_invariants(count, hits):
    group = m.GroupMorale.start(count, 7)
    fired: list[str] = []
    for n, incapacitated in hits:
        if n > group.able:
            with pytest.raises(ImpossibleInput):
                group.casualty(n, incapacitated=incapacitated)
            continue
        outcome = group.casualty(n, incapacitated=incapacitated)
        fired += outcome.triggered
        group = outcome.state
        assert 0 <= group.out <= count
        assert (group.status == "out") == (group.out == count)
    assert fired.count("first-death") <= 1 and fired.count("half-out") <= 1


# --- mercenaries (docs/rules.md#mercenary-companies, #d-4) ----------------------------------------


@pytest.mark.parametrize(
    ("troop", "mounted", "elite", "fanatic", "expected"),
    [
        ("militia", False, False, False, 6),
        ("barbarian", False, False, False, 7),
        ("trained", False, False, False, 8),
        ("trained", True, False, False, 9),
        ("trained", False, True, False, 9),
        ("trained", False, False, True, 10),
        ("militia", True, True, True, 10),
        ("barbarian", False, False, True, 9),
        ("trained", True, True, True, 12),  # the table tops out at 12
    ],
)
def test_troop_table(troop, mounted, elite, fanatic, expected):
    assert m.troop_morale(troop, mounted=mounted, elite=elite, fanatic=fanatic) == expected


def test_ose_price_list_cross_check():
    # the troop table against OSE's price list: archer/footman 8, horseman/wolf rider 9
    # (trained + mounted), peasant 6
    assert m.troop_morale("trained") == 8
    assert m.troop_morale("trained", mounted=True) == 9
    assert m.troop_morale("militia") == 6


def test_working_conditions_are_unbounded():
    assert m.company_rating(8, [+1, +3, -1]) == 11
    assert m.company_rating(8, [+5]) == 13
    assert m.never_tests(13) and m.never_tests(1) and not m.never_tests(11)


def test_unknown_troop_names_the_allowed_values():
    with pytest.raises(ImpossibleInput) as caught:
        m.troop_morale("knights")
    assert caught.value.field == "troop"
    assert "militia, barbarian, trained" in caught.value.expected


# --- retainers (docs/rules.md#retainers-and-loyalty, #d-5) ----------------------------------------

CHA_LOYALTY = {
    3: 4,
    4: 5,
    5: 5,
    6: 6,
    7: 6,
    8: 6,
    9: 7,
    10: 7,
    11: 7,
    12: 7,
    13: 8,
    14: 8,
    15: 8,
    16: 9,
    17: 9,
    18: 10,
}
CHA_REACTION = {
    3: -2,
    4: -1,
    5: -1,
    6: -1,
    7: -1,
    8: -1,
    9: 0,
    10: 0,
    11: 0,
    12: 0,
    13: 1,
    14: 1,
    15: 1,
    16: 1,
    17: 1,
    18: 2,
}


@pytest.mark.parametrize("cha", range(3, 19))
def test_cha_table(cha):
    row = m.cha_row(cha)
    assert (row.loyalty, row.reaction_mod) == (CHA_LOYALTY[cha], CHA_REACTION[cha])
    assert m.retainer_loyalty(cha).loyalty == CHA_LOYALTY[cha]


@pytest.mark.parametrize("cha", [0, 2, 19, 25])
def test_cha_outside_3_18_is_impossible(cha):
    with pytest.raises(ImpossibleInput, match="3–18"):
        m.cha_row(cha)


@pytest.mark.parametrize(
    ("cha", "raw", "reaction_mod", "band", "loyalty"),
    [
        (16, 11, 0, "accepted-loyal", 10),  # 11 + 1 = 12 → +1
        (16, 10, 0, "accepted", 9),  # 10 + 1 = 11
        (10, 12, 0, "accepted-loyal", 8),
        (10, 12, -1, "accepted", 7),  # bad reputation takes the bonus away
        (18, 10, 0, "accepted-loyal", 11),  # 10 + 2 = 12
        (3, 4, 0, "ill-will", 4),  # 4 − 2 = 2
        (3, 5, 0, "refused", 4),
        (9, 6, 0, "roll-again", 7),
        (9, 8, 0, "roll-again", 7),
        (9, 9, 0, "accepted", 7),
    ],
)
def test_hiring_reaction_and_loyalty_bonus(cha, raw, reaction_mod, band, loyalty):
    rated = m.retainer_loyalty(cha, hiring_roll=r(raw), reaction_mod=reaction_mod)
    assert rated.reaction.band == band and rated.loyalty == loyalty


@pytest.mark.parametrize(
    ("loyalty", "total", "occasion", "outcome"),
    [
        (9, 9, "peril", "stay"),
        (9, 10, "peril", "flee"),  # docs/log-language.md#a-log: Cedric, 4,6 = 10 > 9, he runs
        (9, 10, "after-adventure", "quit"),
        (7, 2, "after-adventure", "stay"),
        (12, 12, "peril", "stay"),  # D-5: unclamped, 12 always passes
        (1, 2, "peril", "flee"),
    ],
)
def test_loyalty_test(loyalty, total, occasion, outcome):
    test = m.loyalty_test(loyalty, r(total), occasion=occasion)
    assert test.outcome == outcome
    assert test.contradicted_by(outcome) is False
    assert test.contradicted_by("stay" if outcome != "stay" else "flee") is True


def test_loyalty_test_without_a_roll():
    assert m.loyalty_test(9, None).outcome is None
