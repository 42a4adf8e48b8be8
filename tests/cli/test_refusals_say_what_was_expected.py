"""Given input the tracker refuses, then it says what was expected:
a command group given alone names its subcommands, in a log and in the shell, not Click's
"Missing command."; a blank loyalty reason says what a reason looks like, as the other blank
reasons do; a file that is no jsonl export is bad input to `verify --file` (exit 2), not a
history broken at its first line (exit 1)."""

from __future__ import annotations

from typer.testing import CliRunner

from cli.main import app
from tests.service.test_verify import cli

SUBCOMMANDS = "one of hire, modifier, recover, reinforce, dismiss"


def test_a_group_alone_in_a_log_names_its_subcommands(tmp_path):
    log = tmp_path / "one.log"
    log.write_text("#! campaign-log 1\nsession 1\ncompany\n")
    db = tmp_path / "campaign.db"
    result = cli("--db", str(db), "replay", str(log))
    assert result.exit_code == 2, result.output
    said = " ".join(result.stderr.split())
    assert f"{log}:3: company: a subcommand is missing: {SUBCOMMANDS}" in said, said
    assert not db.exists()


def test_a_group_alone_in_the_shell_names_its_subcommands(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPAIGN_SHELL_HISTORY", str(tmp_path / "history"))
    db = str(tmp_path / "campaign.db")
    result = CliRunner().invoke(app, ["--db", db, "shell"], input="company\nexit\n")
    assert result.exit_code == 2, result.output
    assert f"a subcommand is missing: {SUBCOMMANDS}" in " ".join(result.stderr.split())


def test_a_blank_loyalty_reason_says_what_is_expected(tmp_path):
    db = str(tmp_path / "campaign.db")
    for words in (
        ["session", "1"],
        ["character", "create", "pc"],
        ["character", "create", "rr", "--retainer-of", "pc", "--employer-cha", "10",
         "--hiring-roll", "3,4"],
    ):  # fmt: skip
        assert cli("--db", db, *words).exit_code == 0
    result = cli("--db", db, "character", "loyalty-modifier", "rr", "+1", "--reason", " ")
    assert result.exit_code == 2, result.output
    said = " ".join(result.stderr.split())
    assert "--reason: ' ' is blank: a loyalty modifier needs a reason; expected a reason" in said


def test_verify_file_of_a_session_log_is_bad_input(tmp_path):
    log = tmp_path / "one.log"
    log.write_text("#! campaign-log 1\nsession 1\nnote hello\n")
    result = cli("verify", "--file", str(log))
    assert result.exit_code == 2, result.output
    said = " ".join(result.stderr.split())
    assert f"{log}: no line is a JSON object, so it is no jsonl export" in said, said


def test_retract_after_session_end_says_why_it_cannot_be_undone(tmp_path):
    db = str(tmp_path / "campaign.db")
    assert cli("--db", db, "init").exit_code == 0
    result = cli("--db", db, "retract", "last")  # no session ever: the plain message
    assert result.exit_code == 2
    assert "open one first with `campaign session N`" in result.stderr
    for words in (["session", "1"], ["note", "a"], ["session", "end"]):
        assert cli("--db", db, *words).exit_code == 0
    result = cli("--db", db, "retract", "last")
    assert result.exit_code == 2, result.output
    said = " ".join(result.stderr.split())
    assert "a `session end` cannot be withdrawn (an ended session is never reopened)" in said


def test_a_recovery_or_a_casualty_with_nobody_to_count_says_what_must_come_first(tmp_path):
    # what must come first, not "0 to recover: k has 0 incapacitated; expected none"
    db = str(tmp_path / "campaign.db")
    for words in (["session", "1"], ["company", "hire", "k", "--troop", "trained", "--size", "2"]):
        assert cli("--db", db, *words).exit_code == 0
    for n in ("0", "1"):
        result = cli("--db", db, "company", "recover", "k", n)
        assert result.exit_code == 2, result.output
        said = " ".join(result.stderr.split())
        assert "expected a member incapacitated first (casualty E H N --incapacitated)" in said
        assert "expected none" not in said
