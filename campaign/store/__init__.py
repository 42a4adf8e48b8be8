"""Where the history lives: a SQLite file (the default) or a PostgreSQL database, chosen by URL.

The eventsourcing library is configured **explicitly** from the URL: nothing is read from the
process environment, so a stray ``LEDGER_CIPHER_KEY`` or ``SQLITE_DBNAME`` can never override
``--db`` (SPEC §5). Writers are serialised per store — a file lock beside a SQLite file, an
advisory lock on PostgreSQL — so positions (and later the hash chain) stay linear.
"""

from __future__ import annotations

import base64
import binascii
import fcntl
import os
import re
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from campaign.core.errors import CampaignError, ImpossibleInput

DEFAULT_DB = "./campaign.db"
SQLITE_LOCK_TIMEOUT_SECONDS = 15
# How long a command waits for the writer lock (another command, or a long replay, holding it)
# before it gives up with a clear message; CAMPAIGN_LOCK_TIMEOUT changes it (docs/RELIABILITY.md).
WRITER_LOCK_TIMEOUT_SECONDS = 60.0
# The library's AES-GCM cipher on the ``cryptography`` package (SPEC §7, CAMPAIGN_KEY).
CIPHER_TOPIC = "eventsourcing.cryptography:AESCipher"
KEY_SIZES = (16, 24, 32)  # bytes: AES-128, -192, -256
# An arbitrary 64-bit key for pg_advisory_lock: "one writer at a time" on a PostgreSQL store.
# Advisory locks are per database: a store in a schema of its own (`?schema=`) takes this key
# mixed with its schema's CRC-32 (StoreURL.writer_lock_key), so campaigns in two schemas of one
# database do not wait for each other; the default schema keeps the key itself.
POSTGRES_WRITER_LOCK = 0x4C45444745520001
EVENTS_TABLE = "ledger_events"  # the library's table for the application named "ledger"
# On SQLite the library names its table the same for every application: a file holding it is a
# campaign store when its first event is one of the tracker's (another eventsourcing program's
# file holds it too).
SQLITE_EVENTS_TABLE = "stored_events"
FIRST_TOPIC = "SELECT topic FROM stored_events ORDER BY rowid LIMIT 1"  # SQLITE_EVENTS_TABLE
CAMPAIGN_TOPICS = "aggregates."  # every event the tracker records: ``aggregates.campaign:…``
SQLITE_HEADER = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite database file
# What --db takes after a PostgreSQL URL's "?": nothing else is honoured, so nothing else is
# taken (a dropped ``sslmode=verify-full`` connected without TLS, silently).
ACCEPTED_PARAMETERS = (
    "no URL parameter but ?schema=NAME, once (TLS and other connection settings go in libpq's "
    "environment variables — PGSSLMODE=verify-full, PGSSLROOTCERT, PGSSLCERT, … — which every "
    "connection to the store honours)"
)
# A ``?schema=`` the library can use: it names its types unquoted (``schema.type``), so a name
# PostgreSQL must quote ("-", a space, a keyword) broke it once the tables were made ("Composite
# type … not found"). Capitals are folded, as PostgreSQL folds an unquoted name (``GM_A`` is
# ``gm_a``); keywords are asked of the server (quote_ident).
SCHEMA_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")  # not `$`: quote_ident quotes it
SCHEMA_EXPECTED = (
    "a schema name PostgreSQL takes unquoted: letters, digits and _ (capitals read as "
    "lower-case), not first a digit, at most 63 characters, not an SQL keyword, not one of "
    "PostgreSQL's own schemas (information_schema, pg_…) — e.g. ?schema=campaign_2"
)
# The schemas this process has found or created (StoreURL.writer_lock), by server and database.
_SCHEMAS_READY: set[tuple[str, int, str, str]] = set()
# What the tracker makes in a PostgreSQL schema (PostgresHold.footprint): the library's two
# tables, the row type its INSERT unnests and the function it creates beside them (ids are
# UUIDs), and the read models' tables, all named view_… (the footprint notes every view_…
# table; a failed first command drops only the tracker's by name, tracker_tables). The row
# type and function are the library's, not the application's: every eventsourcing application
# in the schema shares them (PostgresHold.discard).
SNAPSHOTS_TABLE = "ledger_snapshots"
LIBRARY_TYPE = "stored_event_uuid"
LIBRARY_FUNCTION = "es_insert_events_uuid"
READ_MODEL_PREFIX = "view_"
FOOTPRINT = (
    "SELECT 'schema', nspname FROM pg_namespace WHERE nspname = %(schema)s "
    "UNION ALL SELECT 'table', c.relname FROM pg_class c "
    "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = %(schema)s "
    "AND c.relkind IN ('r', 'p') "
    "AND (c.relname = ANY(%(tables)s) OR left(c.relname, %(length)s) = %(prefix)s) "
    "UNION ALL SELECT 'type', t.typname FROM pg_type t "
    "JOIN pg_namespace n ON n.oid = t.typnamespace "
    "WHERE n.nspname = %(schema)s AND t.typname = %(type)s "
    "UNION ALL SELECT 'function', p.proname FROM pg_proc p "
    "JOIN pg_namespace n ON n.oid = p.pronamespace "
    "WHERE n.nspname = %(schema)s AND p.proname = %(function)s"
)
# Whether a table (or a view of one) is in the schema: after the tracker's own are dropped,
# one that is left may be another eventsourcing application's, saving through the library's
# row type (PostgresHold.discard).
OTHER_RELATIONS = (
    "SELECT EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
    "WHERE n.nspname = %s AND c.relkind IN ('r', 'p', 'v', 'm', 'f'))"
)
EVENTS_TABLE_OID = (
    "SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
    "WHERE n.nspname = %s AND c.relname = %s"
)


