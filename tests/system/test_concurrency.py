"""Several processes writing to one store at once
(docs/RELIABILITY.md#concurrency-nothing-lost-nothing-duplicated): nothing lost, nothing
duplicated, positions dense, the chain intact, casualties adding up, the read models equal to a
rebuild — on a SQLite file and on PostgreSQL. Also the writer lock's bounded wait, SQLite's WAL
mode and busy timeout, and the bounded retry of optimistic-concurrency conflicts.

The figures of the 8 × 100 run are printed (``pytest -s``) and quoted in docs/RELIABILITY.md.
``CAMPAIGN_STRESS_COMMANDS`` raises the number of commands per process for a longer local run.
"""

import json
import multiprocessing
import os
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from eventsourcing.persistence import IntegrityError

from campaign.commands import (
    Adjustment,
    Casualty,
    CompanyHire,
    CompanyModifier,
    EncounterGroup,
    EncounterJoin,
    EncounterStart,
    Note,
    SessionOpen,
)
from campaign.history.verify import verify_store
from campaign.service import application, unit
from campaign.service.ledger import Ledger
from campaign.store import StoreBusy, parse_store_url

PROCESSES = 8
COMMANDS = int(os.environ.get("CAMPAIGN_STRESS_COMMANDS", "100"))
SIZE = 100_000  # members of each group and of the company: the casualties never run out


def _setup(url: str) -> None:
    with Ledger(parse_store_url(url), gm="setup") as ledger:
        ledger.handle(SessionOpen(number=1))
        ledger.handle(CompanyHire(handle="lances", troop="trained", size=SIZE, name="Red Lances"))
        for encounter, group in (("e1", "orcs"), ("e2", "goblins")):
            ledger.handle(EncounterStart(handle=encounter))
            ledger.handle(EncounterGroup(encounter=encounter, group=group, count=SIZE, morale=7))
            ledger.handle(EncounterJoin(encounter=encounter, company="lances"))


