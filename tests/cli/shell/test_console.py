"""Given the interactive console, when the GM types commands, then they run as `campaign …`
would, an error is reported and the console goes on, and `exit` leaves."""

import json
import shlex

import pytest


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
    assert result.exit_code == 2, result.output  # the first failure: `casualty … 9`
    assert "rats has 3 members able to fight" in result.stderr
    assert "unclosed" in result.stderr
    status = json.loads(result.stdout[result.stdout.index("{") :].splitlines()[0])
    (rats,) = status["encounters"][0]["groups"]
    assert (rats["killed"], rats["adjustment"]) == (0, -1)
    notes = json.loads(campaign("--db", db, "history", "--json").stdout)["events"]
    assert [e["note"] for e in notes if e["kind"] == "note-recorded"] == ["the rats squeak"]


def test_help_lists_the_commands_and_a_global_option_says_where_it_goes(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPAIGN_SHELL_HISTORY", str(tmp_path / "history"))
    from typer.testing import CliRunner

    from cli.main import app

    typed = "help\nhelp casualty\n? encounter start\n--db other.db status\nexit\n"
    result = CliRunner().invoke(app, ["--db", str(tmp_path / "c.db"), "shell"], input=typed)
    assert result.exit_code == 2, result.output  # `--db other.db status` is not a command
    assert "morale" in result.stdout and "`help CMD` for one" in result.stdout  # the list
    assert "Usage: campaign casualty" in result.stdout  # one command's help
    assert "Usage: campaign encounter start" in result.stdout
    assert "--db is set when the shell starts" in result.stderr
    assert "No such command" not in result.output
    assert not (tmp_path / "other.db").exists()


def test_version_and_help_answer_at_the_prompt_and_an_unknown_option_is_not_a_command(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("CAMPAIGN_SHELL_HISTORY", str(tmp_path / "history"))
    from typer.testing import CliRunner

    from campaign import __version__
    from cli.main import app

    typed = "--version\n--help\n--frob\n--gm=ann\nexit\n"
    result = CliRunner().invoke(app, ["--db", str(tmp_path / "c.db"), "shell"], input=typed)
    assert result.exit_code == 2, result.output  # `--frob`
    assert f"campaign-ledger {__version__}" in result.stdout
    assert "`help CMD` for one" in result.stdout  # --help lists the commands, as `help` does
    assert "error: stdin:3: --frob: --frob is not a command" in result.stderr  # its line
    assert "--gm is set when the shell starts" in result.stderr
    assert "--version is set" not in result.stderr and "--help is set" not in result.stderr


def test_a_shell_left_with_nothing_recorded_leaves_no_new_store(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPAIGN_SHELL_HISTORY", str(tmp_path / "history"))
    from typer.testing import CliRunner

    from cli.main import app

    db = tmp_path / "c.db"
    left = CliRunner().invoke(app, ["--db", str(db), "shell"], input="status\nnote early\nexit\n")
    # the first line that failed: `status`, told that no campaign store is there yet (exit 1),
    # as outside the shell; then `note early`: no session is open
    assert left.exit_code == 1, left.output
    assert "no campaign store at" in left.output and "no session is open" in left.output
    assert not db.exists()  # a reading command and a refused one recorded nothing
    kept = CliRunner().invoke(app, ["--db", str(db), "shell"], input="session 1\nexit\n")
    assert kept.exit_code == 0 and db.exists()
    again = CliRunner().invoke(app, ["--db", str(db), "shell"], input="exit\n")
    assert again.exit_code == 0 and db.exists()  # a store that was there stays


def test_an_unexpected_error_or_ctrl_c_in_a_command_leaves_the_console_open(tmp_path, monkeypatch):
    # another process rebuilding the read models drops their tables for a moment: a reading
    # command in the shell may meet "no such table", which ends that command, not the console
    # with a traceback; Ctrl-C during a command ends that command only
    from typer.testing import CliRunner

    import campaign.service.queries
    from cli.main import app

    monkeypatch.setenv("CAMPAIGN_SHELL_HISTORY", str(tmp_path / "history"))
    real = campaign.service.queries.Queries.history_rows
    calls = iter([RuntimeError("no such table: view_timeline"), KeyboardInterrupt()])

    def flaky(*args, **kwargs):
        failure = next(calls, None)
        if failure is not None:
            raise failure
        return real(*args, **kwargs)

    monkeypatch.setattr(campaign.service.queries.Queries, "history_rows", flaky)
    typed = "session 1\nnote one\nhistory --json\nhistory --json\nnote two\nhistory --json\nexit\n"
    result = CliRunner().invoke(app, ["--db", str(tmp_path / "c.db"), "shell"], input=typed)
    assert result.exit_code == 1, result.output  # the first failure: the read
    assert "error: stdin:3: history --json: RuntimeError: no such table: view_timeline" in (
        result.stderr
    )  # the script's line named
    assert "interrupted" in result.stderr
    shown = json.loads(result.stdout[result.stdout.index('{"events"') :].splitlines()[0])
    assert [e["note"] for e in shown["events"] if e["kind"] == "note-recorded"] == ["one", "two"]


SET_UP = [
    "session 1",
    "encounter start hall",
    "encounter group hall rats --count 3 --morale 6",
    "morale hall rats --roll 6,6 --ruling fight",  # the rules say flee: a finding (MOR001)
]


@pytest.mark.parametrize(
    ("line", "status"),
    [
        ("note hello", 0),
        ("casualty hall rats 9", 2),  # impossible input
        ("encounter frob", 2),  # not a command (Click's usage error)
        ("audit --strict", 3),  # a finding
    ],
)
def test_a_shell_exits_as_the_first_command_that_failed_would_have(
    campaign, tmp_path, monkeypatch, line, status
):
    # a script piped into the shell tells that a line failed by its exit status, not 0 whatever
    monkeypatch.setenv("CAMPAIGN_SHELL_HISTORY", str(tmp_path / "history"))
    alone = str(tmp_path / "alone.db")
    for words in SET_UP:
        assert campaign("--db", alone, *shlex.split(words)).exit_code == 0, words
    assert campaign("--db", alone, *shlex.split(line)).exit_code == status  # as a process

    typed = [*SET_UP, line, "note after", "casualty hall rats 9", "exit"]  # then another failure
    shell = campaign("--db", str(tmp_path / "shell.db"), "shell", input="\n".join(typed) + "\n")
    assert shell.exit_code == (status or 2), shell.output
    assert "note after" in campaign("--db", str(tmp_path / "shell.db"), "history").stdout


@pytest.mark.subprocess
def test_a_script_piped_in_gets_its_output_alone_and_a_terminal_gets_a_prompt(tmp_path):
    # `campaign shell < commands.txt > out.txt`: out.txt is what the commands said, as
    # sqlite3 and psql give it, with no `campaign> ` before each line's output
    import os
    import subprocess
    import sys
    from pathlib import Path

    from tests.console import PROMPT, Console

    campaign = str(Path(sys.executable).with_name("campaign"))
    env = {**os.environ, "CAMPAIGN_SHELL_HISTORY": str(tmp_path / "history")}
    db = str(tmp_path / "c.db")
    piped = subprocess.run(
        [campaign, "--db", db, "shell"], input="session 1\nnote hi\nstatus --json\n",
        env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert piped.returncode == 0, piped.stderr
    assert PROMPT not in piped.stdout + piped.stderr
    said = piped.stdout.splitlines()
    assert said[:2] == ["session 1 opened", "noted"], said
    assert json.loads("\n".join(said[2:]))["position"] == 3  # the status, nothing around it

    console = Console([campaign, "--db", db, "shell"], env)
    try:
        console.prompts(1)
        console.send("note again\n")
        console.prompts(2)
        assert console.end() == 0
        assert console.said == f"{PROMPT}noted\n{PROMPT}\n"  # Ctrl-D: off the prompt's line
    finally:
        console.close()


@pytest.mark.subprocess
def test_ctrl_c_at_a_piped_shell_adds_nothing_to_its_output(tmp_path):
    # at a terminal Ctrl-C at the prompt moves to a new line; with no prompt there is no line
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    campaign = str(Path(sys.executable).with_name("campaign"))
    env = {**os.environ, "CAMPAIGN_SHELL_HISTORY": str(tmp_path / "history")}
    shell = subprocess.Popen(
        [campaign, "--db", str(tmp_path / "c.db"), "shell"], env=env, text=True,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        shell.stdin.write("session 1\n")
        shell.stdin.flush()
        assert shell.stdout.readline() == "session 1 opened\n"
        time.sleep(0.5)  # back at its input
        shell.send_signal(signal.SIGINT)
        time.sleep(0.5)
        out, err = shell.communicate("note a\n", timeout=60)
    finally:
        if shell.poll() is None:
            shell.kill()
            shell.wait()
    assert (shell.returncode, out) == (0, "noted\n"), err
