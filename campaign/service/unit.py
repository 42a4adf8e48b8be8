"""The unit of work of the application service (mixed into ``Ledger``): a command, or a whole
replayed file, loads aggregates once, stages their events stamped with dense positions and the
hash chain, and writes them in one ``save`` — all of it or nothing — retrying a version
conflict. What a command of a unit asks the stored history (the read models) is asked once,
and a ``retract`` of a command of the same unit finds the states it restores here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate, OriginatorIDError, OriginatorVersionError
from eventsourcing.persistence import IntegrityError, OperationalError

from aggregates.base import LedgerAggregate, Recording, current_recording, recording
from campaign.core.errors import DamagedHistory, ImpossibleInput, aggregate_named
from campaign.core.integrity import GENESIS
from campaign.store import StoreError

if TYPE_CHECKING:
    from campaign.service.ledger import Ledger
    from projections.readmodel import ReadModel

T = TypeVar("T")

MAX_ATTEMPTS = 5  # optimistic-concurrency retries before a conflict is reported


@dataclass
class UnitState:
    """A unit of work spanning several commands (a replayed file): one transaction at the end."""

    next_position: int
    last_hash: str = GENESIS
    # The store held no event when the unit began (a log replayed into a new store): an
    # aggregate the unit has not loaded or created does not exist, and the store is not asked.
    from_empty: bool = False
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
    relied: set[UUID]  # other aggregates its events rely on (Event.relies_on)
    session: int | None = None  # the session it was recorded in (`session N`'s: N)


class UnitOfWork:
    """Mixed into :class:`campaign.service.ledger.Ledger`: recording, one command or one unit."""

    def last_position(self: Ledger) -> int:
        """The position of the last recorded event (0 for an empty store)."""
        if self._unit is not None:
            return self._unit.next_position - 1
        return self._last()[0]

    def _last(self: Ledger) -> tuple[int, str]:
        """The last recorded event's position and hash (0 and the chain's start when empty)."""
        last = self.app.recorder.max_notification_id()
        if not last:
            return 0, GENESIS
        self._saw_events = True
        (notification,) = self.app.recorder.select_notifications(start=last, limit=1)
        event = self.app.mapper.to_domain_event(notification)
        return event.position, getattr(event, "hash", GENESIS)

    def _recording(self: Ledger, session: int | None) -> Recording:
        position, last_hash = self._last()
        return Recording(position + 1, session, self.gm, last_hash=last_hash)

    def command(self: Ledger, body: Callable[[Recording], T], *, needs_session: bool = True) -> T:
        """Run ``body`` as one command under the writer lock, retrying on a version conflict.

        ``body`` loads aggregates, calls them and saves them once; it is re-run from the start
        after a conflict, so it must not keep state between attempts. Inside :meth:`unit` the
        command's events are staged, and written with the whole unit.
        """
        if self._unit is not None:
            return self._staged_command(self._unit, body, needs_session)
        for attempt in range(1, MAX_ATTEMPTS + 1):
            with self.locked(), self._attempt(attempt):
                self._held = {}
                try:
                    context = self._recording(self._session_for(needs_session))
                    with recording(context):
                        return body(context)
                finally:
                    self._held = None  # the next attempt, or command, loads afresh
        raise AssertionError("unreachable")

    def _session_for(self: Ledger, needs_session: bool) -> int | None:
        session = self.campaign().open_session
        if needs_session and session is None:
            raise ImpossibleInput(
                "no session is open: open one first with `campaign session N`",
                field="session",
                expected="an open session",
            )
        return session

    def _staged_command(
        self: Ledger, unit: UnitState, body: Callable[[Recording], T], needs: bool
    ) -> T:
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
            staged = StagedCommand(
                context.command, last, touched, context.touched, context.relied, context.session
            )
            unit.commands.append(staged)
        unit.next_position = context.next_position
        unit.last_hash = context.last_hash
        return result

    def unit(self: Ledger, work: Callable[[], T], *, commit: bool = True) -> T:
        """Run ``work`` — several commands — as one transaction: all of it, or nothing.

        The writer lock is held throughout; aggregates loaded by one command are seen by the
        next with their staged events. A replayed file is one unit (SPEC §5, atomic per file).
        ``commit=False`` checks everything and writes nothing (``replay --dry-run``).
        """
        if self._unit is not None:
            raise RuntimeError("units do not nest")
        for attempt in range(1, MAX_ATTEMPTS + 1):
            with self.locked(), self._attempt(attempt):
                try:
                    position, last_hash = self._last()
                    self._unit = UnitState(
                        position + 1, last_hash=last_hash, from_empty=position == 0
                    )
                    result = work()
                    if self._unit.failed:  # a caller swallowed a command's error: write nothing
                        raise RuntimeError("a command of this unit failed; nothing was written")
                    staged = list(self._unit.staged.values())
                    self._unit = None
                    if staged and commit:
                        self.app.save(*staged)
                        self._saw_events = True
                    return result
                finally:
                    self._unit = None
        raise AssertionError("unreachable")

    @contextmanager
    def _attempt(self: Ledger, attempt: int) -> Iterator[None]:
        """One attempt of a command or unit: a version conflict (another writer saved first)
        lets the caller try again, up to MAX_ATTEMPTS; the store failing is a StoreError."""
        try:
            yield
        except IntegrityError:
            if attempt == MAX_ATTEMPTS:
                raise self._gave_up() from None
        except OperationalError as error:
            raise StoreError(f"the store {self.store.redacted} failed: {error}") from None

    def _gave_up(self: Ledger) -> StoreError:
        return StoreError(
            f"another writer kept changing the same records; gave up after {MAX_ATTEMPTS} "
            "attempts — nothing was recorded, try again"
        )

    def save(self: Ledger, *aggregates: Aggregate) -> None:
        """Save a command's aggregates in one transaction (atomic across aggregates)."""
        if self._unit is not None:
            for aggregate in aggregates:
                self._unit.staged[aggregate.id] = aggregate
                self._unit.loaded[aggregate.id] = aggregate
            return
        self.app.save(*aggregates)
        self._saw_events = True

    def get(self: Ledger, aggregate_id: UUID, version: int | None = None) -> Any:
        """The aggregate at ``version`` (latest: None). Inside a command or a unit of work, the
        one it already holds (with the changes it made), loaded once."""
        unit = self._unit
        held = self._holding()
        if held is None or version is not None:
            return self.stored(aggregate_id, version)
        found = held.get(aggregate_id)
        if found is None:
            if unit is not None and unit.from_empty:
                raise AggregateNotFoundError(aggregate_id)  # nothing is stored yet
            found = held[aggregate_id] = self.stored(aggregate_id)
        if unit is not None and current_recording() is not None and aggregate_id not in unit.before:
            unit.before[aggregate_id] = found.version
        return found

    def stored(self: Ledger, aggregate_id: UUID, version: int | None = None) -> Any:
        """The aggregate at ``version`` (latest: None) as its stored events make it. Events
        whose versions do not follow one another (one deleted or added behind the tracker's
        back) are a damaged history, said (exit 1), not the library's traceback."""
        try:
            return self.app.repository.get(aggregate_id, version=version)
        except (OriginatorVersionError, OriginatorIDError, AssertionError) as error:
            # (AssertionError: the library's, a creation event met by an aggregate already
            # made — one stored again under a later version)
            found = self.damaged_aggregate(aggregate_id)
            if found is not None:
                raise found from None
            if isinstance(error, AssertionError):
                raise
            raise DamagedHistory(
                f"the events of aggregate {aggregate_id} do not follow one another"
            ) from None

    def damaged_aggregate(self: Ledger, aggregate_id: UUID) -> DamagedHistory | None:
        """Where an aggregate's stored versions stop running 1, 2, 3…, as far as its events can
        be read: the aggregate, the versions, and the position the odd event carries (None:
        they run on, or cannot be read)."""
        try:
            named = f"aggregate {aggregate_id}"
            for expected, row in enumerate(self.app.recorder.select_events(aggregate_id), 1):
                if expected == 1:
                    first = self.app.mapper.to_domain_event(row)
                    module = row.topic.partition(":")[0]
                    named = aggregate_named(module, getattr(first, "handle", None))
                if row.originator_version != expected:
                    event = self.app.mapper.to_domain_event(row)
                    return DamagedHistory(
                        f"{named}'s stored events go from version {expected - 1} to "
                        f"{row.originator_version} (the event at position {event.position})"
                    )
        except Exception:  # a row that cannot be read: said as it is met elsewhere
            return None
        return None

    def _holding(self: Ledger) -> dict[UUID, Aggregate] | None:
        """The aggregates the running unit of work, or live command, holds (None: neither)."""
        return self._unit.loaded if self._unit is not None else self._held

    def staged_state(
        self: Ledger, aggregate_id: UUID, version: int | None
    ) -> dict[str, Any] | None:
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
            return self.stored(aggregate_id, version).state()
        earlier = self._unit.rebuilt.get(aggregate_id)
        if earlier is None or earlier.version > version:
            earlier = self.stored(aggregate_id) if stored else None
        done = 0 if earlier is None else earlier.version - stored  # staged versions are dense
        for event in staged[done:]:
            if event.originator_version > version:
                break
            earlier = event.mutate(earlier)
        self._unit.rebuilt[aggregate_id] = earlier
        return earlier.state()

    def caught_up_read_model(self: Ledger) -> ReadModel:
        """The read models, caught up for a command's question (which encounters a company
        fights in, which characters have conditions to end): once per unit of work, which holds
        the writer lock, so nothing can land in the store between its commands."""
        unit = self._unit
        if unit is None or not unit.read_model_caught_up:
            self.catch_up()
            if unit is not None:
                unit.read_model_caught_up = True
        return self.read_model

    def staged_events(self: Ledger) -> list[LedgerAggregate.Event]:
        """The events the running unit of work would record, in position order."""
        if self._unit is None:
            return []
        pending = [e for a in self._unit.staged.values() for e in a.pending_events]
        return sorted(pending, key=lambda e: e.position)

    def stored_answer(
        self: Ledger, question: tuple[str, ...], ask: Callable[[ReadModel], list[str]]
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

    def remember_join(self: Ledger, company: str, encounter_id: UUID) -> None:
        """``company`` joined an encounter: kept for the rest of the unit of work, if any."""
        if self._unit is not None:
            self._unit.joined.setdefault(company, {})[encounter_id] = None

    def joined_in_unit(self: Ledger, company: str) -> list[UUID]:
        """The encounters ``company`` joined in the running unit of work, in order."""
        return [] if self._unit is None else list(self._unit.joined.get(company, ()))

    def loaded(self: Ledger) -> list[Aggregate]:
        """The aggregates the running unit of work holds (none outside a unit)."""
        return [] if self._unit is None else list(self._unit.loaded.values())
