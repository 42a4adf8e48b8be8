"""Every command of docs/log-language.md#commands, one row each: given the ford session up to the
loyalty line (whose status is the hand-checked example of docs/json.md#status), when the GM
records the command, then these events are recorded, the rules' answer is stored beside the
ruling, and the read models show this — on a SQLite file and on PostgreSQL. Expected values
worked out by hand from docs/rules.md."""

import pytest

from campaign.commands import (
    Adjustment,
    Casualty,
    CharacterCreate,
    CharacterFinalize,
    CharacterHeal,
    CharacterItem,
    CharacterSaves,
    CharacterStat,
    CharacterTrait,
    ClockAdvance,
    ClockSet,
    CompanyDismiss,
    CompanyHire,
    CompanyModifier,
    CompanyRecover,
    CompanyReinforce,
    ConditionEnd,
    EncounterEnd,
    EncounterGroup,
    EncounterRating,
    EncounterStart,
    ItemDrop,
    ItemRepair,
    LoyaltyModifier,
    MoraleTest,
    Note,
    Retract,
    SessionEnd,
    SessionOpen,
    Setting,
)
from campaign.core.clock import parse_moment
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from tests import answers
from tests.scenario import FORD, play


@pytest.fixture
def ledger(store_url):
    with Ledger(parse_store_url(store_url), gm="ann", seed=2) as opened:
        play(opened, FORD[:20])
        yield opened


def company(status, handle="red-lances"):
    return next(c for c in status["companies"] if c["handle"] == handle)


def character(status, handle="brynn"):
    return next(c for c in status["characters"] if c["handle"] == handle)


def group(status, handle, encounter="ford"):
    found = next(e for e in status["encounters"] if e["handle"] == encounter)
    return next(g for g in found["groups"] if g["handle"] == handle)


def item(status, name, handle="brynn"):
    return next(i for i in character(status, handle)["items"] if i["name"] == name)


