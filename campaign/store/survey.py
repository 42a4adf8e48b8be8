"""What is at a store's place, found without changing anything there: a campaign, nothing yet,
or something else — which is refused there and then, for every command (docs/cli.md#stores)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from campaign.core.errors import ImpossibleInput, Phrase
from campaign.core.i18n import N_
from campaign.store import postgres, sqlite
from campaign.store.errors import StoreError
from campaign.store.layout import CAMPAIGN_TOPICS, EVENTS_TABLE, SQLITE_EVENTS_TABLE

if TYPE_CHECKING:
    from pathlib import Path

    from campaign.store.url import StoreURL

SQLITE_HEADER = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite database file
FIRST_TOPIC = "SELECT topic FROM stored_events ORDER BY rowid LIMIT 1"  # SQLITE_EVENTS_TABLE
_CANNOT_READ = N_("cannot read the store {path}: {why}")
FILE_EXPECTED = N_(
    "a campaign store, or a path where there is none yet (a logging command or `campaign init` "
    "creates one there)"
)


@dataclass(frozen=True, slots=True)
class Survey:
    """What is at a store's place, found without changing anything there
    (:meth:`StoreURL.survey`): a place that holds something else is refused there and then."""

    campaign: bool = False  # a campaign: an event in the library's table
    file: bool = True  # SQLite: a file is there (False: a logging command creates it)
    note: str = ""  # why there is no campaign, said after "no campaign store at …"
    # why a logging command cannot create the store here (it says so, as does a reading
    # command instead of "create one with `campaign init`"); "" when it can
    blocked: str = ""


def sqlite_survey(path: Path) -> Survey:
    """A SQLite file: a campaign when its first event is the tracker's; an empty file or
    database is none yet; another program's database, or no database, is refused."""
    try:  # without waiting, were it a named pipe: what it is is checked once it is open
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except (FileNotFoundError, NotADirectoryError):
        return Survey(file=False)
    except IsADirectoryError:
        raise sqlite.a_directory(path) from None
    except OSError as error:
        raise StoreError(_CANNOT_READ, {"path": path, "why": error.strerror}) from None
    try:
        sqlite.check_file(path, os.fstat(descriptor).st_mode)
        header = os.read(descriptor, 100)  # a regular file's: all 100 bytes, unless it is shorter
    except OSError as error:
        raise StoreError(_CANNOT_READ, {"path": path, "why": error.strerror}) from None
    finally:
        os.close(descriptor)
    if not header:  # SQLite reads an empty file as an empty database (its WAL is stale)
        return Survey(note=Phrase(N_("the file is empty")))
    if not header.startswith(SQLITE_HEADER):
        raise ImpossibleInput(
            N_(
                "{path} is not a campaign store, nor any SQLite database; nothing was written to it"
            ),
            field="db",
            value=str(path),
            expected=FILE_EXPECTED,
            values={"path": path},
        )
    tables, first = _sqlite_tables(path, wal=header[18:19] == b"\x02")
    if not tables:
        return Survey(note=Phrase(N_("a SQLite database with no tables")))
    if SQLITE_EVENTS_TABLE not in tables or (
        first is not None and not first.startswith(CAMPAIGN_TOPICS)
    ):
        shown = ", ".join(sorted(tables)[:5]) + (", …" if len(tables) > 5 else "")
        raise ImpossibleInput(
            N_(
                "{path} is not a campaign store: it holds another program's tables ({shown}); "
                "nothing was written to it"
            ),
            field="db",
            value=str(path),
            expected=FILE_EXPECTED,
            values={"path": path, "shown": shown},
        )
    if first is None:
        return Survey(note=Phrase(N_("no event was ever recorded in it")))
    return Survey(campaign=True)


def _sqlite_tables(path: Path, *, wal: bool) -> tuple[set[str], str | None]:
    """The SQLite file's tables and the topic of its first event (None: none), read
    through a connection that writes nothing to the file: read-only, and ``immutable``
    when the file is in WAL mode with no ``-wal`` beside it (nothing there but the file,
    and a read-only connection would leave an empty ``-wal`` and a ``-shm`` behind). A
    store whose latest commits are still in its ``-wal`` is read with them."""
    import sqlite3

    wal_file = path.with_name(path.name + "-wal")
    mode = "immutable=1" if wal and not wal_file.exists() else "mode=ro"
    try:
        connection = sqlite3.connect(
            f"{path.as_uri()}?{mode}", uri=True, timeout=sqlite.SQLITE_LOCK_TIMEOUT_SECONDS
        )
        try:
            tables = {
                name
                for (name,) in connection.execute(
                    "SELECT name FROM sqlite_master "
                    "WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
                )
            }
            first = None
            if SQLITE_EVENTS_TABLE in tables:
                row = connection.execute(FIRST_TOPIC).fetchone()
                first = None if row is None else str(row[0])
        finally:
            connection.close()
    except sqlite3.Error as error:
        raise StoreError(_CANNOT_READ, {"path": path, "why": str(error)}) from None
    return tables, first


def postgres_survey(store: StoreURL) -> Survey:
    """A PostgreSQL schema: a campaign when the library's events table holds an event; a
    schema that does not exist yet is none, or blocked when the user may not create it."""
    import psycopg
    from psycopg import sql

    schema = store.schema or "public"  # the library's, when none is given
    with postgres.connect(store) as connection:
        try:
            there, table, plain = connection.execute(
                "SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = %s), "
                "EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n "
                "ON n.oid = c.relnamespace WHERE n.nspname = %s AND c.relname = %s), "
                "quote_ident(%s) = %s",
                (schema, schema, EVENTS_TABLE, schema, schema),
            ).fetchone()
            if not plain:
                raise postgres.keyword(store)
            if not there:
                if not store.schema:
                    return Survey(
                        note=Phrase(
                            N_("its schema {schema} does not exist"),
                            schema=postgres.quoted(schema),
                        )
                    )
                if not postgres.may_create_schema(connection):
                    return Survey(blocked=postgres.schema_blocked(store, connection))
                return Survey(
                    note=Phrase(
                        N_("the schema {schema} does not exist yet"),
                        schema=postgres.quoted(schema),
                    )
                )
            postgres.found_schema(store)
            if not table:
                return Survey()
            held = sql.SQL("SELECT EXISTS (SELECT 1 FROM {})").format(
                sql.Identifier(schema, EVENTS_TABLE)
            )
            try:
                return Survey(campaign=bool(connection.execute(held).fetchone()[0]))
            except psycopg.errors.UndefinedTable:  # dropped meanwhile: a failed first
                return Survey()  # command's empty store (Ledger.discard_if_empty)
        except psycopg.Error as error:
            raise StoreError(_CANNOT_READ, {"path": store.redacted, "why": str(error)}) from None
