"""Given a recorded history whose stored rows were altered behind the tracker's back (SQL straight
into the event table: a row deleted, a copy appended with another version), when a command reads
the damage again — a fold of the read models, a rebuild, a command loading the aggregate — then
it is a store failure, exit 1, that says the history is damaged and points at ``campaign verify``,
never the library's traceback (``OriginatorVersionError``); a failed rebuild leaves the read
models as they were. And when the history's last event is deleted (the end cut, which verify
cannot see) and written on again, the read models notice that the event under their last tracked
id is another one and are rebuilt: the new event is shown, not hidden (docs/RELIABILITY.md)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from eventsourcing.domain import OriginatorVersionError

from campaign.commands import SessionOpen
from campaign.service.ledger import Ledger
from campaign.service.queries import Queries
from campaign.store import parse_store_url
from tests.cli.test_replay import FORD_END, FORD_LOG
from tests.paths import ROOT
from tests.service.test_verify import EVENTS, EventTable, cli, ok

# the console script's entry point, in a process of its own, from this tree's code
CAMPAIGN = [sys.executable, "-c", "from cli.main import main; main()"]


def damaged(result, *words: str) -> str:
    """The command failed as a store failure that points at verify: exit 1, said, no traceback."""
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit), repr(result.exception)  # said, not raised
    assert "Traceback" not in result.output
    said = " ".join(result.stderr.split())  # Rich wraps long lines
    assert "the store's history is damaged" in said, said
    assert "run `campaign verify`, which names the first damaged position" in said, said
    for word in words:
        assert word in said, said
    return said


@pytest.fixture
def recorded(store_url, tmp_path):
    """``store_url`` holding the ford log (30 events), its read models caught up."""
    log = tmp_path / "ford.log"
    log.write_text(FORD_LOG + FORD_END, "utf-8")
    ok("--db", store_url, "replay", str(log))
    ok("--db", store_url, "status")
    return store_url


def sql(url: str, statement: str, *params) -> list[tuple]:
    table = EventTable(url)
    try:
        return table.sql(statement, *params)
    finally:
        table.close()


def delete_position(url: str, position: int) -> None:
    table = EventTable(url)
    try:
        table.sql("DELETE FROM {table} WHERE {id} = {p}", table.at(position).id)
    finally:
        table.close()


def append_copy_of(url: str, position: int) -> None:
    """A copy of ``position`` appended after the last row, its version + 1000."""
    table = EventTable(url)
    try:
        row = table.at(position)
        table.insert(row, version=row.version + 1000)
    finally:
        table.close()


def read_models(url: str) -> dict[str, object]:
    """What the read models answer (``history``, ``status``, ``projections status``)."""
    return {
        "history": json.loads(ok("--db", url, "history", "--json")),
        "status": json.loads(ok("--db", url, "status", "--all", "--json")),
        "positions": json.loads(ok("--db", url, "projections", "status", "--json")),
    }


def stored_rows(url: str) -> int:
    return len(sql(url, "SELECT {id} FROM {table}"))


# --- a row deleted in the middle ------------------------------------------------------------


def test_a_rebuild_over_a_deleted_row_is_a_store_failure_and_keeps_the_read_models(recorded):
    # position 16 is version 4 of the encounter ford, which has later versions: the rebuild
    # fails as a store failure, not OriginatorVersionError, and keeps the read models — left at
    # position 0, `status` and `history` would fold the damage again
    before = read_models(recorded)
    delete_position(recorded, 16)
    said = damaged(cli("--db", recorded, "projections", "rebuild"), "16 is missing")
    assert "the read models were left as they were" in said
    assert read_models(recorded) == before  # nothing new to fold: they still answer


def test_read_models_that_fold_a_deleted_row_say_where_the_history_is_damaged(recorded):
    delete_position(recorded, 16)
    with _ledger(recorded) as ledger:
        ledger.opened.read_model.drop()  # read models that have not folded it yet
    for words in (["status"], ["history"], ["audit"], ["modifiers"]):
        damaged(cli("--db", recorded, *words), "position 17 follows position 15: 16 is missing")


def _ledger(url: str) -> Ledger:
    return Ledger(parse_store_url(url))


def test_a_command_loading_an_aggregate_with_a_deleted_event_is_a_store_failure(recorded):
    # position 27 is version 3 of the campaign (the clock moved), which every command loads
    delete_position(recorded, 27)
    left = stored_rows(recorded)
    for words in (["session", "13"], ["note", "x"], ["clock", "advance", "1h"]):
        damaged(
            cli("--db", recorded, *words),
            "the campaign's stored events go from version 2 to 4 (the event at position 30)",
        )
    assert stored_rows(recorded) == left  # nothing recorded


# --- a copy appended with another version -----------------------------------------------------


def test_a_copy_appended_with_a_version_far_ahead_is_a_store_failure_everywhere(recorded):
    # a copy of position 5 (Brynn's creation, version 1) stored again as version 1001: every
    # read folding it, and the rebuild, is a store failure, not OriginatorVersionError
    before = read_models(recorded)
    append_copy_of(recorded, 5)
    for words in (["status"], ["history"], ["audit"], ["modifiers"], ["projections", "rebuild"]):
        damaged(cli("--db", recorded, *words), f"position 5 comes again after position {EVENTS}")
    # the read models were not touched: with the copy deleted again, they answer as before
    sql(recorded, "DELETE FROM {table} WHERE originator_version > 1000")
    assert read_models(recorded) == before


def test_a_command_loading_an_aggregate_with_an_extra_version_names_it(recorded):
    ok("--db", recorded, "session", "13")
    append_copy_of(recorded, 5)
    left = stored_rows(recorded)
    result = cli("--db", recorded, "trait", "brynn", "phobia-mild", "--result", "6")
    damaged(result, "the character brynn's stored events go from version 12 to 1001")
    # a command that asks the read models first (which characters have conditions to end)
    damaged(cli("--db", recorded, "session", "end"))
    assert stored_rows(recorded) == left  # nothing recorded


@pytest.mark.subprocess
def test_the_real_cli_prints_no_traceback(tmp_path):
    db = tmp_path / "c.db"
    log = tmp_path / "ford.log"
    log.write_text(FORD_LOG + FORD_END, "utf-8")
    ok("--db", str(db), "replay", str(log))
    ok("--db", str(db), "session", "13")
    append_copy_of(str(db), 5)
    for words in (
        ["status"],
        ["projections", "rebuild"],
        ["trait", "brynn", "phobia-mild", "--result", "6"],
    ):
        done = subprocess.run(
            [*CAMPAIGN, "--db", str(db), *words],
            capture_output=True, text=True, timeout=60, check=False, cwd=ROOT,
        )  # fmt: skip
        assert done.returncode == 1, done.stderr
        assert "Traceback" not in done.stderr, done.stderr
        assert "campaign verify" in done.stderr


def test_the_librarys_version_error_anywhere_is_a_store_failure(recorded, monkeypatch):
    # wherever it comes from, the error mapping says it as a damaged history (exit 1)
    def fails(*_, **__):
        raise OriginatorVersionError(14, 13)

    monkeypatch.setattr(Queries, "status", fails)
    damaged(cli("--db", recorded, "status"), "version 14 of its aggregate, where 13 was expected")


# --- the history's end cut, and written on again ----------------------------------------------


def test_an_event_written_where_the_last_one_was_deleted_is_not_hidden(recorded):
    # the read models folded position 30 (the session's end); it is deleted (what verify cannot
    # see) and a note is recorded: on SQLite it takes notification id 30 again, and read models
    # going by the id alone would go on showing `session-ended` and never fold the note
    delete_position(recorded, EVENTS)
    ok("--db", recorded, "note", "REAL NOTE")
    events = json.loads(ok("--db", recorded, "history", "--json"))["events"]
    assert [(e["position"], e["kind"], e["note"]) for e in events[-2:]] == [
        (EVENTS - 1, "condition-ended", None),
        (EVENTS, "note-recorded", "REAL NOTE"),
    ]
    positions = json.loads(ok("--db", recorded, "projections", "status", "--json"))
    assert {row["position"] for row in positions["projections"]} == {EVENTS}
    answered = read_models(recorded)
    ok("--db", recorded, "projections", "rebuild")
    assert read_models(recorded) == answered  # as a rebuild from the events


def test_read_models_ahead_of_a_history_cut_at_its_end_follow_it(recorded):
    # the last event deleted, nothing written since: the read models neither show it nor say
    # they are -1 behind
    delete_position(recorded, EVENTS)
    events = json.loads(ok("--db", recorded, "history", "--json"))["events"]
    assert [e["position"] for e in events] == list(range(1, EVENTS))
    assert "session-ended" not in {e["kind"] for e in events}
    positions = json.loads(ok("--db", recorded, "projections", "status", "--json"))
    assert {(row["position"], row["behind"]) for row in positions["projections"]} == {
        (EVENTS - 1, 0)
    }
    # and the session it ended is open again in the read models, as in the events
    assert json.loads(ok("--db", recorded, "status", "--json"))["session_open"] is True


def test_read_models_that_folded_the_last_event_are_not_rebuilt(recorded, monkeypatch):
    import projections.readmodel

    def no_rebuild(*_, **__):
        raise AssertionError("rebuilt")

    monkeypatch.setattr(projections.readmodel.ReadModel, "rebuild", no_rebuild)
    with _ledger(recorded) as ledger:
        assert (
            ledger.queries.catch_up() == 0
        )  # nothing new, and the last event folded is still there
        ledger.handle(SessionOpen(number=13))
        assert ledger.queries.catch_up() == 1
