"""The audit's questions (docs/audit.md): the findings standing, counted, streamed, and what a
session's end leaves open — plain selects over the audit's read model (:mod:`projections.audit`)."""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Any

from sqlalchemy import Connection, case, func, select

from campaign.core.worded import kept
from projections import tables
from projections.queries import HISTORY_CHUNK


def finding_counts(connection: Connection, sessions: Collection[int]) -> tuple[int, int, int]:
    """How many findings stand in ``sessions`` (as :func:`findings` lists them): all of them,
    the warnings, the pending — one query, for a replay's summary."""
    f = tables.findings.c
    query = select(
        func.count(),
        func.coalesce(func.sum(case((f.severity == "warning", 1), else_=0)), 0),
        func.coalesce(func.sum(case((f.status == "pending", 1), else_=0)), 0),
    ).where(f.status.in_(("pending", "final")), f.session.in_(list(sessions)))
    total, warnings, pending = connection.execute(query).one()
    return int(total), int(warnings), int(pending)


def findings(
    connection: Connection, session: int | None = None, code: str | None = None
) -> list[dict[str, Any]]:
    """``audit --json`` (docs/json.md#audit, docs/audit.md): the findings standing now — final, or
    pending until a later event decides them — in the order of the events they are about. A
    message is its English text, worded to be said in the reader's language
    (campaign/core/worded.py)."""
    return list(finding_rows(connection, session, code))


def finding_rows(
    connection: Connection,
    session: int | None = None,
    code: str | None = None,
    *,
    sessions: range | None = None,
) -> Iterator[dict[str, Any]]:
    """:func:`findings`, streamed as :func:`history_rows` is (``sessions``: of those sessions
    only, the report's range): the connection must stay open while the rows are consumed."""
    f = tables.findings.c
    query = (
        select(tables.findings)
        .where(f.status.in_(("pending", "final")))
        .order_by(f.position, f.rank)
    )
    if session is not None:
        query = query.where(f.session == session)
    if code is not None:
        query = query.where(f.code == code)
    if sessions is not None:
        query = query.where(f.session.between(sessions.start, sessions.stop - 1))
    result = connection.execute(query, execution_options={"yield_per": HISTORY_CHUNK})
    try:
        for row in result:
            yield {"code": row.code, "severity": row.severity, "status": row.status,
                   "session": row.session, "position": row.position, "subject": row.subject,
                   "rules_say": row.rules_say, "ruled": row.ruled, "note": row.note,
                   "rule": {"seed": row.rule_seed, "name": row.rule_name},
                   "message": kept(row.message, row.message_words),
                   "command_position": row.command}  # fmt: skip
    finally:
        result.close()


def left_open(connection: Connection, command: int) -> list[str]:
    """What a session's end leaves to say (docs/audit.md#at-the-table), one line each:
    ``code<TAB>subject<TAB>position<TAB>session<TAB>status`` per finding pending, or decided
    by ``command`` (the session's end, when the read models have folded it), and
    ``clock<TAB>subject<TAB>reason<TAB>until`` per condition the clock will end (the write side
    catches the read models up first)."""
    f, m = tables.findings.c, tables.modifiers.c
    pending = select(f.code, f.subject, f.position, f.session, f.status).where(
        (f.status == "pending") | (f.closed_command == command)
    )
    timed = select(m.subject, m.reason, m.source, m.until).where(
        m.kind == "character", m.passive.is_(False), m.ended.is_(None), m.until.is_not(None)
    )
    said = [
        f"{r.code}\t{r.subject}\t{r.position}\t{r.session}\t{r.status}"
        for r in connection.execute(pending.order_by(f.position))
    ]
    said += [
        f"clock\t{r.subject}\t{r.reason or r.source or 'a condition'}\t{r.until}"
        for r in connection.execute(timed.order_by(m.position))
    ]
    return said
