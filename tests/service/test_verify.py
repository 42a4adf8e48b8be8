"""Given a history recorded by the CLI, when its stored rows are altered behind the tracker's back
(SQL straight into the event table: a changed byte, a deleted row, two rows swapped, a row
inserted), then ``campaign verify`` names the first position where the history stopped being the
one recorded and exits 1 — on SQLite and PostgreSQL; and a ``jsonl`` export carries the chain, is
checked without a store, and is refused by ``import`` when tampered with (docs/cli.md#verify,
docs/RELIABILITY.md#tamper-evidence)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from typer.testing import CliRunner

from campaign.core.integrity import event_hash
from campaign.history.transfer import row_state
from campaign.service.application import app_transcoder
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from cli.main import app
from tests.cli.test_export import EVERY_COMMAND_LOG
from tests.cli.test_replay import FORD_END, FORD_LOG

EVENTS = 30  # FORD_LOG + FORD_END, the session ended with the file


def cli(*args: str):
    return CliRunner().invoke(app, list(args), env={"CAMPAIGN_SEED": "5"})


def ok(*args: str) -> str:
    result = cli(*args)
    assert result.exit_code == 0, result.output
    return result.stdout


def replay(db: str, tmp: Path, text: str = FORD_LOG + FORD_END) -> None:
    path = tmp / "ford.log"
    path.write_text(text, "utf-8")
    ok("--db", db, "replay", str(path))


def verify(*args: str, exit_code: int) -> dict[str, Any]:
    """``campaign --db DB verify --json`` (``verify("--db", DB)``) or ``campaign verify --file F
    --json`` (``verify("--file", F)``)."""
    where = ["verify", *args] if args[0] == "--file" else [*args, "verify"]
    result = cli(*where, "--json")
    assert result.exit_code == exit_code, result.output
    return json.loads(result.stdout)


# --- the event table, reached with SQL ---------------------------------------------------------


@dataclass
class Row:
    id: int  # the notification id (SQLite's rowid)
    originator_id: Any
    version: int
    topic: str
    state: bytes

    @property
    def position(self) -> int:
        return json.loads(self.state)["position"]


class EventTable:
    """The built-in recorders' event table: SQLite ``stored_events`` (notification id = rowid),
    PostgreSQL ``<schema>.ledger_events`` (``notification_id``)."""

    def __init__(self, url: str) -> None:
        self.url = url
        store = parse_store_url(url)
        if store.kind == "sqlite":
            self.connection: Any = sqlite3.connect(store.path, isolation_level=None)
            self.table, self.id, self.mark = "stored_events", "rowid", "?"
        else:
            import psycopg

            self.connection = psycopg.connect(
                host=store.host, port=store.port, user=store.user, password=store.password,
                dbname=store.dbname, autocommit=True,
            )  # fmt: skip
            self.table = f"{store.schema}.ledger_events"
            self.id, self.mark = "notification_id", "%s"

    def sql(self, statement: str, *params: Any) -> list[tuple]:
        statement = statement.format(table=self.table, id=self.id, p=self.mark)
        cursor = self.connection.execute(statement, params)
        return cursor.fetchall() if cursor.description else []

    def rows(self) -> list[Row]:
        found = self.sql(
            "SELECT {id}, originator_id, originator_version, topic, state FROM {table} "
            "ORDER BY {id}"
        )
        return [Row(i, o, v, t, bytes(s)) for i, o, v, t, s in found]

    def at(self, position: int) -> Row:
        (row,) = [r for r in self.rows() if r.position == position]
        return row

    def where(self, topic_ends: str, contains: bytes) -> Row:
        return next(r for r in self.rows() if r.topic.endswith(topic_ends) and contains in r.state)

    def set_state(self, row: Row, state: bytes) -> None:
        self.sql("UPDATE {table} SET state = {p} WHERE {id} = {p}", state, row.id)

    def insert(self, row: Row, *, version: int, at: int | None = None) -> None:
        """A copy of ``row`` (a new version: the table's key is aggregate and version), at the
        notification id ``at`` or, without it, after the last one."""
        columns, values = "originator_id, originator_version, topic, state", [
            row.originator_id, version, row.topic, row.state,
        ]  # fmt: skip
        if at is not None:
            columns, values = f"{self.id}, {columns}", [at, *values]
        marks = ", ".join([self.mark] * len(values))
        self.sql(f"INSERT INTO {{table}} ({columns}) VALUES ({marks})", *values)

    def close(self) -> None:
        self.connection.close()


def edit_number(table: EventTable) -> int:
    """One JSON number in one event: 12 goblins become 13 (it still decodes)."""
    row = table.where("GroupAdded", b'"group":"goblins"')
    table.set_state(row, row.state.replace(b'"count":12', b'"count":13', 1))
    return row.position


def break_decoding(table: EventTable) -> int:
    """One byte that leaves the state undecodable: ``"count":12`` → ``"count":1x``."""
    row = table.where("GroupAdded", b'"group":"goblins"')
    table.set_state(row, row.state.replace(b'"count":12', b'"count":1x', 1))
    return row.position


def edit_hash(table: EventTable) -> int:
    """One hex digit of one event's stored hash."""
    row = table.at(20)
    state = json.loads(row.state)
    digit = "0" if state["hash"][0] != "0" else "1"
    edited = row.state.replace(state["hash"].encode(), (digit + state["hash"][1:]).encode())
    table.set_state(row, edited)
    return 20


def edit_and_rehash(table: EventTable) -> int:
    """An edit whose hash is recomputed to match (the next event still links to the old one)."""
    row = table.where("GroupAdded", b'"group":"goblins"')
    state = json.loads(row.state.replace(b'"count":12', b'"count":13', 1))
    with Ledger(parse_store_url(table.url)) as ledger:  # the state as the hash sees it
        decoded = ledger.opened.app.mapper.transcoder.decode(json.dumps(state).encode())
    state["hash"] = event_hash(row.topic, UUID(str(row.originator_id)), row.version, decoded,
                               state["prev_hash"])  # fmt: skip
    table.set_state(row, json.dumps(state, separators=(",", ":")).encode())
    return row.position


def delete_row(table: EventTable) -> int:
    table.sql("DELETE FROM {table} WHERE {id} = {p}", table.at(16).id)
    return 16


def swap_states(table: EventTable) -> int:
    """The stored states of positions 16 and 20 exchanged (their columns left as they were)."""
    first, second = table.at(16), table.at(20)
    table.set_state(first, second.state)
    table.set_state(second, first.state)
    return 16


def swap_rows(table: EventTable) -> int:
    """Positions 18 and 19 exchanged whole, notification ids and all."""
    first, second = table.at(18), table.at(19)
    table.sql("UPDATE {table} SET {id} = {p} WHERE {id} = {p}", 10_000_000, first.id)
    table.sql("UPDATE {table} SET {id} = {p} WHERE {id} = {p}", first.id, second.id)
    table.sql("UPDATE {table} SET {id} = {p} WHERE {id} = {p}", second.id, 10_000_000)
    return 18


def append_copy(table: EventTable) -> int:
    """A copy of position 5 appended with a new notification id: it appears at position 31."""
    table.insert(table.at(5), version=1000)
    return EVENTS + 1


def insert_copy_in_the_middle(table: EventTable) -> int:
    """A copy of position 9 stored between positions 10 and 11 (the later ids moved up)."""
    after = table.at(10).id
    table.sql("UPDATE {table} SET {id} = {id} + 1000000 WHERE {id} > {p}", after)
    table.insert(table.at(9), version=1000, at=after + 1)
    return 11


def change_version(table: EventTable) -> int:
    """The version column of position 22 (Brynn's eighth event) made 80."""
    table.sql("UPDATE {table} SET originator_version = 80 WHERE {id} = {p}", table.at(22).id)
    return 22


CASES: dict[str, tuple[Callable[[EventTable], int], str]] = {
    "a number edited": (edit_number, "does not match its hash"),
    "a byte that breaks decoding": (break_decoding, "cannot be decoded"),
    "a stored hash edited": (edit_hash, "does not match its hash"),
    "an edit with its hash recomputed": (edit_and_rehash, "its hash recomputed"),
    "a row deleted": (delete_row, "position 16 is missing (deleted)"),
    "two rows' states swapped": (swap_states, "reordered"),
    "two rows swapped": (swap_rows, "reordered"),
    "a copied row appended": (append_copy, "a second event at position 5"),
    "a copied row inserted in the middle": (insert_copy_in_the_middle, "a second event at"),
    "a version changed": (change_version, "version 80 of aggregate"),
}


@pytest.fixture
def recorded(store_url, tmp_path):
    """``store_url`` holding FORD_LOG, verified intact."""
    replay(store_url, tmp_path)
    found = verify("--db", store_url, exit_code=0)
    assert found == {
        "intact": True, "events": EVENTS, "first_bad_position": None, "reason": None,
        "last_hash": found["last_hash"], "receipt": f"{EVENTS}:{found['last_hash'][:16]}",
        "encrypted": False, "receipts": [],
    }  # fmt: skip
    assert len(found["last_hash"]) == 64
    return store_url


@pytest.mark.parametrize("case", CASES)
def test_verify_names_the_first_position_where_the_stored_rows_were_altered(recorded, case):
    tamper, said = CASES[case]
    table = EventTable(recorded)
    try:
        position = tamper(table)
        events = len(table.rows())
    finally:
        table.close()
    found = verify("--db", recorded, exit_code=1)
    assert found["intact"] is False
    assert found["first_bad_position"] == position, found
    assert said in found["reason"], found
    assert found["events"] == events
    assert found["last_hash"] is None


@pytest.mark.parametrize(
    "words",
    [["projections", "rebuild"], ["export"], ["export", "--format", "jsonl"],
     ["casualty", "ford", "goblins", "1"]],
)  # fmt: skip
def test_an_event_that_cannot_be_read_back_is_a_store_failure_pointing_at_verify(recorded, words):
    # what reads the events again (a rebuild, an export, a command loading that aggregate)
    # says so, never the library's MapperDeserialisationError as a traceback; the read models
    # already folded still answer `status` and `history`
    table = EventTable(recorded)
    try:
        break_decoding(table)
    finally:
        table.close()
    if words[0] == "casualty":
        assert cli("--db", recorded, "session", "13").exit_code == 0
    result = cli("--db", recorded, *words)
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit)  # said, not raised
    assert "a stored event cannot be read back" in result.stderr
    assert "`campaign verify` names the first damaged position" in result.stderr


