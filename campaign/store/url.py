"""A ``--db`` parsed once, at the edge: a SQLite path or the parts of a PostgreSQL URL, with the
encryption key and the writer lock's wait. :class:`StoreURL` is what the rest of the tracker
holds; what it does on a SQLite file or a PostgreSQL schema is in :mod:`.sqlite`,
:mod:`.postgres` and :mod:`.postgres_lock`, what it finds there in :mod:`.survey`."""

from __future__ import annotations

import base64
import binascii
import re
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from urllib.parse import SplitResult, parse_qsl, unquote, urlsplit

from campaign.core.errors import ImpossibleInput, Phrase
from campaign.core.i18n import N_
from campaign.store import postgres, postgres_lock, sqlite
from campaign.store.postgres_lock import PostgresHold
from campaign.store.survey import Survey, postgres_survey, sqlite_survey
from campaign.store.url_refusals import bad_parameter, bad_url, fragment, schema_checked

DEFAULT_DB = "./campaign.db"
# How long a command waits for the writer lock (another command, or a long replay, holding it)
# before it gives up with a clear message; CAMPAIGN_LOCK_TIMEOUT changes it (docs/RELIABILITY.md).
WRITER_LOCK_TIMEOUT_SECONDS = 60.0
# The library's AES-GCM cipher on the ``cryptography`` package (CAMPAIGN_KEY,
# docs/RELIABILITY.md#security-at-rest).
CIPHER_TOPIC = "eventsourcing.cryptography:AESCipher"
KEY_SIZES = (16, 24, 32)  # bytes: AES-128, -192, -256
# ``?host=name:port``, one host with its port, as SQLAlchemy reads it: a host name's letters,
# digits, dots and dashes (a socket directory, with its "/", is never split)
HOST_AND_PORT = re.compile(r"([a-zA-Z0-9\-.]*):(\d*)")