# The largest whole number a store's columns hold (SQLite INTEGER, PostgreSQL BIGINT): a
# position or session number beyond it was never recorded (and cannot be asked for in SQL).
MAX_STORED = 2**63 - 1


class StoreError(CampaignError):
    """The store cannot be reached or used (exit 1). A store this process may not write —
    SQLite's "readonly database", or a file or directory it may not open — says how to fix it."""

    exit_code = 1

    def __init__(self, message: str) -> None:
        if _NOT_WRITABLE in message or "Permission denied" in message:
            message += (
                " — every command writes to a store, reading ones too (they fold new events "
                "into its read models, and take the lock file beside it): make the store and "
                "its directory writable, or copy the store to a place that is"
            )
        super().__init__(message)


_NOT_WRITABLE = "readonly database"  # SQLite's "attempt to write a readonly database"


def unreadable(error: BaseException) -> StoreError | None:
    """A stored event the library cannot read back — its bytes edited, its type renamed, or
    encrypted with another key — as a store failure that says where to look (exit 1), not a
    traceback; None for any other error."""
    from eventsourcing.persistence import MapperDeserialisationError
    from eventsourcing.utils import TopicError

    if not isinstance(error, MapperDeserialisationError | TopicError):
        return None
    cause = error.__cause__ if error.__cause__ is not None else error
    reason = (str(cause).splitlines() or [""])[0][:120] or type(cause).__name__
    return StoreError(
        f"a stored event cannot be read back ({reason}): the store was damaged or written with "
        "another key — `campaign verify` names the first damaged position"
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


class StoreRefused(StoreError):
    """A store URL the tracker cannot use, found out on the server (bad input, exit 2)."""

    exit_code = 2


class StoreBusy(StoreError):
    """Another writer held the store's writer lock longer than the wait allowed (exit 1).

    It says that nothing was recorded; told to a command that records nothing (a reading
    command waits for the same lock: it folds new events into the read models first), it says
    only when to try again (:meth:`to_a_reader`)."""

    def __init__(self, store: str, waited: float, *, recording: bool = True) -> None:
        self.store, self.waited = store, waited
        outcome = "nothing was recorded — try again" if recording else "try again"
        super().__init__(
            f"the store {store} is busy: another command (a replay?) has held its writer lock "
            f"for more than {waited:g} s; {outcome} when it is done (CAMPAIGN_LOCK_TIMEOUT sets "
            "how many seconds to wait)"
        )

    def to_a_reader(self) -> StoreBusy:
        return StoreBusy(self.store, self.waited, recording=False)


@dataclass(frozen=True, slots=True)
class StoreURL:
    """A parsed ``--db``: a SQLite path, or the parts of a PostgreSQL URL."""

    kind: str  # "sqlite" | "postgresql"
    path: Path | None = None
    host: str = "localhost"
    port: int = 5432
    user: str = ""
    password: str = ""
    dbname: str = ""
    schema: str = ""
    # CAMPAIGN_KEY, checked by parse_store_url: never printed, never compared.
    key: str | None = field(default=None, repr=False, compare=False)
    lock_timeout: float = WRITER_LOCK_TIMEOUT_SECONDS

    @property
    def redacted(self) -> str:
        """The URL as it may be printed: never the password (SPEC §5)."""
        if self.kind == "sqlite":
            return str(self.path)
        who = f"{self.user}:***@" if self.password else (f"{self.user}@" if self.user else "")
        schema = f"?schema={self.schema}" if self.schema else ""
        return f"postgresql+psycopg://{who}{self.host}:{self.port}/{self.dbname}{schema}"

    def exists(self) -> bool:
        """Whether the store holds a campaign (:meth:`survey`)."""
        return self.survey().campaign

    def survey(self) -> Survey:
        """What is at the store's place, read without writing anything there. A campaign is an
        event in the library's table, which a reading command does not create: a typo'd URL,
        an empty file, or a shell left at once, is no empty campaign (SPEC §5).

        A SQLite file that is not a campaign store, but holds another program's tables, or is
        no SQLite database at all, is refused here, for every command (ImpossibleInput, exit
        2): a wrong ``--db`` must not become a campaign store, nor be removed as one."""
        if self.kind == "sqlite":
            return self._sqlite_survey()
        return self._postgres_survey()

    def _sqlite_survey(self) -> Survey:
        assert self.path is not None
        try:
            with open(self.path, "rb") as file:
                header = file.read(100)
        except (FileNotFoundError, NotADirectoryError):
            return Survey(file=False)
        except IsADirectoryError:
            raise self._a_directory() from None
        except OSError as error:
            raise StoreError(f"cannot read the store {self.path}: {error.strerror}") from None
        if not header:  # SQLite reads an empty file as an empty database (its WAL is stale)
            return Survey(note="the file is empty")
        if not header.startswith(SQLITE_HEADER):
            raise ImpossibleInput(
                f"{self.path} is not a campaign store, nor any SQLite database; nothing was "
                "written to it",
                field="db",
                value=str(self.path),
                expected=FILE_EXPECTED,
            )
        tables, first = self._sqlite_tables(wal=header[18:19] == b"\x02")
        if not tables:
            return Survey(note="a SQLite database with no tables")
        if SQLITE_EVENTS_TABLE not in tables or (
            first is not None and not first.startswith(CAMPAIGN_TOPICS)
        ):
            shown = ", ".join(sorted(tables)[:5]) + (", …" if len(tables) > 5 else "")
            raise ImpossibleInput(
                f"{self.path} is not a campaign store: it holds another program's tables "
                f"({shown}); nothing was written to it",
                field="db",
                value=str(self.path),
                expected=FILE_EXPECTED,
            )
        if first is None:
            return Survey(note="no event was ever recorded in it")
        return Survey(campaign=True)

    def _sqlite_tables(self, *, wal: bool) -> tuple[set[str], str | None]:
        """The SQLite file's tables and the topic of its first event (None: none), read
        through a connection that writes nothing to the file: read-only, and ``immutable``
        when the file is in WAL mode with no ``-wal`` beside it (nothing there but the file,
        and a read-only connection would leave an empty ``-wal`` and a ``-shm`` behind). A
        store whose latest commits are still in its ``-wal`` is read with them."""
        import sqlite3

        assert self.path is not None
        wal_file = self.path.with_name(self.path.name + "-wal")
        mode = "immutable=1" if wal and not wal_file.exists() else "mode=ro"
        try:
            connection = sqlite3.connect(
                f"{self.path.as_uri()}?{mode}", uri=True, timeout=SQLITE_LOCK_TIMEOUT_SECONDS
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
            raise StoreError(f"cannot read the store {self.path}: {error}") from None
        return tables, first

    def _postgres_survey(self) -> Survey:
        import psycopg
        from psycopg import sql

        schema = self.schema or "public"  # the library's, when none is given
        with self._postgres() as connection:
            try:
                there, table, plain = connection.execute(
                    "SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = %s), "
                    "EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n "
                    "ON n.oid = c.relnamespace WHERE n.nspname = %s AND c.relname = %s), "
                    "quote_ident(%s) = %s",
                    (schema, schema, EVENTS_TABLE, schema, schema),
                ).fetchone()
                if not plain:
                    raise self._keyword()
                if not there:
                    if not self.schema:
                        return Survey(note=f"its schema {_quoted(schema)} does not exist")
                    if not self._may_create_schema(connection):
                        return Survey(blocked=self._schema_blocked(connection))
                    return Survey(note=f"the schema {_quoted(schema)} does not exist yet")
                _SCHEMAS_READY.add(self._schema_key)
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
                raise StoreError(f"cannot read the store {self.redacted}: {error}") from None

    @property
    def _schema_key(self) -> tuple[str, int, str, str]:
        return (self.host, self.port, self.dbname, self.schema)

    def _may_create_schema(self, connection: Any) -> bool:
        """Whether the connected user may create a schema in the database."""
        query = "SELECT has_database_privilege(current_database(), 'CREATE')"
        return bool(connection.execute(query).fetchone()[0])

    def _schema_blocked(self, connection: Any) -> str:
        user = connection.info.user or self.user
        return (
            f"the schema {_quoted(self.schema)} does not exist, and the user {_quoted(user)} "
            f"may not create it in the database {_quoted(self.dbname)}: ask its owner to create "
            f"it for {_quoted(user)} (`create schema {_quoted(self.schema)} authorization "
            f"{_quoted(user)};`), then create the store with `campaign init`"
        )

    def _keyword(self) -> StoreRefused:
        return StoreRefused(
            f"{self.redacted}: the schema name {self.schema!r} is an SQL keyword, which the "
            f"store cannot use; expected {SCHEMA_EXPECTED}"
        )

    def _create_schema(self, connection: Any) -> bool:
        """Create the store's ``?schema=`` when it does not exist (SPEC §5: logging commands
        create the store), under the writer lock: two first commands do not race on it.
        True when this call created it."""
        import psycopg
        from psycopg import sql

        there, plain = connection.execute(
            "SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = %s), quote_ident(%s) = %s",
            (self.schema, self.schema, self.schema),
        ).fetchone()
        if not plain:
            raise self._keyword()
        created = False
        if not there:
            if not self._may_create_schema(connection):
                blocked = self._schema_blocked(connection)
                raise StoreError(f"cannot create the store {self.redacted}: {blocked}")
            create = sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(self.schema))
            try:
                connection.execute(create)
                created = True
            except psycopg.errors.UniqueViolation:
                pass  # created meanwhile by a program that does not take the writer lock
            except psycopg.errors.InsufficientPrivilege:
                blocked = self._schema_blocked(connection)
                raise StoreError(f"cannot create the store {self.redacted}: {blocked}") from None
            except psycopg.Error as error:
                raise StoreError(f"cannot create the store {self.redacted}: {error}") from None
        _SCHEMAS_READY.add(self._schema_key)
        return created

    @property
    def encrypted(self) -> bool:
        """Whether this invocation encrypts the events it writes (a key was given)."""
        return bool(self.key)

    def library_env(self) -> dict[str, str]:
        """The eventsourcing configuration for this store, and nothing from ``os.environ``:
        the cipher is on exactly when a key was given (``CAMPAIGN_KEY``), off otherwise — the
        keys below are the whole configuration, so no ``CIPHER_*`` or ``LEDGER_*`` variable
        can switch it on, change the key or redirect the store."""
        cipher = {"CIPHER_TOPIC": CIPHER_TOPIC, "CIPHER_KEY": self.key} if self.key else {}
        if self.kind == "sqlite":
            return {
                "PERSISTENCE_MODULE": "eventsourcing.sqlite",
                "SQLITE_DBNAME": str(self.path),
                "SQLITE_LOCK_TIMEOUT": str(SQLITE_LOCK_TIMEOUT_SECONDS),
                **cipher,
            }
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": self.dbname,
            "POSTGRES_HOST": self.host,
            "POSTGRES_PORT": str(self.port),
            "POSTGRES_USER": self.user,
            "POSTGRES_PASSWORD": self.password,
            "POSTGRES_CONNECT_TIMEOUT": "10",
            "POSTGRES_LOCK_TIMEOUT": "0",
        }
        if self.schema:
            env["POSTGRES_SCHEMA"] = self.schema
        return {**env, **cipher}

    def prepare(self) -> bool:
        """Create what must exist before the library connects: a 0600 SQLite file (SPEC §7).
        True when this call created the file (a failed first command removes only that)."""
        if self.kind != "sqlite" or self.path is None:
            return False
        if self.path.is_dir():
            raise self._a_directory()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            try:
                os.close(os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_RDWR, 0o600))
            except FileExistsError:
                return False
        except OSError as error:
            raise StoreError(f"cannot create the store {self.path}: {error.strerror}") from error
        return True

    def _a_directory(self) -> ImpossibleInput:
        assert self.path is not None
        return ImpossibleInput(
            f"{str(self.path)!r} is a directory",
            field="db",
            value=str(self.path),
            expected=f"a SQLite file, e.g. {self.path / 'campaign.db'}",
        )

    @property
    def lock_path(self) -> Path:
        """The SQLite store's lock file (``flock``), beside it."""
        assert self.path is not None
        return self.path.with_name(self.path.name + ".lock")

    def identity(self) -> tuple[int, int] | None:
        """The SQLite file's device and inode (None: not there, or PostgreSQL). A writer checks
        it once it holds the lock: a store removed meanwhile must not take writes into a file
        no path leads to (``Ledger.locked``)."""
        if self.kind != "sqlite" or self.path is None:
            return None
        try:
            found = os.stat(self.path)
        except OSError:
            return None
        return found.st_dev, found.st_ino

    def files(self) -> list[Path]:
        """The SQLite store's own files (the database and its WAL files), not its lock; none
        for PostgreSQL."""
        if self.kind != "sqlite" or self.path is None:
            return []
        return [self.path.with_name(self.path.name + suffix) for suffix in ("-wal", "-shm", "")]

    @property
    def writer_lock_key(self) -> int:
        """The PostgreSQL advisory lock of this store's writers: one per schema (a bigint).
        Case-folded: two spellings of one schema must share it (two schemas sharing a key only
        wait for each other)."""
        schema = self.schema.lower()
        if not schema or schema == "public":
            return POSTGRES_WRITER_LOCK
        return POSTGRES_WRITER_LOCK ^ zlib.crc32(schema.encode())

    @contextmanager
    def writer_lock(self) -> Iterator[PostgresHold | None]:
        """Hold the store's single-writer lock for one command. A writer waits for it (it is
        not dropped) up to ``lock_timeout`` seconds, then gets a clear :class:`StoreBusy`.
        On PostgreSQL the first lock of a process also creates the store's ``?schema=`` when
        it does not exist (the library's tables go in it): a logging command creates its store,
        and ``campaign init`` does what "no campaign store at …" tells. It gives the lock's
        connection on PostgreSQL (:class:`PostgresHold`), None on SQLite."""
        if self.kind == "sqlite":
            lock_path = self.lock_path
            fd = os.open(lock_path, os.O_CREAT | os.O_RDWR, 0o600)
            try:
                self._flock(fd)
                yield
            finally:
                fcntl.flock(fd, fcntl.LOCK_UN)
                os.close(fd)
            return
        import psycopg

        with self._postgres() as connection:
            # lock_timeout bounds the wait for the advisory lock (the server queues waiters
            # fairly); 0 would mean "wait forever", so it is at least 1 ms.
            timeout_ms = max(1, round(self.lock_timeout * 1000))
            connection.execute("SELECT set_config('lock_timeout', %s, false)", (f"{timeout_ms}",))
            try:
                connection.execute("SELECT pg_advisory_lock(%s)", (self.writer_lock_key,))
            except psycopg.errors.LockNotAvailable:
                raise self._busy() from None
            try:
                hold = PostgresHold(self, connection)
                if self.schema and self._schema_key not in _SCHEMAS_READY:
                    hold.made_schema = self._create_schema(connection)
                yield hold
            finally:
                # a connection gone (the server stopped, the network cut) took its lock with it
                with suppress(psycopg.OperationalError):
                    connection.execute("SELECT pg_advisory_unlock(%s)", (self.writer_lock_key,))

    def _postgres(self) -> Any:
        """A connection of its own to the PostgreSQL store (autocommit), or a StoreError."""
        import psycopg

        try:
            return psycopg.connect(
                host=self.host,
                port=self.port,
                user=self.user,
                password=self.password,
                dbname=self.dbname,
                autocommit=True,
                connect_timeout=10,
            )
        except psycopg.Error as error:
            raise StoreError(f"cannot reach the store {self.redacted}: {error}") from None

    def _flock(self, fd: int) -> None:
        """``flock`` with a deadline: poll without blocking, backing off from 1 ms to 50 ms."""
        deadline = time.monotonic() + self.lock_timeout
        pause = 0.001
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise self._busy() from None
                time.sleep(pause)
                pause = min(pause * 2, 0.05)

    def _busy(self) -> StoreBusy:
        return StoreBusy(self.redacted, self.lock_timeout)


