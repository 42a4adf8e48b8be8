"""``retract last`` / ``retract event:N`` (SPEC §4 "Sessions, time, corrections").

A retraction deletes nothing. It is a new command: the campaign records ``CommandRetracted``
(for the history and GEN001), and every aggregate the withdrawn command changed records a
compensating ``Retracted`` event that puts back the state it had before (or, for an aggregate
the command created, marks it retracted: its handle stays used). State, projections and the
audit then treat the withdrawn command as not having happened.

Which command ``last`` is: the most recent one that is neither a retraction nor already
retracted — so ``retract last`` twice withdraws the last two commands. ``event:N`` is allowed
only while no later command (not itself retracted) touched the same aggregates — recorded on
them, or relied on them without recording (a company joining an encounter, a retainer's
employer: ``Event.relies_on``) — because the state put back is the state before the command.
An ``encounter end`` is relied on by every later command on a company that fought in that
encounter (it left the ended encounter alone: :func:`_fought`).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from uuid import UUID

from aggregates.base import CLOCK, Recording
from aggregates.base import aggregate_id as id_of
from campaign.commands import Retract
from campaign.core.errors import ImpossibleInput
from campaign.store import MAX_STORED

if TYPE_CHECKING:
    from campaign.service.ledger import Ledger
    from campaign.service.unit import StagedCommand

_REF = re.compile(r"last|event:([0-9]+)")
RETRACTION_KINDS = ("command-retracted", "retracted")


def _refuse(message: str, ref: str, expected: str) -> ImpossibleInput:
    return ImpossibleInput(message, field="retract", value=ref, expected=expected)


def _a_retraction(position: int, ref: str) -> ImpossibleInput:
    return _refuse(
        f"event:{position} is a retraction; record the command again instead (a company,"
        " character, encounter or group it withdrew keeps its handle: make it again under a new"
        " one)",
        ref,
        "a command that is not a retraction",
    )


def _already_retracted(command: int, ref: str) -> ImpossibleInput:
    return _refuse(
        f"the command at event:{command} is already retracted", ref, "a command still in force"
    )


class Corrections:
    """Mixed into :class:`campaign.service.ledger.Ledger`."""

    def retract(self: Ledger, ref: str = "last", note: str | None = None) -> dict[str, Any]:
        """Withdraw a whole earlier command; returns its position and the events withdrawn."""
        match = _REF.fullmatch(ref.strip().lower()) if isinstance(ref, str) else None
        if match is None:
            raise _refuse(f"cannot retract {ref!r}", str(ref), "last or event:N")

        def body(_: Recording) -> dict[str, Any]:
            target, touched = self._retraction_target(ref, match)
            campaign = self.campaign()
            campaign.record_retraction(Retract(ref=ref, note=note), retracted=target)
            changed: dict[UUID, Any] = {campaign.id: campaign}
            for aggregate_id, before in touched.items():
                aggregate = changed.get(aggregate_id) or self.get(aggregate_id)
                aggregate.retract(target, before)
                changed[aggregate_id] = aggregate
            self.save(*changed.values())
            return {"retracted": target, "subjects": len(touched), **self._recorded_as(target)}

        try:
            return self.command(body)
        except ImpossibleInput as error:
            ended = self._unit is None and str(error).startswith("no session is open")
            if not ended or not self.campaign().last_session:
                raise
            # after `session end`: the GM most likely wants that line back, which no command
            # gives (an ended session is never reopened, SPEC §4)
            raise ImpossibleInput(
                "no session is open: a retraction is recorded in an open session, as every "
                "logging command is, and a `session end` cannot be withdrawn (an ended session "
                "is never reopened); open the next with `campaign session N`",
                field="session",
                expected="an open session",
            ) from None

    def _recorded_as(self: Ledger, command: int) -> dict[str, Any]:
        """A stored command's log line and the GM who recorded it (its timeline row, caught up
        when the target was found): what a retraction says it withdrew, so that on a shared
        store a GM sees whose command `retract last` took. Nothing for a line of the running
        log, which the timeline does not hold yet."""
        from sqlalchemy import select

        from projections import tables

        t = tables.timeline.c
        query = select(t.line, t.gm).where(t.command == command).order_by(t.position).limit(1)
        with self.read_model.reading() as connection:
            row = connection.execute(query).first()
        return {} if row is None else {"line": row.line, "gm": row.gm}

    def _retraction_target(
        self: Ledger, ref: str, match: re.Match[str]
    ) -> tuple[int, dict[UUID, dict[str, Any] | None]]:
        """The command to withdraw and, per aggregate it changed, the state to put back."""
        # The unit's commands, in position order; each step below reads from the end, or from
        # the command asked, never the whole log (a long log retracts many times).
        staged: list[StagedCommand] = self._unit.commands if self._unit is not None else []
        retractions, withdrawn = self._staged_retractions()
        gone = retractions | withdrawn
        # the unit's lines still in force: only they stand in the way of a stored command (a
        # withdrawn line, or a retraction's compensations, do not — as live, where the timeline
        # leaves retracted commands and retractions out)
        standing = [c for c in staged if c.position not in gone]
        if match.group(1) is None:  # last
            last = next((c for c in reversed(staged) if c.position not in gone), None)
            if last is not None:
                return last.position, self._staged_states(last)[0]
            last_stored = self._last_stored_command(ref, withdrawn)
            return self._stored_target(ref, last_stored, standing, withdrawn)
        position = int(match.group(1))
        index = bisect_right(staged, position, key=lambda c: c.position) - 1
        if index >= 0 and staged[index].last >= position:  # a line of this log
            if staged[index].position in retractions:
                raise _a_retraction(position, ref)
            if staged[index].position in withdrawn:
                raise _already_retracted(staged[index].position, ref)
            command = staged[index]
            changed, fought, moved = self._staged_states(command)
            reliance = _Reliance(_subjects(changed, moved), fought, self._staged_opened(command))
            clash = next(
                (
                    c
                    for c in staged[index + 1 :]
                    if c.position not in gone
                    and reliance.clash(set(c.touched), c.relied, c.session)
                ),
                None,
            )
            if clash is not None:
                why = reliance.why(set(clash.touched), clash.relied, clash.session)
                raise _refuse(
                    f"event:{position} cannot be retracted: event:{clash.position} (a line of "
                    f"this log) {why}; retract that command first",
                    ref,
                    "a command no later command touched",
                )
            return command.position, changed
        return self._stored_target(ref, position, standing, withdrawn)

    def _staged_states(self: Ledger, command: StagedCommand) -> _Changes:
        """The aggregates a command of this unit changed, each with its state before it — as
        :meth:`_changed` finds them for a stored command: one it left as it was (a `note` on
        the campaign) needs no compensation, and later commands on it do not stand in the way.
        And the companies that fought in an encounter it ended (:func:`_fought`), and whether
        it moved the clock."""
        changed: dict[UUID, dict[str, Any] | None] = {}
        fought: dict[UUID, tuple[str, str]] = {}
        moved = False
        for key, version in command.touched.items():
            before = self.staged_state(key, version)
            if before is None:  # it created the aggregate
                changed[key] = None
                continue
            after = self.staged_state(key, command.after[key])
            if after != before:
                changed[key] = before
                fought |= _fought(before, after)
                moved = moved or _moves_clock(before, after)
        return changed, fought, moved

    def _staged_retractions(self: Ledger) -> tuple[set[int], set[int]]:
        """The unit's retraction commands and the commands they withdrew, read once from the
        campaign's staged events."""
        retractions, withdrawn = set(), set()
        for event in self.campaign().pending_events:
            if type(event).__name__ == "CommandRetracted":
                retractions.add(event.command)
                withdrawn.add(event.retracted)
        return retractions, withdrawn

    def _staged_opened(self: Ledger, command: StagedCommand) -> int | None:
        """The session a command of this unit opened (`session N`), if it did."""
        for event in self.campaign().pending_events:
            if event.command == command.position and type(event).__name__ == "SessionOpened":
                return event.number
        return None

    def _last_stored_command(self: Ledger, ref: str, withdrawn: set[int]) -> int:
        """The most recent stored command neither a retraction nor retracted — in the store, or
        by a line of the running log (``withdrawn``, which the timeline does not know yet)."""
        from sqlalchemy import select

        from projections import tables

        self.catch_up()
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
        with self.read_model.reading() as connection:
            found = connection.scalar(query)
        if found is None:
            raise _refuse("there is no command to retract", ref, "a recorded command")
        return found

    def _stored_target(
        self: Ledger, ref: str, position: int, staged: list[StagedCommand], withdrawn: set[int]
    ) -> tuple[int, dict[UUID, dict[str, Any] | None]]:
        """A stored command to withdraw, and the state to put back per aggregate it changed;
        refused while a later command in force (stored, or a line of the running log:
        ``staged``) changed or relied on one of them. ``withdrawn``: the stored commands the
        running log retracted already, which the timeline does not know yet."""
        from sqlalchemy import or_, select

        from projections import tables

        self.catch_up()
        t = tables.timeline.c
        with self.read_model.reading() as connection:
            command = (
                connection.scalar(select(t.command).where(t.position == position))
                if position <= MAX_STORED
                else None
            )
            if command is None:
                last = self.last_position()
                raise _refuse(
                    f"event:{position}: there is no event {position}; positions run 1–{last}",
                    ref,
                    "a recorded position",
                )
            rows = connection.execute(
                select(tables.timeline).where(t.command == command).order_by(t.position)
            ).all()
            if any(row.kind in RETRACTION_KINDS for row in rows):
                raise _a_retraction(position, ref)
            if rows[0].retracted or command in withdrawn:
                raise _already_retracted(command, ref)
            versions: dict[Any, list[int]] = {}
            for row in rows:
                versions.setdefault(row.aggregate_id, []).append(row.aggregate_version)
            first, fought, moved = self._changed(versions)
            opened = next((row.session for row in rows if row.kind == "session-opened"), None)
            reliance = _Reliance(_subjects(first, moved), fought, opened)
            end = max(row.position for row in rows)
            later = (
                None
                if not first
                else connection.execute(
                    select(t.position, t.subject, t.aggregate_id, t.relies_on, t.session)
                    .where(
                        or_(
                            t.aggregate_id.in_(list(first)),
                            t.relies_on.in_(list(reliance.changed)),
                            t.aggregate_id.in_(list(fought)),
                            *([t.session == opened] if opened is not None else []),
                        ),
                        t.position > end,
                        t.retracted.is_(False),
                        t.kind.not_in(RETRACTION_KINDS),
                        *([t.command.not_in(sorted(withdrawn))] if withdrawn else []),
                    )
                    .order_by(t.position)
                    .limit(1)
                ).first()
            )
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
                found = (clash.position, "a line of this log", why)
        if found is not None:
            raise _refuse(
                f"event:{position} cannot be retracted: event:{found[0]} ({found[1]}) "
                f"{found[2]}; retract that command first (or `retract last`)",
                ref,
                "a command no later command touched",
            )
        return command, first

    def restores_nothing(self: Ledger, compensation: Any) -> bool:
        """Whether a stored ``Retracted`` put back the state its aggregate already had — the
        withdrawn command left it as it was (a `note` on the campaign), which logs replayed
        before that stopped compensated. A retraction records none there now, so `export`
        numbers the replayed log's positions with this. Exact because no later command may have
        changed the aggregate before the retraction (else it is refused): the state just
        before the compensation is the withdrawn command's own."""
        if compensation.restored is None:
            return False  # the command created the aggregate: marked retracted
        before = self.get(compensation.originator_id, compensation.originator_version - 1)
        transcoder = self.app.mapper.transcoder  # `restored` went through it: compare alike
        return transcoder.decode(transcoder.encode(before.state())) == compensation.restored

    def _changed(self: Ledger, versions: dict[Any, list[int]]) -> _Changes:
        """The aggregates a command changed, each with its state before the command (None: the
        command created it). One it left as it was (a `note` on the campaign) needs no
        compensation, and later commands on it do not stand in the way. And the companies
        that fought in an encounter the command ended (:func:`_fought`), and whether it moved
        the clock."""
        changed: dict[UUID, dict[str, Any] | None] = {}
        fought: dict[UUID, tuple[str, str]] = {}
        moved = False
        for aggregate_id, seen in versions.items():
            if min(seen) == 1:
                changed[aggregate_id] = None
                continue
            before = self.get(aggregate_id, min(seen) - 1).state()
            after = self.get(aggregate_id, max(seen)).state()
            if after != before:
                changed[aggregate_id] = before
                fought |= _fought(before, after)
                moved = moved or _moves_clock(before, after)
        return changed, fought, moved