@dataclass(frozen=True, slots=True)
class StoreURL:
    """A parsed ``--db``: a SQLite path, or the parts of a PostgreSQL URL."""

    kind: str  # "sqlite" | "postgresql"
    path: Path | None = None
    # what a PostgreSQL URL says ("": libpq decides, docs/cli.md#stores); host and port may be
    # libpq's comma-separated lists (a socket directory is a host)
    host: str = ""
    port: str = ""
    user: str = ""
    password: str = ""
    dbname: str = ""
    schema: str = ""
    # CAMPAIGN_KEY, checked by parse_store_url: never printed, never compared.
    key: str | None = field(default=None, repr=False, compare=False)
    lock_timeout: float = WRITER_LOCK_TIMEOUT_SECONDS

    @property
    def redacted(self) -> str:
        """The URL as it may be printed: never the password (docs/cli.md#stores)."""
        if self.kind == "sqlite":
            return str(self.path)
        return postgres.shown(self)

    def connection_settings(self) -> dict[str, str]:
        """A PostgreSQL store's host, port, user, password and database as libpq resolved
        them, the same for every connection to it (docs/cli.md#stores)."""
        return postgres.settings(self)

    def exists(self) -> bool:
        """Whether the store holds a campaign (:meth:`survey`)."""
        return self.survey().campaign

    def survey(self) -> Survey:
        """What is at the store's place, read without writing anything there. A campaign is an
        event in the library's table, which a reading command does not create: a typo'd URL,
        an empty file, or a shell left at once, is no empty campaign (docs/cli.md#stores).

        A SQLite file that is not a campaign store, but holds another program's tables, or is
        no SQLite database at all, is refused here, for every command (ImpossibleInput, exit
        2): a wrong ``--db`` must not become a campaign store, nor be removed as one."""
        if self.kind == "sqlite":
            assert self.path is not None
            return sqlite_survey(self.path)
        return postgres_survey(self)

    @property
    def encrypted(self) -> bool:
        """Whether this invocation encrypts the events it writes (a key was given)."""
        return bool(self.key)

    def library_env(self) -> dict[str, str]:
        """The eventsourcing configuration for this store, and nothing from ``os.environ``:
        the cipher is on exactly when a key was given (``CAMPAIGN_KEY``), off otherwise — the
        keys returned are the whole configuration, so no ``CIPHER_*`` or ``LEDGER_*`` variable
        can switch it on, change the key or redirect the store."""
        cipher = {"CIPHER_TOPIC": CIPHER_TOPIC, "CIPHER_KEY": self.key} if self.key else {}
        if self.kind == "sqlite":
            assert self.path is not None
            return {**sqlite.library_env(self.path), **cipher}
        return {**postgres.library_env(self), **cipher}

    def prepare(self) -> bool:
        """Create what must exist before the library connects: a 0600 SQLite file
        (docs/RELIABILITY.md#security-at-rest). True when this call created the file (a failed
        first command removes only that)."""
        if self.kind != "sqlite" or self.path is None:
            return False
        return sqlite.prepare(self.path)

    @property
    def lock_path(self) -> Path:
        """The SQLite store's lock file (``flock``), beside it."""
        assert self.path is not None
        return sqlite.lock_path(self.path)

    def identity(self) -> tuple[int, int] | None:
        """The SQLite file's device and inode (None: not there, or PostgreSQL). A writer checks
        it once it holds the lock: a store removed meanwhile must not take writes into a file
        no path leads to (``OpenStore.locked``, :mod:`campaign.service.lifecycle`)."""
        if self.kind != "sqlite" or self.path is None:
            return None
        return sqlite.identity(self.path)

    def files(self) -> list[Path]:
        """The SQLite store's own files (the database and its WAL files), not its lock; none
        for PostgreSQL."""
        if self.kind != "sqlite" or self.path is None:
            return []
        return sqlite.files(self.path)

    @property
    def writer_lock_key(self) -> int:
        """The PostgreSQL advisory lock of this store's writers: one per schema (a bigint)."""
        return postgres_lock.writer_lock_key(self.schema)

    def writer_lock(self) -> AbstractContextManager[PostgresHold | None]:
        """Hold the store's single-writer lock for one command. A writer waits for it (it is
        not dropped) up to ``lock_timeout`` seconds, then gets a clear :class:`StoreBusy`.
        On PostgreSQL the first lock of a process also creates the store's ``?schema=`` when
        it does not exist (the library's tables go in it): a logging command creates its store,
        and ``campaign init`` does what "no campaign store at …" tells. It gives the lock's
        connection on PostgreSQL (:class:`PostgresHold`), None on SQLite."""
        if self.kind == "sqlite":
            return sqlite.writer_lock(self)
        return postgres_lock.writer_lock(self)


