"""Given the GM's clock commands (docs/log-language.md#sessions-time-corrections:
``clock advance DURATION`` in any of its units, ``clock set "day N HH:MM"``), when the history is
read or exported as a log (docs/cli.md#export-and-import), then each reads as the GM said it —
``clock advance 3rounds``, ``clock set "day 5 12:00"`` — not as the seconds it moved the clock by,
and the exported log replays to the same status, history and audit. Events recorded before the words
were kept still read as ``clock advance`` by their seconds."""

from __future__ import annotations

import json

import pytest

from campaign.commands import ClockAdvance, ClockSet, SessionOpen
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from tests.paths import FIXTURES
from tests.service.test_upcasting import stored


def commands(in_store, *read: str) -> list[str]:
    """The history's command of each command (its first event), in order."""
    events = json.loads(in_store("history", *read, "--json"))["events"]
    return [e["command"] for e in events if e["position"] == e["command_position"]]


def export_and_replay(in_store, campaign, tmp_path, *which: str) -> tuple[str, str]:
    """The store's exported log, replayed into a fresh store: (the log, that store)."""
    log = in_store("export", "--format", "log", *which)
    path = tmp_path / "exported.log"
    path.write_text(log, encoding="utf-8")
    again = str(tmp_path / "again.db")
    replayed = campaign("--db", again, "replay", str(path))
    assert replayed.exit_code == 0, replayed.output
    return log, again


def same_reads(in_store, campaign, again: str) -> None:
    for read in ("status", "history", "audit"):
        theirs = campaign("--db", again, read, "--json")
        assert theirs.exit_code == 0, theirs.output
        assert in_store(read, "--json") == theirs.stdout, read


UNITS = [
    ("30s", "30s"),
    ("10min", "10min"),
    ("6h", "6h"),
    ("3d", "3d"),
    ("2w", "2w"),
    ("4turns", "4turns"),
    ("5rounds", "5rounds"),
    ("1round", "1round"),
    ("1turn", "1turn"),
    ("120min", "120min"),  # not the 2h the seconds would say
    ("05Rounds", "5rounds"),  # as the parser reads it: lower case, no leading zero
    (" 6H ", "6h"),
]


@pytest.mark.parametrize(("typed", "read"), UNITS)
def test_clock_advance_reads_and_exports_in_the_gm_s_unit(
    in_store, campaign, tmp_path, typed, read
):
    in_store("session", "1")
    in_store("clock", "advance", typed)
    in_store("session", "end")
    assert commands(in_store) == ["session 1", f"clock advance {read}", "session end"]
    log, again = export_and_replay(in_store, campaign, tmp_path)
    assert f"\nclock advance {read}\n" in log
    same_reads(in_store, campaign, again)


MOMENTS = [
    ("day 5 12:00", "day 5 12:00"),
    ("day 5 12:00:30", "day 5 12:00:30"),
    ("DAY 05  9:00", "day 5 09:00"),  # as the parser reads it
    ("day 1 00:00", "day 1 00:00"),  # where the clock is: it moves by nothing
    ("day 1000000 23:59", "day 1000000 23:59"),  # later than the clock by a lot: its last day
]


@pytest.mark.parametrize(("typed", "read"), MOMENTS)
def test_clock_set_reads_and_exports_as_a_set(in_store, campaign, tmp_path, typed, read):
    in_store("session", "1")
    in_store("clock", "set", typed, "--note", "dawn, or so")
    in_store("session", "end")
    line = f'clock set "{read}" --note "dawn, or so"'
    assert commands(in_store) == ["session 1", line, "session end"]
    log, again = export_and_replay(in_store, campaign, tmp_path)
    assert f"\n{line}\n" in log
    same_reads(in_store, campaign, again)


def test_the_bug_s_own_commands(in_store, campaign, tmp_path):
    """The session left open: the replay of its export ends it, the rest is the same."""
    for line in (
        ["session", "1"],
        ["clock", "advance", "3rounds"],
        ["clock", "advance", "4turns"],
        ["clock", "set", "day 5 12:00"],
    ):
        in_store(*line)
    said = ["clock advance 3rounds", "clock advance 4turns", 'clock set "day 5 12:00"']
    assert commands(in_store) == ["session 1", *said]
    log, again = export_and_replay(in_store, campaign, tmp_path)
    assert log.splitlines()[4:7] == said
    mine = json.loads(in_store("status", "--json"))
    theirs = json.loads(campaign("--db", again, "status", "--json").stdout)
    assert (mine.pop("session_open"), theirs.pop("session_open")) == (True, False)
    assert (mine.pop("position"), theirs.pop("position")) == (5, 6)  # + its session end
    assert mine == theirs
    assert mine["clock"] == "day 5 12:00"
    replayed = commands(lambda *a: campaign("--db", again, *a).stdout)
    assert replayed == ["session 1", *said, "session end"]


LATER_SESSIONS = (
    ["session", "1"],
    ["clock", "advance", "6h"],
    ["clock", "advance", "7rounds"],
    ["session", "2"],
    ["clock", "set", "day 3 08:00"],
    ["clock", "advance", "2turns"],
    ["session", "3"],
    ["clock", "set", "day 40 00:00:10"],
    ["session", "end"],
)
LATER_SAID = [
    "clock advance 6h",
    "clock advance 7rounds",
    'clock set "day 3 08:00"',
    "clock advance 2turns",
    'clock set "day 40 00:00:10"',
]