def test_the_rich_verdict_says_intact_or_where_it_broke(recorded):
    said = ok("--db", recorded, "verify")
    assert f"intact: {EVENTS} events" in said and "last hash" in said
    table = EventTable(recorded)
    try:
        delete_row(table)
    finally:
        table.close()
    result = cli("--db", recorded, "verify")
    assert result.exit_code == 1
    assert "broken at position 16" in result.stdout and "deleted" in result.stdout


def test_one_event_is_counted_in_the_singular(tmp_path):
    from cli.output import counted

    assert [counted(n, "event") for n in (0, 1, 2)] == ["0 events", "1 event", "2 events"]
    export = tmp_path / "bad.jsonl"
    export.write_text("{bad\n")
    result = cli("verify", "--file", str(export))
    assert result.exit_code == 1 and "1 event read" in result.stdout


def test_verify_needs_a_store(tmp_path):
    result = cli("--db", str(tmp_path / "none.db"), "verify")
    assert result.exit_code == 1 and "campaign init" in result.stderr


# --- jsonl exports ------------------------------------------------------------------------------


def export(db: str, tmp: Path) -> list[str]:
    return ok("--db", db, "export", "--format", "jsonl").splitlines()


def write(tmp: Path, lines: list[str]) -> str:
    file = tmp / "history.jsonl"
    file.write_text("\n".join(lines) + "\n", "utf-8")
    return str(file)


