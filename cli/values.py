"""A parameter's value read as Typer reads it, without pydantic for the plain kinds.

Typer builds a pydantic ``TypeAdapter`` for every parameter it processes, given or not; the
first one costs a live command most of its start-up beyond the imports
(docs/PERFORMANCE.md#met-and-why). Text and whole numbers, the kinds nearly every command has,
are read here as the adapter reads them: a word as it is, a whole number of plain ASCII digits
with an optional minus sign. Anything else (a flag's value, a choice, a path, a list, a word
that is no plain whole number) and every refusal stay Typer's own, through its
``process_value``.
"""

from __future__ import annotations

import re
import types
import typing
from typing import Any

from typer import BadParameter
from typer.core import TyperArgument, TyperOption

from campaign.core.numbers import quoted

# at most 18 digits: every such number is an int Python and SQLite both hold as it is
_WHOLE = re.compile(r"-?[0-9]{1,18}")


def plain_kind(annotation: Any) -> type | None:
    """``str`` or ``int`` for a parameter typed so (or ``… | None``), else None."""
    if annotation is str or annotation is int:
        return annotation
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        kinds = [each for each in typing.get_args(annotation) if each is not type(None)]
        if len(kinds) == 1 and kinds[0] in (str, int):
            return kinds[0]
    return None


def read_plainly(kind: type | None, value: Any) -> tuple[bool, Any]:
    """(True, the value as Typer would give it) when this module can read ``value`` for a
    parameter of ``kind``; (False, None) when Typer must."""
    if value is None:
        return True, None
    if type(value) is kind:
        return True, value
    if kind is int and type(value) is str and _WHOLE.fullmatch(value):
        return True, int(value)
    return False, None


def _typeable(word: str) -> bool:
    """Whether a number's word holds only what a GM types: Typer reads it with int(), which
    takes other scripts' digits and drops control characters (U+0085, U+001C) as blanks."""
    return word.isascii() and word.replace("\t", " ").isprintable()


def _processed(param: Any, ctx: Any, value: Any, by_typer: Any) -> Any:
    """What ``process_value`` returns: the value read, checked for presence, then given to
    the parameter's callback — in Typer's order; Typer's own method where this cannot."""
    if param.multiple or param.nargs != 1:
        return by_typer(ctx, value)
    kind = plain_kind(getattr(getattr(param, "type_descriptor", None), "annotation", None))
    if kind is int and type(value) is str and not _typeable(value):
        raise BadParameter(f"{quoted(value)} is not a whole number", ctx=ctx, param=param)
    plain, read = read_plainly(kind, value) if kind or value is None else (False, None)
    if not plain or (param.required and param.value_is_missing(read)):
        return by_typer(ctx, value)  # Typer coerces, or says what is wrong
    if param.callback is not None:
        read = param.callback(ctx, param, read)
    return read


class PlainOption(TyperOption):
    """Typer's option, its text or whole-number value read without pydantic."""

    def process_value(self, ctx: Any, value: Any) -> Any:
        return _processed(self, ctx, value, super().process_value)


class PlainArgument(TyperArgument):
    """Typer's argument, its text or whole-number value read without pydantic."""

    def process_value(self, ctx: Any, value: Any) -> Any:
        return _processed(self, ctx, value, super().process_value)


_PLAIN = {TyperOption: PlainOption, TyperArgument: PlainArgument}


def plain_params(params: list[Any]) -> None:
    """Make each of Typer's options and arguments its subclass above: the same object and
    state, read by the one method the subclass overrides. Typer takes no class per
    parameter, so the objects it built for our command are given theirs here."""
    for param in params:
        plain = _PLAIN.get(type(param))
        if plain is not None:
            param.__class__ = plain
