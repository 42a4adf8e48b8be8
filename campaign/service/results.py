"""What the service answers: one dataclass per answer, its fields in the order the JSON shows
them (``dataclasses.asdict`` gives the CLI the JSON's object), read from what was recorded or
folded — never a value re-derived here. Dice are ``Roll.as_record()`` dicts, as events keep them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# --- logging commands ---------------------------------------------------------------------------


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


@dataclass(frozen=True)
class CompanyTerms:
    """A company's hiring terms and rating (what `company hire` answers)."""

    handle: str
    troop: str
    size: int
    table_morale: int  # the troop table's (seed 000, "Moral des mercenaires")
    base_morale: int  # the GM's explicit base when given (MOR006), else the table's
    morale: int  # base + working-conditions modifiers


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


# --- reading ------------------------------------------------------------------------------------


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


# --- replaying a log ----------------------------------------------------------------------------


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
