"""What a character command answers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class CreateResult:
    handle: str
    loyalty: int | None
    rules_say: int | None  # the CHA table's loyalty, or None
    flaw_points: int
    advantage_points: int


@dataclass(frozen=True)
class TraitResult:
    kind: str
    key: str
    detail: str | None
    points: int
    after_creation: bool
    flaw_points: int
    advantage_points: int
    rules_say: int
    ruled: int


@dataclass(frozen=True)
class StatResult:
    name: str  # the score's slug
    value: int
    previous: int | None


@dataclass(frozen=True)
class SaveBonuses:
    fortitude: int
    reflex: int
    will: int


@dataclass(frozen=True)
class ItemResult:
    item: str
    slot: str
    rank: int  # in seed 001's items table


@dataclass(frozen=True)
class RepairResult:
    item: str
    hp: int | None
    state: str


@dataclass(frozen=True)
class HealResult:
    """What was recovered: never more than was lost."""

    location: str
    hp: int
    conscience: int
    damage: int


@dataclass(frozen=True)
class ConditionsEnded:
    source: str  # the flaw's key
    named: str  # the flaw as `condition end` names it (``phobia-mild:rats`` for one such flaw's)
    conditions: list[dict[str, Any]]
    over: int | None  # when they had all ended by themselves already (in-game seconds)
