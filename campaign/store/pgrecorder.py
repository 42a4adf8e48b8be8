"""The PostgreSQL recorder of a ledger: the library's, inserting without psycopg's pipeline mode.

``PostgresApplicationRecorder.insert_events`` sends the whole save as one INSERT inside
``conn.pipeline()`` and then ``pipeline.sync()``. psycopg 3.3's pipeline loop stops flushing
libpq's output buffer once its command queue is empty, even when the last flush did not send
everything (a message larger than the socket buffers take at once: a few MB on loopback, 12,000
events of a replayed file), then waits for a result the server cannot send — it is still reading
the INSERT (``ClientRead``). The process hung for ever, holding the writer lock
(docs/RELIABILITY.md).

Here the library's own statements (``_insert_stored_events``: ``SET LOCAL lock_timeout``,
``LOCK TABLE … IN EXCLUSIVE MODE``, ``NOTIFY``, the INSERT … ``unnest`` … ``RETURNING``) run in
ordinary mode, where psycopg sends each query whole before it reads, :data:`INSERT_BATCH` events
at a time so no message grows with the save, in one transaction: all of the save or none of it,
as before. Taking the lock again in the same transaction is a no-op, and PostgreSQL folds a
transaction's identical NOTIFYs into one.

The ledger names this class to the library by its topic (``LedgerApplication.construct_env``),
so only a PostgreSQL store imports this module and ``eventsourcing.postgres`` with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder
from eventsourcing.utils import retry

INSERT_BATCH = 1000  # events per INSERT of one save (measurements: docs/RELIABILITY.md)


class LedgerPostgresRecorder(PostgresApplicationRecorder):
    """The library's recorder; one save is inserted :data:`INSERT_BATCH` events at a time, in
    one transaction, outside psycopg's pipeline mode."""

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def insert_events(
        self, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        notification_ids: list[int] = []
        with (
            self.datastore.get_connection() as conn,
            conn.transaction(),
            conn.cursor() as curs,
        ):
            self._insert_events(curs, stored_events, **kwargs)  # the library's hook
            for start in range(0, len(stored_events), INSERT_BATCH):
                batch = stored_events[start : start + INSERT_BATCH]
                self._insert_stored_events(curs, batch, **kwargs)
                notification_ids += self._fetch_ids_after_insert_events(curs, batch, **kwargs)
        return notification_ids or None
