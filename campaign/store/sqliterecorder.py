"""The SQLite recorder of a ledger: the library's, reading back only what the tracker stores.

The library's SQLite recorder turns a row's aggregate ID text into a UUID as it reads the row,
before any mapper sees it (a NULL ID: ``TypeError``), and SQLite hands back a column it holds as
text that is not UTF-8 as the driver's error, which echoes the stored bytes. Here both are a
:class:`~campaign.core.errors.DamagedHistory` (exit 1, pointing at ``campaign verify``, which names
the position), by the recorder's public methods (docs/RELIABILITY.md#tamper-evidence).

The ledger names this class to the library by its topic (``LedgerApplication.construct_env``), so
only a SQLite store imports this module.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from uuid import UUID

from eventsourcing.sqlite import SQLiteApplicationRecorder

from campaign.core.errors import DamagedHistory
from campaign.core.i18n import N_
from campaign.store.stored import shown

_NOT_UTF8 = re.compile(r"Could not decode to UTF-8 column '(\w+)'")  # sqlite3's


class LedgerSQLiteRecorder(SQLiteApplicationRecorder):
    """The library's SQLite recorder; a stored aggregate ID that is no UUID's text, or a column
    holding text that is not UTF-8 (SQLite stores whatever bytes it is given as TEXT), is a
    damaged history, not the library's ``TypeError`` or the driver's error echoing the bytes."""

    def select_notifications(self, *args: Any, **kwargs: Any) -> Any:
        with _utf8_checked():
            return super().select_notifications(*args, **kwargs)

    def select_events(self, *args: Any, **kwargs: Any) -> Any:
        with _utf8_checked():
            return super().select_events(*args, **kwargs)

    def convert_originator_id(self, originator_id: str) -> UUID | str:
        try:
            return super().convert_originator_id(originator_id)
        except (TypeError, ValueError, AttributeError):
            raise DamagedHistory(
                N_("a stored event's aggregate ID is {id}, no ID the tracker writes"),
                values={"id": shown(originator_id)},
            ) from None


@contextmanager
def _utf8_checked() -> Iterator[None]:
    try:
        yield
    except Exception as error:
        found = _NOT_UTF8.match(str(getattr(error, "__cause__", None) or error))
        if found is None:
            raise
        raise DamagedHistory(
            N_(
                "a stored event's {part} holds text that is not UTF-8, which the tracker never "
                "writes"
            ),
            values={"part": found[1]},
        ) from None
