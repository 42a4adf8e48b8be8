"""The event store as a user meets it: a SQLite file by default, PostgreSQL by URL, same code.

Every test here runs on both backends (the ``store_url`` fixture).
"""

import multiprocessing
import os
import sqlite3
import stat

import pytest

from campaign.commands import ClockAdvance, ClockSet, Init, Note, SessionEnd, SessionOpen
from campaign.core.errors import ImpossibleInput
from campaign.service.ledger import Ledger
from campaign.store import StoreError, parse_store_url


def open_ledger(url, gm="ann"):
    return Ledger(parse_store_url(url), gm=gm)


def test_positions_are_dense_and_carry_session_gm_and_command(store_url):
    with open_ledger(store_url) as ledger:
        ledger.handle(SessionOpen(number=12, date="2026-11-21", title="The ford at Greywater"))
        ledger.handle(ClockAdvance(seconds=2 * 3600))
        ledger.handle(Note(text="the goblins smell of wet dog"))
        ledger.handle(SessionOpen(number=13))  # ends 12 first: two events in one command
        events = list(ledger.history.events())
    kinds = [type(e).__name__ for e in events]
    assert kinds == [
        "Initialised",
        "SessionOpened",
        "ClockMoved",
        "NoteRecorded",
        "SessionEnded",
        "SessionOpened",
    ]
    assert [e.position for e in events] == [1, 2, 3, 4, 5, 6]
    assert [e.session for e in events] == [None, 12, 12, 12, 12, 13]
    assert {e.gm for e in events} == {"ann"}
    assert [e.command for e in events] == [1, 1, 3, 4, 5, 5]


def test_positions_continue_after_reopening_the_store(store_url):
    with open_ledger(store_url) as ledger:
        ledger.handle(SessionOpen(number=1))
    with open_ledger(store_url, gm="bob") as ledger:
        ledger.handle(Note(text="second process, second GM"))
        last = list(ledger.history.events())[-1]
    assert (last.position, last.gm, last.session) == (3, "bob", 1)


def test_a_logging_command_needs_an_open_session_and_writes_nothing(store_url):
    with open_ledger(store_url) as ledger:
        with pytest.raises(ImpossibleInput, match="no session is open"):
            ledger.handle(Note(text="too early"))
        ledger.handle(SessionOpen(number=1))
        ledger.handle(SessionEnd())
        with pytest.raises(ImpossibleInput, match="campaign session N"):
            ledger.handle(ClockAdvance(seconds=60))
        assert ledger.last_position() == 3


def test_sessions_increase_and_the_clock_never_runs_backwards(store_url):
    with open_ledger(store_url) as ledger:
        ledger.handle(SessionOpen(number=5))
        with pytest.raises(ImpossibleInput, match="session 5 came before"):
            ledger.handle(SessionOpen(number=4))
        assert ledger.handle(ClockAdvance(seconds=600)) == 600
        with pytest.raises(ImpossibleInput, match="never runs backwards"):
            ledger.handle(ClockSet(seconds=0))
        assert ledger.handle(ClockSet(seconds=86400)) == 86400
        assert ledger.last_position() == 4  # the refused commands recorded nothing


def test_init_is_idempotent_and_a_new_setting_is_an_event(store_url):
    with open_ledger(store_url) as ledger:
        assert ledger.handle(Init(name="Greywater", paladin_ability="wis")).recorded == "created"
        assert ledger.handle(Init(name="Greywater")).recorded is None
        assert ledger.handle(Init(paladin_ability="cha")).recorded == "setting"
        assert ledger.uow.campaign().paladin_ability == "cha"
        assert ledger.last_position() == 2


def _writer(url, gm, n):
    with open_ledger(url, gm=gm) as ledger:
        for i in range(n):
            ledger.handle(Note(text=f"{gm} {i}"))


