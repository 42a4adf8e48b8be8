"""The shared ``rules`` Typer group and the options every calculator call uses."""

from __future__ import annotations

from typing import Annotated

import typer

app = typer.Typer(
    help="The rules calculator: what the rules say, with the numbers and the source sentence. "
    "Never rolls dice: without --roll an outcome that needs one is null.",
    no_args_is_help=True,
)

JsonOption = Annotated[
    bool, typer.Option("--json", help="Print JSON (stable keys) instead of text.")
]
RollOption = Annotated[
    str | None,
    typer.Option(
        "--roll",
        help="The dice as rolled at the table: faces 3,5 or a total 8 (2d6); "
        "one natural face 1–20 (d20).",
    ),
]
