"""How exports name the aggregates of a history: their handles, learnt from the events.

An aggregate's ID is a one-way ``uuid5`` of its handle (``aggregates.base.aggregate_id``), and
most events do not repeat the handle, so a reader of the event stream learns each handle from the
event that created the aggregate — which always comes first. :class:`Subjects` is that memory,
fed one event at a time, in position order (``export`` streams, it never loads whole aggregates).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from aggregates.campaign import Campaign

CAMPAIGN = "campaign"  # the campaign aggregate has no handle (SPEC §5 history `subject`)


class UnknownSubject(LookupError):
    """An event whose aggregate's creation has not been seen: a partial or reordered stream."""


class Subjects:
    """Aggregate ID → handle, learnt from creation events (``handle`` field) as they stream by."""

    def __init__(self) -> None:
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
        """``ford/goblins``, ``red-lances``, ``brynn``, ``brynn/Tower shield``, ``campaign`` —
        the history's naming (``projections.history.subject``), from the event alone."""
        handle = self.handle(event)
        part = getattr(event, "group", None) or getattr(event, "item", None)
        return f"{handle}/{part}" if part else handle