@pytest.mark.subprocess
def test_concurrent_writers_lose_nothing_and_positions_stay_dense(store_url):
    with open_ledger(store_url) as ledger:
        ledger.handle(SessionOpen(number=1))
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_writer, args=(store_url, f"gm{k}", 15)) for k in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
        assert worker.exitcode == 0
    with open_ledger(store_url) as ledger:
        events = list(ledger.history.events())
    notes = [e.text for e in events if type(e).__name__ == "NoteRecorded"]
    assert sorted(notes) == sorted(f"gm{k} {i}" for k in range(4) for i in range(15))
    assert [e.position for e in events] == list(range(1, len(events) + 1))


def test_the_environment_never_overrides_the_store(tmp_path, monkeypatch):
    monkeypatch.setenv("PERSISTENCE_MODULE", "eventsourcing.popo")
    monkeypatch.setenv("LEDGER_SQLITE_DBNAME", str(tmp_path / "elsewhere.db"))
    monkeypatch.setenv("LEDGER_CIPHER_KEY", "not-a-key")
    url = str(tmp_path / "campaign.db")
    with open_ledger(url) as ledger:
        ledger.handle(SessionOpen(number=1))
    assert not (tmp_path / "elsewhere.db").exists()
    with open_ledger(url) as ledger:
        assert ledger.uow.campaign().open_session == 1  # really on disk, really in clear


def test_sqlite_store_is_readable_by_its_owner_only(tmp_path):
    url = tmp_path / "campaign.db"
    with open_ledger(str(url)) as ledger:
        ledger.handle(SessionOpen(number=1))
        for path in tmp_path.iterdir():  # the store, its WAL/SHM files while open, the lock
            assert stat.S_IMODE(os.stat(path).st_mode) == 0o600, path


@pytest.mark.parametrize(
    ("text", "kind", "shown"),
    [
        ("./campaign.db", "sqlite", None),
        ("sqlite:////tmp/x/campaign.db", "sqlite", "/tmp/x/campaign.db"),
        (
            "postgresql+psycopg://gm:s3cret@db.example:5433/ledger",
            "postgresql",
            "postgresql+psycopg://gm:***@db.example:5433/ledger",
        ),
        (
            "postgresql://gm@localhost/ledger?schema=s1",
            "postgresql",
            "postgresql+psycopg://gm@localhost:5432/ledger?schema=s1",
        ),
    ],
)
def test_store_urls(text, kind, shown):
    url = parse_store_url(text)
    assert url.kind == kind
    if shown:
        assert url.redacted == shown
    assert "s3cret" not in url.redacted


def test_sqlite_urls_read_their_slashes_as_sqlalchemy_does(tmp_path, monkeypatch):
    """``sqlite:///x.db`` is ``x.db`` in the working directory, as SQLAlchemy reads it (not
    ``/x.db``, a file at the root); ``sqlite:////abs/x.db`` is absolute."""
    monkeypatch.chdir(tmp_path)
    assert parse_store_url("sqlite:///x.db").path == tmp_path / "x.db"
    assert parse_store_url("sqlite+pysqlite:///sub/x.db").path == tmp_path / "sub" / "x.db"
    assert parse_store_url(f"sqlite:///{tmp_path}/y.db").path == tmp_path / "y.db"  # four
    with pytest.raises(ImpossibleInput) as caught:
        parse_store_url("sqlite://somehost/x.db")
    assert "no host" in caught.value.expected


