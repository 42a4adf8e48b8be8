"""`campaign shell`: a busy store told as outside the shell, and Tab completion.

1. Given the writer lock held by another command, when a reading command is refused in the shell,
   then it says only to try again when it is done — as outside the shell — not that nothing was
   recorded (docs/RELIABILITY.md); a logging command still says so. The shell opens its store
   as a logging command does (it creates one), yet each command it runs there is told by its
   own kind: a reading command's busy message, and the shell's own when refused at its start,
   speak of no recording.
2. Given the GM presses Tab, then the word at the cursor is completed from the command tree: a
   command, a group's subcommand, a command's options — not the command names at every word.
"""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import typer

from cli.main import app
from cli.shell import Completer
from tests.console import Console

CAMPAIGN = str(Path(sys.executable).with_name("campaign"))
HOLD = """
import sys, time
from campaign.store import parse_store_url
with parse_store_url(sys.argv[1]).writer_lock():
    print("held", flush=True)
    time.sleep(float(sys.argv[2]))
"""


# 1. a busy store, told inside the shell as outside ---------------------------------------------


@pytest.fixture
def env(tmp_path):
    kept = {k: v for k, v in os.environ.items() if not k.startswith("CAMPAIGN_")}
    return {**kept, "CAMPAIGN_SHELL_HISTORY": str(tmp_path / "history")}


def _run(env, db, *words):
    return subprocess.run(
        [CAMPAIGN, "--db", db, *words], env=env, capture_output=True, text=True, timeout=120
    )


def _errors(stderr: str) -> list[str]:
    """The `error: …` messages, unwrapped (Rich wraps a long line at the pipe's 80 columns)."""
    return [f"error: {said.strip()}" for said in " ".join(stderr.split()).split("error: ")[1:]]


@pytest.fixture
def held(store_url, env):
    """``store_url`` with a session recorded, and a function that holds its writer lock from
    another process until the test ends."""
    assert _run(env, store_url, "session", "1").returncode == 0
    holders = []

    def hold():
        holder = subprocess.Popen(
            [sys.executable, "-c", HOLD, store_url, "60"], stdout=subprocess.PIPE, text=True
        )
        holders.append(holder)
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"

    yield hold
    for holder in holders:
        holder.kill()
        holder.wait()


@pytest.mark.subprocess
def test_a_reading_command_in_the_shell_is_told_as_outside_and_a_logging_one_too(
    store_url, env, held
):
    shell = Console([CAMPAIGN, "--db", store_url, "shell"], {**env, "CAMPAIGN_LOCK_TIMEOUT": "0.5"})
    try:
        shell.prompts(1)  # the shell has opened its store: now the lock
        held()
        shell.send("status --json\nhistory --json\nnote waits\nexit\n")
        assert shell.process.wait(60) == 1  # busy: the first command's status, as outside
        inside = _errors(shell.process.stderr.read())
    finally:
        shell.close()
    outside_env = {**env, "CAMPAIGN_LOCK_TIMEOUT": "0.5"}
    outside = [
        _errors(_run(outside_env, store_url, *words).stderr)[0]
        for words in (["status", "--json"], ["history", "--json"], ["note", "waits"])
    ]
    assert inside == outside
    status, history, note = inside
    assert "is busy: another command" in status and "try again when it is done" in status
    # "nothing was recorded — try again when it is done" is the logging command's alone
    assert "nothing was recorded" not in status and "nothing was recorded" not in history
    assert "nothing was recorded — try again when it is done" in note


