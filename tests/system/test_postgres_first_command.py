"""A first command that fails on PostgreSQL leaves the database as it found it.

"Bad input gets exit 2 and nothing is written", and "a first command that fails leaves no store
behind" (docs/cli.md): on SQLite the file it created goes again (``Ledger.discard_if_empty``). On
PostgreSQL so do the library's tables (events, snapshots, their row type and function), the read
models' ``view_*`` tables and a ``?schema=`` the command created; a URL naming
``information_schema`` is refused before anything is made there. Each test looks at the server's
catalog (``pg_namespace``, ``pg_class``, ``pg_type``, ``pg_proc``) before and after running the CLI.
"""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

from campaign.commands import Note, SessionOpen
from campaign.core.errors import CampaignError, ImpossibleInput
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from tests import answers
from tests.conftest import POSTGRES_URL, need_postgres

pytestmark = pytest.mark.postgres

Catalog = frozenset[tuple[str, str]]
# the library's row type (and its array type) and function, shared by every eventsourcing
# application in a schema: a failed first command drops them only when no table is left there
LIBRARY_KEPT = frozenset(
    {
        ("type", "stored_event_uuid"),
        ("relation", "stored_event_uuid"),  # a composite type is a pg_class row too
        ("type", "_stored_event_uuid"),
        ("function", "es_insert_events_uuid"),
    }
)
CLI = [sys.executable, "-c", "from cli.main import main; main()"]  # the console script


def _connect(dbname: str | None = None):
    import psycopg

    server = parse_store_url(POSTGRES_URL)
    return psycopg.connect(
        host=server.host,
        port=server.port,
        user=server.user,
        password=server.password,
        dbname=dbname or server.dbname,
        autocommit=True,
    )


def catalog(schema: str, dbname: str | None = None) -> Catalog | None:
    """Everything in ``schema`` (relations, types, functions) as (kind, name); None when the
    schema does not exist."""
    with _connect(dbname) as connection:
        there = connection.execute(
            "SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = %s)", (schema,)
        ).fetchone()[0]
        if not there:
            return None
        rows = connection.execute(
            "SELECT 'relation', c.relname FROM pg_class c "
            "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = %(s)s "
            "UNION ALL SELECT 'type', t.typname FROM pg_type t "
            "JOIN pg_namespace n ON n.oid = t.typnamespace WHERE n.nspname = %(s)s "
            "UNION ALL SELECT 'function', p.proname FROM pg_proc p "
            "JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = %(s)s",
            {"s": schema},
        ).fetchall()
    return frozenset((kind, name) for kind, name in rows)


@contextmanager
def fresh_schema() -> Iterator[tuple[str, str]]:
    """A schema name no one uses yet (not created) and its store URL; dropped after if made."""
    need_postgres()
    schema = f"fc_{uuid.uuid4().hex[:12]}"
    try:
        yield schema, f"{POSTGRES_URL}?schema={schema}"
    finally:
        with _connect() as connection:
            connection.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


@pytest.fixture
def bad_logs(tmp_path) -> dict[str, Path]:
    first = tmp_path / "first.log"
    first.write_text("note hi\n")  # no session open: refused at line 1
    later = tmp_path / "later.log"
    # refused at line 3, after the replay has read the read models (view_session_blocks)
    later.write_text("session 1\nnote hi\ncasualty nowhere rats 3\n")
    jsonl = tmp_path / "bad.jsonl"
    jsonl.write_text('{"position": 1}\n')
    return {"first": first, "later": later, "jsonl": jsonl}


FAILING = {
    "note": lambda logs: ["note", "hi"],
    "morale": lambda logs: ["morale", "ford", "goblins"],
    "replay-first-line": lambda logs: ["replay", str(logs["first"])],
    "replay-later-line": lambda logs: ["replay", str(logs["later"])],
    "import": lambda logs: ["import", str(logs["jsonl"])],
}


