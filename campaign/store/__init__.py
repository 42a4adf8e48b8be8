"""Where the history lives: a SQLite file (the default) or a PostgreSQL database, chosen by URL.

The eventsourcing library is configured **explicitly** from the URL (on PostgreSQL, with the
values libpq chose for what the URL leaves out): none of its own variables is read from the
process environment, so a stray ``LEDGER_CIPHER_KEY`` or ``SQLITE_DBNAME`` can never override
``--db`` (docs/cli.md#environment). Writers are serialised per store — a file lock beside a SQLite
file, an advisory lock on PostgreSQL — so positions (and later the hash chain) stay linear.

One module per job: :mod:`.url` (parsing ``--db`` into a :class:`StoreURL`), :mod:`.sqlite`
(the file and its lock), :mod:`.postgres` (the connection and the schema),
:mod:`.postgres_lock` (the advisory lock and what a failed first command made), :mod:`.survey`
(what a place holds), :mod:`.errors` (failures), :mod:`.layout` (what a store holds, by name),
:mod:`.keys` (encryption at rest), :mod:`.stored` (a stored event read back only as one of the
tracker's own), :mod:`.pgrecorder` and :mod:`.sqliterecorder` (the library's recorders, named to
it by topic). Imports nothing of the tracker's but ``campaign.core``.
"""

from campaign.store.errors import StoreBusy, StoreError, StoreRefused, unreadable
from campaign.store.layout import EVENTS_TABLE, MAX_STORED, SNAPSHOTS_TABLE
from campaign.store.postgres_lock import PostgresHold
from campaign.store.survey import Survey
from campaign.store.url import (
    DEFAULT_DB,
    KEY_SIZES,
    WRITER_LOCK_TIMEOUT_SECONDS,
    StoreURL,
    check_key,
    parse_store_url,
)

__all__ = [
    "DEFAULT_DB",
    "EVENTS_TABLE",
    "KEY_SIZES",
    "MAX_STORED",
    "SNAPSHOTS_TABLE",
    "WRITER_LOCK_TIMEOUT_SECONDS",
    "PostgresHold",
    "StoreBusy",
    "StoreError",
    "StoreRefused",
    "StoreURL",
    "Survey",
    "check_key",
    "parse_store_url",
    "unreadable",
]
