"""Encounters — the table of docs/log-language.md#encounters but its ``loyalty`` row (in
:mod:`.rolls`), as ``cli/logging/encounters.py``: ``encounter start|end|group|rating|join``,
``casualty``, ``adjust``, ``morale``."""

from __future__ import annotations

from aggregates.encounter import Encounter
from campaign.sessionlog.writing.registry import writes
from campaign.sessionlog.writing.words import Line, dice, signed


@writes(Encounter.EncounterStarted)
def _start(e, events, subjects, renumber) -> Line:
    return Line("encounter", "start").arg(e.handle).opt("--name", e.name).note(e)


@writes(Encounter.EncounterEnded)
def _end(e, events, subjects, renumber) -> Line:
    return Line("encounter", "end").arg(subjects.handle(e)).note(e)


@writes(Encounter.GroupAdded)
def _group(e, events, subjects, renumber) -> Line:
    line = Line("encounter", "group").arg(subjects.handle(e), e.group)
    return line.opt("--count", e.count).opt("--morale", e.morale).opt("--name", e.name).note(e)


@writes(Encounter.GroupRerated)
def _rating(e, events, subjects, renumber) -> Line:
    # Alone it is `encounter rating`; after a company's modifier it is that command's echo.
    line = Line("encounter", "rating").arg(subjects.handle(e), e.group, e.rating)
    return line.opt("--reason", e.reason).note(e)


@writes(Encounter.CompanyJoined)
def _join(e, events, subjects, renumber) -> Line:
    return Line("encounter", "join").arg(subjects.handle(e), e.group).note(e)


@writes(Encounter.CasualtyRecorded)
def _casualty(e, events, subjects, renumber) -> Line:
    line = Line("casualty").arg(subjects.handle(e), e.group, e.n)
    return line.flag("--incapacitated", e.incapacitated).opt("--cause", e.cause).note(e)


@writes(Encounter.AdjustmentMade)
def _adjust(e, events, subjects, renumber) -> Line:
    line = Line("adjust").arg(subjects.handle(e), e.group).value(e.value, signed)
    return line.opt("--reason", e.reason).note(e)


@writes(Encounter.MoraleTested)
def _morale(e, events, subjects, renumber) -> Line:
    line = Line("morale").arg(subjects.handle(e), e.group)
    if e.roll is not None:
        line.words(*dice(e.roll))
    line.flag("--cornered", e.cornered)
    return line.opt("--ruling", e.ruled if e.ruling_given else None).note(e)
