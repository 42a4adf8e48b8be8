"""The report's session replay: after each command, the state `status --as-of event:N` shows.

Given the example campaign (a retraction, companies joining encounters, items damaged, the clock
moved), when `report` writes its page, then each session's embedded data — its start, then each
command's changes — gives after every command the groups, the companies and characters the
session touched, and the clock of `status --as-of event:N --json` (N the command's last event);
the players' version gives the same states after the commands it tells, without the log lines
(docs/cli.md#report).
"""

import json
import re
from html import unescape

import pytest

from tests.paths import ROOT

LOGS = sorted((ROOT / "examples" / "campaign").glob("*.log"))
KINDS = ("encounters", "groups", "companies", "characters")


@pytest.fixture
def example(in_store):
    in_store("replay", *map(str, LOGS))
    return in_store


def _replays(example, tmp_path, *args: str) -> dict[int, dict]:
    out = tmp_path / "report.html"
    example("report", "-o", str(out), *args)
    page = out.read_text("utf-8")
    found = re.findall(
        r'<script type="application/json" id="replay-data-(\d+)">(.*?)</script>', page, re.S
    )
    return {int(number): json.loads(unescape(data)) for number, data in found}


def _states(replay: dict):
    """(position, state) after each step, the changes laid over the state before."""
    state = replay["start"]
    for step in replay["steps"]:
        changes = step["changes"]
        state = {"clock": changes.get("clock", state["clock"])} | {
            kind: state[kind] | changes.get(kind, {}) for kind in KINDS
        }
        yield step["position"], state


def _agrees(state: dict, status: dict) -> None:
    groups = {f"{e['handle']}/{g['handle']}": g for e in status["encounters"] for g in e["groups"]}
    shown = {key: entry for key, entry in state["groups"].items() if entry is not None}
    assert shown, "a session's board is never empty in the example"
    for key, entry in shown.items():
        assert entry == {k: groups[key][k] for k in entry}, key
    companies = {c["handle"]: c for c in status["companies"]}
    kept = {key: entry for key, entry in state["companies"].items() if entry is not None}
    assert kept.keys() <= companies.keys()
    for key, entry in kept.items():
        assert entry == {k: companies[key][k] for k in entry}, key
    characters = {c["handle"]: c for c in status["characters"]}
    kept = {key: entry for key, entry in state["characters"].items() if entry is not None}
    assert kept.keys() <= characters.keys()
    for key, entry in kept.items():
        expected = characters[key]
        items = [{k: i[k] for k in ("name", "state", "hp", "hp_max")} for i in expected["items"]]
        assert entry == {k: expected[k] for k in entry if k != "items"} | {"items": items}, key
    assert state["clock"] == status["clock"]


def test_every_command_of_every_session_stands_as_status_as_of_says(example, tmp_path):
    replays = _replays(example, tmp_path)
    assert sorted(replays) == [1, 2, 3]
    checked = 0
    for replay in replays.values():
        for position, state in _states(replay):
            status = json.loads(example("status", "--json", "--as-of", f"event:{position}"))
            if state["groups"]:
                _agrees(state, status)
                checked += 1
    assert checked > 60  # most of the example's commands come after its first encounter


def test_each_step_says_its_log_line_and_what_it_recorded(example, tmp_path):
    replays = _replays(example, tmp_path)
    history = json.loads(example("history", "--json"))["events"]
    lines = {row["position"]: row["command"] for row in history}
    for replay in replays.values():
        for step in replay["steps"]:
            assert step["said"], step
        ends = {step["position"]: step["line"] for step in replay["steps"]}
        for position, line in ends.items():
            # a command's last event names the command it belongs to: the line is that one
            assert line == lines[position]
    retracted = [s for s in replays[2]["steps"] if s["line"].startswith("retract event:34")]
    assert retracted and retracted[0]["changes"] == {"companies": {"blackthorn": None}}


def test_the_players_replay_reaches_the_same_states_without_the_log_lines(example, tmp_path):
    gm = _replays(example, tmp_path)
    players = _replays(example, tmp_path, "--players")
    assert players.keys() == gm.keys()
    for number, replay in players.items():
        assert all(step["line"] is None for step in replay["steps"])
        assert list(_states(replay))[-1] == list(_states(gm[number]))[-1]
        for position, state in _states(replay):
            if state["groups"]:
                status = json.loads(example("status", "--json", "--as-of", f"event:{position}"))
                _agrees(state, status)


def test_a_session_holds_the_companies_and_characters_it_touched_only(example, tmp_path):
    replays = _replays(example, tmp_path)
    for replay in replays.values():
        states = list(_states(replay))
        for kind in ("companies", "characters"):
            touched = {key for step in replay["steps"] for key in step["changes"].get(kind, {})}
            shown = {key for _, state in states for key in state[kind]}
            assert shown == touched | replay["start"][kind].keys()
        # the state as the session began: none made after, each as it stood then
        at = replay["position"]
        began = json.loads(example("status", "--json", "--as-of", f"event:{at}")) if at else {}
        for kind in ("companies", "characters"):
            there = {entry["handle"]: entry for entry in began.get(kind, [])}
            for key, entry in replay["start"][kind].items():
                assert key in there, (replay["number"], key)
                assert entry["name"] == there[key]["name"]
                for figure in ("killed", "fit", "morale", "damage_taken", "conscience_lost"):
                    assert entry.get(figure) == there[key].get(figure), (key, figure)
    # session 3: Isolde fights and Anselm's items are tested; the Blackthorns left in session 2
    assert "blackthorn" not in replays[3]["start"]["companies"]


SECRET_THEN_ROLLED = """\
#! campaign-log 1
session 1
character create brynn --name Brynn --flaw phobia-mild:spiders
character trait brynn --flaw phobia-disabling:heights --secret
session 2
trait brynn phobia-mild:spiders --result 3
trait brynn phobia-disabling:heights --result 3
note "the cliff path"
"""


def test_a_secret_traits_roll_is_left_out_of_a_later_sessions_players_replay(in_store, tmp_path):
    log = tmp_path / "secret.log"
    log.write_text(SECRET_THEN_ROLLED)
    in_store("replay", str(log))
    for args in ((), ("--session", "2")):
        players = _replays(in_store, tmp_path, "--players", *args)
        gm = _replays(in_store, tmp_path, *args)
        rolled = [
            words for step in players[2]["steps"] for words in step["said"] if "flaw" in words
        ]
        assert len(rolled) == 1, rolled  # the spiders' roll; the heights' is behind the screen
        told = [words for step in gm[2]["steps"] for words in step["said"] if "flaw" in words]
        assert len(told) == 2, told
