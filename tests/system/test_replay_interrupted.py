"""Given ``campaign replay`` interrupted by Ctrl-C (SIGINT), then the GM is told which files landed
— their save committed — and which were not recorded, and it exits 130 (docs/cli.md#replay: all of a
file or none of it; Ctrl-C says which files landed).

A file's save commits before the replay takes its snapshots (the library, after the commit), brings
the read models up to date and prints the summary: a Ctrl-C there exits 130 saying the file landed —
not nothing, nor (inside ``campaign shell``) "what the command had not saved is not recorded" —
since the whole file was recorded. The read models are not part of that write: the next read catches
them up, to what an uninterrupted replay gives.

The real-process cases send SIGINT at a moment read from outside: the file's events visible to
another connection (the snapshot stage of this log lasts about a second), the writer lock held
with nothing written yet (staging), or the first file's summary printed. The in-process cases
raise ``KeyboardInterrupt`` just before or just after the library's write.
"""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from campaign.service.application import LedgerApplication
from campaign.store import StoreBusy, parse_store_url

CAMPAIGN = str(Path(sys.executable).with_name("campaign"))
GROUPS = 400  # ≈ 4,800 events: ≈ 1 s to stage, ≈ 1 s of snapshots and read models after the save
SMALL = """#! campaign-log 1
session 1
encounter start e1
encounter group e1 rats --count 5 --morale 6
casualty e1 rats 1
"""


def big_log(groups: int = GROUPS) -> str:
    lines = ["#! campaign-log 1", "session 2", "encounter start e2"]
    for g in range(groups):
        lines.append(f"encounter group e2 g{g} --count 100 --morale 7")
        for _ in range(3):
            lines += [f"casualty e2 g{g} 1", f"morale e2 g{g} --roll 3,3"]
            lines.append(f"adjust e2 g{g} +0 --reason r")
        lines.append(f"casualty e2 g{g} 1")
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("logs")
    (folder / "small.log").write_text(SMALL)
    (folder / "big.log").write_text(big_log())
    return folder


@pytest.fixture(scope="module")
def reference(logs, tmp_path_factory):
    """big.log replayed without interruption on a store made by `init`: its event count and
    what the reading commands then say."""
    db = tmp_path_factory.mktemp("reference") / "campaign.db"
    run(db, "init")
    before = stored(db)
    run(db, "replay", str(logs / "big.log"))
    return {"events": stored(db) - before, "reads": reads(db)}


@pytest.fixture
def env(tmp_path):
    kept = {k: v for k, v in os.environ.items() if not k.startswith("CAMPAIGN_")}
    return {**kept, "CAMPAIGN_SHELL_HISTORY": str(tmp_path / "history")}


def run(db, *words, code=0):
    from typer.testing import CliRunner

    from cli.main import app

    result = CliRunner().invoke(app, ["--db", str(db), *words])
    assert result.exit_code == code, (words, result.output)
    return result


def stored(db) -> int:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as connection:
        return connection.execute("SELECT count(*) FROM stored_events").fetchone()[0]


def reads(db) -> list:
    """status, history (without the timestamps) and audit, as JSON."""
    got = []
    for words in (("status", "--all"), ("history",), ("audit",)):
        data = json.loads(run(db, *words, "--json").stdout)
        for event in data.get("events", []):
            event.pop("timestamp", None)
        got.append(data)
    return got


def lock_held(db) -> bool:
    try:
        with parse_store_url(str(db), lock_timeout=0.001).writer_lock():
            return False
    except StoreBusy:
        return True


def interrupt_when(process: subprocess.Popen, moment, what: str) -> tuple[str, str]:
    """SIGINT ``process`` as soon as ``moment()`` is true; its stdout and stderr."""
    deadline = time.monotonic() + 60
    while not moment():
        assert process.poll() is None, f"{what}: it ended first: {process.communicate()}"
        assert time.monotonic() < deadline, f"{what}: the moment never came"
        time.sleep(0.002)
    process.send_signal(signal.SIGINT)
    return process.communicate(timeout=60)


