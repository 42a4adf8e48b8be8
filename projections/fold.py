"""Folding the event stream into read-model rows.

A :class:`Projection` is a fold: one event in, row changes out. The driver (:class:`Fold`) hands
every projection the event together with the aggregate it belongs to *after* that event, by
applying the event to a private copy of the aggregate with the aggregate's own mutator — so the
morale board and the other mirrors are written from the very state the write side has, and no
rule or state transition is written twice. Histories (timeline, modifiers, casualties) are
written from the events themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from operator import itemgetter
from typing import Any
from uuid import UUID
from weakref import WeakKeyDictionary

from eventsourcing.domain import CanInitAggregate, OriginatorIDError, OriginatorVersionError
from sqlalchemy import Connection, Dialect, Table, insert

from aggregates.base import LedgerAggregate
from campaign.core.errors import DamagedHistory, aggregate_named

Loader = Callable[[UUID, int], LedgerAggregate]  # (aggregate id, version) → that version


class Projection:
    """One read model: its tables, a fold over events and a flush at the end of a batch."""

    name: str = ""
    tables: tuple[Table, ...] = ()

    def process(self, fold: Fold, event: LedgerAggregate.Event, aggregate: Any) -> None:
        raise NotImplementedError

    def reads(self) -> type:
        """The class of the events this projection reads: a read model whose projections all
        read some aggregates' events only folds no other (a scratch fold of the companies and
        characters skips the encounters')."""
        return object

    def flush(self, fold: Fold) -> None:
        """Write what the batch's events left pending (mirrors write once per aggregate)."""

    def reset(self) -> None:
        """Forget anything pending (a batch rolled back)."""


class Fold:
    """One batch of events being folded, inside one read-model transaction."""

    def __init__(
        self, connection: Connection, load: Loader | None, aggregates: dict[UUID, Any] | None = None
    ) -> None:
        self.connection = connection
        self.notification_id = 0  # the notification of the event being folded
        self._load = load
        # The aggregates as the fold has them: shared by the batches of one catch-up, so a
        # rebuild applies each event once instead of reloading at every batch's start.
        self._aggregates: dict[UUID, Any] = {} if aggregates is None else aggregates

    def held(self, aggregate_id: UUID) -> Any:
        """The aggregate as this fold has it now (before its next event), or None."""
        return self._aggregates.get(aggregate_id)

    def advance(self, event: LedgerAggregate.Event) -> Any:
        """The event's aggregate after the event (its earlier state loaded once, if needed)."""
        aggregate = self._aggregates.get(event.originator_id)
        before = event.originator_version - 1
        if before and (aggregate is None or aggregate.version != before):
            if self._load is None:
                raise LookupError(f"event {event.position} comes before its aggregate's first")
            aggregate = self._load(event.originator_id, before)
        try:
            after = event.mutate(aggregate)
        except (OriginatorVersionError, OriginatorIDError):
            raise _damaged(event, aggregate) from None
        except AssertionError:  # the library's: a creation event for an aggregate made already
            if aggregate is None or not isinstance(event, CanInitAggregate):
                raise
            raise _damaged(event, aggregate) from None
        self._aggregates[event.originator_id] = after
        return after


def _damaged(event: LedgerAggregate.Event, aggregate: Any) -> DamagedHistory:
    """An event the fold cannot apply to its aggregate as it stands: its version does not
    follow (the aggregate's events were loaded up to the one before it, and stop short)."""
    named = aggregate_named(type(aggregate).__module__, getattr(aggregate, "handle", None))
    return DamagedHistory(
        f"the event at position {event.position} is version {event.originator_version} of "
        f"{named}, which stands at version {aggregate.version}"
    )


# (SQL, key order, the positions whose column has a bind processor, with it and its answer for
# None: most of the JSON columns' values are None, and JSON's processor writes `null` for it)
_Compiled = tuple[str, tuple[str, ...], list[tuple[int, Callable[[Any], Any], Any]]]
_INSERTS: WeakKeyDictionary[Dialect, dict[tuple[Table, tuple[str, ...]], _Compiled | None]]
_INSERTS = WeakKeyDictionary()


def insert_rows(connection: Connection, table: Table, rows: Sequence[dict[str, Any]]) -> None:
    """One executemany ``INSERT`` of ``rows`` (dicts with the same keys) into ``table``.

    On SQLite the statement is compiled once and each row goes to the driver as a tuple made
    with the columns' own bind processors (what SQLAlchemy would bind, without its per-row
    parameter handling, which costs more than SQLite's insert). Elsewhere, or for rows whose
    keys differ, it is the plain ``connection.execute(insert(table), rows)``."""
    if not rows:
        return
    dialect = connection.dialect
    first = rows[0].keys()
    if (
        dialect.name != "sqlite"
        or connection.get_execution_options().get("schema_translate_map")
        or any(row.keys() != first for row in rows)
    ):
        connection.execute(insert(table), rows)
        return
    compiled = _compiled_insert(dialect, table, tuple(first))
    if compiled is None:
        connection.execute(insert(table), rows)
        return
    sql, order, processors = compiled
    values = itemgetter(*order)
    if len(order) == 1:
        params: list[Any] = [(values(row),) for row in rows]
    else:
        params = [values(row) for row in rows]
    if processors:
        for index, row in enumerate(params):
            bound = list(row)
            for at, process, none in processors:
                value = bound[at]
                bound[at] = none if value is None else process(value)
            params[index] = tuple(bound)
    connection.exec_driver_sql(sql, params)


def _compiled_insert(dialect: Dialect, table: Table, keys: tuple[str, ...]) -> _Compiled | None:
    cached = _INSERTS.setdefault(dialect, {})
    if (table, keys) not in cached:
        statement = insert(table).compile(dialect=dialect, column_keys=list(keys))
        order = tuple(statement.positiontup or ())
        columns = {column.key: column for column in table.columns}
        if sorted(order) != sorted(keys) or not set(order) <= set(columns):
            cached[(table, keys)] = None  # bind names other than the columns': no shortcut
        else:
            processors = [
                (at, process, process(None))
                for at, name in enumerate(order)
                if (process := columns[name].type.dialect_impl(dialect).bind_processor(dialect))
            ]
            cached[(table, keys)] = (statement.string, order, processors)
    return cached[(table, keys)]


@cache
def kebab(name: str) -> str:
    """``CasualtyRecorded`` → ``casualty-recorded`` (the event kinds of ``history --json``)."""
    return "".join(f"-{c.lower()}" if c.isupper() else c for c in name).lstrip("-")
