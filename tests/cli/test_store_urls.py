"""What ``--db`` points at, checked before anything is written there (docs/cli.md#stores).

- A SQLite file that is no campaign store: a reading command never turns a SQLite file (another
  program's, an empty one) into a store by adding its tables, nor answers with an empty
  campaign; a file holding another program's tables is refused by every command, unchanged, and
  the "a failed first command removes the store it created" rule never removes a file the
  command did not create.
- A PostgreSQL ``?schema=`` that does not exist: ``status`` says to create the store with
  ``campaign init``, and ``init`` (as every logging command) creates the schema.
- URL parameters other than ``schema`` (``sslmode``, a misspelt ``scheme``, a repeated
  ``schema``) are refused, naming the parameter, never silently dropped.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from campaign.store import parse_store_url, postgres
from tests.conftest import POSTGRES_URL, need_postgres

READING = [
    ["status", "--json"],
    ["verify", "--json"],
    ["audit", "--strict"],
    ["history"],
    ["modifiers"],
    ["export"],
    ["projections", "status"],
]
LOGGING = [["note", "hi"], ["session", "1"], ["init"], ["replay", "LOG"], ["shell"]]


def snapshot(directory: Path) -> dict[str, tuple[int, int, str]]:
    """Every file in ``directory``: its size, mtime and digest — "unchanged" to the byte."""
    return {
        path.name: (
            path.stat().st_size,
            path.stat().st_mtime_ns,
            hashlib.sha256(path.read_bytes()).hexdigest(),
        )
        for path in sorted(directory.iterdir())
    }


def foreign(path: Path) -> Path:
    """A SQLite file of another program: a table of its own, no campaign."""
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE notes (x)")
        connection.execute("INSERT INTO notes VALUES ('keep me')")
    connection.close()
    return path


def words_for(words: list[str], tmp_path: Path) -> list[str]:
    if words == ["replay", "LOG"]:
        log = tmp_path.parent / f"{tmp_path.name}-first.log"
        log.write_text("session 1\nnote hello\n")
        return ["replay", str(log)]
    return words


def run_in(campaign, db: Path, words: list[str], tmp_path: Path):
    args = words_for(words, tmp_path)
    result = campaign("--db", str(db), *args, input="exit\n" if args == ["shell"] else None)
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def place(tmp_path):
    """A directory of its own for the file under test (logs and exports go beside it)."""
    where = tmp_path / "store"
    where.mkdir()
    return where


@pytest.fixture(autouse=True)
def _quiet_shell(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPAIGN_SHELL_HISTORY", str(tmp_path / "history"))
    monkeypatch.delenv("CAMPAIGN_KEY", raising=False)


# --- 1. a SQLite file that is not a campaign store ------------------------------------------


@pytest.mark.parametrize("words", READING + LOGGING, ids=" ".join)
def test_another_programs_sqlite_file_is_refused_by_every_command_and_left_unchanged(
    campaign, place, words
):
    db = foreign(place / "notes.sqlite")
    before = snapshot(place)
    result = run_in(campaign, db, words, place)
    assert result.exit_code == 2, result.output
    assert str(db) in result.stderr
    assert "another program's tables" in result.stderr
    assert snapshot(place) == before  # not a table added, not even a lock file beside it
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT x FROM notes").fetchall() == [("keep me",)]


@pytest.mark.parametrize("words", [["status"], ["session", "1"]])
def test_another_eventsourcing_programs_sqlite_file_is_refused(campaign, place, words):
    # the library names its SQLite table the same for every application: the topic tells
    db = place / "shop.db"
    with sqlite3.connect(db) as connection:
        connection.execute(
            "CREATE TABLE stored_events (originator_id TEXT, originator_version INTEGER, "
            "topic TEXT, state BLOB)"
        )
        connection.execute(
            "INSERT INTO stored_events VALUES ('o1', 1, 'shop.orders:Order.Created', x'00')"
        )
    connection.close()
    before = snapshot(place)
    result = run_in(campaign, db, words, place)
    assert result.exit_code == 2, result.output
    assert "another program's tables (stored_events)" in result.stderr
    assert snapshot(place) == before


def test_a_failing_logging_command_never_removes_a_file_it_did_not_create(campaign, place):
    # `note` with no session open fails; the store it "created" would be removed
    db = foreign(place / "notes.sqlite")
    before = snapshot(place)
    assert run_in(campaign, db, ["note", "hi"], place).exit_code == 2
    assert snapshot(place) == before
    empty = place / "empty.db"
    empty.touch()
    identity = empty.stat().st_ino
    result = run_in(campaign, empty, ["note", "hi"], place)
    assert result.exit_code == 2 and "no session is open" in result.stderr
    assert empty.exists() and empty.stat().st_ino == identity  # kept: the user made it
    # it holds no campaign: a reading command says so, and a logging command records in it
    assert "no campaign store at" in run_in(campaign, empty, ["status"], place).stderr
    assert run_in(campaign, empty, ["session", "1"], place).exit_code == 0
    assert empty.stat().st_ino == identity


@pytest.mark.parametrize("words", READING, ids=" ".join)
@pytest.mark.parametrize("blank", ["zero bytes", "no tables"])
def test_a_reading_command_on_an_empty_file_says_there_is_no_store_and_writes_nothing(
    campaign, place, words, blank
):
    db = place / "campaign.db"
    if blank == "zero bytes":
        db.touch()
    else:
        with sqlite3.connect(db) as connection:
            connection.execute("PRAGMA user_version = 7")  # a SQLite database, no table
        connection.close()
    before = snapshot(place)
    result = run_in(campaign, db, words, place)
    assert result.exit_code == 1, result.output
    assert f"no campaign store at {db}" in result.stderr
    assert "campaign init" in result.stderr
    assert snapshot(place) == before


@pytest.mark.parametrize("blank", ["zero bytes", "no tables"])
def test_a_logging_command_creates_the_campaign_in_an_empty_file(campaign, place, blank):
    db = place / "campaign.db"
    if blank == "zero bytes":
        db.touch()
    else:
        with sqlite3.connect(db) as connection:
            connection.execute("PRAGMA user_version = 7")
        connection.close()
    assert run_in(campaign, db, ["session", "1"], place).exit_code == 0
    assert run_in(campaign, db, ["status", "--json"], place).exit_code == 0


@pytest.mark.parametrize("words", READING + LOGGING, ids=" ".join)
def test_a_file_that_is_not_sqlite_is_a_clear_error_and_left_unchanged(campaign, place, words):
    db = place / "campaign.db"
    db.write_text("session 1\nnote this is a session log, not a store\n")
    before = snapshot(place)
    result = run_in(campaign, db, words, place)
    assert result.exit_code == 2, result.output
    assert f"{db} is not a campaign store, nor any SQLite database" in result.stderr
    assert snapshot(place) == before


def test_an_encrypted_store_is_a_store(campaign, place, monkeypatch):
    from campaign.store.keys import generate_key

    monkeypatch.setenv("CAMPAIGN_KEY", generate_key())
    db = place / "campaign.db"
    assert run_in(campaign, db, ["session", "1"], place).exit_code == 0
    result = run_in(campaign, db, ["status", "--json"], place)
    assert result.exit_code == 0, result.output
    assert '"position": 2' in result.stdout
    assert run_in(campaign, db, ["note", "still a store"], place).exit_code == 0


@pytest.mark.subprocess
def test_a_store_whose_commits_are_still_in_its_wal_is_a_store(campaign, place):
    # another process holding the file open (a `sqlite3` shell, a crashed writer's last state)
    # keeps the campaign's commits in -wal, not checkpointed: the main file holds no table yet
    db = place / "campaign.db"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(db)], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == b"ready\n"
        assert run_in(campaign, db, ["session", "1"], place).exit_code == 0
        assert Path(f"{db}-wal").stat().st_size > 0
        main_file = sqlite3.connect(f"{db.as_uri()}?immutable=1", uri=True)
        assert main_file.execute("SELECT name FROM sqlite_master").fetchall() == []
        main_file.close()
        result = run_in(campaign, db, ["status", "--json"], place)
        assert result.exit_code == 0, result.output
        assert '"position": 2' in result.stdout
    finally:
        holder.communicate(b"")


HOLDER = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1])
connection.execute("PRAGMA journal_mode = wal")
connection.execute("SELECT count(*) FROM sqlite_master").fetchall()
print("ready", flush=True)
sys.stdin.read()
"""