def parse_store_url(
    text: str | None, *, key: str | None = None, lock_timeout: str | float | None = None
) -> StoreURL:
    """``./campaign.db``, ``sqlite:///rel/path.db``, ``sqlite:////abs/path.db``,
    ``postgresql+psycopg://u:p@h:5432/db`` or ``postgresql+psycopg://u@/db?host=/socket/dir``
    (what a PostgreSQL URL leaves out, libpq decides: docs/cli.md#stores).

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
    """``key`` if it is an AES key as ``campaign key generate`` prints it
    (docs/cli.md#encryption-at-rest)."""
    text = key.strip()
    try:
        size = len(base64.b64decode(text.encode("ascii"), validate=True))
    except (binascii.Error, UnicodeEncodeError, ValueError):
        size = -1
    if size not in KEY_SIZES:
        raise ImpossibleInput(
            N_("CAMPAIGN_KEY is not an encryption key (it is never printed)"),
            expected=N_("16, 24 or 32 bytes in base64, as `campaign key generate` prints"),
            values={},
        )
    return text


def _seconds(raw: str | float) -> float:
    try:
        seconds = float(raw)
    except ValueError:
        seconds = float("nan")
    if not 0 < seconds < 1e6:  # also refuses nan and inf
        raise ImpossibleInput(
            N_("CAMPAIGN_LOCK_TIMEOUT={raw} is out of range")
            if seconds == seconds
            else N_("CAMPAIGN_LOCK_TIMEOUT={raw} is not a number of seconds"),
            value=raw,
            expected=N_(
                "a number of seconds above 0 and below 1000000 (about 11 days), e.g. 60 or 0.5"
            ),
            values={"raw": repr(raw)},
        )
    return seconds


def _parse(text: str | None) -> StoreURL:
    raw = (text or DEFAULT_DB).strip()
    if "://" not in raw:
        return StoreURL("sqlite", path=Path(raw).expanduser().resolve())
    try:
        parts = urlsplit(raw)
    except ValueError:  # "Invalid IPv6 URL": a bracket left open, in the host or the password
        raise bad_url(
            raw,
            N_(
                "a host, or an IPv6 address in brackets: …@[::1]:5432/DB (a [ or ] in the user "
                "or the password is written %5B or %5D)"
            ),
        ) from None
    scheme = parts.scheme.lower()
    if scheme in ("sqlite", "sqlite+pysqlite"):
        # SQLAlchemy's reading: the one slash after the empty host ends the host, so three
        # slashes name a path relative to the working directory and four an absolute one.
        if parts.netloc:
            raise bad_url(raw, N_("no host: sqlite:///campaign.db or sqlite:////abs/campaign.db"))
        path = parts.path[1:]
        if not path:
            raise bad_url(
                raw, N_("a file path: sqlite:///campaign.db or sqlite:////abs/campaign.db")
            )
        for name, _ in parse_qsl(parts.query, keep_blank_values=True):
            raise bad_parameter(
                raw,
                Phrase(N_("the URL parameter {name} is not honoured"), name=repr(name)),
                N_("no URL parameter"),
            )
        if parts.fragment:
            raise bad_parameter(raw, fragment(parts.fragment))
        named = Path(unquote(path)).expanduser()
        _not_the_absolute_one(raw, named)
        return StoreURL("sqlite", path=named.resolve())
    if scheme in ("postgresql", "postgresql+psycopg", "postgres"):
        return _postgres(raw, parts)
    raise bad_url(raw, N_("a SQLite path or URL, or postgresql+psycopg://user:password@host/db"))


def _not_the_absolute_one(raw: str, named: Path) -> None:
    """``sqlite:///srv/campaign.db`` is ``srv/campaign.db`` in the working directory, as
    SQLAlchemy reads it. Where that relative file is not there and ``/srv/campaign.db`` is, the
    URL is refused rather than read: a logging command would start a second, empty campaign
    beside the GM's."""
    if named.is_absolute() or named.exists():
        return
    rooted = Path("/") / named
    if rooted.is_file():
        raise ImpossibleInput(
            N_(
                "{raw} names {named} in the working directory (SQLAlchemy's reading: three "
                "slashes, a relative path), which is not there; {rooted} is"
            ),
            field="db",
            value=raw,
            expected=N_("sqlite:///{rooted} (four slashes) for {rooted}, or a plain path"),
            values={"raw": repr(raw), "named": named, "rooted": rooted},
        )


def _postgres(raw: str, parts: SplitResult) -> StoreURL:
    """A PostgreSQL URL as SQLAlchemy's psycopg dialect reads it: the host and port in the URL,
    or in ``?host=`` (a socket directory, ``host:port``, repeated, or libpq's comma list) and
    ``?port=``; what it leaves out (a host, a port, a user, a password, the database: no path
    at all) libpq decides, as ``psql`` would (docs/cli.md#stores)."""
    if parts.path and not parts.path.lstrip("/"):
        raise bad_url(
            raw,
            N_(
                "a database name after the '/': postgresql+psycopg://user:password@host/DBNAME "
                "(or no '/' at all: libpq's PGDATABASE, or its service file, names it)"
            ),
        )
    schema, hosts, ports = _query(raw, parts.query)
    if parts.fragment:
        raise bad_parameter(raw, fragment(parts.fragment))
    try:
        port = str(parts.port or "")
    except ValueError:
        raise bad_url(raw, N_("a port number: …@host:5432/DBNAME")) from None
    host = unquote(parts.hostname or "")
    if hosts:
        if host:
            raise bad_parameter(
                raw,
                Phrase(N_("a host is named both before the '/' and in ?host=")),
                N_(
                    "the host in one place: …@HOST:5432/DB, or …@/DB?host=HOST (a socket "
                    "directory too: ?host=/var/run/postgresql)"
                ),
            )
        host, port = _hosts(raw, hosts, ports)
    elif ports is not None:
        if port:
            raise bad_parameter(
                raw,
                Phrase(N_("a port is named both after the host and in ?port=")),
                N_("the port in one place: …@HOST:5432/DB, or …@/DB?host=HOST&port=5432"),
            )
        port = ports
    for number in port.split(","):
        if number and not (number.isdigit() and 0 < int(number) < 65536):
            raise bad_parameter(
                raw,
                Phrase(N_("{number} is not a port number"), number=repr(number)),
                N_("a port number, 1 to 65535: ?port=5432"),
            )
    return StoreURL(
        "postgresql",
        host=host,
        port=port,
        user=unquote(parts.username or ""),
        password=unquote(parts.password or ""),
        dbname=unquote(parts.path.lstrip("/")),
        schema=schema,
    )


def _hosts(raw: str, hosts: list[str], ports: str | None) -> tuple[str, str]:
    """libpq's host and port lists from ``?host=`` (each ``host`` or ``host:port``, or one
    comma list) and ``?port=``, as SQLAlchemy joins them."""
    if len(hosts) == 1 and "," not in hosts[0]:
        integrated = HOST_AND_PORT.fullmatch(hosts[0]) if ports is None else None
        if integrated is None:
            return hosts[0], ports or ""
        return integrated.group(1), integrated.group(2) or ""
    if len(hosts) == 1:
        return hosts[0], ports or ""
    if ports is not None:
        raise bad_parameter(
            raw,
            Phrase(
                N_(
                    "?port= with ?host= repeated: write host=h1:p1&host=h2:p2, or "
                    "host=h1,h2&port=p1,p2"
                )
            ),
        )
    split = [h.split(":", 1) if ":" in h else [h, ""] for h in hosts]
    named = ",".join(port for _, port in split)
    return ",".join(host for host, _ in split), named if named.strip(",") else ""


def _query(raw: str, query: str) -> tuple[str, list[str], str | None]:
    """The ``?schema=`` ("" when none), the ``?host=`` values and the ``?port=`` (None when
    none) of a PostgreSQL URL: any other parameter, a repeated or an empty one, is refused
    rather than dropped (a dropped ``sslmode`` meant no TLS)."""
    schema: str | None = None
    hosts: list[str] = []
    port: str | None = None
    for name, value in parse_qsl(query, keep_blank_values=True):
        if name not in ("schema", "host", "port"):
            raise bad_parameter(
                raw, Phrase(N_("the URL parameter {name} is not honoured"), name=repr(name))
            )
        if not value.strip():
            raise bad_parameter(
                raw,
                Phrase(
                    N_("the URL parameter {quoted} names no {name}"), quoted=repr(name), name=name
                ),
            )
        if name == "host":
            hosts.append(value.strip())
        elif (schema if name == "schema" else port) is not None:
            raise bad_parameter(
                raw,
                Phrase(N_("the URL parameter {name} is given more than once"), name=repr(name)),
            )
        elif name == "port":
            port = value.strip()
        else:
            schema = schema_checked(raw, value)
    return schema or "", hosts, port
