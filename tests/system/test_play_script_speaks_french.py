"""Given the bundled example campaign, when a French GM runs ``CAMPAIGN_LANG=fr examples/play.sh``,
then it prints the golden French transcript (tests/golden/example-play-fr.txt, which
tests/cli/test_example_in_french_is_the_golden_one.py checks for English words left)."""

import pytest

from tests.paths import GOLDEN, ROOT
from tests.system.test_examples import play

EXAMPLES = ROOT / "examples"

pytestmark = pytest.mark.subprocess


def test_play_script_in_french_prints_the_golden_transcript(tmp_path):
    played = play(tmp_path, COLUMNS="100", CAMPAIGN_LANG="fr")
    assert played.returncode == 0, played.stderr
    shown = played.stdout.replace(str(EXAMPLES), "examples")
    assert shown == (GOLDEN / "example-play-fr.txt").read_text("utf-8")
