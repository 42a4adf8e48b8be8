"""A PostgreSQL store: a connection of its own, the values libpq chose for it (which every other
connection is given), its ``?schema=`` (the names it takes, whether the user may create it,
creating it under the writer lock), and the library's settings for it."""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING, Any

from campaign.core.errors import Phrase
from campaign.core.i18n import N_
from campaign.core.passwords import HIDDEN
from campaign.store.errors import StoreError, StoreRefused

if TYPE_CHECKING:
    from campaign.store.url import StoreURL

# A ``?schema=`` the library can use: it names its types unquoted (``schema.type``), so a name
# PostgreSQL must quote ("-", a space, a keyword) fails once the tables are made ("Composite
# type … not found"). Capitals are folded, as PostgreSQL folds an unquoted name (``GM_A`` is
# ``gm_a``); keywords are asked of the server (quote_ident).
SCHEMA_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")  # not `$`: quote_ident quotes it
SCHEMA_EXPECTED = N_(
    "a schema name PostgreSQL takes unquoted: letters, digits and _ (capitals read as "
    "lower-case), not first a digit, at most 63 characters, not an SQL keyword, not one of "
    "PostgreSQL's own schemas (information_schema, pg_…) — e.g. ?schema=campaign_2"
)
# The schemas this process has found or created (the writer lock makes a missing one), by
# server and database.
_SCHEMAS_READY: set[tuple[str, str, str, str]] = set()
# What libpq chose for a store (host, port, user, password, dbname), by what its URL says and
# libpq's own variables (PG…): the first connection of a process is made with what the URL
# says, libpq deciding the rest as psql would; every later one is given these values.
_CHOSEN: dict[tuple[Any, ...], dict[str, str]] = {}
SETTINGS = ("host", "port", "user", "password", "dbname")


def library_env(store: StoreURL) -> dict[str, str]:
    """The eventsourcing settings of a PostgreSQL store (the cipher's are the URL's): explicit
    values, those libpq chose (the library defaults the port and refuses a missing host, user
    or password itself)."""
    chosen = settings(store)
    env = {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": chosen["dbname"],
        "POSTGRES_HOST": chosen["host"],
        "POSTGRES_PORT": chosen["port"],
        "POSTGRES_USER": chosen["user"],
        "POSTGRES_PASSWORD": chosen["password"],
        "POSTGRES_CONNECT_TIMEOUT": "10",
        "POSTGRES_LOCK_TIMEOUT": "0",
    }
    if store.schema:
        env["POSTGRES_SCHEMA"] = store.schema
    return env


def connect(store: StoreURL) -> Any:
    """A connection of its own to the PostgreSQL store (autocommit), or a StoreError. The
    first of a process is made with what the URL says, libpq deciding the rest (its
    environment variables, password file and service file); what it chose is kept for every
    later connection (:func:`settings`)."""
    import psycopg

    key = _chosen_key(store)
    given = _CHOSEN.get(key) or said(store)
    try:
        connection = psycopg.connect(**given, autocommit=True, connect_timeout=10)
    except psycopg.Error as error:
        raise StoreError(
            N_("cannot reach the store {store}: {error}"),
            {"store": store.redacted, "error": str(error)},
        ) from None
    if key not in _CHOSEN:
        info = connection.info
        _CHOSEN[key] = {
            "host": info.host, "port": str(info.port), "user": info.user,
            "password": info.password, "dbname": info.dbname,
        }  # fmt: skip
    return connection


def settings(store: StoreURL) -> dict[str, str]:
    """The host, port, user, password and database of ``store``, explicit values for every
    connection: those libpq chose for this process's first connection to it; before one, what
    the URL says completed by libpq's defaults (:func:`_defaults`; no host: its socket, no
    password: its password file, as each connection finds them)."""
    chosen = _CHOSEN.get(_chosen_key(store))
    if chosen is not None:
        return dict(chosen)
    known = {"host": "", "port": "5432", "password": ""} | _defaults() | said(store)
    known.setdefault("user", "")
    return known | {"dbname": known.get("dbname") or known["user"]}


def said(store: StoreURL) -> dict[str, str]:
    """What the URL says of the connection: the rest is libpq's to decide."""
    values = (store.host, store.port, store.user, store.password, store.dbname)
    return {name: value for name, value in zip(SETTINGS, values, strict=True) if value}


def _chosen_key(store: StoreURL) -> tuple[Any, ...]:
    # libpq's variables are read from the environment as each connection is made
    libpq = sorted((name, value) for name, value in os.environ.items() if name.startswith("PG"))
    return (*said(store).items(), *libpq)


