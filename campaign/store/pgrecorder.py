"""The PostgreSQL recorder of a ledger: the library's, inserting without psycopg's pipeline mode.

``PostgresApplicationRecorder.insert_events`` sends a whole save as one INSERT inside
``conn.pipeline()``. psycopg 3.3's pipeline loop stops flushing libpq's output buffer once its
command queue is empty, even when the last flush did not send everything (a message larger than
the socket buffers take at once: a few MB on loopback, 12,000 events of a replayed file), then
waits for a result the server cannot send; the process hangs holding the writer lock
(docs/RELIABILITY.md).

Here the library's own statements — its public ``lock_table_statements`` (``SET LOCAL
lock_timeout``, ``LOCK TABLE … IN EXCLUSIVE MODE``, so notification ids are committed in the
order they are issued), a ``NOTIFY`` on its ``channel_name``, and its ``insert_events_statement``
(INSERT … ``unnest`` … ``RETURNING notification_id``) — run in ordinary mode, where psycopg sends
each query whole before it reads, :data:`INSERT_BATCH` events at a time so that no message grows
with the save, in one transaction: all of the save or none of it.

The ledger names this class to the library by its topic (``LedgerApplication.construct_env``),
so only a PostgreSQL store imports this module and ``eventsourcing.postgres`` with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder
from eventsourcing.utils import retry
from psycopg.sql import SQL, Identifier

INSERT_BATCH = 1000  # events per INSERT of one save (measurements: docs/RELIABILITY.md)


class LedgerPostgresRecorder(PostgresApplicationRecorder):
    """The library's recorder; one save is inserted :data:`INSERT_BATCH` events at a time, in
    one transaction, outside psycopg's pipeline mode."""

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def insert_events(
        self, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        if not stored_events:
            return None
        notification_ids: list[int] = []
        with (
            self.datastore.get_connection() as conn,
            conn.transaction(),
            conn.cursor() as curs,
        ):
            for statement in self.lock_table_statements:
                curs.execute(statement, prepare=True)
            curs.execute(SQL("NOTIFY {0}").format(Identifier(self.channel_name)))
            for start in range(0, len(stored_events), INSERT_BATCH):
                batch = stored_events[start : start + INSERT_BATCH]
                notification_ids += self.insert_batch(curs, batch)
        return notification_ids

    def insert_batch(self, curs: Any, batch: Sequence[StoredEvent]) -> list[int]:
        """Insert ``batch`` in the open transaction; the notification ids it was given."""
        rows = [
            self.construct_pg_stored_event(e.originator_id, e.originator_version, e.topic, e.state)
            for e in batch
        ]
        curs.execute(self.insert_events_statement, (rows,))
        return [row["notification_id"] for row in curs.fetchall()]
