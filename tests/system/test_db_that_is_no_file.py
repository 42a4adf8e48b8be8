"""Given a ``--db`` that is no regular file — a named pipe (FIFO), a directory, a device — when
any command is run on it, then it is refused at once as bad input (exit 2), saying what it is and
what was expected, and nothing is made beside it (docs/cli.md#stores). Opening a FIFO waits for
a writer: each command runs as a process with a deadline, so a regression fails, not hangs."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

CAMPAIGN = str(Path(sys.executable).with_name("campaign"))
COMMANDS = [["status"], ["history", "--json"], ["note", "hi"], ["init"], ["verify"]]


def campaign(*args: str) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            [CAMPAIGN, *args], capture_output=True, text=True, timeout=30, encoding="utf-8"
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"`campaign {' '.join(args)}` did not answer within 30 s")


@pytest.mark.subprocess
@pytest.mark.parametrize("words", COMMANDS, ids=" ".join)
def test_a_fifo_as_the_store_is_refused_at_once(tmp_path, words):
    fifo = tmp_path / "campaign.db"
    os.mkfifo(fifo)
    result = campaign("--db", str(fifo), *words)
    assert result.returncode == 2, result.stderr
    assert f"--db: '{fifo}' is a named pipe (FIFO), not a file" in result.stderr
    assert "expected" in result.stderr and "Traceback" not in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["campaign.db"]  # no lock, no journal


@pytest.mark.subprocess
@pytest.mark.parametrize("words", [["status"], ["history", "--json"], ["verify"]], ids=" ".join)
def test_a_device_as_the_store_is_refused(words):
    """Reading commands only: a logging command on ``/dev/null`` that the tracker did not refuse
    would make its lock file and SQLite's journal beside it, in ``/dev``."""
    result = campaign("--db", os.devnull, *words)
    assert result.returncode == 2, result.stderr
    assert f"--db: '{os.devnull}' is a character device, not a file" in result.stderr


@pytest.mark.subprocess
def test_a_directory_as_the_store_is_still_refused(tmp_path):
    result = campaign("--db", str(tmp_path), "status")
    assert result.returncode == 2, result.stderr
    assert f"--db: '{tmp_path}' is a directory" in result.stderr
    assert list(tmp_path.iterdir()) == []
