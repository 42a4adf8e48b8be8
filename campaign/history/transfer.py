"""``export --format jsonl`` and ``import`` (docs/cli.md#export-and-import): a history moved
between stores, exactly.

One JSON object per event (docs/json.md#export-jsonl), in position order: ``position``, ``session``,
``type`` (the stored topic, ``module:QualName``), ``subject``, ``aggregate_id``,
``aggregate_version``, ``timestamp`` (ISO), ``gm``, ``data``, ``hash`` and ``prev_hash``. ``data``
is the event's stored state as the library's transcoder wrote it (decrypted when the store is
encrypted: an export is plaintext), without the keys shown beside it (timestamp, position, session,
gm); ``import`` puts them back in their place and re-encodes through the target store's own mapper —
so the events come back byte for byte as they were stored, on SQLite or PostgreSQL, with or without
a cipher, and an older event still reaches today's code through its upcasters, as it would have.

``hash`` and ``prev_hash`` are the event's link in the hash chain
(docs/RELIABILITY.md#tamper-evidence), lifted out of ``data`` like the other stamped keys.
``import`` checks the whole chain (positions, each aggregate's versions, every link and hash:
:class:`campaign.history.chain.Chain`) before writing anything, and puts them back in the stored
state, so ``campaign verify`` passes after an import and a store and its export agree on the chain's
last hash. ``subject`` is shown for people: it is derived from the events, not part of what was
recorded, and not covered by the hash.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any, Protocol
from uuid import UUID

from eventsourcing.domain import Aggregate
from eventsourcing.persistence import Mapper, StoredEvent, Transcoder

from aggregates.base import LedgerAggregate
from aggregates.subjects import Subjects
from aggregates.values import check_recorded
from campaign.core.errors import DamagedHistory, ImpossibleInput
from campaign.core.i18n import N_
from campaign.core.integrity import CHAIN_FIELDS
from campaign.history.chain import Break, Chain
from campaign.history.session_export import SESSION_EXPORT
from campaign.store.stored import LedgerMapper, foreign_type

# The stored state's keys that jsonl shows beside ``data``, in the order the library stores them
# (``originator_topic``, a creation's, sits between ``timestamp`` and ``position``).
LIFTED = ("timestamp", "position", "session", "gm")
KEYS = ("position", "session", "type", "subject", "aggregate_id", "aggregate_version",
        "timestamp", "gm", "data", "hash", "prev_hash")  # fmt: skip
BATCH = 500


class NotEmpty(ImpossibleInput):
    """``import`` into a store that already holds a history."""


class Exported(Protocol):
    """A store's history, as ``export --format jsonl`` reads it."""

    mapper: Mapper

    def stored_events(self) -> Iterator[StoredEvent]:
        """The stored events, in position order (the notification log's order,
        docs/json.md#export-jsonl)."""

    def session_end(self, session: int) -> int:
        """The last position of session ``session`` (an unknown session is an input error)."""

    def check_positions(self) -> None:
        """Raise :class:`DamagedHistory` when the positions do not run on one by one."""


class ImportTarget(Protocol):
    """An empty store, as ``import`` fills it."""

    mapper: Mapper

    def last_position(self) -> int: ...

    def locked(self) -> AbstractContextManager[None]:
        """The store's writer lock."""

    def insert(self, stored: list[StoredEvent]) -> None:
        """Write the events as they are, in one transaction."""

    def catch_up(self, progress: Callable[[int, int], None] | None = None) -> int:
        """Fold the read models up to the store's last event."""


def plaintext(mapper: Mapper, state: bytes) -> bytes:
    """What the transcoder wrote, before the mapper compressed and encrypted it."""
    if mapper.cipher:
        state = mapper.cipher.decrypt(state)
    if mapper.compressor:
        state = mapper.compressor.decompress(state)
    return state


def sealed(mapper: Mapper, plaintext: bytes) -> bytes:
    """The mapper's own treatment of transcoded bytes (``Mapper.to_stored_event``'s last steps)."""
    if mapper.compressor:
        plaintext = mapper.compressor.compress(plaintext)
    if mapper.cipher:
        plaintext = mapper.cipher.encrypt(plaintext)
    return plaintext


