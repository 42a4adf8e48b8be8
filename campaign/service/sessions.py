"""The campaign's own commands (docs/log-language.md#sessions-time-corrections): ``init``, sessions
opened and ended, the clock, settings and notes — load → call → save."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aggregates.base import aggregate_id
from aggregates.campaign import Campaign
from campaign.commands import (
    ClockAdvance,
    ClockSet,
    Init,
    Note,
    SessionEnd,
    SessionOpen,
    Setting,
)
from campaign.service.results import InitResult

if TYPE_CHECKING:
    from campaign.service.unit import UnitOfWork


def init(command: Init, uow: UnitOfWork) -> InitResult:
    """Create the campaign (idempotent); a different setting records a setting event. Says
    what it recorded — ``created``, ``setting`` or None — as found under the writer lock:
    another first command may have created the store a moment before."""
    found = uow.find(Campaign.create_id())
    if found is None:
        created = Campaign.start(command)
        uow.save(created)
        return InitResult("created", created.name)
    ability = command.paladin_ability
    if ability and ability != found.paladin_ability:
        found.change_setting(Setting(setting="paladin-ability", value=ability))
        uow.save(found)
        return InitResult("setting", found.name)
    return InitResult(None, found.name)


def open_session(command: SessionOpen, uow: UnitOfWork) -> None:
    """Open session N, ending the open one first; ``source`` is the log file it is replayed
    from. What the ended session ends is recorded in it, the rest in the new one."""
    campaign = uow.campaign()
    campaign.check_session_number(command.number)
    ended = [] if campaign.open_session is None else close_session(uow, campaign, SessionEnd())
    uow.enter_session(command.number)
    campaign.open(command)
    uow.save(campaign, *ended)


def end_session(command: SessionEnd, uow: UnitOfWork) -> int:
    """``session end``; the number of the session it ended."""
    campaign = uow.campaign()
    characters = close_session(uow, campaign, command)
    uow.save(campaign, *characters)
    return campaign.last_session


def close_session(uow: UnitOfWork, campaign: Campaign, command: SessionEnd) -> list[Any]:
    """End the open session: first the conditions that last until it ends
    (docs/log-language.md#conditions-and-the-clock), then the session itself. Returns the
    characters whose conditions ended."""
    campaign.check_session_open()
    stored = uow.stored_answer(
        ("open conditions",), lambda read: read.characters_with_open_conditions()
    )
    handles = dict.fromkeys(stored)
    for loaded in uow.loaded():
        if hasattr(loaded, "end_session_conditions"):  # a character (imported if loaded)
            handles[loaded.handle] = None
    ended = []
    # In handle order: a log knows the characters it loaded, a live command asks the read
    # models; either way the same conditions end at the same positions.
    for handle in sorted(handles):
        character = uow.find(aggregate_id("character", handle))
        if character is None or character.retracted:
            continue
        if any(c["until"] is None for c in character.conditions):
            character.end_session_conditions(command.note)
            ended.append(character)
    campaign.end(command)
    return ended


def advance_clock(command: ClockAdvance, uow: UnitOfWork) -> int:
    """``clock advance``; the clock after, in in-game seconds."""
    campaign = uow.campaign()
    campaign.advance_clock(command)
    uow.save(campaign)
    return campaign.clock


def set_clock(command: ClockSet, uow: UnitOfWork) -> int:
    """``clock set``; the clock after, in in-game seconds."""
    campaign = uow.campaign()
    campaign.set_clock(command)
    uow.save(campaign)
    return campaign.clock


def change_setting(command: Setting, uow: UnitOfWork) -> None:
    campaign = uow.campaign()
    campaign.change_setting(command)
    uow.save(campaign)


def note(command: Note, uow: UnitOfWork) -> None:
    campaign = uow.campaign()
    campaign.record_note(command)
    uow.save(campaign)