def tracker_tables() -> frozenset[str]:
    """The tables the tracker makes in a PostgreSQL schema, by exact name: the library's
    events and snapshots tables (the application is named "ledger") and the read models'
    tables as ``projections/tables.py`` declares them. (Imported here, on a failed first
    command only: SQLAlchemy is not loaded to open a store.)"""
    from projections.tables import metadata

    return frozenset({EVENTS_TABLE, SNAPSHOTS_TABLE, *(t.name for t in metadata.tables.values())})


class PostgresHold:
    """The writer lock held on a PostgreSQL store, and its connection (autocommit): what a
    ledger looks at to know what it created, and to remove it again after a failed first
    command (``Ledger.discard_if_empty``) — no other writer runs meanwhile. (A plain class:
    a dataclass costs every command, SQLite's too, ~0.2 ms to define at import.)"""

    __slots__ = ("connection", "made_schema", "store")

    def __init__(self, store: StoreURL, connection: Any) -> None:
        self.store = store
        self.connection = connection
        self.made_schema = False  # taking the lock created the store's ?schema=

    @property
    def schema(self) -> str:
        return self.store.schema or "public"  # the library's, when none is given

    def footprint(self) -> frozenset[tuple[str, str]]:
        """What of the tracker's is in the store's schema now, as (kind, name): the schema
        itself, the library's tables, row type and function, the read models' tables."""
        rows = self._run(
            FOOTPRINT,
            {
                "schema": self.schema,
                "tables": [EVENTS_TABLE, SNAPSHOTS_TABLE],
                "length": len(READ_MODEL_PREFIX),
                "prefix": READ_MODEL_PREFIX,
                "type": LIBRARY_TYPE,
                "function": LIBRARY_FUNCTION,
            },
        ).fetchall()
        return frozenset((str(kind), str(name)) for kind, name in rows)

    def identity(self) -> int | None:
        """The events table's oid (None: there is none): a store dropped by another process's
        failed first command, or made again since, has another (``Ledger.locked``)."""
        row = self._run(EVENTS_TABLE_OID, (self.schema, EVENTS_TABLE)).fetchone()
        return None if row is None else int(row[0])

    def ensure_schema(self, found: frozenset[tuple[str, str]]) -> bool:
        """Create the store's ``?schema=`` when ``found`` (a footprint) lacks it — dropped by
        another process since this one first saw it. True when this call created it."""
        if not self.store.schema or ("schema", self.schema) in found:
            return False
        return self.store._create_schema(self.connection)

    def discard(self, before: frozenset[tuple[str, str]], *, schema: bool) -> None:
        """Drop, in one transaction, the tracker's tables (by name: :func:`tracker_tables`)
        that are here now and were not in ``before`` (the footprint seen when the ledger
        created the store) — never another program's table, whatever its name or age. The
        library's row type and function, when not in ``before``, only if no table is left in
        the schema then: another eventsourcing application there shares them (its saves
        unnest that type), and which tables use them the catalog does not say. Then the schema
        too when ``schema`` (the ledger created it) and nothing else is in it."""
        import psycopg
        from psycopg import sql

        made = self.footprint() - before
        ours = tracker_tables()
        tables = sorted(name for kind, name in made if kind == "table" and name in ours)
        drops = {"function": "DROP FUNCTION IF EXISTS {}", "type": "DROP TYPE IF EXISTS {}"}
        library = [  # the function first: it takes the type
            (drops[kind], name)
            for kind, name in (("function", LIBRARY_FUNCTION), ("type", LIBRARY_TYPE))
            if (kind, name) in made
        ]
        try:
            with self.connection.transaction():
                if tables:
                    names = [sql.Identifier(self.schema, name) for name in tables]
                    self.connection.execute(
                        sql.SQL("DROP TABLE IF EXISTS {}").format(sql.SQL(", ").join(names))
                    )
                if (
                    library
                    and not self.connection.execute(OTHER_RELATIONS, (self.schema,)).fetchone()[0]
                ):
                    try:
                        with self.connection.transaction():  # a savepoint
                            for drop, name in library:
                                self.connection.execute(
                                    sql.SQL(drop).format(sql.Identifier(self.schema, name))
                                )
                    except psycopg.errors.DependentObjectsStillExist:
                        pass  # something else of another program's uses them: they stay
            if schema and self.store.schema:
                _SCHEMAS_READY.discard(self.store._schema_key)
                try:
                    with self.connection.transaction():
                        drop = sql.SQL("DROP SCHEMA IF EXISTS {}")  # RESTRICT: only if empty
                        self.connection.execute(drop.format(sql.Identifier(self.schema)))
                except psycopg.errors.DependentObjectsStillExist:
                    pass  # something else was put in it meanwhile: the schema stays
        except psycopg.Error as error:
            raise StoreError(f"the store {self.store.redacted} failed: {error}") from None

    def _run(self, query: str, params: Any) -> Any:
        import psycopg

        try:
            return self.connection.execute(query, params)
        except psycopg.Error as error:
            raise StoreError(f"the store {self.store.redacted} failed: {error}") from None


