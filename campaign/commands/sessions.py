"""The campaign's own commands: sessions, the in-game clock, settings, notes, retractions."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class Init:
    name: str | None = None
    paladin_ability: str | None = None


@dataclass(frozen=True, kw_only=True)
class SessionOpen:
    number: int
    date: str | None = None
    title: str | None = None
    source_hash: str | None = None  # the session block's digest, when replayed from a log
    source: str | None = None  # the log file's name, when replayed
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class SessionEnd:
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class ClockAdvance:
    seconds: int
    words: str | None = None  # the duration as the GM wrote it (``2h``), for the history
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class ClockSet:
    seconds: int
    words: str | None = None  # the moment as the GM wrote it (``day 2 08:00``)
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class Setting:
    setting: str
    value: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class Note:
    text: str
    note: str | None = None
    secret: bool = False  # behind the screen: no players' recap tells it


@dataclass(frozen=True, kw_only=True)
class Retract:
    ref: str = "last"  # ``last`` or ``event:N``
    note: str | None = None
