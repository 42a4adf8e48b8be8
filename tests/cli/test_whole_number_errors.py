"""A value its type refuses is said in the words of our other errors, not pydantic's.

Typer coerces values through pydantic, whose messages speak of "valid integers" and "parsing
strings"; the project's commands (cli/parsing.py) quote the value and say what it is not:
``'three' is not a whole number``, and no "Value error," before an Enum's choices.
"""

from __future__ import annotations

from typing import Any

import pytest

from cli.parsing import reworded


def said(result: Any) -> str:
    """What stderr says, out of Typer's wrapped panel."""
    return " ".join(result.stderr.replace("│", " ").split())


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("three", "Invalid value for '--morale': 'three' is not a whole number"),
        ("2.5", "Invalid value for '--morale': '2.5' is not a whole number"),
        ("", "Invalid value for '--morale': '' is not a whole number"),
        ("9" * 5000, "Invalid value for '--morale': '" + "9" * 37 + "'… has 5000 digits: no "
         "count, score or roll is that long"),
    ],
    ids=["word", "fraction", "empty", "5000 digits"],
)  # fmt: skip
def test_an_option_that_is_no_whole_number_is_said_so(campaign, value, says):
    result = campaign("rules", "morale", "--morale", value)
    assert result.exit_code == 2
    assert says in said(result)
    assert "Input should be" not in said(result)


def test_an_argument_that_is_no_whole_number_is_said_so_live_and_in_a_log(campaign, tmp_path):
    db = str(tmp_path / "c.db")
    result = campaign("--db", db, "casualty", "hall", "rats", "three")
    assert result.exit_code == 2
    assert "Invalid value for 'n': 'three' is not a whole number" in said(result)
    result = campaign("--db", db, "adjust", "hall", "rats", "--reason", "x", "x7")
    assert "Invalid value for 'value': 'x7' is not a whole number" in said(result)
    log = tmp_path / "a.log"
    log.write_text("session 1\ncasualty hall rats x7\n", encoding="utf-8")
    result = campaign("--db", db, "replay", str(log))
    assert result.exit_code == 2
    assert "a.log:2: casualty hall rats x7: Invalid value for 'n': 'x7' is not a whole number" in (
        result.stderr
    )


def test_an_enums_choices_are_listed_without_pydantics_prefix(campaign):
    result = campaign("export", "--format", "pdf")
    assert result.exit_code == 2
    assert "'pdf' is not one of 'log', 'jsonl', 'markdown'" in said(result)
    assert "Value error" not in said(result)


def test_a_long_value_is_cut_where_it_is_quoted():
    message = "Input should be a valid integer, unable to parse string as an integer"
    assert reworded(message, "x" * 41) == "'" + "x" * 37 + "'… is not a whole number"
    assert reworded(message, "x" * 40) == repr("x" * 40) + " is not a whole number"


def test_typers_other_messages_are_left_as_they_are():
    assert reworded("Missing option '--size'.", None) == "Missing option '--size'."