FILE_EXPECTED = (
    "a campaign store, or a path where there is none yet (a logging command or `campaign init` "
    "creates one there)"
)


def parse_store_url(
    text: str | None, *, key: str | None = None, lock_timeout: str | float | None = None
) -> StoreURL:
    """``./campaign.db``, ``sqlite:///rel/path.db``, ``sqlite:////abs/path.db`` or
    ``postgresql+psycopg://u:p@h:5432/db``.

    ``key`` is ``CAMPAIGN_KEY`` (``campaign key generate``: 16, 24 or 32 bytes in base64),
    ``lock_timeout`` ``CAMPAIGN_LOCK_TIMEOUT`` (seconds); the CLI reads both from its
    environment, once, and passes them here: nothing below looks at ``os.environ``.
    """
    url = _parse(text)
    extra: dict[str, Any] = {}
    if key:
        extra["key"] = check_key(key)
    if lock_timeout is not None and lock_timeout != "":
        extra["lock_timeout"] = _seconds(lock_timeout)
    return replace(url, **extra) if extra else url


def check_key(key: str) -> str:
    """``key`` if it is an AES key as ``campaign key generate`` prints it (SPEC §5)."""
    text = key.strip()
    try:
        size = len(base64.b64decode(text.encode("ascii"), validate=True))
    except (binascii.Error, UnicodeEncodeError, ValueError):
        size = -1
    if size not in KEY_SIZES:
        raise ImpossibleInput(
            "CAMPAIGN_KEY is not an encryption key (it is never printed)",
            expected="16, 24 or 32 bytes in base64, as `campaign key generate` prints",
        )
    return text