def test_a_clock_set_in_a_later_session_replays_after_the_others(in_store, campaign, tmp_path):
    for line in LATER_SESSIONS:
        in_store(*line)
    assert [c for c in commands(in_store) if c.startswith("clock")] == LATER_SAID
    log, again = export_and_replay(in_store, campaign, tmp_path)
    assert [line for line in log.splitlines() if line.startswith("clock")] == LATER_SAID
    same_reads(in_store, campaign, again)
    assert json.loads(in_store("status", "--json"))["clock"] == "day 40 00:00"


def test_sessions_exported_one_by_one_replay_in_order(in_store, campaign, tmp_path):
    """Each session's log on its own, replayed after the one before: the clock is the same
    after each (the history differs only where a session's own log ends it)."""
    for line in LATER_SESSIONS:
        in_store(*line)
    again = str(tmp_path / "again.db")
    for n in (1, 2, 3):
        path = tmp_path / f"session-{n}.log"
        path.write_text(in_store("export", "--format", "log", "--session", str(n)), "utf-8")
        replayed = campaign("--db", again, "replay", str(path))
        assert replayed.exit_code == 0, replayed.output
        mine = json.loads(in_store("status", "--json", "--as-of", f"session:{n}"))
        theirs = json.loads(campaign("--db", again, "status", "--json").stdout)
        assert mine["clock"] == theirs["clock"], n
    theirs = commands(lambda *a: campaign("--db", again, *a).stdout)
    assert [c for c in theirs if c.startswith("clock")] == LATER_SAID
    for read in ("status", "audit"):
        assert in_store(read, "--json") == campaign("--db", again, read, "--json").stdout


def test_a_retracted_clock_command_and_as_of_keep_the_words(in_store, campaign, tmp_path):
    for line in (
        ["session", "1"],
        ["clock", "advance", "3rounds"],  # event:3
        ["clock", "set", "day 2 06:00"],  # event:4
        ["retract", "last"],  # the set withdrawn: the clock is back at day 1 00:00:30
        ["clock", "set", "day 1 00:01"],  # event:7, before the withdrawn set's time
        ["clock", "advance", "2w"],  # event:8
        ["retract", "event:8"],
        ["session", "end"],
    ):
        in_store(*line)
    history = json.loads(in_store("history", "--json"))["events"]
    assert [(e["command"], e["retracted"]) for e in history if e["kind"] == "clock-moved"] == [
        ("clock advance 3rounds", False),
        ('clock set "day 2 06:00"', True),
        ('clock set "day 1 00:01"', False),
        ("clock advance 2w", True),
    ]
    assert json.loads(in_store("status", "--json"))["clock"] == "day 1 00:01"
    as_of = commands(in_store, "--as-of", "event:4")
    assert as_of == ["session 1", "clock advance 3rounds", 'clock set "day 2 06:00"']
    log, again = export_and_replay(in_store, campaign, tmp_path)
    said = [line for line in log.splitlines() if line.startswith(("clock", "retract"))]
    assert said == [
        "clock advance 3rounds",
        'clock set "day 2 06:00"',
        "retract event:4",
        'clock set "day 1 00:01"',
        "clock advance 2w",
        "retract event:8",
    ]
    same_reads(in_store, campaign, again)


def test_the_python_api_without_the_words_says_the_seconds(tmp_path):
    """Seconds given as a plain number: an advance in their largest unit, a set at its time."""
    with Ledger(parse_store_url(str(tmp_path / "api.db")), gm="ann", seed=1) as ledger:
        ledger.handle(SessionOpen(number=1))
        ledger.handle(ClockAdvance(seconds=7200))
        ledger.handle(ClockSet(seconds=7200 + 86400 + 30))
        moved = [e for e in ledger.history.events() if type(e).__name__ == "ClockMoved"]
    assert [(e.subcommand, e.words) for e in moved] == [("advance", None), ("set", None)]


def test_the_python_api_lines(in_store, tmp_path):
    db = in_store.db
    with Ledger(parse_store_url(db), gm="ann", seed=1) as ledger:
        ledger.handle(SessionOpen(number=1))
        ledger.handle(ClockAdvance(seconds=7200))
        ledger.handle(ClockSet(seconds=7200 + 86400 + 30))
    assert commands(in_store)[-2:] == ["clock advance 2h", 'clock set "day 2 02:00:30"']


def test_clock_moves_recorded_before_the_words_read_as_before(in_store, campaign, tmp_path):
    """The v1 fixture's two advances (3 h with a note, 40 min): no words, no subcommand."""
    rows = [json.loads(line) for line in (FIXTURES / "history-v1.jsonl").read_text().splitlines()]
    with Ledger(parse_store_url(in_store.db), gm="bob", seed=7) as ledger:
        ledger.opened.app.recorder.insert_events([stored(row) for row in rows if row])
    said = [c for c in commands(in_store) if c and c.startswith("clock")]
    assert said == ['clock advance 3h --note "the road to Thornwick"', "clock advance 40min"]
    log, again = export_and_replay(in_store, campaign, tmp_path)
    assert [line for line in log.splitlines() if line.startswith("clock")] == said
    mine = json.loads(in_store("status", "--json"))
    theirs = json.loads(campaign("--db", again, "status", "--json").stdout)
    assert mine["clock"] == theirs["clock"] == "day 1 03:40"