def test_an_export_carries_the_chain_and_verifies_without_a_store(recorded, tmp_path):
    lines = export(recorded, tmp_path)
    rows = [json.loads(line) for line in lines]
    assert rows[0]["prev_hash"] == "" and all(len(r["hash"]) == 64 for r in rows)
    assert [r["prev_hash"] for r in rows[1:]] == [r["hash"] for r in rows[:-1]]
    assert not any({"hash", "prev_hash"} & set(r["data"]) for r in rows)
    found = verify("--file", write(tmp_path, lines), exit_code=0)
    assert found == {
        "intact": True, "events": EVENTS, "first_bad_position": None, "reason": None,
        "last_hash": rows[-1]["hash"], "line": None, "first_position": 1,
        "receipt": f"{EVENTS}:{rows[-1]['hash'][:16]}", "encrypted": False, "receipts": [],
    }  # fmt: skip
    assert found["last_hash"] == verify("--db", recorded, exit_code=0)["last_hash"]


def _edit_count(lines: list[str]) -> int:
    number = next(i for i, line in enumerate(lines) if '"group": "goblins", "name": null' in line)
    lines[number] = lines[number].replace('"count": 12', '"count": 13')
    return number + 1


def _delete(lines: list[str]) -> int:
    del lines[15]
    return 16


def _swap(lines: list[str]) -> int:
    lines[17], lines[18] = lines[18], lines[17]
    return 18


def _not_json(lines: list[str]) -> int:
    lines[6] = lines[6][:-5]
    return 7


def _edit_gm(lines: list[str]) -> int:
    lines[2] = lines[2].replace('"gm": null', '"gm": "mallory"')
    return 3


def _edit_and_rehash(lines: list[str]) -> int:
    number = _edit_count(lines) - 1
    row = json.loads(lines[number])
    state = row_state(app_transcoder(), row)
    row["hash"] = event_hash(row["type"], UUID(row["aggregate_id"]), row["aggregate_version"],
                             state, row["prev_hash"])  # fmt: skip
    lines[number] = json.dumps(row, ensure_ascii=False)
    return number + 1


