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
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate
from eventsourcing.utils import get_topic

from campaign.core.errors import ImpossibleInput
from campaign.core.integrity import GENESIS, event_hash

# The namespace of every aggregate ID: one store holds one campaign (SPEC §5), and an ID is
# uuid5(namespace, "<kind>:<handle>"), so a handle always names the same aggregate.
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
    hash of the last event recorded (each new event chains to it, SPEC §7)."""

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

    retracted = False  # its creation was retracted: it is as if it never existed (SPEC §4)

    class Event(Aggregate.Event):
        position: int
        session: int | None
        gm: str | None
        command: int

        def relies_on(self) -> UUID | None:
            """Another aggregate this event relies on without recording on it (an encounter's
            joined company, a retainer's employer): while the event stands, an earlier command
            that changed that aggregate cannot be retracted by ``event:N`` (SPEC §4)."""
            return None

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


# What an event may hold, checked before it is triggered (found by tests/system/test_fuzz.py; each
# of these was recorded, and then every read failed, or crashed the command with a traceback):
# - integers the stores and read models keep: PostgreSQL ``integer`` columns for counts,
#   ratings, hit points…; ``bigint`` for positions and in-game time, kept within 2**53 so that
#   minutes × 60 and JSON readers stay exact (``adjust ford goblins -9223372036854775809``
#   overflowed SQLite's 64-bit INTEGER);
# - text PostgreSQL can store (no NUL: ``note "a<NUL>b"`` in a log) and that is UTF-8 (a shell
#   argument that is not UTF-8 reaches Python as lone surrogates: ``campaign note $'caf\xe9'``);
# - text without control characters (C0, DEL, C1): ``history`` and ``export`` print the GM's
#   text, and a terminal obeys an escape sequence in it (``--title $'\e]0;pwned\a'`` retitled
#   the window). Tabs and line breaks are no escape sequence, and stay allowed in any text: a
#   quote spans lines in a log (SPEC §4) and ``export --format log`` quotes such text back, so
#   stores that hold them (a name from a CRLF file, ``--name "$(cat name.txt)"``, kept its line
#   break) still export logs that replay (SPEC §5).
INT_LIMIT = 2**31 - 1
WIDE_LIMIT = 2**53 - 1
WIDE = frozenset({"position", "command", "due_position", "retracted", "next_position",
                  "seconds", "by", "clock_minutes", "until", "duration"})  # fmt: skip
# counts and numbers that are at least 1 wherever an event holds them (a session's number, a
# group's count, casualties, a company's size): a refusal says so, not ±INT_LIMIT
FROM_ONE = frozenset({"number", "count", "n", "size"})
# a retraction's copy of the state before (``Retracted.restored``): text recorded earlier, which
# a store written before control characters were refused may hold; only what a store can keep
# is checked there
COPIED = frozenset({"restored"})
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # \t and \n allowed
_EXPECTED_TEXT = {  # text the GM did not type on the line: said what to do instead
    "source": "a session-log file name without control characters (rename the file)"
}


def check_total(before: int, change: int, field: str, said: str, limit: int = INT_LIMIT) -> int:
    """``before + change``: a running total (a company's size, a rating and its modifiers, the
    clock), refused when a store could not keep it. :func:`check_values` would refuse the event
    too, but naming a number the GM never typed; this names the change and how far it may go."""
    total = before + change
    if -limit <= total <= limit:
        return total
    room = (limit if total > 0 else -limit) - before
    raise ImpossibleInput(
        f"{said} would be {total}: out of range (a store keeps ±{limit})",
        field=field,
        value=change,
        expected=f"at most {room}" if total > 0 else f"at least {room}",
    )


def check_reason(reason: str | None, what: str) -> None:
    """A required ``--reason`` (an adjustment, a re-rating, a working-conditions modifier):
    refused when it is blank, which said nothing (``gob: -1 ()`` in the history) while the option
    asked for a reason. The text is kept as typed."""
    if reason is None or not reason.strip():
        raise ImpossibleInput(
            f"{reason!r} is blank: {what} needs a reason",
            field="reason",
            value=reason,
            expected='a reason that is not blank, e.g. --reason "leader slain"',
        )


def check_values(fields: dict[str, Any], parent: str | None = None, typed: bool = True) -> None:
    """Refuse an event whose integers or text (nested ones too) a store cannot keep, or whose
    text holds a control character. The error names the innermost key holding the value —
    ``result`` inside a flaw roll's ``inputs``, ``count`` inside ``groups``: the option it came
    from, which the CLI then names. ``typed``: False inside a copy of earlier state
    (:data:`COPIED`), where control characters recorded before they were refused may stay."""
    for name, value in fields.items():
        key = str(name)
        if parent is not None:  # a nested key may be the GM's text, held by its parent
            _check_value(name, parent, typed)
        _check_value(value, key, typed)


def _check_value(value: Any, name: str, typed: bool = True) -> None:
    kind = type(value)
    if value is None or kind is bool or kind is float:
        return
    if kind is str and value.isascii() and value.isprintable():
        return  # most text: nothing more to ask (isprintable: no NUL, no control character)
    if isinstance(value, int):
        _check_int(value, name)
    elif isinstance(value, str):
        _check_text(value, name, typed)
    elif isinstance(value, dict):
        check_values(value, parent=name, typed=typed and name not in COPIED)
    elif isinstance(value, list | tuple):
        for item in value:
            _check_value(item, name, typed)


def _check_int(value: int, name: str) -> None:
    limit = WIDE_LIMIT if name in WIDE else INT_LIMIT
    if not -limit <= value <= limit:
        lowest = 1 if name in FROM_ONE else -limit
        raise ImpossibleInput(
            f"{_shown(value)} is out of range",
            field=name,
            value=value,
            expected=f"a whole number from {lowest} to {limit}",
        )


def _check_text(value: str, name: str, typed: bool = True) -> None:
    if "\x00" in value:
        raise ImpossibleInput(
            f"{_shown(value)} holds a NUL character", field=name, expected="text without NUL"
        )
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ImpossibleInput(
            f"{_shown(value)} is not UTF-8 text",
            field=name,
            expected="UTF-8 text (set a UTF-8 locale, or re-save the log as UTF-8)",
        ) from None
    if not typed:
        return
    found = _CONTROL.search(value)
    if found is not None:
        raise ImpossibleInput(
            f"{_shown(value)} holds a control character (U+{ord(found.group()):04X})",
            field=name,
            value=value,
            expected=_EXPECTED_TEXT.get(name)
            or "text without control characters (tabs and line breaks may stay)",
        )


def _shown(value: int | str) -> str:
    """``value`` as an error message shows it: quoted, at most 60 characters."""
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 60 else f"{text[:28]}…{text[-28:]} ({len(text)} characters)"


def _seal(event: Aggregate.Event) -> None:
    """Chain ``event`` to the last one recorded: its ``prev_hash`` and ``hash`` (SPEC §7) are
    kept in its stored state, beside its fields, so the mapper stores them with it."""
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
