"""Tampering that ``campaign verify`` must not call intact while every command uses it
(docs/RELIABILITY.md#tamper-evidence): a row stored before the first notification id, an aggregate
ID spelt otherwise than the library writes it, an edited snapshot; and a jsonl line whose visible
``gm``/``position``/``session`` was edited beside the same key in its ``data``, or whose timestamp
is spelt otherwise, which ``import`` refuses and ``verify --file`` refuses too."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from campaign.store import parse_store_url
from tests.service.test_verify import EVENTS, EventTable, cli, ok, replay, verify, write

CAMPAIGN_ID = "b7348955-01e4-5c74-ba33-63171385274f"  # the one campaign of every store


def campaign_rows(table: EventTable) -> list[Any]:
    return [
        r
        for r in table.rows()
        if str(r.originator_id).replace("-", "") == CAMPAIGN_ID.replace("-", "")
    ]


# --- 1. a row stored before the first notification id -----------------------------------------


@pytest.mark.parametrize("row_id", [-5, 0])
def test_a_row_stored_before_the_first_notification_id_is_an_insertion(store_url, tmp_path, row_id):
    # the notification log starts at 1, yet a command loading the campaign reads such a row (a
    # later `note` lands in the forged session 4): verify names it, before position 1 — never
    # "intact", nor blaming the honest note ("version 26 where 25 was expected")
    replay(store_url, tmp_path)
    table = EventTable(store_url)
    try:
        opening = table.at(2)
        assert opening.topic.endswith("SessionOpened")
        version = max(r.version for r in campaign_rows(table)) + 1
        forged = opening.state.replace(b'"number":12', b'"number":4', 1)
        assert forged != opening.state
        table.sql(
            "INSERT INTO {table} ({id}, originator_id, originator_version, topic, state) "
            "VALUES ({p}, {p}, {p}, {p}, {p})",
            row_id, opening.originator_id, version, opening.topic, forged,
        )  # fmt: skip
    finally:
        table.close()
    found = verify("--db", store_url, exit_code=1)
    assert found["first_bad_position"] == 1, found
    assert (
        f"before position 1: the event table holds a row at notification id {row_id}"
        in (found["reason"])
    )
    assert "an inserted event" in found["reason"]
    assert found["events"] == EVENTS + 1
    ok("--db", store_url, "note", "after the forgery")  # a command still uses the row
    again = verify("--db", store_url, exit_code=1)
    assert (again["first_bad_position"], again["reason"]) == (1, found["reason"])


# --- 2. an aggregate ID spelt otherwise --------------------------------------------------------


@pytest.mark.parametrize(
    "spelling",
    [
        "upper(originator_id)",
        "substr(originator_id, 1, 8) || '-' || substr(originator_id, 9, 4) || '-' || "
        "substr(originator_id, 13, 4) || '-' || substr(originator_id, 17, 4) || '-' || "
        "substr(originator_id, 21)",
        "'{{' || originator_id || '}}'",  # (braces doubled: EventTable.sql formats it)
    ],
    ids=["upper case", "hyphens", "braces"],
)
def test_an_aggregate_id_spelt_otherwise_than_the_library_writes_it_is_an_edit(tmp_path, spelling):
    # the same UUID to the hash, but SQLite's recorder finds an aggregate's events by the exact
    # text (its UUID.hex): loading the campaign misses the event, and the next command records
    # a second event at the same version
    db = str(tmp_path / "campaign.db")
    replay(db, tmp_path)
    table = EventTable(db)
    try:
        last = max(campaign_rows(table), key=lambda r: r.version)
        table.sql(f"UPDATE {{table}} SET originator_id = {spelling} WHERE rowid = {{p}}", last.id)
        (stored,) = table.sql("SELECT originator_id FROM {table} WHERE rowid = {p}", last.id)
    finally:
        table.close()
    assert stored[0] != last.originator_id
    found = verify("--db", db, exit_code=1)
    assert found["first_bad_position"] == last.position, found
    assert (
        f"its aggregate ID is stored as {stored[0]!r}, where the tracker writes "
        in (found["reason"])
    )
    assert repr(CAMPAIGN_ID.replace("-", "")) in found["reason"]


# --- 3. snapshots --------------------------------------------------------------------------------


class SnapshotTable:
    """The snapshots: SQLite ``stored_snapshots``, PostgreSQL ``<schema>.ledger_snapshots``."""

    def __init__(self, url: str) -> None:
        self.events = EventTable(url)
        sqlite = parse_store_url(url).kind == "sqlite"
        schema = None if sqlite else self.events.table.split(".")[0]
        self.table = "stored_snapshots" if sqlite else f"{schema}.ledger_snapshots"

    def sql(self, statement: str, *params: Any) -> list[tuple]:
        statement = statement.replace("{snapshots}", self.table)
        return self.events.sql(statement, *params)

    def rows(self) -> list[tuple[Any, int, bytes]]:
        found = self.sql("SELECT originator_id, originator_version, state FROM {snapshots}")
        return [(o, v, bytes(s)) for o, v, s in found]

    def close(self) -> None:
        self.events.close()


def snapshotted(url: str, tmp: Path) -> int:
    """``url`` holding the ford log, then session 13 and notes up to the campaign's 50th event:
    its snapshot. Returns the position of that event."""
    replay(url, tmp)
    table = EventTable(url)
    try:
        version = max(r.version for r in campaign_rows(table))
    finally:
        table.close()
    notes = 50 - version - 1  # `session 13` is one campaign event: the last note is the 50th
    replay(url, tmp, "session 13\n" + "".join(f"note 'n{i}'\n" for i in range(notes)))
    snapshots = SnapshotTable(url)
    try:
        ((_, version, state),) = snapshots.rows()
        assert (version, json.loads(state)["topic"]) == (50, "aggregates.campaign:Campaign")
        return next(r.position for r in campaign_rows(snapshots.events) if r.version == 50)
    finally:
        snapshots.close()


def test_honest_snapshots_match_their_events(store_url, tmp_path):
    snapshotted(store_url, tmp_path)
    said = ok("--db", store_url, "verify")
    assert "intact" in said and "1 snapshot checked against the events" in said


def test_an_edited_snapshot_is_named_with_how_to_delete_it(store_url, tmp_path):
    # writers load the campaign from its snapshot: with open_session null and last_session 1
    # in it, `session 2` would be recorded a second time and the read models break
    position = snapshotted(store_url, tmp_path)
    snapshots = SnapshotTable(store_url)
    try:
        ((_, _, state),) = snapshots.rows()
        forged = state.replace(b'"open_session":13', b'"open_session":null')
        forged = forged.replace(b'"last_session":13', b'"last_session":1')
        assert forged.count(b"null") > state.count(b"null") and b'"last_session":1,' in forged
        snapshots.sql("UPDATE {snapshots} SET state = " + snapshots.events.mark, forged)
    finally:
        snapshots.close()
    found = verify("--db", store_url, exit_code=1)
    assert found["first_bad_position"] == position, found
    reason = found["reason"]
    assert f"the snapshot of Campaign {CAMPAIGN_ID} at version 50 does not match" in reason
    assert "last_session: 1 in it, 13 by the events" in reason
    assert "the events are intact" in reason and "only a cache" in reason
    # the way out it names: that SQL, and the store verifies (and loads the campaign) again
    (delete,) = re.findall(r"`(DELETE FROM [^`]+)`", reason)
    snapshots = SnapshotTable(store_url)
    try:
        snapshots.sql(delete)
        assert snapshots.rows() == []
    finally:
        snapshots.close()
    verify("--db", store_url, exit_code=0)
    result = cli("--db", store_url, "session", "2")
    assert result.exit_code != 0 and "session" in result.output  # refused: 13 is open


def test_a_snapshot_beyond_its_aggregates_events_is_named(store_url, tmp_path):
    snapshotted(store_url, tmp_path)
    snapshots = SnapshotTable(store_url)
    try:
        mark = snapshots.events.mark
        snapshots.sql(
            "INSERT INTO {snapshots} (originator_id, originator_version, topic, state) "
            "SELECT originator_id, 500, topic, state FROM {snapshots} "
            f"WHERE originator_version = {mark}",
            50,
        )  # fmt: skip
        total = len(snapshots.events.rows())
    finally:
        snapshots.close()
    found = verify("--db", store_url, exit_code=1)
    assert found["first_bad_position"] == total + 1, found
    assert (
        f"after the last position: the snapshot of aggregate {CAMPAIGN_ID} at version 500"
        in (found["reason"])
    )
    assert (
        "its events end at version 50" in found["reason"] or "its events end at" in found["reason"]
    )


# --- 4. jsonl: a key shown beside data and in it; a timestamp spelt otherwise ---------------------


def exported(tmp: Path) -> tuple[str, list[str]]:
    db = str(tmp / "source.db")
    replay(db, tmp)
    return db, ok("--db", db, "export", "--format", "jsonl").splitlines()


@pytest.mark.parametrize(
    ("key", "shown", "hidden"),
    [("gm", "mallory", None), ("position", 7, 5), ("session", 13, 12)],
)
def test_a_key_shown_beside_data_and_held_in_it_is_refused_by_verify_file(
    tmp_path, key, shown, hidden
):
    # data's key must not stand for the one shown: "gm": "mallory" beside data.gm null would
    # hash as null, and verify --file pass the line import refuses
    _, lines = exported(tmp_path)
    row = json.loads(lines[4])
    assert row["position"] == 5 and row[key] == hidden
    row[key], row["data"][key] = shown, hidden
    lines[4] = json.dumps(row, ensure_ascii=False)
    file = write(tmp_path, lines)
    found = verify("--file", file, exit_code=1)
    said = "data must be an object without the keys shown beside it"
    assert (found["line"], found["first_bad_position"]) == (5, 5), found
    assert said in found["reason"]
    refused = cli("--db", str(tmp_path / "target.db"), "import", file)
    assert refused.exit_code == 2 and f"history.jsonl:5: {said}" in refused.stderr


def test_a_timestamp_spelt_otherwise_is_refused_by_verify_file_as_by_import(tmp_path):
    _, lines = exported(tmp_path)
    row = json.loads(lines[4])
    assert row["timestamp"].endswith("+00:00")
    row["timestamp"] = row["timestamp"].removesuffix("+00:00") + "Z"  # the same instant
    lines[4] = json.dumps(row, ensure_ascii=False)
    file = write(tmp_path, lines)
    found = verify("--file", file, exit_code=1)
    said = f"timestamp {row['timestamp']!r} is not ISO 8601 with its zone"
    assert (found["line"], found["first_bad_position"]) == (5, 5) and said in found["reason"]
    refused = cli("--db", str(tmp_path / "target.db"), "import", file)
    assert refused.exit_code == 2 and f"history.jsonl:5: {said}" in refused.stderr


def test_an_untouched_export_still_verifies_and_imports(tmp_path):
    _, lines = exported(tmp_path)
    file = write(tmp_path, lines)
    assert verify("--file", file, exit_code=0)["events"] == EVENTS
    ok("--db", str(tmp_path / "target.db"), "import", file)
    assert sqlite3.connect(str(tmp_path / "target.db")).execute(
        "SELECT count(*) FROM stored_events"
    ).fetchone() == (EVENTS,)
