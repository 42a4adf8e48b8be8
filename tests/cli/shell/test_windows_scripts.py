"""A script written on Windows, piped into `campaign shell`: CR LF line ends and a BOM are no part
of its commands, as in a session log (docs/log-language.md#tokenising). Were they, the CR would be
recorded at the end of the last text of each line (`note 'quoted\\r'`, a modifier's reason
`'unpaid\\r'`), silently, and a BOM would make the first line an unknown command."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.subprocess

CAMPAIGN = str(Path(sys.executable).with_name("campaign"))
SCRIPT = [
    "session 1",
    'note "quoted"',
    "company hire h --troop militia --size 5",
    "company modifier h -1 --reason unpaid",
    "note last",
]


def _recorded(db: str) -> list[tuple[str, object]]:
    done = subprocess.run(
        [CAMPAIGN, "--db", db, "history", "--json"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return [(event["command"], event.get("note")) for event in json.loads(done.stdout)["events"]]


def test_a_windows_script_records_what_the_same_lines_record_from_a_unix_one(tmp_path):
    recorded = {}
    for name, text in {
        "unix": "\n".join(SCRIPT) + "\n",
        "windows": "\ufeff" + "\r\n".join(SCRIPT) + "\r\n",
    }.items():
        db = str(tmp_path / f"{name}.db")
        done = subprocess.run(
            [CAMPAIGN, "--db", db, "shell"], input=text.encode(), capture_output=True,
            timeout=120,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr.decode()
        recorded[name] = _recorded(db)
    assert recorded["windows"] == recorded["unix"]
    assert ("note quoted", "quoted") in recorded["unix"]
    assert not any("\r" in json.dumps(row) for row in recorded["windows"])
