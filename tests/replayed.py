"""A SQLite store made by replaying a session log, through the CLI as a GM would."""

from pathlib import Path

from typer.testing import CliRunner

from cli.main import app


def replayed(tmp_path: Path, log_text: str) -> str:
    """The store (a file under ``tmp_path``) that ``log_text`` replays to."""
    log = tmp_path / "sessions.log"
    log.write_text(log_text)
    db = str(tmp_path / "campaign.db")
    result = CliRunner().invoke(app, ["--db", db, "replay", str(log)])
    assert result.exit_code == 0, result.output
    return db
