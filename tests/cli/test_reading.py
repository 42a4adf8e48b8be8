"""The reading commands through the CLI (docs/cli.md#reading, docs/json.md): given the ford session
of docs/log-language.md#a-log typed live, ``status``, ``history``, ``modifiers`` and
``projections`` read it back — as JSON with stable
keys, and as tables a GM reads at a glance — on a SQLite file and on PostgreSQL."""

import json
import re
import shlex
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from cli.main import app
from tests.scenario import FORD_LOG, FORD_STATUS, contains
from tests.stores import woken_by_a_write

HISTORY_KEYS = {
    "position", "session", "command", "kind", "subject", "rules_say", "ruled", "note", "gm",
    "retracted",
}  # fmt: skip
ANSI = re.compile(r"\x1b\[")
COLOR = re.compile(r"\x1b\[[0-9;]*(?:3[0-9]|9[0-7]|38;)[0-9;]*m")


def log(runner, db, text):
    """Type each line of a session log as a live command."""
    for line in text.replace("\\\n", "").splitlines():
        words = shlex.split(line, comments=True)
        if words:
            result = runner.invoke(app, ["--db", db, *words])
            assert result.exit_code == 0, (line, result.output)


def read(runner, db, *args):
    result = runner.invoke(app, ["--db", db, *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture
def ford_store(store_url):
    """The ford, up to the loyalty line, in a fresh SQLite file or PostgreSQL schema."""
    log(CliRunner(), store_url, FORD_LOG)
    return store_url


@pytest.fixture(scope="module")
def ford_db(tmp_path_factory):
    """The same on SQLite, built once for the tests that only read it."""
    db = str(tmp_path_factory.mktemp("ford") / "campaign.db")
    log(CliRunner(), db, FORD_LOG)
    return db


def position_of(events, kind, subject):
    return next(e["position"] for e in events if (e["kind"], e["subject"]) == (kind, subject))


# --- the main check, on both backends ------------------------------------------------------------


def test_status_json_after_the_loyalty_line_is_the_json_pages_example(campaign_json, ford_store):
    status = campaign_json("--db", ford_store, "status")
    assert contains(status, FORD_STATUS)
    events = campaign_json("--db", ford_store, "history")["events"]
    assert status["position"] == events[-1]["position"]
    # the same with --all: JSON always has every encounter
    assert campaign_json("--db", ford_store, "status", "--all") == status


def test_history_json_puts_the_rules_beside_the_ruling(campaign, campaign_json, ford_store):
    events = campaign_json("--db", ford_store, "history")["events"]
    assert all(set(event) >= HISTORY_KEYS for event in events)  # docs/json.md: keys may be added
    assert [e["position"] for e in events] == list(range(1, len(events) + 1))  # dense
    morale = next(e for e in events if e["kind"] == "morale-tested")
    assert (morale["subject"], morale["rules_say"], morale["ruled"]) == ("ford/goblins", "flee",
                                                                          "flee")  # fmt: skip
    assert morale["command"] == "morale ford goblins --roll 3,5"  # the line that reproduces it
    # when the GM rules otherwise, the history keeps both, and the note
    said = campaign("--db", ford_store, "--gm", "ann", "morale", "ford", "red-lances", "--roll",
                    "6,6", "--ruling", "fight", "--note", "they saw the banner")  # fmt: skip
    assert said.exit_code == 0, said.output
    last = campaign_json("--db", ford_store, "history")["events"][-1]
    assert contains(last, {"kind": "morale-tested", "subject": "ford/red-lances", "session": 12,
                           "rules_say": "flee", "ruled": "fight", "note": "they saw the banner",
                           "gm": "ann", "retracted": False})  # fmt: skip


def test_as_of_reads_the_state_as_it_stood_then(campaign_json, ford_store):
    events = campaign_json("--db", ford_store, "history")["events"]
    casualty = position_of(events, "casualty-recorded", "ford/goblins")
    # event:N snaps to the end of the command that recorded it (the casualty made a check due)
    then = campaign_json("--db", ford_store, "status", "--as-of", f"event:{casualty}")
    assert then["position"] == position_of(events, "morale-check-due", "ford/goblins")
    goblins = then["encounters"][0]["groups"][0]
    assert contains(goblins, {"handle": "goblins", "killed": 1, "adjustment": 0,
                              "status": "fighting", "checks_due": ["first-death"]})  # fmt: skip
    history = campaign_json("--db", ford_store, "history", "--as-of", f"event:{casualty}")
    assert history["events"][-1]["position"] == then["position"]
    modifiers = campaign_json("--db", ford_store, "modifiers", "ford", "goblins", "--as-of",
                              f"event:{casualty}")  # fmt: skip
    assert modifiers["subjects"][0]["modifiers"] == []  # before `adjust`
    # session:12 is the end of session 12: here, now
    now = campaign_json("--db", ford_store, "status")
    assert campaign_json("--db", ford_store, "status", "--as-of", "session:12") == now


def test_projections_status_rebuild_and_run(campaign, campaign_json, ford_store):
    before = campaign_json("--db", ford_store, "status")
    rows = campaign_json("--db", ford_store, "projections", "status")["projections"]
    assert rows and all(set(r) == {"name", "position", "behind"} for r in rows)
    assert {"timeline", "board"} <= {r["name"] for r in rows}
    assert all((r["position"], r["behind"]) == (before["position"], 0) for r in rows)
    rebuilt = campaign("--db", ford_store, "projections", "rebuild")
    assert rebuilt.exit_code == 0, rebuilt.output
    assert f"{before['position']} events folded" in rebuilt.stdout
    assert campaign_json("--db", ford_store, "status") == before
    ran = campaign("--db", ford_store, "projections", "run", "--once")
    assert ran.exit_code == 0, ran.output
    assert "0 events folded" in ran.stdout  # the read above caught them up


# --- modifiers -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("targets", "subjects"),
    [
        ([], ["ford/goblins", "ford/red-lances", "red-lances", "brynn", "cedric"]),
        (["ford", "goblins"], ["ford/goblins"]),
        (["ford/goblins"], ["ford/goblins"]),
        (["red-lances"], ["red-lances"]),  # a bare handle: the company, not its group
        (["company:red-lances"], ["red-lances"]),
        (["character:brynn"], ["brynn"]),
        (["ford"], ["ford/goblins", "ford/red-lances"]),  # every group of the encounter
        (["character:brynn", "FORD", "Goblins"], ["ford/goblins", "brynn"]),  # query order
    ],
)
def test_modifiers_filters_by_target(ford_db, campaign_json, targets, subjects):
    found = campaign_json("--db", ford_db, "modifiers", *targets)["subjects"]
    assert [s["subject"] for s in found] == subjects


def test_modifiers_values(ford_db, campaign_json):
    found = campaign_json("--db", ford_db, "modifiers", "ford", "goblins", "company:red-lances",
                          "character:brynn")["subjects"]  # fmt: skip
    goblins, lances, brynn = found
    assert contains(goblins, {"kind": "group", "rating": 7, "effective": 6, "modifiers": [
        {"value": -1, "unit": "flat", "reason": "leader slain", "until": None}]})  # fmt: skip
    assert contains(lances, {"kind": "company", "rating": 9, "effective": 10, "modifiers": [
        {"value": 1, "reason": "shared the dragon hoard", "position": 4}]})  # fmt: skip
    assert brynn["kind"] == "character"
    assert [(m["value"], m["applies_to"]) for m in brynn["modifiers"]] == [
        (1, "moral"),  # nerves of steel, passive
        (-1, "all-rolls"),  # the phobia's condition
    ]


@pytest.mark.parametrize(
    ("targets", "named"),
    [(["orcs"], "orcs"), (["ford", "orcs"], "orcs"), (["company:brynn"], "company:brynn")],
)
def test_modifiers_of_nothing_exits_2_naming_it(ford_db, campaign, targets, named):
    result = campaign("--db", ford_db, "modifiers", *targets, "--json")
    assert result.exit_code == 2
    assert repr(named) in result.stderr and result.stdout == ""
    assert "Traceback" not in result.output


# --- errors --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "ref", ["yesterday", "event:999", "session:3", "event:", f"event:{10**23}", f"session:{2**63}"]
)
def test_a_bad_as_of_exits_2(ford_db, campaign, ref):
    for command in (["status"], ["history"], ["modifiers"]):
        result = campaign("--db", ford_db, *command, "--as-of", ref, "--json")
        assert result.exit_code == 2, (command, result.output)
        assert "--as-of" in result.stderr and result.stdout == ""


