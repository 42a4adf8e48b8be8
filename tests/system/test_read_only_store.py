"""Given a store the GM's process may not write (a read-only file, a read-only directory: a backup
on read-only media), when any command runs on it, then it exits 1 saying why and how to fix it —
every command writes to a store, reading ones too (they fold new events into the read models and
take the lock file beside it) — not a bare "attempt to write a readonly database".

As root every file is writable, so the commands run without the capability that lets root write
anyway (``setpriv``), as a GM's own account would."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.subprocess

CAMPAIGN = str(Path(sys.executable).with_name("campaign"))
HOW = "make the store and its directory writable, or copy the store to a place that is"


def as_a_gm():
    """The command prefix that runs without root's power to write anything."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: every file is writable")
    drop = "-dac_override,-dac_read_search"
    return [setpriv, "--bounding-set", drop, "--inh-caps", drop, "--"]


def run(db, *words):
    env = {k: v for k, v in os.environ.items() if not k.startswith("CAMPAIGN_")}
    return subprocess.run(
        [*as_a_gm(), CAMPAIGN, "--db", str(db), *words],
        env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


@pytest.fixture
def stores(tmp_path):
    made = tmp_path / "made" / "c.db"
    made.parent.mkdir()
    assert run(made, "session", "1").returncode == 0
    assert run(made, "note", "kept").returncode == 0
    read_only_file = tmp_path / "file" / "c.db"
    read_only_dir = tmp_path / "dir" / "c.db"
    for copy in (read_only_file, read_only_dir):
        copy.parent.mkdir()
        shutil.copy(made, copy)
    read_only_file.chmod(0o444)
    read_only_dir.parent.chmod(0o555)
    yield read_only_file, read_only_dir
    read_only_dir.parent.chmod(0o755)


def test_a_store_it_may_not_write_is_said_with_the_fix(stores):
    for db in stores:
        before = db.read_bytes()
        for words in (["status"], ["note", "x"], ["history", "--json"]):
            done = run(db, *words)
            assert done.returncode == 1, (db, words, done.stderr)
            assert HOW in done.stderr and "Traceback" not in done.stderr
        assert db.read_bytes() == before  # nothing written
