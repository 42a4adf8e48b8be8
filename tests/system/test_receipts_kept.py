"""Given receipts a GM copied from ``session end`` into a notebook (docs/RELIABILITY.md#receipts),
when the store's last events are cut behind the tracker's back (``sqlite3 … "DELETE …"``), then
``campaign verify`` alone still says intact — the chain before the cut holds — but ``campaign
verify --expect-file NOTEBOOK`` names the cut and exits 1: real processes, a real SQLite file."""

import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.subprocess

CAMPAIGN = str(Path(sys.executable).with_name("campaign"))


def run(db: Path, *words: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CAMPAIGN_")}
    return subprocess.run(
        [CAMPAIGN, "--db", str(db), *words], env=env, capture_output=True, text=True, timeout=120
    )


def test_a_cut_store_is_named_by_the_receipts_session_end_printed(tmp_path):
    db, notebook = tmp_path / "c.db", tmp_path / "notebook.txt"
    kept = []
    for session in ("1", "2"):
        for words in (("session", session), ("note", f"evening {session}"), ("session", "end")):
            done = run(db, *words)
            assert done.returncode == 0, done.stderr
        kept += re.findall(r"^receipt: .*$", done.stdout, re.M)
    assert len(kept) == 2, kept
    notebook.write_text("# the campaign's receipts\n" + "\n".join(kept) + "\n", "utf-8")
    assert run(db, "verify", "--expect-file", str(notebook)).returncode == 0
    with sqlite3.connect(db) as connection:  # the second evening cut off
        connection.execute("DELETE FROM stored_events WHERE rowid > 4")
    connection.close()
    alone = run(db, "verify")
    assert alone.returncode == 0 and "intact: 4 events" in alone.stdout, alone.stdout
    found = run(db, "verify", "--expect-file", str(notebook))
    assert found.returncode == 1, found.stdout + found.stderr
    assert "cut: the history ends at 4, the receipt is for 7" in found.stdout, found.stdout
    assert f"receipt {kept[0].removeprefix('receipt: ')} holds" in found.stdout
