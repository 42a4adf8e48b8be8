"""A stored event read back only as one of the tracker's own (docs/RELIABILITY.md#tamper-evidence).

The library's mapper finds an event's class with ``resolve_topic``, which imports whatever module
the row's ``topic`` names, and takes the row's aggregate ID and version as they come: a row edited
behind the tracker's back (its type NULL or ``os:system``, its ID NULL, its version ``'abc'``)
would import a module the tracker never wrote, or end in the library's traceback far from the
row. Here, before the library reads a row, its type must name an event class of the tracker's
own package (:data:`EVENTS_PACKAGE`, or the library's ``Snapshot``), found without importing any
module outside it; its ID must be a UUID and its version a whole number from 1. Anything else is
a :class:`~campaign.core.errors.DamagedHistory` (exit 1, pointing at ``campaign verify``).

:class:`LedgerMapper` is given to the library through ``Application.construct_mapper`` (its
public ``mapper_class``); :mod:`campaign.store.sqliterecorder` does the same for what the
library's SQLite recorder reads before any mapper sees it (the ID's text, text not UTF-8).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.domain import BaseAggregate, CanMutateAggregate, Snapshot
from eventsourcing.persistence import Mapper, StoredEvent
from eventsourcing.utils import TopicError, get_topic, resolve_topic

from campaign.core.errors import DamagedHistory, Phrase
from campaign.core.i18n import N_

EVENTS_PACKAGE = "aggregates"  # the tracker's event classes live in its modules, and only there
SNAPSHOT_TOPIC = get_topic(Snapshot)


def event_class(topic: Any) -> type:
    """The event class a stored ``topic`` names — one of the tracker's own (or the library's
    snapshot) — or :class:`DamagedHistory`; no module outside :data:`EVENTS_PACKAGE` is
    imported to find out."""
    if topic == SNAPSHOT_TOPIC:
        return Snapshot
    found = _own_class(topic, CanMutateAggregate)
    if found is None:
        raise DamagedHistory(
            N_("a stored event's type is {topic}, no event of the tracker's"),
            values={"topic": shown(topic)},
        )
    return found


_OWN: dict[tuple[str, type], type] = {}  # the topics found to name the package's classes


def _own_class(topic: Any, base: type) -> type | None:
    """The subclass of ``base`` defined in :data:`EVENTS_PACKAGE` that ``topic`` names, found
    by the library's ``resolve_topic`` only once the topic is known to name that package."""
    known = _OWN.get((topic, base)) if isinstance(topic, str) else None
    if known is not None:
        return known
    module, _, name = topic.partition(":") if isinstance(topic, str) else ("", "", "")
    if not name or not (module == EVENTS_PACKAGE or module.startswith(EVENTS_PACKAGE + ".")):
        return None
    try:
        found = resolve_topic(topic)
    except (TopicError, ImportError, AttributeError, ValueError):
        return None
    if (
        isinstance(found, type)
        and issubclass(found, base)
        and found.__module__.partition(".")[0] == EVENTS_PACKAGE
    ):
        _OWN[topic, base] = found
        return found
    return None


def foreign_type(topic: Any) -> str | None:
    """Why a stored ``topic`` names no event of the tracker's (:func:`event_class`), or None."""
    try:
        event_class(topic)
    except DamagedHistory as error:
        return error.where
    return None


def row_damage(originator_id: Any, version: Any) -> Phrase | None:
    """Why a stored event's aggregate ID or version is none the tracker writes, or None."""
    if not isinstance(originator_id, UUID):
        try:
            UUID(originator_id)
        except (TypeError, ValueError, AttributeError):
            return Phrase(
                N_("a stored event's aggregate ID is {id}, no ID it writes"),
                id=shown(originator_id),
            )
    if type(version) is not int or version < 1:
        return Phrase(
            N_(
                "the stored event of aggregate {id} has version {version}, where the tracker "
                "writes a whole number from 1"
            ),
            id=originator_id,
            version=shown(version),
        )
    return None


def shown(value: Any) -> str:
    """A stored value as a message shows it: its repr, escaped and cut short."""
    text = ascii(value)
    return text if len(text) <= 60 else text[:57] + "..."


class LedgerMapper(Mapper[UUID]):
    """The library's mapper, reading back only what the tracker stores (module docstring)."""

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        event_class(stored_event.topic)
        why = row_damage(stored_event.originator_id, stored_event.originator_version)
        if why is not None:
            raise DamagedHistory(why.words, values=why.values)
        event = super().to_domain_event(stored_event)
        # the aggregate's class a creation event or a snapshot names, which applying it resolves
        state = vars(event)
        named = state.get("topic" if isinstance(event, Snapshot) else "originator_topic")
        if named is not None and _own_class(named, BaseAggregate) is None:
            raise DamagedHistory(
                N_(
                    "the stored event of aggregate {id} at version {version} names {named} as "
                    "its aggregate's type, no aggregate of the tracker's"
                ),
                values={
                    "id": stored_event.originator_id,
                    "version": stored_event.originator_version,
                    "named": shown(named),
                },
            )
        return event
