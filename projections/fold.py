"""Folding the event stream into read-model rows.

A :class:`Projection` is a fold: one event in, row changes out. The driver (:class:`Fold`) hands
every projection the event together with the aggregate it belongs to *after* that event, by
applying the event to a private copy of the aggregate with the aggregate's own mutator — so the
morale board and the other mirrors are written from the very state the write side has, and no
rule or state transition is written twice. Histories (timeline, modifiers, casualties) are
written from the events themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from sqlalchemy import Connection, Table

from aggregates.base import LedgerAggregate

Loader = Callable[[UUID, int], LedgerAggregate]  # (aggregate id, version) → that version


class Projection:
    """One read model: its tables, a fold over events and a flush at the end of a batch."""

    name: str = ""
    tables: tuple[Table, ...] = ()

    def process(self, fold: Fold, event: LedgerAggregate.Event, aggregate: Any) -> None:
        raise NotImplementedError

    def flush(self, fold: Fold) -> None:
        """Write what the batch's events left pending (mirrors write once per aggregate)."""

    def reset(self) -> None:
        """Forget anything pending (a batch rolled back)."""


class Fold:
    """One batch of events being folded, inside one read-model transaction."""

    def __init__(
        self, connection: Connection, load: Loader | None, aggregates: dict[UUID, Any] | None = None
    ) -> None:
        self.connection = connection
        self.notification_id = 0  # the notification of the event being folded
        self._load = load
        # The aggregates as the fold has them: shared by the batches of one catch-up, so a
        # rebuild applies each event once instead of reloading at every batch's start.
        self._aggregates: dict[UUID, Any] = {} if aggregates is None else aggregates

    def advance(self, event: LedgerAggregate.Event) -> Any:
        """The event's aggregate after the event (its earlier state loaded once, if needed)."""
        aggregate = self._aggregates.get(event.originator_id)
        before = event.originator_version - 1
        if before and (aggregate is None or aggregate.version != before):
            if self._load is None:
                raise LookupError(f"event {event.position} comes before its aggregate's first")
            aggregate = self._load(event.originator_id, before)
        aggregate = event.mutate(aggregate)
        self._aggregates[event.originator_id] = aggregate
        return aggregate


def subject_handle(aggregate: Any) -> str:
    """How the history names an aggregate: its handle (the campaign has none)."""
    return getattr(aggregate, "handle", None) or "campaign"


def kebab(name: str) -> str:
    """``CasualtyRecorded`` → ``casualty-recorded`` (the event kinds of ``history --json``)."""
    return "".join(f"-{c.lower()}" if c.isupper() else c for c in name).lstrip("-")
