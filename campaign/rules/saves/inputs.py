"""Seed 001's refusals of input that cannot have happened, shared by its rules: an unknown table
key, a number below its floor, a d20 that is not one (ImpossibleInput, never a finding)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from campaign.core.errors import ImpossibleInput
from campaign.rules.dice import D20, Roll

R = TypeVar("R")  # a table's row type


def table_row(
    table: Mapping[str, R], key: str, given: object, *, field: str, named: str, listed: str
) -> R:
    """``table[key]``, or ImpossibleInput naming what was ``given`` and listing the table's keys."""
    row = table.get(key)
    if row is None:
        keys = ", ".join(table)
        raise ImpossibleInput(
            f"unknown {named} {given!r}; the {listed} are {keys}",
            field=field,
            value=given,
            expected=keys,
        )
    return row


def at_least(value: int, lowest: int, field: str, what: str) -> None:
    """Refuse ``value`` below ``lowest``: ``what`` names it in the message."""
    if value < lowest:
        raise ImpossibleInput(
            f"{what} cannot be below {lowest}, not {value}",
            field=field,
            value=value,
            expected=f"{lowest} or more",
        )


def check_damage(damage: int | None) -> None:
    """Refuse negative damage (none given is fine)."""
    if damage is not None and damage < 0:
        raise ImpossibleInput(
            f"damage cannot be negative, not {damage}",
            field="damage",
            value=damage,
            expected="0 or more",
        )


def check_d20(roll: Roll) -> None:
    """Refuse a save's roll that is not one d20 with a natural face 1–20."""
    if roll.dice != D20 or not 1 <= roll.natural <= 20:
        raise ImpossibleInput(
            f"a save is one d20, a natural face 1–20, not {roll}",
            field="roll",
            value=str(roll),
            expected="one natural face 1–20",
        )
