"""The read side: plain selects over the read-model tables, shaped as docs/json.md's JSON.

Every function takes a connection to a caught-up read model (live, or folded up to a position
for ``--as-of``) and returns plain values; rendering is the CLI's business.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator
from typing import Any

from sqlalchemy import Connection, false, func, or_, select

from aggregates.character_traits import same_name
from aggregates.encounter_events import EncounterStarted
from campaign.core.clock import format_moment
from campaign.rules import d6harmonie
from projections import tables
from projections.entries import (
    character_entry,
    company_entry,
    encounter_entry,
    group_entry,
    item_entry,
)
from projections.fold import kebab


def campaign_row(connection: Connection) -> dict[str, Any]:
    row = connection.execute(select(tables.campaign_state)).mappings().first()
    if row is None:
        return {"name": None, "open_session": None, "last_session": 0, "clock": 0,
                "paladin_ability": "wis"}  # fmt: skip
    return dict(row)


def last_position(connection: Connection) -> int:
    return connection.scalar(select(func.max(tables.timeline.c.position))) or 0


def longest_gm(connection: Connection) -> int:  # the longest GM's name: 0 when none
    return connection.scalar(select(func.max(func.length(tables.timeline.c.gm)))) or 0


def folded_position(connection: Connection) -> int:
    """The position the read models stand at: the last event every one of them has folded
    (a scratch fold for ``--as-of`` holds only the ones its query reads)."""
    return connection.scalar(select(func.min(tables.tracking.c.position))) or 0


def _moment(seconds: int | None) -> str | None:
    return None if seconds is None else format_moment(seconds)


def _active(clock: int):  # a character's modifiers still in force at this in-game time
    m = tables.modifiers.c
    return (m.ended.is_(None), or_(m.until.is_(None), m.until > clock))


# --- status ------------------------------------------------------------------------------------


def status(connection: Connection, only: Collection[str] | None = None) -> dict[str, Any]:
    """``status --json`` (docs/json.md#status); ``only``: the encounters of these handles."""
    state = campaign_row(connection)
    return {
        "position": folded_position(connection),
        "session": state["open_session"] or state["last_session"] or None,
        "session_open": state["open_session"] is not None,
        "clock": format_moment(state["clock"]),
        "encounters": encounters(connection, only),
        "companies": companies(connection),
        "characters": characters(connection, state["clock"]),
    }


def encounters(connection: Connection, only: Collection[str] | None = None) -> list[dict[str, Any]]:
    """Every encounter with its groups in the order they started (``only``: of these handles)."""
    e, g, c = tables.encounters.c, tables.groups.c, tables.companies.c
    # a company's group is named as the company is ("The Grey Company"): it joined by handle
    named = dict(connection.execute(select(c.handle, c.name).where(c.name.is_not(None))).all())
    groups = select(tables.groups).order_by(g.encounter, g.seq)
    started = select(tables.encounters).order_by(e.created)
    if only is not None and len(only) <= 500:  # more: all read (SQLite's bound on parameters)
        groups = groups.where(g.encounter.in_(sorted(only)))
        started = started.where(e.handle.in_(sorted(only)))
    board: dict[str, list[dict[str, Any]]] = {}
    for row in connection.execute(groups).mappings():
        board.setdefault(row["encounter"], []).append(group_entry(row, named))
    return [
        encounter_entry(row, board.get(row.handle, []))
        for row in connection.execute(started).mappings()
        if only is None or row["handle"] in only
    ]


def companies(connection: Connection) -> list[dict[str, Any]]:
    c, m = tables.companies.c, tables.modifiers.c
    listed = select(m.subject, m.value, m.reason, m.position).where(m.kind == "company")
    modifiers: dict[str, list[dict[str, Any]]] = {}
    for row in connection.execute(listed.order_by(m.position)):
        modifiers.setdefault(row.subject, []).append(
            {"value": row.value, "reason": row.reason, "position": row.position}
        )
    result = []
    for row in connection.execute(select(tables.companies).order_by(c.created)).mappings():
        company = company_entry(row)
        company["modifiers"] = modifiers.get(row["handle"], [])
        result.append(company)
    return result


def conditions(connection: Connection, clock: int) -> dict[str, list[dict[str, Any]]]:
    """Each character's conditions in force at ``clock`` (``conditions`` in docs/json.md#status)."""
    m = tables.modifiers.c
    query = (
        select(tables.modifiers)
        .where(m.kind == "character", m.passive.is_(False), *_active(clock))
        .order_by(m.position, m.seq)
    )
    found: dict[str, list[dict[str, Any]]] = {}
    for row in connection.execute(query):
        found.setdefault(row.subject, []).append(
            {"value": row.value, "unit": row.unit, "applies_to": row.applies_to,
             "source": row.source, "detail": row.detail, "until": _moment(row.until),
             "position": row.position}
        )  # fmt: skip
    return found


def characters(connection: Connection, clock: int) -> list[dict[str, Any]]:
    c, i = tables.characters.c, tables.items.c
    owned: dict[str, list[dict[str, Any]]] = {}
    for row in connection.execute(select(tables.items).order_by(i.character, i.seq)).mappings():
        owned.setdefault(row["character"], []).append(item_entry(row))
    active = conditions(connection, clock)
    result = []
    for row in connection.execute(select(tables.characters).order_by(c.created)):
        items = owned.get(row.handle, [])
        result.append(character_entry(row.data, items, active.get(row.handle, [])))
    return result


# --- history -----------------------------------------------------------------------------------


HISTORY_CHUNK = 1000  # rows fetched from the read model at a time while a history streams


def history(
    connection: Connection, session: int | None = None, subject: str | None = None
) -> list[dict[str, Any]]:
    """``history --json``: one entry per event, the rules' outcome beside the ruling."""
    return list(history_rows(connection, session, subject))


def history_rows(
    connection: Connection,
    session: int | None = None,
    subject: str | None = None,
    *,
    chunk: int | None = None,
) -> Iterator[dict[str, Any]]:
    """:func:`history`, streamed: the rows come from the read model ``chunk`` at a time (a
    server-side cursor on PostgreSQL, SQLite's own stepping), so a long history never sits in
    memory whole. One statement, so one consistent snapshot; the connection must stay open
    while the rows are consumed."""
    t = tables.timeline.c
    query = select(*_ENTRY_COLUMNS).order_by(t.position)
    if session is not None:
        query = query.where(t.session == session)
    keep = None
    if subject is not None:
        where, keep = _about(subject)
        query = query.where(where)
    result = connection.execute(query, execution_options={"yield_per": chunk or HISTORY_CHUNK})
    try:
        for row in result:
            if keep is None or keep(row.subject):
                yield _history_entry(row)
    finally:
        result.close()  # abandoned half-way: the cursor is released at once


_HANDLE = re.compile(r"[a-z0-9][a-z0-9-]*")  # campaign.core.handles: an ASCII slug


def _about(subject: str) -> tuple[Any, Callable[[str], bool] | None]:
    """The timeline's rows about ``subject``: itself and what it holds (``ford`` includes
    ``ford/goblins``, ``brynn`` includes ``brynn/Tower shield``; a group or an item holds
    nothing), matched as the tracker matches what it names: the handle as a handle (an ASCII
    slug, any case), a group or an item after it as a name (``same_name``: any case, either
    Unicode form), every character literal (``_``, ``%``).

    Returns the SQL condition and, for ``HANDLE/PART``, a test of each row's subject: SQL keeps
    the handle's rows, compared exactly (no ``lower()`` or ``LIKE``, which differ between
    SQLite and PostgreSQL), and the part — free text — is compared in Python as the rows
    stream by."""
    t = tables.timeline.c
    handle, slash, part = subject.partition("/")
    handle = handle.strip()
    if not handle.isascii() or not _HANDLE.fullmatch(handle := handle.lower()):
        return false(), None  # no handle (ASCII first: a Kelvin sign lowers to k): nothing
    inside = func.substr(t.subject, 1, len(handle) + 1) == f"{handle}/"
    if not slash:
        return or_(t.subject == handle, inside), None
    wanted, start = same_name(part), len(handle) + 1
    return inside, lambda found: same_name(found[start:]) == wanted


def has_subject(connection: Connection, subject: str) -> bool:
    """Whether any event of the timeline is about ``subject`` (as :func:`history_rows` filters)."""
    t = tables.timeline.c
    where, keep = _about(subject)
    if keep is None:
        return connection.scalar(select(t.position).where(where).limit(1)) is not None
    # the handle's distinct subjects (itself, its groups or items): as many as it has parts
    query = select(t.subject).where(where).distinct()
    result = connection.execute(query, execution_options={"yield_per": HISTORY_CHUNK})
    try:
        return any(keep(found) for found in result.scalars())
    finally:
        result.close()


# an entry's keys and the timeline's columns they are read from, in order (the others — ids,
# versions, times — are not read)
_ENTRY = (
    ("position", "position"), ("session", "session"), ("command", "line"),
    ("command_position", "command"), ("kind", "kind"), ("subject", "subject"),
    ("rules_say", "rules_say"), ("ruled", "ruled"), ("note", "note"), ("gm", "gm"),
    ("retracted", "retracted"),
)  # fmt: skip
_ENTRY_KEYS = tuple(key for key, _ in _ENTRY)
_ENTRY_COLUMNS = [tables.timeline.c[column] for _, column in _ENTRY]


def _history_entry(row: Any) -> dict[str, Any]:
    return dict(zip(_ENTRY_KEYS, row, strict=True))


def sessions(connection: Connection) -> list[dict[str, Any]]:
    """Every session in order: number, date, title, source, source_hash, opened, ended."""
    s = tables.sessions.c
    return [dict(row) for row in connection.execute(
        select(tables.sessions).order_by(s.number)).mappings()]  # fmt: skip


def replayed_blocks(connection: Connection) -> set[tuple[int, str]]:
    """Every session block a replay recorded, as (number, digest): retracted ones too."""
    b = tables.session_blocks.c
    return {
        (row.number, row.source_hash) for row in connection.execute(select(b.number, b.source_hash))
    }


def event_sessions(connection: Connection) -> list[int]:
    """The sessions the timeline's events carry, in order: every session recorded, and one
    whose opening was retracted but whose events are still shown (struck out)."""
    t = tables.timeline.c
    query = select(t.session).where(t.session.is_not(None)).distinct().order_by(t.session)
    return list(connection.scalars(query))


STARTED = kebab(EncounterStarted.__name__)  # an encounter's first event: it names its handle


def session_ends(connection: Connection) -> dict[int, int]:
    """Each session's last position, by number: every session the timeline's events carry."""
    t = tables.timeline.c
    query = select(t.session, func.max(t.position)).where(t.session.is_not(None))
    return dict(connection.execute(query.group_by(t.session)).all())


def session_encounters(connection: Connection) -> list[tuple[int, str]]:
    """``(session, handle)`` of each encounter an event of that session belongs to, struck out
    or not: the encounter's handle is its start's subject (docs/json.md#history)."""
    started = tables.timeline.alias("started")
    t, s = tables.timeline.c, started.c
    query = (
        select(t.session, s.subject)
        .join_from(tables.timeline, started, s.aggregate_id == t.aggregate_id)
        .where(t.session.is_not(None), s.kind == STARTED)
        .distinct()
    )
    return [(session, handle) for session, handle in connection.execute(query)]


def audited_sessions(connection: Connection) -> list[int]:
    """The sessions an audit can be asked about: those recorded, and those with findings."""
    s, f = tables.sessions.c, tables.findings.c
    found = connection.scalars(select(f.session).where(f.session.is_not(None)).distinct())
    return sorted({*connection.scalars(select(s.number)), *found})


def session_end(connection: Connection, number: int) -> int | None:
    """The last position of session ``number`` (``--as-of session:N``), None if it has none."""
    t = tables.timeline.c
    return connection.scalar(select(func.max(t.position)).where(t.session == number))


def command_end(connection: Connection, position: int) -> int | None:
    """The last position of the command that recorded ``position`` (``--as-of event:N``)."""
    t = tables.timeline.c
    command = connection.scalar(select(t.command).where(t.position == position))
    if command is None:
        return None
    return connection.scalar(select(func.max(t.position)).where(t.command == command))


# --- modifiers ---------------------------------------------------------------------------------


def modifiers(connection: Connection) -> list[dict[str, Any]]:
    """``modifiers --json``: every group, company and character with its morale modifiers."""
    clock = campaign_row(connection)["clock"]
    m = tables.modifiers.c
    listed: dict[tuple[str, str], list[dict[str, Any]]] = {}
    query = select(tables.modifiers).order_by(m.position, m.seq)
    for row in connection.execute(query):
        if row.kind == "character" and not (
            row.ended is None and (row.until is None or row.until > clock)
        ):
            continue
        listed.setdefault((row.kind, row.subject), []).append(
            {"value": row.value, "unit": row.unit, "reason": row.reason,
             "position": row.position, "until": _moment(row.until),
             "applies_to": row.applies_to, "detail": row.detail}
        )  # fmt: skip
    subjects = []
    for encounter in encounters(connection):
        for group in encounter["groups"]:
            name = f"{encounter['handle']}/{group['handle']}"
            subjects.append(
                {"subject": name, "kind": "group", "rating": group["morale"],
                 "modifiers": listed.get(("group", name), []),
                 "effective": group["effective_morale"]}
            )  # fmt: skip
    for company in companies(connection):
        subjects.append(
            {"subject": company["handle"], "kind": "company", "rating": company["base_morale"],
             "modifiers": listed.get(("company", company["handle"]), []),
             "effective": company["morale"]}
        )  # fmt: skip
    c = tables.characters.c
    for row in connection.execute(select(c.handle, c.moral).order_by(c.created)):
        found = listed.get(("character", row.handle), [])
        bearing = sum(
            x["value"] for x in found if d6harmonie.bears_on_moral(x["applies_to"], x["unit"])
        )
        subjects.append(
            {"subject": row.handle, "kind": "character", "rating": row.moral,
             "modifiers": found,
             "effective": None if row.moral is None else row.moral + bearing}
        )  # fmt: skip
    return subjects
