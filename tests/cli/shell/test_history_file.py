"""`campaign shell`'s history file (``CAMPAIGN_SHELL_HISTORY``): what a GM typed at a terminal,
the last 1,000 lines. A script piped in neither reads it nor writes it, and a second shell in one
process does not write the file back twice (written back so, it would double at each such shell,
and a shell starting on it take gigabytes before its first line)."""

import os
import pty
import select
import subprocess
import sys
import termios
import textwrap
from pathlib import Path

import pytest

from tests.console import PROMPT

pytestmark = pytest.mark.subprocess

CAMPAIGN = str(Path(sys.executable).with_name("campaign"))


def _env(history: Path) -> dict[str, str]:
    return {**os.environ, "CAMPAIGN_SHELL_HISTORY": str(history)}


def _at_a_terminal(db: str, history: Path, typed: list[str]) -> None:
    """The shell with its input and output on a terminal, as a GM has it (readline edits a line,
    and keeps it, only when both are), each line typed at a prompt, then Ctrl-D."""
    terminal, line = pty.openpty()
    attributes = termios.tcgetattr(line)
    attributes[3] &= ~termios.ECHO
    termios.tcsetattr(line, termios.TCSANOW, attributes)
    process = subprocess.Popen(
        [CAMPAIGN, "--db", db, "shell"], env=_env(history), stdin=line, stdout=line,
        stderr=subprocess.PIPE,
    )  # fmt: skip
    os.close(line)
    said = b""
    try:
        for count, text in enumerate([*typed, "\x04"], start=1):
            while said.count(PROMPT.encode()) < count:
                ready, _, _ = select.select([terminal], [], [], 60)
                assert ready, said
                said += os.read(terminal, 4096)
            os.write(terminal, text.encode() + (b"\n" if text != "\x04" else b""))
        assert process.wait(60) == 0, process.stderr.read()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(terminal)


def test_a_script_piped_in_neither_reads_nor_writes_the_history(tmp_path):
    history = tmp_path / "history"
    db = str(tmp_path / "c.db")
    piped = subprocess.run(
        [CAMPAIGN, "--db", db, "shell"], input="session 1\nnote hi\n", env=_env(history),
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert piped.returncode == 0, piped.stderr
    assert not history.exists()

    history.write_text("status\n")
    piped = subprocess.run(
        [CAMPAIGN, "--db", db, "shell"], input="note again\n", env=_env(history),
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert piped.returncode == 0, piped.stderr
    assert history.read_text() == "status\n"


def test_at_a_terminal_the_lines_typed_are_added_and_the_file_keeps_the_last_thousand(tmp_path):
    history = tmp_path / "history"
    history.write_text("".join(f"note old-{number}\n" for number in range(1500)))
    db = str(tmp_path / "c.db")
    _at_a_terminal(db, history, ["session 1", "note new"])
    lines = history.read_text().splitlines()
    assert len(lines) == 1000
    assert lines[-2:] == ["session 1", "note new"]
    assert lines[:-2] == [f"note old-{number}" for number in range(502, 1500)]


def test_a_history_file_too_large_to_read_is_read_from_its_tail(tmp_path):
    # 1.8 MB of lines (more than the 256 KiB read whole): the last thousand are kept
    history = tmp_path / "history"
    history.write_text("".join(f"note line-{number:07d}\n" for number in range(100_000)))
    assert history.stat().st_size > 1_000_000
    db = str(tmp_path / "c.db")
    _at_a_terminal(db, history, ["session 1"])
    lines = history.read_text().splitlines()
    assert len(lines) == 1000
    assert lines[-1] == "session 1"
    assert lines[:-1] == [f"note line-{number:07d}" for number in range(100_000 - 999, 100_000)]


def test_two_shells_in_one_process_write_the_history_once(tmp_path):
    # readline's history lives as long as the process: a second shell reading the file into
    # it again would write both copies back
    history = tmp_path / "history"
    history.write_text("note a\nnote b\n")
    script = textwrap.dedent(
        """
        import readline, typer
        from cli.main import app
        from cli import shell
        root = typer.main.get_command(app).make_context("campaign", ["shell"])
        for _ in range(3):
            shell._readline(shell.Completer(root))
            readline.add_history("note typed")
            shell._save_history()
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], env=_env(history), capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert history.read_text().splitlines() == ["note a", "note b", *["note typed"] * 3]
