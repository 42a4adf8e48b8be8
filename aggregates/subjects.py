"""How exports name the aggregates of a history: their handles, learnt from the events.

An aggregate's ID is a one-way ``uuid5`` of its handle (``aggregates.base.aggregate_id``), and
most events do not repeat the handle, so a reader of the event stream learns each handle from the
event that created the aggregate — which always comes first. :class:`Subjects` is that memory,
fed one event at a time, in position order (``export`` streams, it never loads whole aggregates).
:func:`subject` is the naming of what an event is about (docs/json.md), the one the history, the
audit and the export share.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

CAMPAIGN = "campaign"  # the campaign aggregate has no handle (docs/json.md#history: `subject`)


def handle_of(aggregate: Any) -> str:
    """How a subject names an aggregate: its handle (the campaign has none: ``campaign``)."""
    return getattr(aggregate, "handle", None) or CAMPAIGN


def subject(handle: str, event: Any = None, part: str | None = None) -> str:
    """The subject (docs/json.md): ``ford/goblins``, ``red-lances``, ``brynn``,
    ``brynn/Tower shield``, ``campaign`` — the handle of the aggregate that recorded ``event``, then
    the encounter's group or the character's item the event is about. Written once, so the history
    (and its ``--subject``), the audit and the export name every subject alike; ``part`` names
    another part than the event's own (the audit's findings about a group the event does not
    carry)."""
    part = part or getattr(event, "group", None) or getattr(event, "item", None)
    return f"{handle}/{part}" if part else handle


class UnknownSubject(LookupError):
    """An event whose aggregate's creation has not been seen: a partial or reordered stream."""


class Subjects:
    """Aggregate ID → handle, learnt from creation events (``handle`` field) as they stream by."""

    def __init__(self) -> None:
        from aggregates.campaign import Campaign  # on demand: start-up (docs/PERFORMANCE.md)

        self._handles: dict[UUID, str] = {Campaign.create_id(): CAMPAIGN}

    def learn(self, event: Any) -> None:
        handle = getattr(event, "handle", None)
        if isinstance(handle, str) and getattr(event, "originator_version", None) == 1:
            self._handles[event.originator_id] = handle

    def know(self, aggregate_id: UUID, handle: str) -> None:
        """Teach a handle learnt elsewhere (a fold that has the aggregate itself)."""
        self._handles[aggregate_id] = handle

    def handle(self, event: Any) -> str:
        """The handle of the aggregate that recorded ``event``."""
        self.learn(event)
        try:
            return self._handles[event.originator_id]
        except KeyError:
            raise UnknownSubject(
                f"event {getattr(event, 'position', '?')} belongs to an aggregate whose creation "
                "was not seen: stream the history from position 1"
            ) from None

    def subject(self, event: Any) -> str:
        """:func:`subject` from the event alone: the handle learnt from the stream, not read
        from the aggregate as the history and the audit do (the same handle: only a creation
        event sets it)."""
        return subject(self.handle(event), event)
