"""Given a PostgreSQL ``--db`` in a form SQLAlchemy documents for psycopg (a socket directory as
``?host=``, ``?host=…&port=…``, ``?host=h:p`` repeated, a URL with no host, no user or no
database), when it is parsed, then it says what it names and leaves the rest to libpq
(``""``); a host or a port said twice, a port that is no number, and any other parameter are
refused, naming it, and a password is never shown (docs/cli.md#stores)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from campaign.core.errors import ImpossibleInput
from campaign.store import parse_store_url
from cli.main import app

PG = "postgresql+psycopg://gm:s3cret"


@pytest.fixture(autouse=True)
def _no_libpq_settings(monkeypatch, tmp_path):
    for name in ("PGHOST", "PGPORT", "PGUSER", "PGDATABASE", "PGSERVICE", "PGPASSWORD"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PGSERVICEFILE", str(tmp_path / "no-service-file"))


@pytest.mark.parametrize(
    ("text", "host", "port", "user", "dbname"),
    [
        (f"{PG}@/ledger?host=/var/run/postgresql", "/var/run/postgresql", "", "gm", "ledger"),
        ("postgresql+psycopg://gm@/ledger?host=%2Ftmp%2Fpg", "/tmp/pg", "", "gm", "ledger"),
        (f"{PG}@/ledger?host=db.example&port=5433", "db.example", "5433", "gm", "ledger"),
        (f"{PG}@/ledger?host=db.example:5433", "db.example", "5433", "gm", "ledger"),
        (f"{PG}@/ledger?host=a:5433&host=b", "a,b", "5433,", "gm", "ledger"),
        (f"{PG}@/ledger?host=a&host=b", "a,b", "", "gm", "ledger"),
        (f"{PG}@/ledger?host=a,b&port=5433,5434", "a,b", "5433,5434", "gm", "ledger"),
        ("postgresql+psycopg:///ledger", "", "", "", "ledger"),
        ("postgresql+psycopg://gm@db.example", "db.example", "", "gm", ""),
        ("postgresql+psycopg://", "", "", "", ""),
        ("postgresql+psycopg://?schema=s1", "", "", "", ""),
        (f"{PG}@db.example:5433/ledger", "db.example", "5433", "gm", "ledger"),
    ],
)
def test_what_the_url_says_and_what_it_leaves_to_libpq(text, host, port, user, dbname):
    url = parse_store_url(text)
    assert (url.host, url.port, url.user, url.dbname) == (host, port, user, dbname)
    assert "s3cret" not in url.redacted


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ("host=a&port=1&host=b", "?port= with ?host= repeated"),
        ("host=", "'host' names no host"),
        ("port=5433&port=5434", "'port' is given more than once"),
        ("port=five", "'five' is not a port number"),
        ("port=70000", "'70000' is not a port number"),
        ("sslmode=require", "'sslmode' is not honoured"),
    ],
)
def test_a_host_or_port_parameter_it_cannot_take_is_refused(query, says):
    with pytest.raises(ImpossibleInput) as caught:
        parse_store_url(f"{PG}@/ledger?{query}")
    assert says in str(caught.value)
    assert caught.value.field == "db"
    assert "s3cret" not in str(caught.value)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (f"{PG}@db/ledger?host=other", "a host is named both before the '/' and in ?host="),
        (f"{PG}@db:5432/ledger?port=5433", "a port is named both after the host and in ?port="),
    ],
)
def test_a_host_or_port_said_twice_is_refused(text, says):
    with pytest.raises(ImpossibleInput) as caught:
        parse_store_url(text)
    assert says in str(caught.value) and "s3cret" not in str(caught.value)
    assert "in one place" in caught.value.expected


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (
            f"{PG}@/ledger?host=/var/run/postgresql&schema=s1",
            "postgresql+psycopg://gm:***@/ledger?host=/var/run/postgresql&port=5432&schema=s1",
        ),
        (f"{PG}@/ledger?host=db:5433", "postgresql+psycopg://gm:***@db:5433/ledger"),
        ("postgresql+psycopg://gm@db", "postgresql+psycopg://gm@db:5432/gm"),
    ],
)
def test_a_store_is_named_as_libpq_would_reach_it(text, shown):
    assert parse_store_url(text).redacted == shown


def test_the_environment_completes_the_name_of_the_store(monkeypatch):
    monkeypatch.setenv("PGPORT", "6543")
    monkeypatch.setenv("PGDATABASE", "campaigns")
    shown = parse_store_url("postgresql+psycopg://gm@db").redacted
    assert shown == "postgresql+psycopg://gm@db:6543/campaigns"


def test_a_socket_no_server_listens_on_is_named_without_the_password(tmp_path):
    url = f"postgresql+psycopg://gm:s3cret@/camp?host={tmp_path}"
    result = CliRunner().invoke(app, ["--db", url, "status"])
    assert result.exit_code == 1, result.output
    assert "s3cret" not in result.output and "Traceback" not in result.output
    assert f"host={tmp_path}" in result.stderr