def _seconds(raw: str | float) -> float:
    try:
        seconds = float(raw)
    except ValueError:
        seconds = float("nan")
    if not 0 < seconds < 1e6:  # also refuses nan and inf
        why = "is out of range" if seconds == seconds else "is not a number of seconds"
        raise ImpossibleInput(
            f"CAMPAIGN_LOCK_TIMEOUT={raw!r} {why}",
            value=raw,
            expected="a number of seconds above 0 and below 1000000 (about 11 days), "
            "e.g. 60 or 0.5",
        )
    return seconds


def _parse(text: str | None) -> StoreURL:
    raw = (text or DEFAULT_DB).strip()
    if "://" not in raw:
        return StoreURL("sqlite", path=Path(raw).expanduser().resolve())
    try:
        parts = urlsplit(raw)
    except ValueError:  # "Invalid IPv6 URL": a bracket left open, in the host or the password
        raise _bad_url(
            raw,
            "a host, or an IPv6 address in brackets: …@[::1]:5432/DB (a [ or ] in the user "
            "or the password is written %5B or %5D)",
        ) from None
    scheme = parts.scheme.lower()
    if scheme in ("sqlite", "sqlite+pysqlite"):
        # SQLAlchemy's reading: the one slash after the empty host ends the host, so three
        # slashes name a path relative to the working directory and four an absolute one.
        if parts.netloc:
            raise _bad_url(raw, "no host: sqlite:///campaign.db or sqlite:////abs/campaign.db")
        path = parts.path[1:]
        if not path:
            raise _bad_url(raw, "a file path: sqlite:///campaign.db or sqlite:////abs/campaign.db")
        for name, _ in parse_qsl(parts.query, keep_blank_values=True):
            raise _bad_parameter(
                raw, f"the URL parameter {name!r} is not honoured", "no URL parameter"
            )
        if parts.fragment:
            raise _bad_parameter(raw, f"a fragment (#{parts.fragment}) is not honoured")
        named = Path(unquote(path)).expanduser()
        _not_the_absolute_one(raw, named)
        return StoreURL("sqlite", path=named.resolve())
    if scheme in ("postgresql", "postgresql+psycopg", "postgres"):
        dbname = unquote(parts.path.lstrip("/"))
        if not dbname:
            raise _bad_url(raw, "a database name: postgresql+psycopg://user:password@host/DBNAME")
        schema = _schema(raw, parts.query)
        if parts.fragment:
            raise _bad_parameter(raw, f"a fragment (#{parts.fragment}) is not honoured")
        try:
            port = parts.port or 5432
        except ValueError:
            raise _bad_url(raw, "a port number: …@host:5432/DBNAME") from None
        return StoreURL(
            "postgresql",
            host=parts.hostname or "localhost",
            port=port,
            user=unquote(parts.username or ""),
            password=unquote(parts.password or ""),
            dbname=dbname,
            schema=schema,
        )
    raise _bad_url(raw, "a SQLite path or URL, or postgresql+psycopg://user:password@host/db")


