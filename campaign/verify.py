"""``campaign verify`` (SPEC §7): is the history as it was recorded?

Every event's stored state carries ``position`` (1, 2, 3, … in recording order), ``prev_hash``
(the hash of the event before it, :data:`~campaign.integrity.GENESIS` for the first) and
``hash`` (:func:`~campaign.integrity.event_hash` of its topic, aggregate, version and state,
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

It streams: memory grows with the number of aggregates (their last version), never with the
number of events. What it cannot see, by construction: events removed from the **end** (the
chain before them is intact) and a history rewritten with every hash recomputed (the hash is
not keyed). ``last_hash`` — the hash of the last event — is what a copy is compared with: a
store and its export that agree on it hold the same history.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass, replace
from typing import TYPE_CHECKING, Any
from uuid import UUID

from campaign.integrity import CHAIN_FIELDS, GENESIS, event_hash

if TYPE_CHECKING:
    from eventsourcing.application import Application
    from eventsourcing.persistence import Transcoder

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

    def as_json(self, *, file: bool = False) -> dict[str, Any]:
        data = asdict(self)
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
    ) -> Break | None:
        """Check one event; the first break (this one or an earlier one), or None."""
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

    def _follow(self, state: Mapping[str, Any] | None) -> None:
        if self._missing is None or state is None or self.broken is None:
            return
        absent, found = self._missing
        if state.get("position") == absent:  # it was not deleted: it is stored later
            self.broken = Break(absent, _missing(absent, found, later=True), self.broken.line)
            self._missing = None

    def verdict(self) -> Verdict:
        if self.broken is None:
            last = self.prev if self.events else None
            return Verdict(True, self.events, last_hash=last, first_position=self.first)
        bad = self.broken
        return Verdict(
            False, self.events, bad.position, bad.reason, line=bad.line, first_position=self.first
        )


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


def verify_store(app: Application) -> Verdict:
    """Check a store's stored events, in notification order (the recorded order)."""
    chain, mapper = Chain(), app.mapper
    for notification in _notifications(app):
        try:
            state = notification.state
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
        chain.add(
            notification.topic,
            notification.originator_id,
            notification.originator_version,
            decoded,
            problem=problem,
        )
    return chain.verdict()


def _notifications(app: Application) -> Iterator[Any]:
    start = 1
    while True:
        batch = app.recorder.select_notifications(start=start, limit=BATCH)
        if not batch:
            return
        yield from batch
        start = batch[-1].id + 1  # ids may have gaps (PostgreSQL): never "last + 1" blindly


def _undecodable(error: Exception, *, encrypted: bool) -> str:
    what = "decrypted or decoded" if encrypted else "decoded"
    detail = str(error).splitlines()[0][:120] if str(error) else type(error).__name__
    return f"its stored state cannot be {what} (its bytes were changed): {detail}"


# --- a jsonl export ----------------------------------------------------------------------------


def app_transcoder() -> Transcoder:
    """The transcoder the application stores events with, built without a store."""
    from campaign.application import LedgerApplication

    app = LedgerApplication(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    try:
        return app.mapper.transcoder
    finally:
        app.close()


def verify_jsonl(lines: Iterable[str | bytes], transcoder: Transcoder | None = None) -> Verdict:
    """Check a ``jsonl`` export's chain and positions, line by line, without a store.

    A line that is not an event of the export's shape (not JSON, a key missing, data that does
    not decode) breaks the chain at the position it stands for. ``subject`` is shown for people
    and not part of what was recorded: it is not covered by the hash.

    A file whose first line is marked ``export_session`` is checked from its first event on (a
    session's export, part of a history) only if it reads as one (:class:`_SessionExport`): the
    marker is not hashed, so it is believed only where the hashed events agree with it. Any other
    file is checked from position 1, so that its first lines cut off are a deletion.
    """
    from campaign.transfer import row_state  # (transfer imports this module)

    transcoder = transcoder or app_transcoder()
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
            state = row_state(transcoder, row)
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
    export (``export --format jsonl --session N``, :func:`campaign.transfer.jsonl`)?

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
