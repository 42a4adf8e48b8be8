"""Shared fixtures: the CLI as a user invokes it."""

import json
import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from typer.testing import CliRunner

from cli.main import app


@pytest.fixture(autouse=True)
def _shell_history(tmp_path_factory, monkeypatch):
    """No test reads or writes the GM's own shell history (``~/.campaign_history``): each
    has a file of its own, for the shells it runs in-process and those it starts."""
    place = tmp_path_factory.mktemp("shell-history") / "history"
    monkeypatch.setenv("CAMPAIGN_SHELL_HISTORY", str(place))


@pytest.fixture
def campaign():
    """Run ``campaign ARGS…`` in-process; returns the result (exit_code, stdout, stderr)."""
    runner = CliRunner()

    def run(*args: str, input: str | None = None):
        return runner.invoke(app, list(args), input=input)

    return run


@pytest.fixture
def in_store(campaign, tmp_path):
    """``campaign --db <a fresh SQLite file> ARGS…``, which must succeed; returns stdout. Its
    ``db`` attribute is the file, for a command expected to fail."""
    db = str(tmp_path / "campaign.db")

    def run(*args: str) -> str:
        result = campaign("--db", db, *args)
        assert result.exit_code == 0, (args, result.output)
        return result.stdout

    run.db = db  # type: ignore[attr-defined]
    return run


@pytest.fixture
def campaign_json(campaign):
    """Run a read command with ``--json``; assert it succeeded and return the parsed object."""

    def run(*args: str):
        result = campaign(*args, "--json")
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    return run


POSTGRES_URL = os.environ.get("CAMPAIGN_TEST_POSTGRES")
REQUIRE_POSTGRES = os.environ.get("CAMPAIGN_REQUIRE_POSTGRES") == "1"


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """A fresh, empty store: a SQLite file, or a new schema on the test PostgreSQL server.

    PostgreSQL tests skip locally when CAMPAIGN_TEST_POSTGRES is not set; in CI
    (CAMPAIGN_REQUIRE_POSTGRES=1) they fail instead, so they can never silently not run.
    """
    if request.param == "sqlite":
        yield str(tmp_path / "campaign.db")
        return
    need_postgres()
    with postgres_schema() as url:
        yield url


def need_postgres() -> None:
    """Skip a PostgreSQL test without a test server (fail instead when CAMPAIGN_REQUIRE_POSTGRES
    is set, as CI does)."""
    if not POSTGRES_URL:
        message = "CAMPAIGN_TEST_POSTGRES is not set (see .ci/postgres.sh)"
        if REQUIRE_POSTGRES:
            pytest.fail(message)
        pytest.skip(message)


@contextmanager
def postgres_schema() -> Iterator[str]:
    """A new, empty schema on the test PostgreSQL server, as a store URL; dropped after."""
    import psycopg

    from campaign.store import parse_store_url

    server = parse_store_url(POSTGRES_URL)
    schema = f"t_{uuid.uuid4().hex[:12]}"
    connect = {
        "host": server.host, "port": server.port, "user": server.user,
        "password": server.password, "dbname": server.dbname, "autocommit": True,
    }  # fmt: skip
    with psycopg.connect(**connect) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"{POSTGRES_URL}?schema={schema}"
    finally:
        with psycopg.connect(**connect) as connection:
            connection.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture
def second_store(store_url, tmp_path):
    """Another empty store on the same backend as ``store_url`` (an export replayed there)."""
    if not store_url.startswith("postgresql"):
        yield str(tmp_path / "second.db")
        return
    with postgres_schema() as url:
        yield url


# --- Hypothesis profiles (issue 6, "Time budget") --------------------------------------------
# "ci": a fixed number of examples, derandomized (the same inputs every run: no flaky CI), no
# deadline (a 2-core machine under load is slow, not wrong); chosen when CI=true. "dev" is the
# default; "slow" is for long local runs: HYPOTHESIS_PROFILE=slow .venv/bin/python -m pytest …
# Heavy tests (tests/system/test_fuzz.py) scale their own example counts from the profile's.
from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.register_profile(
    "slow", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE")
    or ("ci" if os.environ.get("CI", "").lower() == "true" else "dev")
)