@pytest.mark.parametrize("command", [["history", "--json"], ["audit", "--json"], ["export"]])
def test_a_session_not_in_the_history_exits_2_naming_the_sessions(ford_db, campaign, command):
    # the ford is session 12 alone: an empty answer for session 11 would read as "nothing
    # happened" (no events, no findings) when the number is a typo
    result = campaign("--db", ford_db, *command, "--session", "11")
    assert result.exit_code == 2, (command, result.output)
    assert "--session: session 11 is not in this history; sessions: 12" in result.stderr
    assert result.stdout == "" and "Traceback" not in result.output


def test_a_session_whose_opening_was_retracted_can_still_be_read(campaign, tmp_path):
    # its events stay in the history, struck out, and the retraction's finding is in it
    db = str(tmp_path / "c.db")
    for words in (["session", "1"], ["note", "one"], ["session", "2"], ["retract", "last"]):
        assert campaign("--db", db, *words).exit_code == 0
    history = campaign("--db", db, "history", "--session", "2", "--json")
    assert history.exit_code == 0, history.output
    events = json.loads(history.stdout)["events"]
    assert [(e["kind"], e["retracted"]) for e in events] == [
        ("session-opened", True), ("command-retracted", False), ("retracted", False)
    ]  # fmt: skip
    audit = campaign("--db", db, "audit", "--session", "2", "--json")
    assert [f["code"] for f in json.loads(audit.stdout)["findings"]] == ["GEN001"]
    refused = campaign("--db", db, "history", "--session", "3")
    assert refused.exit_code == 2 and "sessions: 1, 2" in refused.stderr


