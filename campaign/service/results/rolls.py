"""What the commands that roll for a character answer."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class LoyaltyResult:
    roll: dict[str, Any]
    loyalty: int
    rules_say: str
    ruled: str
    in_service: bool


@dataclass(frozen=True)
class SaveResult:
    roll: dict[str, Any] | None
    dc: int | None
    bonus: int | None
    total: int | None
    rules_say: str
    ruled: str
    damage_taken: int | None
    exposed: str | None  # the item a natural 1 exposed
    item_save_due: bool  # it is not destroyed: its own save comes next
    candidates: list[str] = field(default_factory=list)
    tied: list[str] = field(default_factory=list)
    chosen_by: str | None = None  # gm | tracker


@dataclass(frozen=True)
class ItemSaveResult:
    item: str
    roll: dict[str, Any] | None
    saves: bool
    bonus: int | None
    total: int | None
    rules_say: str
    ruled: str
    rules_damage: int | None
    hp: int | None
    hp_max: int | None
    state: str


@dataclass(frozen=True)
class FlawResult:
    key: str
    detail: str | None
    trigger: str
    difficulty: int | None
    result: int | None
    critical: bool
    success: bool | None
    failure_points: int | None
    rules_say: str | None
    ruled: str | None
    conditions: list[dict[str, Any]]
    duration_roll: dict[str, Any] | None
    ruled_consequences: dict[str, Any]  # the losses the state follows (docs/rules.md#d-0)
