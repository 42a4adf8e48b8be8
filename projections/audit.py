"""The audit's read model: one row per finding (``view_findings``), tagged with its command.

A fold like the histories: :func:`campaign.audit.judge` says what each event finds, this
projection writes it. Findings that look ahead (MOR002, SAV003) are written ``pending`` and
decided by a later event — ``final`` when they stand, ``resolved`` (hidden) when answered in time
— which is recorded with them (``closed_command``). A retraction (the campaign's
``CommandRetracted``) removes the withdrawn command's findings and re-opens what it had decided,
as :class:`projections.history.Modifiers` does for conditions; the retraction itself is GEN001.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import and_, delete, insert, select, update

from aggregates.campaign import Campaign
from campaign import audit
from projections import tables
from projections.fold import Fold, Projection

_RANK = {code: rank for rank, code in enumerate(audit.CODES)}


class Audit(Projection):
    """The findings of SPEC §6, folded from the events (``campaign audit``)."""

    name = "audit"
    tables = (tables.findings,)

    def __init__(self) -> None:
        self._note: tuple[int | None, str | None] = (None, None)  # the running command's note

    def reset(self) -> None:
        self._note = (None, None)

    def process(self, fold: Fold, event: Any, aggregate: Any) -> None:
        if isinstance(event, Campaign.CommandRetracted):
            self._withdraw(fold, event.retracted)
        note = audit.note_of(event)
        if note is not None and self._note[0] != event.command:
            self._note = (event.command, note)  # a command's --note rides on all its events
        said = self._note[1] if self._note[0] == event.command else None
        verdict = audit.judge(event, aggregate)
        for settle in verdict.settles:
            self._settle(fold, event, settle)
        for found in verdict.findings:
            if found["note"] is None:
                found["note"] = said
            if found["code"] == "GEN002" and self._noted(fold, event.command):
                continue  # one finding per note: the command's first event that carries it
            if found["code"] == "SAV004" and found["rules_say"] is None:
                self._name_exposed(fold, event, found)
            self._insert(fold, found)
        if verdict.retracted_subject is not None:
            f = tables.findings.c
            fold.connection.execute(
                update(tables.findings)
                .where(
                    f.code.in_(("GEN001", "GEN002")),
                    f.command == event.command,
                    f.subject == "campaign",
                )
                .values(subject=verdict.retracted_subject)
            )

    @staticmethod
    def _insert(fold: Fold, found: dict[str, Any]) -> None:
        pending = found["status"] == audit.PENDING
        fold.connection.execute(
            insert(tables.findings),
            {
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
                "message": found["message"],
                "pending_message": found["message"] if pending else None,
            },
        )

    @staticmethod
    def _noted(fold: Fold, command: int) -> bool:
        f = tables.findings.c
        found = select(f.position).where(f.code == "GEN002", f.command == command)
        return fold.connection.execute(found).first() is not None

    @staticmethod
    def _name_exposed(fold: Fold, event: Any, found: dict[str, Any]) -> None:
        """An item save of another item (SAV004): the rules say the exposed one, which the
        exposure's SAV003 names."""
        f = tables.findings.c
        subject = fold.connection.scalar(
            select(f.subject).where(f.code == "SAV003", f.position == event.exposure)
        )
        if subject is not None:
            exposed = subject.split("/", 1)[1]
            found["rules_say"] = [exposed]
            found["message"] = f"item save of {event.item}; the exposed item is {exposed}"

    @staticmethod
    def _settle(fold: Fold, event: Any, settle: audit.Settle) -> None:
        f = tables.findings.c
        where = [f.code == settle.code, f.status == audit.PENDING]
        if settle.subject is not None:
            where.append(f.subject == settle.subject)
        if settle.position is not None:
            where.append(f.position == settle.position)
        if settle.session is not None:
            where.append(f.session == settle.session)
        values: dict[str, Any] = {
            "status": settle.status,
            "closed": event.position,
            "closed_command": event.command,
        }
        if settle.message is not None:
            values["message"] = settle.message
        fold.connection.execute(update(tables.findings).where(and_(*where)).values(**values))

    @staticmethod
    def _withdraw(fold: Fold, command: int) -> None:
        """The withdrawn command's findings go; what it decided is pending again."""
        f = tables.findings.c
        fold.connection.execute(delete(tables.findings).where(f.command == command))
        fold.connection.execute(
            update(tables.findings)
            .where(f.closed_command == command)
            .values(
                status=audit.PENDING,
                closed=None,
                closed_command=None,
                message=f.pending_message,
            )
        )