@pytest.mark.parametrize("subject", ["nobody", "goblins", "ford/nobody"])
def test_history_of_a_subject_nothing_is_about_exits_2(ford_db, campaign, subject):
    # every subject has at least the event that created it; "goblins" is a group: ford/goblins
    result = campaign("--db", ford_db, "history", "--subject", subject, "--json")
    assert result.exit_code == 2, result.output
    assert f"--subject: no event is about {subject!r}" in result.stderr
    assert "ENCOUNTER/GROUP" in result.stderr and result.stdout == ""
    assert campaign("--db", ford_db, "history", "--subject", "ford/goblins").exit_code == 0


@pytest.mark.parametrize(
    "command", [["status"], ["history"], ["modifiers"], ["projections", "status"],
                ["projections", "rebuild"], ["projections", "run", "--once"]],
)  # fmt: skip
def test_reading_a_missing_store_exits_1_saying_how_to_create_one(campaign, tmp_path, command):
    db = tmp_path / "nowhere.db"
    result = campaign("--db", str(db), *command)
    assert result.exit_code == 1, result.output
    assert "campaign init" in result.stderr and "Traceback" not in result.output
    assert not db.exists()  # reading never creates a store


def test_init_creates_the_store_once(campaign, campaign_json, tmp_path):
    db = str(tmp_path / "new.db")
    first = campaign("--db", db, "init", "--name", "Greywater")
    assert first.exit_code == 0 and "created" in first.stdout
    again = campaign("--db", db, "init", "--name", "Greywater")
    assert again.exit_code == 0 and "already exists" in again.stdout
    assert "named" not in again.stdout
    renamed = campaign("--db", db, "init", "--name", "Other")  # said, not silently dropped
    assert renamed.exit_code == 0 and "it stays 'Greywater'" in renamed.stdout
    assert len(campaign_json("--db", db, "history")["events"]) == 1
    changed = campaign("--db", db, "init", "--paladin-ability", "cha")
    assert changed.exit_code == 0 and "paladin-ability set to cha" in changed.stdout
    assert len(campaign_json("--db", db, "history")["events"]) == 2
    status = campaign_json("--db", db, "status")
    assert contains(status, {"session": None, "encounters": [], "companies": [],
                             "characters": []})  # fmt: skip
    assert campaign("--db", db, "init", "--paladin-ability", "int").exit_code == 2