def shown(store: StoreURL) -> str:
    """The store as messages name it (docs/cli.md#stores), never its password: the host, port,
    user and database libpq chose, or, before any connection, what the URL says completed by
    libpq's defaults (its variables, service file, the port it was built with, the user's
    name); a socket directory as SQLAlchemy writes it (``…@/DB?host=/dir``)."""
    known = settings(store)
    host, port, user, dbname = known["host"], known["port"], known["user"], known["dbname"]
    who = f"{user}:{HIDDEN}@" if store.password else (f"{user}@" if user else "")
    schema = [f"schema={store.schema}"] if store.schema else []
    if host and not host.startswith("/") and "," not in host + port:
        query = f"?{schema[0]}" if schema else ""
        return f"postgresql+psycopg://{who}{host}:{port}/{dbname}{query}"
    parts = ([f"host={host}"] if host else []) + ([f"port={port}"] if port else []) + schema
    query = f"?{'&'.join(parts)}" if parts else ""
    return f"postgresql+psycopg://{who}/{dbname}{query}"


def _defaults() -> dict[str, str]:
    """libpq's defaults of the host, port, user and database (PQconndefaults: its variables and
    service file, without connecting); a missing host is its default socket."""
    from psycopg import pq

    return {
        option.keyword.decode(): option.val.decode()
        for option in pq.Conninfo.get_defaults()
        if option.val is not None and option.keyword.decode() in SETTINGS
    }


def schema_ready(store: StoreURL) -> bool:
    """Whether this process has found or created the store's schema already."""
    return _schema_key(store) in _SCHEMAS_READY


def found_schema(store: StoreURL) -> None:
    """The store's schema is there: the writer lock need not look for it again."""
    _SCHEMAS_READY.add(_schema_key(store))


def forget_schema(store: StoreURL) -> None:
    """The store's schema is being dropped: the next writer lock looks for it again."""
    _SCHEMAS_READY.discard(_schema_key(store))


def _schema_key(store: StoreURL) -> tuple[str, str, str, str]:
    known = _CHOSEN.get(_chosen_key(store)) or said(store)
    return (known.get("host", ""), known.get("port", ""), known.get("dbname", ""), store.schema)


def may_create_schema(connection: Any) -> bool:
    """Whether the connected user may create a schema in the database."""
    query = "SELECT has_database_privilege(current_database(), 'CREATE')"
    return bool(connection.execute(query).fetchone()[0])


def schema_blocked(store: StoreURL, connection: Any) -> Phrase:
    """Why the store's schema cannot be made, with the SQL its owner runs to make it."""
    user = connection.info.user or store.user
    dbname = connection.info.dbname or store.dbname
    return Phrase(
        N_(
            "the schema {schema} does not exist, and the user {user} may not create it in the "
            "database {dbname}: ask its owner to create it for {user} (`create schema {schema} "
            "authorization {user};`), then create the store with `campaign init`"
        ),
        schema=quoted(store.schema),
        user=quoted(user),
        dbname=quoted(dbname),
    )


def keyword(store: StoreURL) -> StoreRefused:
    """A schema named by an SQL keyword, which the library cannot use (exit 2)."""
    return StoreRefused(
        N_(
            "{store}: the schema name {schema} is an SQL keyword, which the store cannot use; "
            "expected {expected}"
        ),
        {"store": store.redacted, "schema": repr(store.schema), "expected": _EXPECTED},
    )


_EXPECTED = Phrase(SCHEMA_EXPECTED)


_CANNOT_CREATE = N_("cannot create the store {store}: {why}")


def create_schema(store: StoreURL, connection: Any) -> bool:
    """Create the store's ``?schema=`` when it does not exist (docs/cli.md#stores: logging
    commands create the store), under the writer lock: two first commands do not race on it.
    True when this call created it."""
    import psycopg
    from psycopg import sql

    there, plain = connection.execute(
        "SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = %s), quote_ident(%s) = %s",
        (store.schema, store.schema, store.schema),
    ).fetchone()
    if not plain:
        raise keyword(store)
    created = False
    if not there:
        if not may_create_schema(connection):
            blocked = schema_blocked(store, connection)
            raise StoreError(_CANNOT_CREATE, {"store": store.redacted, "why": blocked})
        create = sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(store.schema))
        try:
            connection.execute(create)
            created = True
        except psycopg.errors.UniqueViolation:
            pass  # created meanwhile by a program that does not take the writer lock
        except psycopg.errors.InsufficientPrivilege:
            blocked = schema_blocked(store, connection)
            raise StoreError(_CANNOT_CREATE, {"store": store.redacted, "why": blocked}) from None
        except psycopg.Error as error:
            why = str(error)
            raise StoreError(_CANNOT_CREATE, {"store": store.redacted, "why": why}) from None
    found_schema(store)
    return created


def quoted(name: str) -> str:
    """A PostgreSQL identifier as SQL spells it (the library quotes the schema's name)."""
    return '"' + name.replace('"', '""') + '"'
