"""Given a PostgreSQL ``--db`` that leaves something unsaid (the host, the port, the user, the
password, the database), when a command runs, then libpq's environment variables, password
file and service file decide it, as ``psql`` would, and every connection the tracker makes (the
events, the read models, the writer lock) uses the same values (docs/cli.md#stores).

Over TCP as the test server's user (``CAMPAIGN_TEST_POSTGRES``), and over the server's Unix
socket with peer authentication, as the role ``.ci/postgres.sh`` creates for the user running
the tests (``root`` in CI)."""

from __future__ import annotations

import json
import os
import pwd
import uuid
from collections.abc import Iterator

import psycopg
import pytest
from typer.testing import CliRunner

from campaign.store import parse_store_url
from cli.main import app
from tests.conftest import POSTGRES_URL, REQUIRE_POSTGRES, need_postgres, postgres_schema
from tests.stores import woken_by_a_write

pytestmark = pytest.mark.postgres

# where the server of .ci/postgres.sh (Debian's) listens, and libpq's default (psycopg's wheel)
SOCKET = os.environ.get("CAMPAIGN_TEST_POSTGRES_SOCKET", "/var/run/postgresql")
LIBPQ = ("PGHOST", "PGHOSTADDR", "PGPORT", "PGUSER", "PGPASSWORD", "PGDATABASE", "PGPASSFILE",
         "PGSERVICE", "PGSERVICEFILE", "PGSYSCONFDIR")  # fmt: skip


@pytest.fixture(autouse=True)
def _no_libpq_settings(monkeypatch, tmp_path):
    """Each test sets the libpq variables it is about; none leaks in from the shell."""
    for name in LIBPQ:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PGPASSFILE", str(tmp_path / "no-passfile"))  # not ~/.pgpass
    monkeypatch.setenv("PGSERVICEFILE", str(tmp_path / "no-service-file"))
    monkeypatch.delenv("CAMPAIGN_KEY", raising=False)


def server():
    need_postgres()
    return parse_store_url(POSTGRES_URL)


def cli(url: str, *words: str) -> str:
    result = CliRunner().invoke(app, ["--db", url, *words])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.stdout


def a_campaign_lives_there(url: str) -> None:
    """A logging command creates the store, the next ones record in it, and a reading command
    finds them through the read models (SQLAlchemy): every kind of connection worked."""
    cli(url, "session", "1")
    cli(url, "note", "by libpq's settings")
    assert json.loads(cli(url, "status", "--json"))["position"] == 3
    events = json.loads(cli(url, "history", "--json"))["events"]
    assert [e["note"] for e in events if e["kind"] == "note-recorded"] == ["by libpq's settings"]
    assert cli(url, "verify").strip()


# --- over TCP, as the test server's user --------------------------------------------------------


@pytest.fixture
def schema() -> Iterator[str]:
    """An empty schema of the test server's user, by name (skipped without a test server)."""
    need_postgres()
    with postgres_schema() as url:
        yield parse_store_url(url).schema


def test_the_environment_says_what_the_url_does_not(monkeypatch, schema):
    pg = server()
    monkeypatch.setenv("PGHOST", pg.host)
    monkeypatch.setenv("PGPORT", str(pg.port))
    monkeypatch.setenv("PGUSER", pg.user)
    monkeypatch.setenv("PGPASSWORD", pg.password)
    monkeypatch.setenv("PGDATABASE", pg.dbname)
    a_campaign_lives_there(f"postgresql+psycopg://?schema={schema}")


def test_the_url_says_more_than_the_environment(monkeypatch, schema):
    pg = server()
    monkeypatch.setenv("PGHOST", "no-such-host.invalid")
    monkeypatch.setenv("PGUSER", "nobody")
    monkeypatch.setenv("PGDATABASE", "no_such_database")
    monkeypatch.setenv("PGPASSWORD", pg.password)  # the one thing the URL leaves to libpq
    a_campaign_lives_there(f"postgresql+psycopg://{pg.user}@{pg.host}:{pg.port}/{pg.dbname}"
                           f"?schema={schema}")  # fmt: skip


def test_a_password_file_gives_the_password(monkeypatch, tmp_path, schema):
    pg = server()
    passfile = tmp_path / "pgpass"
    passfile.write_text(f"{pg.host}:{pg.port}:{pg.dbname}:{pg.user}:{pg.password}\n")
    passfile.chmod(0o600)
    monkeypatch.setenv("PGPASSFILE", str(passfile))
    a_campaign_lives_there(f"postgresql+psycopg://{pg.user}@{pg.host}:{pg.port}/{pg.dbname}"
                           f"?schema={schema}")  # fmt: skip


def test_a_service_file_gives_everything(monkeypatch, tmp_path, schema):
    pg = server()
    services = tmp_path / "pg_service.conf"
    services.write_text(
        f"[ledger]\nhost={pg.host}\nport={pg.port}\nuser={pg.user}\npassword={pg.password}\n"
        f"dbname={pg.dbname}\n"
    )
    monkeypatch.setenv("PGSERVICEFILE", str(services))
    monkeypatch.setenv("PGSERVICE", "ledger")
    a_campaign_lives_there(f"postgresql+psycopg://?schema={schema}")


