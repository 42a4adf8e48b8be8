"""Checkpoints: time travel on the read side costs the events after the nearest one.

``--as-of`` folds the history up to a position into a private database
(campaign/service/queries.py). From position 1, a status as of event 50,000 folds 50,000 events
to answer a question about state: the read side's version of loading an aggregate without a
snapshot. A checkpoint is that
private database's image (SQLite's ``serialize``, compressed) at the end of the command holding
every :data:`EVERY`-th position, kept in the store beside the read models (``view_checkpoints``).
A fold to P starts from the nearest checkpoint at or before P and folds only the events after
it; the aggregates those events touch are loaded at their version from their own snapshots
(projections/fold.py). A fold takes the missing checkpoints it passes: the first travel to a
late point pays for those on its way, as the first load of a long aggregate pays for its
snapshots.

Only the folds whose answer is state (status, modifiers, the recap) keep checkpoints. A history
or an audit as of P lists everything up to P: it reads as much as it folds, and its images
would grow with the history at every checkpoint.
"""

from __future__ import annotations

import sqlite3
import zlib
from collections.abc import Collection

from sqlalchemy import Connection, insert, select
from sqlalchemy.exc import IntegrityError, OperationalError

from projections import queries, tables
from projections.readmodel import ReadModel

EVERY = 2_500  # positions between checkpoints: a fold folds about this many events at most
# Python offers serialize() only where its SQLite was built with that API (3.23 and later);
# without it every fold starts at position 1, as before checkpoints.
AVAILABLE = hasattr(sqlite3.Connection, "serialize")


def _key(reads: Collection[str]) -> str:
    return ",".join(sorted(reads))


def restore(
    live: ReadModel, scratch: ReadModel, reads: Collection[str], until: int, after: int = 0
) -> int:
    """Put the nearest checkpoint at or before ``until`` into ``scratch``, when it is further
    on than ``after`` (where ``scratch`` stands); its position, or ``after`` when there is none
    (``scratch`` is left as it was)."""
    c = tables.checkpoints.c
    nearest = (
        select(c.position, c.image)
        .where(c.reads == _key(reads), c.position <= until, c.position > after)
        .order_by(c.position.desc())
        .limit(1)
    )
    with live.reading() as connection:
        found = connection.execute(nearest).first()
    if found is None:
        return after
    scratch.load_image(zlib.decompress(found.image))
    return int(found.position)


def missing(live: ReadModel, reads: Collection[str], start: int, until: int) -> list[int]:
    """The checkpoints a fold from ``start`` to ``until`` passes and should take: the end of the
    command holding each multiple of :data:`EVERY` in between, where none is kept yet."""
    with live.reading() as connection:
        marks = _marks(connection, start, until)
        if not marks:
            return []
        c = tables.checkpoints.c
        kept = set(
            connection.scalars(
                select(c.position).where(c.reads == _key(reads), c.position.in_(marks))
            )
        )
    return [mark for mark in marks if mark not in kept]


def _marks(connection: Connection, start: int, until: int) -> list[int]:
    marks: list[int] = []
    for multiple in range((start // EVERY + 1) * EVERY, until + 1, EVERY):
        end = queries.command_end(connection, multiple)
        if end is not None and start < end <= until and (not marks or end > marks[-1]):
            marks.append(end)
    return marks


def take(live: ReadModel, scratch: ReadModel, reads: Collection[str], position: int) -> None:
    """Keep ``scratch``, folded to ``position``, as the checkpoint at ``position``."""
    image = zlib.compress(scratch.image(), 1)
    row = {"reads": _key(reads), "position": position, "image": image}
    try:
        with live.engine.begin() as connection:
            connection.execute(insert(tables.checkpoints).values(**row))
    except IntegrityError:
        pass  # another fold took it first: the same history folded, the same image
    except OperationalError:
        # the store would not take it now — locked past its timeout, a read-only file, a full
        # disk: the answer does not need it (a checkpoint only shortens a later fold), and a
        # read must not fail for it; a later fold takes it when the store does
        pass
