"""A signed number is a value, not an option: ``adjust ford goblins -1``, live and in a log.

Click alone reads ``-1`` as an unknown option; the project's commands read it as the argument it
stands for (cli/parsing.py), and still say Click's own words for what is wrong with a line: a
mistyped option, a missing value, a word too many.
"""

from __future__ import annotations

from typing import Any

import pytest
import typer

from cli.main import app
from cli.parsing import said_by_click

ROOT_COMMAND = typer.main.get_command(app)


def read(*words: str) -> dict[str, Any]:
    """The values the command a line names is given, parsed as the CLI parses it."""
    ctx = typer.Context(ROOT_COMMAND, info_name="campaign")
    command, rest = ROOT_COMMAND, list(words)
    while hasattr(command, "list_commands"):
        name, command, rest = command.resolve_command(ctx, rest)
        if hasattr(command, "list_commands"):
            ctx = command.context_class(command, info_name=name, parent=ctx)
    try:
        return dict(command.make_context(name, rest, parent=ctx).params)
    except Exception as error:
        assert said_by_click(error), error
        return {"error": error.format_message()}


def said(result: Any) -> str:
    """What stderr says, out of Typer's wrapped panel."""
    return " ".join(result.stderr.replace("│", " ").split())


@pytest.mark.parametrize(
    ("words", "name", "value"),
    [
        (["adjust", "ford", "goblins", "-1", "--reason", "x"], "value", -1),
        (["adjust", "ford", "goblins", "--reason", "x", "-2"], "value", -2),
        (["adjust", "ford", "goblins", "--reason=x", "-3"], "value", -3),
        (["company", "modifier", "h", "-2", "--reason", "unpaid"], "value", -2),
        (["character", "stat", "h", "moral", "-1"], "value", -1),
        (["casualty", "ford", "goblins", "-1"], "n", -1),  # the command says what a count may be
        (["note", "--", "-5"], "text", "-5"),
        (["note", "-5", "--note", "-6"], "note", "-6"),  # an option's value, as Click reads it
    ],
)
def test_a_signed_number_is_the_argument_it_stands_for(words, name, value):
    assert read(*words)[name] == value


@pytest.mark.parametrize(
    ("words", "says"),
    [
        (
            ["adjust", "ford", "goblins", "-1", "--reasn", "x"],
            "No such option: --reasn (Possible options: --reason)",
        ),
        (
            ["adjust", "ford", "goblins", "-1", "--reason"],
            "Option '--reason' requires an argument.",
        ),
        (
            ["adjust", "ford", "goblins", "-1", "extra", "--reason", "x"],
            "unexpected extra argument",
        ),
        (["casualty", "ford", "goblins", "-1", "--bogus"], "No such option: --bogus"),
        (["adjust", "ford", "goblins", "--frob"], "No such option: --frob"),
        (["adjust", "ford", "goblins", "-x", "--reason", "x"], "No such option: -x"),
        (["adjust", "ford", "goblins", "-٣", "--reason", "x"], "No such option: -٣"),  # not ASCII
    ],
)
def test_what_is_wrong_with_a_line_is_said_in_clicks_words(words, says):
    assert says in read(*words)["error"]


def test_a_mistyped_option_is_said_live_and_in_a_log(campaign, tmp_path):
    result = campaign(
        "--db", str(tmp_path / "c.db"), "adjust", "hall", "rats", "-1", "--reasn", "x"
    )
    assert result.exit_code == 2
    assert "No such option: --reasn (Possible options: --reason)" in said(result)
    log = tmp_path / "a.log"
    log.write_text("session 1\nadjust hall rats -1 --reasn x\n", encoding="utf-8")
    result = campaign("--db", str(tmp_path / "c.db"), "replay", str(log))
    assert result.exit_code == 2
    assert "a.log:2: adjust hall rats -1 --reasn x: No such option: --reasn" in result.stderr


def test_a_signed_word_where_a_command_is_expected_is_no_command(campaign):
    result = campaign("-1", "status")
    assert result.exit_code == 2
    assert "No such command '-1'." in said(result)
