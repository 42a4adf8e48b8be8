"""Given the bundled example campaign, when a French GM runs ``CAMPAIGN_LANG=fr examples/play.sh``,
then it prints the golden French transcript (tests/golden/example-play-fr.txt, which
tests/cli/test_example_in_french_is_the_golden_one.py checks for English words left)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.paths import GOLDEN, ROOT

EXAMPLES = ROOT / "examples"

pytestmark = pytest.mark.subprocess


def test_play_script_in_french_prints_the_golden_transcript(tmp_path):
    binary = Path(sys.executable).parent / "campaign"
    assert binary.exists(), f"{binary}: install the project (pip install -e .) first"
    env = {**os.environ, "COLUMNS": "100", "NO_COLOR": "1", "CAMPAIGN_LANG": "fr"}
    for name in ("CAMPAIGN_DB", "CAMPAIGN_GM", "CAMPAIGN_KEY", "CAMPAIGN_SEED"):
        env.pop(name, None)
    played = subprocess.run(
        [str(EXAMPLES / "play.sh"), str(binary), str(tmp_path / "play.db")],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=300,
        check=False,
    )
    assert played.returncode == 0, played.stderr
    shown = played.stdout.replace(str(EXAMPLES), "examples")
    assert shown == (GOLDEN / "example-play-fr.txt").read_text("utf-8")
