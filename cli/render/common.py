"""What the views share: how one value reads in a cell, and the callback that prints a view."""

from __future__ import annotations

import re
from typing import Any

from rich.console import Console, RenderableType

from campaign.errors import ImpossibleInput
from campaign.rules.d6harmonie import find_trait

# C0 (but tabs and line breaks), DEL and C1: what a terminal may obey rather than show
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(value: Any) -> Any:
    """``value`` (text, or a JSON value holding text) safe to draw on a terminal: a control
    character is shown escaped (``\\x1b``), not sent. New events hold none (SPEC §2,
    ``aggregates.base.check_values``), but a store recorded before they were refused may: an
    escape sequence in a title retitled the GM's window. Tabs and line breaks (a note's) stay."""
    if type(value) is str:
        return value if value.isprintable() else _CONTROL.sub(_escaped, value)
    if isinstance(value, dict):
        return {printable(k): printable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [printable(v) for v in value]
    return value


def _escaped(found: re.Match[str]) -> str:
    return f"\\x{ord(found.group()):02x}"


def signed(value: int | None) -> str:
    return "—" if value is None else f"{value:+d}"


def plain(value: Any) -> str:
    """A JSON value as a person reads it: lists joined, nothing for null."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(plain(v) for v in value) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {plain(v)}" for k, v in value.items())
    return printable(str(value))


def french(key: str) -> str:
    """``phobia-mild (Phobie légère)``: the English key with the seed's French name beside it."""
    try:
        return f"{key} ({find_trait(key).name_fr})"
    except ImpossibleInput:  # a key from another catalogue version: the key alone
        return key


def show(renderable: RenderableType):
    """A ``render`` callback for :func:`cli.output.emit`."""

    def render(console: Console) -> None:
        console.print(renderable)

    return render
