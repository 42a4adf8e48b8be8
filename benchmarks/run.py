"""The benchmark harness (issue 7): every benchmark, as ratios against baselines measured in the
same run, printed as one Markdown table.

    .venv/bin/python -m benchmarks.run                 # full sizes (~6 min cached, ~27 first)
    .venv/bin/python -m benchmarks.run --quick         # sizes ÷20: proves the harness works
    .venv/bin/python -m benchmarks.run --only B1,B3    # some of them

Each figure is the median of k repeats, measured and baseline interleaved (this machine is
shared and noisy: only a ratio taken in one run means anything). Start-up, ingest and memory run
as separate processes, as a GM's commands do; rebuild, loading and time travel run in-process.
Generated logs and stores are cached under ``$TMPDIR/campaign-ledger-bench``
(``CAMPAIGN_BENCH_CACHE``), keyed on the generator and the sizes; building them takes ~20 minutes
in full mode, once. The report says when they were built by other code than the code measured
(``--fresh`` rebuilds them).

Exit status: 0 when every benchmark ran (targets met or not; ``--strict``: and every target
met), 1 when one failed to run.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks import generate

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
CAMPAIGN = str(Path(sys.executable).with_name("campaign"))
SEED = 7
STORE_CODE = ("campaign", "aggregates", "projections")  # what decides a store's content
ALL = ("B1", "B2", "B3", "B4", "B5", "B6")


@dataclass(frozen=True)
class Sizes:
    file_sessions: int  # sessions per generated file
    session_events: int  # events per session (about): one file ≈ file_sessions × this
    rebuild_files: int  # B2's store: this many files
    big_files: int  # B5's big store (its small store is one file)
    long_company: int  # B4: the long company's events (the short one has 100)
    repeats: int  # k for the slow benchmarks
    startup_repeats: int  # k for the start-up benchmarks
    load_repeats: int  # k for loading an aggregate (milliseconds)
    memory_repeats: int  # k for peak RSS
    shell_lines: int  # commands timed inside `campaign shell`

    @property
    def file_events(self) -> int:
        return self.file_sessions * self.session_events


FULL = Sizes(
    file_sessions=100,
    session_events=200,
    rebuild_files=5,
    big_files=10,
    long_company=50_000,
    repeats=3,
    startup_repeats=7,
    load_repeats=21,
    memory_repeats=3,
    shell_lines=30,
)
QUICK = Sizes(
    file_sessions=5,
    session_events=200,
    rebuild_files=5,
    big_files=10,
    long_company=2_500,
    repeats=1,
    startup_repeats=3,
    load_repeats=5,
    memory_repeats=1,
    shell_lines=10,
)
SHORT_COMPANY = 100


class BenchError(RuntimeError):
    """A benchmark could not run (a command failed): reported in its row, exit status 1."""


@dataclass
class Row:
    bench: str
    what: str
    measured: float
    baseline: float
    unit: str  # "s" or "KB"
    target: float | None  # the ratio the issue asks for (≤), None: reported only
    baseline_what: str = ""

    @property
    def ratio(self) -> float:
        return self.measured / self.baseline if self.baseline else float("inf")

    @property
    def met(self) -> bool | None:
        return None if self.target is None else self.ratio <= self.target


# --- processes ---------------------------------------------------------------------------------


def environment(scratch: Path) -> dict[str, str]:
    """The commands' environment: none of the tracker's settings leak in from the caller."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CAMPAIGN_")}
    env.update(
        CAMPAIGN_SEED="1",  # the tracker's own dice (durations) reproducible
        CAMPAIGN_SHELL_HISTORY=str(scratch / "shell-history"),
    )
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # start-up as installed: bytecode cached
    return env


def run(cmd: list[str], env: dict[str, str], *, cwd: Path = ROOT) -> float:
    """Run ``cmd`` to completion; its wall time in seconds. A failure is a :class:`BenchError`."""
    started = time.perf_counter()
    done = subprocess.run(
        cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, check=False,
    )  # fmt: skip
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        tail = done.stderr.decode(errors="replace").strip().splitlines()[-5:]
        raise BenchError(f"`{' '.join(cmd[:6])}…` exited {done.returncode}: " + " | ".join(tail))
    return elapsed


