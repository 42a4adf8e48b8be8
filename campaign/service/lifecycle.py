"""The store a ledger opened: the library's application on it, its writer lock, its read
models, and what the store was when it was opened — so that a store replaced under a long-lived
process is refused, and an empty one another process's failed first command discarded is opened
afresh."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any
from uuid import UUID

from campaign.core.errors import CampaignError, DamagedHistory, ImpossibleInput
from campaign.core.i18n import N_
from campaign.service.application import LedgerApplication
from campaign.service.failures import load_stored
from campaign.store import EVENTS_TABLE, PostgresHold, StoreError, StoreURL
from campaign.store.keys import check_store_key

if TYPE_CHECKING:
    from projections.readmodel import Progress, ReadModel


class OpenStore:
    """One store, opened by URL; ``app`` is the library's application on it."""

    def __init__(self, store: StoreURL) -> None:
        self.store = store
        self.app: LedgerApplication
        self._read_model: ReadModel | None = None
        self.locked_here = False  # this process holds the writer lock (it is not re-entrant)
        self.closed = False
        # what this ledger opened: the SQLite file (StoreURL.identity), or the PostgreSQL
        # events table (PostgresHold.identity)
        self._identity: tuple[int, int] | int | None = None
        self.saw_events = False  # whether this ledger has found or recorded an event there
        # PostgreSQL: the tracker's objects in the schema before this ledger created the store
        # there (None: the store was there), and whether it created the schema: a failed
        # first command drops what it made (discard_if_empty)
        self._before: frozenset[tuple[str, str]] | None = None
        self._made_schema = False
        self.hold: PostgresHold | None = None  # the PostgreSQL writer lock, while held
        store.prepare()
        try:
            # Creating tables concurrently fails on PostgreSQL ("tuple concurrently updated"):
            # the first connection to a store is made under the writer lock.
            with store.writer_lock() as hold:
                if hold is None:
                    self._open_sqlite()
                else:
                    self._open_postgres(hold)
                self.saw_events = bool(self.app.recorder.max_notification_id())
        except StoreError:
            raise
        except Exception as error:  # the library's own errors vary by backend
            raise StoreError(
                N_("cannot open the store {store}: {error}"),
                {"store": store.redacted, "error": str(error)},
            ) from None

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self._read_model is not None:
            self._read_model.engine.dispose()
        self.app.close()

    @property
    def made_store(self) -> bool:
        """Whether this ledger created its PostgreSQL store (the library's tables were not
        there); a SQLite file the CLI created is known to the CLI (``StoreURL.prepare``)."""
        return self._before is not None

    def stored(self, aggregate_id: UUID, version: int | None = None) -> Any:
        """The aggregate at ``version`` (latest: None) as its stored events make it."""
        return load_stored(self.app, aggregate_id, version)

    @property
    def read_model(self) -> ReadModel:
        """The read models (SQLAlchemy), set up on first use: a logging command that needs
        none never imports SQLAlchemy (docs/PERFORMANCE.md, start-up)."""
        if self._read_model is None:
            from projections import readmodel

            with self.locked():  # creating tables concurrently fails on PostgreSQL
                engine = readmodel.store_engine(self.store)
                model = readmodel.ReadModel(engine, self.app, load=self.stored)
                model.set_up()
            self._read_model = model
        return self._read_model

    def catch_up(self, progress: Progress | None = None) -> int:
        """Fold what the read models have not seen yet; the number of events folded. Read
        models that folded an event no longer stored under its id (the history's end cut, and
        maybe written on again) are rebuilt instead: the number of events folded then."""
        from projections.readmodel import Stale

        with self._folding():
            try:
                return self.read_model.catch_up(progress)
            except Stale:
                pass
            with self.locked():  # as `projections rebuild`
                return self.read_model.rebuild(progress)

    def rebuild(self, progress: Progress | None = None) -> int:
        """``projections rebuild``: drop the read models and fold the whole history again (in
        one transaction: one that fails leaves them as they were)."""
        with self.locked(), self._folding():  # locked: no command lands half-way through
            try:
                return self.read_model.rebuild(progress)
            except DamagedHistory as error:
                raise error.again(N_("; the read models were left as they were")) from None

    def drop_read_models(self, *, scrub: bool = False) -> None:
        """``projections drop``: drop the read models, under the writer lock; they are set up
        and folded again from the events on the next read. ``scrub`` (SQLite only): what they
        held is overwritten in the file and its WAL (docs/RELIABILITY.md#security-at-rest)."""
        if scrub and self.store.kind != "sqlite":
            raise ImpossibleInput(
                N_(
                    "overwriting what the dropped read models held applies to a SQLite store "
                    "only: a PostgreSQL server keeps its files itself (its VACUUM FULL is for "
                    "the server's owner); nothing was dropped"
                ),
                field="scrub",
                expected=N_("a SQLite store, or `campaign projections drop` without --scrub"),
                values={},
            )
        with self.locked(), self._folding():
            self.read_model.drop(overwrite=scrub)
            self._forget_read_model()
            if scrub and self.store.path is not None:
                from campaign.store.sqlite import scrub as scrub_file

                scrub_file(self.store.path)

    def _forget_read_model(self) -> None:
        if self._read_model is not None:
            self._read_model.engine.dispose()
            self._read_model = None

    @contextmanager
    def _folding(self) -> Iterator[None]:
        """A database error while folding is a store failure (exit 1), said, not a traceback:
        SQLite locked past its timeout, a server gone, a value a read-model column refuses."""
        from sqlalchemy.exc import DBAPIError

        try:
            yield
        except DBAPIError as error:
            raise StoreError(
                N_("the store {store} failed: {error}"),
                {"store": self.store.redacted, "error": str(error.orig)},
            ) from None

    @contextmanager
    def locked(self) -> Iterator[None]:
        """The store's writer lock, taken once per process however deep the calls nest."""
        if self.locked_here:
            yield
            return
        with self.store.writer_lock() as hold:
            if hold is None:
                if self.store.identity() != self._identity:
                    self._opened_again()
            elif not self.saw_events and hold.identity() != self._identity:
                self._opened_again_postgres(hold)  # an empty store dropped, or made again
            self.locked_here, self.hold = True, hold
            try:
                yield
            finally:
                self.locked_here, self.hold = False, None

    def discard_if_empty(self) -> bool:
        """Close the store and remove it when no event is recorded in it (a first command that
        failed: the CLI calls this only for a store it created). SQLite: the file and its WAL
        files; the lock file and the directories stay, another process may be waiting on that
        lock. PostgreSQL: the tracker's tables, by name, that were not there when this ledger
        created the store (:attr:`made_store`) — the library's and the read models' — the
        library's row type and function if they were not there either and no other table is
        left beside them, and the ``?schema=`` if it made it and it is empty; nothing of another
        program's (``PostgresHold.discard``). Under the writer lock, so no other process is
        recording there; one that opened the same new store meanwhile opens it afresh once it
        holds the lock (:meth:`locked`)."""
        try:
            with self.locked():
                if self.app.recorder.max_notification_id():
                    return False
                if self.hold is not None:  # PostgreSQL
                    if self._before is None:
                        return False  # the store was there before this ledger: it stays
                    self.close()
                    from projections.tables import metadata  # SQLAlchemy: on this failure only

                    read_models = frozenset(table.name for table in metadata.tables.values())
                    self.hold.discard(
                        self._before, schema=self._made_schema, read_models=read_models
                    )
                    return True
                self.close()
                for path in self.store.files():
                    with suppress(OSError):
                        path.unlink()
        except CampaignError:
            return False
        return True

    def release(self) -> None:
        """Close the SQLite store's idle connections — the library's and the read models' —
        so this process holds no file of the store until its next use, which opens them again
        by path. ``campaign shell`` calls it before every prompt: SQLite's last close
        checkpoints the WAL into the file this ledger opened and removes ``-wal``/``-shm`` by
        path, which is safe only while the path still leads to that file (a backup restored
        by ``mv`` under an idle shell would meet its WAL: docs/RELIABILITY.md). Nothing to do
        for PostgreSQL, nor under the writer lock."""
        if self.store.kind != "sqlite" or self.closed or self.locked_here:
            return
        from eventsourcing.sqlite import SQLiteConnectionPool

        datastore = self.app.recorder.datastore  # the snapshots' recorder shares it
        idle = datastore.pool
        if idle.num_in_pool and not idle.num_in_use:
            # a closed pool refuses connections: a new one, the same settings, opens lazily
            datastore.pool = SQLiteConnectionPool(
                db_name=idle.db_name,
                lock_timeout=idle.lock_timeout,
                pool_size=idle.pool_size,
                max_overflow=idle.max_overflow,
                pool_timeout=idle.pool_timeout,
                max_age=idle.max_age,
                pre_ping=idle.pre_ping,
            )
            idle.close()
        if self._read_model is not None:
            self._read_model.engine.dispose()  # SQLAlchemy reconnects on the next use

    def check_still_there(self) -> None:
        """Before a command of ``campaign shell``: refuse when the SQLite file the shell opened
        is no longer at its path (removed, or replaced by a restored backup) — for reading
        commands too, which would otherwise read whatever file is there now with what this
        process keeps in memory of the old one. An empty store discarded by another process's
        failed first command is opened afresh, under the writer lock (:meth:`_opened_again`).
        On PostgreSQL only that: a store in which this ledger has seen no event is checked
        under the writer lock (reading commands do not take it once the read models are set
        up), and one that held events is never dropped."""
        if self.store.kind != "sqlite":
            if not self.saw_events:
                with self.locked():
                    pass  # the lock's own check: opened afresh if dropped meanwhile
            return
        if self.store.identity() == self._identity:
            return
        if self.saw_events or self.store.identity() is not None:
            raise self._replaced()
        with self.locked():
            pass  # the lock's own check: opened afresh, or refused if a store is there now

    def _replaced(self) -> StoreError:
        return StoreError(
            N_(
                "the store {store} was removed or replaced since this command opened it: run "
                "the command again (in `campaign shell`, leave it and start it again)"
            ),
            {"store": self.store.redacted},
        )

    def _open_sqlite(self) -> None:
        self.app = LedgerApplication(env=self.store.library_env())
        check_store_key(self.app, self.store)  # a wrong, missing or stray CAMPAIGN_KEY
        self._identity = self.store.identity()

    def _opened_again(self) -> None:
        """The SQLite file this ledger opened is no longer at its path (it holds the writer
        lock). An empty store discarded by another process's failed first command
        (:meth:`discard_if_empty`) is opened afresh — empty, as this ledger last found it.
        Anything else (a store deleted by hand or replaced under ``campaign shell``) is an
        error: recording into a file no path leads to would lose every event."""
        if self.saw_events or self.store.identity() is not None:
            raise self._replaced()
        self._forget()
        self.store.prepare()
        self._open_sqlite()

    def _open_postgres(self, hold: PostgresHold) -> None:
        """Open the PostgreSQL store, the writer lock held. The library creates its tables
        when they are missing: what the tracker had in the schema before is kept, so that a
        failed first command drops only what this ledger made (:meth:`discard_if_empty`)."""
        before = hold.footprint()
        made_schema = hold.ensure_schema(before) or hold.made_schema
        self.app = LedgerApplication(env=self.store.library_env())
        check_store_key(self.app, self.store)  # a wrong, missing or stray CAMPAIGN_KEY
        self._identity = hold.identity()
        made = ("table", EVENTS_TABLE) not in before
        self._before = before if made else None
        self._made_schema = made and made_schema

    def _opened_again_postgres(self, hold: PostgresHold) -> None:
        """The PostgreSQL store this ledger opened, with no event then, is not the one there
        now (it holds the writer lock): another process's failed first command dropped it
        (:meth:`discard_if_empty`), and maybe a third made it again. Opened afresh — the
        schema and tables made again when missing, and then this ledger's to drop if its own
        first command fails."""
        self._forget()
        self._open_postgres(hold)

    def _forget(self) -> None:
        """Let go of the application and the read models, to open the store afresh."""
        self._forget_read_model()
        self.app.close()
