"""Given a text with a control character where the GM can put one — a log line, a line typed in
``campaign shell``, a note a store recorded before control characters were refused — then what
the CLI prints shows it escaped (``\\x1b``) and never sends it to the terminal: an escape
sequence retitles the GM's window or clears the screen (docs/RELIABILITY.md)."""

from __future__ import annotations

import re

import aggregates.values

CSI = "red\x1b[31m!"


def test_a_log_line_quoted_by_its_error_shows_the_escape_sequence_escaped(campaign, tmp_path):
    log = tmp_path / "s1.log"
    log.write_text(f"session 1\nbogus {CSI}\n", "utf-8")
    result = campaign("--db", str(tmp_path / "c.db"), "replay", str(log))
    assert result.exit_code == 2, result.output
    assert "s1.log:2:" in result.stderr
    assert "\x1b" not in result.stderr and "red\\x1b[31m!" in result.stderr


def test_an_error_in_the_shell_shows_the_escape_sequence_escaped(campaign, tmp_path):
    typed = f'session 1\nbogus{CSI}\nnote "still here"\nexit\n'
    result = campaign("--db", str(tmp_path / "c.db"), "shell", input=typed)
    assert result.exit_code == 2, result.output  # `bogus…` is not a command
    assert "error:" in result.stderr and "red\\x1b[31m!" in result.stderr
    assert "\x1b" not in result.stderr
    assert "noted" in result.stdout  # the console went on


def test_the_audit_shows_a_note_recorded_before_control_characters_were_refused_escaped(
    campaign, tmp_path, monkeypatch
):
    db = str(tmp_path / "c.db")
    with monkeypatch.context() as old:  # as a store recorded before: nothing was refused
        never = re.compile("(?!)")
        old.setattr(aggregates.values, "_CONTROL", never)
        for words in (["session", "1"], ["note", CSI]):
            assert campaign("--db", db, *words).exit_code == 0
    monkeypatch.setenv("COLUMNS", "200")
    for width in ("200", "60"):  # the table, and the block per finding of a narrow terminal
        monkeypatch.setenv("COLUMNS", width)
        result = campaign("--db", db, "audit")
        assert result.exit_code == 0, result.output
        assert "GEN002" in result.stdout
        assert "\x1b" not in result.stdout and "red\\x1b[31m!" in result.stdout
