"""Seed 001's refusals of input that cannot have happened, shared by its rules: an unknown table
key, a number below its floor, a d20 that is not one (ImpossibleInput, never a finding)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_
from campaign.rules.dice import D20, Roll

R = TypeVar("R")  # a table's row type


def table_row(table: Mapping[str, R], key: str, given: object, *, field: str, unknown: str) -> R:
    """``table[key]``, or ImpossibleInput naming what was ``given`` and listing the table's keys:
    ``unknown`` says it (marked ``N_``, ``{given}`` and ``{keys}`` to fill)."""
    row = table.get(key)
    if row is None:
        keys = ", ".join(table)
        raise ImpossibleInput(
            unknown,
            field=field,
            value=given,
            expected="{keys}",
            values={"given": repr(given), "keys": keys},
        )
    return row


def at_least(value: int, lowest: int, field: str, words: str) -> None:
    """Refuse ``value`` below ``lowest``: ``words`` say it (marked ``N_``, ``{lowest}`` and
    ``{value}`` to fill)."""
    if value < lowest:
        raise ImpossibleInput(
            words,
            field=field,
            value=value,
            expected=N_("{lowest} or more"),
            values={"lowest": lowest, "value": value},
        )


def check_damage(damage: int | None) -> None:
    """Refuse negative damage (none given is fine)."""
    if damage is not None and damage < 0:
        raise ImpossibleInput(
            N_("damage cannot be negative, not {damage}"),
            field="damage",
            value=damage,
            expected=N_("0 or more"),
            values={"damage": damage},
        )


def check_d20(roll: Roll) -> None:
    """Refuse a save's roll that is not one d20 with a natural face 1–20."""
    if roll.dice != D20 or not 1 <= roll.natural <= 20:
        raise ImpossibleInput(
            N_("a save is one d20, a natural face 1–20, not {roll}"),
            field="roll",
            value=str(roll),
            expected=N_("one natural face 1–{sides}"),
            values={"roll": str(roll), "sides": 20},
        )
