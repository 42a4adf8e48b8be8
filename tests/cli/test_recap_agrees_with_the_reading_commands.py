"""Given a history, when it is exported, then the recap agrees with itself and with the reading
commands, and the sessions' logs replay as the whole log does (docs/cli.md#export-and-import).

- a flaw's dice penalty reads ``-2D`` in the recap, as ``status`` and ``modifiers`` show it;
- a command a later session retracted is told in its own session, marked, and the retracting
  session lists it as withdrawn (an encounter only the retraction touched was not fought there);
- a session whose ``session N`` line was retracted: ``--format markdown --session N`` says so,
  as ``history``, ``audit`` and the other exports accept N;
- ``--format log --session N`` for every N, replayed in order in one call, gives the status and
  the audit of the whole export replayed, also after a retracted ``session N`` line.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

RECAP = ("export", "--format", "markdown")


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "campaign.db")


@pytest.fixture
def run(campaign, db):
    """``campaign --db DB ARGS…``, which must succeed; returns its stdout."""

    def go(*args: str) -> str:
        result = campaign("--db", db, *args)
        assert result.exit_code == 0, (args, result.output)
        return result.stdout

    return go


def typed(run, *lines: str) -> None:
    for line in lines:
        run(*_words(line))


def _words(line: str) -> list[str]:
    return [w.strip('"') for w in re.findall(r'"[^"]*"|\S+', line)]


def section(recap: str, number: int) -> str:
    """Session ``number``'s section of a whole recap."""
    found = re.search(rf"^## Session {number}\b.*?(?=^## Session |\Z)", recap, re.M | re.S)
    assert found, recap
    return found.group()


# --- 1. a dice penalty ----------------------------------------------------------------------------


def test_a_dice_penalty_reads_as_status_and_modifiers_show_it(run):
    typed(run, "session 1", "character create vex --flaw dependency-toxic")
    said = run("trait", "vex", "dependency-toxic", "--hours", "30")  # the live line too
    assert said.strip().endswith("; -2D relational-rolls; -2D skill-rolls"), said
    recap = run(*RECAP)
    assert "; -2D relational-rolls, -2D skill-rolls, " in recap
    assert "-2 relational-rolls" not in recap
    # the very notation the reading commands use
    assert "-2D relational-rolls" in " ".join(run("status").split())
    assert "-2D dependency-toxic" in run("modifiers")
    assert [m["unit"] for m in json.loads(run("modifiers", "--json"))["subjects"][0]["modifiers"]
            ] == ["dice", "dice"]  # fmt: skip


def test_a_flat_penalty_stays_a_number(run):
    typed(run, "session 1", "character create ann --flaw phobia-mild:spiders",
          "trait ann phobia-mild --result 4 --duration 4h --penalty -3")  # fmt: skip
    recap = run(*RECAP)
    assert "— failure; -3 all-rolls, afraid" in recap
    assert "-3D" not in recap


# --- 2. a command retracted in a later session ----------------------------------------------------

MILL = (
    "session 1",
    "encounter start mill",
    "encounter group mill rats --count 10 --morale 6",
    "casualty mill rats 2 --cause boots",
    "session 2",
)


def _position(run, command: str) -> int:
    events = json.loads(run("history", "--json"))["events"]
    return next(e["command_position"] for e in events if e["command"] == command)


def test_a_casualty_retracted_in_a_later_session_is_told_where_it_happened(run):
    typed(run, *MILL)
    casualty = _position(run, "casualty mill rats 2 --cause boots")
    run("retract", f"event:{casualty}")
    recap = run(*RECAP)
    one, two = section(recap, 1), section(recap, 2)
    # session 1: the table as it stood at its end, and the casualty that made it so, marked
    assert "| rats | still fighting | 2 killed of 10 | 6 |" in one
    assert "- rats at mill: 2 killed — boots *(withdrawn in session 2)*" in one
    # session 2: what its retraction withdrew, and no fight at the mill
    assert "mill (still going)" not in two and "| rats |" not in two
    assert "### Withdrawn" in two
    assert f"- casualty mill rats 2 --cause boots — recorded in session 1 (event {casualty})" in two
    # as history tells each session
    first = json.loads(run("history", "--session", "1", "--json"))["events"]
    assert any(e["position"] == casualty and e["retracted"] for e in first)
    second = json.loads(run("history", "--session", "2", "--json"))["events"]
    assert [e["command"] for e in second if e["kind"] == "command-retracted"] == [
        f"retract event:{casualty}"
    ]
    # one session at a time says the same
    assert run(*RECAP, "--session", "1").rstrip("\n") == one.rstrip("\n")
    assert run(*RECAP, "--session", "2").rstrip("\n") == two.rstrip("\n")


def test_a_command_retracted_in_its_own_session_is_still_left_out(run):
    typed(run, *MILL[:-1], "note kept")
    run("retract", f"event:{_position(run, 'casualty mill rats 2 --cause boots')}")
    recap = run(*RECAP)
    assert "| rats | still fighting | none of 10 | 6 |" in recap
    assert "Casualties" not in recap and "withdrawn" not in recap and "Withdrawn" not in recap