# What a command changed: the aggregates, each with its state before it; the companies that
# fought in an encounter it ended; whether it moved the campaign's clock.
_Changes = tuple[dict[UUID, dict[str, Any] | None], dict[UUID, tuple[str, str]], bool]


def _moves_clock(before: dict[str, Any] | None, after: dict[str, Any] | None) -> bool:
    return bool(before and after and "clock" in before and before["clock"] != after.get("clock"))


def _subjects(changed: dict[UUID, Any], moved: bool) -> set[UUID]:
    """What a later command may not have changed or relied on: the aggregates, and the clock
    when the command moved it."""
    return set(changed) | {CLOCK} if moved else set(changed)


def _fought(
    before: dict[str, Any] | None, after: dict[str, Any] | None
) -> dict[UUID, tuple[str, str]]:
    """When a command ended an encounter (``before`` open, ``after`` ended): each company that
    fought in it, by its ID, with its handle and the encounter's. A later command on such a
    company relied on that end: it left the encounter alone (a modifier re-rates, a recovery
    or a dismissal reaches, only the encounters a company still fights in), so withdrawing the
    end would reopen the encounter with the company as it stood then — a group rated 8 for a
    company rated 12, members incapacitated there that the company has back, a dismissed
    company fighting on. It records nothing on the encounter, so only this finds it."""
    if (
        before is None
        or after is None
        or "_groups" not in before
        or before.get("ended") is not False
        or after.get("ended") is not True
    ):
        return {}
    return {
        id_of("company", entry["company"]): (entry["company"], before["handle"])
        for entry in before["_groups"].values()
        if entry.get("company") is not None
    }


