"""`campaign shell` on a path that holds no campaign (a typo'd --db): its reading commands are told
so, as outside the shell (docs/cli.md#stores: exit 1, saying how to create a store), not answered as
an empty campaign, which an `audit --strict` of the wrong file would pass and `verify` call
"intact"."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.console import PROMPT, Console

pytestmark = pytest.mark.subprocess

CAMPAIGN = str(Path(sys.executable).with_name("campaign"))
READING = ["status", "status --json", "history --json", "audit --strict", "verify", "modifiers"]


def _env(tmp_path):
    return {**os.environ, "CAMPAIGN_SHELL_HISTORY": str(tmp_path / "history")}


def _run(args, tmp_path, lines):
    return subprocess.run(
        [CAMPAIGN, *args], input="".join(f"{line}\n" for line in lines), env=_env(tmp_path),
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip


@pytest.mark.parametrize("line", READING)
def test_a_reading_command_in_a_shell_on_a_missing_store_is_told_as_outside(tmp_path, line):
    typo = str(tmp_path / "campaing.db")
    alone = _run(["--db", typo, *line.split()], tmp_path, [])
    assert alone.returncode == 1, alone.stdout + alone.stderr
    assert "no campaign store at" in alone.stderr

    shell = _run(["--db", typo, "shell"], tmp_path, [line])
    assert shell.returncode == alone.returncode, shell.stdout + shell.stderr
    assert shell.stdout == ""  # no empty campaign shown, no "no findings", no "intact: 0 events"
    # the same error, naming the script's line (stdin:1)
    assert shell.stderr == alone.stderr.replace("error: ", f"error: stdin:1: {line}: ", 1)
    assert not Path(typo).exists()  # and nothing left behind


def test_once_a_command_recorded_the_shell_reads_its_store(tmp_path):
    db = str(tmp_path / "c.db")
    shell = _run(["--db", db, "shell"], tmp_path, ["status --json", "session 1", "status --json"])
    assert shell.returncode == 1  # the first line's status: the store was not there yet
    assert shell.stderr.count("no campaign store at") == 1, shell.stderr
    said = shell.stdout.splitlines()
    assert said[0] == "session 1 opened"
    assert json.loads("\n".join(said[1:]))["position"] == 2  # session opened: read, not refused


def test_a_shell_on_an_existing_store_reads_it_at_once(tmp_path):
    db = str(tmp_path / "c.db")
    assert _run(["--db", db, "init"], tmp_path, []).returncode == 0
    shell = _run(["--db", db, "shell"], tmp_path, ["verify"])
    assert shell.returncode == 0, shell.stderr
    assert shell.stdout.startswith("intact"), shell.stdout
    assert "no campaign store" not in shell.stderr


def test_at_a_terminal_the_shell_says_at_once_that_no_store_is_there(tmp_path):
    typo = str(tmp_path / "campaing.db")
    console = Console([CAMPAIGN, "--db", typo, "shell"], _env(tmp_path))
    try:
        console.prompts(1)
        assert console.end() == 0
        error = console.process.stderr.read()
    finally:
        console.close()
    assert f"no campaign store at {typo} yet" in error, error
    assert "the first logging command makes it" in error

    db = str(tmp_path / "c.db")
    assert _run(["--db", db, "init"], tmp_path, []).returncode == 0
    console = Console([CAMPAIGN, "--db", db, "shell"], _env(tmp_path))
    try:
        console.prompts(1)
        assert console.end() == 0
        assert console.said == f"{PROMPT}\n"
        assert console.process.stderr.read() == ""
    finally:
        console.close()
