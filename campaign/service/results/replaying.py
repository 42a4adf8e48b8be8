"""What a replay asks beside its lines: the sessions known, a file's staged events, lapses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class RecordedSession:
    number: int
    source: str | None  # the log file it was replayed from (None: recorded live)
    command: int  # the position of its `session N` line


@dataclass(frozen=True)
class KnownSessions:
    """What a replay checks its blocks against (docs/cli.md#replay: idempotent per session)."""

    recorded: dict[int, RecordedSession]  # by number
    replayed: set[tuple[int, str]]  # the blocks a replay recorded: (number, digest)


@dataclass(frozen=True)
class StagedFile:
    """The events a replayed file's unit of work writes (what its save commits)."""

    events: tuple[Any, ...]

    def __len__(self) -> int:
        return len(self.events)


@dataclass(frozen=True)
class Lapse:
    """Morale checks that fell due and lapsed unmade (the audit's MOR002)."""

    subject: str  # the group
    checks: list[str]
