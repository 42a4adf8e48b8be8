"""A duration or an in-game time holding a control character is refused, not read without it:
Python's own whitespace holds control characters (U+001C–U+001F, U+0085), and the clock's words
drop only the blanks a GM types around them (docs/log-language.md#values)."""

from __future__ import annotations

import json

import pytest


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["clock", "set", "\x85day 2 08:00"], "is not an in-game time"),
        (["clock", "set", "day\x1c2 08:00"], "is not an in-game time"),
        (["clock", "advance", "\x1c30s"], "is not a duration"),
        (["clock", "advance", "30s\x1f"], "is not a duration"),
    ],
    ids=["NEL before a time", "FS inside a time", "FS before a duration", "US after it"],
)
def test_a_control_character_in_the_clocks_words_is_refused(campaign, tmp_path, words, said):
    db = str(tmp_path / "c.db")
    assert campaign("--db", db, "session", "1").exit_code == 0
    before = json.loads(campaign("--db", db, "history", "--json").stdout)["events"]
    result = campaign("--db", db, *words)
    assert result.exit_code == 2, result.output
    assert said in result.stderr
    assert repr(words[-1]) in result.stderr  # the value as typed, its character escaped
    assert json.loads(campaign("--db", db, "history", "--json").stdout)["events"] == before


def test_blanks_around_the_clocks_words_are_still_dropped(campaign, tmp_path):
    db = str(tmp_path / "c.db")
    assert campaign("--db", db, "session", "1").exit_code == 0
    assert campaign("--db", db, "clock", "set", " day 2 08:00\t").stdout == "clock: day 2 08:00\n"
    advanced = campaign("--db", db, "clock", "advance", " 30s ")
    assert advanced.stdout == "clock: day 2 08:00:30\n"
