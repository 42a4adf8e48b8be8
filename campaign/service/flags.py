"""The audit's word at the table (docs/audit.md#at-the-table): a logging command's events judged
as they are recorded, by the judge the audit's read model uses (:func:`campaign.audit.judge`).

A finding the events make final is a flag (``⚑ MOR005 …``); a morale check left due when the
encounter ends, an item save awaited when the session ends (or left unmade by a retraction after
it ended), are flags too (the audit lists them final from then on). A finding still pending is
said by the command's own answer, as the check due of a casualty is; GEN002 (the GM's note) is
not repeated. A judgement's module is imported only for an event it judges: a ``note`` imports
none.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from campaign.core.i18n import N_
from campaign.core.worded import Worded
from campaign.service.results.flags import Flag, Said

if TYPE_CHECKING:
    from campaign.service.unit import UnitOfWork
    from projections.readmodel import ReadModel

# informational findings the command's answer already says: the note, the retraction
SILENT = frozenset({"GEN001", "GEN002"})


def judged(uow: UnitOfWork) -> Callable[[list[tuple[Any, Any]]], Said]:
    """What a command's events, each with its aggregate after it, make the answer say."""

    def judge(events: list[tuple[Any, Any]]) -> Said:
        verdicts = _verdicts(events)
        flags = [flag for event, aggregate, verdict in verdicts
                 for flag in _flags(event, aggregate, verdict)]  # fmt: skip
        reminders: list[str] = []
        ended = [e for e, _ in events if type(e).__name__ == "SessionEnded"]
        if ended:
            rows = _left_open(uow, ended[0].command)
            flags += _awaited(rows, ended[0].number)
            clock = next(a.clock for e, a in events if type(e).__name__ == "SessionEnded")
            reminders += _left(rows, clock)
        retracted = [(e, v) for e, _, v in verdicts if type(e).__name__ == "CommandRetracted"]
        if retracted and uow.running is None:  # the read models have folded the retraction
            rows = _left_open(uow, retracted[0][0].command)
            flags += [_unanswered(r, retracted[0][0].retracted) for r in rows
                      if r["code"] == "SAV003" and r["status"] == "final"]  # fmt: skip
        elif retracted:
            flags += _reopen(uow, *retracted[0])
        if uow.running is not None:
            _remember(uow.running, verdicts)
        return Said(None, tuple(flags), tuple(reminders))

    return judge


def flags_of(events: Iterable[tuple[Any, Any]]) -> list[Flag]:
    """The flags of a command's events, each with its aggregate after it, in position order."""
    return [flag for e, a, verdict in _verdicts(events) for flag in _flags(e, a, verdict)]


def _verdicts(events: Iterable[tuple[Any, Any]]) -> list[tuple[Any, Any, Any]]:
    from campaign import audit  # the package only: each judgement is imported when used

    return [
        (event, aggregate, audit.judge(event, aggregate))
        for event, aggregate in events
        if audit.judged(type(event))
    ]


def _flags(event: Any, aggregate: Any, verdict: Any) -> list[Flag]:
    flags = [
        Flag(found["code"], found["message"])
        for found in verdict.findings
        if found["status"] == "final" and found["code"] not in SILENT
    ]
    return flags + _lapsed(event, aggregate, verdict.settles)


def _left_open(uow: UnitOfWork, command: int) -> list[dict[str, Any]]:
    """The findings pending (and those ``command`` decided, once folded) and the conditions the
    clock will end: as the read models have them, with what a unit of work (a replayed file)
    found and decided before ``command``, which they do not know yet."""

    rows = _left_open_stored(uow, command)
    unit = uow.running
    if unit is None:
        return rows
    settled = [settle for _, settle in unit.settled]
    rows = [r for r in rows if r["code"] == "clock" or not any(s.matches(r) for s in settled)]
    return rows + list(unit.open_findings.values())


def _left_open_stored(uow: UnitOfWork, command: int) -> list[dict[str, Any]]:
    """:func:`_left_open` as the read models have it (stored before a running unit of work)."""

    def ask(read: ReadModel) -> list[str]:
        from projections.findings import left_open

        with read.reading() as connection:
            return left_open(connection, command)

    rows = []
    for line in uow.stored_answer(("left open", str(command)), ask):
        kind, subject, *rest = line.split("\t")
        if kind == "clock":
            rows.append({"code": kind, "subject": subject, "reason": rest[0],
                         "until": int(rest[1])})  # fmt: skip
        else:
            position, session, status = int(rest[0]), int(rest[1]), rest[2]
            rows.append({"code": kind, "subject": subject, "position": position,
                         "session": session, "status": status})  # fmt: skip
    return rows


