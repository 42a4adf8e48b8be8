"""``campaign projections drop --scrub`` leaves nothing of the read models in the store's files
(docs/cli.md#read-models, docs/RELIABILITY.md#security-at-rest): on an encrypted store the
read models are its only plaintext, and a table dropped without SQLite's ``secure_delete`` (a
per-connection setting, off in the build under test: asserted, so the test can fail) leaves its
text in the freed pages and in the WAL. The store works on afterwards: the next read folds the
read models again from the events. ``--scrub`` does not apply to PostgreSQL (exit 2)."""

import base64
import json
import os
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from tests.conftest import need_postgres, postgres_schema

MARKER = "Kq7-scrub-Wz3"


def store_bytes(db: Path) -> bytes:
    """The store's file and its WAL files, as whoever holds a copy of them reads them."""
    files = [db.with_name(db.name + suffix) for suffix in ("", "-wal", "-shm")]
    return b"".join(path.read_bytes() for path in files if path.exists())


@pytest.fixture
def encrypted_store(campaign, tmp_path, monkeypatch):
    """An encrypted store whose campaign name, note and character hold :data:`MARKER`, its
    read models folded (in clear)."""
    monkeypatch.setenv("CAMPAIGN_KEY", base64.b64encode(os.urandom(32)).decode())
    db = tmp_path / "campaign.db"
    log = tmp_path / "evening.log"  # pages of read models: more than a new store reuses
    notes = (f'note "map {n}: under the {MARKER} stone, {"." * 200}"' for n in range(200))
    ann = f'character create kq7scrub --name "Ann {MARKER}"'
    log.write_text("\n".join(["session 1", ann, *notes, ""]), encoding="utf-8")
    for args in (
        ("init", "--name", f"The {MARKER} campaign"),
        ("replay", str(log)),
        ("history",),
    ):
        result = campaign("--db", str(db), *args)
        assert result.exit_code == 0, (args, result.output)
    return db


def drop_read_models_by_hand(db: Path) -> None:
    """Drop the read models as a GM might with the ``sqlite3`` shell: a connection with
    ``secure_delete`` off (the default of many SQLite builds; some, maybe this one, turn it on,
    so it is set), which leaves their text in the freed pages — so the test can fail."""
    with closing(sqlite3.connect(db)) as connection:
        connection.execute("PRAGMA secure_delete = OFF")
        assert connection.execute("PRAGMA secure_delete").fetchone()[0] == 0
        views = [name for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'view%'"
        )]  # fmt: skip
        assert views
        for name in views:
            connection.execute(f'DROP TABLE "{name}"')
        connection.commit()
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert MARKER.encode() in store_bytes(db)  # dropped, not gone


@pytest.mark.parametrize("dropped_before", [False, True], ids=["folded", "dropped-by-hand"])
def test_scrub_leaves_no_text_of_the_read_models_in_the_files(
    campaign, encrypted_store, dropped_before
):
    db = str(encrypted_store)
    assert MARKER.encode() in store_bytes(encrypted_store)
    if dropped_before:
        drop_read_models_by_hand(encrypted_store)
    result = campaign("--db", db, "projections", "drop", "--scrub")
    assert result.exit_code == 0, result.output
    assert "overwritten in the file" in result.stdout
    assert MARKER.encode() not in store_bytes(encrypted_store)
    # the store works on: the history verifies, and the next read folds the read models again
    assert campaign("--db", db, "verify").exit_code == 0
    history = campaign("--db", db, "history", "--json")
    assert history.exit_code == 0 and MARKER in history.stdout
    positions = json.loads(campaign("--db", db, "projections", "status", "--json").stdout)
    assert all(row["behind"] == 0 for row in positions["projections"])


def test_drop_without_scrub_drops_the_read_models_and_the_next_read_folds_them(campaign, tmp_path):
    db = str(tmp_path / "campaign.db")
    for args in (("session", "1"), ("note", MARKER), ("history",)):
        assert campaign("--db", db, *args).exit_code == 0
    result = campaign("--db", db, "projections", "drop")
    assert result.exit_code == 0 and "read models dropped" in result.stdout, result.output
    with sqlite3.connect(db) as connection:
        tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master")}
    assert not {name for name in tables if name.startswith("view")}
    assert MARKER in campaign("--db", db, "history", "--json").stdout


@pytest.mark.postgres
def test_scrub_does_not_apply_to_postgresql(campaign):
    need_postgres()
    with postgres_schema() as url:
        assert campaign("--db", url, "session", "1").exit_code == 0
        assert campaign("--db", url, "history").exit_code == 0
        result = campaign("--db", url, "projections", "drop", "--scrub")
        assert result.exit_code == 2, result.output
        assert "--scrub" in result.stderr and "SQLite" in result.stderr
        assert "nothing was dropped" in result.stderr
        status = json.loads(campaign("--db", url, "projections", "status", "--json").stdout)
        assert status["projections"] and all(row["position"] for row in status["projections"])
