"""Following a store as events land (``projections run``): a wait between catch-ups that a
PostgreSQL store cuts short when it NOTIFYs a write (the eventsourcing recorder notifies on
every insert); elsewhere, a sleep."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any


@contextmanager
def wakeups(app: Any) -> Iterator[Callable[[float], None]]:
    """``wait(seconds)``: returns early when the store of ``app`` (the library's application)
    notifies a write, where it can; sleeps otherwise."""
    recorder = app.recorder
    channel = getattr(recorder, "channel_name", None)
    datastore = getattr(recorder, "datastore", None)
    if channel is None or not hasattr(datastore, "get_connection"):
        yield time.sleep
        return
    from psycopg import sql

    with datastore.get_connection() as connection:
        connection.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel)))

        def wait(seconds: float) -> None:
            for _ in connection.notifies(timeout=seconds, stop_after=1):
                pass

        try:
            yield wait
        finally:
            with suppress(Exception):  # interrupted mid-wait: the pool discards a bad connection
                connection.execute(sql.SQL("UNLISTEN {}").format(sql.Identifier(channel)))
