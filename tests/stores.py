"""Stores for the tests, used through the CLI as a GM would: one made by replaying a session
log, the commands that must succeed on one, and a follower woken by a write to one."""

import threading
import time
from collections.abc import Callable
from pathlib import Path

from typer.testing import CliRunner

from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from cli.main import app


def replayed(tmp_path: Path, log_text: str) -> str:
    """The store (a file under ``tmp_path``) that ``log_text`` replays to."""
    log = tmp_path / "sessions.log"
    log.write_text(log_text)
    db = str(tmp_path / "campaign.db")
    result = CliRunner().invoke(app, ["--db", db, "replay", str(log)])
    assert result.exit_code == 0, result.output
    return db


def succeeding(campaign, db: str):
    """``campaign --db DB ARGS…`` (``campaign``: the CLI fixture), which must succeed; returns
    stdout."""

    def run(*args: str) -> str:
        result = campaign("--db", db, *args)
        assert result.exit_code == 0, (args, result.output)
        return result.stdout

    return run


def woken_by_a_write(url: str, write: Callable[[], object]) -> None:
    """A ledger following the store at ``url`` (``projections run``) wakes when ``write``
    records an event there, half a second in, well before its 20 s wait ends."""
    with Ledger(parse_store_url(url)) as ledger, ledger.wakeups() as wait:
        writer = threading.Timer(0.5, write)
        writer.start()
        started = time.monotonic()
        wait(20)
        writer.join()
        assert time.monotonic() - started < 10  # woken by the write, not the timeout
        assert ledger.queries.catch_up() > 0
