"""Text and whole numbers are read without pydantic (cli/values.py), to the same values Typer
gives, and every word Typer would refuse is still refused: each word below is given to a
command of ours and to the same command as plain Typer builds it, and both must agree."""

from __future__ import annotations

from typing import Annotated, Any

import pytest
import typer
from typer.testing import CliRunner

from cli import parsing
from cli.values import PlainArgument, PlainOption, plain_kind, read_plainly

WORDS = [
    "7", "007", "-3", "-0", "+3", " 5", "5 ", "", "1_000", "3.0", "x", "١٢", "--5", "0x1f",
    "9" * 18, "9" * 19, "-" + "9" * 18, "é", "-",
]  # fmt: skip


def _app(cls: Any, seen: list) -> typer.Typer:
    app = typer.Typer(add_completion=False)

    @app.command(cls=cls)
    def command(
        word: Annotated[str, typer.Argument()],
        number: Annotated[int | None, typer.Option("--number")] = None,
        count: Annotated[int, typer.Option("--count")] = 1,
        text: Annotated[str | None, typer.Option("--text")] = None,
    ) -> None:
        seen.append((word, number, count, text))

    @app.command(cls=cls)
    def other() -> None:  # two commands: ``command`` is named on the line
        pass

    return app


def _outcome(cls: Any, args: list[str]) -> tuple[int, Any]:
    seen: list = []
    result = CliRunner().invoke(_app(cls, seen), ["command", *args])
    got = [tuple((v, type(v).__name__) for v in each) for each in seen]
    return result.exit_code, got


@pytest.mark.parametrize("word", WORDS, ids=repr)
@pytest.mark.parametrize("option", ["--number", "--count", "--text"])
def test_an_options_word_is_read_to_what_typer_gives(option, word):
    ours = _outcome(parsing.Command, ["w", f"{option}={word}"])
    typers = _outcome(typer.core.TyperCommand, ["w", f"{option}={word}"])
    assert ours == typers


@pytest.mark.parametrize("word", [w for w in WORDS if not w.startswith("-")], ids=repr)
def test_an_arguments_word_is_read_to_what_typer_gives(word):
    assert _outcome(parsing.Command, [word]) == _outcome(typer.core.TyperCommand, [word])


def test_the_command_s_parameters_are_read_plainly():
    # the comparisons above would pass if nothing were read plainly: our command must be
    seen: list = []
    command = typer.main.get_command(_app(parsing.Command, seen))
    sub = command.get_command(typer.Context(command), "command")
    ctx = sub.make_context("command", ["w", "--number", "7"])
    assert ctx.params["number"] == 7
    assert {type(p) for p in sub.get_params(ctx)} >= {PlainOption, PlainArgument}


@pytest.mark.parametrize(
    ("annotation", "kind"),
    [(str, str), (int, int), (int | None, int), (str | None, str), (bool, None),
     (list[str], None), (float, None), (int | str, None)],
)  # fmt: skip
def test_only_text_and_whole_numbers_are_plain(annotation, kind):
    assert plain_kind(annotation) is kind


@pytest.mark.parametrize(
    ("kind", "value", "read"),
    [(int, "12", (True, 12)), (int, "-12", (True, -12)), (int, "+12", (False, None)),
     (int, "١٢", (False, None)), (int, "9" * 19, (False, None)), (int, True, (False, None)),
     (str, "", (True, "")), (str, 3, (False, None)), (int, None, (True, None))],
)  # fmt: skip
def test_what_is_read_plainly_and_what_is_left_to_typer(kind, value, read):
    assert read_plainly(kind, value) == read
