"""Given a session at the table, when the GM records encounter and company commands, then the
store holds these events and the aggregates this state — on a SQLite file and on PostgreSQL."""

import pytest

from aggregates.base import Recording, recording
from campaign.commands import CompanyModifier
from campaign.core.errors import HandleTaken, ImpossibleInput, UnknownHandle
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url


@pytest.fixture
def ledger(store_url):
    with Ledger(parse_store_url(store_url), gm="ann", seed=7) as opened:
        opened.open_session(12, title="The ford at Greywater")
        yield opened


def kinds(ledger, start=1):
    return [type(e).__name__ for e in ledger.events() if e.position >= start]


def test_the_ford_at_greywater(ledger):
    assert ledger.hire_company("red-lances", "trained", 20, mounted=True) == 9  # 8 + 1
    assert ledger.modify_company("red-lances", +1, "shared the dragon hoard") == 10
    ledger.start_encounter("ford", name="Ambush at the ford")
    ledger.add_group("ford", "goblins", 12, 7)
    ledger.join("ford", "red-lances")
    assert ledger.record_casualty("ford", "goblins", 1, cause="Brynn's axe") == ("first-death",)
    test = ledger.test_morale("ford", "goblins", "3,5")
    assert (test["rules_say"], test["ruled"], test["status"]) == ("flee", "flee", "fled")
    assert test["roll"] == {"faces": [3, 5], "total": 8, "source": "entered"}
    assert ledger.adjust("ford", "goblins", -1, "leader slain") == 6
    assert ledger.record_casualty("ford", "red-lances", 2, incapacitated=True) == ()
    goblins = ledger.encounter("ford").group_state("goblins")
    assert (goblins.killed, goblins.out, goblins.adjustment, goblins.status) == (1, 1, -1, "fled")
    lances = ledger.encounter("ford").group_state("red-lances")
    assert (lances.count, lances.rating, lances.incapacitated) == (20, 10, 2)
    company = ledger.company("red-lances")
    assert (company.incapacitated, company.fit, company.morale) == (2, 18, 10)
    events = list(ledger.events())
    assert [e.position for e in events] == list(range(1, len(events) + 1))
    casualty = [e for e in events if e.position >= events[-2].position]
    assert [type(e).__name__ for e in casualty] == ["CasualtyRecorded", "CompanyCasualtyRecorded"]
    assert casualty[0].command == casualty[1].command  # one command, one transaction


def test_the_tracker_rolls_when_the_gm_does_not(ledger):
    ledger.start_encounter("hall")
    ledger.add_group("hall", "rats", 3, 6)
    test = ledger.test_morale("hall", "rats")
    roll = test["roll"]
    assert roll["source"] == "rolled" and len(roll["faces"]) == 2
    assert roll["total"] == sum(roll["faces"])
    assert test["rules_say"] == ("fight" if roll["total"] <= 6 else "flee")


def test_impossible_input_names_the_field_and_records_nothing(ledger):
    ledger.start_encounter("hall")
    ledger.add_group("hall", "rats", 3, 6)
    before = ledger.last_position()
    cases = [
        (lambda: ledger.record_casualty("hall", "rats", 9), "rats has 3 members able to fight"),
        (lambda: ledger.add_group("hall", "bats", 4, 15), "2–12"),
        (lambda: ledger.add_group("hall", "rats", 4, 7), "rats"),
        (lambda: ledger.record_casualty("cave", "rats"), "cave"),
        (lambda: ledger.start_encounter("hall"), "already exists"),
        (lambda: ledger.start_encounter("Hallé"), "not a handle"),
        (lambda: ledger.test_morale("hall", "rats", "13"), "2d6"),
        (lambda: ledger.hire_company("x", "knights", 10), "knights"),
    ]
    for call, words in cases:
        with pytest.raises(ImpossibleInput, match=words):
            call()
    assert ledger.last_position() == before


def test_unknown_and_taken_handles_are_their_own_errors(ledger):
    with pytest.raises(UnknownHandle):
        ledger.company("nobody")
    ledger.hire_company("red-lances", "militia", 5)
    with pytest.raises(HandleTaken):
        ledger.hire_company("Red-Lances", "militia", 5)


def test_a_conflict_retries_the_whole_command_and_both_aggregates_land_once(ledger, store_url):
    ledger.hire_company("red-lances", "trained", 20)
    ledger.start_encounter("ford")
    ledger.join("ford", "red-lances")
    rival = Ledger(parse_store_url(store_url), gm="bob")
    real_save = ledger.app.save
    injected = []

    def save_after_a_rival(*aggregates):
        if not injected:  # another writer, outside the lock, touches the company first
            company = rival.company("red-lances")
            with recording(Recording(ledger.last_position() + 1, 12, "bob")):
                company.modify(
                    CompanyModifier(handle="red-lances", value=-1, reason="a rival's grumbling")
                )
            rival.app.save(company)
            injected.append(True)
        return real_save(*aggregates)

    ledger.app.save = save_after_a_rival
    try:
        ledger.record_casualty("ford", "red-lances", 1)
    finally:
        ledger.app.save = real_save
        rival.close()
    names = kinds(ledger)
    assert names.count("CasualtyRecorded") == 1  # the failed attempt left nothing behind
    assert names.count("CompanyCasualtyRecorded") == 1
    assert names.count("WorkingConditionsModified") == 1
    company = ledger.company("red-lances")
    assert (company.killed, company.morale) == (1, 7)
    assert ledger.encounter("ford").group_state("red-lances").killed == 1
