"""On the test PostgreSQL server, no message prints the password of the URL
(docs/RELIABILITY.md#security-at-rest): a wrong password, a database that is not there, a schema
holding another program's tables, one that does not exist, one named by an SQL keyword, a busy
store. A wrong password is a unique one, searched for as it is; the server's own password is
given percent-encoded (``%6C%65…``): the text typed is then unique too, and the password
decoded must not be shown beside its user (``user:password@``, ``password=…``)."""

import subprocess
import sys
import uuid

import psycopg
import pytest

from campaign.store import parse_store_url
from tests.conftest import POSTGRES_URL, need_postgres, postgres_schema

pytestmark = pytest.mark.postgres
WRONG = "Pw-9f3kQz"


@pytest.fixture
def server():
    need_postgres()
    return parse_store_url(POSTGRES_URL)


def url_of(server, *, password: str, dbname: str = "", schema: str = "") -> str:
    query = f"?schema={schema}" if schema else ""
    where = f"{server.host}:{server.port}/{dbname or server.dbname}{query}"
    return f"postgresql+psycopg://{server.user}:{password}@{where}"


def encoded(password: str) -> str:
    return "".join(f"%{byte:02X}" for byte in password.encode())


def never_shown(output: str, server, typed: str) -> None:
    assert typed not in output and "Traceback" not in output, output
    for leak in (f":{server.password}@", f"password={server.password}"):
        assert leak not in output, output
    assert f"{server.user}:***@" in output, output


@pytest.mark.parametrize(
    "command", [("status",), ("note", "hi"), ("init",), ("verify",), ("export",), ("shell",)]
)
def test_a_wrong_password_is_never_echoed(campaign, server, command):
    result = campaign("--db", url_of(server, password=WRONG), *command, input="")
    assert result.exit_code == 1, result.output
    never_shown(result.output, server, WRONG)


def test_a_database_that_is_not_there_is_named_without_the_password(campaign, server):
    typed = encoded(server.password)
    result = campaign("--db", url_of(server, password=typed, dbname="no_such_db"), "status")
    assert result.exit_code == 1 and "does not exist" in result.output, result.output
    never_shown(result.output, server, typed)


@pytest.mark.parametrize(
    ("schema", "status"),
    [
        ("other_program", 1),  # a schema of another program's tables: no campaign store
        ("missing", 1),  # a schema that does not exist
        ("select", 2),  # an SQL keyword, which the store cannot use
    ],
)
def test_a_schema_that_holds_no_store_is_named_without_the_password(
    campaign, server, schema, status
):
    typed = encoded(server.password)
    with postgres_schema() as made:
        other = parse_store_url(made).schema
        if schema == "missing":
            schema = f"s_{uuid.uuid4().hex[:10]}"
        if schema == "other_program":
            schema = other
            with psycopg.connect(POSTGRES_URL.replace("+psycopg", ""), autocommit=True) as c:
                c.execute(f"CREATE TABLE {other}.players (name text)")
        for command in (("status",), ("verify",), ("history", "--json")):
            result = campaign("--db", url_of(server, password=typed, schema=schema), *command)
            assert result.exit_code == status, result.output
            never_shown(result.output, server, typed)


HOLD = """
import sys, time
from campaign.store import parse_store_url
with parse_store_url(sys.argv[1]).writer_lock():
    print("held", flush=True)
    time.sleep(60)
"""


@pytest.mark.subprocess
def test_a_busy_store_is_named_without_the_password(campaign, server, monkeypatch):
    typed = encoded(server.password)
    with postgres_schema() as made:
        schema = parse_store_url(made).schema
        url = url_of(server, password=typed, schema=schema)
        assert campaign("--db", url, "session", "1").exit_code == 0
        holder = subprocess.Popen(
            [sys.executable, "-c", HOLD, made], stdout=subprocess.PIPE, text=True
        )
        try:
            assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
            monkeypatch.setenv("CAMPAIGN_LOCK_TIMEOUT", "0.5")
            for command in (("note", "waits"), ("status",)):
                result = campaign("--db", url, *command)
                assert result.exit_code == 1 and "is busy" in result.output, result.output
                never_shown(result.output, server, typed)
        finally:
            holder.kill()
            holder.wait()
