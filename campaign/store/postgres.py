"""A PostgreSQL store: a connection of its own, its ``?schema=`` (the names it takes, whether the
user may create it, creating it under the writer lock), and the library's settings for it."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from campaign.store.errors import StoreError, StoreRefused

if TYPE_CHECKING:
    from campaign.store.url import StoreURL

# A ``?schema=`` the library can use: it names its types unquoted (``schema.type``), so a name
# PostgreSQL must quote ("-", a space, a keyword) fails once the tables are made ("Composite
# type … not found"). Capitals are folded, as PostgreSQL folds an unquoted name (``GM_A`` is
# ``gm_a``); keywords are asked of the server (quote_ident).
SCHEMA_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")  # not `$`: quote_ident quotes it
SCHEMA_EXPECTED = (
    "a schema name PostgreSQL takes unquoted: letters, digits and _ (capitals read as "
    "lower-case), not first a digit, at most 63 characters, not an SQL keyword, not one of "
    "PostgreSQL's own schemas (information_schema, pg_…) — e.g. ?schema=campaign_2"
)
# The schemas this process has found or created (the writer lock makes a missing one), by
# server and database.
_SCHEMAS_READY: set[tuple[str, int, str, str]] = set()


def library_env(store: StoreURL) -> dict[str, str]:
    """The eventsourcing settings of a PostgreSQL store (the cipher's are the URL's)."""
    env = {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": store.dbname,
        "POSTGRES_HOST": store.host,
        "POSTGRES_PORT": str(store.port),
        "POSTGRES_USER": store.user,
        "POSTGRES_PASSWORD": store.password,
        "POSTGRES_CONNECT_TIMEOUT": "10",
        "POSTGRES_LOCK_TIMEOUT": "0",
    }
    if store.schema:
        env["POSTGRES_SCHEMA"] = store.schema
    return env


def connect(store: StoreURL) -> Any:
    """A connection of its own to the PostgreSQL store (autocommit), or a StoreError."""
    import psycopg

    try:
        return psycopg.connect(
            host=store.host,
            port=store.port,
            user=store.user,
            password=store.password,
            dbname=store.dbname,
            autocommit=True,
            connect_timeout=10,
        )
    except psycopg.Error as error:
        raise StoreError(f"cannot reach the store {store.redacted}: {error}") from None


def schema_ready(store: StoreURL) -> bool:
    """Whether this process has found or created the store's schema already."""
    return _schema_key(store) in _SCHEMAS_READY


def found_schema(store: StoreURL) -> None:
    """The store's schema is there: the writer lock need not look for it again."""
    _SCHEMAS_READY.add(_schema_key(store))


def forget_schema(store: StoreURL) -> None:
    """The store's schema is being dropped: the next writer lock looks for it again."""
    _SCHEMAS_READY.discard(_schema_key(store))


def _schema_key(store: StoreURL) -> tuple[str, int, str, str]:
    return (store.host, store.port, store.dbname, store.schema)


def may_create_schema(connection: Any) -> bool:
    """Whether the connected user may create a schema in the database."""
    query = "SELECT has_database_privilege(current_database(), 'CREATE')"
    return bool(connection.execute(query).fetchone()[0])


def schema_blocked(store: StoreURL, connection: Any) -> str:
    """Why the store's schema cannot be made, with the SQL its owner runs to make it."""
    user = connection.info.user or store.user
    return (
        f"the schema {quoted(store.schema)} does not exist, and the user {quoted(user)} "
        f"may not create it in the database {quoted(store.dbname)}: ask its owner to create "
        f"it for {quoted(user)} (`create schema {quoted(store.schema)} authorization "
        f"{quoted(user)};`), then create the store with `campaign init`"
    )


def keyword(store: StoreURL) -> StoreRefused:
    """A schema named by an SQL keyword, which the library cannot use (exit 2)."""
    return StoreRefused(
        f"{store.redacted}: the schema name {store.schema!r} is an SQL keyword, which the "
        f"store cannot use; expected {SCHEMA_EXPECTED}"
    )


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
            raise StoreError(f"cannot create the store {store.redacted}: {blocked}")
        create = sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(store.schema))
        try:
            connection.execute(create)
            created = True
        except psycopg.errors.UniqueViolation:
            pass  # created meanwhile by a program that does not take the writer lock
        except psycopg.errors.InsufficientPrivilege:
            blocked = schema_blocked(store, connection)
            raise StoreError(f"cannot create the store {store.redacted}: {blocked}") from None
        except psycopg.Error as error:
            raise StoreError(f"cannot create the store {store.redacted}: {error}") from None
    found_schema(store)
    return created


def quoted(name: str) -> str:
    """A PostgreSQL identifier as SQL spells it (the library quotes the schema's name)."""
    return '"' + name.replace('"', '""') + '"'