@pytest.mark.subprocess
def test_a_shell_started_on_a_busy_store_says_only_to_try_again(store_url, env, held):
    # `printf 'status --json\n' | campaign shell` while a replay holds the lock
    held()
    busy = {**env, "CAMPAIGN_LOCK_TIMEOUT": "0.5"}
    shell = subprocess.run(
        [CAMPAIGN, "--db", store_url, "shell"],
        env=busy, input="status --json\nexit\n", capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    status = _run(busy, store_url, "status", "--json")
    assert shell.returncode == status.returncode == 1
    assert _errors(shell.stderr) == _errors(status.stderr)
    assert "nothing was recorded" not in shell.stderr  # it only reads
    assert "try again when it is done" in " ".join(shell.stderr.split())


# 2. completion at the word under the cursor ----------------------------------------------------


@pytest.fixture(scope="module")
def completer():
    root = typer.main.get_command(app).make_context("campaign", ["shell"])
    return Completer(root)


def offered(completer, line):
    text = "" if not line or line.endswith(" ") else line.split()[-1]
    return completer.completions(line, text)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # the first word: the commands (and only the first word)
        ("s", ["save", "session", "setting", "stats", "status"]),
        ("ex", ["exit", "export"]),
        ("h", ["handles", "help", "history"]),
        ("sh", []),  # `shell` in the shell is refused
        # after a group: its subcommands
        ("encounter s", ["start"]),
        ("encounter ", ["end", "group", "join", "rating", "start"]),
        ("projections r", ["rebuild", "run"]),
        ("character cr", ["create"]),
        ("company ", ["dismiss", "hire", "modifier", "recover", "reinforce"]),
        ("condition ", ["end"]),
        ("clock ", ["advance", "set"]),
        ("rules m", ["morale"]),
        ("  encounter   s", ["start"]),
        # after a command: its options for a word that starts with `-`, else nothing
        ("casualty ", []),
        ("casualty hall rats ", []),
        ("casualty hall rats 2 --", ["--cause", "--help", "--incapacitated", "--note"]),
        ("morale ", []),
        (
            "morale hall rats --",
            ["--cornered", "--help", "--note", "--roll", "--rolled", "--ruling"],
        ),
        ("morale hall rats --ro", ["--roll", "--rolled"]),
        ("encounter group hall rats --c", ["--count"]),
        ("encounter start hall --", ["--help", "--name", "--note"]),
        ("status --", ["--all", "--as-of", "--help", "--json"]),
        ("encounter --", ["--help"]),
        ("rules morale --j", ["--json"]),
        ("session e", []),  # `session` is a command (`end` is its argument), not a group
        # a group's word it does not know, and words that are no command: nothing
        ("encounter bogus ", []),
        ("encounter bogus --", []),
        ("bogus --", []),
        ("exit ", []),
        ("shell --", []),
        # at the first word only what the prompt answers: --db and --gm are refused in the
        # shell (they are set when it starts: tests/cli/shell/test_console.py)
        ("--", ["--help", "--version"]),
        ("--d", []),
        ("--g", []),
        # help CMD…: completed as the command would be
        ("help enc", ["encounter"]),
        ("help encounter s", ["start"]),
        ("? projections ", ["drop", "rebuild", "run", "status"]),
        ("help --", []),
    ],
)
def test_tab_completes_the_word_at_its_place(completer, line, expected):
    assert offered(completer, line) == expected


def test_the_first_word_offers_every_command_help_and_the_ways_out(completer):
    names = offered(completer, "")
    assert {"encounter", "casualty", "projections", "rules", "help", "exit", "quit"} <= set(names)
    assert "shell" not in names and names == sorted(names)


def test_readline_calls_the_completer_with_the_line_up_to_the_cursor(completer, monkeypatch):
    readline = pytest.importorskip("readline")
    line = "projections r"
    monkeypatch.setattr(readline, "get_line_buffer", lambda: line + "  # after the cursor")
    monkeypatch.setattr(readline, "get_endidx", lambda: len(line))
    said = []
    while (word := completer("r", len(said))) is not None:
        said.append(word)
    assert said == ["rebuild ", "run "]  # a whole word: the next one follows a space


def test_an_option_is_one_word_for_readline(completer, tmp_path, monkeypatch):
    # readline's default delimiters hold `-`: with them, `--co` would reach the completer as `co`
    readline = pytest.importorskip("readline")
    from cli import shell

    monkeypatch.setenv("CAMPAIGN_SHELL_HISTORY", str(tmp_path / "history"))
    before, delims = readline.get_completer(), readline.get_completer_delims()
    try:
        shell._readline(completer)
        assert readline.get_completer() is completer
        assert "-" not in readline.get_completer_delims()
    finally:
        readline.set_completer(before)
        readline.set_completer_delims(delims)


@pytest.mark.subprocess
def test_completion_builds_nothing_at_start_and_a_command_on_its_first_tab():
    # completion costs the shell's start nothing: a command's module is imported on the first
    # Tab after its name, not when the shell starts
    script = textwrap.dedent(
        """
        import sys, typer
        from cli.main import app
        from cli.shell import Completer
        root = typer.main.get_command(app).make_context("campaign", ["shell"])
        completer = Completer(root)
        assert completer.completions("enc", "enc") == ["encounter"]
        assert "cli.logging.encounters" not in sys.modules
        assert completer.completions("encounter s", "s") == ["start"]
        assert "cli.logging.encounters" in sys.modules
        assert "cli.reading" not in sys.modules
        print("ok")
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.stdout.strip() == "ok", done.stderr
