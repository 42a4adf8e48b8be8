"""Fixtures every tier shares (the CLI as a user invokes it, a fresh store on either backend),
the markers each test earns, and the Hypothesis profiles."""

import json
import os
import signal
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from typer.testing import CliRunner

from campaign.core import i18n
from cli.main import app

# The processes the tests interrupt (Ctrl-C is SIGINT) must hear it: a test run started in the
# background by a non-interactive shell inherits SIGINT ignored, and so would every child, which
# would then finish its work instead of stopping. Handled here, it is the default in a child.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# --- Markers: `slow`, `postgres`, `subprocess`, `browser` (pyproject.toml) --------------------
# `pytest -m "not slow"` is the quick answer: in-process, no server, no child process. So a test
# that talks to PostgreSQL or starts a process is slow as well; tests/system is slow as a whole.
# A test given the `postgresql` store is marked `postgres` here; any other test that talks to the
# server or starts a process carries the marker itself, and the checks below fail it if it
# does not, so the quick run never waits on a server or a process. A test marked `browser`
# drives Chromium (tests/browser.py), a process: it is marked `subprocess` here.

_RUNNING: list[pytest.Item] = []  # the test being run, for the checks below
_STARTED: set[str] = set()  # the tests that started a process
_PROCESS_EVENTS = {"subprocess.Popen", "os.fork", "os.forkpty", "os.posix_spawn", "os.system"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("browser"):  # Chromium is a process of its own
            item.add_marker(pytest.mark.subprocess)
        callspec = getattr(item, "callspec", None)
        if callspec and callspec.params.get("store_url") == "postgresql":
            item.add_marker(pytest.mark.postgres)
        if item.get_closest_marker("postgres") or item.get_closest_marker("subprocess"):
            item.add_marker(pytest.mark.slow)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
    _RUNNING.append(item)
    try:
        return (yield)
    finally:
        _RUNNING.pop()


def _note_a_process(event: str, args: tuple) -> None:
    """An audit hook (sys.addaudithook): which test started a process. multiprocessing's
    "spawn" raises none of these events: a test using it is marked by hand."""
    if event in _PROCESS_EVENTS and _RUNNING:
        _STARTED.add(_RUNNING[-1].nodeid)


sys.addaudithook(_note_a_process)


@pytest.fixture(autouse=True)
def _a_process_is_marked(request):
    yield
    if request.node.nodeid in _STARTED and not request.node.get_closest_marker("subprocess"):
        pytest.fail("this test starts a process: mark it @pytest.mark.subprocess", pytrace=False)


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch):
    """The tracker speaks the language of the locale (docs/fr.md): a test asserts English
    output whatever the locale it runs in, unless it asks for a language itself — and in
    English, whatever a command run in-process before it chose (the language of an
    invocation stays the process's until the next)."""
    monkeypatch.setenv("CAMPAIGN_LANG", "en")
    i18n.use("en")


@pytest.fixture(autouse=True)
def _shell_history(tmp_path_factory, monkeypatch):
    """No test reads or writes the GM's own shell history (``~/.campaign_history``): each
    has a file of its own, for the shells it runs in-process and those it starts."""
    place = tmp_path_factory.mktemp("shell-history") / "history"
    monkeypatch.setenv("CAMPAIGN_SHELL_HISTORY", str(place))


# --- The CLI, in-process --------------------------------------------------------------------


@pytest.fixture
def campaign():
    """Run ``campaign ARGS…`` in-process; returns the result (exit_code, stdout, stderr)."""
    runner = CliRunner()

    def run(*args: str, input: str | None = None):
        return runner.invoke(app, list(args), input=input)

    return run


@pytest.fixture
def campaign_json(campaign):
    """Run a read command with ``--json``; assert it succeeded and return the parsed object."""

    def run(*args: str):
        result = campaign(*args, "--json")
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    return run


# --- A store on either backend ----------------------------------------------------------------

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
    is set, as CI does). Every caller is a test marked ``postgres``."""
    if _RUNNING and not _RUNNING[-1].get_closest_marker("postgres"):
        pytest.fail("this test talks to PostgreSQL: mark it @pytest.mark.postgres", pytrace=False)
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


# --- Hypothesis profiles ----------------------------------------------------------------------
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
