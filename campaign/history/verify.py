"""``campaign verify`` (docs/cli.md#verify): is the history as it was recorded?

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
and a history rewritten with every hash recomputed (the hash is not keyed): receipts kept
elsewhere show both (:mod:`campaign.history.receipts`, told each hash by ``watch``). ``last_hash`` —
the hash of the last event — is what a copy is compared with: a store and its export that agree
on it hold the same history.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from eventsourcing.persistence import Transcoder

from aggregates.values import check_recorded
from campaign.history.chain import Chain, Verdict
from campaign.history.session_export import SESSION_EXPORT, SessionExport
from campaign.history.snapshot_check import Snapshots
from campaign.history.stored_rows import Spelling, every_row, outside_the_log, undecodable
from campaign.history.transfer import check_row, check_timestamp, row_state
from campaign.store.stored import foreign_type

if TYPE_CHECKING:
    from eventsourcing.application import Application

    from campaign.history.receipts import Watch

__all__ = ["SESSION_EXPORT", "Chain", "Verdict", "verify_jsonl", "verify_store"]


def verify_store(app: Application, watch: Watch | None = None) -> Verdict:
    """Check a store's stored events, in notification order (the recorded order), and every
    snapshot against the state its aggregate's events fold to
    (:class:`~campaign.history.snapshot_check.Snapshots`).

    Every row of the event table is read, also one stored before the first notification id
    (``rowid`` or ``notification_id`` ≤ 0: the notification log starts at 1 and never reaches
    it, but a command loading its aggregate reads it), and each aggregate ID as the row spells
    it: the library finds an aggregate's events by that exact text (SQLite), while the hash
    covers the ID, not its spelling.
    """
    chain, mapper = Chain(watch), app.mapper
    spelt = Spelling(app)
    snapshots = Snapshots(app)
    for row in every_row(app):
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
            in_clear = bool(mapper.cipher) and _in_clear(mapper.transcoder, row.state)
            decoded = None
            problem = undecodable(error, encrypted=bool(mapper.cipher), in_clear=in_clear)
        else:
            problem = foreign_type(row.topic)  # never imported: only the tracker's own resolve
            if problem is not None:
                decoded, problem = None, problem.replace("a stored event's type", "its type")
        originator_id, misfiled = spelt(row.originator_id)
        if row.id < 1:
            chain.fail(chain.expected, outside_the_log(row, originator_id, chain.expected))
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


def _in_clear(transcoder: Transcoder, state: bytes) -> bool:
    """Whether a stored state is the transcoder's own text (an event's, not encrypted)."""
    try:
        return isinstance(transcoder.decode(state), dict)
    except Exception:  # ciphertext, or bytes changed: which error depends on them
        return False


def verify_jsonl(
    lines: Iterable[str | bytes], transcoder: Transcoder, watch: Watch | None = None
) -> Verdict:
    """Check a ``jsonl`` export's chain and positions, line by line, without a store (with the
    ``transcoder`` the application stores events with).

    A line that is not an event of the export's shape (not JSON, a key missing, data that does
    not decode, or holds a key shown beside it, a timestamp spelt otherwise than the export
    spells it: :func:`campaign.history.transfer.check_row`, as ``import`` refuses it) breaks the
    chain at the position it stands for. ``subject`` is shown for people and not part of what was
    recorded: it is not covered by the hash.

    A file whose first line is marked ``export_session`` is checked from its first event on (a
    session's export, part of a history) only if it reads as one (:class:`SessionExport`): the
    marker is not hashed, so it is believed only where the hashed events agree with it. Any other
    file is checked from position 1, so that its first lines cut off are a deletion.
    """
    check = _JsonlCheck(transcoder, watch)
    for number, raw in enumerate(lines, start=1):
        check.line(number, raw)
    return check.verdict()


class _JsonlCheck:
    """A file's lines through the chain from its first event and, while the file is taken as a
    session's export, through a second chain from position 1 (what it is checked as if the
    marker turns out not to hold)."""

    def __init__(self, transcoder: Transcoder, watch: Watch | None = None) -> None:
        self.transcoder = transcoder
        self.chain = Chain(watch)
        self.marked: SessionExport | None = None  # the first line's marker, and whether it holds
        self.whole: Chain | None = None  # the lines from position 1, while the file is a part

    def line(self, number: int, raw: str | bytes) -> None:
        text = self._text(number, raw)
        if text is None or not text.strip():
            return
        event = self._event(number, text)
        if event is None:
            return
        row, state = event
        topic, aggregate, version = row["type"], row["aggregate_id"], row["aggregate_version"]
        if self.chain.events == 0 and SESSION_EXPORT in row:
            self.marked = SessionExport(row, state, topic, number)
            if self.marked.why is None:  # its first event is the session's opening: a part
                self.chain.partial, self.whole = True, Chain()
        elif self.marked is not None:
            self.marked.line(row, state, number)
        self.chain.add(topic, aggregate, version, state, line=number)
        if self.whole is not None:
            self.whole.add(topic, aggregate, version, state, line=number)

    def _text(self, number: int, raw: str | bytes) -> str | None:
        """The line as text (None: not UTF-8, which breaks the chain here)."""
        text = raw
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError as error:
                self._unreadable(f"line {number} is not UTF-8 ({error})", number)
                return None
        return text.removeprefix("\ufeff") if number == 1 else text

    def _event(self, number: int, text: str) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The line's row and the event's state, checked as ``import`` checks them (None: it is
        no event of a jsonl export, which breaks the chain here)."""
        row: Any = None
        try:
            row = json.loads(text)
            if not isinstance(row, dict):
                raise ValueError("not a JSON object")
            check_row(row)  # as import checks it
            state = row_state(self.transcoder, row)
            check_timestamp(state.get("timestamp"), row)
            check_recorded(state)  # as import checks it: what no command records
        except Exception as error:
            detail = str(error).splitlines()[0][:120] if str(error) else type(error).__name__
            if self.marked is not None and isinstance(row, dict):
                self.marked.line(row, None, number)
            self._unreadable(f"line {number} is not an event of a jsonl export ({detail})", number)
            return None
        return row, state

    def _unreadable(self, problem: str, number: int) -> None:
        """A line that is no event breaks both chains."""
        for each in (self.chain, self.whole):
            if each is not None:
                each.add("", None, None, None, problem=problem, line=number)

    def verdict(self) -> Verdict:
        if self.marked is None:
            return self.chain.verdict()
        why = self.marked.finish()
        if why is None:
            return self.chain.verdict()
        found = (self.whole or self.chain).verdict()  # not a session's export: from position 1
        if found.intact:
            return found
        return replace(found, reason=f"{found.reason} — {why}: the file is checked from position 1")
