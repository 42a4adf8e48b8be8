"""The read models of one store: set up, caught up before every read, rebuilt, or folded afresh
up to a position for ``--as-of``.

Tracking: each projection's row in ``view_tracking`` holds the last notification it folded.
A batch of events is folded in one transaction that first moves every tracking row forward with
a compare-and-set (``UPDATE … WHERE notification_id = <the id read before>``): a second process
folding the same batch finds no row to update, rolls back and starts again from the new
position — so each event is applied exactly once, and a crash leaves rows and position as they
were. (eventsourcing-sqlalchemy's tracking recorder SELECTs then UPDATEs, which lets two
processes apply one event twice; see docs/ARCHITECTURE.md.) Notification ids have gaps on
PostgreSQL, so tracking always asks for ids *after* the last one, never "last + 1".
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, insert, select, update
from sqlalchemy.engine import URL
from sqlalchemy.pool import StaticPool

from projections import tables
from projections.audit import Audit
from projections.fold import Fold, Loader, Projection
from projections.history import Casualties, Modifiers, Sessions, Timeline
from projections.state import CampaignState, Characters, Companies, MoraleBoard

BATCH = 5000  # events per read-model transaction
TAIL = 16  # notifications read at a time past BATCH, to the end of the batch's last command
Progress = Callable[[int, int], None]  # (notifications folded so far, notifications in all)


def all_projections() -> list[Projection]:
    return [
        CampaignState(),
        MoraleBoard(),
        Companies(),
        Characters(),
        Timeline(),
        Modifiers(),
        Casualties(),
        Sessions(),
        Audit(),
    ]


_GC_LOCK = threading.Lock()
_GC_FOLDS = 0  # catch-ups running in this process
_GC_SAVED: tuple[int, ...] = ()
_GC_YOUNG = 50_000  # allocations between young collections while folding (CPython's: 700)


@contextmanager
def _fewer_collections() -> Iterator[None]:
    """Collect the young generation less often while folding. A fold allocates and frees
    objects by the million while holding every aggregate, and CPython's default (a collection
    every 700 net allocations, a full one every 100 of those) spent ~8 % of a rebuild walking
    them. The thresholds are restored when the last catch-up running in the process ends."""
    global _GC_FOLDS, _GC_SAVED
    with _GC_LOCK:
        if _GC_FOLDS == 0:
            _GC_SAVED = gc.get_threshold()
            young, *older = _GC_SAVED
            if 0 < young < _GC_YOUNG:
                gc.set_threshold(_GC_YOUNG, *older)
        _GC_FOLDS += 1
    try:
        yield
    finally:
        with _GC_LOCK:
            _GC_FOLDS -= 1
            if _GC_FOLDS == 0:
                gc.set_threshold(*_GC_SAVED)


class _Raced(Exception):
    """Another process folded the same batch first."""


def store_engine(store: Any) -> Engine:
    """The SQLAlchemy engine of a store's read models: the same SQLite file or PG schema."""
    if store.kind == "sqlite":
        return create_engine(f"sqlite+pysqlite:///{store.path}", connect_args={"timeout": 30})
    url = URL.create(
        "postgresql+psycopg",
        username=store.user or None,
        password=store.password or None,
        host=store.host,
        port=store.port,
        database=store.dbname,
    )
    engine = create_engine(url, connect_args={"connect_timeout": 10}, pool_pre_ping=True)
    if store.schema:
        engine = engine.execution_options(schema_translate_map={None: store.schema})
    return engine


def scratch_engine() -> Engine:
    """A private, throw-away database for a fold up to a position (``--as-of``)."""
    return create_engine("sqlite+pysqlite://", poolclass=StaticPool)


