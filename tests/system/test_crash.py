"""A ``campaign replay`` killed with SIGKILL in the middle (docs/cli.md#replay,
docs/RELIABILITY.md#crash-a-replay-killed-with-sigkill): the store then holds all of that
log or none of it, its hash chain verifies, its read models catch up to the state a rebuild gives,
and replaying the log again ends where an uninterrupted replay ends — on a SQLite file and on
PostgreSQL.

The log is one session block of ``LINES`` commands. It is killed three ways:

- ``staging``: while the replay holds the writer lock and runs the lines (nothing written yet);
- ``mid-insert``: deterministically *inside* the one transaction that writes the file's events,
  after half of them were inserted (a small wrapper pauses the library's insert there);
- ``writing``: an unmodified ``campaign`` process, killed as soon as its write shows from outside
  (SQLite: the WAL file grows; PostgreSQL: the events table's EXCLUSIVE lock is granted);
- ``committed``: an unmodified process, killed as soon as its events are visible to another
  connection — while it folds them into the read models, which must then catch up.
"""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest
from psycopg import sql
from typer.testing import CliRunner

from campaign.history.verify import verify_store
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from cli.main import app

pytestmark = pytest.mark.subprocess

LINES = int(os.environ.get("CAMPAIGN_CRASH_LINES", "3000"))
FIRST = """#! campaign-log 1
session 1 --title "Before the crash"
company hire lances --troop trained --size 100000 --name "Red Lances"
encounter start e1 --name "The long siege"
encounter group e1 orcs --count 100000 --morale 7
encounter join e1 lances
note "session 1 ends here"
"""


def big_log(lines: int = LINES) -> str:
    out = ["#! campaign-log 1", 'session 2 --title "The long siege, day two"']
    for i in range(lines):
        match i % 5:
            case 0:
                out.append(f'casualty e1 orcs 1 --cause "volley {i}"')
            case 1:
                out.append(f"adjust e1 orcs {1 if i % 10 < 5 else -1} --reason 'wall {i}'")
            case 2:
                out.append(f"casualty e1 lances 1 --incapacitated --cause 'sortie {i}'")
            case 3:
                out.append(f"company modifier lances {1 if i % 10 < 5 else -1} --reason 'pay {i}'")
            case _:
                out.append(f'note "hour {i}: {"the siege goes on " * 4}"')
    return "\n".join(out) + "\n"


# Run by the ``mid-insert`` child: the insert of a large save stops half way, inside its
# transaction, says so, and waits to be killed. On SQLite the transaction's connection (the
# library's public ``transaction`` hands its cursor) traces each statement it runs, and the trace
# stops at the 101st row of the events' insert; on PostgreSQL the ledger's own batches stop.
PAUSING_CLI = """
import os, sys, time
from contextlib import contextmanager
from eventsourcing.sqlite import SQLiteDatastore
from campaign.store.pgrecorder import LedgerPostgresRecorder

def stop_here(half):
    with open(os.environ["CRASH_MARKER"], "w") as marker:
        marker.write(str(half))
    time.sleep(120)

def pause_at_row(original, at=101):
    @contextmanager
    def transaction(self, *, commit):
        with original(self, commit=commit) as cursor:
            rows = [0]
            def trace(statement):
                if statement.startswith("INSERT INTO stored_events"):
                    rows[0] += 1
                    if rows[0] == at:  # 100 rows in, the transaction still open
                        stop_here(at - 1)
            connection = cursor.sqlite_cursor.connection
            connection.set_trace_callback(trace if commit else None)
            try:
                yield cursor
            finally:
                connection.set_trace_callback(None)
    return transaction

def pause_between_batches(original):
    inserted = {}  # per transaction's cursor: the events its batches inserted
    def insert_batch(self, cursor, batch):
        done = inserted.get(id(cursor), 0)
        if done >= 100:  # a batch of a large save is in, its transaction still open
            stop_here(done)
        inserted[id(cursor)] = done + len(batch)
        return original(self, cursor, batch)
    return insert_batch

SQLiteDatastore.transaction = pause_at_row(SQLiteDatastore.transaction)
LedgerPostgresRecorder.insert_batch = pause_between_batches(LedgerPostgresRecorder.insert_batch)
from cli.main import main
sys.argv[0] = "campaign"
main()
"""
UNMODIFIED_CLI = "import sys; from cli.main import main; sys.argv[0] = 'campaign'; main()"


