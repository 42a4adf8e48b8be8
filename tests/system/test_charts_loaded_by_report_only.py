"""The report's chart library (Matplotlib) and the modules that draw the page are imported by
`campaign report` only (cli/main.py imports a command's module when it runs: start-up,
docs/PERFORMANCE.md; the choice, docs/ARCHITECTURE.md): every other command starts as before."""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest

from tests.paths import ROOT

REPORT = ("matplotlib", "cli.report", "cli.render.report_html", "cli.render.charts",
          "campaign.service.report", "campaign.history.report")  # fmt: skip
PROBE = (
    "import atexit, sys\n"
    f"atexit.register(lambda: print('loaded:', [m for m in {REPORT!r} if m in sys.modules]))\n"
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
def test_only_report_imports_the_chart_library(tmp_path):
    db = str(tmp_path / "c.db")
    assert _loaded("--db", db, "replay", str(LOG)) == []
    others = (["--help"], ["status"], ["history"], ["audit"], ["stats"],
              ["export", "--format", "markdown"], ["session", "2"],
              ["note", "a quiet evening"])  # fmt: skip
    for command in others:
        assert _loaded("--db", db, *command) == [], command
    assert _loaded("--db", db, "report", "-o", str(tmp_path / "r.html")) == list(REPORT)
