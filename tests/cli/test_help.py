"""Every command answers ``--help`` and ``--version`` works (STYLE: a test walks all commands)."""

import subprocess
import sys

import pytest
import typer

from campaign import __version__
from cli.main import app


def _commands(group, ctx=None):
    """A group's commands, as Click resolves them (the root loads its modules on demand)."""
    names = group.list_commands(ctx) if ctx is not None else list(group.commands)
    return {name: group.get_command(ctx, name) for name in names}


def _command_paths(group, prefix=(), ctx=None):
    for name, command in _commands(group, ctx).items():
        path = (*prefix, name)
        yield path, command
        if hasattr(command, "commands"):
            yield from _command_paths(command, path)


def test_every_command_has_help(campaign):
    root = typer.main.get_command(app)
    found = list(_command_paths(root, ctx=typer.Context(root)))
    paths = [path for path, _ in found]
    assert ("rules", "morale") in paths and ("rules", "trait") in paths
    assert ("casualty",) in paths and ("company", "hire") in paths
    for path, command in found:
        result = campaign(*path, "--help")
        assert result.exit_code == 0, (path, result.output)
        assert "Usage" in result.output
        assert command.help, f"campaign {' '.join(path)} has no help text"
        if not hasattr(command, "commands"):  # a command, not a group: show how it is used
            assert "Example: campaign " in command.help, f"campaign {' '.join(path)}: no example"


def test_version(campaign):
    result = campaign("--version")
    assert result.exit_code == 0 and __version__ in result.stdout


@pytest.mark.subprocess
def test_console_script_runs_as_a_subprocess():
    # the real entry point, as a user runs it
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "from cli.main import main; main()",
            "rules",
            "ability-mod",
            "--score",
            "9",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert '"modifier": -1' in result.stdout


def test_every_logging_command_takes_a_note():
    # docs/log-language.md#notes: "Every logging command takes --note T" — `note T` itself
    # included.
    from cli.log_lines import LOG_COMMANDS

    root = typer.main.get_command(app)
    ctx = typer.Context(root)
    leaves = [
        (path, command)
        for path, command in _command_paths(root, ctx=ctx)
        if path[0] in LOG_COMMANDS and not hasattr(command, "commands")
    ]
    assert ("note",) in [path for path, _ in leaves] and len(leaves) > 20
    for path, command in leaves:
        options = {name for param in command.params for name in getattr(param, "opts", ())}
        assert "--note" in options, f"campaign {' '.join(path)} takes no --note"


def test_a_flag_shows_no_value_in_help_and_an_option_with_one_does(campaign):
    # Typer alone labels every flag `<bool>` (`--json <bool>`), as if it took a value, which
    # Click refuses (`--json true`: "unexpected extra argument"); a flag takes none
    root = typer.main.get_command(app)
    for path, command in _command_paths(root, ctx=typer.Context(root)):
        output = campaign(*path, "--help").output
        assert "<bool>" not in output, (path, output)
        for param in command.params:
            if getattr(param, "is_flag", False) or not param.opts[0].startswith("--"):
                continue
            rows = [line for line in output.splitlines() if line.startswith("│")]
            row = next(line for line in rows if f" {param.opts[0]} " in line)
            assert "<" in row or (param.metavar or "@") in row, (path, row)  # its value's label
