"""A script piped into `campaign shell` has each error name its line, as a replay names a log's
(`stdin:6: adjust e1 orcs -1: Missing option '--reason'.`): in an evening's script of 200 lines
the GM must tell which were refused, while the lines around them are recorded. At a terminal the
GM sees the line typed, and the error is said without a line."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.console import PROMPT, Console

pytestmark = pytest.mark.subprocess

CAMPAIGN = str(Path(sys.executable).with_name("campaign"))
SCRIPT = (
    "session 1\n"
    "encounter start e1\n"
    "\n"
    "# the orcs\n"
    "encounter group e1 orcs --count 5 --morale 7\n"
    "adjust e1 orcs -1\n"
    "casualty e1 orcs x\n"
    "note done\n"
    'note "unclosed\n'
    f"note {'y' * 300} extra\n"
)


def test_each_error_of_a_piped_script_names_its_line(tmp_path):
    done = subprocess.run(
        [CAMPAIGN, "--db", str(tmp_path / "c.db"), "shell"], input=SCRIPT, capture_output=True,
        text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2
    errors = done.stderr.splitlines()
    assert errors[0] == "error: stdin:6: adjust e1 orcs -1: Missing option '--reason'."
    assert errors[1].startswith("error: stdin:7: casualty e1 orcs x: Invalid value for 'n'")
    assert errors[2].startswith('error: stdin:9: note "unclosed: unclosed " quote at column 6')
    assert errors[3].startswith(f"error: stdin:10: note {'y' * 150}")
    assert errors[3].endswith("…: Got unexpected extra argument(s) (extra)")  # the line cut
    assert len(errors) == 4
    assert done.stdout.splitlines()[-1] == "noted"  # the lines around them were recorded


def test_at_a_terminal_an_error_is_said_without_a_line(tmp_path):
    console = Console([CAMPAIGN, "--db", str(tmp_path / "c.db"), "shell"], dict(os.environ))
    try:
        console.prompts(1)
        console.send("session 1\n")
        console.prompts(2)
        console.send("adjust e1 orcs -1\n")
        console.prompts(3)
        assert console.end() == 2
        error = console.process.stderr.read()
    finally:
        console.close()
    assert "no campaign store" in error  # started on a new store: said at once
    assert error.splitlines()[-1] == "error: Missing option '--reason'."
    assert console.said.startswith(f"{PROMPT}session 1 opened\n{PROMPT}")
