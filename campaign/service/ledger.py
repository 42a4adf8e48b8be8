"""The application service: load → call → save, one command at a time, under the writer lock.

Commands take and return plain values; the CLI never touches an aggregate. Each command's events
are written in one ``save`` (one transaction), stamped with dense positions that continue from
the last recorded event, the open session and the GM.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application, ProcessingEvent
from eventsourcing.domain import Aggregate
from eventsourcing.utils import Environment, EnvType

from aggregates.base import (
    LedgerAggregate,
    Recording,
    aggregate_id,
    current_recording,
    recording,
)
from aggregates.campaign import Campaign
from campaign.core.errors import CampaignError, DamagedHistory, HandleTaken, UnknownHandle
from campaign.core.handles import check_handle
from campaign.rules.dice import DiceRoller
from campaign.service.characters import CharacterCommands
from campaign.service.corrections import Corrections
from campaign.service.encounters import EncounterCommands
from campaign.service.queries import Reading
from campaign.service.sessions import SessionCommands
from campaign.service.unit import UnitOfWork, UnitState
from campaign.store import EVENTS_TABLE, PostgresHold, StoreError, StoreURL
from campaign.store.keys import check_store_key

if TYPE_CHECKING:
    from projections.readmodel import ReadModel


SNAPSHOT_INTERVAL = 50  # events per aggregate between snapshots (benchmarks/ measures it)
A = TypeVar("A", bound=LedgerAggregate)


class _EveryLedgerAggregate(dict[type, int]):
    """A snapshot interval for every aggregate class of the ledger, without importing them all:
    a command imports only the aggregates it loads (start-up, docs/PERFORMANCE.md)."""

    def __bool__(self) -> bool:
        return True

    def get(self, cls: type, default: int | None = None) -> int | None:  # type: ignore[override]
        return SNAPSHOT_INTERVAL if issubclass(cls, LedgerAggregate) else default


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
        return Environment(name, env)

    def _record(self, processing_event: ProcessingEvent) -> list[Any]:
        # One save may hold several aggregates' events, interleaved (a company casualty, a whole
        # replayed file): store them in position order, so the notification log reads the
        # history in the order it was recorded.
        processing_event.events.sort(key=lambda e: e.position)
        return super()._record(processing_event)


class Ledger(
    UnitOfWork, SessionCommands, EncounterCommands, CharacterCommands, Corrections, Reading
):
    """One campaign's history, opened on a store by URL, recording as one GM."""

    def __init__(self, store: StoreURL, *, gm: str | None = None, seed: int | None = None):
        self.store = store
        self.gm = gm
        self.dice = DiceRoller(seed)
        self._unit: UnitState | None = None
        # The aggregates a live command has loaded, each loaded once (it holds the writer lock:
        # none can change in the store under it); None between commands.
        self._held: dict[UUID, Aggregate] | None = None
        self._read_model: ReadModel | None = None
        self._locked = False  # this process holds the writer lock (it is not re-entrant)
        self._closed = False
        # what this ledger opened: the SQLite file (StoreURL.identity), or the PostgreSQL
        # events table (PostgresHold.identity)
        self._identity: tuple[int, int] | int | None = None
        self._saw_events = False  # whether this ledger has found or recorded an event there
        # PostgreSQL: the tracker's objects in the schema before this ledger created the store
        # there (None: the store was there), and whether it created the schema: a failed
        # first command drops what it made (discard_if_empty)
        self._before: frozenset[tuple[str, str]] | None = None
        self._made_schema = False
        self._hold: PostgresHold | None = None  # the PostgreSQL writer lock, while held
        store.prepare()
        try:
            # Creating tables concurrently fails on PostgreSQL ("tuple concurrently updated"):
            # the first connection to a store is made under the writer lock.
            with store.writer_lock() as hold:
                if hold is None:
                    self.app = LedgerApplication(env=store.library_env())
                    check_store_key(self.app, store)  # a wrong, missing or stray CAMPAIGN_KEY
                    self._identity = store.identity()
                else:
                    self._open_postgres(hold)
                self._saw_events = bool(self.app.recorder.max_notification_id())
        except StoreError:
            raise
        except Exception as error:  # the library's own errors vary by backend
            raise StoreError(f"cannot open the store {store.redacted}: {error}") from None

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._read_model is not None:
            self._read_model.engine.dispose()
        self.app.close()

    @property
    def made_store(self) -> bool:
        """Whether this ledger created its PostgreSQL store (the library's tables were not
        there); a SQLite file the CLI created is known to the CLI (``StoreURL.prepare``)."""
        return self._before is not None

    def discard_if_empty(self) -> bool:
        """Close the ledger and remove the store it opened when no event is recorded in it (a
        first command that failed: the CLI calls this only for a store it created). SQLite:
        the file and its WAL files; the lock file and the directories stay, another process
        may be waiting on that lock. PostgreSQL: the tracker's tables, by name, that were not
        there when this ledger created the store (:attr:`made_store`) — the library's and the
        read models' — the library's row type and function if they were not there either and
        no other table is left beside them, and the ``?schema=`` if it made it and it is
        empty; nothing of another program's (``PostgresHold.discard``). Under the writer lock,
        so no other process is recording there; one that opened the same new store meanwhile
        opens it afresh once it holds the lock (:meth:`locked`)."""
        try:
            with self.locked():
                if self.last_position() != 0:
                    return False
                if self._hold is not None:  # PostgreSQL
                    if self._before is None:
                        return False  # the store was there before this ledger: it stays
                    self.close()
                    from projections.tables import metadata  # SQLAlchemy: on this failure only

                    read_models = frozenset(table.name for table in metadata.tables.values())
                    self._hold.discard(
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

    @property
    def read_model(self) -> ReadModel:
        """The read models (SQLAlchemy), set up on first use: a logging command that needs
        none never imports SQLAlchemy (docs/PERFORMANCE.md, start-up)."""
        if self._read_model is None:
            from projections import readmodel

            with self.locked():  # creating tables concurrently fails on PostgreSQL
                engine = readmodel.store_engine(self.store)
                model = readmodel.ReadModel(engine, self.app, load=self._load_version)
                model.set_up()
            self._read_model = model
        return self._read_model

    @contextmanager
    def locked(self) -> Iterator[None]:
        """The store's writer lock, taken once per process however deep the calls nest."""
        if self._locked:
            yield
            return
        with self.store.writer_lock() as hold:
            if hold is None:
                if self.store.identity() != self._identity:
                    self._opened_again()
            elif not self._saw_events and hold.identity() != self._identity:
                self._opened_again_postgres(hold)  # an empty store dropped, or made again
            self._locked, self._hold = True, hold
            try:
                yield
            finally:
                self._locked, self._hold = False, None

    def release(self) -> None:
        """Close the SQLite store's idle connections — the library's and the read models' —
        so this process holds no file of the store until its next use, which opens them again
        by path. ``campaign shell`` calls it before every prompt: SQLite's last close
        checkpoints the WAL into the file this ledger opened and removes ``-wal``/``-shm`` by
        path, which is safe only while the path still leads to that file. A shell idling with
        its connections open while the file was replaced (a backup restored by ``mv``) left
        its WAL beside the new file: the next process to open it read the old campaign's pages
        over it, and checkpointed them into it (docs/RELIABILITY.md). Nothing to do for
        PostgreSQL, and nothing inside a command (the writer lock, a unit of work)."""
        if self.store.kind != "sqlite" or self._closed or self._locked or self._unit is not None:
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
            if not self._saw_events:
                with self.locked():
                    pass  # the lock's own check: opened afresh if dropped meanwhile
            return
        if self.store.identity() == self._identity:
            return
        if self._saw_events or self.store.identity() is not None:
            raise self._replaced()
        with self.locked():
            pass  # the lock's own check: opened afresh, or refused if a store is there now

    def _replaced(self) -> StoreError:
        return StoreError(
            f"the store {self.store.redacted} was removed or replaced since this command "
            "opened it: run the command again (in `campaign shell`, leave it and start it "
            "again)"
        )

    def _opened_again(self) -> None:
        """The SQLite file this ledger opened is no longer at its path (it holds the writer
        lock). An empty store discarded by another process's failed first command
        (:meth:`discard_if_empty`) is opened afresh — empty, as this ledger last found it.
        Anything else (a store deleted by hand or replaced under ``campaign shell``) is an
        error: recording into a file no path leads to would lose every event."""
        if self._saw_events or self.store.identity() is not None:
            raise self._replaced()
        if self._read_model is not None:
            self._read_model.engine.dispose()
            self._read_model = None
        self.app.close()
        self.store.prepare()
        self.app = LedgerApplication(env=self.store.library_env())
        check_store_key(self.app, self.store)
        self._identity = self.store.identity()

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
        if self._read_model is not None:
            self._read_model.engine.dispose()
            self._read_model = None
        self.app.close()
        self._open_postgres(hold)

    def _load_version(self, aggregate_id: UUID, version: int) -> Any:
        # a damaged history: said (campaign/service/unit.py)
        return self.stored(aggregate_id, version)

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # --- loading ------------------------------------------------------------------------

    def find(self, aggregate_id: UUID) -> Any | None:
        try:
            return self.get(aggregate_id)
        except AggregateNotFoundError:
            return None

    def load(self, kind: str, handle: str, cls: type[A]) -> A:
        """The ``kind`` called ``handle``; an unknown or retracted one is an input error."""
        found = self.find(aggregate_id(kind, check_handle(handle, field=kind)))
        if found is None or found.retracted:
            why = "was retracted" if found is not None else "is not in this campaign"
            raise UnknownHandle(
                f"the {kind} {handle!r} {why}",
                field=kind,
                value=handle,
                expected=f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} recorded earlier",
            )
        assert isinstance(found, cls)
        return found

    def new_handle(self, kind: str, handle: str) -> str:
        """``handle`` checked and free for a new ``kind`` (a retracted one keeps its handle)."""
        handle = check_handle(handle, field=kind)
        if self.find(aggregate_id(kind, handle)) is not None:
            raise HandleTaken(
                f"the {kind} {handle!r} already exists (a retracted one keeps its handle)",
                field=kind,
                value=handle,
                expected="a new handle",
            )
        return handle

    def campaign(self) -> Campaign:
        """The campaign aggregate; an empty store has a virgin one (saved on first write)."""
        found = self.find(Campaign.create_id())
        if found is not None:
            return found
        if current_recording() is not None:  # inside a command: its first event
            created = Campaign()
            held = self._holding()
            if held is not None:
                held[created.id] = created
            return created
        with recording(Recording(self.last_position() + 1, None, self.gm)):
            return Campaign()  # only to read from: never saved outside a command

    # --- reading -----------------------------------------------------------------------

    def events(self, *, batch: int = 500) -> Iterator[LedgerAggregate.Event]:
        """Every recorded event in position order, streamed in batches; positions that do not
        run on one by one are a damaged history (exit 1), never an export that drops a command."""
        start, expected = 1, 1
        while True:
            notifications = self.app.recorder.select_notifications(start=start, limit=batch)
            if not notifications:
                return
            for notification in notifications:
                event = self.app.mapper.to_domain_event(notification)
                if event.position != expected:
                    raise DamagedHistory.out_of_place(event.position, expected)
                expected += 1
                yield event
            start = notifications[-1].id + 1

    def check_positions(self) -> None:
        """Read the whole history once, keeping nothing: a damaged one (positions that do not
        run on one by one) raises before an export writes its first line, whatever it exports —
        a jsonl cut short at the damage imported and verified as a whole history."""
        for _ in self.events():
            pass
