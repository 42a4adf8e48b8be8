"""Typer's parameter coercion, answered without pydantic where the answer is the value itself.

Typer 0.29 coerces every parameter value through a pydantic ``TypeAdapter`` built on first use:
the first command of a process imports pydantic (≈ 45 ms, a third of a live logging command)
and every line a replay parses pays one validation call per parameter (docs/PERFORMANCE.md).
Almost all our parameters are plain ``str``, ``int``, ``bool`` or ``list[str]``, and Click
hands their values over as ``str`` (or ``None``, or a flag's ``bool``). For those values the
adapter's answer is known: the value itself, or ``int(value)`` for up to 18 ASCII digits. This
module answers exactly those cases and hands every other value — a sign or a space around a
number, a longer number, an Enum, a Path, a float, a bound, a parser — to Typer's own
coercion, so every error a user sees is still Typer's.

It relies on two details of Typer (pinned ``<0.30`` in pyproject.toml): a parameter builds its
coercion lazily in ``get_runtime_param`` and keeps it in ``_runtime_param``. When they are
missing :func:`install` does nothing and commands are only slower. tests/test_coercion.py
checks that both coercions agree on a table of values, and that a live logging command imports
no pydantic.
"""

from __future__ import annotations

from typing import Any

_UNANSWERED = object()
_DIGITS = 18  # the longest number answered here (any int64)


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
        return self._typer.coerce(value, param=param, ctx=ctx)


def _answer_for(param: Any) -> Any:
    descriptor = param.type_descriptor
    info = descriptor.parameter_info
    if descriptor.file_annotation is not None or info.parser is not None:
        return None
    if (info.min, info.max, info.clamp) != (None, None, False):
        return None
    try:
        return _ANSWERS.get(descriptor.annotation)
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