def replaying(env, db, *logs) -> subprocess.Popen:
    return subprocess.Popen(
        [CAMPAIGN, "--db", str(db), "replay", *map(str, logs)],
        env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip


@pytest.mark.subprocess
def test_ctrl_c_after_the_save_says_the_file_landed_and_the_read_models_catch_up(
    env, tmp_path, logs, reference
):
    db = tmp_path / "campaign.db"
    run(db, "init")
    before = stored(db)
    big = logs / "big.log"
    process = replaying(env, db, big)
    out, err = interrupt_when(process, lambda: stored(db) > before, "after the save")

    assert process.returncode == 130
    events = f"{reference['events']} events"
    assert f"interrupted: every file landed — {big} ({events})" in err, err
    assert "the summary of" in err and "`campaign audit --session 2` lists them" in err, err
    assert "recorded" not in out  # the summary was not printed: the message above says so
    assert stored(db) - before == reference["events"]  # all of the file
    assert reads(db) == reference["reads"]  # the read models catch up at the next read


@pytest.mark.subprocess
def test_ctrl_c_while_the_lines_run_says_nothing_of_the_file_was_recorded(env, tmp_path, logs):
    db = tmp_path / "campaign.db"
    run(db, "init")
    before = stored(db)
    big = logs / "big.log"
    process = replaying(env, db, big)
    since: list[float] = []

    def staging() -> bool:  # the lock held a while, nothing written: the lines are running
        if not lock_held(db):
            since.clear()
            return False
        since[:] = since or [time.monotonic()]
        return time.monotonic() - since[0] > 0.1 and stored(db) == before

    _, err = interrupt_when(process, staging, "while staging")
    assert process.returncode == 130
    assert err.strip().endswith(f"interrupted: {big} was not recorded"), err
    assert stored(db) == before


@pytest.mark.subprocess
def test_ctrl_c_in_the_second_file_says_the_first_landed_and_the_second_did_not(
    env, tmp_path, logs
):
    db = tmp_path / "campaign.db"
    run(db, "init")
    before = stored(db)
    small, big = logs / "small.log", logs / "big.log"
    process = replaying(env, db, small, big)
    first = process.stdout.readline()  # the first file's summary: it landed, the second runs
    assert first.startswith(f"{small}: session 1 — recorded 6 events"), first
    rest, err = interrupt_when(process, lambda: True, "in the second file")

    assert process.returncode == 130
    assert f"interrupted: {small} landed (6 events); {big} was not recorded" in err, err
    assert "summary" not in err  # the first file's was printed
    assert f"{big}: session" not in rest
    assert stored(db) == before + 6


@pytest.mark.subprocess
def test_ctrl_c_in_the_shell_says_what_landed_and_not_that_nothing_was_saved(
    env, tmp_path, logs, reference
):
    db = tmp_path / "campaign.db"
    run(db, "init")
    before = stored(db)
    big = logs / "big.log"
    shell = subprocess.Popen(
        [CAMPAIGN, "--db", str(db), "shell"], env=env, text=True,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    shell.stdin.write(f"replay {big}\nstatus --all --json\nexit\n")
    shell.stdin.flush()
    out, err = interrupt_when(shell, lambda: stored(db) > before, "in the shell")

    assert shell.returncode == 130  # the console went on, `exit` left it: the replay's status
    assert "interrupted: every file landed" in err, err
    assert "not saved" not in err and "not recorded" not in err, err
    assert stored(db) - before == reference["events"]
    status = json.loads(out[out.index("{") :].splitlines()[0])
    assert status == reference["reads"][0]  # the next command's read caught up


# --- in process: the interruption just before or just after the library's write ----------


def interrupting(monkeypatch, *, at: int, committed: bool) -> None:
    """The ``at``-th save from now raises KeyboardInterrupt, after it committed or before."""
    original, calls = LedgerApplication.save, []

    def save(self, *aggregates, **kwargs):
        calls.append(1)
        if len(calls) != at:
            return original(self, *aggregates, **kwargs)
        if committed:
            original(self, *aggregates, **kwargs)
        raise KeyboardInterrupt

    monkeypatch.setattr(LedgerApplication, "save", save)


@pytest.mark.parametrize("committed", [True, False])
def test_a_ctrl_c_just_around_the_second_files_write_is_told_as_the_store_has_it(
    tmp_path, monkeypatch, committed
):
    db = tmp_path / "campaign.db"
    a, b = tmp_path / "a.log", tmp_path / "b.log"
    a.write_text(SMALL)
    b.write_text("#! campaign-log 1\nsession 2\nnote one\nnote two\n")
    run(db, "init")
    before = stored(db)
    interrupting(monkeypatch, at=2, committed=committed)
    result = run(db, "replay", str(a), str(b), code=130)

    if committed:  # the events of b.log: session 2, two notes, the session's end
        said = f"every file landed — {a} (6 events), {b} (4 events); the summary of {b}"
        assert said in result.stderr, result.stderr
        assert "`campaign audit --session 2` lists them" in result.stderr
        assert stored(db) == before + 10
    else:
        said = f"interrupted: {a} landed (6 events); {b} was not recorded\n"
        assert result.stderr.endswith(said), result.stderr
        assert stored(db) == before + 6
    assert result.stdout.startswith(f"{a}: session 1 — recorded 6 events")
    assert f"{b}: session" not in result.stdout


def test_a_ctrl_c_while_the_summary_is_made_says_the_file_landed(tmp_path, monkeypatch):
    from campaign.service.queries import Queries

    db, a = tmp_path / "campaign.db", tmp_path / "a.log"
    a.write_text(SMALL)

    def audit_counts(self, sessions):
        raise KeyboardInterrupt

    run(db, "init")
    monkeypatch.setattr(Queries, "audit_counts", audit_counts)
    result = run(db, "replay", str(a), code=130)
    assert result.stderr.startswith(f"interrupted: every file landed — {a} (6 events)")
    assert "`campaign audit --session 1` lists them, `campaign status`" in result.stderr
    assert result.stdout == ""
    assert stored(db) == 7


def test_a_store_that_cannot_say_whether_the_save_committed_is_said(tmp_path, monkeypatch):
    from eventsourcing.persistence import OperationalError
    from eventsourcing.sqlite import SQLiteApplicationRecorder

    db, a = tmp_path / "campaign.db", tmp_path / "a.log"
    a.write_text(SMALL)
    original = LedgerApplication.save

    def save(self, *aggregates, **kwargs):
        original(self, *aggregates, **kwargs)

        def unreadable(*args, **kwargs):
            raise OperationalError("disk I/O error")

        monkeypatch.setattr(SQLiteApplicationRecorder, "select_events", unreadable)
        raise KeyboardInterrupt

    monkeypatch.setattr(LedgerApplication, "save", save)
    result = run(db, "replay", str(a), code=130)
    assert f"{a} was interrupted while its events were written" in result.stderr
    assert "all of it or none of it is recorded, `campaign history` shows which" in result.stderr
    assert "landed" not in result.stderr


def test_a_dry_run_interrupted_says_it_recorded_nothing(tmp_path, monkeypatch):
    from cli import replay

    db, a = tmp_path / "campaign.db", tmp_path / "a.log"
    a.write_text(SMALL)
    run(db, "init")

    def invoke(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(replay, "run_line", invoke)
    result = run(db, "replay", "--dry-run", str(a), code=130)
    assert result.stderr == "interrupted: nothing was recorded (a dry run records nothing)\n"
    assert stored(db) == 1
