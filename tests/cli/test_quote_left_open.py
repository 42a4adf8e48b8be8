"""A quote left open on one line of a log takes the next lines as its text (POSIX quoting,
docs/log-language.md#tokenising), so the tokenizer meets the error only at a later line, where
the text's own closing quote opens a new one (`q.log:4: unclosed " quote at column 18`, the
mistake being on line 2). The error says where the command began, so the GM looks there."""

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.subprocess

CAMPAIGN = str(Path(sys.executable).with_name("campaign"))


def _replay(tmp_path: Path, text: str) -> subprocess.CompletedProcess:
    (tmp_path / "q.log").write_text(text)
    return subprocess.run(
        [CAMPAIGN, "--db", "q.db", "replay", "q.log"], cwd=tmp_path, capture_output=True,
        text=True, timeout=120,
    )  # fmt: skip


def test_a_quote_left_open_is_traced_to_the_line_its_command_began(tmp_path):
    done = _replay(tmp_path, 'session 1\nnote "oops\nnote fine\nnote "quoted text"\nnote more\n')
    assert done.returncode == 2
    assert done.stderr.startswith('error: q.log:4: unclosed " quote at column 18 (this command')
    assert "begins at line 2: a quote left open there takes the lines up to this one" in (
        done.stderr
    )
    assert not (tmp_path / "q.db").exists()


def test_a_quote_open_on_its_own_line_says_nothing_more(tmp_path):
    done = _replay(tmp_path, 'session 1\nnote fine\nnote "oops\n')
    assert done.returncode == 2
    assert done.stderr.startswith('error: q.log:3: unclosed " quote at column 6; expected')
    assert "begins at line" not in done.stderr
