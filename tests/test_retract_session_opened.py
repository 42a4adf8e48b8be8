"""Given a `session N` command after which something was recorded in session N that cannot be
undone — a retraction, or an event of a command since retracted — when the GM withdraws the
`session N` command (`retract last`, `retract event:N`), then the tracker refuses: exit 2,
nothing written, the blocking event named, and no advice to retract it (it cannot be): session N
stays opened, `session end` ends it. Live, in a replayed log, and a stored `session N` with the
rest in a log; on SQLite and PostgreSQL (SPEC §4 `retract`: withdrawn, session N would never
have opened, yet would still hold those events — and `export` wrote `session N` twice).

Withdrawing a command that opened no session while retractions follow, and `session N` with
nothing after it, are still allowed."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from cli.main import app


def cli(*args: str):
    return CliRunner().invoke(app, list(args), env={"CAMPAIGN_SEED": ""})


def ok(db: str, *args: str) -> str:
    result = cli("--db", db, *args)
    assert result.exit_code == 0, (args, result.output)
    return result.stdout


def typed(db: str, lines: list[str]) -> None:
    for line in lines:
        ok(db, *line.split())


def replay(db: str, lines: list[str], path):
    path.write_text("".join(f"{line}\n" for line in lines), "utf-8")
    return cli("--db", db, "replay", str(path))


def jsonl(db: str) -> str:
    return ok(db, "export", "--format", "jsonl")


HIRE = "company hire co --troop trained --size 5"

# Each: the lines (after `campaign init`, whose event is position 1), the refused last line, the
# blocking event, what it is, the session (N) it was recorded in, and whether N is still open
# (then `session end` is named).
# ``split``: the lines typed live before a log holding the rest, where that log can start with
# its own `session` line.
REFUSED = {
    # the bug as found: the note is withdrawn, then `session 1` itself
    "last": dict(
        lines=["session 1", "note hi", "retract last"],
        refused="retract last",
        blocker="event:3",
        what="of a command since retracted",
        session=1,
        open=True,
    ),
    "event:N of the command": dict(
        lines=["session 1", "note hi", "retract last"],
        refused="retract event:2",
        blocker="event:3",
        what="of a command since retracted",
        session=1,
        open=True,
    ),
    # the only later event in session 2 is a retraction (of a hire recorded in session 1)
    "a retraction": dict(
        lines=["session 1", HIRE, "session 2", "retract event:3"],
        refused="retract event:5",
        blocker="event:6",
        what="a retraction",
        session=2,
        open=True,
    ),
    # session 1 has ended since: nothing to end
    "ended since": dict(
        lines=["session 1", "note a", "retract last", "session 2"],
        refused="retract event:2",
        blocker="event:3",
        what="of a command since retracted",
        session=1,
        open=False,
    ),
    # a mistyped `session 3` withdrawn: it had ended session 1, with an event in session 1
    "a mistyped session line": dict(
        lines=["session 1", "session 3", "retract last"],
        refused="retract last",
        blocker="event:3",
        what="of a command since retracted",
        session=1,
        open=True,
    ),
    # a mistyped `session 2` withdrawn, session 1 goes on, a note withdrawn: `session 1` stored,
    # the rest in a log
    "a session line withdrawn": dict(
        lines=["session 1", "session 2", "retract last", "note hi", "retract last"],
        refused="retract event:2",
        blocker="event:3",
        what="of a command since retracted",
        session=1,
        open=True,
        split=1,
    ),
}
HOW = ["typed", "log", "stored, then a log"]


def _cases():
    for case, spec in REFUSED.items():
        for how in HOW:
            if how != "stored, then a log" or "split" in spec:
                yield pytest.param(case, how, id=f"{case}-{how}")


@pytest.mark.parametrize(("case", "how"), list(_cases()))
def test_a_session_command_is_not_withdrawn_while_its_session_holds_what_stays(
    store_url, tmp_path, case, how
):
    spec = REFUSED[case]
    db = store_url
    ok(db, "init")
    lines, refused = spec["lines"], spec["refused"]
    if how == "typed":
        typed(db, lines)
        before = jsonl(db)
        result = cli("--db", db, *refused.split())
        message = result.stderr
    else:
        split = spec.get("split", 0) if how == "stored, then a log" else 0
        typed(db, lines[:split])
        before = jsonl(db)
        result = replay(db, [*lines[split:], refused], tmp_path / "s.log")
        assert f"s.log:{len(lines) - split + 1}: {refused}:" in result.stderr, result.stderr
        message = result.stderr
    assert result.exit_code == 2, result.output
    assert jsonl(db) == before  # nothing written
    opened = spec["session"]
    assert f"cannot be retracted: {spec['blocker']} (" in message, message
    assert f"{spec['what']}, was recorded in session {opened}" in message, message
    assert "retract that command first" not in message
    if spec["open"]:
        assert f"session {opened} stays opened: end it with `session end`" in message
    else:
        assert "session end" not in message
        assert f"the command that opened session {opened} stands" in message
    if how == "typed" and spec["open"]:  # as the message says
        ok(db, "session", "end")


def test_the_export_of_the_case_found_holds_session_1_once(tmp_path):
    # the report: the `session 1` withdrawn, opened again, exported with two `session 1` blocks
    db = str(tmp_path / "c.db")
    typed(db, ["session 1", "note hi", "retract last"])
    assert cli("--db", db, "retract", "last").exit_code == 2
    ok(db, "note", "again")
    exported = ok(db, "export", "--format", "log")
    assert [x for x in exported.splitlines() if x.startswith("session ")] == ["session 1"]
    again = str(tmp_path / "again.db")
    assert replay(again, exported.splitlines(), tmp_path / "e.log").exit_code == 0


# --- still allowed ----------------------------------------------------------------------------

ALLOWED = {
    # `session 1` with nothing after it
    "nothing after": (["session 1", "retract last"], {"session_open": False}),
    "nothing after, by event:N": (["session 1", "retract event:2"], {"session_open": False}),
    # a mistyped session number undone: session 1 goes on
    "mistyped": (["session 1", "session 3", "retract last"], {"session": 1, "session_open": True}),
    # a note (no session opened) withdrawn while a retraction follows in the session
    "a note": (
        ["session 1", "note a", "note b", "retract last", "retract event:3"],
        {"session": 1, "session_open": True},
    ),
    # a hire withdrawn although a retraction compensated on the company since
    "a hire": (
        ["session 1", HIRE, "company modifier co +1 --reason x", "retract last", "retract event:3"],
        {"session": 1, "session_open": True, "companies": []},
    ),
}


@pytest.mark.parametrize("how", ["typed", "log"])
@pytest.mark.parametrize("case", ALLOWED)
def test_what_was_allowed_still_is(store_url, tmp_path, case, how):
    lines, expected = ALLOWED[case]
    db = store_url
    ok(db, "init")
    if how == "typed":
        typed(db, lines)
    else:
        result = replay(db, lines, tmp_path / "s.log")
        assert result.exit_code == 0, result.output
        # a replayed log's last session ends with the file
        expected = {**expected, "session_open": False}
    status = json.loads(ok(db, "status", "--json"))
    assert {key: status[key] for key in expected} == expected
    withdrawn = {e["command_position"] for e in json.loads(ok(db, "history", "--json"))["events"]
                 if e["retracted"]}  # fmt: skip
    last = lines[-1].split()[-1]
    if last.startswith("event:"):
        assert int(last.removeprefix("event:")) in withdrawn
