"""What a unit of work of several commands (a replayed file) remembers until it is written: the
aggregates it holds and stages, its commands, and what the read models answered it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate

from campaign.core.integrity import GENESIS


@dataclass
class UnitState:
    """A unit of work spanning several commands: one transaction at the end."""

    next_position: int
    last_hash: str = GENESIS
    # The store held no event when the unit began (a log replayed into a new store): an
    # aggregate the unit has not loaded or created does not exist, and the store is not asked.
    from_empty: bool = False
    loaded: dict[UUID, Aggregate] = field(default_factory=dict)
    staged: dict[UUID, Aggregate] = field(default_factory=dict)
    failed: bool = False
    read_model_caught_up: bool = False  # with the store, which cannot change under the unit
    # The version each aggregate had before the running command first loaded it, and, per staged
    # command, the aggregates it changed with that earlier version (None: it created them) — what
    # a ``retract`` of a command of this same unit restores (:func:`state_at`). Only versions: a
    # log's replay does not pay at every line for the rare retraction.
    before: dict[UUID, int] = field(default_factory=dict)
    commands: list[StagedCommand] = field(default_factory=list)
    # The encounters each company joined in this unit: the read models it asks (which open
    # encounters a company fights in) know only what was stored before it (`fights_of`).
    joined: dict[str, dict[UUID, None]] = field(default_factory=dict)
    # What the read models answered the write side: nothing can land in the store under the
    # unit, so an answer stands until it ends (`UnitOfWork.stored_answer`).
    answers: dict[tuple[str, ...], list[str]] = field(default_factory=dict)
    # Per aggregate, the last earlier version `state_at` rebuilt: the next retraction goes on
    # from it instead of from the unit's start (a log's `retract last` withdraws recent commands).
    rebuilt: dict[UUID, Aggregate] = field(default_factory=dict)
    # What the audit found pending in the unit, and what it decided (campaign.service.flags: a
    # session's end in a replayed file says what is left, which the read models do not know yet).
    open_findings: dict[tuple[int, str], dict[str, Any]] = field(default_factory=dict)
    settled: list[Any] = field(default_factory=list)  # (command, Settle), in order
    decided: dict[int, list[dict[str, Any]]] = field(default_factory=dict)  # by command

    def staged_events(self) -> list[Any]:
        """The events the unit would record, in position order."""
        pending = [e for a in self.staged.values() for e in a.pending_events]
        return sorted(pending, key=lambda e: e.position)


@dataclass(frozen=True)
class StagedCommand:
    position: int  # its first event
    last: int  # its last event
    touched: dict[UUID, int | None]  # the aggregates it recorded on, each with its version before
    after: dict[UUID, int]  # and after
    relied: set[UUID]  # other aggregates its events rely on (Event.relies_on)
    session: int | None = None  # the session it was recorded in (`session N`'s: N)


def state_at(
    unit: UnitState,
    aggregate_id: UUID,
    version: int | None,
    stored: Callable[..., Any],
) -> dict[str, Any] | None:
    """The state an aggregate of the unit had at ``version`` (None: not yet created), for a
    ``retract`` of a command of the same log (:func:`aggregate_at`)."""
    if version is None:
        return None
    return aggregate_at(unit, aggregate_id, version, stored).state()


def aggregate_at(
    unit: UnitState, aggregate_id: UUID, version: int, stored: Callable[..., Any]
) -> Any:
    """An aggregate of the unit at ``version``: its stored state (``stored(id, version)``), then
    the unit's staged events up to ``version`` applied afresh with the aggregate's own mutators
    — from the state the previous such rebuild reached, when it is not past ``version``. The
    aggregate answered is kept for that: read it, never change it."""
    staged = unit.loaded[aggregate_id].pending_events
    stored_version = staged[0].originator_version - 1 if staged else version
    if version <= stored_version:
        return stored(aggregate_id, version)
    earlier = unit.rebuilt.get(aggregate_id)
    if earlier is None or earlier.version > version:
        earlier = stored(aggregate_id) if stored_version else None
    done = 0 if earlier is None else earlier.version - stored_version  # staged versions are dense
    for event in staged[done:]:
        if event.originator_version > version:
            break
        earlier = event.mutate(earlier)
    unit.rebuilt[aggregate_id] = earlier
    return earlier