@pytest.mark.parametrize("form", ["host={host}&port={port}", "host={host}:{port}"])
def test_the_host_and_port_as_url_parameters(form, schema):
    pg = server()
    where = form.format(host=pg.host, port=pg.port)
    url = f"postgresql+psycopg://{pg.user}:{pg.password}@/{pg.dbname}?{where}&schema={schema}"
    a_campaign_lives_there(url)


def test_every_connection_gets_the_values_libpq_chose(monkeypatch, tmp_path, schema):
    """The library needs explicit values (it would default the port, and refuses a missing
    host, user or password): it gets those libpq chose for the first connection, as the read
    models do — the password too, which only libpq's password file knew."""
    pg = server()
    passfile = tmp_path / "pgpass"
    passfile.write_text(f"*:*:*:{pg.user}:{pg.password}\n")
    passfile.chmod(0o600)
    monkeypatch.setenv("PGPASSFILE", str(passfile))
    monkeypatch.setenv("PGHOST", pg.host)
    monkeypatch.setenv("PGUSER", pg.user)
    monkeypatch.setenv("PGDATABASE", pg.dbname)
    store = parse_store_url(f"postgresql+psycopg://?schema={schema}")
    store.survey()  # the first connection (a command's: its survey or its writer lock)
    env = store.library_env()
    said = {key: env[f"POSTGRES_{key.upper()}"] for key in ("host", "port", "user", "password")}
    assert said == {
        "host": pg.host, "port": str(pg.port), "user": pg.user, "password": pg.password,
    }  # fmt: skip
    assert env["POSTGRES_DBNAME"] == pg.dbname
    assert store.connection_settings() == said | {"dbname": pg.dbname}


# --- over the Unix socket, peer authentication --------------------------------------------------


def peer_role() -> str:
    """The role of the user running the tests, which .ci/postgres.sh creates (peer
    authentication over the socket); skipped without it (failed where PostgreSQL is required)."""
    server()
    me = pwd.getpwuid(os.getuid()).pw_name
    try:
        psycopg.connect(host=SOCKET, user=me, dbname=parse_store_url(POSTGRES_URL).dbname).close()
    except psycopg.Error as error:
        message = f"no peer role {me!r} on the socket {SOCKET} (run .ci/postgres.sh): {error}"
        if REQUIRE_POSTGRES:
            pytest.fail(message)
        pytest.skip(message)
    return me


@pytest.fixture
def peer_schema() -> Iterator[tuple[str, str]]:
    """(the peer role, a schema name of its own); the schema the tracker makes is dropped after."""
    me = peer_role()
    name = f"p_{uuid.uuid4().hex[:12]}"
    yield me, name
    dbname = parse_store_url(POSTGRES_URL).dbname
    with psycopg.connect(host=SOCKET, user=me, dbname=dbname, autocommit=True) as connection:
        connection.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")


def test_a_socket_directory_as_sqlalchemy_spells_it(peer_schema):
    me, name = peer_schema
    dbname = parse_store_url(POSTGRES_URL).dbname
    a_campaign_lives_there(f"postgresql+psycopg://{me}@/{dbname}?host={SOCKET}&schema={name}")


def test_the_socket_and_the_user_by_default(peer_schema):
    """No host and no user anywhere: libpq's default socket, as the user running the tracker."""
    _, name = peer_schema
    dbname = parse_store_url(POSTGRES_URL).dbname
    a_campaign_lives_there(f"postgresql+psycopg:///{dbname}?schema={name}")


def test_the_socket_from_the_environment(monkeypatch, peer_schema):
    me, name = peer_schema
    monkeypatch.setenv("PGHOST", SOCKET)
    monkeypatch.setenv("PGUSER", me)
    monkeypatch.setenv("PGDATABASE", parse_store_url(POSTGRES_URL).dbname)
    a_campaign_lives_there(f"postgresql+psycopg://?schema={name}")


def test_the_socket_from_a_service_file(monkeypatch, tmp_path, peer_schema):
    me, name = peer_schema
    services = tmp_path / "pg_service.conf"
    dbname = parse_store_url(POSTGRES_URL).dbname
    services.write_text(f"[table]\nhost={SOCKET}\nuser={me}\ndbname={dbname}\n")
    monkeypatch.setenv("PGSERVICEFILE", str(services))
    monkeypatch.setenv("PGSERVICE", "table")
    a_campaign_lives_there(f"postgresql+psycopg://?schema={name}")


def test_following_over_the_socket_wakes_on_a_write(monkeypatch, peer_schema):
    """``projections run`` LISTENs on a connection of the library's, given the same values."""
    me, name = peer_schema
    monkeypatch.setenv("PGHOST", SOCKET)
    monkeypatch.setenv("PGDATABASE", parse_store_url(POSTGRES_URL).dbname)
    url = f"postgresql+psycopg://{me}@?schema={name}"
    cli(url, "session", "1")
    woken_by_a_write(url, lambda: cli(url, "note", "a write"))
