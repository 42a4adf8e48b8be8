"""B8, the report of a big campaign: `campaign report -o FILE` against `history --json` of the
same store (what both read is the whole history; the report adds the recap's words, the state
at each session's end, the charts), the page's size per event, and the report's peak memory on
a campaign five times longer (docs/PERFORMANCE.md)."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

from benchmarks.harness import Harness
from benchmarks.measure import CAMPAIGN, ROOT, Row, medians, run
from benchmarks.memory import peak_rss
from benchmarks.stores import positions


def b8(h: Harness) -> list[Row]:
    """B8: the report's time against `history --json`, its size, its peak RSS on the store of
    B2 (five files) against the one-file store."""
    small = h.stores.series(1)
    big = h.stores.series(h.sizes.rebuild_files)
    n_small, n_big = positions(small), positions(big)
    page = h.stores.scratch / "report.html"
    json_out = h.stores.scratch / "history.json"

    def proc(db: Path, *words: str) -> Callable[[], float]:
        return lambda: run([CAMPAIGN, "--db", str(db), *words], h.env)

    report = proc(small, "report", "-o", str(page))
    history = proc(small, "history", "--json")
    for warm in (report, history):
        warm()  # bytecode written, the store in the page cache, the checkpoints taken
    t_report, t_json = medians(h.sizes.repeats, report, history)
    size = page.stat().st_size
    with open(json_out, "wb") as out:  # the history's own size, for scale
        subprocess.run(
            [CAMPAIGN, "--db", str(small), "history", "--json"], cwd=ROOT, env=h.env,
            stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.DEVNULL, check=True,
        )  # fmt: skip
    json_size = json_out.stat().st_size

    def rss(db: Path) -> Callable[[], float]:
        return lambda: peak_rss([CAMPAIGN, "--db", str(db), "report", "-o", str(page)], h.env)

    m_big, m_small = medians(h.sizes.memory_repeats, rss(big), rss(small))
    sessions = h.sizes.file_sessions
    h.facts.append(
        f"B8: the report of {n_small:,} events ({sessions} sessions) is {size:,} bytes, "
        f"{size / n_small:,.0f} bytes an event; `history --json` of them {json_size:,} bytes, "
        f"{json_size / n_small:,.0f} an event"
    )
    return [
        Row("B8 big report", f"`campaign report -o FILE`, {n_small:,} events ({sessions} "
            "sessions)", t_report, t_json, "s", 3.0, "`campaign history --json`"),
        Row("B8 big report", f"the report's file, {n_small:,} events", size, json_size, "B",
            None, "`campaign history --json` output"),
        Row("B8 big report", f"peak RSS `campaign report`, {n_big:,} events "
            f"({sessions * h.sizes.rebuild_files} sessions)", m_big, m_small, "KB", 1.5,
            f"the same, {n_small:,} events ({sessions} sessions)"),
    ]  # fmt: skip
