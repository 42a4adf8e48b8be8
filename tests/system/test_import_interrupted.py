"""Given ``campaign import`` interrupted by Ctrl-C (SIGINT), then the GM is told whether the events
were stored — all of them or none (docs/cli.md#export-and-import: "all of it or nothing") — and it
exits 130.

The events are stored in one transaction, then the read models catch up, which for a long history
takes longer than the write: a Ctrl-C there exits 130 saying the events were stored, since the whole
file was recorded. The read models are not part of that write: the next read catches them up, to
what an uninterrupted import gives.

The in-process cases raise ``KeyboardInterrupt`` before, inside and after the library's write;
the real-process case sends SIGINT once the events are visible to another connection.
"""

import os
import signal
import sqlite3
import subprocess
import time

import pytest

from tests.system.test_replay_interrupted import CAMPAIGN, reads, run, stored

LOG = """#! campaign-log 1
session 1
encounter start e1
encounter group e1 rats --count 5 --morale 6
casualty e1 rats 2
morale e1 rats --roll 6,6
note "the rats flee"
session end
"""


@pytest.fixture
def export(tmp_path):
    """A jsonl export of LOG, and the reads of the store it came from."""
    source, log = tmp_path / "source.db", tmp_path / "one.log"
    log.write_text(LOG)
    run(source, "replay", str(log))
    path = tmp_path / "campaign.jsonl"
    path.write_text(run(source, "export", "--format", "jsonl").stdout)
    return path, stored(source), reads(source)


def test_a_ctrl_c_while_the_read_models_catch_up_says_the_import_landed(
    tmp_path, monkeypatch, export
):
    from campaign.service.history import History

    path, events, expected = export
    db = tmp_path / "campaign.db"

    def catch_up(self, *args, **kwargs):
        raise KeyboardInterrupt

    with monkeypatch.context() as patched:
        patched.setattr(History, "catch_up", catch_up)
        result = run(db, "import", str(path), code=130)
    assert result.stderr == (
        f"interrupted: the import had landed — {events} events from {path} are stored; the "
        "read models catch up at the next command\n"
    )
    assert result.stdout == ""
    assert stored(db) == events
    assert reads(db) == expected  # the next reads catch the read models up


def test_a_ctrl_c_inside_the_write_after_it_committed_is_told_as_the_store_has_it(
    tmp_path, monkeypatch, export
):
    from eventsourcing.sqlite import SQLiteApplicationRecorder

    path, events, expected = export
    db = tmp_path / "campaign.db"
    original = SQLiteApplicationRecorder.insert_events

    def insert_events(self, *args, **kwargs):
        original(self, *args, **kwargs)
        raise KeyboardInterrupt  # committed, but the call never returned

    with monkeypatch.context() as patched:
        patched.setattr(SQLiteApplicationRecorder, "insert_events", insert_events)
        result = run(db, "import", str(path), code=130)
    assert f"the import had landed — {events} events from {path} are stored" in result.stderr
    assert stored(db) == events
    assert reads(db) == expected


def test_a_ctrl_c_before_the_write_says_nothing_was_imported_and_leaves_no_store(
    tmp_path, monkeypatch, export
):
    from campaign.history import transfer

    path, _, _ = export
    db = tmp_path / "campaign.db"

    def read_jsonl(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(transfer, "read_jsonl", read_jsonl)
    result = run(db, "import", str(path), code=130)
    assert result.stderr == f"interrupted: nothing was imported from {path}\n"
    assert not db.exists()  # a failed first command writes nothing, not even the store


def test_a_store_that_cannot_say_whether_the_write_committed_is_said(tmp_path, monkeypatch, export):
    from eventsourcing.persistence import OperationalError
    from eventsourcing.sqlite import SQLiteApplicationRecorder

    from campaign.service.ledger import Ledger

    path, _, _ = export
    db = tmp_path / "campaign.db"
    original = SQLiteApplicationRecorder.insert_events

    def insert_events(self, *args, **kwargs):
        original(self, *args, **kwargs)

        def unreadable(*args, **kwargs):
            raise OperationalError("disk I/O error")

        monkeypatch.setattr(Ledger, "last_position", unreadable)
        raise KeyboardInterrupt

    monkeypatch.setattr(SQLiteApplicationRecorder, "insert_events", insert_events)
    result = run(db, "import", str(path), code=130)
    assert "could not be read back: all of them or none are recorded" in result.stderr
    assert "landed" not in result.stderr


@pytest.mark.subprocess
def test_sigint_once_the_events_are_stored_says_the_import_landed(tmp_path):
    """A real process, and a history long enough that the read models take a while."""
    source, log = tmp_path / "source.db", tmp_path / "long.log"
    lines = ["#! campaign-log 1", "session 1", "encounter start e1"]
    for g in range(300):
        lines.append(f"encounter group e1 g{g} --count 100 --morale 7")
        lines += [f"casualty e1 g{g} 1", f"morale e1 g{g} --roll 3,3"] * 4
    log.write_text("\n".join(lines) + "\n")
    run(source, "replay", str(log))
    path = tmp_path / "long.jsonl"
    path.write_text(run(source, "export", "--format", "jsonl").stdout)
    events, expected = stored(source), reads(source)

    db = tmp_path / "campaign.db"
    env = {k: v for k, v in os.environ.items() if not k.startswith("CAMPAIGN_")}
    process = subprocess.Popen(
        [CAMPAIGN, "--db", str(db), "import", str(path)],
        env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip

    def visible() -> bool:
        try:
            return stored(db) > 0
        except sqlite3.OperationalError:  # no file yet, or no table yet
            return False

    deadline = time.monotonic() + 60
    while not visible():
        assert process.poll() is None, f"it ended first: {process.communicate()}"
        assert time.monotonic() < deadline, "the events never became visible"
        time.sleep(0.002)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    if process.returncode == 0:  # it finished between the last look and the signal
        assert out.startswith(f"imported {events} events"), out
    else:
        assert process.returncode == 130, (out, err)
        assert err.startswith(f"interrupted: the import had landed — {events} events"), err
        assert out == ""
    assert stored(db) == events
    assert reads(db) == expected


def test_a_ctrl_c_as_the_store_is_closed_after_the_import_says_it_landed(
    tmp_path, monkeypatch, export
):
    from campaign.service.ledger import Ledger

    path, events, expected = export
    db = tmp_path / "campaign.db"
    original = Ledger.__exit__

    def exit_(self, *args):
        original(self, *args)
        raise KeyboardInterrupt  # stored, caught up, closed: the summary never printed

    with monkeypatch.context() as patched:
        patched.setattr(Ledger, "__exit__", exit_)
        result = run(db, "import", str(path), code=130)
    assert result.stderr.startswith(f"interrupted: the import had landed — {events} events")
    assert stored(db) == events
    assert reads(db) == expected


def test_the_read_models_catch_up_with_progress_told(tmp_path, export):
    """The long part of an import, the read models' catch-up, reports its progress (the CLI's
    bar, on a terminal)."""
    from campaign.history.transfer import import_jsonl
    from campaign.service.ledger import Ledger
    from campaign.store import parse_store_url

    path, events, expected = export
    told: list[tuple[int, int]] = []
    db = tmp_path / "campaign.db"
    with Ledger(parse_store_url(str(db))) as ledger:
        lines = path.read_text("utf-8").split("\n")
        told_along = lambda *at: told.append(at)  # noqa: E731
        assert import_jsonl(ledger.history, lines, progress=told_along) == events
    assert told and told[-1] == (events, events)
    assert reads(db) == expected
