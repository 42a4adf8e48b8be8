"""The GM at the table for aggregate-level tests: commands stamped as the application stamps
them, and the events recorded since last asked."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from aggregates.base import Recording, recording

STAMP = (
    "originator_id", "originator_version", "timestamp", "originator_topic", "gm", "session",
    "hash", "prev_hash",
)  # fmt: skip


class Table:
    """One command at a time, positions continuing from the previous command."""

    def __init__(self) -> None:
        self.next_position = 1

    @contextmanager
    def command(self) -> Iterator[Recording]:
        context = Recording(next_position=self.next_position, session=1, gm="ann")
        with recording(context):
            yield context
        self.next_position = context.next_position


def recorded(*aggregates: Any) -> list[tuple[str, dict[str, Any]]]:
    """The events the aggregates recorded since last asked: (type, fields) in position order."""
    events = [e for a in aggregates for e in a.collect_events()]
    events.sort(key=lambda e: e.position)
    return [
        (type(e).__name__, {k: v for k, v in vars(e).items() if k not in STAMP}) for e in events
    ]
