"""The figures of `campaign stats` are computed and drawn by modules of their own, which no other
command imports (cli/main.py imports a command's module when it runs: start-up,
docs/PERFORMANCE.md): `status`, `history`, `audit` and the recap run without them, `stats` with
them."""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest

from tests.paths import ROOT

STATS = ("projections.stats", "cli.stats", "cli.render.stats", "campaign.service.results.stats")
PROBE = (
    "import atexit, sys\n"
    f"atexit.register(lambda: print('loaded:', [m for m in {STATS!r} if m in sys.modules]))\n"
    "sys.argv = ['campaign', *sys.argv[1:]]\n"
    "from cli.main import main\n"
    "main()\n"
)
LOG = ROOT / "examples" / "campaign" / "01-swords-for-hire.log"


def _loaded(*args: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], cwd=ROOT, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return ast.literal_eval(done.stdout.rsplit("loaded:", 1)[1].strip())


@pytest.mark.slow
@pytest.mark.subprocess
def test_only_stats_imports_the_stats_modules(tmp_path):
    db = str(tmp_path / "c.db")
    assert _loaded("--db", db, "replay", str(LOG)) == []
    for command in (["status"], ["history"], ["audit"], ["export", "--format", "markdown"]):
        assert _loaded("--db", db, *command) == [], command
    assert _loaded("--db", db, "stats") == list(STATS)
