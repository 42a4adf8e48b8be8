"""The application service: load → call → save, one command at a time, under the writer lock.

Commands take and return plain values; the CLI never touches an aggregate. Each command's events
are written in one ``save`` (one transaction), stamped with dense positions that continue from
the last recorded event, the open session and the GM.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application, ProcessingEvent
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError, OperationalError
from eventsourcing.utils import Environment, EnvType

from aggregates.base import (
    LedgerAggregate,
    Recording,
    aggregate_id,
    current_recording,
    recording,
)
from aggregates.campaign import Campaign
from campaign.characters import CharacterCommands
from campaign.corrections import Corrections
from campaign.encounters import EncounterCommands
from campaign.errors import CampaignError, HandleTaken, ImpossibleInput, UnknownHandle
from campaign.handles import check_handle
from campaign.integrity import GENESIS
from campaign.keys import check_store_key
from campaign.reading import Reading
from campaign.rules.dice import DiceRoller
from campaign.sessions import SessionCommands
from campaign.store import StoreError, StoreURL

if TYPE_CHECKING:
    from projections.readmodel import ReadModel

T = TypeVar("T")

MAX_ATTEMPTS = 5  # optimistic-concurrency retries before a conflict is reported
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
        return Environment(name, {"IS_SNAPSHOTTING_ENABLED": "y", **(env or {})})

    def _record(self, processing_event: ProcessingEvent) -> list[Any]:
        # One save may hold several aggregates' events, interleaved (a company casualty, a whole
        # replayed file): store them in position order, so the notification log reads the
        # history in the order it was recorded.
        processing_event.events.sort(key=lambda e: e.position)
        return super()._record(processing_event)


@dataclass
class _Unit:
    """A unit of work spanning several commands (a replayed file): one transaction at the end."""

    next_position: int
    last_hash: str = GENESIS
    loaded: dict[UUID, Aggregate] = field(default_factory=dict)
    staged: dict[UUID, Aggregate] = field(default_factory=dict)
    failed: bool = False
    read_model_caught_up: bool = False  # with the store, which cannot change under the unit
    # The version each aggregate had before the running command first loaded it, and, per staged
    # command, the aggregates it changed with that earlier version (None: it created them) — what
    # a ``retract`` of a command of this same unit restores (:meth:`Ledger.staged_state`). Only
    # versions: copying every state for the rare retraction made a log's replay pay for it at
    # every line.
    before: dict[UUID, int] = field(default_factory=dict)
    commands: list[StagedCommand] = field(default_factory=list)
    # The encounters each company joined in this unit: the read models it asks (which open
    # encounters a company fights in) know only what was stored before it (`fights_of`).
    joined: dict[str, dict[UUID, None]] = field(default_factory=dict)
    # What the read models answered the write side: nothing can land in the store under the
    # unit, so an answer stands until it ends (`Ledger.stored_answer`).
    answers: dict[tuple[str, ...], list[str]] = field(default_factory=dict)
    # Per aggregate, the last earlier version `staged_state` rebuilt: the next retraction goes on
    # from it instead of from the unit's start (a log's `retract last` withdraws recent commands).
    rebuilt: dict[UUID, Aggregate] = field(default_factory=dict)


@dataclass(frozen=True)
class StagedCommand:
    position: int  # its first event
    last: int  # its last event
    touched: dict[UUID, int | None]  # the aggregates it recorded on, each with its version before
    after: dict[UUID, int]  # and after


class Ledger(SessionCommands, EncounterCommands, CharacterCommands, Corrections, Reading):
    """One campaign's history, opened on a store by URL, recording as one GM."""

    def __init__(self, store: StoreURL, *, gm: str | None = None, seed: int | None = None):
        self.store = store
        self.gm = gm
        self.dice = DiceRoller(seed)
        self._unit: _Unit | None = None
        # The aggregates a live command has loaded, each loaded once (it holds the writer lock:
        # none can change in the store under it); None between commands.
        self._held: dict[UUID, Aggregate] | None = None
        self._read_model: ReadModel | None = None
        self._locked = False  # this process holds the writer lock (it is not re-entrant)
        self._closed = False
        self._identity: tuple[int, int] | None = None  # the SQLite file opened (StoreURL.identity)
        self._saw_events = False  # whether this ledger has found or recorded an event there
        store.prepare()
        try:
            # Creating tables concurrently fails on PostgreSQL ("tuple concurrently updated"):
            # the first connection to a store is made under the writer lock.
            with store.writer_lock():
                self.app = LedgerApplication(env=store.library_env())
                check_store_key(self.app, store)  # a wrong, missing or stray CAMPAIGN_KEY
                self._identity = store.identity()
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

    def discard_if_empty(self) -> bool:
        """Close the ledger and remove the SQLite store it opened when no event is recorded in
        it (a first command that failed: the CLI calls this only for a store it created).
        Under the writer lock, so no other process is recording there; one that opened the same
        new store meanwhile opens it afresh once it holds the lock (:meth:`locked`). The lock
        file and the directories stay: another process may be waiting on that lock."""
        try:
            with self.locked():
                if self.last_position() != 0:
                    return False
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
        with self.store.writer_lock():
            if self.store.identity() != self._identity:
                self._opened_again()
            self._locked = True
            try:
                yield
            finally:
                self._locked = False

    def _opened_again(self) -> None:
        """The SQLite file this ledger opened is no longer at its path (it holds the writer
        lock). An empty store discarded by another process's failed first command
        (:meth:`discard_if_empty`) is opened afresh — empty, as this ledger last found it.
        Anything else (a store deleted by hand or replaced under ``campaign shell``) is an
        error: recording into a file no path leads to would lose every event."""
        if self._saw_events or self.store.identity() is not None:
            raise StoreError(
                f"the store {self.store.redacted} was removed or replaced since this command "
                "opened it: run the command again (in `campaign shell`, leave it and start it "
                "again)"
            )
        if self._read_model is not None:
            self._read_model.engine.dispose()
            self._read_model = None
        self.app.close()
        self.store.prepare()
        self.app = LedgerApplication(env=self.store.library_env())
        check_store_key(self.app, self.store)
        self._identity = self.store.identity()

    def _load_version(self, aggregate_id: UUID, version: int) -> Any:
        return self.app.repository.get(aggregate_id, version=version)

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # --- recording ---------------------------------------------------------------------

    def last_position(self) -> int:
        """The position of the last recorded event (0 for an empty store)."""
        if self._unit is not None:
            return self._unit.next_position - 1
        return self._last()[0]

    def _last(self) -> tuple[int, str]:
        """The last recorded event's position and hash (0 and the chain's start when empty)."""
        last = self.app.recorder.max_notification_id()
        if not last:
            return 0, GENESIS
        self._saw_events = True
        (notification,) = self.app.recorder.select_notifications(start=last, limit=1)
        event = self.app.mapper.to_domain_event(notification)
        return event.position, getattr(event, "hash", GENESIS)

    def _recording(self, session: int | None) -> Recording:
        position, last_hash = self._last()
        return Recording(position + 1, session, self.gm, last_hash=last_hash)

    def command(self, body: Callable[[Recording], T], *, needs_session: bool = True) -> T:
        """Run ``body`` as one command under the writer lock, retrying on a version conflict.

        ``body`` loads aggregates, calls them and saves them once; it is re-run from the start
        after a conflict, so it must not keep state between attempts. Inside :meth:`unit` the
        command's events are staged, and written with the whole unit.
        """
        if self._unit is not None:
            return self._staged_command(self._unit, body, needs_session)
        for attempt in range(1, MAX_ATTEMPTS + 1):
            with self.locked():
                self._held = {}
                try:
                    context = self._recording(self._session_for(needs_session))
                    with recording(context):
                        return body(context)
                except IntegrityError:
                    if attempt == MAX_ATTEMPTS:
                        raise self._gave_up() from None
                except OperationalError as error:
                    raise StoreError(f"the store {self.store.redacted} failed: {error}") from None
                finally:
                    self._held = None  # the next attempt, or command, loads afresh
        raise AssertionError("unreachable")

    def _session_for(self, needs_session: bool) -> int | None:
        session = self.campaign().open_session
        if needs_session and session is None:
            raise ImpossibleInput(
                "no session is open: open one first with `campaign session N`",
                field="session",
                expected="an open session",
            )
        return session

    def _staged_command(self, unit: _Unit, body: Callable[[Recording], T], needs: bool) -> T:
        if unit.failed:
            raise RuntimeError("a command of this unit failed: the unit cannot go on")
        try:
            session = self._session_for(needs)
            context = Recording(unit.next_position, session, self.gm, last_hash=unit.last_hash)
            unit.before = {}
            with recording(context):
                result = body(context)
        except BaseException:
            unit.failed = True  # its aggregates may hold half a command: never written
            raise
        if context.command is not None:
            touched = {key: unit.before.get(key) for key in context.touched}
            last = context.next_position - 1
            unit.commands.append(StagedCommand(context.command, last, touched, context.touched))
        unit.next_position = context.next_position
        unit.last_hash = context.last_hash
        return result

    def unit(self, work: Callable[[], T], *, commit: bool = True) -> T:
        """Run ``work`` — several commands — as one transaction: all of it, or nothing.

        The writer lock is held throughout; aggregates loaded by one command are seen by the
        next with their staged events. A replayed file is one unit (SPEC §5, atomic per file).
        ``commit=False`` checks everything and writes nothing (``replay --dry-run``).
        """
        if self._unit is not None:
            raise RuntimeError("units do not nest")
        for attempt in range(1, MAX_ATTEMPTS + 1):
            with self.locked():
                try:
                    position, last_hash = self._last()
                    self._unit = _Unit(position + 1, last_hash=last_hash)
                    result = work()
                    if self._unit.failed:  # a caller swallowed a command's error: write nothing
                        raise RuntimeError("a command of this unit failed; nothing was written")
                    staged = list(self._unit.staged.values())
                    self._unit = None
                    if staged and commit:
                        self.app.save(*staged)
                        self._saw_events = True
                    return result
                except IntegrityError:
                    if attempt == MAX_ATTEMPTS:
                        raise self._gave_up() from None
                except OperationalError as error:
                    raise StoreError(f"the store {self.store.redacted} failed: {error}") from None
                finally:
                    self._unit = None
        raise AssertionError("unreachable")

    def _gave_up(self) -> StoreError:
        return StoreError(
            f"another writer kept changing the same records; gave up after {MAX_ATTEMPTS} "
            "attempts — nothing was recorded, try again"
        )

    def save(self, *aggregates: Aggregate) -> None:
        """Save a command's aggregates in one transaction (atomic across aggregates)."""
        if self._unit is not None:
            for aggregate in aggregates:
                self._unit.staged[aggregate.id] = aggregate
                self._unit.loaded[aggregate.id] = aggregate
            return
        self.app.save(*aggregates)
        self._saw_events = True

    def get(self, aggregate_id: UUID, version: int | None = None) -> Any:
        """The aggregate at ``version`` (latest: None). Inside a command or a unit of work, the
        one it already holds (with the changes it made), loaded once."""
        unit = self._unit
        held = self._holding()
        if held is None or version is not None:
            return self.app.repository.get(aggregate_id, version=version)
        found = held.get(aggregate_id)
        if found is None:
            found = held[aggregate_id] = self.app.repository.get(aggregate_id)
        if unit is not None and current_recording() is not None and aggregate_id not in unit.before:
            unit.before[aggregate_id] = found.version
        return found

    def _holding(self) -> dict[UUID, Aggregate] | None:
        """The aggregates the running unit of work, or live command, holds (None: neither)."""
        return self._unit.loaded if self._unit is not None else self._held

    def staged_state(self, aggregate_id: UUID, version: int | None) -> dict[str, Any] | None:
        """The state an aggregate of the running unit had at ``version`` (None: not yet created),
        for a ``retract`` of a command of the same log: its stored state, then the unit's staged
        events up to ``version`` applied afresh with the aggregate's own mutators — from the
        state the previous such rebuild reached, when it is not past ``version``."""
        if version is None:
            return None
        assert self._unit is not None
        staged = self._unit.loaded[aggregate_id].pending_events
        stored = staged[0].originator_version - 1 if staged else version
        if version <= stored:
            return self.app.repository.get(aggregate_id, version=version).state()
        earlier = self._unit.rebuilt.get(aggregate_id)
        if earlier is None or earlier.version > version:
            earlier = self.app.repository.get(aggregate_id) if stored else None
        done = 0 if earlier is None else earlier.version - stored  # staged versions are dense
        for event in staged[done:]:
            if event.originator_version > version:
                break
            earlier = event.mutate(earlier)
        self._unit.rebuilt[aggregate_id] = earlier
        return earlier.state()

    def caught_up_read_model(self) -> ReadModel:
        """The read models, caught up for a command's question (which encounters a company
        fights in, which characters have conditions to end): once per unit of work, which holds
        the writer lock, so nothing can land in the store between its commands."""
        unit = self._unit
        if unit is None or not unit.read_model_caught_up:
            self.catch_up()
            if unit is not None:
                unit.read_model_caught_up = True
        return self.read_model

    def staged_events(self) -> list[LedgerAggregate.Event]:
        """The events the running unit of work would record, in position order."""
        if self._unit is None:
            return []
        pending = [e for a in self._unit.staged.values() for e in a.pending_events]
        return sorted(pending, key=lambda e: e.position)

    def stored_answer(
        self, question: tuple[str, ...], ask: Callable[[ReadModel], list[str]]
    ) -> list[str]:
        """What the read models (caught up first) answer a command's ``question`` about the
        stored history — which encounters a company fights in, which characters have conditions
        to end. A unit of work asks each question once: the store cannot change under it."""
        unit = self._unit
        if unit is not None and question in unit.answers:
            return unit.answers[question]
        found = ask(self.caught_up_read_model())
        if unit is not None:
            unit.answers[question] = found
        return found

    def remember_join(self, company: str, encounter_id: UUID) -> None:
        """``company`` joined an encounter: kept for the rest of the unit of work, if any."""
        if self._unit is not None:
            self._unit.joined.setdefault(company, {})[encounter_id] = None

    def joined_in_unit(self, company: str) -> list[UUID]:
        """The encounters ``company`` joined in the running unit of work, in order."""
        return [] if self._unit is None else list(self._unit.joined.get(company, ()))

    def loaded(self) -> list[Aggregate]:
        """The aggregates the running unit of work holds (none outside a unit)."""
        return [] if self._unit is None else list(self._unit.loaded.values())

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
        """Every recorded event in position order, streamed in batches."""
        start = 1
        while True:
            notifications = self.app.recorder.select_notifications(start=start, limit=batch)
            if not notifications:
                return
            for notification in notifications:
                yield self.app.mapper.to_domain_event(notification)
            start = notifications[-1].id + 1