# --- what a person reads -------------------------------------------------------------------------


def test_status_for_a_person(ford_db, campaign, monkeypatch):
    monkeypatch.setenv("COLUMNS", "160")  # no wrapping inside the phrases looked for
    result = campaign("--db", ford_db, "status")
    assert result.exit_code == 0, result.output
    text = result.stdout
    shown = ("Session 12", "day 1 00:00", "Ambush at the ford", "goblins", "fled", "red-lances",
             "fighting", "7 -1 = 6", "shared the dragon hoard", "Phobie légère", "Nerfs d’acier",
             "Tower shield", "13/20 hp", "loyalty 9")  # fmt: skip
    assert [s for s in shown if s not in text] == []
    assert "Traceback" not in result.output


NARROW = """\
session 1
company hire levy --troop militia --size 10
encounter start ford --name "The ford"
encounter group ford goblins --count 12 --morale 7
encounter join ford levy
encounter group ford trolls --count 3 --morale 12
adjust ford trolls -1 --reason "their chief falls"
casualty ford goblins 1
character create isolde --name "Isolde Varga"
character create tamsin --name "Tamsin Reed" --retainer-of isolde --employer-cha 13
character item tamsin "Storm lantern" --slot held
loyalty tamsin --after-adventure --roll 6,6
"""


@pytest.mark.parametrize("columns", ["50", "60", "72", "100"])
def test_status_on_a_narrow_terminal_still_says_what_is_due(campaign, tmp_path, monkeypatch,
                                                            columns):  # fmt: skip
    # the board's last column ("Check due") stays in view below ~80 columns, and a retainer's long
    # title leaves their items on the grid; at ≥ 12 the adjustment is ignored, not summed
    db = str(tmp_path / "narrow.db")
    log(CliRunner(), db, NARROW)
    monkeypatch.setenv("COLUMNS", columns)
    monkeypatch.setenv("NO_COLOR", "1")
    text = campaign("--db", db, "status").stdout
    flat = " ".join(text.split())  # whatever the wrapping
    assert "morale check" in flat and "first-death" in flat  # in a table cell, maybe wrapped
    assert "Storm lantern" in text and "left isolde's service" in flat
    assert "12 -1 = 12" not in flat and "-1 ignored" in flat
    assert max(len(line) for line in text.splitlines()) <= int(columns)


def test_a_default_ruling_is_no_ruling_in_the_history_nor_the_recap(campaign, tmp_path):
    # at 12 a test is `fights-to-death` and records `fight`, at 2 `will-not-fight` and `flee`
    # (docs/log-language.md#morale): the recap does not say "(the GM's ruling; the rules said …)"
    # nor the history mark them ≠, as the audit rightly finds nothing
    db = str(tmp_path / "default.db")
    log(CliRunner(), db, """\
session 1
encounter start e
encounter group e trolls --count 3 --morale 12
encounter group e serfs --count 4 --morale 2
encounter group e orcs --count 4 --morale 7
morale e trolls
morale e serfs
morale e orcs --roll 6,6 --ruling surrender
""")  # fmt: skip
    recap = campaign("--db", db, "export", "--format", "markdown").stdout
    # no test applies at 12 or 2: said so, not "no roll against 12"
    assert "- Morale of trolls: no test was due (fights to the death) — fight\n" in recap
    assert "- Morale of serfs: no test was due (would not fight) — flee\n" in recap
    assert "surrender (the GM's ruling; the rules said flee)" in recap  # a ruling, still said
    history = campaign("--db", db, "--verbose", "history").stdout
    marked = [line for line in history.splitlines() if "≠" in line]
    assert len(marked) == 1 and "surrender" in marked[0]


def test_status_shows_open_encounters_unless_all(campaign, tmp_path):
    db = str(tmp_path / "two.db")
    log(CliRunner(), db, """\
session 1
encounter start bridge --name "Trolls under the bridge"
encounter group bridge trolls --count 2 --morale 10
encounter end bridge
encounter start cave
encounter group cave bats --count 30 --morale 2
""")  # fmt: skip
    shown = campaign("--db", db, "status").stdout
    assert "bats" in shown and "will-not-fight" in shown and "trolls" not in shown
    assert "--all" in shown  # says what is hidden
    everything = campaign("--db", db, "status", "--all").stdout
    assert "trolls" in everything and "(ended)" in everything and "bats" in everything


