"""What ``campaign stats`` answers (docs/json.md#stats): the figures a chart of the campaign
draws, session by session."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Stats:
    """``stats --json``: ``sessions`` in order, each company's and character's figures at each
    of those sessions' ends (one value per session, ``None`` where it was not there)."""

    sessions: list[dict[str, Any]]
    companies: list[dict[str, Any]]
    characters: list[dict[str, Any]]
