"""B7, long tables: the `history` table and the Markdown recap of a long campaign, against the
JSON and JSONL of the same store — what the commands read is the same, only the drawing
differs — and the figures of `stats`, against the same JSON. Each is a process whose output is
not a terminal (no colours, 80 columns), as with `campaign history | less`."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Callable

from benchmarks.harness import Harness
from benchmarks.measure import CAMPAIGN, ROOT, BenchError, Row, medians, run
from benchmarks.stores import positions


def first_output(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds to ``cmd``'s first bytes on its stdout (a pipe), and to its end."""
    started = time.perf_counter()
    with subprocess.Popen(
        cmd, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    ) as process:  # fmt: skip
        assert process.stdout is not None
        fd = process.stdout.fileno()
        first = os.read(fd, 65536)
        at_first = time.perf_counter() - started
        while os.read(fd, 1 << 20):
            pass
        if process.wait() != 0 or not first:
            raise BenchError(f"`{' '.join(cmd[:6])}…` exited {process.returncode}")
    return at_first, time.perf_counter() - started


def b7(h: Harness) -> list[Row]:
    """B7, long tables: `history` against `history --json`, `export --format markdown` against
    `export --format jsonl`, how soon the table's first line is out, and `stats --json` (every
    session's figures, the state folded to each session's end) against `history --json`."""
    db = h.stores.series(h.sizes.table_files)
    events = positions(db)
    env = {**h.env, "COLUMNS": "80", "LINES": "25"}  # as a pipe has them: no terminal
    env.pop("FORCE_COLOR", None)
    coloured = {**env, "FORCE_COLOR": "1"}  # as at a terminal: every style written

    def proc(*words: str, environment: dict[str, str] = env) -> Callable[[], float]:
        cmd = [CAMPAIGN, "--db", str(db), *words]
        return lambda: run(cmd, environment)

    table, json_, colours = (
        proc("history"),
        proc("history", "--json"),
        proc("history", environment=coloured),
    )
    markdown, jsonl = proc("export", "--format", "markdown"), proc("export", "--format", "jsonl")
    stats = proc("stats", "--json")
    for warm in (table, json_, markdown, stats):
        warm()  # bytecode written, the store in the page cache, the checkpoints taken
    k = h.sizes.repeats
    t_table, t_json, t_colours = medians(k, table, json_, colours)
    t_markdown, t_jsonl = medians(k, markdown, jsonl)
    t_stats, t_json_again = medians(k, stats, json_)
    history = [CAMPAIGN, "--db", str(db), "history"]
    t_first = medians(k, lambda: first_output(history, env)[0])[0]
    n = f"{events:,} events"
    return [
        Row("B7 long tables", f"`campaign history`, {n}, 80 columns, not a terminal", t_table,
            t_json, "s", 2.0, "`campaign history --json`"),
        Row("B7 long tables", f"`campaign export --format markdown`, {n}", t_markdown, t_jsonl,
            "s", 2.0, "`campaign export --format jsonl`"),
        Row("B7 long tables", f"`campaign history` with colours (`FORCE_COLOR`), {n}", t_colours,
            t_json, "s", None, "`campaign history --json`"),
        Row("B7 long tables", f"the first line of `campaign history`, {n}", t_first, t_json,
            "s", None, "the whole `campaign history --json`"),
        Row("B7 long tables", f"`campaign stats --json`, {n}", t_stats, t_json_again, "s", None,
            "`campaign history --json`"),
    ]  # fmt: skip
