"""Given `campaign shell` (or `projections run`) open on a SQLite store, when the GM replaces the
file — a backup restored with `mv` — then the store holds exactly the restored campaign and what
is recorded after, and the shell says the store was replaced instead of going on.

SQLite's "unlinking or renaming a database file while in use" (sqlite.org/howtocorrupt.html,
§1.3 and §2.4): a process idling with its connections open keeps the old file's ``-wal`` and
``-shm`` beside the new file. The next process to open the store would read the shell's pages
from that WAL over the restored file and, closing last, checkpoint them into it: the restored
campaign silently replaced by the one the shell had open (``verify`` and ``integrity_check``
passing). So the shell and the follower hold no connection between commands (``Ledger.release``).
"""

import contextlib
import json
import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from campaign.commands import Note, SessionOpen
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from tests import answers
from tests.console import Console

CAMPAIGN = str(Path(sys.executable).with_name("campaign"))
HAS_PROC = Path("/proc/self/fd").is_dir()


@pytest.fixture
def env(tmp_path):
    kept = {k: v for k, v in os.environ.items() if not k.startswith("CAMPAIGN_")}
    return {**kept, "CAMPAIGN_SHELL_HISTORY": str(tmp_path / "history")}


def run(env, db, *words, code=0):
    done = subprocess.run(
        [CAMPAIGN, "--db", str(db), *words], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == code, (words, done.stdout, done.stderr)
    return done


class Shell(Console):
    """`campaign --db DB shell` at a terminal; :meth:`type` waits for the next prompt."""

    def __init__(self, env, db):
        super().__init__([CAMPAIGN, "--db", str(db), "shell"], env)
        self.err = ""
        self.typed = 0
        self.prompts(1)

    def type(self, line):
        self.send(line + "\n")
        self.typed += 1
        self.prompts(self.typed + 1)  # the command ran: the shell is at its prompt again

    def leave(self, status=0):
        """``exit`` typed: what the shell said on stderr; it exits with ``status``, that of the
        first command that failed (0 when none did)."""
        self.send("exit\n")
        assert self.process.wait(60) == status
        self.err = " ".join(self.process.stderr.read().split())  # unwrapped: Rich wraps it
        self.wait()
        return self.err

    def kill(self):
        self.close()


def notes(env, db):
    events = json.loads(run(env, db, "history", "--json").stdout)["events"]
    return [e["note"] for e in events if e["kind"] == "note-recorded"]


def intact(env, db):
    assert "intact" in run(env, db, "verify").stdout
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchall() == [("ok",)]


def backup(env, tmp_path):
    """Another campaign, B.db, written by separate commands and closed: no -wal beside it."""
    b = tmp_path / "B.db"
    run(env, b, "session", "1")
    run(env, b, "note", "b one")
    run(env, b, "note", "b two")
    assert not b.with_name("B.db-wal").exists()
    return b


@pytest.mark.parametrize("after", ["a command", "a second shell"])
@pytest.mark.subprocess
def test_a_backup_restored_under_an_idle_shell_is_what_the_store_holds(env, tmp_path, after):
    x = tmp_path / "X.db"
    shell = Shell(env, x)
    try:
        for line in ["session 1", 'note "shell one"', "status --json", 'note "shell two"']:
            shell.type(line)  # the last write just before the swap: the shell's WAL has frames
        b = backup(env, tmp_path)
        os.replace(b, x)  # `mv B.db X.db`, the shell at its prompt
        if after == "a command":
            run(env, x, "note", "after the swap")
            assert json.loads(run(env, x, "status", "--json").stdout)["position"] == 5
        else:
            second = Shell(env, x)
            second.type('note "after the swap"')
        # the shell's next commands, writing or reading, are refused: its file is gone
        shell.type('note "into the old file"')
        shell.type("status --json")
        said = shell.leave(status=1)  # a store failure, as `campaign … note` would exit
        if after == "a second shell":
            second.type("status --json")
            second.leave()
    finally:
        shell.kill()
    # B's campaign, and what was recorded after the swap — the shell's notes were in the file
    # the backup replaced, and none of them is laid over B's (which verify and integrity_check
    # would pass)
    assert notes(env, x) == ["b one", "b two", "after the swap"]
    intact(env, x)
    assert said.count("was removed or replaced") == 2, said
    assert '"position": 3' in shell.said  # status before the swap; none after
    assert shell.said.count('"position"') == 1


@pytest.mark.skipif(not HAS_PROC, reason="reads /proc/PID/fd")
@pytest.mark.subprocess
def test_the_shell_holds_no_file_of_the_store_at_its_prompt(env, tmp_path):
    x = tmp_path / "X.db"
    shell = Shell(env, x)
    try:
        for line in ["session 1", 'note "one"', "status --json", "history --json", "note two"]:
            shell.type(line)
            held = _open_files(shell.process.pid)
            mine = {str(x), f"{x}-wal", f"{x}-shm"}
            assert not held & mine, (line, held)
            assert not x.with_name("X.db-wal").exists()  # checkpointed into X.db, removed
        assert "error" not in shell.leave()
    finally:
        shell.kill()
    assert notes(env, x) == ["one", "two"]
    assert stat.S_IMODE(x.stat().st_mode) == 0o600


def _open_files(pid):
    held = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):  # closed meanwhile
            held.add(os.readlink(fd))
    return held


