"""cli/coercion.py answers plain parameter values without pydantic, exactly as Typer would —
and words Typer's (pydantic's) errors as our other errors are worded: the value quoted, what it
is not (``'three' is not a whole number``)."""

from __future__ import annotations

import subprocess
import sys
from typing import Annotated, Any

import pytest
import typer
from typer._click import Context
from typer._click.exceptions import BadParameter
from typer._coercion import build_runtime_param

from cli.coercion import PlainCoercion, install, reworded

install()  # what importing cli.main does

VALUES: list[Any] = [
    None, "", "abc", "12", "-3", "007", "-0", "+5", " 5", "5 ", "1_000", "5.0", "٣", "１２",
    "123456789012345678901234567890", "9" * 5000, "-" + "9" * 18, "9" * 19, "-", "--",
    "true", "no", 0, 7, -7, True, False, 2.5,
    ("a", "b"), ["x"], (), ("a", 1), b"bytes",
]  # fmt: skip


def _params() -> tuple[Context, dict[str, Any]]:
    app = typer.Typer()

    @app.command()
    def plain(
        text: Annotated[str, typer.Option()] = "t",
        number: Annotated[int, typer.Option()] = 0,
        flag: Annotated[bool, typer.Option()] = False,
        words: Annotated[list[str] | None, typer.Option()] = None,
        bounded: Annotated[int, typer.Option(min=1, max=6)] = 1,
        ratio: Annotated[float, typer.Option()] = 0.5,
    ) -> None:
        pass

    command = typer.main.get_command(app)
    return Context(command), {p.name: p for p in command.params}


def _outcome(
    coercion: Any, value: Any, param: Any, ctx: Context, *, reword: bool = False
) -> tuple[str, Any]:
    try:
        return "value", coercion.coerce(value, param=param, ctx=ctx)
    except BadParameter as error:
        if reword:
            said = reworded(error.message, value)
            error = BadParameter(
                said, ctx=error.ctx, param=error.param, param_hint=error.param_hint
            )
        return "error", error.format_message()


@pytest.mark.parametrize("name", ["text", "number", "flag", "words"])
@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_the_plain_coercion_gives_typers_answer_or_typers_error(name: str, value: Any) -> None:
    ctx, params = _params()
    param = params[name]
    plain = param.get_runtime_param()
    assert isinstance(plain, PlainCoercion), f"{name} should take the plain coercion"
    typers = build_runtime_param(param.type_descriptor)
    expected = _outcome(typers, value, param, ctx, reword=True)
    got = _outcome(plain, value, param, ctx)
    assert got == expected
    assert type(got[1]) is type(expected[1])  # 12, not "12"; a list, not a tuple


@pytest.mark.parametrize("name", ["bounded", "ratio"])
def test_bounds_and_other_types_keep_typers_coercion(name: str) -> None:
    _, params = _params()
    assert not isinstance(params[name].get_runtime_param(), PlainCoercion)


@pytest.mark.subprocess
def test_a_live_logging_command_imports_no_pydantic(tmp_path: Any) -> None:
    """Typer builds a pydantic adapter for any value the plain coercion does not answer: a
    live `note` must answer all of its own (start-up, docs/PERFORMANCE.md)."""
    db = str(tmp_path / "c.db")
    probe = (
        "import sys\n"
        "from cli.main import main\n"
        "for argv in (['session', '1'], ['note', 'at the table']):\n"
        "    sys.argv = ['campaign', '--db', DB, *argv]\n"
        "    try:\n"
        "        main()\n"
        "    except SystemExit as exit:\n"
        "        assert not exit.code, exit.code\n"
        "print('pydantic' in sys.modules)\n"
    ).replace("DB", repr(db))
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["session 1 opened", "noted", "False"]


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("three", "Invalid value for '--number': 'three' is not a whole number"),
        ("2.5", "Invalid value for '--number': '2.5' is not a whole number"),
        ("", "Invalid value for '--number': '' is not a whole number"),
        ("9" * 5000, "Invalid value for '--number': '" + "9" * 37 + "'… has 5000 digits: no "
         "count, score or roll is that long"),
    ],
    ids=["word", "fraction", "empty", "5000 digits"],
)  # fmt: skip
def test_a_value_that_is_no_whole_number_is_said_so(value: str, says: str) -> None:
    ctx, params = _params()
    param = params["number"]
    assert _outcome(param.get_runtime_param(), value, param, ctx) == ("error", says)


def test_an_enums_choices_are_listed_without_pydantics_prefix(campaign: Any) -> None:
    result = campaign("export", "--format", "pdf")
    assert result.exit_code == 2
    said = " ".join(result.stderr.replace("│", " ").split())  # out of Typer's wrapped panel
    assert "'pdf' is not one of 'log', 'jsonl', 'markdown'" in said
    assert "Value error" not in said


def test_typers_other_messages_are_left_as_they_are() -> None:
    assert reworded("Missing option '--size'.", None) == "Missing option '--size'."