def test_a_three_slash_url_once_read_as_absolute_is_refused_not_forked(tmp_path, monkeypatch):
    # sqlite:///srv/c.db, written for /srv/c.db: where srv/c.db is not in the working directory
    # and /srv/c.db is, a logging command would begin a second, empty campaign. Refused, naming
    # the four-slash URL.
    store = tmp_path / "c.db"
    store.write_bytes(b"")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    old_style = "sqlite://" + str(store)  # three slashes: the path without its leading /
    with pytest.raises(ImpossibleInput) as caught:
        parse_store_url(old_style)
    assert caught.value.field == "db"
    assert caught.value.expected.startswith(f"sqlite:///{store} (four slashes)")
    assert parse_store_url("sqlite:///" + str(store)).path == store  # four: as meant
    assert parse_store_url("sqlite:///new.db").path == elsewhere / "new.db"  # no such file


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("mysql://u:s3cret@h/db", "'mysql://u:***@h/db' is not a store"),
        ("mysql://x@y/z", "'mysql://x@y/z' is not a store"),  # no password: all of it shown
        ("postgresql://u:s3cret@h/", "'postgresql://u:***@h/' is not a store"),
        ("postgresql://u:s3@cret@h:5x/db", "'postgresql://u:***@h:5x/db' is not a store"),
        ("sqlite://", "'sqlite://' is not a store"),
    ],
)
def test_bad_store_urls_never_echo_a_password(text, shown):
    with pytest.raises(ImpossibleInput) as caught:
        parse_store_url(text)
    assert caught.value.field == "db"
    assert str(caught.value) == shown
    assert "s3" not in str(caught.value) and "cret" not in str(caught.value)


# --- a SQLite store as the CLI creates it --------------------------------------------------------


@pytest.mark.parametrize(
    "words", [["note", "too early"], ["morale", "ford", "goblins"], ["character", "save", "x"]]
)
def test_a_first_command_that_fails_leaves_no_store_behind(campaign, tmp_path, words):
    # a logging command creates its store; one that fails writes nothing, not even that store
    # (its lock file stays: another process may be waiting on it)
    db = tmp_path / "new" / "campaign.db"
    db.parent.mkdir()  # a store is made in a directory that is there, never the directory too
    result = campaign("--db", str(db), *words)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert not db.exists() and not list(db.parent.glob("campaign.db-*"))  # nor its WAL files
    assert "no campaign store" in campaign("--db", str(db), "status").stderr


def test_a_store_that_holds_events_stays_when_a_command_fails(campaign, tmp_path):
    db = tmp_path / "campaign.db"
    assert campaign("--db", str(db), "session", "1").exit_code == 0
    assert campaign("--db", str(db), "morale", "ford", "goblins").exit_code == 2
    assert db.exists()
    with open_ledger(str(db)) as ledger:
        assert ledger.last_position() == 2  # the campaign created, session 1 opened


def test_a_replay_whose_first_file_fails_leaves_no_store(campaign, tmp_path):
    log = tmp_path / "bad.log"
    log.write_text("session 1\nmorale nowhere goblins\n")
    db = tmp_path / "campaign.db"
    result = campaign("--db", str(db), "replay", str(log))
    assert result.exit_code == 2, result.output
    assert "expected an encounter recorded earlier" in result.stderr  # "an", not "a"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.log", "campaign.db.lock"]


@pytest.mark.parametrize("words", [["status"], ["note", "hi"], ["replay", "x.log"]])
def test_a_directory_as_the_store_is_bad_input(campaign, tmp_path, words):
    result = campaign("--db", str(tmp_path), *words)
    assert result.exit_code == 2, result.output
    assert f"--db: '{tmp_path}' is a directory" in result.stderr
    assert "Traceback" not in result.output and list(tmp_path.iterdir()) == []


def test_a_new_store_discarded_by_another_process_is_opened_afresh(tmp_path):
    # two processes open a new store at once; the one whose first command fails removes it
    # (under the writer lock): the other then records into a new file at the same path, never
    # into the removed one
    db = tmp_path / "campaign.db"
    url = parse_store_url(str(db))
    with Ledger(url, gm="ann") as first, Ledger(url, gm="bob") as failed:
        assert failed.discard_if_empty()
        assert not db.exists()
        first.handle(SessionOpen(number=1))
    with open_ledger(str(db)) as ledger:
        assert [e.position for e in ledger.history.events()] == [1, 2]


