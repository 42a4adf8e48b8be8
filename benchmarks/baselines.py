"""The floors the harness compares with, each run as its own process (as a ``campaign`` command is):

    python -m benchmarks.baselines es-save DB N       # N events, bare eventsourcing, one save
    python -m benchmarks.baselines es-save-fold DB N  # the same, then read back and applied
    python -m benchmarks.baselines sqlite-rows DB N   # N rows, raw sqlite3 executemany

``es-save`` is B1's baseline: a bare ``eventsourcing`` application on the store's own persistence
module (``eventsourcing.sqlite``), no snapshots, no Ledger, N events over N/100 aggregates whose
events carry what a Ledger event carries (position, session, GM, command, a value, a reason, the
rules' answer and the ruling, a note, the ruleset, the hash-chain fields: ~500 bytes stored, as a
Ledger event), all written by one ``save`` — one transaction.
``es-save-fold`` does the same, then reads the N events back through the notification log and
applies each to its aggregate with the library's own ``mutate``: the least any read model built
from aggregate states adds to a save (B1's floor row, docs/PERFORMANCE.md).
``sqlite-rows`` writes N rows of the same shape as the library's stored events (id, version,
topic, a JSON state of a similar size) with ``executemany`` in one transaction.

Nothing from ``campaign``, ``aggregates`` or ``cli`` is imported here: a baseline pays only for
what it uses.
"""

from __future__ import annotations

import sys
from typing import Any

EVENTS_PER_AGGREGATE = 100
HASH = (
    "4c05222c001ad1796ebfbb0c3180b6a4a2ab478085082c37d235b5c28985ee5a"  # the size of a chain link
)


def es_save(db: str, n: int, *, fold: bool = False) -> None:
    """N events over N/100 aggregates, one save; ``fold``: then read back and applied."""
    from eventsourcing.domain import Aggregate, event

    class Subject(Aggregate):
        def __init__(self, handle: str) -> None:
            self.handle = handle
            self.total = 0

        @event("Recorded")
        def record(
            self,
            position: int,
            session: int,
            gm: str | None,
            command: int,
            value: int,
            reason: str,
            rules_say: str,
            ruled: str,
            note: str | None,
            ruleset: str,
            group: str,
            prev_hash: str,
            hash: str,
        ) -> None:
            self.total += value

    app = _bare_application(db)
    subjects = [Subject(f"s{i}") for i in range(max(1, n // EVENTS_PER_AGGREGATE))]
    _record(subjects, n)
    app.save(*subjects)
    if fold:
        assert _fold(app) == len(subjects)
    app.close()


def _bare_application(db: str) -> Any:
    """The library's application on its own SQLite module, with the given settings only."""
    from eventsourcing.application import Application
    from eventsourcing.utils import Environment

    class Bare(Application):
        name = "bare"

        def construct_env(self, name, env=None):  # the given settings only, as the Ledger does
            return Environment(name, dict(env or {}))

    return Bare(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": db})


def _record(subjects: list[Any], n: int) -> None:
    """Events on ``subjects`` in turn until the created ones and these make ``n``."""
    position = len(subjects)
    while position < n:
        for subject in subjects:
            if position >= n:
                break
            position += 1
            subject.record(
                position=position,
                session=1 + position // 200,
                gm=None,
                command=position,
                value=1,
                reason="paid a month in advance",
                rules_say="fight",
                ruled="fight",
                note=None,
                ruleset="ose-morale/1",
                group="goblins",
                prev_hash=HASH,
                hash=HASH,
            )


def _fold(app: Any) -> int:
    """Read every event back through the notification log and apply it to its aggregate with
    the library's own ``mutate``; how many aggregates were folded."""
    folded: dict = {}
    start = 1
    while batch := app.recorder.select_notifications(start=start, limit=500):
        for notification in batch:
            e = app.mapper.to_domain_event(notification)
            folded[e.originator_id] = e.mutate(folded.get(e.originator_id))
        start = batch[-1].id + 1
    return len(folded)


def sqlite_rows(db: str, n: int) -> None:
    import json
    import sqlite3
    import uuid

    connection = sqlite3.connect(db, isolation_level=None)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute(
        "CREATE TABLE IF NOT EXISTS stored_events (notification_id INTEGER PRIMARY KEY, "
        "originator_id TEXT, originator_version INTEGER, topic TEXT, state BLOB, "
        "UNIQUE (originator_id, originator_version))"
    )
    ids = [str(uuid.uuid4()) for _ in range(max(1, n // EVENTS_PER_AGGREGATE))]
    rows = []
    for position in range(1, n + 1):
        originator = ids[position % len(ids)]
        state = {
            "originator_topic": "benchmarks:Subject",
            "timestamp": "2027-01-01T00:00:00+00:00",
            "position": position,
            "session": 1 + position // 200,
            "gm": None,
            "command": position,
            "value": 1,
            "reason": "paid a month in advance",
            "rules_say": "fight",
            "ruled": "fight",
            "note": None,
            "ruleset": "ose-morale/1",
            "group": "goblins",
            "prev_hash": HASH,
            "hash": HASH,
        }
        version = position // len(ids) + 1
        topic = "benchmarks:Subject.Recorded"
        rows.append((originator, version, topic, json.dumps(state).encode()))
    connection.execute("BEGIN")
    connection.executemany(
        "INSERT INTO stored_events (originator_id, originator_version, topic, state) "
        "VALUES (?, ?, ?, ?)",
        rows,
    )
    connection.execute("COMMIT")
    connection.close()


def main(argv: list[str]) -> None:
    kind, db, n = argv[0], argv[1], int(argv[2])
    if kind == "es-save-fold":
        es_save(db, n, fold=True)
    else:
        {"es-save": es_save, "sqlite-rows": sqlite_rows}[kind](db, n)


if __name__ == "__main__":
    main(sys.argv[1:])
