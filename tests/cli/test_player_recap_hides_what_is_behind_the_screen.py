"""Given a campaign in which every field behind the GM's screen holds a unique marker — the GM's
name, each ``--note``, a secret trait's detail (``enemy-secret`` is secret by default, another
flaw marked ``--secret``), a note marked ``--secret``, the rules' answer beside a ruling against
them, the dice the tracker rolled — when ``export --format markdown --players`` writes the recap,
then no marker is anywhere in its bytes, while every fact the players may know is there: the
session titles, the casualties, the outcomes as ruled, the traits not secret, the notes not
secret (docs/cli.md#export-and-import). The GM's recap still tells all of it."""

from __future__ import annotations

import json
import re

import pytest

from tests.stores import succeeding

SESSION_1 = """\
session 1 --date 2026-11-21 --title "The ford at Greywater"
character create brynn --name Brynn --flaw phobia-mild:spiders --note "MARKER-NOTE-CREATE"
character trait brynn --flaw enemy-secret:MARKER-ENEMY
character trait brynn --flaw phobia-disabling:MARKER-PHOBIA --secret
character saves brynn --fortitude 4 --reflex 1 --will 2
character item brynn "Tower shield" --slot shield --hardness 5 --hp 20
character finalize brynn
character create cedric --name "Cedric the torchbearer" --retainer-of brynn --employer-cha 16
character create dara --name Dara
character trait dara --flaw enemy:MARKER-DARA-ENEMY --secret --note "MARKER-NOTE-DARA"
encounter start ford --name "Ambush at the ford"
encounter group ford goblins --count 12 --morale 7
encounter group ford wolves --count 4 --morale 8
casualty ford goblins 1 --cause "Brynn's axe"
morale ford goblins --roll 3,5 --ruling fight --note "MARKER-NOTE-RULING"
casualty ford wolves 1 --cause "an arrow"
morale ford wolves
loyalty cedric
save brynn --vs Cold --type fortitude --dc 15 --effect half --damage 10
save brynn --vs Fireball --type reflex --spell-level 3 --ability-mod 4 --effect half \
--damage 24 --energy --objects --roll 1 --item "Tower shield" --damage-taken 20
item-save brynn --roll 2 --ruling destroyed --note "MARKER-NOTE-ITEM"
trait brynn phobia-mild:spiders --result 12
trait brynn phobia-disabling:MARKER-PHOBIA --result 3
note "The party crossed the ford at dusk"
note "MARKER-SECRET-NOTE the baron pays the goblins" --secret
note "A stranger watched from the far bank" --note "MARKER-NOTE-REASON"
encounter start bridge --name "The old bridge"
encounter group bridge orcs --count 5 --morale 6
casualty bridge orcs 1 --cause "a falling stone" --note "MARKER-NOTE-WITHDRAWN"
"""
SESSION_2 = """\
session 2 --title "Back to Greywater"
retract event:{casualty}
retract event:{dara}
note "The goblins' camp was found empty"
"""
VISIBLE = [
    "## Session 1 — The ford at Greywater",
    "## Session 2 — Back to Greywater",
    "Ambush at the ford",
    "- goblins at Ambush at the ford: 1 killed — Brynn's axe",
    "- wolves at Ambush at the ford: 1 killed — an arrow",
    "- Morale of goblins: 3+5 = 8 against 7 — fight",
    "phobia-mild (spiders)",
    "The party crossed the ford at dusk",
    "A stranger watched from the far bank",
    "The goblins' camp was found empty",
    "Brynn's Tower shield: destroyed",
]


@pytest.fixture
def recorded(campaign, tmp_path, monkeypatch):
    """The campaign recorded by a GM whose name is a marker: its store."""
    monkeypatch.setenv("CAMPAIGN_SEED", "31")
    db = str(tmp_path / "campaign.db")
    ok = succeeding(campaign, db)
    (tmp_path / "one.log").write_text(SESSION_1, "utf-8")
    ok("--gm", "MARKER-GM", "replay", str(tmp_path / "one.log"))
    events = json.loads(ok("history", "--json"))["events"]
    at = {e["command"].split(" --")[0]: e["command_position"] for e in events}
    two = SESSION_2.format(casualty=at["casualty bridge orcs 1"], dara=at["character trait dara"])
    (tmp_path / "two.log").write_text(two, "utf-8")
    ok("--gm", "MARKER-GM", "replay", str(tmp_path / "two.log"))
    return ok


def test_the_players_recap_holds_no_marker_and_every_visible_fact(recorded, campaign):
    gm = recorded("export", "--format", "markdown")
    players = recorded("export", "--format", "markdown", "--players")
    assert "MARKER" not in players, [line for line in players.splitlines() if "MARKER" in line]
    assert "rules said" not in players and "GM's ruling" not in players
    for fact in VISIBLE:
        assert fact in players, fact
    # what the GM's recap told and the players' hides, so the markers above were there to find
    for told in ("MARKER-PHOBIA", "MARKER-SECRET-NOTE", "MARKER-NOTE-WITHDRAWN",
                 "MARKER-DARA-ENEMY", "the rules said flee"):  # fmt: skip
        assert told in gm, told
    # the dice the tracker rolled: the GM's recap says them, the players' does not
    rolled = [
        re.search(r"Morale of wolves: (.+) against", gm),
        re.search(r"against Cold \(fortitude, DC 15\): (natural \d+, total \d+)", gm),
        re.search(r"tested \(peril\): (.+) —", gm),
    ]
    for dice in rolled:
        assert dice is not None, gm
        assert dice.group(1) not in players, dice.group(1)


def test_every_byte_of_the_players_recap_of_one_session(recorded, campaign, tmp_path):
    for session in ("1", "2"):
        result = campaign(
            "--db", str(tmp_path / "campaign.db"),
            "export", "--format", "markdown", "--players", "--session", session,
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        assert b"MARKER" not in result.stdout_bytes


def test_players_is_for_the_recap_only(recorded, campaign, tmp_path):
    for format_ in ("log", "jsonl"):
        result = campaign(
            "--db", str(tmp_path / "campaign.db"), "export", "--format", format_, "--players"
        )
        assert result.exit_code == 2
        assert result.stdout == ""
        assert "--players" in result.stderr and "markdown" in result.stderr
