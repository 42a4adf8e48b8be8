"""The live answer and ``replay --verbose`` say the audit's flags (docs/audit.md#at-the-table):
one line per final finding, with its code, under the command's own line; a check left due at
an encounter's end and an item save left unmade at a session's end are said when they close,
and what is still due is reminded — live and in a replayed file alike."""

from __future__ import annotations

import json
import shlex

import pytest

NATURAL_1 = (
    "save brynn --vs Fireball --type reflex --dc 16 --effect half --damage 24 --energy --objects "
    '--roll 1 --item "Tower shield"'
)
LOG = f"""session 1
character create brynn
character saves brynn --fortitude 4 --reflex 1 --will 2
character item brynn "Tower shield" --slot shield --hardness 5 --hp 20
{NATURAL_1}
encounter start ford
encounter group ford goblins --count 6 --morale 7
encounter group ford zombies --count 6 --morale 12
adjust ford zombies +1 --reason y
casualty ford goblins
session end
session 2
encounter end ford
"""


@pytest.fixture
def run(campaign, tmp_path):
    db = str(tmp_path / "flags.db")

    def invoke(*args):
        result = campaign("--db", db, *args)
        assert result.exit_code == 0, result.output
        return result.stdout

    return invoke


def test_a_live_ruling_beyond_the_rules_is_flagged_with_its_code(run):
    run("session", "1")
    run("encounter", "start", "tower")
    run("encounter", "group", "tower", "cultists", "--count", "5", "--morale", "8")
    said = run("adjust", "tower", "cultists", "+3", "--reason", "x").splitlines()
    assert said[0] == "cultists: +3 (x) → effective morale 11"
    assert said[1].startswith("⚑ MOR005 adjustments sum +3 after +3 (x): beyond −2…+2")
    said = run("character", "create", "bob", "--flaw", "phobia-mild", "--flaw", "blind",
               "--flaw", "deaf").splitlines()  # fmt: skip
    assert [line.split()[1] for line in said[1:]] == ["TRT002"]
    assert run("note", "the ford is guarded") == "noted\n"  # GEN002 is not repeated
    findings = json.loads(run("audit", "--json"))["findings"]
    assert sorted(f["code"] for f in findings) == ["GEN002", "MOR005", "TRT002"]


def test_closing_an_encounter_or_a_session_says_what_was_left(run):
    for line in LOG.splitlines()[:-3]:
        run(*shlex.split(line))
    ended = run("session", "end").splitlines()
    assert ended[0] == "session 1 ended"
    assert ended[1].startswith("⚑ SAV003 brynn/Tower shield: exposed at event ")
    assert ended[2].startswith("ford/goblins: morale check due since event ")
    run("session", "2")
    ended = run("encounter", "end", "ford").splitlines()
    assert ended[0] == "encounter ford ended"
    assert ended[1].startswith("⚑ MOR002 ford/goblins: morale check due since event ")
    assert ended[1].endswith("(first-death), none made")


def test_replay_verbose_says_the_same_flags_under_each_line(run, tmp_path):
    log = tmp_path / "s1.log"
    log.write_text(LOG, "utf-8")
    said = run("--verbose", "replay", str(log))
    flags = [line.strip() for line in said.splitlines() if line.strip().startswith("⚑")]
    assert [flag.split()[1] for flag in flags] == ["MOR004", "SAV003", "MOR002"]
    assert "    ford/goblins: morale check due since event " in said
    final = [f["code"] for f in json.loads(run("audit", "--json"))["findings"]]
    assert sorted(final) == ["MOR002", "MOR004", "SAV003"]


def test_a_session_ending_with_its_file_says_the_item_save_left_unmade(run, tmp_path):
    log = tmp_path / "s1.log"
    log.write_text("\n".join(LOG.splitlines()[:5]) + "\n", "utf-8")  # up to the natural 1
    said = run("--verbose", "replay", str(log)).splitlines()
    at = said.index(f"  {log}:5: session 1 ended with the file")
    assert said[at + 1].startswith("    ⚑ SAV003 brynn/Tower shield: exposed at event ")
