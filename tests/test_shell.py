"""Given the interactive console, when the GM types commands, then they run as `campaign …`
would, an error is reported and the console goes on, and `exit` leaves."""

import json


def test_the_shell_runs_logging_and_reading_commands_and_survives_errors(
    campaign, tmp_path, monkeypatch
):
    monkeypatch.setenv("CAMPAIGN_SHELL_HISTORY", str(tmp_path / "history"))
    db = str(tmp_path / "campaign.db")
    typed = "\n".join(
        [
            "session 1",
            'note "the rats squeak"',
            "encounter start hall",
            "encounter group hall rats --count 3 --morale 6",
            "casualty hall rats 9",  # impossible: reported, nothing written
            "adjust hall rats -1 --reason torchlight",
            'note "unclosed',
            "status --json",
            "exit",
            "note never",
        ]
    )
    from typer.testing import CliRunner

    from cli.main import app

    result = CliRunner().invoke(app, ["--db", db, "shell"], input=typed + "\n")
    assert result.exit_code == 0, result.output
    assert "rats has 3 members able to fight" in result.stderr
    assert "unclosed" in result.stderr
    status = json.loads(result.stdout[result.stdout.index("{") :].splitlines()[0])
    (rats,) = status["encounters"][0]["groups"]
    assert (rats["killed"], rats["adjustment"]) == (0, -1)
    notes = json.loads(campaign("--db", db, "history", "--json").stdout)["events"]
    assert [e["note"] for e in notes if e["kind"] == "note-recorded"] == ["the rats squeak"]