@pytest.mark.parametrize("kind", sorted(FAILING))
def test_a_failed_first_command_leaves_no_schema_behind(campaign, bad_logs, kind):
    with fresh_schema() as (schema, url):
        assert catalog(schema) is None
        result = campaign("--db", url, *FAILING[kind](bad_logs))
        assert result.exit_code == 2, result.output
        assert "Traceback" not in result.output
        assert catalog(schema) is None  # no schema, hence no table, type or function in it
        # and the store is still one to create: a reading command says so, writing nothing
        status = campaign("--db", url, "status")
        assert status.exit_code == 1 and "no campaign store at" in status.stderr
        assert catalog(schema) is None


def test_a_failed_first_command_in_an_existing_schema_drops_only_what_it_made(campaign, bad_logs):
    # a schema that was there, holding another program's table and a `view_` table of its
    # own: the failed replay (which made the ledger's tables and its read models) leaves the
    # schema exactly as it was, those two included
    with fresh_schema() as (schema, url):
        with _connect() as connection:
            connection.execute(f"CREATE SCHEMA {schema}")
            connection.execute(f"CREATE TABLE {schema}.other_program (id int)")
            connection.execute(f"CREATE TABLE {schema}.view_of_mine (id int)")
        before = catalog(schema)
        assert before is not None and ("relation", "other_program") in before
        result = campaign("--db", url, "replay", str(bad_logs["later"]))
        assert result.exit_code == 2, result.output
        # the library's row type and function stay with another program's table beside them:
        # nothing tells whether it uses them (LIBRARY_KEPT)
        assert catalog(schema) == before | LIBRARY_KEPT


def test_a_failed_first_command_leaves_a_fresh_database_as_it_was(campaign, bad_logs):
    # no ?schema=: the library's tables go in `public`, which stays, empty as it was
    need_postgres()
    dbname = f"fc_{uuid.uuid4().hex[:12]}"
    with _connect() as connection:
        if not connection.execute(
            "SELECT rolcreatedb OR rolsuper FROM pg_roles WHERE rolname = current_user"
        ).fetchone()[0]:
            pytest.skip("the test user may not create a database")
        connection.execute(f"CREATE DATABASE {dbname}")
    try:
        url = POSTGRES_URL.rsplit("/", 1)[0] + f"/{dbname}"
        before = catalog("public", dbname)
        for words in (["note", "hi"], ["replay", str(bad_logs["later"])]):
            result = campaign("--db", url, *words)
            assert result.exit_code == 2, result.output
            assert catalog("public", dbname) == before, words
        # a command that records keeps everything
        assert campaign("--db", url, "session", "1").exit_code == 0
        made = catalog("public", dbname)
        assert made is not None
        assert {("relation", "ledger_events"), ("relation", "ledger_snapshots")} <= made
    finally:
        with _connect() as connection:
            connection.execute(f"DROP DATABASE IF EXISTS {dbname} WITH (FORCE)")


def test_a_store_that_was_there_stays_when_a_command_fails(campaign, bad_logs):
    with fresh_schema() as (schema, url):
        # the tables made, no event recorded (the library creates them on opening)
        Ledger(parse_store_url(url)).close()
        before = catalog(schema)
        assert before is not None and ("relation", "ledger_events") in before
        assert campaign("--db", url, "note", "hi").exit_code == 2
        assert catalog(schema) == before
        # and one that holds events: a failure writes nothing, drops nothing
        assert campaign("--db", url, "session", "1").exit_code == 0
        holding = catalog(schema)
        assert campaign("--db", url, "morale", "ford", "goblins").exit_code == 2
        assert campaign("--db", url, "replay", str(bad_logs["later"])).exit_code == 2
        after = catalog(schema)
        assert after is not None and holding is not None and holding <= after
        history = campaign("--db", url, "history", "--json")
        assert history.exit_code == 0, history.output
        assert [row["position"] for row in json.loads(history.stdout)["events"]] == [1, 2]