def _not_the_absolute_one(raw: str, named: Path) -> None:
    """``sqlite:///srv/campaign.db`` is ``srv/campaign.db`` in the working directory, as
    SQLAlchemy reads it; before 6cbd1ae the tracker read it as ``/srv/campaign.db``. Where the
    relative file is not there and the absolute one is, the URL is refused rather than read:
    a logging command would have started a second, empty campaign beside the GM's."""
    if named.is_absolute() or named.exists():
        return
    rooted = Path("/") / named
    if rooted.is_file():
        raise ImpossibleInput(
            f"{raw!r} names {named} in the working directory (SQLAlchemy's reading: three "
            f"slashes, a relative path), which is not there; {rooted} is",
            field="db",
            value=raw,
            expected=f"sqlite:///{rooted} (four slashes) for {rooted}, or a plain path",
        )


def _schema(raw: str, query: str) -> str:
    """The ``?schema=`` of a PostgreSQL URL ("" when none): any other parameter, a repeated
    or an empty one, is refused rather than dropped (a dropped ``sslmode`` meant no TLS)."""
    schema: str | None = None
    for name, value in parse_qsl(query, keep_blank_values=True):
        if name != "schema":
            raise _bad_parameter(raw, f"the URL parameter {name!r} is not honoured")
        if schema is not None:
            raise _bad_parameter(raw, "the URL parameter 'schema' is given more than once")
        if not value.strip():
            raise _bad_parameter(raw, "the URL parameter 'schema' names no schema")
        schema = value.strip().lower()  # stripped as the library strips it, folded as SQL folds
        if not SCHEMA_NAME.fullmatch(schema):
            raise _bad_parameter(
                raw, f"the schema name {value!r} cannot be used by the store", SCHEMA_EXPECTED
            )
        if schema == "information_schema" or schema.startswith("pg_"):
            raise _bad_parameter(
                raw,
                f"the schema {value!r} is one of PostgreSQL's own (a system schema), where no "
                "store may be written",
                SCHEMA_EXPECTED,
            )
    return schema or ""


def _bad_parameter(raw: str, why: str, expected: str = ACCEPTED_PARAMETERS) -> ImpossibleInput:
    shown = _without_password(raw)
    return ImpossibleInput(f"{shown!r}: {why}", field="db", value=shown, expected=expected)


def _quoted(name: str) -> str:
    """A PostgreSQL identifier as SQL spells it (the library quotes the schema's name)."""
    return '"' + name.replace('"', '""') + '"'


def _bad_url(raw: str, expected: str) -> ImpossibleInput:
    shown = _without_password(raw)
    return ImpossibleInput(f"{shown!r} is not a store", field="db", value=shown, expected=expected)


def _without_password(raw: str) -> str:
    """``raw`` as the GM typed it, its password (if any) shown as ``***``: never echoed."""
    userinfo, at, place = raw.partition("://")[2].rpartition("@")
    if not at or ":" not in userinfo:
        return raw
    user = userinfo.split(":", 1)[0]
    scheme = raw.partition("://")[0]
    return f"{scheme}://{user}:***@{place}"
