"""The eventsourcing application the ledger records through: its name, its snapshots, and an
event store that writes one save's events in the order they were recorded."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from eventsourcing.application import Application
from eventsourcing.persistence import EventStore, Mapper, Transcoder
from eventsourcing.utils import Environment, EnvType

from aggregates.base import LedgerAggregate
from campaign.store.stored import LedgerMapper

SNAPSHOT_INTERVAL = 50  # events per aggregate between snapshots (benchmarks/ measures it)


class _EveryLedgerAggregate(dict[type, int]):
    """A snapshot interval for every aggregate class of the ledger, without importing them all:
    a command imports only the aggregates it loads (start-up, docs/PERFORMANCE.md)."""

    def __bool__(self) -> bool:
        return True

    def get(self, cls: type, default: int | None = None) -> int | None:  # type: ignore[override]
        return SNAPSHOT_INTERVAL if issubclass(cls, LedgerAggregate) else default


class PositionOrderedEventStore(EventStore):
    """One save may hold several aggregates' events, interleaved (a company's casualty, a whole
    replayed file): they are stored in position order, so the notification log reads the
    history in the order it was recorded."""

    def put(self, domain_events: Sequence[Any], **kwargs: Any) -> list[Any]:
        ordered = sorted(domain_events, key=lambda event: event.position)
        return super().put(ordered, **kwargs)


class LedgerApplication(Application):
    """The eventsourcing application. ``name`` is fixed: table names derive from it."""

    name = "ledger"
    # Companies and characters live for years: a snapshot every N of their events keeps loading
    # them (and ``--as-of``) proportional to N, not to the campaign's length.
    snapshotting_intervals: ClassVar[dict[type, int]] = _EveryLedgerAggregate()

    def construct_env(self, name: str, env: EnvType | None = None) -> Environment:
        # Only what the store URL says: the process environment never configures the library.
        env = {"IS_SNAPSHOTTING_ENABLED": "y", **(env or {})}
        if env.get("PERSISTENCE_MODULE") == "eventsourcing.postgres":
            # psycopg's pipeline hung on a large save (campaign/store/pgrecorder.py); imported by
            # the library from this topic, so no SQLite command imports eventsourcing.postgres
            env["APPLICATION_RECORDER_TOPIC"] = "campaign.store.pgrecorder:LedgerPostgresRecorder"
        elif env.get("PERSISTENCE_MODULE") == "eventsourcing.sqlite":
            # rows read back as the tracker stores them (campaign/store/sqliterecorder.py)
            env["APPLICATION_RECORDER_TOPIC"] = "campaign.store.sqliterecorder:LedgerSQLiteRecorder"
        return Environment(name, env)

    def construct_mapper(self) -> Mapper:
        # only the tracker's own event classes are read back (campaign/store/stored.py)
        return self.factory.mapper(
            transcoder=self.construct_transcoder(), mapper_class=LedgerMapper
        )

    def construct_event_store(self) -> EventStore:
        return PositionOrderedEventStore(mapper=self.mapper, recorder=self.recorder)


def app_transcoder() -> Transcoder:
    """The transcoder the application stores events with, built without a store (``verify
    --file`` reads an export with it)."""
    app = LedgerApplication(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    try:
        return app.mapper.transcoder
    finally:
        app.close()