def test_a_first_command_that_records_keeps_the_store(campaign):
    with fresh_schema() as (schema, url):
        assert campaign("--db", url, "session", "1").exit_code == 0
        made = catalog(schema)
        assert made is not None
        assert {("relation", "ledger_events"), ("relation", "ledger_snapshots")} <= made
        assert campaign("--db", url, "note", "hi").exit_code == 0
        assert campaign("--db", url, "status").exit_code == 0  # makes the read models
        assert ("relation", "view_timeline") in (catalog(schema) or ())


def test_a_shell_left_with_nothing_recorded_leaves_no_schema(campaign):
    with fresh_schema() as (schema, url):
        result = campaign("--db", url, "shell", input="note hi\nstatus\n")
        assert result.exit_code == 2, result.output  # `note hi`: no session is open
        assert catalog(schema) is None


def _shell_meanwhile(campaign, monkeypatch, tmp_path, url: str, meanwhile) -> None:
    """``campaign shell`` typed ``status`` then ``quit``, nothing recorded; ``meanwhile`` runs
    at its first prompt — once the shell has opened (and made) the store, before it is left
    and discards what it made — as another program would, from its own connection."""
    import builtins

    import cli.shell

    monkeypatch.setenv("CAMPAIGN_SHELL_HISTORY", str(tmp_path / "history"))
    prompts: list[str] = []

    def prompt(text: str = "") -> str:
        if not prompts:
            meanwhile()
        prompts.append(text)
        return builtins.input(text)

    monkeypatch.setattr(cli.shell, "input", prompt, raising=False)
    result = campaign("--db", url, "shell", input="status\nquit\n")
    # `status` on the store the shell made, where nothing is recorded: told, as outside the
    # shell, that no campaign is there (exit 1) — it makes no read model
    assert result.exit_code == 1, result.output
    assert "no campaign store at" in result.output
    assert "Traceback" not in result.output
    assert len(prompts) == 2


@pytest.mark.parametrize("existed", [True, False], ids=["schema-there", "schema-made"])
def test_a_shell_left_with_nothing_recorded_keeps_another_programs_view_table(
    campaign, monkeypatch, tmp_path, existed
):
    # another program makes a table named view_… in the schema while the shell is open and
    # writes a row: the shell, left with nothing recorded, drops its own tables (the
    # library's) — not that one, nor the schema
    with fresh_schema() as (schema, url):
        if existed:
            with _connect() as connection:
                connection.execute(f"CREATE SCHEMA {schema}")

        def another_program() -> None:
            with _connect() as connection:
                connection.execute(f"CREATE TABLE {schema}.view_sales_report (id int)")
                connection.execute(f"INSERT INTO {schema}.view_sales_report VALUES (7)")

        _shell_meanwhile(campaign, monkeypatch, tmp_path, url, another_program)
        after = catalog(schema)
        assert after is not None  # the schema stays: another program's table is in it
        relations = {name for kind, name in after - LIBRARY_KEPT if kind == "relation"}
        assert relations == {"view_sales_report"}
        assert after >= LIBRARY_KEPT  # a table is left beside them
        with _connect() as connection:
            rows = connection.execute(f"SELECT id FROM {schema}.view_sales_report").fetchall()
        assert rows == [(7,)]


class Dog(Aggregate):
    """Another eventsourcing program's aggregate."""

    @event("Registered")
    def __init__(self, name: str) -> None:
        self.name = name


class Kennel(Application):
    """Another eventsourcing program: its own table (``kennel_events``), in the same schema,
    sharing the library's row type and function."""

    name = "kennel"


def _kennel(schema: str) -> Kennel:
    server = parse_store_url(POSTGRES_URL)
    return Kennel(
        env={
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": server.dbname,
            "POSTGRES_HOST": server.host,
            "POSTGRES_PORT": str(server.port),
            "POSTGRES_USER": server.user,
            "POSTGRES_PASSWORD": server.password,
            "POSTGRES_SCHEMA": schema,
        }
    )


