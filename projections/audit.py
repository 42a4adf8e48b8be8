"""The audit's read model: one row per finding (``view_findings``), tagged with its command.

A fold like the histories: :func:`campaign.audit.judge` says what each event finds, this
projection writes it. Findings that look ahead (MOR002, SAV003) are written ``pending`` and
decided by a later event — ``final`` when they stand, ``resolved`` (hidden) when answered in time
— which is recorded with them (``closed_command``). A retraction (the campaign's
``CommandRetracted``) removes the withdrawn command's findings and re-opens what it had decided,
as :class:`projections.history.Modifiers` does for conditions — but what it had answered and
whose deadline has passed since (an item save withdrawn after its exposure's session ended) is
decided at once, by the retraction (``Verdict.reopened``); the retraction itself is GEN001.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import bindparam, delete, select, update

from aggregates.campaign import Campaign
from campaign import audit
from campaign.audit.findings import handle_of
from campaign.core.i18n import N_
from campaign.core.worded import Worded
from projections import tables
from projections.fold import Fold, Projection, insert_rows

_RANK = {code: rank for rank, code in enumerate(audit.CODES)}


class Audit(Projection):
    """The findings of the audit (docs/audit.md), folded from the events (``campaign audit``).

    Set-based per batch: new findings are kept in memory and inserted with one executemany at
    the batch's flush, and the pending findings already stored are read once (when the batch
    first settles one) and decided in memory, written back with one executemany. The reads of
    a later event (``_settle``, ``_noted_already``, ``_name_exposed``) consult what is held
    first. A retraction writes what is held before it deletes and re-opens rows, then starts
    afresh.
    """

    name = "audit"
    tables = (tables.findings,)

    def __init__(self) -> None:
        self._note: tuple[int | None, str | None] = (None, None)  # the running command's note
        # the batch's commands → the first aggregate other than the campaign each touched
        self._touched: dict[int, str] = {}
        self._forget()

    def _forget(self) -> None:
        """Drop the batch's pending work (written, or rolled back)."""
        self._rows: list[dict[str, Any]] = []  # new findings, in order: not yet inserted
        self._new: dict[tuple[int, str], dict[str, Any]] = {}  # the same, by key
        self._open_new: dict[tuple[int, str], dict[str, Any]] = {}  # new ones still pending
        self._open_stored: dict[tuple[int, str], dict[str, Any]] | None = None  # stored, pending
        self._decided: dict[tuple[int, str], dict[str, Any]] = {}  # stored ones decided since
        self._noted: set[int] = set()  # commands whose GEN002 this batch wrote
        self._first: int | None = None  # the batch's first command: it may have begun before
        self._first_noted: bool | None = None  # … and whether a stored GEN002 notes it

    def reset(self) -> None:
        self._note, self._touched = (None, None), {}
        self._forget()

    def flush(self, fold: Fold) -> None:
        self._write(fold)
        self._forget()
        self._touched = {}  # the timeline holds them now

    def _touched_by(self, fold: Fold, command: int) -> str:
        """What GEN001 names (docs/audit.md#the-codes): the first thing the withdrawn ``command``
        touched, in event order, other than the campaign — ``ford`` for a withdrawn casualty, whose
        first event is the encounter's, whether or not its retraction had anything to undo there (a
        morale test ruled as the rules say changes nothing) — else ``campaign``. The batch's own
        commands are held; earlier ones are in the timeline, whose subjects start with the handle
        (``ford/goblins``: a handle holds no ``/``)."""
        if command in self._touched:
            return self._touched[command]
        t = tables.timeline.c
        subject = fold.connection.scalar(
            select(t.subject)
            .where(t.command == command, t.aggregate_id != Campaign.create_id())
            .order_by(t.position)
            .limit(1)
        )
        return subject.partition("/")[0] if subject else "campaign"

    def _write(self, fold: Fold) -> None:
        insert_rows(fold.connection, tables.findings, self._rows)
        _decide(fold, self._decided.values())

    def process(self, fold: Fold, event: Any, aggregate: Any) -> None:
        if self._first is None:
            self._first = event.command
        if event.command not in self._touched and not isinstance(aggregate, Campaign):
            self._touched[event.command] = handle_of(aggregate)
        verdict = audit.judge(event, aggregate)
        if isinstance(event, Campaign.CommandRetracted):
            touched = self._touched_by(fold, event.retracted)
            for found in verdict.findings:  # GEN001, and GEN002 for its --note
                found["subject"] = touched
            self._withdraw(fold, event, verdict.reopened)
        note = audit.note_of(event)
        if note is not None and self._note[0] != event.command:
            self._note = (event.command, note)  # a command's --note rides on all its events
        said = self._note[1] if self._note[0] == event.command else None
        for settle in verdict.settles:
            self._settle(fold, event, settle)
        for found in verdict.findings:
            if found["note"] is None:
                found["note"] = said
            if found["code"] == "GEN002" and self._noted_already(fold, event.command):
                continue  # one finding per note: the command's first event that carries it
            if found["code"] == "SAV004" and found["rules_say"] is None:
                self._name_exposed(fold, event, found)
            self._insert(found)

    def _insert(self, found: dict[str, Any]) -> None:
        pending = found["status"] == audit.PENDING
        row = {
            "position": found["position"],
            "code": found["code"],
            "rank": _RANK[found["code"]],
            "command": found["command_position"],
            "session": found["session"],
            "severity": found["severity"],
            "status": found["status"],
            "subject": found["subject"],
            "rules_say": found["rules_say"],
            "ruled": found["ruled"],
            "note": found["note"],
            "rule_seed": found["rule"]["seed"],
            "rule_name": found["rule"]["name"],
            **_message(found["message"]),
            "pending_message": str(found["message"]) if pending else None,
            "pending_words": _words(found["message"]) if pending else None,
            "closed": None,
            "closed_command": None,
        }
        key = (row["position"], row["code"])
        self._rows.append(row)
        self._new[key] = row
        if pending:
            self._open_new[key] = row
        if row["code"] == "GEN002":
            self._noted.add(row["command"])

    def _noted_already(self, fold: Fold, command: int) -> bool:
        """Whether the command's GEN002 is written: by this batch, or — for the batch's first
        command, which may have begun in an earlier one — stored."""
        if command in self._noted:
            return True
        if command != self._first:
            return False
        if self._first_noted is None:
            f = tables.findings.c
            found = select(f.position).where(f.code == "GEN002", f.command == command)
            self._first_noted = fold.connection.execute(found).first() is not None
        return self._first_noted

    def _name_exposed(self, fold: Fold, event: Any, found: dict[str, Any]) -> None:
        """An item save of another item (SAV004): the rules say the exposed one, which the
        exposure's SAV003 names."""
        key = (event.exposure, "SAV003")
        held = self._new.get(key) or (self._open_stored or {}).get(key) or self._decided.get(key)
        if held is not None:
            subject = held["subject"]
        else:
            f = tables.findings.c
            subject = fold.connection.scalar(
                select(f.subject).where(f.code == "SAV003", f.position == event.exposure)
            )
        if subject is not None:
            exposed = subject.split("/", 1)[1]
            found["rules_say"] = [exposed]
            found["message"] = Worded(
                N_("item save of {item}; the exposed item is {exposed}"),
                {"item": event.item, "exposed": exposed},
            )

    def _stored_open(self, fold: Fold) -> dict[tuple[int, str], dict[str, Any]]:
        """The pending findings stored before this batch (read once a batch)."""
        if self._open_stored is None:
            f = tables.findings.c
            query = select(
                f.position, f.code, f.subject, f.session, f.status, f.message,
                f.message_words, f.closed, f.closed_command,
            ).where(f.status == audit.PENDING)  # fmt: skip
            self._open_stored = {
                (row.position, row.code): dict(row._mapping)
                for row in fold.connection.execute(query)
            }
        return self._open_stored

    def _settle(self, fold: Fold, event: Any, settle: audit.Settle) -> None:
        stored = self._stored_open(fold)
        for held in (stored, self._open_new):
            decided = [key for key, row in held.items() if settle.matches(row)]
            for key in decided:
                row = held[key]
                row["status"] = settle.status
                row["closed"] = event.position
                row["closed_command"] = event.command
                message = settle.message_for(row["session"])
                if message is not None:
                    row.update(_message(message))
                if settle.status != audit.PENDING:
                    del held[key]
                if held is stored:
                    self._decided[key] = row

    def _withdraw(self, fold: Fold, event: Any, reopened: list[audit.Settle]) -> None:
        """The withdrawn command's findings go; what it decided is pending again — except what
        it answered whose deadline has passed since (``reopened``): decided now, by the
        retraction."""
        command = event.retracted
        self._write(fold)  # what the batch holds first: the statements below see every row
        noted, first, first_noted = self._noted, self._first, self._first_noted
        self._forget()
        self._noted, self._first, self._first_noted = noted - {command}, first, first_noted
        f = tables.findings.c
        fold.connection.execute(delete(tables.findings).where(f.command == command))
        if reopened:
            answered = select(
                f.position, f.code, f.subject, f.session, f.pending_message, f.pending_words
            ).where(f.closed_command == command, f.status == audit.RESOLVED)  # fmt: skip
            decided = []
            for row in fold.connection.execute(answered).mappings():
                settle = next((s for s in reopened if s.matches(row)), None)
                if settle is not None:
                    message = settle.message_for(row["session"])
                    said = (
                        {"message": row["pending_message"], "message_words": row["pending_words"]}
                        if message is None
                        else _message(message)
                    )
                    decided.append(
                        {**row, "status": settle.status, "closed": event.position,
                         "closed_command": event.command, **said}
                    )  # fmt: skip
            _decide(fold, decided)  # closed by the retraction: the statement below leaves them
        fold.connection.execute(
            update(tables.findings)
            .where(f.closed_command == command)
            .values(
                status=audit.PENDING,
                closed=None,
                closed_command=None,
                message=f.pending_message,
                message_words=f.pending_words,
            )
        )


def _decide(fold: Fold, rows: Iterable[dict[str, Any]]) -> None:
    """Write the new status, closing event and message of stored findings (one executemany)."""
    values = [
        {"k_position": row["position"], "k_code": row["code"], "v_status": row["status"],
         "v_closed": row["closed"], "v_closed_command": row["closed_command"],
         "v_message": row["message"], "v_words": row["message_words"]}
        for row in rows
    ]  # fmt: skip
    if values:
        f = tables.findings.c
        fold.connection.execute(
            update(tables.findings)
            .where(f.position == bindparam("k_position"), f.code == bindparam("k_code"))
            .values(
                status=bindparam("v_status"),
                closed=bindparam("v_closed"),
                closed_command=bindparam("v_closed_command"),
                message=bindparam("v_message"),
                message_words=bindparam("v_words"),
            ),
            values,
        )


def _words(message: str) -> dict[str, Any] | None:
    """What the read model keeps of a message to say it later in the reader's language."""
    return message.as_json() if isinstance(message, Worded) else None


def _message(message: str) -> dict[str, Any]:
    """A finding's message as its row holds it: the English text and its words."""
    return {"message": str(message), "message_words": _words(message)}
