"""A large save on PostgreSQL: a replayed file is one ``save`` (docs/cli.md#replay: all of a file or
none of it).

The library's PostgreSQL recorder sends it as one INSERT in psycopg's pipeline mode, which stops
flushing once its queue is empty: past a few MB (about 12,000 events) the last part of the INSERT
stays in the client's buffer while both sides wait for the other — a replay would hang for ever,
holding the writer lock. So ``LedgerPostgresRecorder`` (campaign/store/pgrecorder.py) inserts in
batches, in ordinary mode, in one transaction (docs/RELIABILITY.md).

The replay runs in a child process with a timeout, so a regression fails instead of hanging
the suite. PostgreSQL-only: skipped without CAMPAIGN_TEST_POSTGRES, failed with
CAMPAIGN_REQUIRE_POSTGRES=1, as the ``store_url`` fixture does.
"""

import json
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from eventsourcing.persistence import IntegrityError, StoredEvent

from campaign.service.application import LedgerApplication
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url, pgrecorder
from tests.conftest import need_postgres, postgres_schema

CASUALTIES = 20_000  # + 5 events for the session, the encounter and its group
CLI = "import sys; from cli.main import main; sys.argv[0] = 'campaign'; main()"


@pytest.fixture
def pg_url():
    need_postgres()
    with postgres_schema() as url:
        yield url


def campaign(url: str, *args: str, timeout: float) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(
            [sys.executable, "-c", CLI, "--db", url, *args],
            capture_output=True, text=True, timeout=timeout,
        )  # fmt: skip
    except subprocess.TimeoutExpired:  # the child is killed: its lock goes with its connection
        pytest.fail(f"`campaign {args[0]}` still running after {timeout:.0f} s: it hangs")


@pytest.mark.postgres
@pytest.mark.subprocess
def test_a_replay_of_20_000_events_records_every_one_on_postgresql(pg_url, tmp_path):
    log = Path(tmp_path / "long.log")
    log.write_text(
        "session 3\nencounter start e\nencounter group e g --count 50000 --morale 12\n"
        + "".join(f"casualty e g 1 --cause c{i}\n" for i in range(CASUALTIES))
    )
    replayed = campaign(pg_url, "replay", str(log), timeout=90)  # ≈ 6 s here
    assert replayed.returncode == 0, replayed.stderr
    verified = campaign(pg_url, "verify", "--json", timeout=90)
    assert verified.returncode == 0, verified.stderr
    assert json.loads(verified.stdout)["events"] == CASUALTIES + 5


def _events(originator: uuid.UUID, versions: range) -> list[StoredEvent]:
    topic = "aggregates.encounter:Encounter.Casualty"
    return [StoredEvent(originator, v, topic, b"x" * 700) for v in versions]


@pytest.mark.postgres
def test_a_save_in_several_inserts_is_still_one_transaction(pg_url, monkeypatch):
    monkeypatch.setattr(pgrecorder, "INSERT_BATCH", 100)
    with Ledger(parse_store_url(pg_url)) as ledger:
        recorder = ledger.opened.app.recorder
        assert type(recorder).__name__ == "LedgerPostgresRecorder"
        first, second = uuid.uuid4(), uuid.uuid4()
        ids = recorder.insert_events(_events(first, range(1, 251)))
        assert ids == sorted(ids) and len(ids) == 250  # in order, across three INSERTs
        assert [n.originator_version for n in recorder.select_notifications(1, 10)] == list(
            range(1, 11)
        )
        # 349 new events, then one already stored: the conflict is in the fourth INSERT
        doomed = _events(second, range(1, 350)) + _events(first, range(250, 251))
        with pytest.raises(IntegrityError):
            recorder.insert_events(doomed)
        assert recorder.max_notification_id() == ids[-1]  # none of the 350 was kept
        assert recorder.select_events(second) == []
        assert recorder.insert_events([]) is None


def test_only_a_postgresql_store_gets_the_ledgers_recorder(tmp_path):
    sqlite = parse_store_url(str(tmp_path / "c.db")).library_env()
    env = LedgerApplication.construct_env(LedgerApplication, "ledger", sqlite)
    # SQLite: the library's recorder, only reading back what the tracker stores
    # (campaign/store/sqliterecorder.py), never the PostgreSQL one
    from eventsourcing.sqlite import SQLiteApplicationRecorder
    from eventsourcing.utils import resolve_topic

    sqlite_topic = env.get("APPLICATION_RECORDER_TOPIC")
    assert sqlite_topic == "campaign.store.sqliterecorder:LedgerSQLiteRecorder"
    assert issubclass(resolve_topic(sqlite_topic), SQLiteApplicationRecorder)
    postgres = parse_store_url("postgresql+psycopg://u:p@h/db").library_env()
    env = LedgerApplication.construct_env(LedgerApplication, "ledger", postgres)
    topic = "campaign.store.pgrecorder:LedgerPostgresRecorder"
    assert env.get("APPLICATION_RECORDER_TOPIC") == topic
