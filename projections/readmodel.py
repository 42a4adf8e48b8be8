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

Before a catch-up folds anything, the live read models check that the event under their last
tracked id is still the one they folded (its timeline row: aggregate, version, kind, timestamp):
a history cut at its end — which ``campaign verify`` cannot see — and written on again reuses
the id on SQLite, and the new event would otherwise never be folded (:class:`Stale`). A fold
meets the history's damage as it reads it: positions must run on one by one, and each event
must follow its aggregate's version (:class:`campaign.core.errors.DamagedHistory`). A rebuild is one
transaction: one that fails leaves the read models as they were.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any

from sqlalchemy import Connection, Engine, and_, create_engine, insert, select, update
from sqlalchemy.pool import StaticPool

from campaign.core.errors import DamagedHistory
from projections import tables
from projections.audit import Audit
from projections.collector import fewer_collections
from projections.fold import Fold, Loader, Projection, kebab
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


class _Raced(Exception):
    """Another process folded the same batch first."""


class Stale(Exception):
    """The event under the read models' last tracked id is not the one they folded: the end of
    the history was cut (deleted rows) and maybe written on again. They must be rebuilt
    (``OpenStore.catch_up`` does it, under the writer lock)."""


def store_engine(store: Any) -> Engine:
    """The SQLAlchemy engine of a store's read models: the same SQLite file or PG schema."""
    if store.kind == "sqlite":
        return create_engine(f"sqlite+pysqlite:///{store.path}", connect_args={"timeout": 30})
    # the values libpq chose for the store's first connection, as every other one is given
    # (docs/cli.md#stores): none from the URL, nothing left for libpq to decide otherwise
    settings = {**store.connection_settings(), "connect_timeout": 10}
    engine = create_engine("postgresql+psycopg://", connect_args=settings, pool_pre_ping=True)
    # beside the events: the store's ?schema=, else `public`, where the library puts them (the
    # server's search path would put them in a schema named as the user, when there is one,
    # where another store's read models live)
    return engine.execution_options(schema_translate_map={None: store.schema or "public"})


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
        # the events any of them reads (None: every event; projections/fold.py, Projection.reads)
        read = tuple({projection.reads() for projection in self.projections})
        self._reads: tuple[type, ...] | None = None if object in read else read
        # a fold up to a point carries its aggregates to the next point (the recap folds to
        # each session's end in turn): Fold.advance reloads one whose version does not follow
        self._carried: dict[Any, Any] = {}

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
            self._track(connection)

    def _track(self, connection: Connection) -> None:
        """A tracking row at the start for each projection that has none."""
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

    def drop(self, *, overwrite: bool = False) -> None:
        """Drop every read model. ``overwrite`` (SQLite): with ``secure_delete`` on, so the pages
        they held are overwritten (``projections drop --scrub``, docs/cli.md#read-models)."""
        with self.engine.begin() as connection:
            if overwrite:
                connection.exec_driver_sql("PRAGMA secure_delete = ON")
            tables.metadata.drop_all(connection)

    def rebuild(self, progress: Progress | None = None) -> int:
        """Drop every read model and fold the whole history again, in one transaction: a
        rebuild that fails half way (a damaged history, a server gone, Ctrl-C) leaves the read
        models as they were. Meanwhile other processes read them as they were (SQLite) or wait
        for the new ones (PostgreSQL: the dropped tables stay locked until the end)."""
        self.projections = all_projections()
        with fewer_collections(), self.engine.begin() as connection:
            if connection.dialect.name == "sqlite":
                # pysqlite opens a transaction before INSERT, UPDATE and DELETE only: DROP and
                # CREATE would take effect at once. One opened here holds them too.
                connection.exec_driver_sql("BEGIN IMMEDIATE")
            tables.metadata.drop_all(connection)
            tables.metadata.create_all(connection)
            self._track(connection)
            return self._catch_up(progress, None, connection)

    # --- folding -----------------------------------------------------------------------------

    def positions(self, connection: Connection | None = None) -> dict[str, tuple[int, int]]:
        """Each projection's last notification id and position."""
        with self._connected(connection) as reading:
            rows = reading.execute(select(tables.tracking))
            return {row.projection: (row.notification_id, row.position) for row in rows}

    def _connected(self, connection: Connection | None) -> AbstractContextManager[Connection]:
        """``connection`` (a rebuild's transaction), or a new connection of the engine."""
        return nullcontext(connection) if connection is not None else self.engine.connect()

    def _checked_positions(self) -> dict[str, tuple[int, int]]:
        """:meth:`positions`, in the same query the timeline's row of the last event folded,
        checked against the event stored under that notification id now (one more query, of
        the store): :class:`Stale` when it is not there or is another event."""
        t, line = tables.tracking.c, tables.timeline.c
        query = select(
            t.projection, t.notification_id, t.position, line.notification_id.label("folded"),
            line.aggregate_id, line.aggregate_version, line.kind, line.timestamp,
        ).outerjoin(
            tables.timeline, and_(t.projection == "timeline", line.position == t.position)
        )  # fmt: skip
        with self.engine.connect() as connection:
            rows = list(connection.execute(query))
        mark = next((row for row in rows if row.projection == "timeline"), None)
        if mark is not None and mark.notification_id and mark.folded is not None:
            self._check_folded(mark)
        return {row.projection: (row.notification_id, row.position) for row in rows}

    def _check_folded(self, mark: Any) -> None:
        """Whether the event stored under ``mark.notification_id`` is the one the timeline
        folded there (``mark``: its row)."""
        last = mark.notification_id
        found = self.app.recorder.select_notifications(start=last, limit=1)
        if not found or found[0].id != last:
            raise Stale(f"the event the read models folded last ({last}) is no longer stored")
        try:
            event = self.app.mapper.to_domain_event(found[0])
        except Exception:  # damaged: verify names where; what was folded still answers
            return
        stored = (
            last,
            event.position,
            event.originator_id,
            event.originator_version,
            kebab(type(event).__name__),
            event.timestamp.isoformat(),
        )
        folded = (
            mark.folded,
            mark.position,
            mark.aggregate_id,
            mark.aggregate_version,
            mark.kind,
            mark.timestamp,
        )
        if stored != folded:
            raise Stale(f"the event stored under {last} is not the one the read models folded")

    def catch_up(self, progress: Progress | None = None, until: int | None = None) -> int:
        """Fold every event recorded since the projections' positions (up to position
        ``until``, for a scratch fold); returns the number of events folded."""
        with fewer_collections():
            return self._catch_up(progress, until)

    def _catch_up(
        self, progress: Progress | None, until: int | None, connection: Connection | None = None
    ) -> int:
        """``connection``: a rebuild's transaction, every batch folded in it (otherwise each
        batch is a transaction of its own)."""
        folded = 0
        total = self.app.recorder.max_notification_id() or 0
        # carried from batch to batch (projections/fold.py), and to the next point of a fold
        aggregates: dict[Any, Any] = self._carried if until is not None else {}
        # the live read models (not a scratch fold up to a point, nor a rebuild) check that
        # the last event they folded is still stored, once, before the first batch
        check = until is None and connection is None and self._has("timeline")
        while True:
            if check:
                positions, check = self._checked_positions(), False
            else:
                positions = self.positions(connection)
            if not positions:  # another process is rebuilding: its tracking rows are not back
                return folded
            tracked = {name: nid for name, (nid, _) in positions.items()}
            start = min(tracked.values())  # the furthest behind: its id and its position
            batch = self._read(start, until, min(position for _, position in positions.values()))
            if not batch:
                return folded
            try:
                self._fold(batch, tracked, aggregates, connection)
            except BaseException as error:
                # the batch rolled back: so do the aggregates it advanced, and what is pending
                aggregates.clear()
                for projection in self.projections:
                    projection.reset()
                if isinstance(error, _Raced) and connection is None:
                    continue
                raise
            folded += len(batch)
            if progress is not None:
                progress(batch[-1][0], total)

    def _read(self, start: int, until: int | None, at: int) -> list[tuple[int, Any]]:
        """The next batch after notification ``start`` (position ``at``): about BATCH events,
        always whole commands (a command is written in one transaction, so a batch that ends
        mid-command reads on to the command's end), none after position ``until``. Positions
        run on one by one: any other is a damaged history (an event deleted or added)."""
        batch: list[tuple[int, Any]] = []
        expected = at + 1
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
                if event.position != expected:
                    raise DamagedHistory.out_of_place(event.position, expected)
                if until is not None and event.position > until:
                    return batch
                if len(batch) >= BATCH and event.command != batch[-1][1].command:
                    return batch
                batch.append((notification.id, event))
                expected += 1
            if len(notifications) < limit:
                return batch

    def _fold(
        self,
        batch: Sequence[tuple[int, Any]],
        tracked: dict[str, int],
        aggregates: dict[Any, Any] | None = None,
        shared: Connection | None = None,
    ) -> None:
        last_id, last_event = batch[-1]
        with nullcontext(shared) if shared is not None else self.engine.begin() as connection:
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
            if self._reads is not None:  # the events of aggregates none of them reads: not folded
                batch = [(i, event) for i, event in batch if isinstance(event, self._reads)]
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

    def _has(self, name: str) -> bool:
        return any(projection.name == name for projection in self.projections)

    # --- reading -----------------------------------------------------------------------------

    def encounters_of(self, company: str) -> list[str]:
        """The open encounters a company has joined: for the write side, which must rerate or
        withdraw it there (it catches the read models up first:
        `UnitOfWork.caught_up_read_model`)."""
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
