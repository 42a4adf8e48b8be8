"""Histories: the timeline, the modifiers with their reasons, the casualties.

One row per fact, tagged with the command that recorded it, so a retraction (the campaign's
``CommandRetracted``) marks the timeline's rows and removes the command's modifiers and
casualties — state, projections and the audit then treat the command as not having happened.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, delete, select, update

from aggregates.campaign import Campaign
from aggregates.character import Character
from aggregates.company import MercenaryCompany
from aggregates.encounter import Encounter
from aggregates.subjects import Subjects, handle_of, subject
from campaign.rules import d6harmonie
from campaign.sessionlog.writing import ExportError, command_line
from projections import tables
from projections.fold import Fold, Projection, insert_rows, kebab


def _json(value: Any) -> Any:
    """A JSON-friendly copy of a stored value (tuples are lists, anything else as text)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _json(v) for k, v in value.items()}
    return str(value)


class Timeline(Projection):
    """One row per event: who recorded what, the rules' outcome beside the ruling, and the log
    line that reproduces its command (written once the command's events are all in: batches
    hold whole commands)."""

    name = "timeline"
    tables = (tables.timeline,)

    def __init__(self) -> None:
        self._subjects = Subjects()
        self._command: list[Any] = []  # the events of the command being folded
        self._rows: list[dict[str, Any]] = []  # rows not yet inserted: one executemany a batch

    def reset(self) -> None:
        self._command, self._rows = [], []

    def flush(self, fold: Fold) -> None:
        self._close_command()
        insert_rows(fold.connection, tables.timeline, self._rows)
        self._rows = []

    def _close_command(self) -> None:
        """The command's events are all in: give its rows the log line that records it."""
        if not self._command:
            return
        events, self._command = self._command, []
        try:
            line = command_line(events, self._subjects)
        except (ExportError, LookupError):
            line = None  # a command with no log form, or a history that starts mid-way
        for row in self._rows[-len(events) :]:
            row["line"] = line

    def process(self, fold: Fold, event: Any, aggregate: Any) -> None:
        if self._command and self._command[-1].command != event.command:
            self._close_command()
        self._subjects.know(event.originator_id, handle_of(aggregate))
        self._command.append(event)
        self._rows.append(
            {
                "position": event.position,
                "notification_id": fold.notification_id,
                "command": event.command,
                "line": None,
                "session": event.session,
                "kind": kebab(type(event).__name__),
                "subject": subject(handle_of(aggregate), event),
                "aggregate_id": event.originator_id,
                "aggregate_version": event.originator_version,
                "relies_on": event.relies_on(),
                "timestamp": event.timestamp.isoformat(),
                "gm": event.gm,
                "rules_say": _json(getattr(event, "rules_say", None)),
                "ruled": _json(getattr(event, "ruled", None)),
                # the GM's words: a command's --note, or the text of `note T`
                "note": getattr(event, "note", None) or getattr(event, "text", None),
                "retracted": False,
            }
        )
        if isinstance(event, Campaign.CommandRetracted):
            for row in self._rows:  # the withdrawn command, if it is still in this batch
                if row["command"] == event.retracted:
                    row["retracted"] = True
            fold.connection.execute(
                update(tables.timeline)
                .where(tables.timeline.c.command == event.retracted)
                .values(retracted=True)
            )