FILE_CASES = {
    "a line's data edited": (_edit_count, "does not match its hash"),
    "a line deleted": (_delete, "position 16 is missing (deleted)"),
    "two lines swapped": (_swap, "reordered"),
    "a line cut short": (_not_json, "not an event of a jsonl export"),
    "a line's gm edited": (_edit_gm, "does not match its hash"),
    "a line edited and its hash recomputed": (_edit_and_rehash, "its hash recomputed"),
}


@pytest.mark.parametrize("case", FILE_CASES)
def test_verify_file_names_the_position_of_a_tampered_line(tmp_path, case):
    db = str(tmp_path / "campaign.db")
    replay(db, tmp_path)
    lines = export(db, tmp_path)
    tamper, said = FILE_CASES[case]
    position = tamper(lines)
    found = verify("--file", write(tmp_path, lines), exit_code=1)
    assert found["first_bad_position"] == position, found
    assert found["line"] == position  # one line per position, from line 1
    assert said in found["reason"], found
    result = cli("verify", "--file", str(tmp_path / "history.jsonl"))
    assert result.exit_code == 1 and f"broken at line {position}, position {position}" in (
        result.stdout
    )


@pytest.mark.parametrize(
    ("tamper", "said"),
    [(_edit_count, "its content does not match its hash"),
     (_edit_and_rehash, "its content was changed and its hash recomputed")],
)  # fmt: skip
def test_import_refuses_a_tampered_export_and_writes_nothing(store_url, tmp_path, tamper, said):
    source = str(tmp_path / "source.db")
    replay(source, tmp_path)
    lines = export(source, tmp_path)
    position = tamper(lines)
    result = cli("--db", store_url, "import", write(tmp_path, lines))
    assert result.exit_code == 2, result.output
    assert f"history.jsonl:{position}: position {position}: {said}" in result.stderr
    assert "hash chain is broken, nothing imported" in result.stderr
    with Ledger(parse_store_url(store_url)) as ledger:
        assert ledger.last_position() == 0


def test_an_export_imported_elsewhere_verifies_with_the_same_last_hash(store_url, tmp_path):
    source = str(tmp_path / "source.db")
    replay(source, tmp_path, EVERY_COMMAND_LOG)  # every kind of event, retractions included
    before = verify("--db", source, exit_code=0)
    ok("--db", store_url, "import", write(tmp_path, export(source, tmp_path)))
    after = verify("--db", store_url, exit_code=0)
    assert after == before
    copy = verify("--file", str(tmp_path / "history.jsonl"), exit_code=0)
    assert copy["last_hash"] == before["last_hash"]


def test_a_store_imported_back_from_postgresql_verifies(store_url, tmp_path):
    """PostgreSQL → jsonl → SQLite (and SQLite → SQLite): the chain survives both ways."""
    replay(store_url, tmp_path)
    target = str(tmp_path / "target.db")
    ok("--db", target, "import", write(tmp_path, export(store_url, tmp_path)))
    assert verify("--db", target, exit_code=0) == verify("--db", store_url, exit_code=0)


def test_a_sessions_export_verifies_as_part_of_a_history(tmp_path):
    # `export --format jsonl --session 13` is no broken history ("position 1 is missing") to
    # `verify --file`: its lines are marked, and it is checked from its first event on
    db = str(tmp_path / "campaign.db")
    replay(db, tmp_path)
    replay(db, tmp_path, "session 13\nnote 'the ford again'\nclock advance 1h\n")
    whole = verify("--db", db, exit_code=0)
    lines = ok("--db", db, "export", "--format", "jsonl", "--session", "13").splitlines()
    assert all(json.loads(line)["export_session"] == 13 for line in lines)
    found = verify("--file", write(tmp_path, lines), exit_code=0)
    assert (found["intact"], found["events"]) == (True, len(lines))
    assert found["first_position"] == EVENTS + 1 and found["last_hash"] == whole["last_hash"]
    gone = verify("--file", write(tmp_path, [lines[0], *lines[2:]]), exit_code=1)
    assert gone["first_bad_position"] == EVENTS + 2 and "missing (deleted)" in gone["reason"]
    edited = [lines[0], lines[1].replace("the ford again", "the ford, again"), *lines[2:]]
    assert verify("--file", write(tmp_path, edited), exit_code=1)["first_bad_position"] == (
        EVENTS + 2
    )
    # a whole export is not a part: its first line deleted is still a deletion
    full = ok("--db", db, "export", "--format", "jsonl").splitlines()
    assert "export_session" not in json.loads(full[0])
    assert verify("--file", write(tmp_path, full[1:]), exit_code=1)["first_bad_position"] == 1
    # and `import` takes a whole history only
    result = cli("--db", str(tmp_path / "other.db"), "import", write(tmp_path, lines))
    assert result.exit_code == 2 and "export of session 13 alone" in result.stderr
