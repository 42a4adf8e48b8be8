"""What every aggregate of the ledger shares: events stamped with their place in the history.

Every event records its **position** (dense: 1, 2, 3, … in recording order, the same on SQLite
and PostgreSQL), the **session** it belongs to (or None), the **GM** who recorded it, and the
**command** it came from (the position of that command's first event, so ``retract`` and
``--as-of event:N`` can find whole commands). The application opens a :func:`recording` for one
command, under the store's writer lock, and the aggregates stamp each event they trigger from it;
so aggregate code never passes these values around.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate
from eventsourcing.utils import get_topic

from aggregates.values import check_values
from campaign.core.integrity import GENESIS, event_hash

# The namespace of every aggregate ID: one store holds one campaign (docs/cli.md#stores), and an
# ID is uuid5(namespace, "<kind>:<handle>"), so a handle always names the same aggregate.
LEDGER_NAMESPACE = UUID("6f0c1a52-3b9e-5d8a-9a51-1c0e6b7f2d40")


@lru_cache(maxsize=4096)  # a log names the same few handles on most of its lines
def aggregate_id(kind: str, handle: str) -> UUID:
    """The ID of the ``kind`` aggregate called ``handle`` (handles are case-insensitive)."""
    return uuid5(LEDGER_NAMESPACE, f"{kind}:{handle.lower()}")


# What an event timed from the campaign's in-game clock relies on (Event.relies_on): the clock,
# not the whole campaign — a setting withdrawn does not move it. No aggregate has this ID.
CLOCK = aggregate_id("clock", "campaign")


@dataclass(slots=True)
class Recording:
    """One command being recorded: the next free position, the session and the GM, and the
    hash of the last event recorded (each new event chains to it:
    docs/RELIABILITY.md#tamper-evidence)."""

    next_position: int
    session: int | None = None
    gm: str | None = None
    command: int | None = None
    last_hash: str = GENESIS
    # the aggregates this command recorded events on, in the order of their first event (as the
    # stored timeline orders them, so a retraction compensates in the same order either way),
    # each with its version after its last one
    touched: dict[UUID, int] = field(default_factory=dict)
    # other aggregates its events rely on without recording on them (Event.relies_on)
    relied: set[UUID] = field(default_factory=set)

    def stamp(self) -> dict[str, Any]:
        position = self.next_position
        self.next_position += 1
        if self.command is None:
            self.command = position
        return {
            "position": position,
            "session": self.session,
            "gm": self.gm,
            "command": self.command,
        }


_current: ContextVar[Recording | None] = ContextVar("ledger_recording", default=None)


@contextmanager
def recording(context: Recording) -> Iterator[Recording]:
    """Stamp every event triggered inside the block from ``context``."""
    token = _current.set(context)
    try:
        yield context
    finally:
        _current.reset(token)


def current_recording() -> Recording | None:
    """The command being recorded, if any."""
    return _current.get()


def _stamp() -> dict[str, Any]:
    context = _current.get()
    if context is None:
        raise RuntimeError(
            "an event was triggered outside a command: open aggregates.base.recording(...) first"
        )
    return context.stamp()


# What identifies an aggregate rather than describing it: never restored by a retraction.
IDENTITY = frozenset({"_id", "_version", "_created_on", "_modified_on", "_pending_events"})


class LedgerAggregate(Aggregate):
    """An aggregate whose events carry position, session, GM and command."""

    # its creation was retracted: it is as if it never existed (docs/log-language.md#retract)
    retracted = False

    class Event(Aggregate.Event):
        position: int
        session: int | None
        gm: str | None
        command: int

        def relies_on(self) -> UUID | None:
            """Another aggregate this event relies on without recording on it (an encounter's
            joined company, a retainer's employer): while the event stands, an earlier command
            that changed that aggregate cannot be retracted by ``event:N``
            (docs/log-language.md#retract)."""
            return None

        def lapsed_checks(self) -> list[tuple[str, list[str]]]:
            """The morale checks this event records as lapsed unmade, per group (MOR002)."""
            return []

    class Created(Event, Aggregate.Created):
        def apply(self, aggregate: Aggregate) -> None:
            # Where it entered the history: the order read models list things in.
            aggregate.__dict__["created_position"] = self.position

    class Retracted(Event):
        """The compensating event of ``retract``: the state goes back to what it was before the
        withdrawn command (``restored``), or, for an aggregate that command created, the
        aggregate is marked retracted. Nothing is deleted; the history says both."""

        retracted: int  # the command withdrawn (the position of its first event)
        restored: dict[str, Any] | None

        def apply(self, aggregate: Aggregate) -> None:
            if self.restored is None:
                aggregate.__dict__["retracted"] = True
                return
            for name in [n for n in aggregate.__dict__ if n not in IDENTITY]:
                del aggregate.__dict__[name]
            aggregate.__dict__.update(copy.deepcopy(self.restored))

    def state(self) -> dict[str, Any]:
        """What a retraction restores: everything but the identity, deep-copied."""
        return copy.deepcopy({k: v for k, v in self.__dict__.items() if k not in IDENTITY})

    def retract(self, command: int, before: dict[str, Any] | None) -> None:
        """Withdraw ``command``'s changes: back to ``before`` (this aggregate's :meth:`state`
        before the command), or retracted altogether when the command created it."""
        self.trigger_event(self.Retracted, retracted=command, restored=before)

    @classmethod
    def _create(cls, event_class, **kwargs):  # type: ignore[override]
        check_values(kwargs)
        created = super()._create(event_class, **_stamp(), **kwargs)
        _seal(created.pending_events[-1])
        return created

    def trigger_event(self, event_class, **kwargs) -> None:  # type: ignore[override]
        check_values(kwargs)
        super().trigger_event(event_class, **_stamp(), **kwargs)
        _seal(self.pending_events[-1])


def nest_topics(
    namespace: dict[str, Any], aggregate_module: str, aggregate_name: str, base: type
) -> None:
    """Name every class of ``namespace`` derived from ``base`` (``base`` too) as if it were
    declared in the aggregate's body: ``aggregate_module:aggregate_name.X``.

    For events declared in a module of their own, derived from that module's ``base``, which the
    aggregate takes as its own ``Event`` (so the library redefines none of them at import) and
    nests (``Character.SaveMade = events.SaveMade``): stored histories name an event by its topic,
    module:qualname (docs/ARCHITECTURE.md, "Schema evolution"), and this one resolves. Call it at
    the end of the events' module, once they are dataclasses: the dataclass machinery reads
    ``KW_ONLY`` in the module a class names.
    """
    for value in list(namespace.values()):
        if isinstance(value, type) and issubclass(value, base):
            value.__module__ = aggregate_module
            value.__qualname__ = f"{aggregate_name}.{value.__name__}"


def _seal(event: Aggregate.Event) -> None:
    """Chain ``event`` to the last one recorded: its ``prev_hash`` and ``hash``
    (docs/RELIABILITY.md#tamper-evidence) are kept in its stored state, beside its fields, so the
    mapper stores them with it."""
    context = _current.get()
    assert context is not None  # _stamp() refused an event outside a command
    state = {
        k: v for k, v in vars(event).items() if k not in ("originator_id", "originator_version")
    }
    state["timestamp"] = event.timestamp.isoformat()  # as the canonical form writes it
    class_version = getattr(type(event), "class_version", 1)
    if class_version > 1:
        state["class_version"] = class_version
    digest = event_hash(
        get_topic(type(event)), event.originator_id, event.originator_version, state,
        context.last_hash,
    )  # fmt: skip
    object.__setattr__(event, "prev_hash", context.last_hash)
    object.__setattr__(event, "hash", digest)
    context.last_hash = digest
    context.touched[event.originator_id] = event.originator_version
    relied = event.relies_on()
    if relied is not None:
        context.relied.add(relied)
