"""The generated logs and the stores replayed from them, cached across runs of the harness."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

from benchmarks import generate
from benchmarks.measure import CAMPAIGN, ROOT, SEED, SHORT_COMPANY, Sizes, run, say

STORE_CODE = ("campaign", "aggregates", "projections")  # what decides a store's content
GENERATOR = ("generate.py", "world.py", "encounters.py")  # what decides the generated logs


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
        here = Path(generate.__file__).parent
        self.cache = cache_root / (prefix + digest(*(here / name for name in GENERATOR)))
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