def test_a_reading_command_on_a_store_at_rest_leaves_no_wal_files(campaign, place):
    db = place / "campaign.db"
    assert run_in(campaign, db, ["session", "1"], place).exit_code == 0
    assert run_in(campaign, db, ["status"], place).exit_code == 0
    assert sorted(p.name for p in place.iterdir()) == ["campaign.db", "campaign.db.lock"]


# --- 3. URL parameters the store does not honour ---------------------------------------------

PG = "postgresql+psycopg://gm:s3cret@127.0.0.1:1/ledger"


@pytest.mark.parametrize(
    ("query", "named"),
    [
        ("schema=x&sslmode=verify-full", "sslmode"),
        ("scheme=x", "scheme"),
        ("schema=a&schema=b", "schema"),
        ("schema=", "schema"),
        ("schema=x&options=-csearch_path%3Dy", "options"),
    ],
)
def test_a_url_parameter_the_store_does_not_honour_is_refused(campaign, tmp_path, query, named):
    result = campaign("--db", f"{PG}?{query}", "status")
    assert result.exit_code == 2, result.output
    assert f"'{named}'" in result.stderr
    assert "?schema=NAME" in result.stderr
    assert "s3cret" not in result.output
    if named == "sslmode":
        assert "PGSSLMODE" in result.stderr  # libpq's variable works for every connection


