"""B6, at the table: a logging command typed into `campaign shell`, against the same command
run as a process."""

from __future__ import annotations

import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from benchmarks.harness import Harness
from benchmarks.measure import CAMPAIGN, ROOT, BenchError, Row, medians
from benchmarks.stores import positions

PROMPT = b"campaign> "
SHELL_WARM = 3  # commands sent to the shell before timing


def shell_latencies(
    db: Path, env: dict[str, str], lines: int, warm: int = SHELL_WARM
) -> list[float]:
    """Seconds from typing a logging command into ``campaign shell`` to its next prompt. The
    shell's input is a terminal (a pseudo-terminal, echo off), as at the table: it prompts only
    there."""
    import pty
    import termios

    terminal, line = pty.openpty()
    attributes = termios.tcgetattr(line)
    attributes[3] &= ~termios.ECHO
    termios.tcsetattr(line, termios.TCSANOW, attributes)
    with tempfile.TemporaryFile() as err:
        try:
            shell = subprocess.Popen(
                [CAMPAIGN, "--db", str(db), "shell"], cwd=ROOT, env=env,
                stdin=line, stdout=subprocess.PIPE, stderr=err,
            )  # fmt: skip
        finally:
            os.close(line)
        assert shell.stdout is not None
        fd = shell.stdout.fileno()

        def until_prompt() -> bytes:
            seen = b""
            while not seen.endswith(PROMPT):
                chunk = os.read(fd, 65536)
                if not chunk:
                    err.seek(0)
                    raise BenchError(f"campaign shell ended: {err.read().decode()[-300:]}")
                seen += chunk
            return seen

        try:
            until_prompt()
            times = []
            for n in range(warm + lines):
                started = time.perf_counter()
                os.write(terminal, f'note "at the table, line {n}"\n'.encode())
                until_prompt()
                if n >= warm:
                    times.append(time.perf_counter() - started)
            os.write(terminal, b"exit\n")
            shell.wait(timeout=60)
        finally:
            if shell.poll() is None:
                shell.kill()
                shell.wait()
            os.close(terminal)
        err.seek(0)
        errors = err.read().decode(errors="replace").strip()
        if "error" in errors:
            raise BenchError(f"campaign shell reported: {errors[-300:]}")
    return times


def b6(h: Harness) -> list[Row]:
    """B6, at the table: a `note` typed into `campaign shell`, against a live `note`."""
    live = h.live_store()
    before = positions(live)
    in_shell = shell_latencies(live, h.env, h.sizes.shell_lines)
    recorded = positions(live) - before
    if recorded != len(in_shell) + SHELL_WARM:
        raise BenchError(f"the shell recorded {recorded} notes, not {len(in_shell) + SHELL_WARM}")
    if h.live_note is None:
        h.note()  # warm
        (h.live_note,) = medians(h.sizes.startup_repeats, h.note)
    return [
        Row("B6 at the table", "`note …` inside `campaign shell` (median)",
            statistics.median(in_shell), h.live_note, "s", 0.10,
            "`campaign --db X note …`, a process")
    ]  # fmt: skip