def plan(worker: int, i: int) -> tuple[str, dict]:
    """The ``i``-th command of process ``worker``: every process works on the same aggregates
    (both encounters, the company: a company casualty or modifier changes several at once)."""
    tag = f"w{worker}#{i}"
    sign = 1 if (i // 4) % 2 else -1
    match (worker + i) % 4:
        case 0:
            return "record_casualty", {"encounter": "e1", "group": "orcs", "n": 1 + i % 3,
                                       "cause": tag}  # fmt: skip
        case 1:
            return "record_casualty", {"encounter": f"e{1 + i % 2}", "group": "lances", "n": 1,
                                       "incapacitated": i % 3 == 0, "cause": tag}  # fmt: skip
        case 2:
            return "adjust", {"encounter": "e2", "group": "goblins", "value": sign, "reason": tag}
        case _:
            return "modify_company", {"handle": "lances", "value": sign, "reason": tag}


KINDS = {"record_casualty": Casualty, "adjust": Adjustment, "modify_company": CompanyModifier}


def _worker(url: str, worker: int, commands: int, out: str) -> None:
    conflicts = 0
    with Ledger(parse_store_url(url), gm=f"gm{worker}") as ledger:
        save = ledger.opened.app.save

        def counting_save(*args, **kwargs):  # a conflict is an IntegrityError here: retried
            nonlocal conflicts
            try:
                return save(*args, **kwargs)
            except IntegrityError:
                conflicts += 1
                raise

        ledger.opened.app.save = counting_save
        started = time.monotonic()
        for i in range(commands):
            name, kwargs = plan(worker, i)
            ledger.handle(KINDS[name](**kwargs))
        elapsed = time.monotonic() - started
    Path(out).write_text(json.dumps({"conflicts": conflicts, "seconds": elapsed}))


def expected_totals(commands: int) -> dict:
    totals = Counter()
    for worker in range(PROCESSES):
        for i in range(commands):
            name, kw = plan(worker, i)
            if name == "record_casualty" and kw["group"] == "orcs":
                totals["orcs killed"] += kw["n"]
            elif name == "record_casualty":
                kind = "incapacitated" if kw["incapacitated"] else "killed"
                totals[f"lances {kind}"] += kw["n"]
                totals[f"lances {kw['encounter']} out"] += kw["n"]
            elif name == "adjust":
                totals["goblins adjustment"] += kw["value"]
            else:
                totals["lances modifiers"] += kw["value"]
    return totals


def _tag(event) -> str | None:
    return getattr(event, "cause", None) or getattr(event, "reason", None)


def read_models(campaign, url):
    got = []
    for args in (("status", "--all"), ("history",), ("modifiers",), ("audit",)):
        result = campaign("--db", url, *args, "--json")
        assert result.exit_code in (0, 3), result.output
        got.append(json.loads(result.stdout))
    return got


@pytest.mark.subprocess
def test_eight_processes_lose_nothing(store_url, campaign, tmp_path):
    _setup(store_url)
    with Ledger(parse_store_url(store_url)) as ledger:
        setup_events = ledger.last_position()
    context = multiprocessing.get_context("spawn")
    reports = [tmp_path / f"worker{k}.json" for k in range(PROCESSES)]
    workers = [
        context.Process(target=_worker, args=(store_url, k, COMMANDS, str(reports[k])))
        for k in range(PROCESSES)
    ]
    started = time.monotonic()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(600)
    elapsed = time.monotonic() - started
    assert [w.exitcode for w in workers] == [0] * PROCESSES

    with Ledger(parse_store_url(store_url)) as ledger:
        events = list(ledger.history.events())
        verdict = verify_store(ledger.opened.app)
    # positions dense, each event once
    assert [e.position for e in events] == list(range(1, len(events) + 1))
    assert len({(e.originator_id, e.originator_version) for e in events}) == len(events)
    assert verdict.intact, verdict
    # every command once: its tag names exactly one command
    later = [e for e in events if e.position > setup_events]
    commands = {e.command for e in later}
    tags: dict[str, set[int]] = {}
    for event in later:
        if _tag(event) is not None:
            tags.setdefault(_tag(event), set()).add(event.command)
    assert len(commands) == PROCESSES * COMMANDS
    assert sorted(tags) == sorted(f"w{k}#{i}" for k in range(PROCESSES) for i in range(COMMANDS))
    assert all(len(found) == 1 for found in tags.values())
    assert {e.gm for e in later} == {f"gm{k}" for k in range(PROCESSES)}

    # casualties and modifiers add up: as planned, as recorded in the events, as the models say
    totals = expected_totals(COMMANDS)
    kinds, e1 = Counter(), events_e1(events)
    for event in later:
        name = type(event).__name__
        if name == "CasualtyRecorded":
            kind = "incapacitated" if event.incapacitated else "killed"
            if event.group == "orcs":
                kinds[f"orcs {kind}"] += event.n
            else:
                kinds[f"lances e{1 if event.originator_id == e1 else 2} out"] += event.n
        elif name == "CompanyCasualtyRecorded":
            kinds["lances incapacitated" if event.incapacitated else "lances killed"] += event.n
        elif name == "AdjustmentMade":
            kinds["goblins adjustment"] += event.value
        elif name == "WorkingConditionsModified":
            kinds["lances modifiers"] += event.value
    assert kinds == totals

    status, history, modifiers, audit = read_models(campaign, store_url)
    groups = {g["handle"] + "@" + e["handle"]: g for e in status["encounters"] for g in e["groups"]}
    assert groups["orcs@e1"]["killed"] == totals["orcs killed"]
    assert groups["lances@e1"]["out"] == totals["lances e1 out"]
    assert groups["lances@e2"]["out"] == totals["lances e2 out"]
    assert groups["goblins@e2"]["adjustment"] == totals["goblins adjustment"]
    (company,) = status["companies"]
    assert company["killed"] == totals["lances killed"]
    assert company["incapacitated"] == totals["lances incapacitated"]
    assert sum(m["value"] for m in company["modifiers"]) == totals["lances modifiers"]
    assert [e["position"] for e in history["events"]] == [e.position for e in events]

    # the read models, maintained by eight processes at once, equal a rebuild from scratch
    assert campaign("--db", store_url, "projections", "rebuild").exit_code == 0
    assert read_models(campaign, store_url) == [status, history, modifiers, audit]

    figures = [json.loads(r.read_text()) for r in reports]
    conflicts = sum(f["conflicts"] for f in figures)
    print(
        f"\n{store_url.split('?')[0].split('/')[-1]}: {PROCESSES} processes × {COMMANDS} commands"
        f" = {len(commands)} commands found of {PROCESSES * COMMANDS}; events {len(later)} "
        f"(+{setup_events} set-up), positions 1..{len(events)} dense, chain intact; "
        f"conflicts retried {conflicts}; {elapsed:.1f} s wall"
    )


def events_e1(events):
    return next(e.originator_id for e in events if type(e).__name__ == "EncounterStarted"
                and e.handle == "e1")  # fmt: skip


# --- conflicts: retried a bounded number of times, then reported --------------------------------


def test_a_conflict_is_retried_and_lands_once(store_url, monkeypatch):
    with Ledger(parse_store_url(store_url)) as ledger:
        ledger.handle(SessionOpen(number=1))
        save, calls = ledger.opened.app.save, []

        def conflicting_once(*args, **kwargs):
            calls.append(1)
            if len(calls) == 1:
                raise IntegrityError("another writer saved this version first")
            return save(*args, **kwargs)

        monkeypatch.setattr(ledger.opened.app, "save", conflicting_once)
        ledger.handle(Note(text="once"))
        notes = [e for e in ledger.history.events() if type(e).__name__ == "NoteRecorded"]
    assert len(calls) == 2 and [n.text for n in notes] == ["once"]
    assert [n.position for n in notes] == [3]


def test_endless_conflicts_give_up_with_a_clear_error(store_url, campaign, monkeypatch):
    with Ledger(parse_store_url(store_url)) as ledger:
        ledger.handle(SessionOpen(number=1))

    def always(*_args, **_kwargs):
        raise IntegrityError("another writer saved this version first")

    monkeypatch.setattr(application.LedgerApplication, "save", always)
    result = campaign("--db", store_url, "note", "never")
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert f"gave up after {unit.MAX_ATTEMPTS} attempts" in result.stderr
    assert "nothing was recorded" in result.stderr and "Traceback" not in result.output
    monkeypatch.undo()
    with Ledger(parse_store_url(store_url)) as ledger:
        assert ledger.last_position() == 2


# --- the writer lock: a bounded wait, a clear message --------------------------------------------

HOLD = """
import sys, time
from campaign.store import parse_store_url
url = parse_store_url(sys.argv[1])
with url.writer_lock():
    print("held", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def _hold_lock(url: str, seconds: float) -> subprocess.Popen:
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, url, str(seconds)], stdout=subprocess.PIPE, text=True
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    return holder


@pytest.mark.subprocess
def test_a_held_writer_lock_is_a_clear_error_not_a_hang(store_url, campaign, monkeypatch):
    assert campaign("--db", store_url, "session", "1").exit_code == 0
    holder = _hold_lock(store_url, 30)
    try:
        monkeypatch.setenv("CAMPAIGN_LOCK_TIMEOUT", "0.5")
        started = time.monotonic()
        result = campaign("--db", store_url, "note", "waits")
        waited = time.monotonic() - started
    finally:
        holder.kill()
        holder.wait()
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert "is busy: another command" in result.stderr and "CAMPAIGN_LOCK_TIMEOUT" in result.stderr
    assert 0.4 < waited < 10
    assert "ledger:ledger@" not in result.stderr  # the password is never printed
    assert campaign("--db", store_url, "note", "after").exit_code == 0  # the lock came back


@pytest.mark.subprocess
def test_a_held_writer_lock_told_to_a_reading_command_does_not_speak_of_recording(
    store_url, campaign, monkeypatch
):
    # a reading command waits for the same lock (it folds new events first): "nothing was
    # recorded" is no news to a GM who asked for the status
    assert campaign("--db", store_url, "session", "1").exit_code == 0
    holder = _hold_lock(store_url, 30)
    try:
        monkeypatch.setenv("CAMPAIGN_LOCK_TIMEOUT", "0.5")
        read = campaign("--db", store_url, "status", "--json")
        write = campaign("--db", store_url, "note", "waits")
    finally:
        holder.kill()
        holder.wait()
    assert read.exit_code == 1 and write.exit_code == 1
    assert "is busy: another command" in read.stderr and "try again when it is done" in read.stderr
    assert "nothing was recorded" not in read.stderr
    assert "nothing was recorded" in write.stderr


@pytest.mark.subprocess
def test_a_writer_of_another_store_does_not_wait(store_url, second_store, campaign, monkeypatch):
    # PostgreSQL's advisory locks are per database: with one key, campaigns in two schemas of one
    # database (`?schema=`) would wait for each other's writers — a long replay in one making every
    # command of the other "busy". Each schema has its own key (StoreURL.writer_lock_key).
    assert campaign("--db", store_url, "session", "1").exit_code == 0
    assert campaign("--db", second_store, "session", "1").exit_code == 0
    holder = _hold_lock(store_url, 30)
    try:
        monkeypatch.setenv("CAMPAIGN_LOCK_TIMEOUT", "0.5")
        other = campaign("--db", second_store, "note", "does not wait")
        same = campaign("--db", store_url, "note", "waits")
    finally:
        holder.kill()
        holder.wait()
    assert other.exit_code == 0, other.output
    assert same.exit_code == 1 and "is busy" in same.stderr


def test_the_writer_lock_key_is_one_per_schema():
    def key(url):
        return parse_store_url(url).writer_lock_key

    base = "postgresql+psycopg://u:p@h/db"
    assert key(base) == key(f"{base}?schema=public") == key(f"{base}?schema=PUBLIC")
    assert key(f"{base}?schema=gm_a") == key(f"{base}?schema=GM_A")  # one schema, two spellings
    assert len({key(base), key(f"{base}?schema=gm_a"), key(f"{base}?schema=gm_b")}) == 3
    assert all(0 < key(f"{base}?schema=s{n}") < 2**63 for n in range(100))  # a bigint


@pytest.mark.subprocess
def test_a_writer_waits_for_a_lock_released_in_time(store_url):
    with Ledger(parse_store_url(store_url)) as ledger:
        ledger.handle(SessionOpen(number=1))
    holder = _hold_lock(store_url, 1.0)
    try:
        with Ledger(parse_store_url(store_url, lock_timeout="20")) as ledger:
            ledger.handle(Note(text="waited"))
            assert ledger.last_position() == 3
    finally:
        holder.wait(30)


def test_the_lock_timeout_must_be_a_number_of_seconds(campaign, tmp_path, monkeypatch):
    for bad in ("soon", "0", "-1", "nan", "inf"):
        monkeypatch.setenv("CAMPAIGN_LOCK_TIMEOUT", bad)
        result = campaign("--db", str(tmp_path / "c.db"), "session", "1")
        assert result.exit_code == 2, result.output
        assert "CAMPAIGN_LOCK_TIMEOUT" in result.stderr
    db = str(tmp_path / "c.db")
    held, waiting = parse_store_url(db), parse_store_url(db, lock_timeout=0.05)
    with held.writer_lock(), pytest.raises(StoreBusy, match="is busy"), waiting.writer_lock():
        pass  # two opens of the lock file exclude each other, even in one process


# --- SQLite: WAL and a busy timeout ---------------------------------------------------------------


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(tmp_path):
    path = tmp_path / "campaign.db"
    url = parse_store_url(str(path))
    with Ledger(url) as ledger:
        ledger.handle(SessionOpen(number=1))
        assert url.library_env()["SQLITE_LOCK_TIMEOUT"] == "15"
        with ledger.opened.app.recorder.datastore.transaction(commit=False) as cursor:
            cursor.execute("PRAGMA busy_timeout")
            assert cursor.fetchone()[0] == 15_000
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_sqlite_locked_by_another_program_is_a_clear_error(tmp_path, campaign, monkeypatch):
    """A write transaction held outside the tracker (a sqlite3 shell, a backup tool) for longer
    than the busy timeout: the command fails with a message, nothing is written."""
    path = tmp_path / "campaign.db"
    assert campaign("--db", str(path), "session", "1").exit_code == 0
    monkeypatch.setattr("campaign.store.sqlite.SQLITE_LOCK_TIMEOUT_SECONDS", 1)
    blocker = sqlite3.connect(path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        started = time.monotonic()
        result = campaign("--db", str(path), "note", "blocked")
        waited = time.monotonic() - started
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
    assert "locked" in result.stderr and "Traceback" not in result.output
    assert waited < 20
    assert campaign("--db", str(path), "note", "after").exit_code == 0


def test_a_read_on_a_locked_sqlite_store_is_a_clear_error(tmp_path, campaign, monkeypatch):
    """A reading command folds new events into the read models (a write): locked past the read
    models' timeout, it fails with a message, not a traceback."""
    from projections import readmodel

    path = tmp_path / "campaign.db"
    assert campaign("--db", str(path), "session", "1").exit_code == 0

    def impatient(store):  # the read models wait 1 s for SQLite's lock, not 30
        return readmodel.create_engine(
            f"sqlite+pysqlite:///{store.path}", connect_args={"timeout": 1}
        )

    monkeypatch.setattr(readmodel, "store_engine", impatient)
    blocker = sqlite3.connect(path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        result = campaign("--db", str(path), "status")
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
    assert "database is locked" in result.stderr and "Traceback" not in result.output
    assert campaign("--db", str(path), "status").exit_code == 0


@pytest.mark.subprocess
def test_gms_replaying_the_same_log_at_once_record_it_once_and_skip_it_otherwise(
    store_url, tmp_path
):
    """Which blocks of a file are new is decided under the writer lock: else, on PostgreSQL, two
    of three replays started together could decide before the first had recorded, then fail
    with exit 2 ("session 1 cannot open: session 1 came before it") instead of skipping."""
    log = tmp_path / "one.log"
    log.write_text(
        "session 1\nencounter start hall\nencounter group hall rats --count 6 --morale 7\n"
        + "".join(f"note 'line {n}'\n" for n in range(60))
    )
    campaign = str(Path(sys.executable).with_name("campaign"))
    command = [campaign, "--db", store_url, "replay", str(log)]
    replays = [
        subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(3)
    ]
    results = [(r.wait(120), *r.communicate()) for r in replays]
    assert [code for code, _, _ in results] == [0, 0, 0], results
    said = sorted(
        "recorded" if "— recorded" in out else "skipped" if "already recorded" in out else out
        for _, out, _ in results
    )
    assert said == ["recorded", "skipped", "skipped"], results
    with Ledger(parse_store_url(store_url)) as ledger:
        assert ledger.last_position() == 65  # the campaign, the session, 2 + 60 lines, its end
        assert verify_store(ledger.opened.app).intact
