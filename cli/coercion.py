"""Typer's parameter coercion, answered without pydantic where the answer is the value itself.

Typer 0.29 coerces every parameter value through a pydantic ``TypeAdapter`` built on first use:
the first command of a process imports pydantic (≈ 45 ms, a third of a live logging command)
and every line a replay parses pays one validation call per parameter (docs/PERFORMANCE.md).
Almost all our parameters are plain ``str``, ``int``, ``bool`` or ``list[str]``, and Click
hands their values over as ``str`` (or ``None``, or a flag's ``bool``). For those values the
adapter's answer is known: the value itself, or ``int(value)`` for up to 18 ASCII digits. This
module answers exactly those cases and hands every other value — a sign or a space around a
number, a longer number, an Enum, a Path, a float, a bound, a parser — to Typer's own
coercion. Typer's errors keep their meaning, in the GM's words rather than pydantic's
(:func:`reworded`): ``'three' is not a whole number``, not "Input should be a valid integer,
unable to parse string as an integer", and no "Value error," before an Enum's choices.

It relies on two details of Typer (pinned ``<0.30`` in pyproject.toml): a parameter builds its
coercion lazily in ``get_runtime_param`` and keeps it in ``_runtime_param``. When they are
missing :func:`install` does nothing and commands are only slower. tests/cli/test_coercion.py
checks that both coercions agree on a table of values (the errors reworded), and that a live
logging command imports no pydantic.
"""

from __future__ import annotations

from typing import Any

from typer._click.exceptions import BadParameter

_UNANSWERED = object()
_DIGITS = 18  # the longest number answered here (any int64)

# pydantic's words for a value that is no whole number, as Typer 0.29 passes them on
_NOT_WHOLE = (
    "Input should be a valid integer, unable to parse string as an integer",
    "Input should be a valid integer, got a number with a fractional part",
)
_TOO_LONG = "Unable to parse input string as an integer, exceeded maximum size"
_VALUE_ERROR = "Value error, "  # before a validator's own message (an Enum's choices)


def reworded(message: str, value: Any) -> str:
    """Typer's (pydantic's) message for a refused ``value``, in the words of our other
    errors: the value quoted, what it is not. Other messages are left as they are."""
    shown = repr(value) if len(str(value)) <= 40 else repr(str(value)[:37]) + "…"
    if message in _NOT_WHOLE:
        return f"{shown} is not a whole number"
    if message == _TOO_LONG:
        return f"{shown} has {len(str(value))} digits: no count, score or roll is that long"
    return message.removeprefix(_VALUE_ERROR)


def _plain_str(value: Any) -> Any:
    return value if type(value) is str else _UNANSWERED


def _plain_int(value: Any) -> Any:
    if type(value) is int:
        return value
    if type(value) is str:
        digits = value[1:] if value[:1] == "-" else value
        # longer numbers are Typer's: int() refuses past 4,300 digits with a ValueError
        if len(digits) <= _DIGITS and digits.isascii() and digits.isdigit():
            return int(value)
    return _UNANSWERED


def _plain_bool(value: Any) -> Any:
    return value if type(value) is bool else _UNANSWERED


def _plain_str_list(value: Any) -> Any:
    if isinstance(value, (list, tuple)) and all(type(item) is str for item in value):
        return list(value)
    return _UNANSWERED


# annotation → the answer for the values it knows, else _UNANSWERED
_ANSWERS = {str: _plain_str, int: _plain_int, bool: _plain_bool, list[str]: _plain_str_list}


class PlainCoercion:
    """Stands in a parameter's ``_runtime_param``: answers plain values, defers the rest."""

    def __init__(self, answer: Any) -> None:
        self._answer = answer
        self._typer: Any = None  # Typer's own coercion, built the first time it is needed

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        multiple = param.multiple or param.nargs == -1
        if value is None:  # as Typer's RuntimeParam.coerce
            return () if multiple else None
        if not (multiple and isinstance(value, str)):
            answer = self._answer(value)
            if answer is not _UNANSWERED:
                return answer
        if self._typer is None:
            from typer._coercion import build_runtime_param

            self._typer = build_runtime_param(param.type_descriptor)
        try:
            return self._typer.coerce(value, param=param, ctx=ctx)
        except BadParameter as error:
            said = reworded(error.message, value)
            if said == error.message:
                raise
            raise BadParameter(
                said, ctx=error.ctx, param=error.param, param_hint=error.param_hint
            ) from None


def _typers_answer(value: Any) -> Any:  # an Enum: Typer answers, its errors reworded
    return _UNANSWERED


def _answer_for(param: Any) -> Any:
    from enum import Enum

    descriptor = param.type_descriptor
    info = descriptor.parameter_info
    if descriptor.file_annotation is not None or info.parser is not None:
        return None
    if (info.min, info.max, info.clamp) != (None, None, False):
        return None
    annotation = descriptor.annotation
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return _typers_answer
    try:
        return _ANSWERS.get(annotation)
    except TypeError:  # an unhashable annotation
        return None


def install() -> None:
    """Let every Typer parameter whose annotation is plain use :class:`PlainCoercion`.

    Done once per process, before any command runs: the root's options, every command's, the
    help options Click adds, the replay's and the shell's lines all go through it.
    """
    from typer.core import _TyperParameter

    typers_own = getattr(_TyperParameter, "get_runtime_param", None)
    if typers_own is None or getattr(typers_own, "plain", False):
        return  # another Typer, or already installed

    def get_runtime_param(param: Any) -> Any:
        if param._runtime_param is None:
            answer = _answer_for(param)
            if answer is not None:
                param._runtime_param = PlainCoercion(answer)
        return typers_own(param)

    get_runtime_param.plain = True  # type: ignore[attr-defined]
    _TyperParameter.get_runtime_param = get_runtime_param  # type: ignore[method-assign]
