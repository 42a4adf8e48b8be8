"""Given two logs, the second holding a number of thousands of digits, when the GM replays them
with the installed command, then the replay ends with exit 2 naming the bad ``file:line``, says
that the first file landed, and the second wrote nothing (docs/log-language.md#values)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

CAMPAIGN = str(Path(sys.executable).with_name("campaign"))
HUGE = "7" * 5000


def campaign(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [CAMPAIGN, *args], capture_output=True, text=True, timeout=120, encoding="utf-8"
    )


@pytest.mark.subprocess
@pytest.mark.parametrize(
    "line",
    [f"morale ford goblins --roll 3,{HUGE}", f"retract event:{HUGE}", f"session {HUGE}"],
    ids=["roll", "position", "session"],
)
def test_a_replay_names_the_line_and_the_files_that_landed(tmp_path, line):
    db = str(tmp_path / "campaign.db")
    first = tmp_path / "01-first.log"
    first.write_text(
        "session 1\nencounter start ford\nencounter group ford goblins --count 9 --morale 7\n",
        encoding="utf-8",
    )
    second = tmp_path / "02-second.log"
    second.write_text(f"session 2\nnote before\n{line}\nnote after\n", encoding="utf-8")

    result = campaign("--db", db, "replay", str(first), str(second))

    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert f"{second}:3:" in result.stderr
    assert "5000 digits" in result.stderr
    assert f"landed before the error: {first}" in result.stdout.replace("\n", "")
    history = campaign("--db", db, "history", "--json")
    assert history.returncode == 0, history.stderr
    sessions = {event["session"] for event in json.loads(history.stdout)["events"]}
    assert 1 in sessions and 2 not in sessions