def test_history_for_a_person_marks_rulings_and_retractions(campaign, tmp_path):
    db = str(tmp_path / "rulings.db")
    log(CliRunner(), db, """\
session 1
encounter start ford
encounter group ford goblins --count 12 --morale 7
morale ford goblins --roll 6,6 --ruling fight --note "the shaman screams"
note "a note the GM takes back"
retract last
""")  # fmt: skip
    result = campaign("--db", db, "history")
    assert result.exit_code == 0, result.output
    row = next(line for line in result.stdout.splitlines() if "morale ford" in line)
    assert "flee" in row and "fight ≠" in row
    assert "(retracted)" in result.stdout and "session 1" in result.stdout


def test_modifiers_and_projections_for_a_person(ford_db, campaign):
    modifiers = campaign("--db", ford_db, "modifiers").stdout
    assert "leader slain" in modifiers and "ford/goblins" in modifiers
    positions = campaign("--db", ford_db, "projections", "status").stdout
    assert "timeline" in positions and "Behind" in positions


def test_no_color(ford_db, campaign, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    assert not ANSI.search(campaign("--db", ford_db, "status").stdout)
    # even on a terminal: bold and dim stay (as Rich does), colors go
    monkeypatch.setenv("FORCE_COLOR", "1")
    on_a_terminal = campaign("--db", ford_db, "status").stdout
    assert not COLOR.search(on_a_terminal)
    monkeypatch.delenv("NO_COLOR")
    assert COLOR.search(campaign("--db", ford_db, "status").stdout)  # the check can fail


def test_json_is_the_only_thing_on_stdout(ford_db, campaign):
    for command in (["status"], ["history"], ["modifiers"], ["projections", "status"]):
        result = campaign("--db", ford_db, *command, "--json")
        assert result.exit_code == 0 and isinstance(json.loads(result.stdout), dict)


def test_rebuild_on_a_terminal_shows_progress_and_still_says_the_count(ford_db, campaign,
                                                                       monkeypatch):  # fmt: skip
    monkeypatch.setenv("FORCE_COLOR", "1")  # stderr is a terminal: the bar is drawn there
    result = campaign("--db", ford_db, "projections", "rebuild")
    assert result.exit_code == 0, result.output
    assert "events folded" in result.stdout and "Traceback" not in result.output


@pytest.mark.subprocess
def test_status_json_as_a_subprocess(ford_db):
    result = subprocess.run(
        [sys.executable, "-c", "from cli.main import main; main()", "--db", ford_db, "status",
         "--json"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert contains(json.loads(result.stdout), FORD_STATUS)


# --- following a store ---------------------------------------------------------------------------


def test_run_wakes_on_a_postgresql_write(store_url):
    if not store_url.startswith("postgresql"):
        pytest.skip("SQLite has no NOTIFY: `projections run` polls every --interval")
    log(CliRunner(), store_url, "session 1\n")
    woken_by_a_write(store_url, lambda: log(CliRunner(), store_url, 'note "a write"\n'))


@pytest.mark.parametrize("columns", ["100", "60"])  # the table, and the block per event
def test_a_sessions_history_shows_the_line_that_opened_it(campaign, tmp_path, monkeypatch, columns):
    # `session 2 --title …` ends session 1 with its first event: session 2's rows begin with the
    # line, not a bare "↳ session-opened", and `history --session 2` shows the title
    db = str(tmp_path / "c.db")
    for words in (["session", "1"], ["note", "a"], ["session", "2", "--title", "The ford"]):
        assert campaign("--db", db, *words).exit_code == 0
    monkeypatch.setenv("COLUMNS", columns)
    result = campaign("--db", db, "history", "--session", "2")
    assert result.exit_code == 0, result.output
    assert 'session 2 --title "The ford"' in result.stdout
    whole = campaign("--db", db, "history").stdout
    assert whole.count('session 2 --title "The ford"') == 2  # its own row, and session 2's first