class Modifiers(Projection):
    """Each morale modifier with its reason and the event that gave it (``campaign modifiers``):
    a group's situational adjustments, a company's working conditions, a character's passive
    MORAL bonuses and the conditions its flaws started.

    Set-based per batch, like the timeline: new rows are inserted with one executemany at the
    batch's flush, and the conditions the batch's events end with one executemany after them —
    each end limited to the rows before its event, so rows the batch adds later are not touched.
    A retraction writes what is held before it deletes and re-opens rows."""

    name = "modifiers"
    tables = (tables.modifiers,)

    def __init__(self) -> None:
        self._rows: list[dict[str, Any]] = []  # rows not yet inserted
        self._ends: list[dict[str, Any]] = []  # conditions ended, in order: not yet written

    def reset(self) -> None:
        self._rows, self._ends = [], []

    def flush(self, fold: Fold) -> None:
        insert_rows(fold.connection, tables.modifiers, self._rows)
        self._rows = []
        if self._ends:
            m = tables.modifiers.c
            ends, self._ends = self._ends, []
            for timed in (False, True):  # two statements: until IS NULL, or until = :until
                params = [end for end in ends if (end["b_until"] is not None) is timed]
                if not params:
                    continue
                when = m.until == bindparam("b_until") if timed else m.until.is_(None)
                fold.connection.execute(
                    update(tables.modifiers)
                    .where(
                        m.kind == "character",
                        m.subject == bindparam("b_subject"),
                        m.source == bindparam("b_source"),
                        m.detail.is_not_distinct_from(bindparam("b_detail")),
                        m.passive.is_(False),
                        m.ended.is_(None),
                        m.position < bindparam("b_position"),
                        when,
                    )
                    .values(ended=bindparam("b_ended"), ended_command=bindparam("b_command")),
                    params,
                )

    def process(self, fold: Fold, event: Any, aggregate: Any) -> None:
        rows: list[dict[str, Any]] = []
        if isinstance(event, Encounter.AdjustmentMade):
            rows.append({"kind": "group", "value": event.value, "reason": event.reason})
        elif isinstance(event, MercenaryCompany.WorkingConditionsModified):
            rows.append({"kind": "company", "value": event.value, "reason": event.reason})
        elif isinstance(event, Character.TraitTaken) and event.kind == "advantage":
            bonus = d6harmonie.moral_modifier([event.key])
            if bonus and not self._has_passive(fold, aggregate.handle, event.key):
                reason = f"{event.key} ({event.name_fr})"
                rows.append(
                    {"kind": "character", "value": bonus, "reason": reason,
                     "applies_to": d6harmonie.MORAL, "source": event.key, "passive": True}
                )  # fmt: skip
        elif isinstance(event, Character.FlawRolled):
            for condition in event.conditions:
                rows.append(
                    {
                        "kind": "character",
                        "value": condition["value"],
                        "unit": condition["unit"],
                        "reason": condition["source"],
                        "applies_to": condition["applies_to"],
                        "source": condition["source"],
                        "detail": condition.get("detail"),  # absent from older events
                        "until": condition["until"],  # in-game seconds (FlawRolled v2)
                    }
                )
        elif isinstance(event, Character.ConditionEnded):
            self._end(event, aggregate.handle)
        elif isinstance(event, Campaign.CommandRetracted):
            self._withdraw(fold, event.retracted)
        for seq, row in enumerate(rows):
            self._rows.append(
                {
                    "position": event.position,
                    "seq": seq,
                    "command": event.command,
                    "kind": row["kind"],
                    "subject": subject(handle_of(aggregate), event),
                    "value": row["value"],
                    "unit": row.get("unit", "flat"),
                    "reason": row["reason"],
                    "applies_to": row.get("applies_to"),
                    "source": row.get("source"),
                    "detail": row.get("detail"),
                    "passive": row.get("passive", False),
                    "until": row.get("until"),
                    "ended": None,
                    "ended_command": None,
                }
            )

    def _has_passive(self, fold: Fold, character: str, key: str) -> bool:
        # A trait bought twice does not stack (d6harmonie.passive_modifier counts it once).
        for row in self._rows:
            if row["subject"] == character and row["source"] == key and row["passive"]:
                return True
        m = tables.modifiers.c
        found = select(m.position).where(m.subject == character, m.source == key, m.passive)
        return fold.connection.execute(found).first() is not None

    def _end(self, event: Any, character: str) -> None:
        ends = {(c["until"], c.get("detail")) for c in event.conditions}  # seconds, v2
        for until, detail in sorted(ends, key=lambda u: (u[0] is not None, u[0] or 0, u[1] or "")):
            self._ends.append(
                {"b_subject": character, "b_source": event.source, "b_detail": detail,
                 "b_until": until, "b_position": event.position, "b_ended": event.position,
                 "b_command": event.command}
            )  # fmt: skip

    def _withdraw(self, fold: Fold, command: int) -> None:
        self.flush(fold)  # what the batch holds first: the statements below see every row
        m = tables.modifiers.c
        fold.connection.execute(delete(tables.modifiers).where(m.command == command))
        fold.connection.execute(
            update(tables.modifiers)
            .where(m.ended_command == command)
            .values(ended=None, ended_command=None)
        )


