"""``retract last`` / ``retract event:N`` (docs/log-language.md#retract).

A retraction deletes nothing. It is a new command: the campaign records ``CommandRetracted``
(for the history and GEN001), and every aggregate the withdrawn command changed records a
compensating ``Retracted`` event that puts back the state it had before (or, for an aggregate
the command created, marks it retracted: its handle stays used). State, projections and the
audit then treat the withdrawn command as not having happened.

Which command ``last`` is: the most recent one that is neither a retraction nor already
retracted — so ``retract last`` twice withdraws the last two commands. ``event:N`` is allowed
only while no later command (not itself retracted) touched the same aggregates — recorded on
them, or relied on them without recording (a company joining an encounter, a retainer's
employer: ``Event.relies_on``) — because the state put back is the state before the command
(:mod:`campaign.service.reliance`). A command of the running log is found among the unit's
staged commands; a stored one through the read models (:mod:`campaign.service.stored_targets`).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import TYPE_CHECKING, Any
from uuid import UUID

from aggregates.campaign import Campaign
from campaign.commands import Retract
from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_
from campaign.core.numbers import BLANKS, POSITION_DIGITS, whole_number
from campaign.service import stored_targets
from campaign.service.reliance import Changes, Reliance, fought_in, moves_clock, subjects
from campaign.service.results import RetractResult
from campaign.service.stored_targets import a_retraction, already_retracted, refuse

if TYPE_CHECKING:
    from campaign.service.staging import StagedCommand
    from campaign.service.unit import UnitOfWork

_REF = re.compile(r"last|event:([0-9]+)")
_N = "last, or event:N with N a recorded position"
Target = tuple[int, dict[UUID, dict[str, Any] | None]]  # a command, and the states to put back


def check_ref(command: Retract) -> re.Match[str]:
    """``last`` or ``event:N`` (checked before the store is opened for the command)."""
    ref = command.ref
    match = _REF.fullmatch(ref.strip(BLANKS).lower()) if isinstance(ref, str) else None
    if match is None:
        raise refuse(N_("cannot retract {given}"), str(ref), N_("last or event:N"), given=repr(ref))
    if match.group(1) is not None:
        _position(match, ref)
    return match


def _position(match: re.Match[str], ref: str) -> int:
    """The ``N`` of ``event:N``, of at most POSITION_DIGITS digits (campaign/core/numbers.py)."""
    return whole_number(
        match.group(1),
        field="retract",
        what="position",
        typed=ref,
        expected=_N,
        digits=POSITION_DIGITS,
    )


def no_session_to_retract(uow: UnitOfWork, refusal: ImpossibleInput) -> ImpossibleInput:
    """After `session end` the GM most likely wants that line back, which no command gives (an ended
    session is never reopened, docs/log-language.md#sessions): said so, rather than only "no
    session"."""
    if uow.busy or not uow.campaign().last_session:
        return refusal
    return ImpossibleInput(
        N_(
            "no session is open: a retraction is recorded in an open session, as every logging "
            "command is, and a `session end` cannot be withdrawn (an ended session is never "
            "reopened); open the next with `campaign session N`"
        ),
        field="session",
        expected=N_("an open session"),
        values={},
    )


def retract(command: Retract, uow: UnitOfWork) -> RetractResult:
    """Withdraw a whole earlier command: its position, the aggregates put back, and its log
    line and GM when it was stored (on a shared store, whose command `retract last` took)."""
    target, touched = _target(uow, command.ref, check_ref(command))
    campaign = uow.campaign()
    campaign.record_retraction(command, retracted=target)
    changed: dict[UUID, Any] = {campaign.id: campaign}
    for aggregate_id, before in touched.items():
        aggregate = changed.get(aggregate_id) or uow.get(aggregate_id)
        aggregate.retract(target, before)
        changed[aggregate_id] = aggregate
    uow.save(*changed.values())
    line, gm = stored_targets.recorded_as(uow, target)
    return RetractResult(target, len(touched), line, gm)


def _target(uow: UnitOfWork, ref: str, match: re.Match[str]) -> Target:
    """The command to withdraw and, per aggregate it changed, the state to put back."""
    # The unit's commands, in position order; each step below reads from the end, or from the
    # command asked, never the whole log (a long log retracts many times).
    staged = uow.staged_commands()
    retractions, withdrawn = _staged_retractions(uow)
    gone = retractions | withdrawn
    # the unit's lines still in force: only they stand in the way of a stored command (a
    # withdrawn line, or a retraction's compensations, do not — as live, where the timeline
    # leaves retracted commands and retractions out)
    standing = [c for c in staged if c.position not in gone]
    if match.group(1) is None:  # last
        last = next((c for c in reversed(staged) if c.position not in gone), None)
        if last is not None:
            return last.position, _staged_states(uow, last)[0]
        last_stored = stored_targets.last_command(uow, ref, withdrawn)
        return stored_targets.target(uow, ref, last_stored, standing, withdrawn)
    position = _position(match, ref)
    index = bisect_right(staged, position, key=lambda c: c.position) - 1
    if index >= 0 and staged[index].last >= position:  # a line of this log
        if staged[index].position in retractions:
            raise a_retraction(position, ref)
        if staged[index].position in withdrawn:
            raise already_retracted(staged[index].position, ref)
        later = [c for c in staged[index + 1 :] if c.position not in gone]
        return _staged_target(uow, ref, position, staged[index], later)
    return stored_targets.target(uow, ref, position, standing, withdrawn)


def _staged_target(
    uow: UnitOfWork, ref: str, position: int, command: StagedCommand, later: list[StagedCommand]
) -> Target:
    """A command of the running log to withdraw, refused while a later one of its lines in
    force stands in the way."""
    changed, fought, moved = _staged_states(uow, command)
    reliance = Reliance(subjects(changed, moved), fought, _staged_opened(uow, command))
    clash = next((c for c in later if reliance.clash(set(c.touched), c.relied, c.session)), None)
    if clash is not None:
        why = reliance.why(set(clash.touched), clash.relied, clash.session)
        raise refuse(
            N_(
                "event:{position} cannot be retracted: event:{later} (a line of this log) {why}; "
                "retract that command first"
            ),
            ref,
            N_("a command no later command touched"),
            position=position,
            later=clash.position,
            why=why,
        )
    return command.position, changed


def _staged_states(uow: UnitOfWork, command: StagedCommand) -> Changes:
    """The aggregates a command of this unit changed, each with its state before it — as
    stored_targets.changed finds them for a stored command: one it left as it was (a `note` on
    the campaign) needs no compensation, and later commands on it do not stand in the way. And
    the companies that fought in an encounter it ended (``fought_in``), and whether it moved
    the clock."""
    changed: dict[UUID, dict[str, Any] | None] = {}
    fought: dict[UUID, tuple[str, str]] = {}
    moved = False
    for key, version in command.touched.items():
        before = uow.staged_state(key, version)
        if before is None:  # it created the aggregate
            changed[key] = None
            continue
        after = uow.staged_state(key, command.after[key])
        if after != before:
            changed[key] = before
            fought |= fought_in(before, after)
            moved = moved or moves_clock(before, after)
    return changed, fought, moved


def _staged_retractions(uow: UnitOfWork) -> tuple[set[int], set[int]]:
    """The unit's retraction commands and the commands they withdrew, read once from the
    campaign's staged events."""
    retractions, withdrawn = set(), set()
    for event in uow.campaign().pending_events:
        if isinstance(event, Campaign.CommandRetracted):
            retractions.add(event.command)
            withdrawn.add(event.retracted)
    return retractions, withdrawn


def _staged_opened(uow: UnitOfWork, command: StagedCommand) -> int | None:
    """The session a command of this unit opened (`session N`), if it did."""
    for event in uow.campaign().pending_events:
        if event.command == command.position and isinstance(event, Campaign.SessionOpened):
            return event.number
    return None
