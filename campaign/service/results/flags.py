"""What a logging command answers beside its own answer: the audit's word on its events."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Flag:
    """A finding the command's events made final (docs/audit.md#at-the-table): its code and the
    audit's own message (English, worded to be said in the reader's language:
    campaign/core/worded.py)."""

    code: str
    message: str


@dataclass(frozen=True)
class Said:
    """A logging command's ``answer`` (its handler's), the ``flags`` its events raise and the
    ``reminders`` of what is still due (a morale check, an item save), worded as the flags are."""

    answer: Any
    flags: tuple[Flag, ...] = ()
    reminders: tuple[str, ...] = ()
