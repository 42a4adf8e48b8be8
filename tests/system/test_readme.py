"""The README's first screen keeps its promises: two commands, the test one is what CI runs."""

import re
from pathlib import Path

import pytest

from tests.paths import ROOT


def _first_screen_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    first_screen = "\n".join(text.splitlines()[:40])
    block = re.search(r"```bash\n(.*?)```", first_screen, re.S)
    assert block, "the README's first screen has no bash block"
    return [line for line in block.group(1).splitlines() if line and not line.startswith("#")]


def test_two_commands_on_the_first_screen():
    run, test = _first_screen_commands()
    assert "campaign" in run
    assert "pytest" in test


def test_ci_runs_the_readme_test_command():
    _, test = _first_screen_commands()
    assert test in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_run_command_script_exists():
    run, _ = _first_screen_commands()
    for word in run.split():
        if word.startswith("examples/"):
            assert (ROOT / word).is_file(), word


@pytest.mark.subprocess
def test_the_at_the_table_transcript_runs_as_shown(tmp_path):
    # typed in order into a new store, each command prints what the README shows (it skipped
    # the encounter's two lines, so its `casualty` was refused: no encounter 'ford')
    import shlex
    import subprocess
    import sys

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## At the table") :]
    block = re.search(r"```console\n(.*?)```", section, re.S)
    assert block, "no transcript under 'At the table'"
    steps: list[tuple[str, list[str]]] = []
    for line in block.group(1).splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        else:
            steps[-1][1].append(line)
    assert len(steps) >= 4
    campaign = str(Path(sys.executable).with_name("campaign"))
    for command, shown in steps:
        words = shlex.split(command)
        assert words[0] == "campaign", command
        done = subprocess.run(
            [campaign, *words[1:]], cwd=tmp_path, capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, (command, done.stderr)
        assert done.stdout.splitlines() == shown, command