def test_a_note_and_a_morale_test_retracted_later_are_marked(run):
    typed(run, *MILL[:-1], "note spoken", "morale mill rats --roll 3,4", "session 2")
    run("retract", f"event:{_position(run, 'note spoken')}")
    run("retract", f"event:{_position(run, 'morale mill rats --roll 3,4')}")
    one = section(run(*RECAP), 1)
    assert "- spoken *(withdrawn in session 2)*" in one
    assert re.search(
        r"- Morale of rats: 3\+4 = 7 against 6 — .* \*\(withdrawn in session 2\)\*", one
    )


# --- 3. a retracted `session N` line --------------------------------------------------------------


def test_the_recap_of_a_session_only_a_retracted_line_opened_says_so(campaign, db, run):
    typed(run, "session 1", "note a", "session 2 --title Oops", "retract last", "note x")
    for command in (("history",), ("audit",), ("export", "--format", "log"),
                    ("export", "--format", "jsonl")):  # fmt: skip
        assert campaign("--db", db, *command, "--session", "2").exit_code == 0, command
    alone = run(*RECAP, "--session", "2")
    assert alone.startswith("## Session 2 — Oops\n")
    assert "line was retracted" in alone and "never took place" in alone
    # the whole recap leaves it out: what followed is session 1's
    whole = run(*RECAP)
    assert "Session 2" not in whole
    assert "- a\n- x\n" in section(whole, 1)
    unknown = campaign("--db", db, *RECAP, "--session", "3")
    assert unknown.exit_code == 2 and "session 3 is not in this history" in unknown.stderr


# a history to export: sessions 1–5, then a mistyped `session 6` retracted, a note in session
# 5 that went on, the real session 6, and a later retraction by position
def _five_then_six(run) -> None:
    typed(run, "session 1", "encounter start mill",
          "encounter group mill rats --count 10 --morale 6",
          "casualty mill rats 2 --cause boots")  # fmt: skip
    for number in range(2, 6):
        typed(run, f"session {number}", f"note in-{number}")
    typed(run, "session 6 --title Oops", "retract last", "note x", 'session 6 --title "Real six"',
          "note y", "casualty mill rats 1 --cause fire", "session end", "session 7")  # fmt: skip
    typed(run, f"retract event:{_position(run, 'casualty mill rats 1 --cause fire')}",
          "note late", "session end")  # fmt: skip


def _small(run) -> None:
    typed(run, "session 1", "note a", "session 2 --title Oops", "retract last", "note x",
          "session 2 --title Real", "session end")  # fmt: skip


def _before_any(run) -> None:
    typed(run, "session 3 --title Oops", "retract last", "session 1", "note b", "session 2",
          "note c")  # fmt: skip


def _after_an_end(run) -> None:
    typed(run, "session 1", "character create vex", "session end", "session 2 --title Oops",
          "retract last", "session 2", "note b", "session 3")  # fmt: skip
    typed(run, f"retract event:{_position(run, 'character create vex')}")


HISTORIES = {"five-then-six": _five_then_six, "small": _small, "before-any": _before_any,
             "after-an-end": _after_an_end}  # fmt: skip


@pytest.mark.parametrize("history", HISTORIES)
@pytest.mark.slow
def test_the_sessions_logs_replay_in_order_as_the_whole_log(campaign, run, tmp_path, history):
    HISTORIES[history](run)
    events = json.loads(run("history", "--json"))["events"]
    sessions = sorted({e["session"] for e in events if e["session"] is not None})
    files = []
    for number in sessions:
        path = tmp_path / f"session-{number}.log"
        path.write_text(run("export", "--format", "log", "--session", str(number)), "utf-8")
        files.append(str(path))
    whole = tmp_path / "whole.log"
    whole.write_text(run("export", "--format", "log"), "utf-8")
    # the sessions' logs hold the whole log's lines, each once, in order
    commands = [
        line
        for path in files
        for line in Path(path).read_text("utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    assert commands == [x for x in whole.read_text("utf-8").splitlines() if x and x[0] != "#"]
    apart, together = str(tmp_path / "apart.db"), str(tmp_path / "together.db")
    replayed = campaign("--db", apart, "replay", *files)
    assert replayed.exit_code == 0, replayed.output
    assert campaign("--db", together, "replay", str(whole)).exit_code == 0

    def read(store: str, *command: str):
        result = campaign("--db", store, *command, "--json")
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    assert read(apart, "status") == read(together, "status")
    assert read(apart, "audit") == read(together, "audit")
    # every retraction withdrew the same command
    for store in (apart, together):
        withdrawn = {e["command"] for e in read(store, "history")["events"] if e["retracted"]}
        assert withdrawn == {e["command"] for e in events if e["retracted"]}, store
    # and the whole log replayed after them is recognised block by block: nothing new
    again = campaign("--db", apart, "replay", str(whole))
    assert again.exit_code == 0 and "nothing new" in again.stdout, again.output


def test_a_session_only_a_retracted_line_opened_has_a_log_that_says_where_it_went(run):
    _before_any(run)
    three = run("export", "--format", "log", "--session", "3")
    assert [x for x in three.splitlines() if x and not x.startswith("#")] == []
    assert "in session 1's log" in three
    one = run("export", "--format", "log", "--session", "1")
    assert "session 3 --title Oops\nretract event:" in one
    assert "this `session 3` line is retracted below" in one
