"""Given a natural 1 exposes an item that is destroyed — named by the GM once destroyed, or
exposed twice and destroyed by the first item save — when the GM goes on, then the GM can
target another item directly (docs/log-language.md#item-saves: `--dc`, `--type` and `--damage`
describe a direct hit), and the audit awaits no item save for it (a destroyed item has nothing
left to save).

Such an exposure does not block every direct item save of the character for good (its
options refused: "they apply only when no exposure is pending"), nor does the audit wait for
an item save nothing can make (SAV003 at the session's end). The exposure itself stays, as
stores recorded before kept it: an item save of another item without those options answers it,
flagged (SAV004; tests/cli/test_exposure_ends.py)."""

import json

import pytest

SAVE_1 = "save ana --vs Fireball --type reflex --dc 15 --effect half --damage 30 --roll 1 --objects"


@pytest.fixture
def ana(campaign, store_url):
    def run(line: str, code: int = 0):
        result = campaign("--db", store_url, *line.split())
        assert result.exit_code == code, (line, result.output)
        return result

    for line in (
        "session 1",
        "character create ana",
        "character saves ana --fortitude 2 --reflex 3 --will 1",
        "character item ana Shield --slot shield --hardness 5 --hp 20",
        "character item ana Sword --slot held --hardness 10 --hp 5",
    ):
        run(line)
    return run


def findings(run) -> list[tuple[str, int, str]]:
    said = json.loads(run("audit --json").stdout)["findings"]
    return [(f["code"], f["position"], f["subject"]) for f in said]


def test_a_destroyed_item_named_on_a_natural_1_leaves_nothing_pending(ana):
    # the Shield: reflex +3, natural 2 → 5 < 15, failure; 30 − 5 hardness = 25 ≥ 20 hp: destroyed
    ana("item-save ana Shield --dc 15 --type reflex --damage 30 --roll 2")
    said = ana(SAVE_1 + " --item Shield").stdout  # exposed at position 9: the Shield, destroyed
    assert "nothing left to save" in said
    # the Sword, targeted directly: fortitude +2, natural 10 → 12 ≥ DC 12, success; a direct
    # save negates (docs/log-language.md#item-saves): no damage, 5 of 5 hp
    said = ana("item-save ana Sword --dc 12 --type fortitude --damage 6 --roll 10").stdout
    assert "the rules say intact; recorded: intact; 5 of 5 hp" in said
    said = ana("item-save ana --roll 10", code=2).stderr  # the exposure's Shield
    assert "Shield is destroyed: nothing is left to save" in said
    said = ana("item-save ana Sword --dc 12 --roll 10", code=2).stderr  # a direct hit, half told
    assert "no exposure an item save can answer (Shield is destroyed): an item targeted" in said
    ana("session end")
    # SAV004 at 9 only: the Shield named where the only candidate is the Sword; no SAV003
    assert findings(ana) == [("SAV004", 9, "ana/Shield")]


def test_an_item_destroyed_by_its_first_exposure_awaits_no_second_item_save(ana):
    ana(SAVE_1 + " --item Shield")
    ana(SAVE_1 + " --item Shield")  # the same Shield again
    # the most recent exposure first: natural 2 → 5 < 15, failure; half of 30 is not taken on a
    # failure: 30 − 5 = 25 ≥ 20 hp, destroyed
    assert "recorded: destroyed; 0 of 20 hp" in ana("item-save ana --roll 2").stdout
    said = ana("item-save ana --roll 2", code=2).stderr  # the first exposure's Shield
    assert "Shield is destroyed: nothing is left to save" in said
    said = ana("item-save ana Sword --dc 12 --type fortitude --damage 6 --roll 10").stdout
    assert "recorded: intact; 5 of 5 hp" in said
    ana("session end")
    assert findings(ana) == []  # the first exposure's item was destroyed: nothing was awaited


def test_undoing_the_item_save_that_destroyed_it_awaits_both_again(ana):
    ana(SAVE_1 + " --item Shield")
    ana(SAVE_1 + " --item Shield")
    ana("item-save ana --roll 2")
    ana("retract last")
    # natural 19 → 22 ≥ 15, success: half of 30 = 15, − 5 = 10 hp lost: 10 of 20, broken (≤ half)
    assert "recorded: broken; 10 of 20 hp" in ana("item-save ana --roll 19").stdout
    # the other exposure: 15 − 5 = 10 more, 0 of 20: destroyed
    assert "recorded: destroyed; 0 of 20 hp" in ana("item-save ana --roll 19").stdout
    ana("session end")
    assert [code for code, _, _ in findings(ana)] == ["GEN001"]  # the retraction, nothing else


def test_a_direct_item_save_waits_while_an_item_save_can_still_answer_an_exposure(ana):
    # the Sword's exposure waits for its item save (reflex, DC 15, 30 damage): a direct hit's
    # options would silently replace it, so they are refused while it is pending (the same page);
    # only a later exposure of the destroyed Shield is past answering
    ana("item-save ana Shield --dc 15 --type reflex --damage 30 --roll 2")  # destroyed
    ana(SAVE_1 + " --item Sword")
    ana(SAVE_1 + " --item Shield")
    said = ana("item-save ana Sword --dc 2 --type will --damage 1 --roll 15", code=2).stderr
    said = " ".join(said.split())
    assert "ana's Sword is exposed" in said and "only when no exposure is pending" in said
    # and it is the Sword's exposure an item save answers, not the Shield's after it: reflex +3,
    # natural 15 → 18 ≥ 15, a success; half of 30 is 15, − 10 hardness: 5, its 5 hp: destroyed
    assert "recorded: destroyed; 0 of 5 hp" in ana("item-save ana --roll 15").stdout
    ana("session end")
    assert findings(ana) == [("SAV004", 11, "ana/Shield")]  # the Shield named; no SAV004 at 12
