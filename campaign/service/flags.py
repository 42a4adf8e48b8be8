"""The audit's word at the table (docs/audit.md#at-the-table): a logging command's events judged
as they are recorded, by the judge the audit's read model uses (:func:`campaign.audit.judge`).

A finding the events make final is a flag (``⚑ MOR005 …``); a morale check left due when the
encounter ends, an item save awaited when the session ends, are flags too (the audit lists them
final from then on). A finding still pending is said by the command's own answer, as the
check due of a casualty is; GEN002 (the GM's note) is not repeated. A judgement's module is
imported only for an event it judges: a ``note`` imports none.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from campaign.service.results.flags import Flag, Said

if TYPE_CHECKING:
    from campaign.service.unit import UnitOfWork

# informational findings the command's answer already says: the note, the retraction
SILENT = frozenset({"GEN001", "GEN002"})


def judged(uow: UnitOfWork) -> Callable[[list[tuple[Any, Any]]], Said]:
    """What a command's events, each with its aggregate after it, make the answer say."""

    def judge(events: list[tuple[Any, Any]]) -> Said:
        flags = flags_of(events)
        reminders: list[str] = []
        ended = [e for e, _ in events if type(e).__name__ == "SessionEnded"]
        if ended:
            command = ended[0].command
            left = uow.stored_answer(
                ("left open", str(command)), lambda read: read.left_open(command)
            )
            flags += _awaited(left, ended[0].number)
            reminders += _left(left)
        return Said(None, tuple(flags), tuple(reminders))

    return judge


def _awaited(left: list[str], session: int) -> list[Flag]:
    """The item saves the session's end leaves unmade: final from now on (SAV003)."""
    said = []
    for line in left:
        code, subject, position, found_in, status = line.split("\t", 4)
        if code == "SAV003" and found_in == str(session) and status != "resolved":
            said.append(
                Flag(code, f"{subject}: exposed at event {position}, no item save this session")
            )
    return said


def _left(left: list[str]) -> list[str]:
    """What is still due after a session's end: morale checks, conditions the clock will end."""
    said = []
    for line in left:
        kind, subject, *rest = line.split("\t")
        if kind == "MOR002" and rest[-1] == "pending":
            said.append(f"{subject}: morale check due since event {rest[0]}, none made yet")
        elif kind == "clock":
            said.append(f"{subject}: {rest[0]} lasts until the clock ends it")
    return said


def flags_of(judged: Iterable[tuple[Any, Any]]) -> list[Flag]:
    """The flags of a command's events, each with its aggregate after it, in position order."""
    from campaign import audit  # the package only: each judgement is imported when used

    flags: list[Flag] = []
    for event, aggregate in judged:
        if not audit.judged(type(event)):
            continue
        verdict = audit.judge(event, aggregate)
        for found in verdict.findings:
            if found["status"] == audit.FINAL and found["code"] not in SILENT:
                flags.append(Flag(found["code"], found["message"]))
        flags.extend(_lapsed(event, aggregate, verdict.settles))
    return flags


def _lapsed(event: Any, aggregate: Any, settles: list[Any]) -> list[Flag]:
    """The morale checks the event records as lapsed unmade (MOR002, final from now on)."""
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
        since = f" since event {due}" if due is not None else ""
        said.append(
            Flag(
                "MOR002",
                f"{aggregate.handle}/{group}: morale check due{since} "
                f"({' and '.join(checks)}), none made",
            )
        )
    return said