@dataclass(frozen=True)
class _Reliance:
    """What a later command in force must not have done for a command to be withdrawn by
    ``event:N``: record on an aggregate it changed (``changed``) or rely on one (its events'
    ``relies_on``); record on a company that fought in an encounter it ended (``fought``,
    :func:`_fought`); or be recorded in the session it opened (``opened``: withdrawn, that
    session would never have opened, and would still hold the later command — which needed an
    open session, SPEC §4)."""

    changed: set[UUID]
    fought: dict[UUID, tuple[str, str]]
    opened: int | None

    def clash(self, touched: set[UUID], relied: set[UUID], session: int | None) -> bool:
        return bool(
            (touched | relied) & self.changed
            or touched & set(self.fought)
            or (self.opened is not None and session == self.opened)
        )

    def why(self, touched: set[UUID], relied: set[UUID], session: int | None) -> str:
        """How the later command (one that :meth:`clash` found) stands in the way."""
        if touched & self.changed:
            return "changed the same subject later"
        if relied & self.changed:
            if CLOCK in relied:  # FlawRolled.relies_on
                return "started a condition timed from the in-game clock as it stood then"
            return "relied on the same subject later"
        ended = next((self.fought[key] for key in self.fought if key in touched), None)
        if ended is not None:
            company, encounter = ended
            return (
                f"relied on it later: it changed company {company}, which fought in encounter "
                f"{encounter}, after the encounter had ended, and left the encounter alone — "
                f"reopened, encounter {encounter} would hold company {company} as it was"
            )
        return (
            f"relied on it later: it was recorded in session {session}, which the withdrawn "
            f"command opened — withdrawn, session {session} would never have opened and "
            "still hold it"
        )
