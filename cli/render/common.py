"""What the views share: how one value reads in a cell, and the callback that prints a view."""

from __future__ import annotations

from typing import Any

from rich.console import Console, RenderableType

from campaign.errors import ImpossibleInput
from campaign.rules.d6harmonie import find_trait


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
    return str(value)


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
