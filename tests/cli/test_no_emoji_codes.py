"""Rich reads `:name:` as an emoji code unless told not to: line 100 of a log would show as
`file.log💯` in `replay --dry-run` and `--verbose`, a file named `:smile:.log` as `😄.log`, and a
GM's text holding `:100:` as 💯 in the history's table. What the tracker prints is the text it
was given."""

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.subprocess

CAMPAIGN = str(Path(sys.executable).with_name("campaign"))


def _run(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [CAMPAIGN, "--db", "c.db", *args], cwd=cwd, capture_output=True, text=True, timeout=120,
        encoding="utf-8", env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"},
    )  # fmt: skip


def test_line_100_and_a_file_named_like_an_emoji_code_are_printed_as_they_are(tmp_path):
    log = tmp_path / ":smile:.log"
    log.write_text("session 1\n" + "".join(f"note n{number}\n" for number in range(2, 101)))
    for args in (["replay", "--dry-run", log.name], ["--verbose", "replay", log.name]):
        done = _run(tmp_path, *args)
        assert done.returncode == 0, done.stderr
        assert f"  {log.name}:100: noted" in done.stdout.splitlines(), done.stdout[-300:]
        assert "😄" not in done.stdout and "💯" not in done.stdout


def test_a_gms_text_with_an_emoji_code_is_shown_as_typed(tmp_path):
    (tmp_path / "a.log").write_text('session 1\nnote "the :100: rule" --note ":fire: at dawn"\n')
    assert _run(tmp_path, "replay", "a.log").returncode == 0
    for args in (["history"], ["export", "--format", "markdown"], ["audit"], ["status"]):
        done = _run(tmp_path, *args)
        assert done.returncode == 0, done.stderr
        assert "💯" not in done.stdout and "🔥" not in done.stdout, (args, done.stdout)
    history = _run(tmp_path, "history").stdout
    assert ":100:" in history and ":fire:" in history
