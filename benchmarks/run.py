"""The benchmark harness: every benchmark, as ratios against baselines measured in the same run,
printed as one Markdown table.

    .venv/bin/python -m benchmarks.run                 # full sizes (~6 min cached, ~27 first)
    .venv/bin/python -m benchmarks.run --quick         # sizes ÷20: proves the harness works
    .venv/bin/python -m benchmarks.run --only B1,B3    # some of them

Each figure is the median of k repeats, measured and baseline interleaved (this machine is
shared and noisy: only a ratio taken in one run means anything). Start-up, ingest and memory run
as separate processes, as a GM's commands do; rebuild, loading and time travel run in-process.
Generated logs and stores are cached under ``$TMPDIR/campaign-ledger-bench``
(``CAMPAIGN_BENCH_CACHE``), keyed on the generator and the sizes; building them takes ~20 minutes
in full mode, once. The report says when they were built by other code than the code measured
(``--fresh`` rebuilds them).

One module per benchmark: B1 ingest, B2 rebuild, B3 startup, B4 travel, B5 memory, B6
at_the_table, B7 tables, B8 campaign_report; what they share is in measure, stores and harness,
the table in report.

Exit status: 0 when every benchmark ran (targets met or not; ``--strict``: and every target
met), 1 when one failed to run.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from benchmarks import (
    at_the_table,
    campaign_report,
    ingest,
    memory,
    rebuild,
    startup,
    tables,
    travel,
)
from benchmarks.harness import Harness
from benchmarks.measure import FULL, QUICK, Row, Sizes, environment, say
from benchmarks.report import machine, table
from benchmarks.stores import Stores

BENCHMARKS: dict[str, Callable[[Harness], list[Row]]] = {
    "B1": ingest.b1,
    "B2": rebuild.b2,
    "B3": startup.b3,
    "B4": travel.b4,
    "B5": memory.b5,
    "B6": at_the_table.b6,
    "B7": tables.b7,
    "B8": campaign_report.b8,
}
ALL = tuple(BENCHMARKS)


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Campaign Ledger benchmarks.")
    parser.add_argument("--quick", action="store_true", help="sizes ÷20, k small: for CI")
    parser.add_argument("--only", help="a comma-separated subset, e.g. B1,B3")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is not met")
    parser.add_argument("--fresh", action="store_true", help="rebuild the cached stores")
    parser.add_argument(
        "--cache",
        type=Path,
        default=Path(
            os.environ.get("CAMPAIGN_BENCH_CACHE")
            or Path(tempfile.gettempdir()) / "campaign-ledger-bench"
        ),
        help="where generated logs and stores are kept between runs",
    )
    args = parser.parse_args(argv)
    args.chosen = ALL if not args.only else tuple(b.strip().upper() for b in args.only.split(","))
    unknown = [b for b in args.chosen if b not in ALL]
    if unknown:
        parser.error(f"unknown benchmark {', '.join(unknown)}: choose among {', '.join(ALL)}")
    return args


@contextmanager
def scratch_dir(root: Path) -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix="run-", dir=root))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    sizes = QUICK if args.quick else FULL
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # clean the scratch dir up
    args.cache.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    rows: list[Row] = []
    failed: list[str] = []
    with scratch_dir(args.cache) as scratch:
        env = environment(scratch)
        stores = Stores(sizes, args.cache, scratch, env, args.fresh)
        harness = Harness(sizes, stores, env)
        for bench in args.chosen:
            say(f"{bench}…")
            try:
                rows += BENCHMARKS[bench](harness)
            except Exception as error:  # a BenchError or a bug: report it, go on
                failed.append(f"{bench}: {type(error).__name__}: {error}")
    sys.stderr.flush()
    failed += harness.failed
    print_report(sizes, rows, harness.facts, stores.stale_note(), failed, quick=args.quick,
                 took=time.perf_counter() - started)  # fmt: skip
    if failed:
        return 1
    if args.strict and any(r.met is False for r in rows):
        return 1
    return 0


def print_report(
    sizes: Sizes,
    rows: list[Row],
    facts: list[str],
    stale: str | None,
    failed: list[str],
    *,
    quick: bool,
    took: float,
) -> None:
    print(machine())
    if quick:
        print("quick mode: sizes reduced, ratios indicative")
    print(
        f"sizes: {sizes.file_events:,} events per generated file "
        f"({sizes.file_sessions} sessions × ~{sizes.session_events}); k = {sizes.repeats} "
        f"(start-up {sizes.startup_repeats}, loads {sizes.load_repeats}, "
        f"memory {sizes.memory_repeats}, shell {sizes.shell_lines} lines); ran in {took:,.0f} s"
    )
    print()
    print(table(rows))
    for fact in facts:
        print(f"- {fact}")
    if stale:
        print(f"- {stale}")
    for failure in failed:
        print(f"- FAILED {failure}")


if __name__ == "__main__":
    sys.exit(main())
