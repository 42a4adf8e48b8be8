"""Every command answers ``--help`` and ``--version`` works (STYLE: a test walks all commands)."""

import subprocess
import sys

import typer

from campaign import __version__
from cli.main import app


def _command_paths(group, prefix=()):
    for name, command in group.commands.items():
        path = (*prefix, name)
        yield path
        if hasattr(command, "commands"):
            yield from _command_paths(command, path)


def test_every_command_has_help(campaign):
    root = typer.main.get_command(app)
    paths = list(_command_paths(root))
    assert ("rules", "morale") in paths and ("rules", "trait") in paths
    for path in paths:
        result = campaign(*path, "--help")
        assert result.exit_code == 0, (path, result.output)
        assert "Usage" in result.output
        command = root
        for name in path:
            command = command.commands[name]
        assert command.help, f"campaign {' '.join(path)} has no help text"
        if not hasattr(command, "commands"):  # a command, not a group: show how it is used
            assert "Example: campaign " in command.help, f"campaign {' '.join(path)}: no example"


def test_version(campaign):
    result = campaign("--version")
    assert result.exit_code == 0 and __version__ in result.stdout


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
