"""French costs start-up nothing it need not (docs/PERFORMANCE.md, docs/translating.md): the
catalogue is read with the standard library's gettext; Babel, which makes the catalogue, is never
imported by the tracker — not by `--version`, not by `--help` in either language."""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest

from tests.paths import ROOT


def _babel_loaded(*args: str) -> tuple[list[str], str]:
    probe = (
        "import atexit, sys\n"
        "atexit.register(lambda: print('loaded:', sorted(m for m in sys.modules"
        " if m == 'babel' or m.startswith('babel.'))))\n"
        "sys.argv = ['campaign', *sys.argv[1:]]\n"
        "from cli.main import main\n"
        "main()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, *args], cwd=ROOT, capture_output=True, text=True,
        timeout=120, env={"PATH": "/usr/bin:/bin", "CAMPAIGN_LANG": "en"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    said, loaded = done.stdout.rsplit("loaded:", 1)
    return ast.literal_eval(loaded.strip()), said


@pytest.mark.slow
@pytest.mark.subprocess
@pytest.mark.parametrize(
    "args",
    [["--version"], ["--help"], ["--lang", "fr", "--help"], ["--lang", "fr", "save", "--help"]],
)
def test_start_up_imports_no_babel(args):
    loaded, said = _babel_loaded(*args)
    assert loaded == []
    if "fr" in args:
        assert "Afficher ce message et sortir." in said  # French, from the compiled catalogue
