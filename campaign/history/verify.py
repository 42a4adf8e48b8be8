"""``campaign verify`` (SPEC §7): is the history as it was recorded?

Every event's stored state carries ``position`` (1, 2, 3, … in recording order), ``prev_hash``
(the hash of the event before it, :data:`~campaign.core.integrity.GENESIS` for the first) and
``hash`` (:func:`~campaign.core.integrity.event_hash` of its topic, aggregate, version and state,
chained to ``prev_hash``). A :class:`Chain` reads the events in the order they are stored — the
notification log's order for a store, the lines' order for a ``jsonl`` export — and names the
**first position** where that history stops being the one recorded:

- a **deleted** event: the missing position (the next one is found where it belonged);
- **reordered** events (rows or states swapped): the first of them (a later position is found
  where an earlier one belonged, and the earlier one turns up after it);
- an **inserted** event: where it appears (its position is one already seen);
- an **edited** event (a changed byte, its hash or its link to the one before): that event —
  also when the change leaves its state undecodable, which is said so, and when its hash was
  recomputed to match (the next event still links to the hash it had);
- an aggregate's versions that do not run 1, 2, 3, … (a changed version column);
- an event with **no hash** at all: recorded by a version of the tracker that kept no chain (a
  store that old cannot be verified), or its chain fields were taken out.

A store is also checked beside the chain (:func:`verify_store`): a row stored outside the
notification log (an id ≤ 0: an **inserted** event, before position 1), an aggregate ID stored
otherwise than the library writes it (an **edit** the hash cannot see: commands miss the event),
and every **snapshot** against the state its aggregate's events fold to (a forged one is named
with the SQL that deletes it: it is only a cache, but commands load from it).

It streams: memory grows with the number of aggregates (their last version; an aggregate's
folded state while it has snapshots still to check), never with the number of events. What it
cannot see, by construction: events removed from the **end** (the chain before them is intact)
and a history rewritten with every hash recomputed (the hash is not keyed). ``last_hash`` —
the hash of the last event — is what a copy is compared with: a store and its export that agree
on it hold the same history.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass, replace
from typing import TYPE_CHECKING, Any, NamedTuple
from uuid import UUID

from eventsourcing.persistence import Mapper, StoredEvent, Transcoder

from campaign.core.integrity import CHAIN_FIELDS, GENESIS, event_hash

if TYPE_CHECKING:
    from eventsourcing.application import Application

BATCH = 500  # notifications read per query
SESSION_EXPORT = "export_session"  # the key that marks each line of a session's jsonl export


@dataclass(frozen=True)
class Verdict:
    """What ``verify`` found (SPEC §5 ``verify --json``; ``line`` for a file only)."""

    intact: bool
    events: int
    first_bad_position: int | None = None
    reason: str | None = None
    last_hash: str | None = None  # the chain's head, when intact (compare it with a copy's)
    line: int | None = None  # verify --file: the line of the first bad position
    first_position: int = 1  # verify --file: where a session's export starts
    # a store: the snapshots checked against their events (said, not in the JSON: a store and
    # its imported copy, which holds none, verify alike)
    snapshots: int | None = None

    def as_json(self, *, file: bool = False) -> dict[str, Any]:
        data = asdict(self)
        del data["snapshots"]
        if not file:
            del data["line"], data["first_position"]
        return data


@dataclass(frozen=True)
class Break:
    position: int
    reason: str
    line: int | None = None


class Chain:
    """The history's checks, one stored event at a time, in stored order.

    :meth:`add` each event (its state decoded, or ``state=None`` and the ``problem`` that
    stopped it decoding); :attr:`broken` is the first break, once found. After it, events are
    only counted — and watched for the missing position, to tell a deletion from a reordering.
    """

    def __init__(self) -> None:
        self.events = 0
        self.expected = 1  # the position the next event must have
        self.prev = GENESIS  # the hash the next event must link to
        self.versions: dict[str, int] = {}  # aggregate → its last version
        # A session's export (``export --format jsonl --session N``, each line marked) is part
        # of a history: it is checked from its first event on — that event's position and link
        # taken as given, each aggregate's versions from the first one seen.
        self.partial = False
        self.first = 1
        self.broken: Break | None = None
        self._missing: tuple[int, int] | None = None  # (absent position, the one found there)
        self._line: int | None = None  # the line of the last good event (an export's)

    def add(
        self,
        topic: str,
        originator_id: Any,
        version: Any,
        state: Mapping[str, Any] | None,
        *,
        problem: str | None = None,
        line: int | None = None,
        misfiled: str | None = None,
    ) -> Break | None:
        """Check one event; the first break (this one or an earlier one), or None.

        ``misfiled`` says why the aggregate ID, as the row stores it, is not the text the
        library writes (the hash covers the ID, not its spelling: :func:`verify_store`)."""
        self.events += 1
        if self.broken is not None:
            self._follow(state)
            return self.broken
        if self.partial and self.events == 1 and state is not None:
            position, link = state.get("position"), state.get("prev_hash")
            if type(position) is int and position > 0 and isinstance(link, str):
                self.expected = self.first = position
                self.prev = link
        here = self.expected
        if state is None:
            return self._break(f"position {here}: {problem or 'its state cannot be read'}", line)
        position = state.get("position")
        if type(position) is not int:
            return self._break(f"position {here}: the event stored there has no position", line)
        if position > here:
            self._missing = (here, position)
            return self._break(_missing(here, position, later=False), line)
        if position < here:
            return self._break(
                f"position {position} where {here} was expected: a second event at position "
                f"{position} (an inserted event)",
                line,
            )
        if misfiled is not None:
            return self._break(f"position {here}: {misfiled}", line)
        aggregate = _aggregate(originator_id)
        last = self.versions.get(aggregate, 0)
        if self.partial and aggregate not in self.versions and type(version) is int:
            last = version - 1  # its earlier versions are before the part exported
        if type(version) is not int or version != last + 1:
            return self._break(
                f"position {here}: version {version} of aggregate {aggregate} where version "
                f"{last + 1} was expected (its versions run 1, 2, 3, …)",
                line,
            )
        if not set(CHAIN_FIELDS) & set(state):
            return self._break(
                f"position {here}: it carries no hash (recorded by a version of the tracker "
                "that kept no chain, or its hash was taken out): it cannot be verified",
                line,
            )
        body = dict(state)
        link = state.get("prev_hash")
        if link != self.prev:
            if (
                here > 1
                and isinstance(link, str)
                and state.get("hash") == _hash(topic, aggregate, version, body, link)
            ):  # this one is as recorded, after another event: the one before was rewritten
                self.broken = Break(
                    here - 1,
                    f"position {here - 1}: its content was changed and its hash recomputed "
                    f"(position {here} links to the hash it had)",
                    self._line,
                )
                return self.broken
            before = f"position {here - 1}'s hash" if here > 1 else "the start of the chain"
            return self._break(
                f"position {here}: its prev_hash does not link to {before} (edited)", line
            )
        digest = _hash(topic, aggregate, version, body, self.prev)
        if digest is None or state.get("hash") != digest:
            return self._break(
                f"position {here}: its content does not match its hash (edited after it was "
                "recorded)",
                line,
            )
        self.versions[aggregate] = version
        self.prev = digest
        self.expected += 1
        self._line = line
        return None

    def _break(self, reason: str, line: int | None) -> Break:
        self.broken = Break(self.expected, reason, line)
        return self.broken

    def fail(self, position: int, reason: str) -> None:
        """A break found beside the chain (a store's row or snapshot), unless one came first."""
        if self.broken is None:
            self.broken = Break(position, reason)

    def _follow(self, state: Mapping[str, Any] | None) -> None:
        if self._missing is None or state is None or self.broken is None:
            return
        absent, found = self._missing
        if state.get("position") == absent:  # it was not deleted: it is stored later
            self.broken = Break(absent, _missing(absent, found, later=True), self.broken.line)
            self._missing = None

    def verdict(self, snapshots: int | None = None) -> Verdict:
        if self.broken is None:
            last = self.prev if self.events else None
            return Verdict(
                True, self.events, last_hash=last, first_position=self.first, snapshots=snapshots
            )
        bad = self.broken
        return Verdict(
            False, self.events, bad.position, bad.reason, line=bad.line,
            first_position=self.first, snapshots=snapshots,
        )  # fmt: skip


def _hash(topic: str, aggregate: str, version: int, state: dict[str, Any], prev: str) -> str | None:
    try:
        return event_hash(topic, aggregate, version, state, prev)
    except (TypeError, ValueError):  # a value no event holds: it cannot be the recorded one
        return None


def _missing(absent: int, found: int, *, later: bool) -> str:
    why = (
        f"the events were reordered (position {absent} is stored after it)"
        if later
        else f"position {absent} is missing (deleted)"
    )
    return f"position {found} where {absent} was expected: {why}"


def _aggregate(originator_id: Any) -> str:
    """An aggregate ID as the hash spells it (a UUID's canonical text, whatever the column's)."""
    try:
        return str(originator_id if isinstance(originator_id, UUID) else UUID(originator_id))
    except (TypeError, ValueError, AttributeError):
        return str(originator_id)


# --- a store ---------------------------------------------------------------------------------


class _Row(NamedTuple):
    """One row of the event table, as stored."""

    id: int  # its notification id (SQLite's rowid)
    originator_id: Any  # as stored: SQLite's text, PostgreSQL's uuid
    version: Any
    topic: str
    state: bytes


def verify_store(app: Application) -> Verdict:
    """Check a store's stored events, in notification order (the recorded order), and every
    snapshot against the state its aggregate's events fold to (:class:`_Snapshots`).

    Every row of the event table is read, also one stored before the first notification id
    (``rowid`` or ``notification_id`` ≤ 0: the notification log starts at 1 and never reaches
    it, but a command loading its aggregate reads it), and each aggregate ID as the row spells
    it: the library finds an aggregate's events by that exact text (SQLite), while the hash
    covers the ID, not its spelling.
    """
    chain, mapper = Chain(), app.mapper
    spelt = _Spelling(app)
    snapshots = _Snapshots(app)
    for row in _rows(app):
        try:
            state = row.state
            if mapper.cipher:
                state = mapper.cipher.decrypt(state)
            if mapper.compressor:
                state = mapper.compressor.decompress(state)
            decoded = mapper.transcoder.decode(state)
            if not isinstance(decoded, dict):
                raise ValueError("not an object")
        except Exception as error:
            decoded, problem = None, _undecodable(error, encrypted=bool(mapper.cipher))
        else:
            problem = None
        originator_id, misfiled = spelt(row.originator_id)
        if row.id < 1:
            chain.fail(chain.expected, _outside(row, originator_id, chain.expected))
        here = chain.expected
        broken = chain.add(
            row.topic, originator_id, row.version, decoded, problem=problem, misfiled=misfiled
        )
        if broken is None and snapshots.due:
            forged = snapshots.add(originator_id, row, decoded, here)
            if forged is not None:
                chain.fail(here, forged)
    if chain.broken is None:
        forged = snapshots.left(chain)
        if forged is not None:
            chain.fail(chain.expected, forged)
    return chain.verdict(snapshots.checked)


def _rows(app: Application) -> Iterator[_Row]:
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
            yield _Row(n.id, n.originator_id, n.originator_version, n.topic, n.state)
        after = batch[-1].id  # ids may have gaps (PostgreSQL): never "last + 1" blindly


def _sqlite_rows(recorder: Any) -> Iterator[_Row]:
    select = (
        "SELECT rowid, originator_id, originator_version, topic, state "
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
            yield _Row(*row)
        after = batch[-1][0]


class _Spelling:
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


def _outside(row: _Row, originator_id: Any, expected: int) -> str:
    return (
        f"before position {expected}: the event table holds a row at notification id {row.id} "
        f"(aggregate {_aggregate(originator_id)}, version {row.version}), where the tracker "
        "never stores one (they start at 1): an inserted event — the history's order never "
        "reaches it, but every command loading its aggregate does"
    )


class _Snapshots:
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
        self.events = Mapper(transcoder=_Decoded())  # the library's, on the state decoded once

    def add(self, aggregate: UUID, row: _Row, state: Any, position: int) -> str | None:
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
# schema checked by campaign.store.SCHEMA_NAME), an aggregate's UUID and a version number.
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


def _undecodable(error: Exception, *, encrypted: bool) -> str:
    what = "decrypted or decoded" if encrypted else "decoded"
    detail = str(error).splitlines()[0][:120] if str(error) else type(error).__name__
    return f"its stored state cannot be {what} (its bytes were changed): {detail}"


# --- a jsonl export ----------------------------------------------------------------------------


def verify_jsonl(lines: Iterable[str | bytes], transcoder: Transcoder) -> Verdict:
    """Check a ``jsonl`` export's chain and positions, line by line, without a store (with the
    ``transcoder`` the application stores events with).

    A line that is not an event of the export's shape (not JSON, a key missing, data that does
    not decode, or holds a key shown beside it, a timestamp spelt otherwise than the export
    spells it: :func:`campaign.history.transfer.check_row`, as ``import`` refuses it) breaks the
    chain at the position it stands for. ``subject`` is shown for people and not part of what was
    recorded: it is not covered by the hash.

    A file whose first line is marked ``export_session`` is checked from its first event on (a
    session's export, part of a history) only if it reads as one (:class:`_SessionExport`): the
    marker is not hashed, so it is believed only where the hashed events agree with it. Any other
    file is checked from position 1, so that its first lines cut off are a deletion.
    """
    from campaign.history.transfer import check_row, check_timestamp, row_state  # (it imports this)

    chain = Chain()
    marked: _SessionExport | None = None  # the first line's marker, and whether it holds
    whole: Chain | None = None  # the same lines from position 1, while the file is taken as a part

    def unreadable(problem: str, number: int) -> None:  # a line that is no event breaks both
        for each in (chain, whole):
            if each is not None:
                each.add("", None, None, None, problem=problem, line=number)

    for number, raw in enumerate(lines, start=1):
        text = raw
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError as error:
                unreadable(f"line {number} is not UTF-8 ({error})", number)
                continue
        if number == 1:
            text = text.removeprefix("\ufeff")
        if not text.strip():
            continue
        row: Any = None
        try:
            row = json.loads(text)
            if not isinstance(row, dict):
                raise ValueError("not a JSON object")
            check_row(row)  # as import checks it
            state = row_state(transcoder, row)
            check_timestamp(state.get("timestamp"), row)
            topic, aggregate, version = row["type"], row["aggregate_id"], row["aggregate_version"]
        except Exception as error:
            detail = str(error).splitlines()[0][:120] if str(error) else type(error).__name__
            if marked is not None and isinstance(row, dict):
                marked.line(row, None, number)
            unreadable(f"line {number} is not an event of a jsonl export ({detail})", number)
            continue
        if chain.events == 0 and SESSION_EXPORT in row:
            marked = _SessionExport(row, state, topic, number)
            if marked.why is None:  # its first event is the session's opening: a part
                chain.partial, whole = True, Chain()
        elif marked is not None:
            marked.line(row, state, number)
        chain.add(topic, aggregate, version, state, line=number)
        if whole is not None:
            whole.add(topic, aggregate, version, state, line=number)
    if marked is None:
        return chain.verdict()
    why = marked.finish()
    if why is None:
        return chain.verdict()
    found = (whole or chain).verdict()  # not a session's export: the file from position 1
    if found.intact:
        return found
    return replace(found, reason=f"{found.reason} — {why}: the file is checked from position 1")


class _SessionExport:
    """A file whose first line carries ``export_session`` N: is it consistent with a session's
    export (``export --format jsonl --session N``, :func:`campaign.history.transfer.jsonl`)?

    Such an export is the stretch of the chain from the first event of session N — its opening,
    ``SessionOpened`` with number N — to the last event in session N, every line marked N (the
    events in between may carry other sessions: a retracted ``session M`` that let session N go
    on). The marker is not hashed; the first event's type, number and ``session`` and the last
    event's ``session`` are. :attr:`why` says what does not fit, None while all does.
    """

    def __init__(self, row: Mapping[str, Any], state: Mapping[str, Any], topic: str, line: int):
        self.session = row[SESSION_EXPORT]
        self.why: str | None = None
        self.last: Any = _UNREAD  # the hashed session of the last event (its line unread)
        marker = f"line {line} is marked {SESSION_EXPORT} {json.dumps(self.session)}"
        if type(self.session) is not int or self.session < 1:
            self.why = f"{marker}, which names no session"
        elif not (
            _is_opening(topic)
            and state.get("number") == self.session
            and state.get("session") == self.session
        ):
            self.why = (
                f"{marker}, but its event (position {state.get('position')}) is not session "
                f"{self.session}'s opening (`session {self.session}`), where a session's export "
                "starts"
            )
        self.last = state.get("session")

    def line(self, row: Mapping[str, Any], state: Mapping[str, Any] | None, line: int) -> None:
        if self.why is None:
            found = row.get(SESSION_EXPORT, _UNMARKED)
            if found is _UNMARKED or found != self.session or type(found) is not int:
                said = "not marked" if found is _UNMARKED else f"marked {json.dumps(found)}"
                self.why = (
                    f"the file is marked {SESSION_EXPORT} {self.session}, but line {line} is "
                    f"{said} (a session's export marks every line with it)"
                )
        self.last = _UNREAD if state is None else state.get("session")

    def finish(self) -> str | None:
        """Why the whole file is not a session's export, or None."""
        if self.why is None and self.last is not _UNREAD and self.last != self.session:
            self.why = (
                f"the file is marked {SESSION_EXPORT} {self.session}, but a session's export "
                f"ends with the session's last event, and its last event is in session "
                f"{self.last}"
            )
        return self.why


_UNMARKED, _UNREAD = object(), object()


def _is_opening(topic: str) -> bool:
    """Whether ``topic`` is a session's opening (``SessionOpened``), under any name it had."""
    from eventsourcing.utils import resolve_topic

    from aggregates.campaign import Campaign

    try:
        return resolve_topic(topic) is Campaign.SessionOpened
    except Exception:  # a topic this code does not know: not the opening
        return False