def _remember(unit: Any, verdicts: list[tuple[Any, Any, Any]]) -> None:
    """What a unit of work's command found pending and decided, for a later session's end."""
    for event, _, verdict in verdicts:
        for settle in verdict.settles:
            unit.settled.append((event.command, settle))
            for key in [k for k, row in unit.open_findings.items() if settle.matches(row)]:
                row = unit.open_findings.pop(key)
                unit.decided.setdefault(event.command, []).append({**row, "status": settle.status})
        for found in verdict.findings:
            if found["status"] == "pending":
                unit.open_findings[(found["position"], found["code"])] = {
                    **{key: found[key] for key in ("code", "subject", "position", "session")},
                    "status": found["status"], "command": found["command_position"],
                }  # fmt: skip


def _reopen(uow: UnitOfWork, event: Any, verdict: Any) -> list[Flag]:
    """What a retraction in a unit of work (a replayed file) re-opens, which the read models have
    not folded (projections/audit.py does the same): the withdrawn command's own pending findings
    go; what it decided is pending again — but an answer whose deadline has passed since is final
    at once (docs/audit.md#pending-and-final), and flagged."""
    from campaign.audit.findings import FINAL, RESOLVED, Settle

    unit, withdrawn = uow.running, event.retracted
    for key in [k for k, row in unit.open_findings.items() if row.get("command") == withdrawn]:
        del unit.open_findings[key]
    mine = [settle for command, settle in unit.settled if command == withdrawn]
    unit.settled = [(command, s) for command, s in unit.settled if command != withdrawn]
    decided = unit.decided.pop(withdrawn, [])
    stored = [r for r in _left_open_stored(uow, withdrawn) if r["code"] != "clock"]
    for row in stored:  # pending, or decided by the withdrawn command
        settle = next((s for s in mine if s.matches(row)), None)
        if row["status"] != "pending" or settle is not None:
            decided.append({**row, "status": row["status"] if settle is None else settle.status})
    flags = []
    for row in decided:
        if row["status"] == RESOLVED and any(s.matches(row) for s in verdict.reopened):
            flags.append(_unanswered(row, withdrawn))
            unit.settled.append(
                (event.command, Settle(row["code"], FINAL, position=row["position"]))
            )
        else:
            unit.open_findings[(row["position"], row["code"])] = {**row, "status": "pending"}
    return flags


def _awaited(rows: list[dict[str, Any]], session: int) -> list[Flag]:
    """The item saves the session's end leaves unmade: final from now on (SAV003)."""
    words = N_("{subject}: exposed at event {position}, no item save this session")
    return [
        Flag("SAV003", Worded(words, {"subject": r["subject"], "position": r["position"]}))
        for r in rows
        if r["code"] == "SAV003" and r["session"] == session and r["status"] != "resolved"
    ]


def _unanswered(row: dict[str, Any], withdrawn: int) -> Flag:
    """An item save a retraction leaves unmade in a session already ended: the withdrawn
    command had answered it, and its deadline has passed (SAV003, final from now on)."""
    words = N_(
        "{subject}: exposed at event {position}, no item save before session {session} ended "
        "once event:{withdrawn} is withdrawn"
    )
    said = {key: row[key] for key in ("subject", "position", "session")}
    return Flag("SAV003", Worded(words, {**said, "withdrawn": withdrawn}))


def _left(rows: list[dict[str, Any]], clock: int) -> list[str]:
    """What is still due after a session's end: morale checks, conditions the clock will end —
    those still running at ``clock``, the campaign's in-game time (the read models' may be behind
    it: a replayed file's own clock moves are not folded yet)."""
    said: list[str] = []
    for r in rows:
        if r["code"] == "MOR002" and r["status"] == "pending":
            words = N_("{subject}: morale check due since event {position}, none made yet")
            said.append(Worded(words, {"subject": r["subject"], "position": r["position"]}))
        elif r["code"] == "clock" and r["until"] > clock:
            words = N_("{subject}: {reason} lasts until the clock ends it")
            said.append(Worded(words, {"subject": r["subject"], "reason": r["reason"]}))
    return said


def _lapsed(event: Any, aggregate: Any, settles: list[Any]) -> list[Flag]:
    """The morale checks the event records as lapsed unmade (MOR002, final from now on)."""
    from campaign.audit.findings import checks_said

    if not any(s.code == "MOR002" and s.status == "final" for s in settles):
        return []
    lapses = getattr(event, "lapsed", None)
    dues = (
        {lapse["group"]: lapse["due_position"] for lapse in lapses}
        if isinstance(lapses, list) and lapses and isinstance(lapses[0], dict)
        else {}
    )
    said = []
    for group, checks in event.lapsed_checks():
        due = dues.get(group, getattr(event, "due_position", None))
        if due is None:
            words = N_("{subject}: morale check due ({checks}), none made")
        else:
            words = N_("{subject}: morale check due since event {due} ({checks}), none made")
        values = {
            "subject": f"{aggregate.handle}/{group}",
            "due": due,
            "checks": checks_said(checks),
        }
        said.append(Flag("MOR002", Worded(words, values)))
    return said
