"""What the benchmarks share in one run: the sizes, the stores, the commands' environment, the
facts and failures the report lists, and the live store that start-up and the shell write to."""

from __future__ import annotations

from pathlib import Path

from benchmarks.measure import CAMPAIGN, Sizes, run
from benchmarks.stores import Stores


class Harness:
    def __init__(self, sizes: Sizes, stores: Stores, env: dict[str, str]) -> None:
        self.sizes, self.stores, self.env = sizes, stores, env
        self.facts: list[str] = []
        self.failed: list[str] = []
        self.live_note: float | None = None  # B3's `note`, B6's baseline
        self._live: Path | None = None

    def live_store(self) -> Path:
        """A copy of the one-file store (a campaign with a past) with a session open."""
        if self._live is None:
            live = self.stores.copy(self.stores.series(1), "live.db")
            session = self.sizes.file_sessions + 1
            run([CAMPAIGN, "--db", str(live), "session", str(session)], self.env)
            self._live = live
        return self._live

    def note(self) -> float:
        """The seconds of one live `note` on the live store, as a process."""
        return run([CAMPAIGN, "--db", str(self.live_store()), "note", "at the table"], self.env)