def jsonl(history: Exported, session: int | None = None) -> Iterator[str]:
    """One line per event (of session ``session`` only, when given), oldest first.

    A session's export is the stretch of the chain from its first event to its last, so that
    ``verify --file`` checks it link by link. That is the session's events alone — but where a
    retracted ``session M`` let the session before it go on (docs/log-language.md#retract), M's
    events (the line and its retraction) sit among the session's own: they are in the stretch, each
    line with its own ``session``, rather than a gap that would read as events deleted."""
    last = None
    if session is not None:
        last = history.session_end(session)  # before any line: an unknown one is an error
    history.check_positions()  # nothing written from a damaged history (log and recap alike)
    mapper, subjects = history.mapper, Subjects()
    started, expected = False, 1
    for stored in history.stored_events():
        event = mapper.to_domain_event(stored)
        if event.position != expected:  # a row deleted or added: not a history to carry on
            raise DamagedHistory.out_of_place(event.position, expected)
        expected += 1
        subject = subjects.subject(event)  # learnt from every event, shown for the chosen ones
        if last is not None:
            if event.position > last:
                return
            started = started or event.session == session
            if not started:
                continue
        data = json.loads(plaintext(mapper, stored.state))
        for key in LIFTED:
            data.pop(key, None)
        chain = {key: data.pop(key, None) for key in CHAIN_FIELDS}
        yield json.dumps(
            {
                "position": event.position,
                "session": event.session,
                "type": stored.topic,
                "subject": subject,
                "aggregate_id": str(stored.originator_id),
                "aggregate_version": stored.originator_version,
                "timestamp": event.timestamp.isoformat(),
                "gm": event.gm,
                "data": data,
                "hash": chain["hash"],
                "prev_hash": chain["prev_hash"],
                **({} if session is None else {SESSION_EXPORT: session}),  # part of a history
            },
            ensure_ascii=False,
        )


def read_jsonl(mapper: Mapper, lines: Iterable[str], name: str = "<jsonl>") -> list[StoredEvent]:
    """A ``jsonl`` export as the stored events a store with ``mapper`` would hold, checked first.

    Each line must decode to an event of this code (its type known, its fields complete), its hash
    chain must be intact (positions 1, 2, 3, … in order, each aggregate's versions in turn, every
    link and hash: docs/RELIABILITY.md#tamper-evidence), and every aggregate's events must apply in
    turn — so nothing is written that the store could not load, or that is not the history that was
    exported. An error names the line (and, for a broken chain, the first bad position).
    """
    transcoder = mapper.transcoder
    # the export is plaintext, whatever the target's cipher; only the tracker's own events
    plain = LedgerMapper(transcoder=transcoder)
    aggregates: dict[UUID, Aggregate] = {}
    stored: list[StoredEvent] = []
    chain = Chain()
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            row = _row(text)
            if SESSION_EXPORT in row:
                raise ValueError(
                    f"this is the export of session {row[SESSION_EXPORT]} alone, part of a "
                    "history: import takes a whole one (`campaign export --format jsonl`, "
                    "without --session)"
                )
            state = row_state(transcoder, row)
            check_recorded(state)  # text and numbers as a command records them
            record = StoredEvent(
                originator_id=row["aggregate_id"],
                originator_version=row["aggregate_version"],
                topic=row["type"],
                state=transcoder.encode(state),
            )
            event = plain.to_domain_event(record)
            _check(event, row)
            broken = chain.add(record.topic, record.originator_id, record.originator_version,
                               state, line=number)  # fmt: skip
            if broken is not None:
                raise _Tampered(broken)
            aggregates[event.originator_id] = event.mutate(aggregates.get(event.originator_id))
        except Exception as error:  # whatever the line got wrong, it is the line's fault
            where = (error.line or number) if isinstance(error, _Tampered) else number
            raise _refused(name, where, error) from None
        stored.append(
            StoredEvent(record.originator_id, record.originator_version, record.topic,
                        sealed(mapper, record.state))
        )  # fmt: skip
    if not stored:
        raise ImpossibleInput(
            N_("{name}: no events"),
            field="line",
            expected=N_("a `jsonl` export with events"),
            values={"name": name},
        )
    return stored


def _refused(name: str, where: int, error: Exception) -> ImpossibleInput:
    """A line of the export refused: what it got wrong, as its check said it."""
    return ImpossibleInput(
        "{name}:{where}: {error}",
        field="line",
        value=where,
        expected=N_("a line of `campaign export --format jsonl`"),
        values={"name": name, "where": where, "error": error},
    )


class _Tampered(ValueError):
    """The export's hash chain is broken (docs/RELIABILITY.md#tamper-evidence): the history is
    not the one exported."""

    def __init__(self, broken: Break) -> None:
        super().__init__(f"{broken.reason} — the export's hash chain is broken, nothing imported")
        self.line = broken.line  # an edit found at the next line is the line before's


