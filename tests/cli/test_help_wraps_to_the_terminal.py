"""Every ``--help`` wraps to the terminal's width, not where a docstring's source lines end: at
60 and at 160 columns no line is wider than the terminal, and no sentence of a command's text or
of a group's list of commands is broken before the end of the line it could have gone on (a hard
newline). The list of flaws ``rules trait --help`` appends wraps too at a terminal, each
line under its own indent; piped, its lines are kept whole, for ``grep`` (docs/cli.md)."""

import itertools
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from campaign.rules import d6harmonie
from cli.main import app

ROOT = typer.main.get_command(app)
CAMPAIGN = str(Path(sys.executable).with_name("campaign"))


def _paths(group, prefix=(), ctx=None):
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        yield (*prefix, name)
        if hasattr(command, "list_commands"):
            yield from _paths(command, (*prefix, name), typer.Context(command))


PATHS = [(), *_paths(ROOT, ctx=typer.Context(ROOT))]


def _help(width, *words):
    result = CliRunner().invoke(app, [*words, "--help"], env={"COLUMNS": str(width)})
    assert result.exit_code == 0, (words, result.output)
    return result.stdout.splitlines()


def _first_word(line):
    return line.split()[0]


def _prose_breaks(lines, width):
    """The command's own text (between its usage and the first panel): line pairs of one
    paragraph where the next line's first word would have fitted on the line before."""
    text = lines[: next((i for i, line in enumerate(lines) if line.startswith("╭")), len(lines))]
    broken = []
    for before, after in itertools.pairwise(text):
        if not before.strip() or not after.strip() or "Usage:" in before:
            continue
        # one space of padding on either side: a line's text ends by column width - 1
        if len(before.rstrip()) + 1 + len(_first_word(after)) <= width - 1:
            broken.append((before.strip(), after.strip()))
    return broken


def _listing_breaks(lines):
    """In a Commands panel: a command's summary that goes on to the next row although the next
    row's first word would have fitted in the row before."""
    broken, inside = [], False
    for before, after in itertools.pairwise(lines):
        if before.startswith("╭"):
            inside = "Commands" in before
            continue
        if not inside or not (before.startswith("│") and after.startswith("│")):
            continue
        row, following = before[1:-1], after[1:-1]
        column = len(row) - len(row.lstrip()) + len(row.split()[0]) if row.strip() else 0
        if not following[:column].strip() and following.strip():  # a continuation
            name_and_summary = row.rstrip()
            if len(name_and_summary) + 1 + len(_first_word(following)) <= len(row) - 1:
                broken.append((row.strip(), following.strip()))
    return broken


@pytest.mark.parametrize("width", [60, 160])
def test_every_help_wraps_at_the_width(width):
    for path in PATHS:
        lines = _help(width, *path)
        # what Typer draws; the list of flaws after it is kept whole when piped, as here
        drawn = max(i for i, line in enumerate(lines) if line.startswith("╰"))
        wide = [line for line in lines[: drawn + 1] if len(line) > width]
        assert not wide, (path, wide)
        assert not _prose_breaks(lines, width), (path, _prose_breaks(lines, width))
        assert not _listing_breaks(lines), (path, _listing_breaks(lines))


def _at_a_terminal(width, *words):
    """``campaign WORDS… --help`` at a terminal (a pseudo-terminal) of ``width`` columns: its
    lines, without the terminal's styles."""
    main, secondary = pty.openpty()
    env = {**os.environ, "COLUMNS": str(width), "NO_COLOR": "1"}
    with subprocess.Popen([CAMPAIGN, *words, "--help"], stdout=secondary, env=env) as process:
        os.close(secondary)
        said = []
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the terminal closed: the process has ended
                break
            if not chunk:
                break
            said.append(chunk)
        assert process.wait(timeout=60) == 0
    os.close(main)
    text = re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", b"".join(said).decode("utf-8"))
    return text.replace("\r\n", "\n").splitlines()


@pytest.mark.subprocess
def test_at_a_terminal_the_flaws_triggers_wrap_at_the_width():
    keys = [trait.key for trait in d6harmonie.FLAWS if trait.triggers]
    long = ("rules", "trait", "bad-habit-miser")
    for width, words in [
        *((60, ("rules", "trait", key)) for key in keys),
        (60, ("rules", "trait")),
        (160, ("rules", "trait")),
        (160, long),
    ]:
        lines = _at_a_terminal(width, *words)
        wide = [line for line in lines if len(line) > width]
        assert not wide, (width, words, wide)
    # a flaw's line goes on under its own indent: the list still reads one trigger a line
    lines = _at_a_terminal(60, *long)
    pay = next(i for i, line in enumerate(lines) if line.startswith("    pay (default): "))
    assert lines[pay + 1].startswith("      ") and "options:" in lines[pay + 2]


def test_piped_a_flaws_line_is_kept_whole():
    result = CliRunner().invoke(
        app, ["rules", "trait", "heavy-sleeper", "--help"], env={"COLUMNS": "60"}
    )
    expected = "short-night (default): slept less than eight consecutive hours in the night"
    assert any(line.strip().startswith(expected) for line in result.stdout.splitlines())