@pytest.mark.parametrize("existed", [True, False], ids=["schema-there", "schema-made"])
def test_a_shell_left_with_nothing_recorded_keeps_another_applications_store(
    campaign, monkeypatch, tmp_path, existed
):
    # another eventsourcing application starts in the schema while the shell is open and
    # saves: the library's row type and function, which the shell's ledger made, are its too;
    # left with nothing recorded, the shell drops its own tables only, and the other
    # application goes on saving (not: type "….stored_event_uuid[]" does not exist)
    with fresh_schema() as (schema, url):
        if existed:
            with _connect() as connection:
                connection.execute(f"CREATE SCHEMA {schema}")
        kennels: list[Kennel] = []

        def another_application() -> None:
            kennels.append(_kennel(schema))
            kennels[0].save(Dog("rex"))

        try:
            _shell_meanwhile(campaign, monkeypatch, tmp_path, url, another_application)
            (kennel,) = kennels
            kennel.save(Dog("fido"))
            after = catalog(schema)
            assert after is not None and after >= LIBRARY_KEPT
            relations = {name for kind, name in after if kind == "relation"}
            assert "kennel_events" in relations
            assert not {"ledger_events", "ledger_snapshots", "view_tracking"} & relations
        finally:
            for kennel in kennels:
                kennel.close()
        again = _kennel(schema)  # and a fresh start of it reads and saves
        try:
            names = [n.topic for n in again.notification_log.select(start=1, limit=10)]
            assert len(names) == 2
            again.save(Dog("spot"))
        finally:
            again.close()


SYSTEM_SCHEMAS = ["information_schema", "pg_catalog", "pg_toast", "PG_Catalog", "pg_temp_1"]


@pytest.mark.parametrize("schema", SYSTEM_SCHEMAS)
def test_a_system_schema_is_refused_up_front(campaign, bad_logs, schema):
    need_postgres()
    url = f"{POSTGRES_URL}?schema={schema}"
    with pytest.raises(ImpossibleInput) as refused:
        parse_store_url(url)
    assert refused.value.field == "db" and "information_schema, pg_…" in refused.value.expected
    folded = schema.lower()

    def ours() -> set[tuple[str, str]]:
        # only the tracker's names: a system schema changes with any table made anywhere in
        # the database (pg_toast gets a toast table), which other tests may be doing
        found = catalog(folded) or frozenset()
        return {(kind, name) for kind, name in found if name.startswith(("ledger_", "view_"))
                or name in ("stored_event_uuid", "es_insert_events_uuid")}  # fmt: skip

    before = ours()
    try:
        for words in (["note", "hi"], ["replay", str(bad_logs["first"])], ["status"]):
            result = campaign("--db", url, *words)
            assert result.exit_code == 2, result.output
            assert result.stderr.startswith("error: --db: ") and "system schema" in result.stderr
            assert "expected a schema name" in result.stderr
            assert "Traceback" not in result.output
            assert ours() == before, words
    finally:  # what a command could make there, were the URL not refused
        if folded == "information_schema":
            with _connect() as connection:
                for table in ("ledger_events", "ledger_snapshots"):
                    connection.execute(f"DROP TABLE IF EXISTS information_schema.{table}")
                connection.execute(
                    "DROP FUNCTION IF EXISTS information_schema.es_insert_events_uuid"
                )
                connection.execute("DROP TYPE IF EXISTS information_schema.stored_event_uuid")


# --- two first commands at once ---------------------------------------------------------------


def test_a_new_store_dropped_by_another_process_is_made_again_for_the_waiting_one(campaign):
    # as on SQLite (test_store.py): two processes open a new store at once; the one that
    # created it fails and drops it, under the writer lock; the other records into the store
    # it makes again — the schema and tables recreated — never into nothing
    with fresh_schema() as (schema, url):
        store = parse_store_url(url)
        with Ledger(store, gm="ann") as failed, Ledger(store, gm="bob") as waiting:
            assert failed.made_store and not waiting.made_store
            assert failed.discard_if_empty()
            assert catalog(schema) is None
            waiting.handle(SessionOpen(number=1))
            assert not waiting.discard_if_empty()  # it holds events now
        made = catalog(schema)
        assert made is not None and ("relation", "ledger_events") in made
        history = campaign("--db", url, "history", "--json")
        assert history.exit_code == 0, history.output
        events = json.loads(history.stdout)["events"]
        assert [(e["position"], e["gm"]) for e in events] == [(1, "bob"), (2, "bob")]


