"""Where the history lives: a SQLite file (the default) or a PostgreSQL database, chosen by URL.

The eventsourcing library is configured **explicitly** from the URL: nothing is read from the
process environment, so a stray ``LEDGER_CIPHER_KEY`` or ``SQLITE_DBNAME`` can never override
``--db`` (SPEC §5). Writers are serialised per store — a file lock beside a SQLite file, an
advisory lock on PostgreSQL — so positions (and later the hash chain) stay linear.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

from campaign.errors import CampaignError, ImpossibleInput

DEFAULT_DB = "./campaign.db"
SQLITE_LOCK_TIMEOUT_SECONDS = 15
# An arbitrary 64-bit key for pg_advisory_lock: "one writer at a time" on a PostgreSQL store.
POSTGRES_WRITER_LOCK = 0x4C45444745520001


class StoreError(CampaignError):
    """The store cannot be reached or used (exit 1)."""

    exit_code = 1


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

    @property
    def redacted(self) -> str:
        """The URL as it may be printed: never the password (SPEC §5)."""
        if self.kind == "sqlite":
            return str(self.path)
        who = f"{self.user}:***@" if self.password else (f"{self.user}@" if self.user else "")
        schema = f"?schema={self.schema}" if self.schema else ""
        return f"postgresql+psycopg://{who}{self.host}:{self.port}/{self.dbname}{schema}"

    def exists(self) -> bool:
        """Whether a SQLite file is there (a PostgreSQL store is created on first use)."""
        return self.kind != "sqlite" or (self.path is not None and self.path.exists())

    def library_env(self) -> dict[str, str]:
        """The eventsourcing configuration for this store, and nothing from ``os.environ``."""
        if self.kind == "sqlite":
            return {
                "PERSISTENCE_MODULE": "eventsourcing.sqlite",
                "SQLITE_DBNAME": str(self.path),
                "SQLITE_LOCK_TIMEOUT": str(SQLITE_LOCK_TIMEOUT_SECONDS),
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
        return env

    def prepare(self) -> None:
        """Create what must exist before the library connects: a 0600 SQLite file (SPEC §7)."""
        if self.kind != "sqlite" or self.path is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_CREAT | os.O_RDWR, 0o600)
        os.close(fd)

    @contextmanager
    def writer_lock(self) -> Iterator[None]:
        """Hold the store's single-writer lock for one command (waits, never drops a writer)."""
        if self.kind == "sqlite":
            assert self.path is not None
            lock_path = self.path.with_name(self.path.name + ".lock")
            fd = os.open(lock_path, os.O_CREAT | os.O_RDWR, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                yield
            finally:
                fcntl.flock(fd, fcntl.LOCK_UN)
                os.close(fd)
            return
        import psycopg

        try:
            connection = psycopg.connect(
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
        with connection:
            connection.execute("SELECT pg_advisory_lock(%s)", (POSTGRES_WRITER_LOCK,))
            try:
                yield
            finally:
                connection.execute("SELECT pg_advisory_unlock(%s)", (POSTGRES_WRITER_LOCK,))


def parse_store_url(text: str | None) -> StoreURL:
    """``./campaign.db``, ``sqlite:///abs/path.db`` or ``postgresql+psycopg://u:p@h:5432/db``."""
    raw = (text or DEFAULT_DB).strip()
    if "://" not in raw:
        return StoreURL("sqlite", path=Path(raw).expanduser().resolve())
    parts = urlsplit(raw)
    scheme = parts.scheme.lower()
    if scheme in ("sqlite", "sqlite+pysqlite"):
        path = parts.path[1:] if parts.path.startswith("//") else parts.path
        if not path:
            raise _bad_url(raw, "a SQLite URL needs a file path: sqlite:///path/to/campaign.db")
        return StoreURL("sqlite", path=Path(unquote(path)).expanduser().resolve())
    if scheme in ("postgresql", "postgresql+psycopg", "postgres"):
        dbname = unquote(parts.path.lstrip("/"))
        if not dbname:
            raise _bad_url(raw, "a PostgreSQL URL names its database: …/DBNAME")
        query = parse_qs(parts.query)
        try:
            port = parts.port or 5432
        except ValueError:
            raise _bad_url(raw, "the port is a number") from None
        return StoreURL(
            "postgresql",
            host=parts.hostname or "localhost",
            port=port,
            user=unquote(parts.username or ""),
            password=unquote(parts.password or ""),
            dbname=dbname,
            schema=query.get("schema", [""])[0],
        )
    raise _bad_url(raw, "a SQLite path or URL, or postgresql+psycopg://user:password@host/db")


def _bad_url(raw: str, expected: str) -> ImpossibleInput:
    shown = raw.split("@")[-1] if "@" in raw else raw  # never echo a password
    return ImpossibleInput(f"{shown!r} is not a store", field="db", value=shown, expected=expected)
