"""What the reading commands answer: status, history, modifiers, audit, projections."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Status:
    """``status --json`` (docs/json.md#status); the rows as the read models fold them."""

    position: int
    session: int | None
    session_open: bool
    clock: str
    encounters: list[dict[str, Any]]
    companies: list[dict[str, Any]]
    characters: list[dict[str, Any]]


@dataclass(frozen=True)
class HistoryRow:
    """One event of ``history --json``."""

    position: int
    session: int | None
    command: str | None  # its command's log line
    command_position: int
    kind: str
    subject: str
    rules_say: Any
    ruled: Any
    note: str | None
    gm: str | None
    retracted: bool


@dataclass(frozen=True)
class ModifierSubject:
    """A group, company or character of ``modifiers --json``, with its modifiers in force."""

    subject: str
    kind: str
    rating: int | None
    modifiers: list[dict[str, Any]]
    effective: int | None


@dataclass(frozen=True)
class Handle:
    """One handle of ``handles --json`` (docs/json.md#handles): an encounter, a group (``of`` its
    encounter), a company, a character, an item or a trait (``of`` its character)."""

    kind: str
    handle: str
    name: str | None
    of: str | None


@dataclass(frozen=True)
class ProjectionPosition:
    name: str
    position: int
    behind: int


@dataclass(frozen=True)
class FindingRule:
    seed: str | None
    name: str


@dataclass(frozen=True)
class Finding:
    """One finding of ``audit --json`` (docs/json.md#audit)."""

    code: str
    severity: str
    status: str
    session: int | None
    position: int
    subject: str
    rules_say: Any
    ruled: Any
    note: str | None
    rule: FindingRule
    message: str
    command_position: int


@dataclass(frozen=True)
class AuditCounts:
    """How many findings the audit lists for some sessions: all, warnings, pending."""

    findings: int
    warnings: int
    pending: int


@dataclass(frozen=True)
class Explanation:
    """``audit --explain CODE --json``: a finding code, the rule it stands on and an example."""

    code: str
    severity: str
    title: str
    trigger: str
    rule: dict[str, Any]  # seed and name (None, and the tracker's own rule), text_fr, digest
    explanation: str
    example: str