def cli(url: str, *args: str):
    """``campaign --db URL ARGS…`` in this process (only the killed replay is a child)."""
    result = CliRunner().invoke(app, ["--db", url, *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


def read_models(url: str) -> list:
    got = []
    for args in (("status", "--all"), ("history",), ("modifiers",)):
        result = cli(url, *args, "--json")
        assert result.exit_code == 0, result.output
        got.append(json.loads(result.stdout))
    return got


def write_logs(folder: Path) -> tuple[Path, Path]:
    folder.mkdir(exist_ok=True)
    first, big = folder / "first.log", folder / "siege.log"
    first.write_text(FIRST)
    big.write_text(big_log())
    return first, big


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The same two logs replayed without interruption (a SQLite file): what to end with."""
    folder = tmp_path_factory.mktemp("reference")
    first, big = write_logs(folder)
    url = str(folder / "campaign.db")
    for log in (first, big):
        assert cli(url, "replay", str(log)).exit_code == 0
    with Ledger(parse_store_url(url)) as ledger:
        before = next(e.position for e in ledger.history.events() if e.session == 2) - 1
        total = ledger.last_position()
    return {"before": before, "total": total, "models": read_models(url)}


def _lock_is_held(url: str) -> bool:
    from campaign.store import StoreBusy

    try:
        with parse_store_url(url, lock_timeout=0.001).writer_lock():
            return False
    except StoreBusy:
        return True


def _writing_shows(url: str, wal_start: int) -> bool:
    store = parse_store_url(url)
    if store.kind == "sqlite":
        wal = Path(f"{store.path}-wal")
        return wal.exists() and wal.stat().st_size > wal_start + 256 * 1024
    with psycopg.connect(host=store.host, port=store.port, user=store.user,
                         password=store.password, dbname=store.dbname) as connection:  # fmt: skip
        row = connection.execute(
            "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
            "JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = %s AND c.relname = 'ledger_events' "
            "AND l.mode = 'ExclusiveLock' AND l.granted",
            (store.schema or "public",),
        ).fetchone()
    return bool(row and row[0])


def _write_transaction_open(url: str) -> bool:
    """Whether another connection holds the store's write transaction right now."""
    store = parse_store_url(url)
    if store.kind != "sqlite":
        return _writing_shows(url, 0)  # the insert's EXCLUSIVE lock on the events table
    probe = sqlite3.connect(store.path, timeout=0, isolation_level=None)
    try:
        probe.execute("BEGIN IMMEDIATE")
        probe.execute("ROLLBACK")
        return False
    except sqlite3.OperationalError:  # database is locked
        return True
    finally:
        probe.close()


def _stored_events(url: str) -> int:
    store = parse_store_url(url)
    if store.kind == "sqlite":
        with sqlite3.connect(f"file:{store.path}?mode=ro", uri=True, timeout=5) as connection:
            return connection.execute("SELECT count(*) FROM stored_events").fetchone()[0]
    with psycopg.connect(host=store.host, port=store.port, user=store.user,
                         password=store.password, dbname=store.dbname) as connection:  # fmt: skip
        query = sql.SQL("SELECT count(*) FROM {}.ledger_events").format(
            sql.Identifier(store.schema or "public")
        )
        return connection.execute(query).fetchone()[0]


def kill_replay(url: str, log: Path, how: str, marker: Path) -> float:
    """Start ``campaign replay LOG``, SIGKILL it at the moment ``how`` names; the seconds it ran."""
    code = PAUSING_CLI if how == "mid-insert" else UNMODIFIED_CLI
    env = {**os.environ, "CRASH_MARKER": str(marker)}
    store = parse_store_url(url)
    wal = Path(f"{store.path}-wal") if store.kind == "sqlite" else None
    wal_start = wal.stat().st_size if wal is not None and wal.exists() else 0
    stored_before = _stored_events(url)
    child = subprocess.Popen(
        [sys.executable, "-c", code, "--db", url, "replay", str(log)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    started = time.monotonic()
    held_since = None
    try:
        while time.monotonic() - started < 120:
            if child.poll() is not None:
                pytest.fail(f"{how}: the replay ended before it was killed: {child.stderr.read()}")
            if how == "mid-insert" and marker.exists() and marker.read_text():
                # half the file's events are inserted, the transaction still open
                assert _write_transaction_open(url)
                break
            if how == "staging":
                if _lock_is_held(url):
                    held_since = held_since or time.monotonic()
                    if time.monotonic() - held_since > 0.3:
                        break
                else:
                    held_since = None
            if how == "writing" and _writing_shows(url, wal_start):
                break
            if how == "committed" and _stored_events(url) > stored_before:
                break
            time.sleep(0.002)
        else:
            pytest.fail(f"{how}: the moment to kill never came")
    finally:
        if child.poll() is None:
            os.kill(child.pid, signal.SIGKILL)
        child.wait(30)
    assert child.returncode == -signal.SIGKILL
    return time.monotonic() - started


@pytest.mark.parametrize("how", ["staging", "mid-insert", "writing", "committed"])
def test_a_killed_replay_leaves_all_of_the_log_or_none(store_url, tmp_path, how, reference):
    first, big = write_logs(tmp_path / "logs")
    assert cli(store_url, "replay", str(first)).exit_code == 0
    before = read_models(store_url)
    ran = kill_replay(store_url, big, how, tmp_path / "marker")

    # the store: all of the log or none of it, positions dense, the chain intact
    with Ledger(parse_store_url(store_url)) as ledger:
        events = list(ledger.history.events())
        verdict = verify_store(ledger.opened.app)
    assert verdict.intact, verdict
    assert [e.position for e in events] == list(range(1, len(events) + 1))
    outcome = {reference["before"]: "none", reference["total"]: "all"}.get(len(events))
    assert outcome is not None, f"{how}: {len(events)} events — a partial write"
    if how in ("staging", "mid-insert"):
        assert outcome == "none"
    if how == "committed":
        assert outcome == "all"

    # the read models catch up to what a rebuild gives, and to the history's state
    caught_up = read_models(store_url)
    assert caught_up == (before if outcome == "none" else reference["models"])
    assert cli(store_url, "projections", "rebuild").exit_code == 0
    assert read_models(store_url) == caught_up

    # replayed again, the log lands (or is skipped, already there): the uninterrupted result
    again = cli(store_url, "replay", str(big))
    assert again.exit_code == 0, again.output
    assert ("already recorded from this text: skipped" in again.stdout) == (outcome == "all")
    assert read_models(store_url) == reference["models"]
    with Ledger(parse_store_url(store_url)) as ledger:
        assert verify_store(ledger.opened.app).intact
    print(f"\n{how}: killed after {ran:.2f} s → {outcome} of the log ({len(events)} events)")
