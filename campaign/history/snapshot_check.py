"""``verify``'s check of a store's snapshots: each one against the state its aggregate's events
fold to at its version, and the SQL that deletes a forged one (it is only a cache)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any
from uuid import UUID

from eventsourcing.persistence import StoredEvent, Transcoder

from campaign.history.chain import Chain
from campaign.history.stored_rows import StoredRow
from campaign.store.stored import LedgerMapper

if TYPE_CHECKING:
    from eventsourcing.application import Application


class Snapshots:
    """Every snapshot checked against the state its aggregate's events fold to at its version.

    A snapshot is only a cache, but the library trusts it: an aggregate is loaded from its last
    snapshot and the events after it, so an edited snapshot is the state every later command
    starts from. The events are read once, in order (they come from :func:`verify_store`): each
    aggregate that has snapshots is folded with the library's own mutators (``event.mutate``,
    upcasters included, as loading it does), and at each of its snapshots' versions the snapshot,
    read back as the library reads it (``Snapshot.mutate``), must equal the folded aggregate.
    Memory: one aggregate (and its next snapshot's version) per aggregate with snapshots, each
    dropped after its last snapshot.
    """

    def __init__(self, app: Application) -> None:
        self.app = app
        self.checked = 0
        self.due: dict[UUID, int] = _first_snapshots(app)  # aggregate → its next snapshot's version
        self.folded: dict[UUID, Any] = {}
        # the tracker's, on the state decoded once: only its own event classes are read back
        self.events = LedgerMapper(transcoder=_Decoded())

    def add(self, aggregate: UUID, row: StoredRow, state: Any, position: int) -> str | None:
        """Fold one event (that the chain found as recorded; ``state`` decoded, which this
        takes) into its aggregate, and check the snapshot taken at its version; why that
        snapshot is forged, or None."""
        due = self.due.get(aggregate)
        if due is None:
            return None
        version = row.version
        if due < version:  # a version before the first: no event has it
            return self._forged(aggregate, due, position, "is at a version no event has")
        try:
            event = self.events.to_domain_event(StoredEvent(aggregate, version, row.topic, state))
            self.folded[aggregate] = event.mutate(self.folded.get(aggregate))
        except Exception as error:
            del self.due[aggregate]
            self.folded.pop(aggregate, None)
            detail = str(error).splitlines()[0][:120] if str(error) else type(error).__name__
            return (
                f"position {position}: the event is as recorded, but this version of the tracker "
                f"cannot apply it to aggregate {aggregate} ({detail}), so that aggregate's "
                "snapshots cannot be checked"
            )
        if due != version:
            return None
        return self._check(aggregate, version, position)

    def _check(self, aggregate: UUID, version: int, position: int) -> str | None:
        store = self.app.snapshots
        assert store is not None  # a snapshot was listed
        stored = list(store.recorder.select_events(aggregate, gt=version - 1, limit=2))
        later = [s.originator_version for s in stored if s.originator_version > version]
        folded = self.folded[aggregate]
        if later:
            self.due[aggregate] = later[0]
        else:
            del self.due[aggregate], self.folded[aggregate]
        if not stored or stored[0].originator_version != version:
            return None  # deleted since it was listed: nothing is loaded from it
        self.checked += 1
        try:
            restored = store.mapper.to_domain_event(stored[0]).mutate(None)  # type: ignore[attr-defined]
        except Exception as error:
            detail = str(error).splitlines()[0][:120] if str(error) else type(error).__name__
            return self._forged(aggregate, version, position, f"cannot be read back ({detail})")
        if type(restored) is not type(folded) or _fields(restored) != _fields(folded):
            return self._forged(
                aggregate, version, position,
                f"does not match the state its events fold to ({_difference(restored, folded)})",
                kind=type(folded).__name__,
            )  # fmt: skip
        return None

    def left(self, chain: Chain) -> str | None:
        """After the last event: a snapshot no event reached (beyond its aggregate's last
        version, or of an aggregate without events) is a state that was never recorded."""
        for aggregate, version in sorted(self.due.items(), key=lambda item: str(item[0])):
            last = chain.versions.get(str(aggregate))
            events = f"its events end at version {last}" if last else "no event of it is stored"
            return self._forged(
                aggregate, version, None, f"is beyond its history ({events}): inserted"
            )
        return None

    def _forged(
        self, aggregate: UUID, version: int, position: int | None, what: str, kind: str = ""
    ) -> str:
        where = f"position {position}" if position is not None else "after the last position"
        name = f"{kind} {aggregate}" if kind else f"aggregate {aggregate}"
        return (
            f"{where}: the snapshot of {name} at version {version} {what} — the events are "
            "intact, but a command loading that aggregate starts from this snapshot. A snapshot "
            "is only a cache: delete it and that aggregate's later ones "
            f"({_delete_snapshots(self.app, aggregate, version)}), and the aggregate is loaded "
            "from its events again; then check what was recorded on it since "
            "(`campaign history`)"
        )


class _Decoded(Transcoder):
    """The "transcoder" of a state :func:`verify_store` has already decrypted and decoded: the
    library's mapper builds the domain event from it (its class, its upcasters) without
    decoding the row a second time."""

    def encode(self, obj: Any) -> bytes:
        raise NotImplementedError("verify only reads")

    def decode(self, data: Any) -> Any:
        return data


def _first_snapshots(app: Application) -> dict[UUID, int]:
    """Each aggregate that has snapshots the library reads → its first snapshot's version."""
    from eventsourcing.sqlite import SQLiteAggregateRecorder

    store = app.snapshots
    if store is None:
        return {}
    recorder: Any = store.recorder
    if isinstance(recorder, SQLiteAggregateRecorder):
        with recorder.datastore.transaction(commit=False) as cursor:
            cursor.execute(
                "SELECT originator_id, MIN(originator_version) "
                f"FROM {recorder.events_table_name} GROUP BY originator_id"
            )
            found = cursor.fetchall()
        firsts = {}
        for stored, version in found:
            try:
                uuid = UUID(stored)
            except (TypeError, ValueError, AttributeError):
                continue
            if stored == uuid.hex:  # else the library never finds it: nothing loads it
                firsts[uuid] = version
        return firsts
    postgres = sys.modules.get("eventsourcing.postgres")  # imported by a PostgreSQL store only
    if postgres is None or not isinstance(recorder, postgres.PostgresAggregateRecorder):
        return {}  # (no other store keeps snapshots)
    from psycopg.sql import SQL, Identifier

    statement = SQL(
        "SELECT originator_id, MIN(originator_version) AS version FROM {}.{} GROUP BY originator_id"
    ).format(Identifier(recorder.datastore.schema), Identifier(recorder.events_table_name))
    with recorder.datastore.get_connection() as connection, connection.cursor() as cursor:
        cursor.execute(statement)
        return {row["originator_id"]: row["version"] for row in cursor.fetchall()}


def _delete_snapshots(app: Application, aggregate: UUID, version: int) -> str:
    """The SQL that deletes ``aggregate``'s snapshots from ``version`` on, in this store."""
    from eventsourcing.sqlite import SQLiteAggregateRecorder

    recorder: Any = app.snapshots.recorder  # type: ignore[union-attr]
    if isinstance(recorder, SQLiteAggregateRecorder):
        table, spelt, tool = (
            recorder.events_table_name,
            aggregate.hex,
            "sqlite3 on the store's file",
        )
    else:
        table = f'"{recorder.datastore.schema}".{recorder.events_table_name}'
        spelt, tool = str(aggregate), "psql"
    shown = _REPAIR_SNAPSHOTS.format(table=table, aggregate=spelt, version=version)
    return f"{tool}: `{shown}`"


# Shown to the GM to copy, never executed here: the values are the library's table name (its
# schema checked by campaign.store.postgres.SCHEMA_NAME), an aggregate's UUID and a version number.
_REPAIR_SNAPSHOTS = (
    "DELETE FROM {table} WHERE originator_id = '{aggregate}' AND originator_version >= {version}"
)


_IGNORED = frozenset({"_pending_events"})
_ABSENT = object()


def _fields(aggregate: Any) -> dict[str, Any]:
    return {k: v for k, v in vars(aggregate).items() if k not in _IGNORED}


def _difference(restored: Any, folded: Any) -> str:
    """The first field a snapshot holds otherwise than its events say (for the reason)."""
    if type(restored) is not type(folded):
        return f"it is a {type(restored).__name__}, the events make a {type(folded).__name__}"
    mine, theirs = _fields(restored), _fields(folded)
    for name in sorted(set(mine) | set(theirs)):
        if mine.get(name, _ABSENT) != theirs.get(name, _ABSENT):
            said = "absent" if name not in mine else _shown(mine[name])
            right = "absent" if name not in theirs else _shown(theirs[name])
            return f"{name.lstrip('_')}: {said} in it, {right} by the events"
    return "its state differs"


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"
