"""Given a terminal that is not UTF-8 (a Latin-1 locale, a cp1252 console) or a GM's name that is
not UTF-8 text, when the GM runs the CLI, then what a person reads shows what the terminal cannot
draw as ``?``, what a program reads (JSON, exports) is UTF-8 and loses nothing, and a bad
``--gm`` is bad input (exit 2) — never a traceback.

Without that, ``PYTHONIOENCODING=latin-1 campaign --help`` would be a
UnicodeEncodeError traceback (Rich's rules and ``—``), and ``--gm $'Jos\\xe9'`` one from the hash
chain (lone surrogates cannot be encoded).
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.subprocess

CAMPAIGN = str(Path(sys.executable).with_name("campaign"))
NOTE = "dash — ok ✓"  # neither — nor ✓ is Latin-1


def run(db, *words, encoding="latin-1"):
    env = {k: v for k, v in os.environ.items() if not k.startswith("CAMPAIGN_")}
    env["PYTHONIOENCODING"] = encoding
    return subprocess.run(
        [CAMPAIGN, "--db", str(db), *words], env=env, capture_output=True, timeout=120
    )


def recorded(tmp_path):
    db = tmp_path / "c.db"
    assert run(db, "session", "1", encoding="utf-8").returncode == 0
    assert run(db, "note", NOTE, encoding="utf-8").returncode == 0
    return db


def test_what_a_person_reads_is_drawn_on_a_latin1_terminal(tmp_path):
    db = recorded(tmp_path)
    for words in (["--help"], ["status"], ["history"], ["note", "--help"]):
        done = run(db, *words)
        assert done.returncode == 0, (words, done.stderr)
        assert b"Traceback" not in done.stderr and done.stdout
    assert "dash ? ok ?" in run(db, "history").stdout.decode("latin-1")


def test_what_a_program_reads_is_utf8_whatever_the_terminal(tmp_path):
    db = recorded(tmp_path)
    history = json.loads(run(db, "history", "--json").stdout.decode("utf-8"))
    assert history["events"][-1]["note"] == NOTE
    status = json.loads(run(db, "status", "--json").stdout.decode("utf-8"))
    assert status["session"] == 1
    log = run(db, "export", "--format", "log").stdout.decode("utf-8")
    assert f'note "{NOTE}"' in log
    jsonl = run(db, "export", "--format", "jsonl").stdout.decode("utf-8")
    assert NOTE in jsonl
    # and the same bytes as on a UTF-8 terminal
    assert (
        run(db, "export", "--format", "log").stdout
        == run(db, "export", "--format", "log", encoding="utf-8").stdout
    )


def test_a_gm_name_that_is_not_one_line_of_utf8_is_bad_input(tmp_path):
    db = recorded(tmp_path)
    for gm in ("Jos\udce9", "a\tb", "a\nb"):  # 'Jos\xe9' typed on a Latin-1 terminal
        done = run(db, "--gm", gm, "note", "x", encoding="utf-8")
        assert done.returncode == 2, (gm, done.stderr)
        said = done.stderr.decode("utf-8")
        assert said.startswith("error: --gm: ") and "Traceback" not in said
    assert run(db, "--gm", "  ", "note", "nobody", encoding="utf-8").returncode == 0
    assert run(db, "--gm", " José ", "note", "named", encoding="utf-8").returncode == 0
    events = json.loads(run(db, "history", "--json").stdout.decode("utf-8"))["events"]
    assert [e["gm"] for e in events[-2:]] == [None, "José"]  # a blank name is nobody; trimmed