def test_a_store_made_again_by_a_third_is_recorded_into_and_kept(campaign):
    # A makes the store, B opens it, A fails and drops it, C makes it again; B records into
    # C's store (it made nothing), and C's failure then keeps it: it holds B's events
    with fresh_schema() as (schema, url):
        store = parse_store_url(url)
        with Ledger(store, gm="a") as a, Ledger(store, gm="b") as b:
            assert a.discard_if_empty()
            with Ledger(store, gm="c") as c:
                assert c.made_store
                b.handle(SessionOpen(number=1))
                assert not b.made_store
                assert not c.discard_if_empty()
        assert catalog(schema) is not None
        assert campaign("--db", url, "note", "kept").exit_code == 0


def test_a_shell_on_a_new_store_dropped_by_another_goes_on_afresh(campaign):
    # `campaign shell` opened the new store another process made, and read it (its read
    # models set up); that process's first command fails and drops it all: before its next
    # command the shell opens the store afresh, under the writer lock, and reads and records
    # there — and left with nothing recorded, it drops what it made in turn
    with fresh_schema() as (schema, url):
        store = parse_store_url(url)
        with Ledger(store, gm="a") as failed, Ledger(store, gm="shell") as shell:
            assert answers.status(shell)["position"] == 0
            assert failed.discard_if_empty()
            assert catalog(schema) is None
            shell.check_still_there()
            assert shell.made_store
            assert answers.status(shell)["position"] == 0
            assert shell.discard_if_empty()
        assert catalog(schema) is None
        with Ledger(store, gm="a") as failed, Ledger(store, gm="shell") as shell:
            answers.status(shell)
            assert failed.discard_if_empty()
            shell.check_still_there()
            shell.handle(SessionOpen(number=1))
            assert answers.status(shell)["position"] == 2
        history = campaign("--db", url, "history", "--json")
        assert [e["gm"] for e in json.loads(history.stdout)["events"]] == ["shell", "shell"]


def test_both_first_commands_failing_leave_nothing(campaign):
    with fresh_schema() as (schema, url):
        store = parse_store_url(url)
        with Ledger(store, gm="a") as a, Ledger(store, gm="b") as b:
            assert a.discard_if_empty()
            with pytest.raises(CampaignError, match="no session is open"):
                b.handle(Note(text="hi"))  # it made the store again, under the lock, then failed
            assert b.made_store
            assert b.discard_if_empty()
        assert catalog(schema) is None


@pytest.mark.subprocess
def test_first_commands_racing_on_new_schemas_lose_nothing(tmp_path):
    # real processes: on each new schema, `session 1` and a failing command started together;
    # every `session 1` lands, and the store holds exactly it
    need_postgres()
    pairs = 6
    schemas = [f"fc_{uuid.uuid4().hex[:12]}" for _ in range(pairs)]
    try:
        running = []
        for schema in schemas:
            url = f"{POSTGRES_URL}?schema={schema}"
            for words in (["session", "1"], ["morale", "ford", "goblins"]):
                running.append(
                    (
                        words[0],
                        subprocess.Popen(
                            [*CLI, "--db", url, *words],
                            stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE,
                            text=True,
                        ),
                    )
                )
        for name, process in running:
            out, err = process.communicate(timeout=120)
            assert process.returncode == (0 if name == "session" else 2), (name, out, err)
        for schema in schemas:
            url = f"{POSTGRES_URL}?schema={schema}"
            shown = subprocess.run(
                [*CLI, "--db", url, "history", "--json"],
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert shown.returncode == 0, shown.stderr
            events = json.loads(shown.stdout)["events"]
            assert [e["position"] for e in events] == [1, 2], schema
    finally:
        with _connect() as connection:
            for schema in schemas:
                connection.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
