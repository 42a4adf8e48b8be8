"""What every benchmark measures with: the sizes, a result row, commands run as processes, and
medians of interleaved repeats (this machine is shared and noisy: only a ratio taken in one run
means anything)."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
CAMPAIGN = str(Path(sys.executable).with_name("campaign"))
SEED = 7


@dataclass(frozen=True)
class Sizes:
    file_sessions: int  # sessions per generated file
    session_events: int  # events per session (about): one file ≈ file_sessions × this
    rebuild_files: int  # B2's store: this many files
    big_files: int  # B5's big store (its small store is one file)
    long_company: int  # B4: the long company's events (the short one has 100)
    repeats: int  # k for the slow benchmarks
    startup_repeats: int  # k for the start-up benchmarks
    load_repeats: int  # k for loading an aggregate (milliseconds)
    memory_repeats: int  # k for peak RSS
    shell_lines: int  # commands timed inside `campaign shell`
    table_files: int  # B7's store: this many files (more than a table drawn whole)

    @property
    def file_events(self) -> int:
        return self.file_sessions * self.session_events


FULL = Sizes(
    file_sessions=100,
    session_events=200,
    rebuild_files=5,
    big_files=10,
    long_company=50_000,
    repeats=3,
    startup_repeats=7,
    load_repeats=21,
    memory_repeats=3,
    shell_lines=30,
    table_files=1,
)
QUICK = Sizes(
    file_sessions=5,
    session_events=200,
    rebuild_files=5,
    big_files=10,
    long_company=2_500,
    repeats=1,
    startup_repeats=3,
    load_repeats=5,
    memory_repeats=1,
    shell_lines=10,
    table_files=5,
)
SHORT_COMPANY = 100


class BenchError(RuntimeError):
    """A benchmark could not run (a command failed): reported in its row, exit status 1."""


@dataclass
class Row:
    bench: str
    what: str
    measured: float
    baseline: float
    unit: str  # "s", "KB" (memory) or "B" (a file's size)
    target: float | None  # the ratio aimed at (≤), None: reported only
    baseline_what: str = ""

    @property
    def ratio(self) -> float:
        return self.measured / self.baseline if self.baseline else float("inf")

    @property
    def met(self) -> bool | None:
        return None if self.target is None else self.ratio <= self.target


def environment(scratch: Path) -> dict[str, str]:
    """The commands' environment: none of the tracker's settings leak in from the caller."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CAMPAIGN_")}
    env.update(
        CAMPAIGN_SEED="1",  # the tracker's own dice (durations) reproducible
        CAMPAIGN_SHELL_HISTORY=str(scratch / "shell-history"),
    )
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # start-up as installed: bytecode cached
    return env


def run(cmd: list[str], env: dict[str, str], *, cwd: Path = ROOT) -> float:
    """Run ``cmd`` to completion; its wall time in seconds. A failure is a :class:`BenchError`."""
    started = time.perf_counter()
    done = subprocess.run(
        cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, check=False,
    )  # fmt: skip
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        tail = done.stderr.decode(errors="replace").strip().splitlines()[-5:]
        raise BenchError(f"`{' '.join(cmd[:6])}…` exited {done.returncode}: " + " | ".join(tail))
    return elapsed


def rounds(k: int, *measures: Callable[[], float]) -> list[list[float]]:
    """``k`` samples of each measure, the measures interleaved within a round."""
    samples: list[list[float]] = [[] for _ in measures]
    for _ in range(k):
        for sample, measure in zip(samples, measures, strict=True):
            sample.append(measure())
    return samples


def medians(k: int, *measures: Callable[[], float]) -> list[float]:
    """Each measure's median over ``k`` interleaved rounds."""
    return [statistics.median(s) for s in rounds(k, *measures)]


def timed(call: Callable[[], Any]) -> Callable[[], float]:
    def measure() -> float:
        started = time.perf_counter()
        call()
        return time.perf_counter() - started

    return measure


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)
