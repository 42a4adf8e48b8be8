"""B2, rebuild: the read models rebuilt from the events, against reading the events back."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from benchmarks.harness import Harness
from benchmarks.measure import Row, medians, timed


def b2(h: Harness) -> list[Row]:
    """B2, rebuild: `Ledger.queries.rebuild()` of the read models, against reading the events."""
    from campaign.service.ledger import Ledger
    from campaign.store import parse_store_url

    db = h.stores.copy(h.stores.series(h.sizes.rebuild_files), "rebuild.db")
    with Ledger(parse_store_url(str(db))) as ledger:
        events = ledger.last_position()
        app = ledger.opened.app

        def read(apply: bool = False, rows: Path | None = None) -> None:
            start, seen = 1, 0
            folded: dict[Any, Any] = {}
            kept: list[tuple[int, int, str, str]] = []
            while True:
                batch = app.recorder.select_notifications(start=start, limit=500)
                if not batch:
                    break
                for notification in batch:
                    e = app.mapper.to_domain_event(notification)
                    if apply:
                        folded[e.originator_id] = e.mutate(folded.get(e.originator_id))
                    if rows is not None:
                        kept.append(
                            (notification.id, e.position, type(e).__name__,
                             str(e.originator_id))
                        )  # fmt: skip
                seen += len(batch)
                start = batch[-1].id + 1
            assert seen == events, (seen, events)
            if rows is not None:
                _write_rows(rows, kept)

        measured, baseline, applied, with_rows = medians(
            h.sizes.repeats,
            timed(ledger.queries.rebuild),
            timed(read),
            timed(lambda: read(apply=True)),
            timed(lambda: read(apply=True, rows=h.stores.scratch / "floor.db")),
        )
    what = f"`ledger.queries.rebuild()` of {events:,} events"
    reading = "read them: notification log"
    return [
        Row("B2 rebuild", what, measured, baseline, "s", 2.0, reading),
        # the least any rebuild of read models built from aggregate states does: read each
        # event, apply it with the library's own `mutate`; then one row per event (history)
        Row("B2 floor", "read them, apply each to its aggregate (the library's own fold)",
            applied, baseline, "s", None, reading),
        Row("B2 floor", "… and write one 4-column row per event (executemany, one commit)",
            with_rows, baseline, "s", None, reading),
    ]  # fmt: skip


def _write_rows(db: Path, rows: list[tuple[int, int, str, str]]) -> None:
    """B2's floor: one row per event into a fresh SQLite file, one transaction."""
    db.unlink(missing_ok=True)
    connection = sqlite3.connect(db, isolation_level=None)
    connection.execute(
        "CREATE TABLE rows (id INTEGER PRIMARY KEY, position INTEGER, kind TEXT, subject TEXT)"
    )
    connection.execute("BEGIN")
    connection.executemany("INSERT INTO rows VALUES (?, ?, ?, ?)", rows)
    connection.execute("COMMIT")
    connection.close()
