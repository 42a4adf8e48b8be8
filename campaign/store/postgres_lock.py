"""The writer lock on a PostgreSQL store, an advisory lock per schema, and what a ledger does
while it holds it (:class:`PostgresHold`): see what the tracker made in the schema, and remove
it again after a failed first command — never another program's."""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any

from campaign.core.i18n import N_
from campaign.store.errors import StoreBusy, StoreError
from campaign.store.layout import (
    EVENTS_TABLE,
    LIBRARY_FUNCTION,
    LIBRARY_TYPE,
    READ_MODEL_PREFIX,
    SNAPSHOTS_TABLE,
)
from campaign.store.postgres import (
    connect,
    create_schema,
    forget_schema,
    schema_ready,
)

if TYPE_CHECKING:
    from campaign.store.url import StoreURL

# An arbitrary 64-bit key for pg_advisory_lock: "one writer at a time" on a PostgreSQL store.
# Advisory locks are per database: a store in a schema of its own (`?schema=`) takes this key
# mixed with its schema's CRC-32 (writer_lock_key), so campaigns in two schemas of one
# database do not wait for each other; the default schema keeps the key itself.
POSTGRES_WRITER_LOCK = 0x4C45444745520001
# What of the tracker's is in a schema (PostgresHold.footprint): the schema, the library's
# tables, row type and function, and every view_… table.
FOOTPRINT = (
    "SELECT 'schema', nspname FROM pg_namespace WHERE nspname = %(schema)s "
    "UNION ALL SELECT 'table', c.relname FROM pg_class c "
    "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = %(schema)s "
    "AND c.relkind IN ('r', 'p') "
    "AND (c.relname = ANY(%(tables)s) OR left(c.relname, %(length)s) = %(prefix)s) "
    "UNION ALL SELECT 'type', t.typname FROM pg_type t "
    "JOIN pg_namespace n ON n.oid = t.typnamespace "
    "WHERE n.nspname = %(schema)s AND t.typname = %(type)s "
    "UNION ALL SELECT 'function', p.proname FROM pg_proc p "
    "JOIN pg_namespace n ON n.oid = p.pronamespace "
    "WHERE n.nspname = %(schema)s AND p.proname = %(function)s"
)
# Whether a table (or a view of one) is in the schema: after the tracker's own are dropped,
# one that is left may be another eventsourcing application's, saving through the library's
# row type (PostgresHold.discard).
OTHER_RELATIONS = (
    "SELECT EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
    "WHERE n.nspname = %s AND c.relkind IN ('r', 'p', 'v', 'm', 'f'))"
)
EVENTS_TABLE_OID = (
    "SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
    "WHERE n.nspname = %s AND c.relname = %s"
)

_FAILED = N_("the store {store} failed: {error}")


def writer_lock_key(schema: str) -> int:
    """The advisory lock of a store's writers: one per schema (a bigint). Case-folded: two
    spellings of one schema must share it (two schemas sharing a key only wait for each
    other)."""
    folded = schema.lower()
    if not folded or folded == "public":
        return POSTGRES_WRITER_LOCK
    return POSTGRES_WRITER_LOCK ^ zlib.crc32(folded.encode())


@contextmanager
def writer_lock(store: StoreURL) -> Iterator[PostgresHold]:
    """Hold the store's advisory lock for one command, waiting up to ``store.lock_timeout``;
    the first lock of a process also creates the store's ``?schema=`` when it does not exist
    (the library's tables go in it)."""
    import psycopg

    key = writer_lock_key(store.schema)
    with connect(store) as connection:
        # lock_timeout bounds the wait for the advisory lock (the server queues waiters
        # fairly); 0 would mean "wait forever", so it is at least 1 ms.
        timeout_ms = max(1, round(store.lock_timeout * 1000))
        connection.execute("SELECT set_config('lock_timeout', %s, false)", (f"{timeout_ms}",))
        try:
            connection.execute("SELECT pg_advisory_lock(%s)", (key,))
        except psycopg.errors.LockNotAvailable:
            raise StoreBusy(store.redacted, store.lock_timeout) from None
        try:
            hold = PostgresHold(store, connection)
            if store.schema and not schema_ready(store):
                hold.made_schema = create_schema(store, connection)
            yield hold
        finally:
            # a connection gone (the server stopped, the network cut) took its lock with it
            with suppress(psycopg.OperationalError):
                connection.execute("SELECT pg_advisory_unlock(%s)", (key,))


