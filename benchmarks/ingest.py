"""B1, ingest: replaying a generated log into a fresh SQLite store, against a bare
eventsourcing application saving as many events (benchmarks/baselines.py)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.harness import Harness
from benchmarks.measure import CAMPAIGN, PYTHON, BenchError, Row, rounds, run
from benchmarks.stores import positions


def b1(h: Harness) -> list[Row]:
    """B1, ingest: `campaign replay` of one generated file into a fresh store."""
    log = h.stores.logs()[0]
    counter = iter(range(10**6))

    def fresh(name: str) -> str:
        return str(h.stores.scratch / f"{name}-{next(counter)}.db")

    def replay(db: str | None = None) -> float:
        return run([CAMPAIGN, "--db", db or fresh("ingest"), "replay", str(log)], h.env)

    def baseline(kind: str) -> Callable[[], float]:
        def measure() -> float:
            cmd = [PYTHON, "-m", "benchmarks.baselines", kind, fresh(kind), str(events)]
            return run(cmd, h.env)

        return measure

    first_db = fresh("ingest")
    first = replay(first_db)  # round 1's replay: its store says how many events it records
    events = positions(Path(first_db))
    h.facts.append(f"B1: the log has {events:,} events ({log.stat().st_size:,} bytes)")
    chain = statistics.median(_chain_alone(Path(first_db)) for _ in range(h.sizes.repeats))
    kinds = ("es-save", "sqlite-rows", "es-save-fold")
    firsts = [baseline(kind)() for kind in kinds]
    samples = rounds(h.sizes.repeats - 1, replay, *(baseline(kind) for kind in kinds))
    measured, es, raw, es_fold = (
        statistics.median([f, *rest]) for f, rest in zip((first, *firsts), samples, strict=True)
    )
    what = f"`campaign replay` of {events:,} events, fresh SQLite"
    bare = "bare eventsourcing.sqlite, one save"
    return [
        Row("B1 ingest", what, measured, es, "s", 1.5, bare),
        Row("B1 ingest", what, measured, raw, "s", None, "raw sqlite3 executemany"),
        # what the target leaves: a replay reports the audit's findings (docs/cli.md#replay),
        # which are read models, and these start from the aggregates' states
        Row("B1 floor", "the bare save, then its events read back and applied to their "
            "aggregates (the library's own fold, no read model)", es_fold, es, "s", None,
            bare),
        Row("B1 floor", "the hash chain alone (docs/RELIABILITY.md): each event's SHA-256 over its "
            "canonical form, in-process", chain, es, "s", None, bare),
    ]  # fmt: skip


def _chain_alone(db: Path) -> float:
    """B1's floor: the seconds the hash chain takes over a store's events, as ``_seal`` in
    ``aggregates/base.py`` computes it when they are recorded — checked: the recomputed chain
    ends on the store's last hash."""
    from eventsourcing.utils import get_topic

    from campaign.core.integrity import GENESIS, event_hash
    from campaign.service.ledger import Ledger
    from campaign.store import parse_store_url

    sealed, last = [], GENESIS
    with Ledger(parse_store_url(str(db))) as ledger:
        for e in ledger.history.events():
            state = {k: v for k, v in vars(e).items()
                     if k not in ("originator_id", "originator_version")}  # fmt: skip
            if getattr(type(e), "class_version", 1) > 1:
                state["class_version"] = type(e).class_version
            sealed.append((get_topic(type(e)), e.originator_id, e.originator_version, state))
            last = e.hash
    started = time.perf_counter()
    digest = GENESIS
    for topic, originator, version, state in sealed:
        digest = event_hash(topic, originator, version, state, digest)
    took = time.perf_counter() - started
    if digest != last:
        raise BenchError("the recomputed hash chain does not end on the store's last hash")
    return took
