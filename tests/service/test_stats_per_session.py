"""``campaign stats`` at the service: the figures of a small campaign, worked out by hand from
its commands and docs/rules.md (each expected number says where it comes from), on SQLite and
PostgreSQL. docs/json.md#stats says what each key means."""

from dataclasses import asdict

import pytest

from campaign.commands import (
    Casualty,
    CompanyHire,
    CompanyModifier,
    CompanyRecover,
    EncounterEnd,
    EncounterGroup,
    EncounterJoin,
    EncounterStart,
    MoraleTest,
    Retract,
    SessionEnd,
    SessionOpen,
)
from campaign.core.errors import UnknownSession
from tests.scenario import play

# Session 12 is the ford (tests/scenario.py: docs/log-language.md#a-log, its status worked out
# in docs/json.md#status); session 13 is this one.
BRIDGE = [
    SessionEnd(),
    SessionOpen(number=13, title="The troll bridge"),
    # the ford left 2 Red Lances incapacitated: back on their feet, fit 20 again
    CompanyRecover(handle="red-lances", n=2),
    # rating: trained 8 + mounted 1 = 9, +1 (the ford's hoard) −2 = 8
    CompanyModifier(handle="red-lances", value=-2, reason="unpaid"),
    EncounterStart(handle="bridge"),
    EncounterGroup(encounter="bridge", group="trolls", count=4, morale=10),
    EncounterJoin(encounter="bridge", company="red-lances"),
    # 2 trolls killed: first death and half out (2 × 2 ≥ 4), one check due
    Casualty(encounter="bridge", group="trolls", n=2),
    # 6+6 = 12 > 10: the rules say flee; ruled fight: MOR001
    MoraleTest(encounter="bridge", group="trolls", roll="6,6", ruling="fight"),
    # 3 Red Lances killed (first death: a check due) …
    Casualty(encounter="bridge", group="red-lances", n=3),
    # … and one more, withdrawn at once: it counts nowhere
    Casualty(encounter="bridge", group="red-lances", n=1),
    Retract(),
    # 2+2 = 4 ≤ 8: fight, as the rules say
    MoraleTest(encounter="bridge", group="red-lances", roll="2,2"),
    Casualty(encounter="bridge", group="trolls", n=1, incapacitated=True),
    EncounterEnd(handle="bridge"),
    # militia's table says 6: a base of 7 is MOR006
    CompanyHire(handle="blue-shields", troop="militia", size=10, morale=7, name="Blue Shields"),
    SessionEnd(),
]


def side(killed=0, incapacitated=0):
    return {"killed": killed, "incapacitated": incapacitated}


def outcomes(**found):
    """Every outcome a morale test may record, 0 but those ``found``."""
    listed = {"fight": 0, "flee": 0, "surrender": 0, "fights-to-death": 0, "will-not-fight": 0}
    return {**listed, **{k.replace("_", "-"): v for k, v in found.items()}}


SESSION_12 = {
    "session": 12,
    "title": "The ford at Greywater",
    # `casualty ford goblins 1`; `casualty ford red-lances 2 --incapacitated`
    "casualties": {"monsters": side(killed=1), "companies": side(incapacitated=2)},
    # `morale ford goblins --roll 3,5`: 8 > 7, flee (ruled as the rules say)
    "morale_tests": {"tests": 1, "outcomes": outcomes(flee=1)},
    # no ruling departs from the rules: the test was made, the loyalty ruling (10 > 9: flee)
    # is the rules' own, every base morale is the table's
    "rulings": {"differed": 0, "codes": {}},
    # `item-save brynn "Tower shield" --roll 9`: 9 + 1 (Brynn's Reflex) < 17 (10 + 3 + 4), it
    # fails; 24 fire halved for energy = 12, less hardness 5 = 7: 13 of 20 hp left, damaged
    # (docs/json.md#status's example)
    "items": {"damaged": 1, "broken": 0, "destroyed": 0},
}

SESSION_13 = {
    "session": 13,
    "title": "The troll bridge",
    # trolls: 2 killed, 1 incapacitated; Red Lances: 3 killed (the withdrawn 1 not counted)
    "casualties": {"monsters": side(killed=2, incapacitated=1), "companies": side(killed=3)},
    # the trolls ruled fight, the Red Lances fight
    "morale_tests": {"tests": 2, "outcomes": outcomes(fight=2)},
    # MOR001 (the trolls' ruling), MOR006 (Blue Shields' base 7 against the table's 6)
    "rulings": {"differed": 2, "codes": {"MOR001": 1, "MOR006": 1}},
    "items": {"damaged": 0, "broken": 0, "destroyed": 0},
}

COMPANIES = [
    # at the ford's end: rating 9 + 1 = 10, 20 − 2 incapacitated = 18 fit; at the bridge's:
    # 9 + 1 − 2 = 8, 20 − 3 killed = 17 fit
    {"handle": "red-lances", "name": "Red Lances", "morale": [10, 8], "fit": [18, 17],
     "in_service": [True, True]},
    # hired in session 13: not there at session 12's end
    {"handle": "blue-shields", "name": "Blue Shields", "morale": [None, 7], "fit": [None, 10],
     "in_service": [None, True]},
]  # fmt: skip

CHARACTERS = [
    # the fireball's natural 1: a failed save, the full 24 (docs/json.md#status's example);
    # the phobia's failure costs no hit point (docs/rules.md: a penalty, no HP)
    {"handle": "brynn", "name": "Brynn", "damage_taken": [24, 24], "hp_lost": [0, 0],
     "conscience_lost": [0, 0]},
    {"handle": "cedric", "name": "Cedric the torchbearer", "damage_taken": [0, 0],
     "hp_lost": [0, 0], "conscience_lost": [0, 0]},
]  # fmt: skip


def _bridge(ledger):
    play(ledger)
    for command in BRIDGE:
        ledger.handle(command)


def test_each_session_figures_as_worked_out_by_hand(ledger):
    _bridge(ledger)
    found = asdict(ledger.queries.stats())
    assert found == {
        "sessions": [SESSION_12, SESSION_13],
        "companies": COMPANIES,
        "characters": CHARACTERS,
    }


def test_one_session_and_its_end(ledger):
    _bridge(ledger)
    found = asdict(ledger.queries.stats(session=12))
    assert found["sessions"] == [SESSION_12]
    # at session 12's end only: Blue Shields were not hired yet
    assert found["companies"] == [
        {"handle": "red-lances", "name": "Red Lances", "morale": [10], "fit": [18],
         "in_service": [True]}
    ]  # fmt: skip
    assert [c["damage_taken"] for c in found["characters"]] == [[24], [0]]


def test_a_session_not_recorded_is_refused_naming_the_sessions(ledger):
    _bridge(ledger)
    with pytest.raises(UnknownSession, match="sessions: 12, 13"):
        ledger.queries.stats(session=14)


def test_a_campaign_with_no_session_has_no_figures(ledger):
    from campaign.commands import Init

    ledger.handle(Init(name="Empty"))
    assert asdict(ledger.queries.stats()) == {"sessions": [], "companies": [], "characters": []}
