"""The shared ``rules`` Typer group, the options every calculator call uses, and the explanation
panel a call renders."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Annotated

import typer
from rich.console import Console

from campaign.core.i18n import _
from campaign.rules.citation import Citation
from campaign.rules.dice import D20, TWO_D6, Dice, entry_form
from cli.output import explanation

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


def show(
    title: str,
    numbers: Iterable[tuple[str, object]],
    verdict: str,
    cites: Iterable[Citation],
) -> Callable[[Console], None]:
    """A renderer for :func:`~cli.output.emit`: one explanation panel."""

    def render(console: Console) -> None:
        console.print(explanation(title, list(numbers), verdict, cites))

    return render


def signed(value: int | None) -> str | None:
    return None if value is None else f"{value:+d}"


def yes_no(value: bool | None) -> str | None:
    return None if value is None else (_("yes") if value else _("no"))


def flagged(flag: str | None) -> str:
    """`` Flagged: MOR004.`` after a verdict, or nothing."""
    return " " + _("Flagged: {code}.").format(code=flag) if flag else ""


def ruled_by(total: int, sign: str, target: int, outcome: str) -> str:
    """``8 > 6: the rules say flee.``: a 2d6 test's verdict (the outcome a word of the log)."""
    return _("{total} {sign} {target}: the rules say {outcome}.").format(
        total=total, sign=sign, target=target, outcome=outcome
    )