def test_a_sqlite_url_takes_no_parameters(campaign, tmp_path):
    db = tmp_path / "campaign.db"
    result = campaign("--db", f"sqlite:///{db}?mode=ro", "session", "1")
    assert result.exit_code == 2, result.output
    assert "'mode'" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_schema_parameter_still_parses():
    url = parse_store_url(f"{PG}?schema=campaign_2")
    assert url.schema == "campaign_2"
    assert url.redacted.endswith("/ledger?schema=campaign_2")
    assert parse_store_url(PG).schema == ""


@pytest.mark.parametrize("name", ["my-campaign", "2nd", "a b", "x" * 64, "café"])
def test_a_schema_name_the_library_cannot_use_is_refused(campaign, name):
    # the library names its types unquoted: a schema PostgreSQL folds or must quote would be
    # created, and then the first write fail ("Composite type 'stored_event_uuid' not found")
    result = campaign("--db", f"{PG}?schema={name}", "session", "1")
    assert result.exit_code == 2, result.output
    assert "a schema name PostgreSQL takes unquoted" in result.stderr


def test_capitals_in_a_schema_name_are_folded_as_postgresql_folds_them():
    assert parse_store_url(f"{PG}?schema=GM_A").schema == "gm_a"


# --- 2. a PostgreSQL ?schema= that does not exist ----------------------------------------------


@pytest.fixture
def missing_schema():
    """A ``?schema=`` of its own that does not exist yet (``fixurl…``); dropped after, if made."""
    need_postgres()
    import psycopg
    from psycopg import sql

    names: list[str] = []

    def make(name: str = "") -> str:
        names.append(name or f"fixurl{uuid.uuid4().hex[:10]}")
        return f"{POSTGRES_URL}?schema={names[-1]}"

    yield make
    server = parse_store_url(POSTGRES_URL)
    with psycopg.connect(
        host=server.host, port=server.port, user=server.user, password=server.password,
        dbname=server.dbname, autocommit=True,
    ) as connection:  # fmt: skip
        for name in (name for name in names if name.startswith("fixurl")):  # ours only
            connection.execute(
                sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(name))
            )


def schema_exists(url: str) -> bool:
    store = parse_store_url(url)
    with postgres.connect(store) as connection:
        found = connection.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s", (store.schema,))
        return found.fetchone() is not None


@pytest.mark.postgres
def test_init_creates_a_missing_schema_as_status_said(campaign, missing_schema):
    url = missing_schema()
    said = campaign("--db", url, "status")
    assert said.exit_code == 1 and "create one with `campaign init`" in said.stderr
    assert not schema_exists(url)  # a reading command creates nothing
    result = campaign("--db", url, "init")
    assert result.exit_code == 0, result.output
    assert schema_exists(url)
    assert campaign("--db", url, "status").exit_code == 0


