"""Given a recorded history one of whose stored rows was altered behind the tracker's back in a
column beside its state (SQL straight into the event table: its type NULL or naming a module that
is no event class of the tracker's, its aggregate ID NULL, its version text or a fraction), or its
state rewritten as text that is not UTF-8, when a command reads the events — ``export`` (log and
jsonl), ``projections rebuild``, ``status``/``history``/``audit`` folding the read models,
``--as-of``, the catch-up after a ``replay`` — then it is a store failure, exit 1, that points at
``campaign verify``, never a traceback nor a line of an export; ``verify`` names the position; and
no module a stored type names is ever imported unless it is the tracker's own (docs/RELIABILITY.md
#tamper-evidence). On SQLite, and on PostgreSQL where its columns can hold the damage."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from tests.service.test_verify import EventTable, cli
from tests.system.test_damaged_store import recorded  # noqa: F401 (a fixture)

DAMAGED = 16  # the encounter ford's version 4, which has later versions

PLANTED = "planted_by_a_damaged_row"  # a module of the test's own that a stored type names

NOT_UTF8 = "UPDATE {table} SET state = CAST(X'7B22FF' || substr(state, 3) AS TEXT) WHERE {id} = {p}"

# (name, the SQL that does it to the row at DAMAGED, whether PostgreSQL's columns can hold it)
DAMAGES = [
    ("type NULL", "UPDATE {table} SET topic = NULL WHERE {id} = {p}", True),
    ("type os:system", "UPDATE {table} SET topic = 'os:system' WHERE {id} = {p}", True),
    (
        "type of a planted module",
        f"UPDATE {{table}} SET topic = '{PLANTED}:Event' WHERE " + "{id} = {p}",
        True,
    ),
    ("aggregate ID NULL", "UPDATE {table} SET originator_id = NULL WHERE {id} = {p}", False),
    ("version 'abc'", "UPDATE {table} SET originator_version = 'abc' WHERE {id} = {p}", False),
    ("version 1.5", "UPDATE {table} SET originator_version = 1.5 WHERE {id} = {p}", False),
    ("state not UTF-8", NOT_UTF8, False),
]

READING = [
    ["export"],
    ["export", "--format", "jsonl"],
    ["export", "--format", "markdown"],
    ["projections", "rebuild"],
    ["status", "--as-of", "event:20"],
    ["history", "--as-of", "event:20"],
]
FOLDING = [["status"], ["history"], ["audit"], ["modifiers"], ["replay", "{tmp}/s13.log"]]


@pytest.fixture(params=DAMAGES, ids=[name for name, _, _ in DAMAGES])
def damaged_row(request, recorded, tmp_path, monkeypatch):  # noqa: F811 (the fixture)
    """``recorded`` with the row at position DAMAGED damaged; a module of the test's own on
    the path that writes a marker when imported."""
    name, statement, postgres_too = request.param
    if not postgres_too and not recorded.endswith(".db"):
        pytest.skip(f"PostgreSQL's columns cannot hold it ({name})")
    (tmp_path / f"{PLANTED}.py").write_text(
        f"from pathlib import Path\nPath({str(tmp_path / 'imported')!r}).touch()\n"
        "class Event:\n    pass\n",
        "utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    table = EventTable(recorded)
    try:
        table.sql(statement, table.at(DAMAGED).id)
    finally:
        table.close()
    (tmp_path / "s13.log").write_text("session 13\nnote 'after the damage'\n", "utf-8")
    yield recorded, tmp_path
    assert not (tmp_path / "imported").exists(), "a stored type imported a module"
    assert PLANTED not in sys.modules


def points_at_verify(result) -> str:
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit), repr(result.exception)  # said, not raised
    assert "Traceback" not in result.output
    said = " ".join(result.stderr.split())
    assert "the store's history is damaged" in said, said
    assert "campaign verify" in said, said
    assert "\ufffd" not in said and "timestamp" not in said, said  # no stored bytes echoed
    return said


def test_verify_names_the_damaged_position(damaged_row):
    url, _ = damaged_row
    result = cli("--db", url, "verify", "--json")
    assert result.exit_code == 1, result.output
    found = json.loads(result.stdout)
    assert (found["intact"], found["first_bad_position"]) == (False, DAMAGED), found
    assert "\ufffd" not in found["reason"] and "timestamp" not in found["reason"], found
    shown = cli("--db", url, "verify")
    assert f"broken at position {DAMAGED}" in " ".join(shown.stdout.split())


@pytest.mark.parametrize("words", READING, ids=" ".join)
def test_a_command_reading_the_events_points_at_verify(damaged_row, words):
    url, _ = damaged_row
    result = cli("--db", url, *words)
    points_at_verify(result)
    assert result.stdout == ""  # no export written, nothing answered


@pytest.mark.parametrize("words", FOLDING, ids=" ".join)
def test_read_models_folding_the_damaged_row_point_at_verify(damaged_row, words):
    url, tmp = damaged_row
    with Ledger(parse_store_url(url)) as ledger:
        ledger.opened.read_model.drop()  # read models that have not folded it yet
    points_at_verify(cli("--db", url, *[w.format(tmp=tmp) for w in words]))


def test_a_planted_module_is_never_imported_by_verify_either(damaged_row):
    url, tmp = damaged_row
    cli("--db", url, "verify")
    assert not (tmp / "imported").exists()


def test_only_the_trackers_event_classes_are_read_back(tmp_path: Path):
    # the tracker's own types resolve; a stored type naming anything else does not, even a
    # class of the library's or of the tracker's outside its events
    from campaign.core.errors import DamagedHistory
    from campaign.store.stored import event_class

    assert event_class("aggregates.campaign:Campaign.Initialised").__name__ == "Initialised"
    assert event_class("eventsourcing.domain:Snapshot").__name__ == "Snapshot"
    for foreign in (
        None, "os:system", "builtins:object", "aggregates.campaign:Campaign",
        "aggregates.campaign:uuid5", "eventsourcing.domain:Aggregate.Event", f"{PLANTED}:Event",
        "aggregates.nowhere:Event", "aggregates.campaign", "",
    ):  # fmt: skip
        with pytest.raises(DamagedHistory):
            event_class(foreign)
    assert PLANTED not in sys.modules


def test_import_refuses_a_line_whose_type_names_a_module_and_never_imports_it(
    recorded,  # noqa: F811 (the fixture)
    tmp_path,
    monkeypatch,
):
    (tmp_path / f"{PLANTED}.py").write_text(
        f"from pathlib import Path\nPath({str(tmp_path / 'imported')!r}).touch()\n"
        "class Event:\n    pass\n",
        "utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    lines = cli("--db", recorded, "export", "--format", "jsonl").stdout.splitlines()
    first = json.loads(lines[0])
    first["type"] = f"{PLANTED}:Event"
    export = tmp_path / "edited.jsonl"
    export.write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n", "utf-8")
    result = cli("--db", str(tmp_path / "new.db"), "import", str(export))
    assert result.exit_code == 2, result.output
    assert "edited.jsonl:1" in " ".join(result.stderr.split())
    assert not (tmp_path / "imported").exists()
    assert PLANTED not in sys.modules


@pytest.mark.parametrize("words", [["projections", "rebuild"], ["export"], ["note", "x"]])
def test_a_creation_naming_a_module_as_its_aggregates_type_is_never_imported(
    recorded,  # noqa: F811 (the fixture)
    tmp_path,
    monkeypatch,
    words,
):
    # the state of the campaign's creation names the aggregate's class (``originator_topic``),
    # which applying it resolves: a stored state naming a module of the test's own
    (tmp_path / f"{PLANTED}.py").write_text(
        f"from pathlib import Path\nPath({str(tmp_path / 'imported')!r}).touch()\n"
        "class Event:\n    pass\n",
        "utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    table = EventTable(recorded)
    try:
        row = table.at(1)
        state = row.state.replace(b"aggregates.campaign:Campaign", f"{PLANTED}:Event".encode(), 1)
        assert state != row.state
        table.set_state(row, state)
    finally:
        table.close()
    with Ledger(parse_store_url(recorded)) as ledger:
        ledger.opened.read_model.drop()  # folded again from the first event
    said = points_at_verify(cli("--db", recorded, *words))
    assert PLANTED in said  # the type named, escaped
    assert not (tmp_path / "imported").exists()
    assert PLANTED not in sys.modules
    found = json.loads(cli("--db", recorded, "verify", "--json").stdout)
    assert found["first_bad_position"] == 1
