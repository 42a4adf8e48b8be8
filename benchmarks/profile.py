"""Where the time goes, for the targets the harness reports as not met (docs/PERFORMANCE.md).

    python -m benchmarks.profile [--top N] command -- --db X replay part-001.log  # cProfile
    python -m benchmarks.profile [--top N] rebuild X.db                           # cProfile
    python -m benchmarks.profile [--top N] imports -- --db X note hi    # -X importtime

``command`` runs ``campaign ARGS…`` in this process under cProfile (imports included, as they
happen); ``rebuild`` profiles ``Ledger(X).rebuild()``; ``imports`` runs the command in a fresh
interpreter with ``-X importtime`` and sums each module's own import time by top-level package.
Each prints the top entries by own time and by cumulative time.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

CAMPAIGN = str(Path(sys.executable).with_name("campaign"))


def _report(profile: cProfile.Profile, top: int) -> None:
    stats = pstats.Stats(profile, stream=sys.stdout).strip_dirs()
    total = sum(row[2] for row in stats.stats.values())  # type: ignore[attr-defined]
    print(f"total own time: {total:.2f} s")
    print(f"\n## top {top} by own time (tottime)")
    stats.sort_stats("tottime").print_stats(top)
    print(f"\n## top {top} by cumulative time")
    stats.sort_stats("cumulative").print_stats(top)


def command(args: list[str], top: int) -> None:
    from cli.main import main

    sys.argv = ["campaign", *args]
    profile = cProfile.Profile()
    profile.enable()
    try:
        main()
    except SystemExit as done:
        if done.code not in (None, 0):
            print(f"campaign exited {done.code}", file=sys.stderr)
    finally:
        profile.disable()
    _report(profile, top)


def rebuild(db: str, top: int) -> None:
    from campaign.service.ledger import Ledger
    from campaign.store import parse_store_url

    with Ledger(parse_store_url(db)) as ledger:
        profile = cProfile.Profile()
        profile.enable()
        folded = ledger.queries.rebuild()
        profile.disable()
    print(f"rebuilt {folded:,} events")
    _report(profile, top)


_LINE = re.compile(r"import time:\s+(\d+)\s+\|\s+(\d+)\s+\|(\s*)(\S+)")


def imports(args: list[str], top: int) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CAMPAIGN_")}
    done = subprocess.run(
        [sys.executable, "-X", "importtime", CAMPAIGN, *args],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
    )
    own: dict[str, int] = defaultdict(int)  # self time: the rows do not overlap
    for line in done.stderr.splitlines():
        match = _LINE.match(line)
        if match is not None:
            own[match.group(4).split(".")[0]] += int(match.group(1))
    total = sum(own.values())
    print(f"campaign {' '.join(args)}: {total / 1e6:.3f} s importing (exit {done.returncode})")
    print("own import time by top-level package:")
    for name, micros in sorted(own.items(), key=lambda kv: -kv[1])[:top]:
        print(f"  {micros / 1e6:7.3f} s  {100 * micros / total:4.0f} %  {name}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Profile what the benchmarks measure.")
    parser.add_argument("kind", choices=("command", "rebuild", "imports"))
    parser.add_argument("args", nargs=argparse.REMAINDER)
    parser.add_argument("--top", type=int, default=25)
    parsed = parser.parse_args(argv)
    rest = parsed.args[1:] if parsed.args[:1] == ["--"] else parsed.args
    if parsed.kind == "command":
        command(rest, parsed.top)
    elif parsed.kind == "rebuild":
        rebuild(rest[0], parsed.top)
    else:
        imports(rest, parsed.top)


if __name__ == "__main__":
    main()
