"""B4, long history: loading a company of many events against one of 100, and time travel
(`status --as-of`) against the live status."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from benchmarks.harness import Harness
from benchmarks.measure import Row, medians, timed


def b4(h: Harness) -> list[Row]:
    """B4, long history: loading a long aggregate, and time travel."""
    from aggregates.base import aggregate_id
    from campaign.service.ledger import Ledger
    from campaign.store import parse_store_url
    from projections.checkpoints import EVERY

    db = h.stores.copy(h.stores.long(), "long.db")
    with Ledger(parse_store_url(str(db))) as ledger:
        big, small = aggregate_id("company", "big"), aggregate_id("company", "small")
        versions = ledger.uow.get(big).version, ledger.uow.get(small).version
        rows = _loads(h, ledger, (big, small), versions)
        last = ledger.last_position()
        # late: the point with the most events after its nearest checkpoint (EVERY - 1)
        early = min(200, last // 10)
        late = (last // EVERY) * EVERY - 1 if last > EVERY else last - 5
        try:
            rows += _travels(h, ledger, late, early)
            rows += _folds(h, ledger, late)
        except Exception as error:  # the load rows stand on their own
            h.failed.append(f"B4 time travel: {type(error).__name__}: {error}")
    h.facts.append(
        f"B4: companies of {versions[0]:,} and {versions[1]:,} events in a store of "
        f"{last:,}; snapshots every {_interval()} events; time travel to event:{late:,} "
        f"and event:{early:,}"
    )
    return rows


def _loads(h: Harness, ledger: Any, ids: tuple[Any, Any], versions: tuple[int, int]) -> list[Row]:
    """The long company loaded against the short one, at their last version and at the one
    before (the most events after a snapshot: 49 of 50)."""
    (big, small), (long_version, short_version) = ids, versions
    t_big, t_small = medians(
        h.sizes.load_repeats,
        timed(lambda: ledger.uow.get(big)),
        timed(lambda: ledger.uow.get(small)),
    )
    t_big_worst, t_small_worst = medians(
        h.sizes.load_repeats,
        timed(lambda: ledger.uow.get(big, version=long_version - 1)),
        timed(lambda: ledger.uow.get(small, version=short_version - 1)),
    )
    return [
        Row("B4 long history", f"load a company of {long_version:,} events", t_big, t_small,
            "s", 2.0, f"load one of {short_version:,}"),
        Row("B4 long history", f"load it at version {long_version - 1:,}", t_big_worst,
            t_small_worst, "s", 2.0, f"the short one at version {short_version - 1:,}"),
    ]  # fmt: skip


def _travels(h: Harness, ledger: Any, late: int, early: int) -> list[Row]:
    """`status(as_of=…)` at the late point, against the live status and an early point."""
    from projections.checkpoints import EVERY

    # the first travel folds from position 1 and takes the checkpoints on its way
    (t_first,) = medians(1, timed(lambda: ledger.queries.status(as_of=f"event:{late}")))
    kept, nearest = _checkpoints(ledger, late)
    h.facts.append(
        f"B4: the first travel to event:{late:,} took {t_first:.2f} s: it folded from "
        f"position 1 and took {kept} checkpoints (one every {EVERY:,} events); the "
        f"travels measured start from the nearest, at {nearest:,}"
    )
    t_late, t_early, t_live = medians(
        h.sizes.repeats,
        timed(lambda: ledger.queries.status(as_of=f"event:{late}")),
        timed(lambda: ledger.queries.status(as_of=f"event:{early}")),
        timed(ledger.queries.status),  # no fold: the query alone, on the live read models
    )
    listed = {  # the status itself grows: it lists every company modifier
        point: sum(len(c["modifiers"]) for c in ledger.queries.status(as_of=point).companies)
        for point in (f"event:{late}", f"event:{early}")
    }
    h.facts.append(
        "B4: the status lists "
        + " and ".join(f"{n:,} company modifiers at {p}" for p, n in listed.items())
    )
    last = ledger.last_position()
    return [
        Row("B4 long history", f"`status(as_of='event:{late:,}')`", t_late, t_live,
            "s", 2.0, f"`status()` live ({last:,}): nearly the same output, no fold"),
        Row("B4 long history", f"`status(as_of='event:{late:,}')`", t_late, t_early,
            "s", None, f"`status(as_of='event:{early}')`: a far shorter status"),
    ]  # fmt: skip


def _folds(h: Harness, ledger: Any, late: int) -> list[Row]:
    """The fold alone, without the status query (whose answer grows with the history): as many
    events after a checkpoint far from the start as from position 1 — what "proportional to
    the events after the nearest snapshot" says."""
    from campaign.service.queries import STATE
    from projections.checkpoints import EVERY

    far = late if late >= EVERY else ledger.last_position()
    checkpoint = far // EVERY * EVERY
    after = far - checkpoint

    def fold_to(position: int) -> Callable[[], None]:
        def run() -> None:
            with ledger.queries.reading(f"event:{position}", STATE):
                pass

        return run

    fold_to(far)()  # takes the checkpoint if the first travel did not pass it
    t_far, t_near = medians(h.sizes.repeats, timed(fold_to(far)), timed(fold_to(after)))
    return [
        Row("B4 long history", f"the fold for `event:{far:,}`: {after:,} events after "
            f"the checkpoint at {checkpoint:,}", t_far, t_near, "s", 2.0,
            f"the fold for `event:{after:,}`: as many, from position 1")
    ]  # fmt: skip


def _checkpoints(ledger: Any, at: int) -> tuple[int, int]:
    """How many read-model checkpoints the store keeps, and the nearest at or before ``at``."""
    from sqlalchemy import func, select

    from projections.tables import checkpoints

    c = checkpoints.c
    with ledger.queries.reading() as connection:
        kept = connection.scalar(select(func.count()).select_from(checkpoints))
        nearest = connection.scalar(select(func.max(c.position)).where(c.position <= at))
    return int(kept or 0), int(nearest or 0)


def _interval() -> str:
    try:
        from campaign.service.application import SNAPSHOT_INTERVAL

        return str(SNAPSHOT_INTERVAL)
    except Exception:  # only a label
        return "?"
