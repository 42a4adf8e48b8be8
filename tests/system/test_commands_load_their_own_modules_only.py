"""`campaign stats` and `campaign report` compute and draw with modules of their own — the
report's with its charts' module, which reads Chart.js's script (the choice:
docs/ARCHITECTURE.md) — which no other command imports (cli/main.py imports a command's module
when it runs: start-up, docs/PERFORMANCE.md): every other command starts as before."""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest

from tests.paths import ROOT

STATS = ("projections.stats", "cli.stats", "cli.render.stats", "campaign.service.results.stats")
REPORT = ("cli.report", "cli.render.report_html", "cli.render.charts",
          "campaign.service.report", "campaign.history.report")  # fmt: skip
LOG = ROOT / "examples" / "campaign" / "01-swords-for-hire.log"


def _loaded(modules: tuple[str, ...], *args: str) -> list[str]:
    """Which of ``modules`` a `campaign` process given ``args`` has imported when it ends."""
    probe = (
        "import atexit, sys\n"
        f"atexit.register(lambda: print('loaded:', [m for m in {modules!r} if m in sys.modules]))\n"
        "sys.argv = ['campaign', *sys.argv[1:]]\n"
        "from cli.main import main\n"
        "main()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, *args], cwd=ROOT, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return ast.literal_eval(done.stdout.rsplit("loaded:", 1)[1].strip())


@pytest.mark.slow
@pytest.mark.subprocess
def test_only_stats_imports_the_stats_modules(tmp_path):
    db = str(tmp_path / "c.db")
    assert _loaded(STATS, "--db", db, "replay", str(LOG)) == []
    for command in (["status"], ["history"], ["audit"], ["export", "--format", "markdown"]):
        assert _loaded(STATS, "--db", db, *command) == [], command
    assert _loaded(STATS, "--db", db, "stats") == list(STATS)


@pytest.mark.slow
@pytest.mark.subprocess
def test_only_report_reads_the_chart_library(tmp_path):
    db = str(tmp_path / "c.db")
    assert _loaded(REPORT, "--db", db, "replay", str(LOG)) == []
    others = (["--help"], ["status"], ["history"], ["audit"], ["stats"],
              ["export", "--format", "markdown"], ["session", "2"],
              ["note", "a quiet evening"])  # fmt: skip
    for command in others:
        assert _loaded(REPORT, "--db", db, *command) == [], command
    assert _loaded(REPORT, "--db", db, "report", "-o", str(tmp_path / "r.html")) == list(REPORT)