class PostgresHold:
    """The writer lock held on a PostgreSQL store, and its connection (autocommit): what a
    ledger looks at to know what it created, and to remove it again after a failed first
    command (``Ledger.discard_if_empty``) — no other writer runs meanwhile. (A plain class:
    a dataclass costs every command ~0.2 ms to define at import.)"""

    __slots__ = ("connection", "made_schema", "store")

    def __init__(self, store: StoreURL, connection: Any) -> None:
        self.store = store
        self.connection = connection
        self.made_schema = False  # taking the lock created the store's ?schema=

    @property
    def schema(self) -> str:
        return self.store.schema or "public"  # the library's, when none is given

    def footprint(self) -> frozenset[tuple[str, str]]:
        """What of the tracker's is in the store's schema now, as (kind, name): the schema
        itself, the library's tables, row type and function, the read models' tables."""
        rows = self._run(
            FOOTPRINT,
            {
                "schema": self.schema,
                "tables": [EVENTS_TABLE, SNAPSHOTS_TABLE],
                "length": len(READ_MODEL_PREFIX),
                "prefix": READ_MODEL_PREFIX,
                "type": LIBRARY_TYPE,
                "function": LIBRARY_FUNCTION,
            },
        ).fetchall()
        return frozenset((str(kind), str(name)) for kind, name in rows)

    def identity(self) -> int | None:
        """The events table's oid (None: there is none): a store dropped by another process's
        failed first command, or made again since, has another (``OpenStore.locked``)."""
        row = self._run(EVENTS_TABLE_OID, (self.schema, EVENTS_TABLE)).fetchone()
        return None if row is None else int(row[0])

    def ensure_schema(self, found: frozenset[tuple[str, str]]) -> bool:
        """Create the store's ``?schema=`` when ``found`` (a footprint) lacks it — dropped by
        another process since this one first saw it. True when this call created it."""
        if not self.store.schema or ("schema", self.schema) in found:
            return False
        return create_schema(self.store, self.connection)

    def discard(
        self, before: frozenset[tuple[str, str]], *, schema: bool, read_models: frozenset[str]
    ) -> None:
        """Drop, in one transaction, the tracker's tables that are here now and were not in
        ``before`` (the footprint seen when the ledger created the store): by name, the
        library's events and snapshots tables and ``read_models`` (the read models' tables,
        which the caller names) — never another program's table, whatever its name or age.
        The library's row type and function, when not in ``before``, only if no table is left
        in the schema then: another eventsourcing application there shares them (its saves
        unnest that type), and which tables use them the catalog does not say. Then the schema
        too when ``schema`` (the ledger created it) and nothing else is in it."""
        import psycopg

        made = self.footprint() - before
        ours = {EVENTS_TABLE, SNAPSHOTS_TABLE, *read_models}
        tables = sorted(name for kind, name in made if kind == "table" and name in ours)
        try:
            with self.connection.transaction():
                self._drop_tables(tables)
                self._drop_library(made)
            if schema and self.store.schema:
                self._drop_schema()
        except psycopg.Error as error:
            raise StoreError(_FAILED, {"store": self.store.redacted, "error": str(error)}) from None

    def _drop_tables(self, tables: list[str]) -> None:
        from psycopg import sql

        if tables:
            names = [sql.Identifier(self.schema, name) for name in tables]
            self.connection.execute(
                sql.SQL("DROP TABLE IF EXISTS {}").format(sql.SQL(", ").join(names))
            )

    def _drop_library(self, made: frozenset[tuple[str, str]]) -> None:
        """The library's function and row type that were ``made``, if no table is left."""
        import psycopg
        from psycopg import sql

        drops = {"function": "DROP FUNCTION IF EXISTS {}", "type": "DROP TYPE IF EXISTS {}"}
        library = [  # the function first: it takes the type
            (drops[kind], name)
            for kind, name in (("function", LIBRARY_FUNCTION), ("type", LIBRARY_TYPE))
            if (kind, name) in made
        ]
        if not library or self.connection.execute(OTHER_RELATIONS, (self.schema,)).fetchone()[0]:
            return
        try:
            with self.connection.transaction():  # a savepoint
                for drop, name in library:
                    self.connection.execute(sql.SQL(drop).format(sql.Identifier(self.schema, name)))
        except psycopg.errors.DependentObjectsStillExist:
            pass  # something else of another program's uses them: they stay

    def _drop_schema(self) -> None:
        """The store's ``?schema=``, if nothing else is in it (RESTRICT)."""
        import psycopg
        from psycopg import sql

        forget_schema(self.store)
        try:
            with self.connection.transaction():
                drop = sql.SQL("DROP SCHEMA IF EXISTS {}")  # RESTRICT: only if empty
                self.connection.execute(drop.format(sql.Identifier(self.schema)))
        except psycopg.errors.DependentObjectsStillExist:
            pass  # something else was put in it meanwhile: the schema stays

    def _run(self, query: str, params: Any) -> Any:
        import psycopg

        try:
            return self.connection.execute(query, params)
        except psycopg.Error as error:
            raise StoreError(_FAILED, {"store": self.store.redacted, "error": str(error)}) from None
