"""Given a PostgreSQL database with a schema named as the connecting user (a common setup:
`CREATE SCHEMA AUTHORIZATION alice`), when a store is given with no `?schema=`, then its read
models are beside its events, in `public` — not in the user's schema, where the store at
`?schema=<user>` keeps its own: two stores sharing one set of read models would rebuild each
other's on every read, and deadlock (docs/cli.md: "a campaign in a schema of its own")."""

import json
import uuid

import psycopg
import pytest
from typer.testing import CliRunner

from campaign.store import parse_store_url
from cli.main import app
from tests.conftest import POSTGRES_URL, need_postgres

pytestmark = pytest.mark.postgres


@pytest.fixture
def database():
    """A new database on the test server, with a schema named as the user; its URL."""
    need_postgres()
    server = parse_store_url(POSTGRES_URL)
    connect = {
        "host": server.host, "port": server.port, "user": server.user,
        "password": server.password, "autocommit": True,
    }  # fmt: skip
    name = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(dbname=server.dbname, **connect) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    try:
        with psycopg.connect(dbname=name, **connect) as connection:
            connection.execute(f"CREATE SCHEMA {server.user}")
        yield POSTGRES_URL.rsplit("/", 1)[0] + f"/{name}", connect | {"dbname": name}
    finally:
        with psycopg.connect(dbname=server.dbname, **connect) as connection:
            connection.execute(f"DROP DATABASE {name} WITH (FORCE)")


def cli(url: str, *words: str):
    result = CliRunner().invoke(app, ["--db", url, *words])
    assert result.exit_code == 0, result.output
    return result.stdout


def tables_in(connect: dict, schema: str) -> set[str]:
    with psycopg.connect(**connect) as connection:
        rows = connection.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = %s", (schema,)
        ).fetchall()
    return {name for (name,) in rows}


def test_a_store_with_no_schema_keeps_its_read_models_beside_its_events(database):
    url, connect = database
    user = parse_store_url(url).user
    own = f"{url}?schema={user}"
    cli(url, "session", "1")
    cli(url, "note", "in public")
    assert json.loads(cli(url, "status", "--json"))["position"] == 3  # the read models made
    assert {"ledger_events", "view_tracking", "view_timeline"} <= tables_in(connect, "public")
    assert tables_in(connect, user) == set()  # no view_* in the user's schema
    cli(own, "session", "1")
    for store, position in ((url, 3), (own, 2), (url, 3)):  # init, session 1 (, the note)
        assert json.loads(cli(store, "status", "--json"))["position"] == position
    notes = json.loads(cli(url, "history", "--json"))["events"]
    assert [e["note"] for e in notes if e["kind"] == "note-recorded"] == ["in public"]
    assert "view_tracking" in tables_in(connect, user)  # the other store's, its own