@pytest.mark.subprocess
def test_a_store_removed_under_an_idle_shell_is_said_and_not_made_again(env, tmp_path):
    x = tmp_path / "X.db"
    shell = Shell(env, x)
    try:
        shell.type("session 1")
        shell.type("status")  # the read models are set up: the next read needs no lock
        x.unlink()  # at the prompt, nothing else is left of it: no -wal, no -shm
        shell.type("history --json")  # neither the old file's history nor an empty new file
        shell.type("note gone")
        said = shell.leave(status=1)
    finally:
        shell.kill()
    assert said.count("was removed or replaced") == 2, said
    assert not x.exists()


def test_a_released_ledger_opens_its_connections_again_on_next_use(store_url):
    with Ledger(parse_store_url(store_url), gm="ann") as ledger:
        ledger.handle(SessionOpen(number=1))
        ledger.release()
        assert answers.status(ledger)["position"] == 2
        ledger.release()
        ledger.handle(Note(text="after a release"))
        ledger.release()
        assert answers.status(ledger)["position"] == 3
        ledger.release()
        if store_url.startswith("postgresql"):
            return
        assert ledger.opened.app.recorder.datastore.pool.num_in_pool == 0
        assert ledger.opened.read_model.engine.pool.checkedin() == 0
        ledger.check_still_there()  # the same file: nothing to say


def test_an_empty_store_discarded_under_a_released_ledger_is_opened_afresh(tmp_path):
    # two processes open a new store at once; the one whose first command fails removes it:
    # the shell's next command opens a new file (0600) at the path, as a first write makes one
    db = tmp_path / "campaign.db"
    url = parse_store_url(str(db))
    with Ledger(url, gm="ann") as shell, Ledger(url, gm="bob") as failed:
        shell.release()
        assert failed.discard_if_empty()
        shell.check_still_there()
        assert db.exists() and stat.S_IMODE(db.stat().st_mode) == 0o600
        assert answers.status(shell)["position"] == 0
        shell.handle(SessionOpen(number=1))
    with Ledger(url) as ledger:
        assert [e.position for e in ledger.history.events()] == [1, 2]


@pytest.mark.subprocess
def test_projections_run_lets_go_between_polls_and_stops_at_a_replaced_store(env, tmp_path):
    x = tmp_path / "X.db"
    run(env, x, "session", "1")
    follower = subprocess.Popen(
        [CAMPAIGN, "--db", str(x), "projections", "run", "--interval", "0.2"],
        env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        assert "folded (position 2)" in follower.stdout.readline()
        run(env, x, "note", "followed")  # folded by the follower: its read-model rows
        assert "folded (position 3)" in follower.stdout.readline()
        b = backup(env, tmp_path)
        os.replace(b, x)
        run(env, x, "note", "after the swap")
        assert notes(env, x) == ["b one", "b two", "after the swap"]
        intact(env, x)
        code = follower.wait(30)  # its next poll finds another file there: it stops
        said = " ".join(follower.stderr.read().split())
    finally:
        if follower.poll() is None:
            follower.kill()
            follower.wait()
    assert code == 1 and "was removed or replaced" in said, said
    assert notes(env, x) == ["b one", "b two", "after the swap"]