class Sessions(Projection):
    """Each session: its date, title, the log it came from and its digest, its span (new ones
    held and inserted with one executemany at the batch's flush)."""

    name = "sessions"
    tables = (tables.sessions, tables.session_blocks)

    def __init__(self) -> None:
        self._rows: dict[int, dict[str, Any]] = {}  # by number: rows not yet inserted
        self._blocks: list[dict[str, Any]] = []  # replayed blocks not yet inserted

    def reset(self) -> None:
        self._rows, self._blocks = {}, []

    def flush(self, fold: Fold) -> None:
        insert_rows(fold.connection, tables.sessions, list(self._rows.values()))
        insert_rows(fold.connection, tables.session_blocks, self._blocks)
        self._rows, self._blocks = {}, []

    def process(self, fold: Fold, event: Any, aggregate: Any) -> None:
        s = tables.sessions.c
        if isinstance(event, Campaign.SessionOpened):
            if event.number in self._rows:  # the store refuses it: as an insert would have
                self.flush(fold)
            self._rows[event.number] = {
                "number": event.number, "date": event.date, "title": event.title,
                "source_hash": event.source_hash, "source": event.source,
                "opened": event.position, "command": event.command,
                "ended": None, "ended_command": None,
            }  # fmt: skip
            if event.source_hash is not None:
                self._blocks.append(
                    {"opened": event.position, "number": event.number,
                     "source_hash": event.source_hash}
                )  # fmt: skip
        elif isinstance(event, Campaign.SessionEnded):
            held = self._rows.get(event.number)
            if held is not None:
                held.update(ended=event.position, ended_command=event.command)
            else:
                fold.connection.execute(
                    update(tables.sessions)
                    .where(s.number == event.number)
                    .values(ended=event.position, ended_command=event.command)
                )
        elif isinstance(event, Campaign.CommandRetracted):
            for number, held in list(self._rows.items()):
                if held["command"] == event.retracted:
                    del self._rows[number]
                elif held["ended_command"] == event.retracted:
                    held.update(ended=None, ended_command=None)
            fold.connection.execute(delete(tables.sessions).where(s.command == event.retracted))
            fold.connection.execute(
                update(tables.sessions)
                .where(s.ended_command == event.retracted)
                .values(ended=None, ended_command=None)
            )


class Casualties(Projection):
    """Every casualty, by encounter, group or company, and session (inserted with one
    executemany at the batch's flush, like the timeline)."""

    name = "casualties"
    tables = (tables.casualties,)

    def __init__(self) -> None:
        self._rows: list[dict[str, Any]] = []  # rows not yet inserted

    def reset(self) -> None:
        self._rows = []

    def flush(self, fold: Fold) -> None:
        insert_rows(fold.connection, tables.casualties, self._rows)
        self._rows = []

    def process(self, fold: Fold, event: Any, aggregate: Any) -> None:
        row: dict[str, Any] | None = None
        if isinstance(event, Encounter.CasualtyRecorded):
            company = event.group if aggregate.group_kind(event.group) == "company" else None
            row = {"encounter": aggregate.handle, "group": event.group, "company": company}
        elif isinstance(event, MercenaryCompany.CompanyCasualtyRecorded) and not event.encounter:
            row = {"encounter": None, "group": None, "company": aggregate.handle}
        elif isinstance(event, Campaign.CommandRetracted):
            self._rows = [held for held in self._rows if held["command"] != event.retracted]
            c = tables.casualties.c
            fold.connection.execute(delete(tables.casualties).where(c.command == event.retracted))
        if row is not None:
            row.update(
                position=event.position,
                command=event.command,
                session=event.session,
                n=event.n,
                incapacitated=event.incapacitated,
                cause=event.cause,
            )
            self._rows.append(row)
