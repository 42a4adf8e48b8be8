"""Morale state the GM ruled, or the company's members, kept as the rules say.

- docs/rules.md#d-1: a group rated ≤ 2 never tests and will not fight, unless `--cornered`,
  which lets it fight, still without a test; docs/rules.md#d-0: "The state follows the
  ruling". A cornered group, or one ruled to fight at ≤ 2, does not go back to `will-not-fight`
  when its rating changes within ≤ 2 (a rating change, or a company's working conditions).
- docs/log-language.md#companies, `company recover H N`: "N incapacitated members fit again". A
  company in two open encounters gets N back in all of them together, not in each: one member
  recovered is one fighter back.
- docs/log-language.md#morale: `out` (everybody killed or incapacitated) wins over the others.
  A company dismissed after all its members were out reads `out`, not `left`.
"""

import json

import pytest

from campaign.rules import morale as m


@pytest.fixture
def run(in_store):
    in_store("session", "1")
    return in_store


def group(run, encounter, handle):
    status = json.loads(run("status", "--json"))
    (found,) = [e for e in status["encounters"] if e["handle"] == encounter]
    (wanted,) = [g for g in found["groups"] if g["handle"] == handle]
    return wanted


def test_a_cornered_group_rerated_within_two_or_less_keeps_fighting(run):
    run("encounter", "start", "e")
    run("encounter", "group", "e", "kob", "--count", "4", "--morale", "2")
    assert group(run, "e", "kob")["status"] == "will-not-fight"
    run("morale", "e", "kob", "--cornered")
    assert group(run, "e", "kob")["status"] == "fighting"
    run("encounter", "rating", "e", "kob", "2", "--reason", "chieftain slain")
    assert group(run, "e", "kob")["status"] == "fighting"
    run("encounter", "rating", "e", "kob", "7", "--reason", "the lair")
    assert group(run, "e", "kob")["status"] == "fighting"  # 7 fights by itself
    run("encounter", "rating", "e", "kob", "12", "--reason", "the queen")
    assert group(run, "e", "kob")["status"] == "fights-to-death"  # …and 12 to the death


def test_a_company_ruled_to_fight_at_two_keeps_fighting_when_its_conditions_worsen(run):
    run("company", "hire", "k", "--troop", "militia", "--size", "5")
    run("company", "modifier", "k", "-4", "--reason", "abuse")  # 6 − 4 = 2
    run("encounter", "start", "e")
    run("encounter", "join", "e", "k")
    assert group(run, "e", "k")["status"] == "will-not-fight"
    run("morale", "e", "k", "--ruling", "fight")  # no test at ≤ 2: a ruling (MOR001)
    assert group(run, "e", "k")["status"] == "fighting"
    run("company", "modifier", "k", "-1", "--reason", "more abuse")  # 1
    assert group(run, "e", "k")["status"] == "fighting"


def test_rerating_a_group_that_fights_by_its_rating_still_follows_it():
    fighting = m.GroupMorale.start(4, 5)
    assert fighting.rerated(2).status == "will-not-fight"
    unwilling = m.GroupMorale.start(4, 2)
    assert unwilling.rerated(1).status == "will-not-fight"
    assert unwilling.rerated(6).status == "fighting"


def test_a_company_in_two_fights_gets_back_n_members_in_all(run):
    run("company", "hire", "k", "--troop", "trained", "--size", "10")
    for encounter in ("e1", "e2"):
        run("encounter", "start", encounter)
        run("encounter", "join", encounter, "k")
        run("casualty", encounter, "k", "2", "--incapacitated")
    run("company", "recover", "k", "1")
    assert (group(run, "e1", "k")["incapacitated"], group(run, "e2", "k")["incapacitated"]) == (
        1,
        2,
    )
    run("company", "recover", "k", "2")  # one left in e1, then one in e2
    assert (group(run, "e1", "k")["incapacitated"], group(run, "e2", "k")["incapacitated"]) == (
        0,
        1,
    )
    (company,) = json.loads(run("status", "--json"))["companies"]
    assert company["incapacitated"] == 1 and company["fit"] == 9


def test_a_company_dismissed_when_all_its_members_are_out_stays_out(run, campaign):
    run("company", "hire", "h", "--troop", "militia", "--size", "4")
    run("encounter", "start", "e")
    run("encounter", "join", "e", "h")
    run("casualty", "e", "h", "2")
    run("casualty", "e", "h", "2", "--incapacitated")
    assert group(run, "e", "h")["status"] == "out"
    run("company", "dismiss", "h")
    assert group(run, "e", "h")["status"] == "out"
    refused = campaign("--db", run.db, "casualty", "e", "h", "1")
    assert refused.exit_code == 2 and "dismissed" in refused.stderr
    run("retract", "last")  # the dismissal withdrawn: still out, and in the encounter
    assert group(run, "e", "h")["status"] == "out"


def test_a_company_dismissed_with_members_able_to_fight_has_left():
    fighting = m.GroupMorale.start(4, 6)
    gone, _ = fighting.left()
    assert gone.status == "left" and gone.has_left
    wiped = fighting.casualty(4).state
    gone, _ = wiped.left()
    assert gone.status == "out" and gone.has_left
    assert not wiped.has_left
