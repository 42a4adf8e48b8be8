"""Sessions, time, corrections — the table of docs/log-language.md#sessions-time-corrections, as
``cli/logging/sessions.py``: ``session``, ``session end``, ``clock advance``, ``setting``, ``note``,
``retract``."""

from __future__ import annotations

from aggregates.campaign import Campaign
from campaign.core.clock import format_moment
from campaign.sessionlog.writing.registry import writes
from campaign.sessionlog.writing.words import Line, duration


@writes(Campaign.SessionOpened)
def _session(e, events, subjects, renumber) -> Line:
    return Line("session").arg(e.number).opt("--date", e.date).opt("--title", e.title).note(e)


@writes(Campaign.SessionEnded)
def _session_end(e, events, subjects, renumber) -> Line:
    return Line("session").arg("end").note(e)


@writes(Campaign.ClockMoved)
def _clock(e, events, subjects, renumber) -> Line:
    """The GM's command in the GM's words (``clock advance 3rounds``, ``clock set "day 5
    12:00"``); an event recorded before they were kept says the seconds it moved by in their
    largest whole unit, as an advance (what it did, from wherever the clock was)."""
    if e.subcommand == "set":
        return Line("clock", "set").arg(e.words or format_moment(e.seconds, exact=True)).note(e)
    return Line("clock", "advance").arg(e.words or duration(e.by)).note(e)


@writes(Campaign.SettingChanged)
def _setting(e, events, subjects, renumber) -> Line:
    return Line("setting").arg(e.setting, e.value).note(e)


@writes(Campaign.NoteRecorded)
def _note(e, events, subjects, renumber) -> Line:
    return Line("note").arg(e.text).flag("--secret", e.secret).note(e)


@writes(Campaign.CommandRetracted)
def _retract(e, events, subjects, renumber) -> Line:
    return Line("retract").arg(f"event:{renumber(e.retracted)}").note(e)