COMMANDS = [
    # (its log line, the command, its event kinds, (rules_say, ruled) of the last event or None,
    # then)
    ("session 13", SessionOpen(number=13),
     ["condition-ended", "session-ended", "session-opened"], None,
     lambda s: (s["session"], s["session_open"], character(s)["conditions"]) == (13, True, [])),
    ("session end", SessionEnd(),
     ["condition-ended", "session-ended"], None,
     lambda s: (s["session_open"], character(s)["conditions"]) == (False, [])),
    ("clock advance 2h", ClockAdvance(seconds=7200), ["clock-moved"], None,
     lambda s: s["clock"] == "day 1 02:00"),
    ('clock set "day 2 08:30"', ClockSet(seconds=parse_moment("day 2 08:30")),
     ["clock-moved"], None, lambda s: s["clock"] == "day 2 08:30"),
    ("setting paladin-ability cha", Setting(setting="paladin-ability", value="cha"),
     ["setting-changed"], None, lambda s: True),
    ("note", Note(text="the goblins' leader wore a red hood"), ["note-recorded"], None,
     lambda s: True),
    # the loyalty test left Cedric as he was (ruled flee, still in service): nothing to put back
    ("retract last", Retract(ref="last"), ["command-retracted"], None,
     lambda s: character(s, "cedric")["loyalty"] == 9),
    ("company hire grey-cloaks --troop militia --size 10",
     CompanyHire(handle="grey-cloaks", troop="militia", size=10), ["company-hired"], (6, 6),
     lambda s: (company(s, "grey-cloaks")["morale"], company(s, "grey-cloaks")["fit"]) == (6, 10)),
    ("company hire grey-cloaks --troop militia --size 10 --morale 8",  # MOR006: 8 ≠ 6
     CompanyHire(handle="grey-cloaks", troop="militia", size=10, morale=8), ["company-hired"],
     (6, 8),
     lambda s: company(s, "grey-cloaks")["base_morale"] == 8),
    ('company modifier red-lances -2 --reason "unpaid"',  # 9 + 1 − 2 = 8, at the ford too
     CompanyModifier(handle="red-lances", value=-2, reason="unpaid"),
     ["working-conditions-modified", "group-rerated"], ("fighting", "fighting"),
     lambda s: (company(s)["morale"], group(s, "red-lances")["morale"]) == (8, 8)),
    ("company recover red-lances 1", CompanyRecover(handle="red-lances", n=1),
     ["members-recovered", "members-recovered"], ("fighting", "fighting"),
     lambda s: (company(s)["fit"], group(s, "red-lances")["incapacitated"]) == (19, 1)),
    ("company reinforce red-lances 5", CompanyReinforce(handle="red-lances", n=5),
     ["members-reinforced"], None,
     lambda s: (company(s)["size"], company(s)["fit"], group(s, "red-lances")["count"])
     == (25, 23, 20)),
    ("company dismiss red-lances", CompanyDismiss(handle="red-lances"),
     ["company-dismissed", "company-left"], ([], []),
     lambda s: (company(s)["in_service"], group(s, "red-lances")["status"]) == (False, "left")),
    ("character create dara --advantage nerfs-d-acier",
     CharacterCreate(handle="dara", advantages=["nerfs-d-acier"]),
     ["character-created", "trait-taken"], (20, 10),
     lambda s: (character(s, "dara")["advantage_points"], character(s, "dara")["moral_modifier"])
     == (10, 1)),
    ("character trait brynn --flaw greed",
     CharacterTrait(handle="brynn", kind="flaw", key_detail="greed"),
     ["trait-taken"], None,
     lambda s: [f["key"] for f in character(s)["flaws"]] == ["phobia-mild", "greed"]),
    ("character finalize cedric", CharacterFinalize(handle="cedric"),
     ["character-finalized"], None, lambda s: character(s, "cedric")["finalized"]),
    ("character stat brynn moral 3", CharacterStat(handle="brynn", name="moral", value=3),
     ["stat-set"],
     None, lambda s: True),
    ('character loyalty-modifier cedric +1 --reason "rescued"',
     LoyaltyModifier(handle="cedric", value=1, reason="rescued"), ["loyalty-modified"], None,
     lambda s: character(s, "cedric")["loyalty"] == 10),
    ('character item brynn "Dagger" --slot held',
     CharacterItem(handle="brynn", name="Dagger", slot="held"), ["item-acquired"], None,
     lambda s: [i["name"] for i in character(s)["items"]][-1] == "Dagger"),
    ('character item-drop brynn "Ring of protection +1"',
     ItemDrop(handle="brynn", item="Ring of protection +1"), ["item-dropped"], None,
     lambda s: [i["name"] for i in character(s)["items"]] == ["Tower shield"]),
    ('character item-repair brynn "Tower shield" --hp 20',
     ItemRepair(handle="brynn", item="Tower shield", hp=20), ["item-repaired"], None,
     lambda s: (item(s, "Tower shield")["hp"], item(s, "Tower shield")["state"])
     == (20, "intact")),
    ("character saves cedric --fortitude 2 --reflex 1 --will 0",
     CharacterSaves(handle="cedric", fortitude=2, reflex=1, will=0), ["saves-set"], None,
     lambda s: character(s, "cedric")["saves"] == {"fortitude": 2, "reflex": 1, "will": 0}),
    ("character heal brynn --damage 10", CharacterHeal(handle="brynn", damage=10), ["healed"], None,
     lambda s: character(s)["damage_taken"] == 14),
    ("condition end brynn phobia-mild", ConditionEnd(handle="brynn", source="phobia-mild"),
     ["condition-ended"], None, lambda s: character(s)["conditions"] == []),
    ("encounter start hall", EncounterStart(handle="hall"), ["encounter-started"], None,
     lambda s: [e["handle"] for e in s["encounters"]] == ["ford", "hall"]),
    ("encounter end ford", EncounterEnd(handle="ford"), ["encounter-ended"], ([], []),
     lambda s: s["encounters"][0]["ended"]),
    ("encounter group ford orcs --count 6 --morale 8",
     EncounterGroup(encounter="ford", group="orcs", count=6, morale=8), ["group-added"],
     ("fighting", "fighting"),
     lambda s: (group(s, "orcs")["count"], group(s, "orcs")["effective_morale"]) == (6, 8)),
    ('encounter rating ford goblins 9 --reason "in their lair"',  # fled stays fled
     EncounterRating(encounter="ford", group="goblins", rating=9, reason="in their lair"),
     ["group-rerated"],
     ("fled", "fled"),
     lambda s: (group(s, "goblins")["morale"], group(s, "goblins")["effective_morale"]) == (9, 8)),
    ("casualty ford goblins 5 --incapacitated",  # 6 of 12 out, but they have fled: no check
     Casualty(encounter="ford", group="goblins", n=5, incapacitated=True),
     ["casualty-recorded"], ("fled", "fled"),
     lambda s: (group(s, "goblins")["out"], group(s, "goblins")["checks_due"]) == (6, [])),
    ("morale ford red-lances --roll 6,6",  # 12 > 10: flee
     MoraleTest(encounter="ford", group="red-lances", roll="6,6"), ["morale-tested"],
     ("flee", "flee"),
     lambda s: group(s, "red-lances")["status"] == "fled"),
    ("morale ford red-lances --roll 6,6 --ruling fight",  # MOR001: fights on, one success
     MoraleTest(encounter="ford", group="red-lances", roll="6,6", ruling="fight"),
     ["morale-tested"],
     ("flee", "fight"),
     lambda s: (group(s, "red-lances")["status"], group(s, "red-lances")["successes"])
     == ("fighting", 1)),
]  # fmt: skip


@pytest.mark.parametrize(
    ("command", "kinds", "judged", "then"),
    [c[1:] for c in COMMANDS],
    ids=[c[0] for c in COMMANDS],
)
def test_every_command_records_its_events_and_the_read_models_follow(
    ledger, command, kinds, judged, then
):
    before = ledger.last_position()
    ledger.handle(command)
    recorded = [e for e in answers.history(ledger) if e["position"] > before]
    assert [e["kind"] for e in recorded] == kinds
    assert [e["position"] for e in recorded] == list(range(before + 1, before + len(kinds) + 1))
    assert {e["command_position"] for e in recorded} == {before + 1}  # one command, one transaction
    assert {(e["session"], e["gm"]) for e in recorded} <= {(12, "ann"), (13, "ann")}
    if judged is not None:
        assert (recorded[-1]["rules_say"], recorded[-1]["ruled"]) == judged
    assert then(answers.status(ledger))


def test_a_note_is_shown_by_the_history(ledger):
    ledger.handle(Note(text="the goblins' leader wore a red hood"))
    ledger.handle(
        Adjustment(
            encounter="ford",
            group="goblins",
            value=-1,
            reason="hood torn",
            note="a ruling on the spot",
        )
    )
    notes = [e["note"] for e in answers.history(ledger)[-2:]]
    assert notes == ["the goblins' leader wore a red hood", "a ruling on the spot"]
