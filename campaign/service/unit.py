"""The unit of work: a command, or a whole replayed file, loads aggregates once, stages their
events stamped with dense positions and the hash chain, and writes them in one ``save`` — all of
it or nothing — under the writer lock, retrying a version conflict. What a command of a unit asks
the stored history (the read models) is asked once (:mod:`campaign.service.staging` keeps the
unit's memory).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError, OperationalError

from aggregates.base import Recording, aggregate_id, current_recording, recording
from aggregates.campaign import Campaign
from campaign.core.errors import HandleTaken, ImpossibleInput, UnknownHandle
from campaign.core.handles import check_handle
from campaign.core.i18n import N_
from campaign.core.integrity import GENESIS
from campaign.rules.dice import DiceRoller
from campaign.service.handle_words import EARLIER, RETRACTED, TAKEN, UNKNOWN
from campaign.service.staging import StagedCommand, UnitState, aggregate_at, state_at
from campaign.store import StoreError

if TYPE_CHECKING:
    from campaign.service.lifecycle import OpenStore
    from projections.readmodel import ReadModel

T = TypeVar("T")
A = TypeVar("A")

MAX_ATTEMPTS = 5  # optimistic-concurrency retries before a conflict is reported


class NoSessionOpen(ImpossibleInput):
    """A logging command with no session open (every logging command records in one)."""


class UnitOfWork:
    """Recording on one open store as one GM, one command or one unit of several at a time;
    ``dice`` are the tracker's, for the rolls the GM did not enter."""

    def __init__(self, opened: OpenStore, *, gm: str | None, dice: DiceRoller) -> None:
        self.opened = opened
        self.gm = gm
        self.dice = dice
        self.running: UnitState | None = None  # the unit of several commands, if any
        # The aggregates a live command has loaded, each loaded once (it holds the writer lock:
        # none can change in the store under it); None between commands.
        self._held: dict[UUID, Aggregate] | None = None
        self._saved: list[tuple[Any, Any]] | None = None  # a live command's events, as saved
        self.judged: Any = None  # what the last command's judge answered

    @property
    def busy(self) -> bool:
        """Whether a unit of work is running (the store is in use between its commands)."""
        return self.running is not None

    def last_position(self) -> int:
        """The position of the last recorded event (0 for an empty store)."""
        if self.running is not None:
            return self.running.next_position - 1
        return self._last()[0]

    def head(self) -> tuple[int, str]:
        """The chain's head: the last recorded event's position and hash (0 and the chain's
        start when empty); inside a unit, its last staged event's."""
        if self.running is not None:
            return self.running.next_position - 1, self.running.last_hash
        return self._last()

    def _last(self) -> tuple[int, str]:
        """The last recorded event's position and hash (0 and the chain's start when empty)."""
        app = self.opened.app
        last = app.recorder.max_notification_id()
        if not last:
            return 0, GENESIS
        self.opened.saw_events = True
        (notification,) = app.recorder.select_notifications(start=last, limit=1)
        event = app.mapper.to_domain_event(notification)
        return event.position, getattr(event, "hash", GENESIS)

    # --- recording ---------------------------------------------------------------------------

    def command(
        self,
        body: Callable[[], T],
        *,
        needs_session: bool = True,
        judge: Callable[[list[tuple[Any, Any]]], Any] | None = None,
    ) -> T:
        """Run ``body`` as one command under the writer lock, retrying on a version conflict.

        ``body`` loads aggregates, calls them and saves them once; it is re-run from the start
        after a conflict, so it must not keep state between attempts. Inside :meth:`unit` the
        command's events are staged, and written with the whole unit. ``judge`` is handed the
        command's events, each with its aggregate after it, once they are recorded; what it
        answers is :attr:`judged`.
        """
        self.judged = None
        unit = self.running
        if unit is not None:
            earlier = len(unit.commands)
            result = self._staged_command(unit, body, needs_session)
            if judge is not None:
                staged = unit.commands[-1] if len(unit.commands) > earlier else None
                self.judged = judge(self._after_each(self._staged_events_of(unit, staged)))
            return result
        for attempt in range(1, MAX_ATTEMPTS + 1):
            with self.opened.locked(), self._attempt(attempt):
                self._held, self._saved = {}, []
                try:
                    position, last_hash = self._last()
                    session = self._session_for(needs_session)
                    context = Recording(position + 1, session, self.gm, last_hash=last_hash)
                    with recording(context):
                        result = body()
                    if judge is not None:
                        self.judged = judge(self._after_each(self._saved))
                    return result
                finally:
                    self._held, self._saved = None, []  # the next attempt loads afresh
        raise AssertionError("unreachable")

    @staticmethod
    def _staged_events_of(unit: UnitState, staged: StagedCommand | None) -> list[tuple[Any, Any]]:
        """A staged command's events (none: it recorded nothing), each with its aggregate."""
        if staged is None:
            return []
        return [
            (event, unit.loaded[key])
            for key in staged.after
            for event in unit.loaded[key].pending_events
            if event.position >= staged.position
        ]

    def _after_each(self, events: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
        """Each of a command's events (with the aggregate it was recorded on, as that stands
        after the command) with its aggregate just after it, in position order: as the read
        models' fold hands them to the audit. An aggregate the command recorded once on is
        itself; one it recorded several events on is rebuilt from its version before them."""
        by_aggregate: dict[Any, list[Any]] = {}
        final: dict[Any, Any] = {}
        for event, aggregate in events:
            by_aggregate.setdefault(event.originator_id, []).append(event)
            final[event.originator_id] = aggregate
        paired = []
        for key, recorded in by_aggregate.items():
            if len(recorded) == 1:
                paired.append((recorded[0], final[key]))
                continue
            before = recorded[0].originator_version - 1
            state = self._aggregate_at(key, before) if before else None
            for event in recorded:
                state = event.mutate(state)
                paired.append((event, state))
                if event is not recorded[-1]:
                    state = self._copy(state)
        return sorted(paired, key=lambda pair: pair[0].position)

    def _aggregate_at(self, key: UUID, version: int) -> Any:
        """A fresh copy of an aggregate at ``version`` (the running unit's staged events too)."""
        if self.running is None:
            return self.opened.stored(key, version)
        return self._copy(aggregate_at(self.running, key, version, self.opened.stored))

    @staticmethod
    def _copy(aggregate: Any) -> Any:
        """An aggregate's copy without its pending events (the judge sees it, never saves it)."""
        copied = copy.copy(aggregate)
        copied.__dict__.update(aggregate.state())
        copied.__dict__["_pending_events"] = []
        return copied

    def _session_for(self, needs_session: bool) -> int | None:
        session = self.campaign().open_session
        if needs_session and session is None:
            raise NoSessionOpen(
                N_("no session is open: open one first with `campaign session N`"),
                field="session",
                expected=N_("an open session"),
                values={},
            )
        return session

    def _staged_command(self, unit: UnitState, body: Callable[[], T], needs: bool) -> T:
        if unit.failed:
            raise RuntimeError("a command of this unit failed: the unit cannot go on")
        try:
            session = self._session_for(needs)
            context = Recording(unit.next_position, session, self.gm, last_hash=unit.last_hash)
            unit.before = {}
            with recording(context):
                result = body()
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

    def unit(self, work: Callable[[], T], *, commit: bool = True) -> T:
        """Run ``work`` — several commands — as one transaction: all of it, or nothing.

        The writer lock is held throughout; aggregates loaded by one command are seen by the next
        with their staged events. A replayed file is one unit (docs/cli.md#replay: all of a file or
        none of it). ``commit=False`` checks everything and writes nothing (``replay --dry-run``).
        """
        if self.running is not None:
            raise RuntimeError("units do not nest")
        for attempt in range(1, MAX_ATTEMPTS + 1):
            with self.opened.locked(), self._attempt(attempt):
                try:
                    position, last_hash = self._last()
                    self.running = UnitState(
                        position + 1, last_hash=last_hash, from_empty=position == 0
                    )
                    result = work()
                    if self.running.failed:  # a caller swallowed a command's error: write nothing
                        raise RuntimeError("a command of this unit failed; nothing was written")
                    staged = list(self.running.staged.values())
                    self.running = None
                    if staged and commit:
                        self.opened.app.save(*staged)
                        self.opened.saw_events = True
                    return result
                finally:
                    self.running = None
        raise AssertionError("unreachable")

    def enter_session(self, number: int) -> None:
        """The running command's next events belong to session ``number``, which it opens."""
        context = current_recording()
        assert context is not None
        context.session = number

    @contextmanager
    def _attempt(self, attempt: int) -> Iterator[None]:
        """One attempt of a command or unit: a version conflict (another writer saved first)
        lets the caller try again, up to MAX_ATTEMPTS; the store failing is a StoreError."""
        try:
            yield
        except IntegrityError:
            if attempt == MAX_ATTEMPTS:
                raise StoreError(
                    N_(
                        "another writer kept changing the same records; gave up after "
                        "{attempts} attempts — nothing was recorded, try again"
                    ),
                    {"attempts": MAX_ATTEMPTS},
                ) from None
        except OperationalError as error:
            raise StoreError(
                N_("the store {store} failed: {error}"),
                {"store": self.opened.store.redacted, "error": str(error)},
            ) from None

    def save(self, *aggregates: Aggregate) -> None:
        """Save a command's aggregates in one transaction (atomic across aggregates)."""
        if self.running is not None:
            for aggregate in aggregates:
                self.running.staged[aggregate.id] = aggregate
                self.running.loaded[aggregate.id] = aggregate
            return
        if self._saved is not None:  # a live command: its events, kept for its judge
            self._saved.extend((e, a) for a in aggregates for e in a.pending_events)
        self.opened.app.save(*aggregates)
        self.opened.saw_events = True

    # --- loading -----------------------------------------------------------------------------

    def get(self, aggregate_id: UUID, version: int | None = None) -> Any:
        """The aggregate at ``version`` (latest: None). Inside a command or a unit of work, the
        one it already holds (with the changes it made), loaded once."""
        unit = self.running
        held = unit.loaded if unit is not None else self._held
        if held is None or version is not None:
            return self.opened.stored(aggregate_id, version)
        found = held.get(aggregate_id)
        if found is None:
            if unit is not None and unit.from_empty:
                raise AggregateNotFoundError(aggregate_id)  # nothing is stored yet
            found = held[aggregate_id] = self.opened.stored(aggregate_id)
        if unit is not None and current_recording() is not None and aggregate_id not in unit.before:
            unit.before[aggregate_id] = found.version
        return found

    def find(self, aggregate_id: UUID) -> Any | None:
        try:
            return self.get(aggregate_id)
        except AggregateNotFoundError:
            return None

    def load(self, kind: str, handle: str, cls: type[A]) -> A:
        """The ``kind`` called ``handle``; an unknown or retracted one is an input error."""
        found = self.find(aggregate_id(kind, check_handle(handle, field=kind)))
        if found is None or found.retracted:
            gone = RETRACTED if found is not None else UNKNOWN
            raise UnknownHandle(
                gone[kind],
                field=kind,
                value=handle,
                expected=EARLIER[kind],
                values={"name": repr(handle)},
            )
        assert isinstance(found, cls)
        return found

    def new_handle(self, kind: str, handle: str) -> str:
        """``handle`` checked and free for a new ``kind`` (a retracted one keeps its handle)."""
        handle = check_handle(handle, field=kind)
        if self.find(aggregate_id(kind, handle)) is not None:
            raise HandleTaken(
                TAKEN[kind],
                field=kind,
                value=handle,
                expected=N_("a new handle"),
                values={"name": repr(handle)},
            )
        return handle

    def campaign(self) -> Campaign:
        """The campaign aggregate; an empty store has a virgin one (saved on first write)."""
        found = self.find(Campaign.create_id())
        if found is not None:
            return found
        if current_recording() is not None:  # inside a command: its first event
            created = Campaign()
            held = self.running.loaded if self.running is not None else self._held
            if held is not None:
                held[created.id] = created
            return created
        with recording(Recording(self.last_position() + 1, None, self.gm)):
            return Campaign()  # only to read from: never saved outside a command

    # --- what the running unit remembers -----------------------------------------------------

    def loaded(self) -> list[Aggregate]:
        """The aggregates the running unit of work holds (none outside a unit)."""
        return [] if self.running is None else list(self.running.loaded.values())

    def staged_events(self) -> list[Any]:
        """The events the running unit of work would record, in position order."""
        return [] if self.running is None else self.running.staged_events()

    def staged_commands(self) -> list[StagedCommand]:
        """The running unit's commands, in position order (none outside a unit)."""
        return [] if self.running is None else self.running.commands

    def staged_state(self, aggregate_id: UUID, version: int | None) -> dict[str, Any] | None:
        """The state an aggregate of the running unit had at ``version`` (None: not created)."""
        assert self.running is not None
        return state_at(self.running, aggregate_id, version, self.opened.stored)

    def caught_up_read_model(self) -> ReadModel:
        """The read models, caught up for a command's question (which encounters a company
        fights in, which characters have conditions to end): once per unit of work, which holds
        the writer lock, so nothing can land in the store between its commands."""
        unit = self.running
        if unit is None or not unit.read_model_caught_up:
            self.opened.catch_up()
            if unit is not None:
                unit.read_model_caught_up = True
        return self.opened.read_model

    def stored_answer(
        self, question: tuple[str, ...], ask: Callable[[ReadModel], list[str]]
    ) -> list[str]:
        """What the read models (caught up first) answer a command's ``question`` about the
        stored history — which encounters a company fights in, which characters have conditions
        to end. A unit of work asks each question once: the store cannot change under it."""
        unit = self.running
        if unit is not None and question in unit.answers:
            return unit.answers[question]
        found = ask(self.caught_up_read_model())
        if unit is not None:
            unit.answers[question] = found
        return found

    def remember_join(self, company: str, encounter_id: UUID) -> None:
        """``company`` joined an encounter: kept for the rest of the unit of work, if any."""
        if self.running is not None:
            self.running.joined.setdefault(company, {})[encounter_id] = None

    def joined_in_unit(self, company: str) -> list[UUID]:
        """The encounters ``company`` joined in the running unit of work, in order."""
        return [] if self.running is None else list(self.running.joined.get(company, ()))
