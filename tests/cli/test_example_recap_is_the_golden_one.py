"""Given the bundled example campaign, when its recap is written, then the GM's recap is the
golden one (tests/golden/example-recap.md): telling the players' recap apart changes nothing of
the GM's (docs/cli.md#export-and-import)."""

from __future__ import annotations

from tests.paths import GOLDEN, ROOT

LOGS = sorted((ROOT / "examples" / "campaign").glob("*.log"))


def test_the_gm_recap_of_the_example_is_the_golden_one(campaign, tmp_path):
    db = str(tmp_path / "campaign.db")
    replayed = campaign("--db", db, "replay", *map(str, LOGS))
    assert replayed.exit_code == 0, replayed.output
    result = campaign("--db", db, "export", "--format", "markdown")
    assert result.exit_code == 0, result.output
    assert result.stdout == (GOLDEN / "example-recap.md").read_text("utf-8")
