"""`help` in `campaign shell` lists the commands the shell runs, and nothing else.

Given the shell, when the GM types `help`, then every command it runs is listed with its summary
— `handles` too — but not `shell` (refused inside it), nor the options given when it starts
(`--db`, `--gm`) or Typer's `--install-completion` and `--show-completion`.
"""

from typer.testing import CliRunner

from cli.main import COMMANDS, app


def test_help_in_the_shell_lists_the_shells_commands_only(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPAIGN_SHELL_HISTORY", str(tmp_path / "history"))
    result = CliRunner().invoke(app, ["--db", str(tmp_path / "c.db"), "shell"], input="help\n")
    assert result.exit_code == 0, result.output
    said = result.stdout
    listed = [line.strip("│ ").split(" ", 1)[0] for line in said.splitlines() if "│" in line]
    assert listed == [name for name in COMMANDS if name != "shell"]
    assert "handles" in listed
    for absent in ("--install-completion", "--show-completion", "--db", "--gm", "shell "):
        assert absent not in said
    assert "`help CMD` for one" in said
