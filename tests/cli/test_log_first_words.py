"""A log line whose first word is no logging command is told what it is, wherever it stands:
before the first `session N` too, where "no session is open" would be no help — of `sesion 1`,
the very line the GM meant as that `session N`. A typo names the nearest command, as the CLI's
own "Did you mean" does; a jsonl export given to `replay` is pointed to `import`. And an error
repeats at most 160 characters of its line, so the reason never comes after 100 KB of text."""

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.subprocess

CAMPAIGN = str(Path(sys.executable).with_name("campaign"))


def _replay(tmp_path: Path, name: str, text: str) -> subprocess.CompletedProcess:
    (tmp_path / name).write_text(text)
    return subprocess.run(
        [CAMPAIGN, "--db", "c.db", "replay", name], cwd=tmp_path, capture_output=True,
        text=True, timeout=120,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("text", "line", "said"),
    [
        ("sesion 1\nnote a\n", 1, "`sesion` is not a command (did you mean `session`?)"),
        ("session 1\ncasulty e g 1\n", 2, "`casulty` is not a command (did you mean `casualty`?)"),
        ("status\n", 1, "`status` is a reading command"),
        ("session 1\nsession end\nstatus\n", 3, "`status` is a reading command"),
        ("session 1\nsession end\nnote a\n", 3, "no session is open: `session end` on line 2"),
        ("note a\n", 1, "no session is open; a log starts with `session N`"),
        ("init\n", 1, "`init` is not a logging command"),
        ("zzz 1\n", 1, "`zzz` is not a command; a log holds only logging commands"),
    ],
)
def test_the_first_word_of_a_line_is_told_what_it_is(tmp_path, text, line, said):
    done = _replay(tmp_path, "a.log", text)
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"error: a.log:{line}: " in done.stderr, done.stderr
    assert said in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "c.db").exists()  # nothing written


def test_a_jsonl_export_given_to_replay_is_pointed_to_import(tmp_path):
    (tmp_path / "s.log").write_text("session 1\nnote hi\n")
    made = subprocess.run(
        [CAMPAIGN, "--db", "s.db", "replay", "s.log"], cwd=tmp_path, capture_output=True,
        text=True, timeout=120,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    exported = subprocess.run(
        [CAMPAIGN, "--db", "s.db", "export", "--format", "jsonl"], cwd=tmp_path,
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert exported.returncode == 0 and exported.stdout.startswith("{")
    done = _replay(tmp_path, "s.jsonl", exported.stdout)
    assert done.returncode == 2
    assert "error: s.jsonl:1: " in done.stderr
    assert "(a jsonl export: `campaign import FILE.jsonl` loads one into an empty store)" in (
        done.stderr
    )
    assert len(done.stderr) < 1000, done.stderr  # the event's line is cut, not repeated whole


def test_an_error_repeats_at_most_160_characters_of_its_line(tmp_path):
    long = "x" * 100_000
    done = _replay(tmp_path, "a.log", f'session 1\nnote "{long}" extra\n')
    assert done.returncode == 2
    assert len(done.stderr) < 500, len(done.stderr)
    assert done.stderr.startswith(f"error: a.log:2: note {'x' * 100}")
    assert "…: Got unexpected extra argument(s) (extra)" in done.stderr
