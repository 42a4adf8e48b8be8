"""Given `campaign` started as a process, when its command runs, then the garbage collector is
on and the start-up's objects are frozen (cli/main.py `_started`); inside a process already
running (the shell, a test's CliRunner), nothing is frozen."""

from __future__ import annotations

import gc
import json
import subprocess
import sys

import pytest

# Runs `main()` as the console script does, and reports the collector's state from inside the
# command (the store is opened there, after start-up) and after `main` has returned.
PROBE = """
import gc, json, sys
import cli.state
from cli.main import main

inside = []
opened = cli.state.open_ledger

def probing(ctx, *, create):
    inside.append({"enabled": gc.isenabled(), "frozen": gc.get_freeze_count()})
    return opened(ctx, create=create)

cli.state.open_ledger = probing
sys.argv = ["campaign", *sys.argv[1:]]
try:
    main()
except SystemExit as done:
    code = done.code
print(json.dumps({"code": code, "inside": inside, "after": gc.isenabled()}), file=sys.stderr)
"""


def _probe(*args: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, check=False
    )
    return json.loads(done.stderr.strip().splitlines()[-1])


@pytest.mark.subprocess
def test_a_command_runs_with_the_collector_on_and_start_up_frozen(tmp_path):
    db = str(tmp_path / "campaign.db")
    assert _probe("--db", db, "session", "1")["code"] in (0, None)
    seen = _probe("--db", db, "note", "the rats squeak")
    assert seen["code"] in (0, None)
    assert seen["inside"], "the command never opened its store"
    assert all(state["enabled"] for state in seen["inside"])
    assert all(state["frozen"] > 10_000 for state in seen["inside"])  # modules, classes, …
    assert seen["after"] is True


@pytest.mark.subprocess
def test_a_command_that_stops_early_leaves_the_collector_on(tmp_path):
    seen = _probe("--version")
    assert seen["code"] in (0, None)
    assert seen["inside"] == []
    assert seen["after"] is True


def test_a_process_already_running_freezes_nothing(campaign, tmp_path):
    db = str(tmp_path / "campaign.db")
    before = gc.get_freeze_count()
    assert campaign("--db", db, "session", "1").exit_code == 0
    assert campaign("--db", db, "note", "the rats squeak").exit_code == 0
    assert gc.isenabled()
    assert gc.get_freeze_count() == before
