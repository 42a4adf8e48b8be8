"""A live command's text and whole numbers are read without pydantic's schema machinery
(cli/values.py): a process running `note` or `morale … --roll N` imports no module of Typer's
that builds a pydantic TypeAdapter. That machinery is most of a live command's start-up beyond
its imports (docs/PERFORMANCE.md#met-and-why)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.paths import ROOT

PROBE = (
    "import atexit, sys\n"
    "atexit.register(lambda: print('adapters:', 'typer._adapters' in sys.modules))\n"
    "sys.argv = ['campaign', *sys.argv[1:]]\n"
    "from cli.main import main\n"
    "main()\n"
)


def _adapters_loaded(*args: str) -> bool:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], cwd=ROOT, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip
    assert "adapters:" in done.stdout, done.stderr
    return done.stdout.rsplit("adapters:", 1)[1].strip() == "True"


@pytest.mark.slow
@pytest.mark.subprocess
def test_live_commands_read_their_values_without_pydantic(tmp_path):
    db = str(tmp_path / "c.db")
    assert not _adapters_loaded("--db", db, "session", "1", "--date", "2026-05-01")
    assert not _adapters_loaded("--db", db, "note", "The ford is guarded")
    assert not _adapters_loaded("--db", db, "encounter", "start", "ford", "--title", "Ford")
    assert not _adapters_loaded("--db", db, "group", "add", "ford", "goblins", "--count", "6")


@pytest.mark.slow
@pytest.mark.subprocess
def test_the_probe_sees_typer_build_an_adapter(tmp_path):
    # a choice is Typer's to read: the probe must see the machinery load, or it proves nothing
    assert _adapters_loaded("--db", str(tmp_path / "c.db"), "export", "--format", "jsonl")
