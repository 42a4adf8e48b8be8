"""The report: one Markdown table of the rows, and the machine it was measured on."""

from __future__ import annotations

import os
import platform
import sqlite3
from pathlib import Path

from benchmarks.measure import Row


def fmt(value: float, unit: str) -> str:
    if unit == "KB":
        return f"{value / 1024:,.0f} MB"
    if unit == "B":
        return f"{value / 1_000_000:,.1f} MB" if value >= 1_000_000 else f"{value / 1000:,.0f} kB"
    if value < 0.01:
        return f"{value * 1000:,.2f} ms"
    if value < 1:
        return f"{value * 1000:,.1f} ms" if value < 0.1 else f"{value * 1000:,.0f} ms"
    return f"{value:,.2f} s"


def table(rows: list[Row]) -> str:
    lines = [
        "| benchmark | measured | | baseline | | ratio | target | met |",
        "|---|---|--:|---|--:|--:|--:|---|",
    ]
    for r in rows:
        target = "—" if r.target is None else f"≤ {r.target:g}×"
        met = "—" if r.met is None else ("yes" if r.met else "**no**")
        lines.append(
            f"| {r.bench} | {r.what} | {fmt(r.measured, r.unit)} | {r.baseline_what} | "
            f"{fmt(r.baseline, r.unit)} | {r.ratio:,.2f}× | {target} | {met} |"
        )
    return "\n".join(lines)


def machine() -> str:
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    from importlib.metadata import version

    libs = ", ".join(f"{p} {version(p)}" for p in ("eventsourcing", "typer", "rich", "sqlalchemy"))
    return (
        f"machine: {os.cpu_count()} CPUs ({model}), {platform.system()} {platform.release()}; "
        f"Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}; {libs}"
    )