def _row(text: str) -> dict[str, Any]:
    row = json.loads(text)
    if not isinstance(row, dict):
        raise ValueError("not a JSON object")
    check_row(row)
    if not isinstance(row["type"], str) or not isinstance(row["aggregate_version"], int):
        raise ValueError("type is a topic (module:QualName), aggregate_version a number")
    foreign = foreign_type(row["type"])  # an event type of this code's (never imported)
    if foreign is not None:
        raise ValueError(foreign.replace("a stored event's type", "type"))
    return {**row, "aggregate_id": UUID(row["aggregate_id"])}


def check_row(row: dict[str, Any]) -> None:
    """A line's shape, as ``import`` and ``verify --file`` both require it: every key, and
    ``data`` an object without the keys shown beside it — the state is rebuilt from both
    (:func:`row_state`), and a key in ``data`` would stand in the state (and the hash) for the
    one shown, which could then say anything (``"gm": "mallory"`` beside ``data.gm``)."""
    missing = [key for key in KEYS if key not in row]
    if missing:
        raise ValueError(f"missing {', '.join(missing)}")
    if not isinstance(row["data"], dict) or set(LIFTED) & set(row["data"]):
        raise ValueError("data must be an object without the keys shown beside it")


def check_timestamp(timestamp: Any, row: dict[str, Any]) -> None:
    """The line's ``timestamp`` must be spelt as the export writes the event's (``timestamp``,
    decoded from the line's state): the hash covers the time, not its spelling (``Z`` for
    ``+00:00``)."""
    if not isinstance(timestamp, datetime) or timestamp.isoformat() != row["timestamp"]:
        raise ValueError(f"timestamp {row['timestamp']!r} is not ISO 8601 with its zone")


def row_state(transcoder: Transcoder, row: dict[str, Any]) -> dict[str, Any]:
    """A jsonl line's event state as the store holds it, decoded: the lifted keys and the chain
    back in their place (the chain after the event's own fields, before ``class_version``, as
    the mapper wrote it), so that encoding it gives the stored bytes again."""
    data = dict(row["data"])
    if set(CHAIN_FIELDS) & set(data):
        raise ValueError("data must not hold hash or prev_hash (they are shown beside it)")
    marked = json.loads(transcoder.encode({"t": datetime.fromisoformat(row["timestamp"])}))
    state = {"timestamp": marked["t"]}
    if "originator_topic" in data:
        state["originator_topic"] = data.pop("originator_topic")
    class_version = data.pop("class_version", None)
    state |= {"position": row["position"], "session": row["session"], "gm": row["gm"], **data}
    state |= {"prev_hash": row["prev_hash"], "hash": row["hash"]}
    if class_version is not None:
        state["class_version"] = class_version
    decoded = transcoder.decode(json.dumps(state).encode("utf-8"))
    if not isinstance(decoded, dict):
        raise ValueError("data is not an event's state")
    return decoded


def _check(event: Any, row: dict[str, Any]) -> None:
    if not isinstance(event, LedgerAggregate.Event):
        raise ValueError(f"{row['type']} is not an event of the ledger")
    check_timestamp(event.timestamp, row)
    # a field with a default came later: events recorded before it lack it and read as that
    missing = [
        f.name for f in dataclasses.fields(event) if f.name not in vars(event) and _required(f)
    ]
    if missing:
        raise ValueError(f"data lacks {', '.join(missing)} (a {row['type']} has them)")


def import_jsonl(
    target: ImportTarget,
    lines: Iterable[str],
    name: str = "<jsonl>",
    *,
    committed: Callable[[int], None] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Load a ``jsonl`` export into the ``target`` store, which must be empty: position-faithful,
    all of it in one transaction or nothing. Returns the number of events; ``committed`` is told
    it as soon as they are stored, before the read models catch up (a Ctrl-C then can say that
    the import landed); ``progress`` follows the read models' catch-up, the long part."""
    _check_empty(target)  # before reading a long file for nothing
    stored = read_jsonl(target.mapper, lines, name)
    with target.locked():
        _check_empty(target)
        target.insert(stored)
    if committed is not None:
        committed(len(stored))
    target.catch_up(progress)
    return len(stored)


def _check_empty(target: ImportTarget) -> None:
    held = target.last_position()
    if held:
        raise NotEmpty(
            N_(
                "the store already holds {held} events: import loads a history into an empty "
                "store only (a new SQLite file, or an empty PostgreSQL schema)"
            ),
            field=None,
            value=held,
            expected=N_("an empty store"),
            values={"held": held},
        )


def _required(field: dataclasses.Field[Any]) -> bool:
    return field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING
