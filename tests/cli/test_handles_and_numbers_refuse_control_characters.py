"""A handle or a whole number holding a control character is refused, not read without it: Python's
whitespace (str.strip, int) holds U+001C–U+001F and U+0085, and a word drops only the spaces and
tabs a GM types around it (docs/log-language.md#values) — the fuzz harness found `'\\x85levy'`
recorded against `levy`."""

from __future__ import annotations

import json

import pytest


def _events(campaign, db: str) -> list:
    return json.loads(campaign("--db", db, "history", "--json").stdout)["events"]


@pytest.fixture
def db(campaign, tmp_path) -> str:
    path = str(tmp_path / "c.db")
    assert campaign("--db", path, "session", "1").exit_code == 0
    hired = campaign("--db", path, "company", "hire", "levy", "--troop", "militia", "--size", "10")
    assert hired.exit_code == 0, hired.output
    return path


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["company", "modifier", "\x85levy", "+1", "--reason", "x"], "is not a handle"),
        (["company", "modifier", "levy\x1c", "+1", "--reason", "x"], "is not a handle"),
        (["company", "modifier", "levy", "+1\x85", "--reason", "x"], "is not a whole number"),
        (["company", "modifier", "levy", "\x1f-1", "--reason", "x"], "is not a whole number"),
        (["company", "recover", "levy", "\x851"], "is not a whole number"),
    ],
    ids=["NEL before a handle", "FS after it", "NEL after a value", "US before it", "a count"],
)
def test_a_control_character_around_a_word_is_refused(campaign, db, words, said):
    before = _events(campaign, db)
    result = campaign("--db", db, *words)
    assert result.exit_code == 2, result.output
    assert said in result.stderr
    assert "\x85" not in result.stderr and "\x1c" not in result.stderr  # shown escaped
    assert _events(campaign, db) == before


def test_spaces_and_tabs_around_a_handle_and_a_number_are_still_dropped(campaign, db):
    result = campaign("--db", db, "company", "modifier", " levy\t", " +1 ", "--reason", "x")
    assert result.exit_code == 0, result.output
    assert _events(campaign, db)[-1]["subject"] == "levy"


@pytest.mark.parametrize(
    "words",
    [
        ["retract", "\x85event:3", "--note", "x"],
        ["history", "--as-of", "\x85event:3"],
        ["rules", "save", "--bonus", "1", "--roll", "\x8515", "--dc", "12"],
    ],
    ids=["retract's reference", "--as-of", "a roll"],
)
def test_a_control_character_around_a_reference_or_a_roll_is_refused(campaign, db, words):
    # found by the fuzz harness's slow profile: '\x85event:34' was read as event:34
    before = _events(campaign, db)
    result = campaign("--db", db, *words)
    assert result.exit_code == 2, result.output
    assert "\\x85" in result.stderr  # named, escaped
    assert _events(campaign, db) == before
