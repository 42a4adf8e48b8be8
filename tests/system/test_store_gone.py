"""Given a PostgreSQL store whose connection is cut in the middle of a command (the server stopped,
the network gone), then the command says so in one line and exits 1 — no traceback — and a replay
says which of its files landed, as after a Ctrl-C (docs/cli.md#replay: all of a file or none of it).

The writer lock's unlock on the dead connection fails too, in its ``finally``: raised, it would be a
traceback of some 200 lines hiding the tracker's own message, also after a replay's events were all
committed, so the GM would never be told the file had landed. And a URL with a bracket left open, or
a schema name with ``$`` (which the server always quotes), are bad input, exit 2."""

import contextlib
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from campaign.store import parse_store_url
from cli.main import app
from tests.conftest import need_postgres, postgres_schema
from tests.system.test_crash import FIRST, big_log

CAMPAIGN = str(Path(sys.executable).with_name("campaign"))


class Proxy:
    """A TCP relay to the test server, on a port of its own: :meth:`cut` drops every
    connection through it and stops listening, as a server gone does."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.sockets: list[socket.socket] = [self.listener]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.target)
            self.sockets += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass

    def cut(self) -> None:
        for s in self.sockets:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()


@pytest.fixture
def through_a_proxy():
    """(the store's URL through a relay, the relay, the store's own URL)."""
    need_postgres()
    with postgres_schema() as url:
        store = parse_store_url(url)
        proxy = Proxy(store.host, store.port)
        yield url.replace(f":{store.port}/", f":{proxy.port}/", 1), proxy, url
        proxy.cut()


def cli(url: str, *words: str):
    return CliRunner().invoke(app, ["--db", url, *words])


# Run by the replay: once the file's save has committed and the library has taken its
# snapshots, before the summary folds the new events into the read models, it says so and
# waits, so that the connection is cut between the two
PAUSING_AFTER_THE_SAVE = """
import os, sys, time
from cli import replay
original = replay._audit_summary
def _audit_summary(*args, **kwargs):
    with open(os.environ["SAVED_MARKER"], "w") as marker:
        marker.write("saved")
    time.sleep(5)
    return original(*args, **kwargs)
replay._audit_summary = _audit_summary
from cli.main import main
sys.argv[0] = "campaign"
main()
"""


@pytest.mark.postgres
@pytest.mark.subprocess
def test_a_replay_cut_off_from_its_server_after_its_save_says_it_landed_not_a_traceback(
    through_a_proxy, tmp_path
):
    relayed, proxy, direct = through_a_proxy
    first, big = tmp_path / "first.log", tmp_path / "siege.log"
    first.write_text(FIRST)
    big.write_text(big_log(300))
    assert cli(direct, "replay", str(first)).exit_code == 0
    marker = tmp_path / "saved"
    replay = subprocess.Popen(
        [sys.executable, "-c", PAUSING_AFTER_THE_SAVE, "--db", relayed, "replay", str(big)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "SAVED_MARKER": str(marker)},
    )  # fmt: skip
    deadline = time.monotonic() + 120
    while not (marker.exists() and marker.read_text()):
        assert replay.poll() is None, replay.stderr.read()
        assert time.monotonic() < deadline
        time.sleep(0.01)
    proxy.cut()  # the server is gone for this process: its next query fails
    out, err = replay.communicate(timeout=120)
    assert replay.returncode == 1, (out, err)
    assert "Traceback" not in err and "error: the store postgresql+psycopg://" in err, err
    said = " ".join(err.split())
    # no traceback from the lock's unlock, and a word of the file having landed
    assert f"the replay stopped: every file landed — {big} (" in said
    assert cli(direct, "verify").exit_code == 0
    assert "already recorded from this text: skipped" in cli(direct, "replay", str(big)).stdout


@pytest.mark.parametrize(
    "url, says",
    [
        ("postgresql+psycopg://ledger:pw@[::1:5432/db", "an IPv6 address in brackets"),
        ("postgresql+psycopg://ledger:pw@host/db?schema=gm$a", "letters, digits and _ ("),
        ("postgresql+psycopg://ledger:pw[@host/db", "is written %5B or %5D"),
    ],
)
def test_a_url_the_store_cannot_take_is_bad_input(campaign, url, says):
    result = campaign("--db", url, "status")
    assert result.exit_code == 2, result.output
    assert says in " ".join(result.stderr.split()) and "Traceback" not in result.output
    assert "pw" not in result.stderr  # the password is never shown


def test_only_the_database_layers_errors_are_said_as_a_store_failure():
    import sqlite3

    import psycopg
    import sqlalchemy.exc
    from eventsourcing.persistence import OperationalError

    from campaign.core.errors import ImpossibleInput
    from campaign.service.failures import store_failed

    gone = "consuming input failed: server closed the connection unexpectedly"
    assert store_failed(psycopg.OperationalError(gone)) == f"the store failed: {gone}"
    named = store_failed(psycopg.OperationalError(gone), "postgresql+psycopg://u:***@h/db")
    assert named == f"the store postgresql+psycopg://u:***@h/db failed: {gone}"
    assert store_failed(sqlite3.OperationalError("disk I/O error")).endswith("disk I/O error")
    assert store_failed(OperationalError("couldn't get a connection after 10.00 sec"))
    wrapped = sqlalchemy.exc.OperationalError("SELECT 1", {}, sqlite3.OperationalError("locked"))
    assert store_failed(wrapped) == "the store failed: locked"  # the driver's words, not the SQL
    # a bug or bad input keeps its own way out: a traceback, or exit 2
    for other in (sqlalchemy.exc.ArgumentError("misuse"), ValueError("x"), ImpossibleInput("x")):
        assert store_failed(other) is None


HOLD = """
import sys, time
from campaign.store import parse_store_url
with parse_store_url(sys.argv[1]).writer_lock():
    print("held", flush=True)
    time.sleep(60)
"""


@pytest.mark.subprocess
def test_a_dry_run_refused_by_a_busy_store_says_so_once(tmp_path):
    # a dry run writes nothing: the busy store's message, which says so, is all there is to say
    db = str(tmp_path / "c.db")
    env = {**os.environ, "CAMPAIGN_LOCK_TIMEOUT": "0.5"}
    (tmp_path / "s.log").write_text("session 1\nnote hi\n")
    assert subprocess.run([CAMPAIGN, "--db", db, "init"], env=env).returncode == 0
    holder = subprocess.Popen([sys.executable, "-c", HOLD, db], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        done = subprocess.run(
            [CAMPAIGN, "--db", db, "replay", "--dry-run", str(tmp_path / "s.log")],
            env=env, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    finally:
        holder.kill()
        holder.wait()
    assert done.returncode == 1, done.stderr
    assert "is busy" in done.stderr and "the replay stopped" not in done.stderr
