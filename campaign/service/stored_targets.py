"""A stored command a ``retract`` withdraws, found through the read models' timeline (caught up
first): which command ``last`` or ``event:N`` is, the states it changed, and the later command
in force that stands in the way, if any (:mod:`campaign.service.corrections`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from uuid import UUID

from campaign.core.errors import ImpossibleInput, Phrase
from campaign.core.i18n import N_
from campaign.service.reliance import Changes, Reliance, fought_in, moves_clock, subjects
from campaign.store import MAX_STORED

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from campaign.service.staging import StagedCommand
    from campaign.service.unit import UnitOfWork

RETRACTION_KINDS = ("command-retracted", "retracted")


def refuse(words: str, ref: str, expected: str, **values: Any) -> ImpossibleInput:
    """A retraction refused: ``words`` (marked ``N_``) filled with ``values``."""
    return ImpossibleInput(words, field="retract", value=ref, expected=expected, values=values)


def a_retraction(position: int, ref: str) -> ImpossibleInput:
    return refuse(
        N_(
            "event:{position} is a retraction; record the command again instead (a company, "
            "character, encounter or group it withdrew keeps its handle: make it again under a "
            "new one)"
        ),
        ref,
        N_("a command that is not a retraction"),
        position=position,
    )


def already_retracted(command: int, ref: str) -> ImpossibleInput:
    return refuse(
        N_("the command at event:{command} is already retracted"),
        ref,
        N_("a command still in force"),
        command=command,
    )


def recorded_as(uow: UnitOfWork, command: int) -> tuple[str | None, str | None]:
    """A stored command's log line and the GM who recorded it (its timeline row, caught up
    when the target was found). Nothing for a line of the running log, which the timeline does
    not hold yet."""
    from sqlalchemy import select

    from projections import tables

    t = tables.timeline.c
    query = select(t.line, t.gm).where(t.command == command).order_by(t.position).limit(1)
    with uow.opened.read_model.reading() as connection:
        row = connection.execute(query).first()
    return (None, None) if row is None else (row.line, row.gm)


def last_command(uow: UnitOfWork, ref: str, withdrawn: set[int]) -> int:
    """The most recent stored command neither a retraction nor retracted — in the store, or by
    a line of the running log (``withdrawn``, which the timeline does not know yet)."""
    from sqlalchemy import select

    from projections import tables

    uow.opened.catch_up()
    t = tables.timeline.c
    retracted_commands = select(t.command).where(t.kind.in_(RETRACTION_KINDS))
    query = (
        select(t.command)
        .where(t.retracted.is_(False), t.command.not_in(retracted_commands))
        .order_by(t.position.desc())
        .limit(1)
    )
    if withdrawn:
        query = query.where(t.command.not_in(sorted(withdrawn)))
    with uow.opened.read_model.reading() as connection:
        found = connection.scalar(query)
    if found is None:
        raise refuse(N_("there is no command to retract"), ref, N_("a recorded command"))
    return found


def target(
    uow: UnitOfWork, ref: str, position: int, staged: list[StagedCommand], withdrawn: set[int]
) -> tuple[int, dict[UUID, dict[str, Any] | None]]:
    """A stored command to withdraw, and the state to put back per aggregate it changed;
    refused while a later command in force (stored, or a line of the running log: ``staged``)
    changed or relied on one of them. ``withdrawn``: the stored commands the running log
    retracted already, which the timeline does not know yet."""
    uow.opened.catch_up()
    with uow.opened.read_model.reading() as connection:
        command, rows = _command_rows(uow, connection, ref, position, withdrawn)
        versions: dict[Any, list[int]] = {}
        for row in rows:
            versions.setdefault(row.aggregate_id, []).append(row.aggregate_version)
        first, fought, moved = changed(uow, versions)
        opened = next((row.session for row in rows if row.kind == "session-opened"), None)
        reliance = Reliance(subjects(first, moved), fought, opened)
        end = max(row.position for row in rows)
        later = _later(connection, reliance, first, end, withdrawn) if first else None
    found: tuple[int, str, str] | None = None
    if later is not None:
        relied = {later.relies_on} - {None}
        why = reliance.why({later.aggregate_id}, relied, later.session)
        found = (later.position, later.subject, why)
    else:
        clash = next(  # a line of this log, not yet stored
            (c for c in staged if reliance.clash(set(c.touched), c.relied, c.session)), None
        )
        if clash is not None:
            why = reliance.why(set(clash.touched), clash.relied, clash.session)
            found = (clash.position, Phrase(N_("a line of this log")), why)
    if found is not None:
        raise refuse(
            N_(
                "event:{position} cannot be retracted: event:{later} ({subject}) {why}; retract "
                "that command first (or `retract last`)"
            ),
            ref,
            N_("a command no later command touched"),
            position=position,
            later=found[0],
            subject=found[1],
            why=found[2],
        )
    return command, first


def _command_rows(
    uow: UnitOfWork, connection: Connection, ref: str, position: int, withdrawn: set[int]
) -> tuple[int, list[Any]]:
    """The stored command that recorded ``position``, and its timeline rows: one still in
    force, and no retraction."""
    from sqlalchemy import select

    from projections import tables

    t = tables.timeline.c
    command = (
        connection.scalar(select(t.command).where(t.position == position))
        if position <= MAX_STORED
        else None
    )
    if command is None:
        last = uow.last_position()
        raise refuse(
            N_("event:{position}: there is no event {position}; positions run 1–{last}"),
            ref,
            N_("a recorded position"),
            position=position,
            last=last,
        )
    rows = connection.execute(
        select(tables.timeline).where(t.command == command).order_by(t.position)
    ).all()
    if any(row.kind in RETRACTION_KINDS for row in rows):
        raise a_retraction(position, ref)
    if rows[0].retracted or command in withdrawn:
        raise already_retracted(command, ref)
    return command, rows


def _later(
    connection: Connection,
    reliance: Reliance,
    first: dict[UUID, Any],
    end: int,
    withdrawn: set[int],
) -> Any:
    """The first stored event in force after ``end`` that stands in the way of ``reliance``'s
    command, if any."""
    from sqlalchemy import or_, select

    from projections import tables

    t = tables.timeline.c
    opened = reliance.opened
    query = (
        select(t.position, t.subject, t.aggregate_id, t.relies_on, t.session)
        .where(
            or_(
                t.aggregate_id.in_(list(first)),
                t.relies_on.in_(list(reliance.changed)),
                t.aggregate_id.in_(list(reliance.fought)),
                *([t.session == opened] if opened is not None else []),
            ),
            t.position > end,
            t.retracted.is_(False),
            t.kind.not_in(RETRACTION_KINDS),
            *([t.command.not_in(sorted(withdrawn))] if withdrawn else []),
        )
        .order_by(t.position)
        .limit(1)
    )
    return connection.execute(query).first()


def changed(uow: UnitOfWork, versions: dict[Any, list[int]]) -> Changes:
    """The aggregates a command changed, each with its state before the command (None: the
    command created it). One it left as it was (a `note` on the campaign) needs no
    compensation, and later commands on it do not stand in the way. And the companies that
    fought in an encounter the command ended (``fought_in``), and whether it moved the clock."""
    found: dict[UUID, dict[str, Any] | None] = {}
    fought: dict[UUID, tuple[str, str]] = {}
    moved = False
    for aggregate_id, seen in versions.items():
        if min(seen) == 1:
            found[aggregate_id] = None
            continue
        before = uow.get(aggregate_id, min(seen) - 1).state()
        after = uow.get(aggregate_id, max(seen)).state()
        if after != before:
            found[aggregate_id] = before
            fought |= fought_in(before, after)
            moved = moved or moves_clock(before, after)
    return found, fought, moved


def restores_nothing(uow: UnitOfWork, compensation: Any) -> bool:
    """Whether a stored ``Retracted`` put back the state its aggregate already had (the
    withdrawn command left it as it was: a `note` on the campaign). A retraction records no such
    compensation, but a store may hold one; `export` numbers the replayed log's positions with
    this. Exact because no later command may have changed the aggregate before the retraction
    (else it is refused): the state just before the compensation is the withdrawn command's
    own."""
    if compensation.restored is None:
        return False  # the command created the aggregate: marked retracted
    before = uow.get(compensation.originator_id, compensation.originator_version - 1)
    transcoder = uow.opened.app.mapper.transcoder  # `restored` went through it: compare alike
    return transcoder.decode(transcoder.encode(before.state())) == compensation.restored
