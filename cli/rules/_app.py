"""The shared ``rules`` Typer group and the options every calculator call uses."""

from __future__ import annotations

from typing import Annotated

import typer

from campaign.rules.dice import D20, TWO_D6, Dice, entry_form

app = typer.Typer(
    help="The rules calculator: what the rules say, with the numbers and the source sentence. "
    "Never rolls dice: without --roll an outcome that needs one is null.",
    no_args_is_help=True,
)

JsonOption = Annotated[
    bool, typer.Option("--json", help="Print JSON (stable keys) instead of text.")
]


def roll_help(dice: Dice, tail: str = "") -> str:
    """A ``--roll``-like option's help: only the dice the command takes (2d6 or d20)."""
    return f"The {dice.name} as rolled at the table: {entry_form(dice)}{tail}."


# One --roll per kind of dice: a command offers only what it takes.
TwoD6RollOption = Annotated[str | None, typer.Option("--roll", help=roll_help(TWO_D6))]
D20RollOption = Annotated[
    str | None, typer.Option("--roll", help=roll_help(D20, " (never d20 + bonus)"))
]
