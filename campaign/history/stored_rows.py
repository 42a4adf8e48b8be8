"""A store's event table read as it is stored, for ``verify``: every row (also one before the
notification log's first id), and each aggregate ID as the row spells it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, NamedTuple
from uuid import UUID

from campaign.history.chain import aggregate_text

if TYPE_CHECKING:
    from eventsourcing.application import Application


BATCH = 500  # notifications read per query


class StoredRow(NamedTuple):
    """One row of the event table, as stored."""

    id: int  # its notification id (SQLite's rowid)
    originator_id: Any  # as stored: SQLite's text, PostgreSQL's uuid
    version: Any
    topic: str
    state: bytes


def every_row(app: Application) -> Iterator[StoredRow]:
    """Every row of the event table, in notification-id order — from the lowest id, whatever
    it is (the notification log starts at 1)."""
    from eventsourcing.sqlite import SQLiteAggregateRecorder

    recorder = app.recorder
    if isinstance(recorder, SQLiteAggregateRecorder):  # the ID as stored, not as a UUID
        yield from _sqlite_rows(recorder)
        return
    after: int | None = None  # None: no lower bound
    while True:
        batch = recorder.select_notifications(start=after, limit=BATCH, inclusive_of_start=False)
        if not batch:
            return
        for n in batch:
            yield StoredRow(n.id, n.originator_id, n.originator_version, n.topic, n.state)
        after = batch[-1].id  # ids may have gaps (PostgreSQL): never "last + 1" blindly


def _sqlite_rows(recorder: Any) -> Iterator[StoredRow]:
    select = (
        # the state as bytes, whatever SQLite holds (text that is not UTF-8 is named, not echoed)
        "SELECT rowid, originator_id, originator_version, topic, CAST(state AS BLOB) "
        f"FROM {recorder.events_table_name} "
    )
    after: int | None = None
    while True:
        with recorder.datastore.transaction(commit=False) as cursor:
            if after is None:
                cursor.execute(select + "ORDER BY rowid LIMIT ?", (BATCH,))
            else:
                cursor.execute(select + "WHERE rowid > ? ORDER BY rowid LIMIT ?", (after, BATCH))
            batch = cursor.fetchall()
        if not batch:
            return
        for row in batch:
            yield StoredRow(*row)
        after = batch[-1][0]


class Spelling:
    """An aggregate ID as a row stores it → (the ID, why that is not the library's spelling or
    None). SQLite keeps it as text, which the library writes as ``UUID.hex`` and finds events by
    exactly (``WHERE originator_id=?``): ``B734…`` or ``b7348955-01e4-…`` is the same UUID to
    the hash but hides the event from every command loading the aggregate. PostgreSQL's column
    is a ``uuid``: there is one spelling."""

    def __init__(self, app: Application) -> None:
        from eventsourcing.sqlite import SQLiteAggregateRecorder

        recorder = app.recorder
        self.text = (
            isinstance(recorder, SQLiteAggregateRecorder)
            and recorder.datastore.originator_id_type == "uuid"
        )
        self.known: dict[str, UUID] = {}  # the IDs found well spelt: one per aggregate

    def __call__(self, stored: Any) -> tuple[Any, str | None]:
        if not self.text:
            return stored, None
        known = self.known.get(stored) if isinstance(stored, str) else None
        if known is not None:
            return known, None
        try:
            uuid = UUID(stored)
        except (TypeError, ValueError, AttributeError):
            return stored, (
                f"its aggregate ID is stored as {stored!r}, which is no ID the tracker writes "
                "(32 lowercase hex digits): edited"
            )
        if stored != uuid.hex:
            return uuid, (
                f"its aggregate ID is stored as {stored!r}, where the tracker writes "
                f"{uuid.hex!r}: edited — commands look aggregate {uuid}'s events up by that "
                "exact text, and miss this one"
            )
        self.known[stored] = uuid
        return uuid, None


def outside_the_log(row: StoredRow, originator_id: Any, expected: int) -> str:
    """Why a row before the notification log's first id is an inserted event."""
    return (
        f"before position {expected}: the event table holds a row at notification id {row.id} "
        f"(aggregate {aggregate_text(originator_id)}, version {row.version}), where the tracker "
        "never stores one (they start at 1): an inserted event — the history's order never "
        "reaches it, but every command loading its aggregate does"
    )


def undecodable(error: Exception, *, encrypted: bool, in_clear: bool = False) -> str:
    """Why a row's stored state cannot be read back (``in_clear``: it is the transcoder's own
    text, in a store encrypted from its first event)."""
    if in_clear:
        return (
            "its state is stored in clear in an encrypted store (an event written, or its "
            "state replaced, behind the tracker's back)"
        )
    what = "decrypted or decoded" if encrypted else "decoded"
    detail = str(error).splitlines()[0][:120] if str(error) else type(error).__name__
    return f"its stored state cannot be {what} (its bytes were changed): {detail}"