def test_a_store_deleted_under_an_open_ledger_is_never_written_blind(tmp_path):
    # `campaign shell` open on a store that someone deletes: what it records must not go into
    # a file no path leads to
    db = tmp_path / "campaign.db"
    with open_ledger(str(db)) as ledger:
        ledger.handle(SessionOpen(number=1))
        for path in parse_store_url(str(db)).files():
            path.unlink(missing_ok=True)
        with pytest.raises(StoreError, match="was removed or replaced since this command"):
            ledger.handle(Note(text="into the void"))
    assert not db.exists()


def test_a_store_with_events_is_never_discarded(tmp_path):
    db = tmp_path / "campaign.db"
    with Ledger(parse_store_url(str(db)), gm="ann") as ledger:
        ledger.handle(SessionOpen(number=1))
        assert not ledger.discard_if_empty()
    with open_ledger(str(db)) as ledger:
        assert ledger.last_position() == 2


def test_a_read_model_that_refuses_a_row_is_a_store_failure_said_not_a_traceback(
    campaign, tmp_path
):
    # A value a read-model column refuses (PostgreSQL's ``integer`` refuses a company of more
    # than 2**31 - 1 members, which the write side refuses first): here a SQLite trigger
    # refuses the row, so the fold fails the same way, as a database error.
    db = tmp_path / "campaign.db"
    assert campaign("--db", str(db), "session", "1").exit_code == 0
    assert campaign("--db", str(db), "status").exit_code == 0  # the read models exist
    with sqlite3.connect(db) as connection:
        connection.execute(
            "CREATE TRIGGER refuse BEFORE INSERT ON view_companies "
            "BEGIN SELECT RAISE(ABORT, 'a row this column cannot hold'); END"
        )
    hired = campaign("--db", str(db), "company", "hire", "co", "--troop", "militia", "--size", "5")
    assert hired.exit_code == 0, hired.output  # recorded: the event store is not the read model
    for words in (["status"], ["history"], ["audit"]):
        result = campaign("--db", str(db), *words)
        assert result.exit_code == 1, result.output
        assert isinstance(result.exception, SystemExit)  # said, not raised
        assert "failed: a row this column cannot hold" in result.stderr
    with sqlite3.connect(db) as connection:
        connection.execute("DROP TRIGGER refuse")
    assert campaign("--db", str(db), "status").exit_code == 0  # nothing was half-folded


@pytest.mark.parametrize("words", [["status"], ["history", "--json"], ["verify"], ["export"]])
def test_a_reading_command_on_a_store_never_written_to_says_how_to_create_one(
    campaign, store_url, words
):
    # On PostgreSQL as on SQLite, a database (or ?schema=) with no campaign in it is no store:
    # not an empty campaign at exit 0, and the reading command creates no table.
    result = campaign("--db", store_url, *words)
    assert result.exit_code == 1, result.output
    assert "no campaign store at" in result.stderr and "campaign init" in result.stderr
    assert not parse_store_url(store_url).exists()  # nothing created by reading
    assert campaign("--db", store_url, "session", "1").exit_code == 0  # a logging command does
    assert parse_store_url(store_url).exists()
    assert campaign("--db", store_url, *words).exit_code == 0


def test_a_failed_first_command_or_a_shell_left_at_once_makes_no_campaign(campaign, store_url):
    # on PostgreSQL the library creates its tables on opening: `status` shows no empty campaign
    assert campaign("--db", store_url, "note", "too early").exit_code == 2
    assert campaign("--db", store_url, "shell", input="exit\n").exit_code == 0
    result = campaign("--db", store_url, "status")
    assert result.exit_code == 1 and "no campaign store at" in result.stderr


def test_init_says_what_it_recorded_when_another_command_created_the_store_first(store_url):
    """`init` racing another first command: the store it opened empty was created meanwhile;
    it records nothing and says so, not "created" with the name dropped unsaid."""
    with open_ledger(store_url) as late, open_ledger(store_url) as first:
        assert late.last_position() == 0
        first.handle(SessionOpen(number=1))
        assert late.handle(Init(name="Named")).recorded is None
        assert late.uow.campaign().name is None
        assert late.last_position() == 2  # the session's two events, nothing more
