"""The commands of an encounter: its groups, casualties, adjustments, morale tests."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class EncounterStart:
    handle: str
    name: str | None = None
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class EncounterEnd:
    handle: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class EncounterGroup:
    encounter: str
    group: str
    count: int
    morale: int
    name: str | None = None
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class EncounterRating:
    encounter: str
    group: str
    rating: int
    reason: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class EncounterJoin:
    encounter: str
    company: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class Casualty:
    encounter: str
    group: str
    n: int = 1
    incapacitated: bool = False
    cause: str | None = None
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class Adjustment:
    encounter: str
    group: str
    value: int
    reason: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class MoraleTest:
    encounter: str
    group: str
    roll: str | None = None
    rolled: bool = False
    cornered: bool = False
    ruling: str | None = None  # fight, flee or surrender
    note: str | None = None
