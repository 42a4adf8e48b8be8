"""README.md keeps its promises: one page, two commands on its first screen (the test one is
what CI runs), and a first session that runs as shown."""

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.paths import ROOT

README = ROOT / "README.md"
MAX_BYTES = 8192  # a page a newcomer reads whole: what grows goes to docs/, with a link
RUN = "python3 -m venv .venv && .venv/bin/pip install -q . && examples/play.sh .venv/bin/campaign"
TEST = (
    "python3 -m venv .venv && .venv/bin/pip install -q -e '.[dev]' && "
    ".venv/bin/python -m pytest -n auto"
)


def _text() -> str:
    return README.read_text(encoding="utf-8")


def _first_screen_commands() -> list[str]:
    first_screen = "\n".join(_text().splitlines()[:40])
    block = re.search(r"```bash\n(.*?)```", first_screen, re.S)
    assert block, "the README's first screen has no bash block"
    return [line for line in block.group(1).splitlines() if line and not line.startswith("#")]


def test_the_readme_is_under_8_kb():
    assert len(README.read_bytes()) < MAX_BYTES


def test_two_commands_on_the_first_screen():
    assert _first_screen_commands() == [RUN, TEST]


def test_ci_runs_the_readme_test_command():
    _, test = _first_screen_commands()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    # the whole command, not a prefix of a longer one (`-n auto -m "not slow"` would not do)
    assert re.search(re.escape(test) + r"\s*($|;|&&|\|\||#)", ci, re.M), (
        "CI runs another test command"
    )


def test_the_run_command_script_exists():
    run, _ = _first_screen_commands()
    for word in run.split():
        if word.startswith("examples/"):
            assert (ROOT / word).is_file(), word


def test_the_readme_shows_the_fast_tier_and_links_the_cli_page():
    text = _text()
    assert '`.venv/bin/python -m pytest -n auto -m "not slow"`' in text
    assert "(docs/cli.md)" in text


def _transcript() -> list[tuple[str, list[str]]]:
    section = _text()[_text().index("## At the table") :]
    block = re.search(r"```console\n(.*?)```", section, re.S)
    assert block, "no transcript under 'At the table'"
    steps: list[tuple[str, list[str]]] = []
    for line in block.group(1).splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        else:
            steps[-1][1].append(line)
    return steps


@pytest.mark.subprocess
def test_the_first_session_runs_as_shown(tmp_path):
    # typed in order into a new store in an empty directory, each command prints what the
    # README.md shows (tables 80 columns wide; Markdown keeps no trailing blanks, so neither do we)
    steps = _transcript()
    assert 8 <= len(steps) <= 12, "about ten commands"
    campaign = str(Path(sys.executable).with_name("campaign"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("CAMPAIGN_")}
    env.update(COLUMNS="80", NO_COLOR="1")
    for command, shown in steps:
        words = shlex.split(command)
        assert words[0] == "campaign", command
        done = subprocess.run(
            [campaign, *words[1:]],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, (command, done.stderr)
        printed = [line.rstrip() for line in done.stdout.splitlines()]
        assert printed == shown, command
