"""What the campaign's own commands answer: ``init`` and ``retract``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class InitResult:
    recorded: str | None  # ``created``, ``setting`` or None (nothing to record)
    name: str | None  # the campaign's name now


@dataclass(frozen=True)
class RetractResult:
    retracted: int  # the command withdrawn (the position of its first event)
    subjects: int  # the aggregates its compensations put back
    line: str | None = None  # the stored command's log line (None for a line of the running log)
    gm: str | None = None  # who recorded it