# A peak RSS read with ``wait4`` counts what the process held before its ``exec``: a child
# forked from this harness starts as a copy of it, so once the in-process benchmarks (B2, B4)
# had grown the harness, every command measured after them "peaked" at the harness's own size
# (87 MB for both sizes of B5, where the commands alone peak at 44-53 MB). The commands whose
# memory is measured are forked by a small helper process instead: its own size (an
# interpreter that has imported json and subprocess) is below any command's.
_SPAWNER = """
import json, os, subprocess, sys
for line in sys.stdin:
    job = json.loads(line)
    with open(job["err"], "wb") as err:
        child = subprocess.Popen(job["cmd"], cwd=job["cwd"], env=job["env"],
                                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
    print(json.dumps([os.waitstatus_to_exitcode(status), usage.ru_maxrss]), flush=True)
"""
_spawner: subprocess.Popen[str] | None = None


def peak_rss(cmd: list[str], env: dict[str, str]) -> float:
    """Run ``cmd`` (stdout discarded); its own peak resident set size in KB (``wait4``, in the
    small helper process that forks it)."""
    global _spawner
    if _spawner is None or _spawner.poll() is not None:
        _spawner = subprocess.Popen(
            [sys.executable, "-c", _SPAWNER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True,
        )  # fmt: skip
    assert _spawner.stdin is not None and _spawner.stdout is not None
    with tempfile.NamedTemporaryFile() as err:
        job = {"cmd": cmd, "cwd": str(ROOT), "env": env, "err": err.name}
        _spawner.stdin.write(json.dumps(job) + "\n")
        _spawner.stdin.flush()
        answer = _spawner.stdout.readline()
        if not answer:
            raise BenchError("the process that measures peak memory stopped")
        returncode, maxrss = json.loads(answer)
        if returncode != 0:
            tail = Path(err.name).read_text(errors="replace").strip().splitlines()[-3:]
            raise BenchError(f"`{' '.join(cmd[:6])}…` exited {returncode}: {tail}")
    return float(maxrss)  # KB on Linux


def rounds(k: int, *measures: Callable[[], float]) -> list[list[float]]:
    """``k`` samples of each measure, the measures interleaved within a round."""
    samples: list[list[float]] = [[] for _ in measures]
    for _ in range(k):
        for sample, measure in zip(samples, measures, strict=True):
            sample.append(measure())
    return samples


def medians(k: int, *measures: Callable[[], float]) -> list[float]:
    """Each measure's median over ``k`` interleaved rounds."""
    return [statistics.median(s) for s in rounds(k, *measures)]


def timed(call: Callable[[], Any]) -> Callable[[], float]:
    def measure() -> float:
        started = time.perf_counter()
        call()
        return time.perf_counter() - started

    return measure


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# --- stores ------------------------------------------------------------------------------------


def digest(*paths: Path) -> str:
    """A short digest of the ``.py`` files at ``paths`` (files, or packages searched deeply)."""
    hashed = hashlib.sha256()
    for root in paths:
        for path in sorted(root.rglob("*.py")) if root.is_dir() else [root]:
            hashed.update(str(path.relative_to(ROOT)).encode())
            hashed.update(path.read_bytes())
    return hashed.hexdigest()[:12]


def code_digest() -> str:
    """The code that decides what a store holds (events, read models)."""
    return digest(*(ROOT / package for package in STORE_CODE))


def copy_store(source: Path, target: Path) -> Path:
    """A SQLite store and its WAL, if any (the library switches stores to WAL)."""
    for suffix in ("", "-wal", "-shm"):
        extra = Path(str(target) + suffix)
        extra.unlink(missing_ok=True)
        if Path(str(source) + suffix).exists():
            shutil.copyfile(str(source) + suffix, extra)
    return target


def positions(db: Path) -> int:
    """How many events a store holds (positions are dense: the last one)."""
    from campaign.service.ledger import Ledger
    from campaign.store import parse_store_url

    with Ledger(parse_store_url(str(db))) as ledger:
        return ledger.last_position()


class Stores:
    """Generated logs and the stores replayed from them, cached across runs.

    The cache is keyed on the generator and the sizes: stores outlive changes to the code,
    as a GM's stores do (events are upcast, read models carry a version and are rebuilt on
    first read). Each cached store is caught up once per run before it is measured, and the
    report says when the stores were built by other code; ``--fresh`` rebuilds them.
    """

    def __init__(
        self, sizes: Sizes, cache_root: Path, scratch: Path, env: dict[str, str], fresh: bool
    ) -> None:
        self.sizes, self.scratch, self.env = sizes, scratch, env
        prefix = f"{sizes.file_sessions}x{sizes.session_events}-seed{SEED}-"
        self.cache = cache_root / (prefix + digest(Path(generate.__file__)))
        for stale in cache_root.iterdir():  # logs of another generator: never read again
            if stale.is_dir() and stale.name.startswith(prefix) and stale != self.cache:
                shutil.rmtree(stale, ignore_errors=True)
        if fresh:
            shutil.rmtree(self.cache, ignore_errors=True)
        self.cache.mkdir(parents=True, exist_ok=True)
        self.code = code_digest()
        self.used: dict[Path, str] = {}  # store → the code digest that built it

    def _ready(self, store: Path) -> Path:
        """A cached store, caught up with this code's read models (once per run)."""
        if store not in self.used:
            run([CAMPAIGN, "--db", str(store), "status", "--json"], self.env)
            built = store.with_suffix(".built")
            self.used[store] = built.read_text().strip() if built.exists() else "unrecorded"
        return store

    def _keep(self, work: Path, target: Path) -> None:
        """Store ``work`` (caught up) in the cache as ``target``, with the code that built it."""
        run([CAMPAIGN, "--db", str(work), "status", "--json"], self.env)
        tmp = target.with_suffix(".tmp")
        copy_store(work, tmp)
        for suffix in ("", "-wal", "-shm"):
            if Path(str(tmp) + suffix).exists():
                Path(str(tmp) + suffix).replace(str(target) + suffix)
        target.with_suffix(".built").write_text(code_digest() + "\n")

    def stale_note(self) -> str | None:
        now = code_digest()
        notes = []
        if now != self.code:
            notes.append(f"the code changed during the run ({self.code} → {now})")
        others = sorted({code for code in self.used.values() if code != now})
        if others:
            notes.append(
                f"cached stores were built by other code ({', '.join(others)}; now {now}): "
                "`--fresh` rebuilds them"
            )
        return "; ".join(notes) or None

    def logs(self) -> list[Path]:
        """The generated campaign, one file per ``file_events`` events (written once)."""
        paths = [self.cache / f"part-{n:03d}.log" for n in range(1, self.sizes.big_files + 1)]
        if not all(p.exists() for p in paths):
            campaign = generate.Campaign(SEED)
            for path in paths:
                text = campaign.log(self.sizes.file_sessions, self.sizes.session_events)
                path.with_suffix(".tmp").write_text(text)
                path.with_suffix(".tmp").replace(path)
        return paths

    def series(self, files: int) -> Path:
        """The store of the first ``files`` files, built on the largest cached one below it and
        kept at every size the benchmarks use on the way (one file, B2's, B5's)."""
        target = self._series_path(files)
        if target.exists():
            return self._ready(target)
        logs = self.logs()
        below = [n for n in range(files - 1, 0, -1) if self._series_path(n).exists()]
        start = below[0] if below else 0
        work = self.scratch / "building.db"
        for suffix in ("", "-wal", "-shm", ".lock"):
            Path(str(work) + suffix).unlink(missing_ok=True)
        if start:
            copy_store(self._ready(self._series_path(start)), work)
        wanted = {1, self.sizes.rebuild_files, self.sizes.big_files, files}
        for stop in sorted(n for n in wanted if start < n <= files):
            events = stop * self.sizes.file_events
            say(f"building the {events:,}-event store (cached for later runs)…")
            run([CAMPAIGN, "--db", str(work), "replay", *map(str, logs[start:stop])], self.env)
            self._keep(work, self._series_path(stop))
            start = stop
        return self._ready(target)

    def _series_path(self, files: int) -> Path:
        return self.cache / f"series-{files:03d}.db"

    def long(self) -> Path:
        """B4's store: a company with ``long_company`` events and one with 100."""
        target = self.cache / f"long-{self.sizes.long_company}.db"
        if not target.exists():
            log = self.cache / f"long-{self.sizes.long_company}.log"
            log.write_text(generate.long_history(self.sizes.long_company, SHORT_COMPANY))
            work = self.scratch / "building-long.db"
            say(f"building the store of a {self.sizes.long_company:,}-event company (cached)…")
            run([CAMPAIGN, "--db", str(work), "replay", str(log)], self.env)
            self._keep(work, target)
        return self._ready(target)

    def copy(self, source: Path, name: str) -> Path:
        return copy_store(source, self.scratch / name)


# --- the benchmarks ----------------------------------------------------------------------------


class Harness:
    def __init__(self, sizes: Sizes, stores: Stores, env: dict[str, str]) -> None:
        self.sizes, self.stores, self.env = sizes, stores, env
        self.facts: list[str] = []
        self.failed: list[str] = []
        self._live: Path | None = None
        self._live_note: float | None = None

    # B1 ------------------------------------------------------------------------------------

    def b1(self) -> list[Row]:
        log = self.stores.logs()[0]
        counter = iter(range(10**6))

        def fresh(name: str) -> str:
            return str(self.stores.scratch / f"{name}-{next(counter)}.db")

        def replay(db: str | None = None) -> float:
            return run([CAMPAIGN, "--db", db or fresh("ingest"), "replay", str(log)], self.env)

        def baseline(kind: str) -> Callable[[], float]:
            def measure() -> float:
                cmd = [PYTHON, "-m", "benchmarks.baselines", kind, fresh(kind), str(events)]
                return run(cmd, self.env)

            return measure

        first_db = fresh("ingest")
        first = replay(first_db)  # round 1's replay: its store says how many events it records
        events = positions(Path(first_db))
        self.facts.append(f"B1: the log has {events:,} events ({log.stat().st_size:,} bytes)")
        chain = statistics.median(_chain_alone(Path(first_db)) for _ in range(self.sizes.repeats))
        kinds = ("es-save", "sqlite-rows", "es-save-fold")
        firsts = [baseline(kind)() for kind in kinds]
        samples = rounds(self.sizes.repeats - 1, replay, *(baseline(kind) for kind in kinds))
        measured, es, raw, es_fold = (
            statistics.median([f, *rest]) for f, rest in zip((first, *firsts), samples, strict=True)
        )
        what = f"`campaign replay` of {events:,} events, fresh SQLite"
        bare = "bare eventsourcing.sqlite, one save"
        return [
            Row("B1 ingest", what, measured, es, "s", 1.5, bare),
            Row("B1 ingest", what, measured, raw, "s", None, "raw sqlite3 executemany"),
            # what the target leaves: a replay reports the audit's findings (SPEC §5), which
            # are read models, and these start from the aggregates' states
            Row("B1 floor", "the bare save, then its events read back and applied to their "
                "aggregates (the library's own fold, no read model)", es_fold, es, "s", None,
                bare),
            Row("B1 floor", "the hash chain alone (SPEC §7): each event's SHA-256 over its "
                "canonical form, in-process", chain, es, "s", None, bare),
        ]  # fmt: skip

    # B2 ------------------------------------------------------------------------------------

    def b2(self) -> list[Row]:
        from campaign.service.ledger import Ledger
        from campaign.store import parse_store_url

        db = self.stores.copy(self.stores.series(self.sizes.rebuild_files), "rebuild.db")
        with Ledger(parse_store_url(str(db))) as ledger:
            events = ledger.last_position()
            app = ledger.opened.app

            def read(apply: bool = False, rows: Path | None = None) -> None:
                start, seen = 1, 0
                folded: dict[Any, Any] = {}
                kept: list[tuple[int, int, str, str]] = []
                while True:
                    batch = app.recorder.select_notifications(start=start, limit=500)
                    if not batch:
                        break
                    for notification in batch:
                        e = app.mapper.to_domain_event(notification)
                        if apply:
                            folded[e.originator_id] = e.mutate(folded.get(e.originator_id))
                        if rows is not None:
                            kept.append(
                                (notification.id, e.position, type(e).__name__,
                                 str(e.originator_id))
                            )  # fmt: skip
                    seen += len(batch)
                    start = batch[-1].id + 1
                assert seen == events, (seen, events)
                if rows is not None:
                    _write_rows(rows, kept)

            measured, baseline, applied, with_rows = medians(
                self.sizes.repeats,
                timed(ledger.queries.rebuild),
                timed(read),
                timed(lambda: read(apply=True)),
                timed(lambda: read(apply=True, rows=self.stores.scratch / "floor.db")),
            )
        what = f"`Ledger.rebuild()` of {events:,} events"
        reading = "read them: notification log"
        return [
            Row("B2 rebuild", what, measured, baseline, "s", 2.0, reading),
            # the least any rebuild of read models built from aggregate states does: read each
            # event, apply it with the library's own `mutate`; then one row per event (history)
            Row("B2 floor", "read them, apply each to its aggregate (the library's own fold)",
                applied, baseline, "s", None, reading),
            Row("B2 floor", "… and write one 4-column row per event (executemany, one commit)",
                with_rows, baseline, "s", None, reading),
        ]  # fmt: skip

    # B3 ------------------------------------------------------------------------------------

    def live_store(self) -> Path:
        """A copy of the one-file store (a campaign with a past) with a session open."""
        if self._live is None:
            live = self.stores.copy(self.stores.series(1), "live.db")
            session = self.sizes.file_sessions + 1
            run([CAMPAIGN, "--db", str(live), "session", str(session)], self.env)
            self._live = live
        return self._live

    def note(self) -> float:
        return run([CAMPAIGN, "--db", str(self.live_store()), "note", "at the table"], self.env)

    def b3(self) -> list[Row]:
        k = self.sizes.startup_repeats
        typer_only = [PYTHON, "-c", "import typer"]
        floor = [PYTHON, "-c", "import typer, sqlite3, eventsourcing.application"]
        version, help_ = [CAMPAIGN, "--version"], [CAMPAIGN, "--help"]
        for cmd in (typer_only, floor, version, help_):
            run(cmd, self.env)  # warm: bytecode written, files in the page cache
        self.note()

        def proc(cmd: list[str]) -> Callable[[], float]:
            return lambda: run(cmd, self.env)

        t_version, t_help, t_typer = medians(k, proc(version), proc(help_), proc(typer_only))
        t_note, t_floor = medians(k, self.note, proc(floor))
        self._live_note = t_note
        note_what = "`campaign --db X note …` (open session, 1-file history)"
        return [
            Row("B3 start-up", "`campaign --version`", t_version, t_typer, "s", 1.5,
                "`python -c 'import typer'`"),
            Row("B3 start-up", "`campaign --help`", t_help, t_typer, "s", 3.0,
                "`python -c 'import typer'`"),
            Row("B3 start-up", note_what, t_note, t_floor, "s", 1.5,
                "`import typer, sqlite3, eventsourcing.application`"),
        ]  # fmt: skip

    # B4 ------------------------------------------------------------------------------------

    def b4(self) -> list[Row]:
        from aggregates.base import aggregate_id
        from campaign.service.ledger import Ledger
        from campaign.service.queries import STATE
        from campaign.store import parse_store_url
        from projections.checkpoints import EVERY

        db = self.stores.copy(self.stores.long(), "long.db")
        with Ledger(parse_store_url(str(db))) as ledger:
            big, small = aggregate_id("company", "big"), aggregate_id("company", "small")
            long_version = ledger.uow.get(big).version
            short_version = ledger.uow.get(small).version
            t_big, t_small = medians(
                self.sizes.load_repeats,
                timed(lambda: ledger.uow.get(big)),
                timed(lambda: ledger.uow.get(small)),
            )
            # The same at the version before: the most events after a snapshot (49 of 50)
            t_big_worst, t_small_worst = medians(
                self.sizes.load_repeats,
                timed(lambda: ledger.uow.get(big, version=long_version - 1)),
                timed(lambda: ledger.uow.get(small, version=short_version - 1)),
            )
            last = ledger.last_position()
            # late: the point with the most events after its nearest checkpoint (EVERY - 1)
            early = min(200, last // 10)
            late = (last // EVERY) * EVERY - 1 if last > EVERY else last - 5
            try:
                # the first travel folds from position 1 and takes the checkpoints on its way
                (t_first,) = medians(1, timed(lambda: ledger.queries.status(as_of=f"event:{late}")))
                kept, nearest = _checkpoints(ledger, late)
                self.facts.append(
                    f"B4: the first travel to event:{late:,} took {t_first:.2f} s: it folded from "
                    f"position 1 and took {kept} checkpoints (one every {EVERY:,} events); the "
                    f"travels measured start from the nearest, at {nearest:,}"
                )
                t_late, t_early, t_live = medians(
                    self.sizes.repeats,
                    timed(lambda: ledger.queries.status(as_of=f"event:{late}")),
                    timed(lambda: ledger.queries.status(as_of=f"event:{early}")),
                    timed(
                        ledger.queries.status
                    ),  # no fold: the query alone, on the live read models
                )
                listed = {  # the status itself grows: it lists every company modifier
                    point: sum(
                        len(c["modifiers"]) for c in ledger.queries.status(as_of=point).companies
                    )
                    for point in (f"event:{late}", f"event:{early}")
                }
                self.facts.append(
                    "B4: the status lists "
                    + " and ".join(f"{n:,} company modifiers at {p}" for p, n in listed.items())
                )
                # The fold alone, without the status query (whose answer grows with the
                # history): as many events after a checkpoint far from the start as from
                # position 1 — what "proportional to the events after the nearest snapshot" says.
                far = late if late >= EVERY else last
                checkpoint = far // EVERY * EVERY
                after = far - checkpoint

                def fold_to(position: int) -> Callable[[], None]:
                    def run() -> None:
                        with ledger.queries.reading(f"event:{position}", STATE):
                            pass

                    return run

                fold_to(far)()  # takes the checkpoint if the first travel did not pass it
                t_far, t_near = medians(
                    self.sizes.repeats, timed(fold_to(far)), timed(fold_to(after))
                )
            except Exception as error:  # the load rows stand on their own
                t_late = t_early = t_live = t_far = t_near = None
                self.failed.append(f"B4 time travel: {type(error).__name__}: {error}")
        self.facts.append(
            f"B4: companies of {long_version:,} and {short_version:,} events in a store of "
            f"{last:,}; snapshots every {_interval()} events; time travel to event:{late:,} "
            f"and event:{early:,}"
        )
        rows = [
            Row("B4 long history", f"load a company of {long_version:,} events", t_big, t_small,
                "s", 2.0, f"load one of {short_version:,}"),
            Row("B4 long history", f"load it at version {long_version - 1:,}", t_big_worst,
                t_small_worst, "s", 2.0, f"the short one at version {short_version - 1:,}"),
        ]  # fmt: skip
        if t_late is not None and t_early is not None:
            rows.append(
                Row("B4 long history", f"`status(as_of='event:{late:,}')`", t_late, t_live,
                    "s", 2.0, f"`status()` live ({last:,}): nearly the same output, no fold")
            )  # fmt: skip
            rows.append(
                Row("B4 long history", f"`status(as_of='event:{late:,}')`", t_late, t_early,
                    "s", None, f"`status(as_of='event:{early}')`: a far shorter status")
            )  # fmt: skip
        if t_far is not None and t_near is not None:
            rows.append(
                Row("B4 long history", f"the fold for `event:{far:,}`: {after:,} events after "
                    f"the checkpoint at {checkpoint:,}", t_far, t_near, "s", 2.0,
                    f"the fold for `event:{after:,}`: as many, from position 1")
            )  # fmt: skip
        return rows

    # B5 ------------------------------------------------------------------------------------

    def b5(self) -> list[Row]:
        small = self.stores.series(1)
        big = self.stores.series(self.sizes.big_files)
        n_small, n_big = positions(small), positions(big)
        rows = []
        for words in (["export"], ["history", "--json"]):

            def rss(db: Path, words: list[str] = words) -> Callable[[], float]:
                return lambda: peak_rss([CAMPAIGN, "--db", str(db), *words], self.env)

            m_big, m_small = medians(self.sizes.memory_repeats, rss(big), rss(small))
            rows.append(
                Row("B5 memory", f"peak RSS `campaign {' '.join(words)}`, {n_big:,} events",
                    m_big, m_small, "KB", 1.5, f"the same, {n_small:,} events")
            )  # fmt: skip
        return rows

    # B6 ------------------------------------------------------------------------------------

    def b6(self) -> list[Row]:
        live = self.live_store()
        before = positions(live)
        in_shell = shell_latencies(live, self.env, self.sizes.shell_lines)
        recorded = positions(live) - before
        if recorded != len(in_shell) + SHELL_WARM:
            raise BenchError(
                f"the shell recorded {recorded} notes, not {len(in_shell) + SHELL_WARM}"
            )
        if self._live_note is None:
            self.note()  # warm
            (self._live_note,) = medians(self.sizes.startup_repeats, self.note)
        return [
            Row("B6 at the table", "`note …` inside `campaign shell` (median)",
                statistics.median(in_shell), self._live_note, "s", 0.10,
                "`campaign --db X note …`, a process")
        ]  # fmt: skip


def _checkpoints(ledger: Any, at: int) -> tuple[int, int]:
    """How many read-model checkpoints the store keeps, and the nearest at or before ``at``."""
    from sqlalchemy import func, select

    from projections.tables import checkpoints

    c = checkpoints.c
    with ledger.queries.reading() as connection:
        kept = connection.scalar(select(func.count()).select_from(checkpoints))
        nearest = connection.scalar(select(func.max(c.position)).where(c.position <= at))
    return int(kept or 0), int(nearest or 0)


def _interval() -> str:
    try:
        from campaign.service.application import SNAPSHOT_INTERVAL

        return str(SNAPSHOT_INTERVAL)
    except Exception:  # only a label
        return "?"


PROMPT = b"campaign> "
SHELL_WARM = 3  # commands sent to the shell before timing


def shell_latencies(
    db: Path, env: dict[str, str], lines: int, warm: int = SHELL_WARM
) -> list[float]:
    """Seconds from typing a logging command into ``campaign shell`` to its next prompt. The
    shell's input is a terminal (a pseudo-terminal, echo off), as at the table: it prompts only
    there."""
    import pty
    import termios

    terminal, line = pty.openpty()
    attributes = termios.tcgetattr(line)
    attributes[3] &= ~termios.ECHO
    termios.tcsetattr(line, termios.TCSANOW, attributes)
    with tempfile.TemporaryFile() as err:
        try:
            shell = subprocess.Popen(
                [CAMPAIGN, "--db", str(db), "shell"], cwd=ROOT, env=env,
                stdin=line, stdout=subprocess.PIPE, stderr=err,
            )  # fmt: skip
        finally:
            os.close(line)
        assert shell.stdout is not None
        fd = shell.stdout.fileno()

        def until_prompt() -> bytes:
            seen = b""
            while not seen.endswith(PROMPT):
                chunk = os.read(fd, 65536)
                if not chunk:
                    err.seek(0)
                    raise BenchError(f"campaign shell ended: {err.read().decode()[-300:]}")
                seen += chunk
            return seen

        try:
            until_prompt()
            times = []
            for n in range(warm + lines):
                started = time.perf_counter()
                os.write(terminal, f'note "at the table, line {n}"\n'.encode())
                until_prompt()
                if n >= warm:
                    times.append(time.perf_counter() - started)
            os.write(terminal, b"exit\n")
            shell.wait(timeout=60)
        finally:
            if shell.poll() is None:
                shell.kill()
                shell.wait()
            os.close(terminal)
        err.seek(0)
        errors = err.read().decode(errors="replace").strip()
        if "error" in errors:
            raise BenchError(f"campaign shell reported: {errors[-300:]}")
    return times


# --- the table ---------------------------------------------------------------------------------


def _chain_alone(db: Path) -> float:
    """B1's floor: the seconds the hash chain takes over a store's events, as ``_seal`` in
    ``aggregates/base.py`` computes it when they are recorded — checked: the recomputed chain
    ends on the store's last hash."""
    from eventsourcing.utils import get_topic

    from campaign.core.integrity import GENESIS, event_hash
    from campaign.service.ledger import Ledger
    from campaign.store import parse_store_url

    sealed, last = [], GENESIS
    with Ledger(parse_store_url(str(db))) as ledger:
        for e in ledger.history.events():
            state = {k: v for k, v in vars(e).items()
                     if k not in ("originator_id", "originator_version")}  # fmt: skip
            if getattr(type(e), "class_version", 1) > 1:
                state["class_version"] = type(e).class_version
            sealed.append((get_topic(type(e)), e.originator_id, e.originator_version, state))
            last = e.hash
    started = time.perf_counter()
    digest = GENESIS
    for topic, originator, version, state in sealed:
        digest = event_hash(topic, originator, version, state, digest)
    took = time.perf_counter() - started
    if digest != last:
        raise BenchError("the recomputed hash chain does not end on the store's last hash")
    return took


def _write_rows(db: Path, rows: list[tuple[int, int, str, str]]) -> None:
    """B2's floor: one row per event into a fresh SQLite file, one transaction."""
    db.unlink(missing_ok=True)
    connection = sqlite3.connect(db, isolation_level=None)
    connection.execute(
        "CREATE TABLE rows (id INTEGER PRIMARY KEY, position INTEGER, kind TEXT, subject TEXT)"
    )
    connection.execute("BEGIN")
    connection.executemany("INSERT INTO rows VALUES (?, ?, ?, ?)", rows)
    connection.execute("COMMIT")
    connection.close()


def fmt(value: float, unit: str) -> str:
    if unit == "KB":
        return f"{value / 1024:,.0f} MB"
    if value < 0.01:
        return f"{value * 1000:,.2f} ms"
    if value < 1:
        return f"{value * 1000:,.1f} ms" if value < 0.1 else f"{value * 1000:,.0f} ms"
    return f"{value:,.2f} s"


def table(rows: list[Row]) -> str:
    lines = [
        "| benchmark | measured | | baseline | | ratio | target | met |",
        "|---|---|--:|---|--:|--:|--:|---|",
    ]
    for r in rows:
        target = "—" if r.target is None else f"≤ {r.target:g}×"
        met = "—" if r.met is None else ("yes" if r.met else "**no**")
        lines.append(
            f"| {r.bench} | {r.what} | {fmt(r.measured, r.unit)} | {r.baseline_what} | "
            f"{fmt(r.baseline, r.unit)} | {r.ratio:,.2f}× | {target} | {met} |"
        )
    return "\n".join(lines)


def machine() -> str:
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    from importlib.metadata import version

    libs = ", ".join(f"{p} {version(p)}" for p in ("eventsourcing", "typer", "rich", "sqlalchemy"))
    return (
        f"machine: {os.cpu_count()} CPUs ({model}), {platform.system()} {platform.release()}; "
        f"Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}; {libs}"
    )


@contextmanager
def scratch_dir(root: Path) -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix="run-", dir=root))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Campaign Ledger benchmarks (issue 7).")
    parser.add_argument("--quick", action="store_true", help="sizes ÷20, k small: for CI")
    parser.add_argument("--only", help="a comma-separated subset, e.g. B1,B3")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is not met")
    parser.add_argument("--fresh", action="store_true", help="rebuild the cached stores")
    parser.add_argument(
        "--cache",
        type=Path,
        default=Path(
            os.environ.get("CAMPAIGN_BENCH_CACHE")
            or Path(tempfile.gettempdir()) / "campaign-ledger-bench"
        ),
        help="where generated logs and stores are kept between runs",
    )
    args = parser.parse_args(argv)
    chosen = ALL if not args.only else tuple(b.strip().upper() for b in args.only.split(","))
    unknown = [b for b in chosen if b not in ALL]
    if unknown:
        parser.error(f"unknown benchmark {', '.join(unknown)}: choose among {', '.join(ALL)}")
    sizes = QUICK if args.quick else FULL
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # clean the scratch dir up
    args.cache.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    rows: list[Row] = []
    failed: list[str] = []
    with scratch_dir(args.cache) as scratch:
        env = environment(scratch)
        stores = Stores(sizes, args.cache, scratch, env, args.fresh)
        harness = Harness(sizes, stores, env)
        for bench in chosen:
            say(f"{bench}…")
            try:
                rows += getattr(harness, bench.lower())()
            except Exception as error:  # a BenchError or a bug: report it, go on
                failed.append(f"{bench}: {type(error).__name__}: {error}")
    sys.stderr.flush()
    print(machine())
    if args.quick:
        print("quick mode: sizes reduced, ratios indicative")
    print(
        f"sizes: {sizes.file_events:,} events per generated file "
        f"({sizes.file_sessions} sessions × ~{sizes.session_events}); k = {sizes.repeats} "
        f"(start-up {sizes.startup_repeats}, loads {sizes.load_repeats}, "
        f"memory {sizes.memory_repeats}, shell {sizes.shell_lines} lines); "
        f"ran in {time.perf_counter() - started:,.0f} s"
    )
    print()
    print(table(rows))
    for fact in harness.facts:
        print(f"- {fact}")
    failed += harness.failed
    note = stores.stale_note()
    if note:
        print(f"- {note}")
    for failure in failed:
        print(f"- FAILED {failure}")
    if failed:
        return 1
    if args.strict and any(r.met is False for r in rows):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
