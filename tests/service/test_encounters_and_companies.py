"""Given a session at the table, when the GM records encounter and company commands, then the
store holds these events and the aggregates this state — on a SQLite file and on PostgreSQL."""

from dataclasses import asdict

import pytest

from aggregates.base import Recording, recording
from campaign.commands import (
    Adjustment,
    Casualty,
    CompanyHire,
    CompanyModifier,
    EncounterGroup,
    EncounterJoin,
    EncounterStart,
    MoraleTest,
    SessionOpen,
)
from campaign.core.errors import HandleTaken, ImpossibleInput, UnknownHandle
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from tests import answers


@pytest.fixture
def ledger(store_url):
    with Ledger(parse_store_url(store_url), gm="ann", seed=7) as opened:
        opened.handle(SessionOpen(number=12, title="The ford at Greywater"))
        yield opened


def kinds(ledger, start=1):
    return [type(e).__name__ for e in ledger.history.events() if e.position >= start]


def test_the_ford_at_greywater(ledger):
    assert (
        ledger.handle(
            CompanyHire(handle="red-lances", troop="trained", size=20, mounted=True)
        ).morale
        == 9
    )  # 8 + 1
    assert (
        ledger.handle(
            CompanyModifier(handle="red-lances", value=+1, reason="shared the dragon hoard")
        )
        == 10
    )
    ledger.handle(EncounterStart(handle="ford", name="Ambush at the ford"))
    ledger.handle(EncounterGroup(encounter="ford", group="goblins", count=12, morale=7))
    ledger.handle(EncounterJoin(encounter="ford", company="red-lances"))
    assert ledger.handle(
        Casualty(encounter="ford", group="goblins", n=1, cause="Brynn's axe")
    ).checks_due == ("first-death",)
    test = asdict(ledger.handle(MoraleTest(encounter="ford", group="goblins", roll="3,5")))
    assert (test["rules_say"], test["ruled"], test["status"]) == ("flee", "flee", "fled")
    assert test["roll"] == {"faces": [3, 5], "total": 8, "source": "entered"}
    assert (
        ledger.handle(
            Adjustment(encounter="ford", group="goblins", value=-1, reason="leader slain")
        )
        == 6
    )
    assert (
        ledger.handle(
            Casualty(encounter="ford", group="red-lances", n=2, incapacitated=True)
        ).checks_due
        == ()
    )
    goblins = answers.encounter(ledger, "ford").group_state("goblins")
    assert (goblins.killed, goblins.out, goblins.adjustment, goblins.status) == (1, 1, -1, "fled")
    lances = answers.encounter(ledger, "ford").group_state("red-lances")
    assert (lances.count, lances.rating, lances.incapacitated) == (20, 10, 2)
    company = answers.company(ledger, "red-lances")
    assert (company.incapacitated, company.fit, company.morale) == (2, 18, 10)
    events = list(ledger.history.events())
    assert [e.position for e in events] == list(range(1, len(events) + 1))
    casualty = [e for e in events if e.position >= events[-2].position]
    assert [type(e).__name__ for e in casualty] == ["CasualtyRecorded", "CompanyCasualtyRecorded"]
    assert casualty[0].command == casualty[1].command  # one command, one transaction


def test_the_tracker_rolls_when_the_gm_does_not(ledger):
    ledger.handle(EncounterStart(handle="hall"))
    ledger.handle(EncounterGroup(encounter="hall", group="rats", count=3, morale=6))
    test = asdict(ledger.handle(MoraleTest(encounter="hall", group="rats")))
    roll = test["roll"]
    assert roll["source"] == "rolled" and len(roll["faces"]) == 2
    assert roll["total"] == sum(roll["faces"])
    assert test["rules_say"] == ("fight" if roll["total"] <= 6 else "flee")


def test_impossible_input_names_the_field_and_records_nothing(ledger):
    ledger.handle(EncounterStart(handle="hall"))
    ledger.handle(EncounterGroup(encounter="hall", group="rats", count=3, morale=6))
    before = ledger.last_position()
    cases = [
        (
            lambda: ledger.handle(Casualty(encounter="hall", group="rats", n=9)),
            "rats has 3 members able to fight",
        ),
        (
            lambda: ledger.handle(
                EncounterGroup(encounter="hall", group="bats", count=4, morale=15)
            ),
            "2–12",
        ),
        (
            lambda: ledger.handle(
                EncounterGroup(encounter="hall", group="rats", count=4, morale=7)
            ),
            "rats",
        ),
        (lambda: ledger.handle(Casualty(encounter="cave", group="rats")), "cave"),
        (lambda: ledger.handle(EncounterStart(handle="hall")), "already exists"),
        (lambda: ledger.handle(EncounterStart(handle="Hallé")), "not a handle"),
        (lambda: ledger.handle(MoraleTest(encounter="hall", group="rats", roll="13")), "2d6"),
        (lambda: ledger.handle(CompanyHire(handle="x", troop="knights", size=10)), "knights"),
    ]
    for call, words in cases:
        with pytest.raises(ImpossibleInput, match=words):
            call()
    assert ledger.last_position() == before


def test_unknown_and_taken_handles_are_their_own_errors(ledger):
    with pytest.raises(UnknownHandle):
        answers.company(ledger, "nobody")
    ledger.handle(CompanyHire(handle="red-lances", troop="militia", size=5))
    with pytest.raises(HandleTaken):
        ledger.handle(CompanyHire(handle="Red-Lances", troop="militia", size=5))


def test_a_conflict_retries_the_whole_command_and_both_aggregates_land_once(ledger, store_url):
    ledger.handle(CompanyHire(handle="red-lances", troop="trained", size=20))
    ledger.handle(EncounterStart(handle="ford"))
    ledger.handle(EncounterJoin(encounter="ford", company="red-lances"))
    rival = Ledger(parse_store_url(store_url), gm="bob")
    real_save = ledger.opened.app.save
    injected = []

    def save_after_a_rival(*aggregates):
        if not injected:  # another writer, outside the lock, touches the company first
            company = answers.company(rival, "red-lances")
            with recording(Recording(ledger.last_position() + 1, 12, "bob")):
                company.modify(
                    CompanyModifier(handle="red-lances", value=-1, reason="a rival's grumbling")
                )
            rival.opened.app.save(company)
            injected.append(True)
        return real_save(*aggregates)

    ledger.opened.app.save = save_after_a_rival
    try:
        ledger.handle(Casualty(encounter="ford", group="red-lances", n=1))
    finally:
        ledger.opened.app.save = real_save
        rival.close()
    names = kinds(ledger)
    assert names.count("CasualtyRecorded") == 1  # the failed attempt left nothing behind
    assert names.count("CompanyCasualtyRecorded") == 1
    assert names.count("WorkingConditionsModified") == 1
    company = answers.company(ledger, "red-lances")
    assert (company.killed, company.morale) == (1, 7)
    assert answers.encounter(ledger, "ford").group_state("red-lances").killed == 1