@pytest.mark.postgres
def test_replay_creates_a_missing_schema_and_dry_run_writes_nothing(
    campaign, missing_schema, tmp_path
):
    url = missing_schema()
    log = tmp_path / "first.log"
    log.write_text("session 1\nnote hello\n")
    dry = campaign("--db", url, "replay", "--dry-run", str(log))
    assert dry.exit_code == 0, dry.output
    assert "would record 4 events" in dry.stdout  # the campaign, session 1 opened and ended, a note
    assert not schema_exists(url)
    result = campaign("--db", url, "replay", str(log))
    assert result.exit_code == 0, result.output
    assert '"position": 4' in campaign("--db", url, "status", "--json").stdout


@pytest.mark.postgres
def test_a_live_command_creates_a_schema_spelt_with_capitals_that_reading_commands_find(
    campaign, missing_schema
):
    # the library quotes the schema it makes ("FixUrl…") but looks its types up unquoted
    # (fixurl…): unfolded, the first write would fail, "Composite type 'stored_event_uuid' not
    # found"
    url = missing_schema()
    assert (
        campaign("--db", url.replace("?schema=fixurl", "?schema=FixUrl"), "session", "1").exit_code
        == 0
    )
    result = campaign("--db", url, "status", "--json")
    assert result.exit_code == 0, result.output
    assert '"position": 2' in result.stdout


@pytest.mark.parametrize("words", [["status"], ["session", "1"]])
@pytest.mark.postgres
def test_a_schema_named_by_an_sql_keyword_is_refused_before_it_is_made(
    campaign, missing_schema, words
):
    url = missing_schema("user")  # never made: not dropped after
    assert not schema_exists(url)
    result = campaign("--db", url, *words)
    assert result.exit_code == 2, result.output
    assert "'user' is an SQL keyword" in result.stderr
    assert not schema_exists(url)


@pytest.mark.postgres
def test_a_schema_the_user_may_not_create_is_said_with_the_sql_to_create_it(
    campaign, missing_schema, tmp_path, monkeypatch
):
    url = missing_schema()
    monkeypatch.setattr(postgres, "may_create_schema", lambda connection: False)
    log = tmp_path / "first.log"
    log.write_text("session 1\n")
    for words in (["status"], ["init"], ["session", "1"], ["replay", str(log)]):
        result = campaign("--db", url, *words)
        assert result.exit_code == 1, (words, result.output)
        assert "does not exist" in result.stderr
        assert f'create schema "{parse_store_url(url).schema}" authorization "ledger"' in (
            result.stderr
        ), result.stderr
        assert "Traceback" not in result.output
    dry = campaign("--db", url, "replay", "--dry-run", str(log))
    assert dry.exit_code == 1 and "create schema" in dry.stderr  # it would not be recorded
    assert not schema_exists(url)


@pytest.mark.postgres
def test_a_missing_schema_left_by_a_failed_first_command_holds_no_campaign(
    campaign, missing_schema
):
    url = missing_schema()
    assert campaign("--db", url, "note", "too early").exit_code == 2
    result = campaign("--db", url, "status")
    assert result.exit_code == 1 and "no campaign store at" in result.stderr


def test_probing_a_sqlite_store_changes_nothing(place):
    db = foreign(place / "notes.sqlite")
    os.utime(db, ns=(1, 1))
    before = snapshot(place)
    with pytest.raises(Exception, match="another program's tables"):
        parse_store_url(str(db)).survey()
    assert snapshot(place) == before


def test_a_path_under_a_file_is_no_store_and_cannot_be_made(campaign, place):
    db = place / "notes.txt" / "campaign.db"
    db.parent.write_text("a file, not a directory")
    result = run_in(campaign, db, ["status"], place)
    assert result.exit_code == 1 and f"no campaign store at {db}" in result.stderr
    result = run_in(campaign, db, ["session", "1"], place)  # bad input, as a missing directory is
    assert result.exit_code == 2 and f"'{db.parent}' is not a directory" in result.stderr