class ReadModel:
    """The projections of one event store, in one database (``engine``)."""

    def __init__(
        self,
        engine: Engine,
        app: Any,
        *,
        load: Loader | None = None,
        only: Collection[str] | None = None,
    ) -> None:
        """``only``: the names of the projections to keep (a scratch fold for one query folds
        only the read models that query reads); all of them by default."""
        self.engine = engine
        self.app = app
        self._load = load
        self.projections = [p for p in all_projections() if only is None or p.name in only]

    # --- set-up ------------------------------------------------------------------------------

    def set_up(self) -> None:
        """Create missing tables and tracking rows; rebuild models built by another version."""
        tables.metadata.create_all(self.engine)
        with self.engine.begin() as connection:
            versions = {row.version for row in connection.execute(select(tables.tracking))}
        if versions - {tables.READ_MODEL_VERSION}:
            self.drop()
            tables.metadata.create_all(self.engine)
        with self.engine.begin() as connection:
            known = set(connection.scalars(select(tables.tracking.c.projection)))
            missing = [p.name for p in self.projections if p.name not in known]
            if missing:
                connection.execute(
                    insert(tables.tracking),
                    [
                        {"projection": name, "notification_id": 0, "position": 0,
                         "version": tables.READ_MODEL_VERSION}
                        for name in missing
                    ],
                )  # fmt: skip

    def drop(self) -> None:
        tables.metadata.drop_all(self.engine)

    def rebuild(self, progress: Progress | None = None) -> int:
        """Drop every read model and fold the whole history again."""
        self.drop()
        self.projections = all_projections()
        self.set_up()
        return self.catch_up(progress=progress)

    # --- folding -----------------------------------------------------------------------------

    def positions(self) -> dict[str, tuple[int, int]]:
        """Each projection's last notification id and position."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(tables.tracking))
            return {row.projection: (row.notification_id, row.position) for row in rows}

    def catch_up(self, progress: Progress | None = None, until: int | None = None) -> int:
        """Fold every event recorded since the projections' positions (up to position
        ``until``, for a scratch fold); returns the number of events folded."""
        with _fewer_collections():
            return self._catch_up(progress, until)

    def _catch_up(self, progress: Progress | None, until: int | None) -> int:
        folded = 0
        total = self.app.recorder.max_notification_id() or 0
        aggregates: dict[Any, Any] = {}  # carried from batch to batch (projections/fold.py)
        while True:
            positions = self.positions()
            if not positions:  # another process is rebuilding: its tracking rows are not back
                return folded
            tracked = {name: nid for name, (nid, _) in positions.items()}
            start = min(tracked.values())  # the furthest behind: its id and its position
            batch = self._read(start, until, min(position for _, position in positions.values()))
            if not batch:
                return folded
            try:
                self._fold(batch, tracked, aggregates)
            except BaseException as error:
                # the batch rolled back: so do the aggregates it advanced, and what is pending
                aggregates.clear()
                for projection in self.projections:
                    projection.reset()
                if isinstance(error, _Raced):
                    continue
                raise
            folded += len(batch)
            if progress is not None:
                progress(batch[-1][0], total)

    def _read(self, start: int, until: int | None, at: int) -> list[tuple[int, Any]]:
        """The next batch after notification ``start`` (position ``at``): about BATCH events,
        always whole commands (a command is written in one transaction, so a batch that ends
        mid-command reads on to the command's end), none after position ``until``."""
        batch: list[tuple[int, Any]] = []
        while True:
            after = batch[-1][0] if batch else start
            # up to BATCH events, then the rest of the last command a few at a time: what is
            # read past the batch's end is read again by the next batch
            limit = BATCH - len(batch) if len(batch) < BATCH else TAIL
            if until is not None:  # positions are dense: no more than this many are left
                left = until - (batch[-1][1].position if batch else at)
                if left <= 0:
                    return batch
                limit = min(limit, left)
            notifications = self.app.recorder.select_notifications(start=after + 1, limit=limit)
            for notification in notifications:
                event = self.app.mapper.to_domain_event(notification)
                if until is not None and event.position > until:
                    return batch
                if len(batch) >= BATCH and event.command != batch[-1][1].command:
                    return batch
                batch.append((notification.id, event))
            if len(notifications) < limit:
                return batch

    def _fold(
        self,
        batch: Sequence[tuple[int, Any]],
        tracked: dict[str, int],
        aggregates: dict[Any, Any] | None = None,
    ) -> None:
        last_id, last_event = batch[-1]
        with self.engine.begin() as connection:
            t = tables.tracking.c
            behind_at: dict[int, list[str]] = {}  # the projections at each id (usually one)
            for name, at in tracked.items():
                if at < last_id:
                    behind_at.setdefault(at, []).append(name)
            for at, names in behind_at.items():  # claim the batch first: exactly once
                claimed = connection.execute(
                    update(tables.tracking)
                    .where(t.projection.in_(names), t.notification_id == at)
                    .values(notification_id=last_id, position=last_event.position)
                )
                if claimed.rowcount != len(names):
                    raise _Raced
            fold = Fold(connection, self._load, aggregates)
            first_id = batch[0][0]
            behind = [(tracked.get(p.name, 0), p.process) for p in self.projections]
            if all(at < first_id for at, _ in behind):  # the usual case: all fold every event
                processes = [process for _, process in behind]
                for notification_id, event in batch:
                    fold.notification_id = notification_id
                    aggregate = fold.advance(event)
                    for process in processes:
                        process(fold, event, aggregate)
            else:
                for notification_id, event in batch:
                    fold.notification_id = notification_id
                    aggregate = fold.advance(event)
                    for at, process in behind:
                        if notification_id > at:
                            process(fold, event, aggregate)
            for projection in self.projections:
                projection.flush(fold)

    # --- reading -----------------------------------------------------------------------------

    def encounters_of(self, company: str) -> list[str]:
        """The open encounters a company has joined: for the write side, which must rerate or
        withdraw it there (it catches the read models up first: `Ledger.caught_up_read_model`)."""
        g, e = tables.groups.c, tables.encounters.c
        query = (
            select(g.encounter)
            .join(tables.encounters, e.aggregate_id == g.encounter_id)
            .where(g.handle == company, g.kind == "company", e.ended.is_(False))
        )
        with self.engine.connect() as connection:
            return list(connection.scalars(query))

    def characters_with_open_conditions(self) -> list[str]:
        """Characters with a condition that lasts until the session ends (the write side catches
        the read models up first)."""
        m = tables.modifiers.c
        query = (
            select(m.subject)
            .distinct()
            .where(
                m.kind == "character", m.passive.is_(False), m.ended.is_(None), m.until.is_(None)
            )
        )
        with self.engine.connect() as connection:
            return list(connection.scalars(query))

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        with self.engine.connect() as connection:
            yield connection

    # --- images of a scratch fold (SQLite only: projections/checkpoints.py) ----------------------

    def image(self) -> bytes:
        """The whole database as bytes (SQLite's ``serialize``)."""
        with self.engine.connect() as connection:
            return connection.connection.driver_connection.serialize()  # type: ignore[union-attr]

    def load_image(self, image: bytes) -> None:
        """Replace the whole database with an :meth:`image`."""
        with self.engine.connect() as connection:
            connection.connection.driver_connection.deserialize(image)  # type: ignore[union-attr]
