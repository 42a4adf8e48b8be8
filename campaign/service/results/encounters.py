"""What an encounter's commands answer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class CasualtyResult:
    checks_due: tuple[str, ...]  # the checks it made due (``first-death``, ``half-out``)
    morale: Any  # the group's GroupMorale after it (campaign.rules.morale)


@dataclass(frozen=True)
class MoraleResult:
    roll: dict[str, Any] | None
    rules_say: str | None
    ruled: str | None
    status: str  # the group's after
    successes: int
