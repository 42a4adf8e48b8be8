"""Failures below the service, said in the tracker's words: a damaged history (events that do not
follow one another) or a store that failed (a server gone, a connection cut), each in one line
for exit 1 — never the library's or the driver's traceback."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.domain import OriginatorIDError, OriginatorVersionError

from campaign.core.errors import DamagedHistory, Phrase, aggregate_named
from campaign.core.i18n import N_
from campaign.core.passwords import hide_passwords
from campaign.store import unreadable  # a stored event the library cannot read back

__all__ = [
    "damaged",
    "damaged_aggregate",
    "failure_said",
    "load_stored",
    "store_failed",
    "unreadable",
]

# the base classes of the database layers' errors (a server gone, a connection cut), by module
# and name: none of these layers is imported to ask (SQLAlchemy's own misuse errors, which are
# bugs, are not among them: only the driver's errors it wraps)
_DATABASE_ERRORS = {
    ("psycopg", "Error"),
    ("sqlite3", "Error"),
    ("sqlalchemy.exc", "DBAPIError"),
    ("eventsourcing.persistence", "PersistenceError"),
}


def damaged(error: BaseException) -> DamagedHistory | None:
    """The library's refusal to apply a stored event to its aggregate (its version does not
    follow the one before, or it belongs to another aggregate) as a damaged history, for an
    error that reached the CLI without being said where it happened; None for any other."""
    if not isinstance(error, OriginatorVersionError | OriginatorIDError):
        return None
    if isinstance(error, OriginatorVersionError) and len(error.args) == 2:
        found, expected = error.args
        return DamagedHistory(
            N_("a stored event is version {found} of its aggregate, where {expected} was expected"),
            values={"found": found, "expected": expected},
        )
    return DamagedHistory(N_("a stored event does not follow its aggregate's events"), values={})


def store_failed(error: BaseException, store: str = "") -> str | None:
    """A database error that reached the CLI without being said where it happened (the server
    stopped, the network cut, no connection within the pool's wait), in one line for a store
    failure (exit 1), naming the ``store`` (its URL, password hidden); None for any other."""
    if not any((cls.__module__, cls.__name__) in _DATABASE_ERRORS for cls in type(error).__mro__):
        return None
    cause = getattr(error, "orig", None) or error  # SQLAlchemy's: the driver's, not its SQL
    said = hide_passwords(" ".join(str(cause).split())) or type(error).__name__
    words = N_("the store {store} failed: {said}") if store else N_("the store failed: {said}")
    return Phrase(words, store=store, said=said)


def failure_said(error: BaseException, store: str = "") -> str | None:
    """What the CLI says of an error no command said, in the invocation's language: a damaged
    history, or a store that failed (both exit 1); None for an error that is neither (a bug:
    its traceback shows)."""
    found = damaged(error)
    if found is not None:
        return found.said()
    failed = store_failed(error, store)
    return None if failed is None else failed.said()


def damaged_aggregate(app: Any, aggregate_id: UUID) -> DamagedHistory | None:
    """Where an aggregate's stored versions stop running 1, 2, 3…, as far as its events can
    be read: the aggregate, the versions, and the position the odd event carries (None: they
    run on, or cannot be read)."""
    try:
        named = Phrase(N_("aggregate {id}"), id=aggregate_id)
        for expected, row in enumerate(app.recorder.select_events(aggregate_id), 1):
            if expected == 1:
                first = app.mapper.to_domain_event(row)
                module = row.topic.partition(":")[0]
                named = aggregate_named(module, getattr(first, "handle", None))
            if row.originator_version != expected:
                event = app.mapper.to_domain_event(row)
                return DamagedHistory(
                    N_(
                        "{named}'s stored events go from version {before} to {version} (the "
                        "event at position {position})"
                    ),
                    values={
                        "named": named,
                        "before": expected - 1,
                        "version": row.originator_version,
                        "position": event.position,
                    },
                )
    except Exception:  # a row that cannot be read: said as it is met elsewhere
        return None
    return None


def load_stored(app: Any, aggregate_id: UUID, version: int | None = None) -> Any:
    """The aggregate at ``version`` (latest: None) as its stored events make it. Events whose
    versions do not follow one another (one deleted or added behind the tracker's back) are a
    damaged history, said (exit 1), not the library's traceback."""
    try:
        return app.repository.get(aggregate_id, version=version)
    except (OriginatorVersionError, OriginatorIDError, AssertionError) as error:
        # (AssertionError: the library's, a creation event met by an aggregate already made —
        # one stored again under a later version)
        found = damaged_aggregate(app, aggregate_id)
        if found is not None:
            raise found from None
        if isinstance(error, AssertionError):
            raise
        raise DamagedHistory(
            N_("the events of aggregate {id} do not follow one another"),
            values={"id": aggregate_id},
        ) from None
