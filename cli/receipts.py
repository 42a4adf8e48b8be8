"""``verify --expect RECEIPT`` and ``--expect-file FILE`` (docs/cli.md#verify,
docs/RELIABILITY.md#receipts): the receipts given, read; and what ``verify`` says of them, of
the head's receipt and of an encrypted store."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from campaign.core.errors import ImpossibleInput
from campaign.service.history import Receipt, Verdict, read_receipt, read_receipts

ExpectOption = Annotated[
    list[str] | None,
    typer.Option(
        "--expect",
        metavar="POSITION:HASH",
        help="A receipt (as `session end` prints it) the history must still hold; repeatable.",
    ),
]
ExpectFileOption = Annotated[
    Path | None,
    typer.Option(
        "--expect-file",
        metavar="FILE",
        help="A file of receipts, one a line (`#` starts a comment).",
    ),
]
ENCRYPTED = (
    "encrypted: the hashes sit inside the encrypted events, so the chain cannot be recomputed "
    "without the key"
)


def expected(given: list[str] | None, file: Path | None) -> list[Receipt]:
    """The receipts of ``--expect`` and of ``--expect-file``; bad input (exit 2) names the
    option, or the file's line."""
    receipts = [read_receipt(text) for text in given or ()]
    if file is not None:
        try:
            with file.open(encoding="utf-8") as lines:
                receipts += read_receipts(lines, str(file))
        except (OSError, UnicodeDecodeError) as error:
            raise ImpossibleInput.unreadable(
                file, error, field="expect_file", expected="a text file of receipts, one a line"
            ) from None
    return receipts


def render(console: Console, verdict: Verdict) -> None:
    """The head's receipt (when intact), each receipt checked, and an encrypted store."""
    if verdict.receipt is not None:
        console.print(
            Text(f"receipt: {verdict.receipt}", style="bold")
            + Text(" — keep it elsewhere: `campaign verify --expect` checks it", style="dim"),
            soft_wrap=True,
        )
    for checked in verdict.receipts:
        if checked.holds:
            console.print(Text(f"receipt {checked.receipt} holds", style="green"))
        else:
            style = "bold red" if checked.holds is False else "yellow"
            said = "does not hold" if checked.holds is False else "unchecked"
            console.print(
                Text(f"receipt {checked.receipt} {said}", style=style)
                + Text(f": {checked.reason}"),
                soft_wrap=True,
            )
    vouched = [checked.position for checked in verdict.receipts if checked.holds]
    last = verdict.first_position + verdict.events - 1
    if verdict.intact and vouched and max(vouched) < last:
        after = max(vouched) + 1
        which = f"position {after} comes" if after == last else f"positions {after}–{last} come"
        console.print(
            f"{which} after the newest receipt: no receipt given vouches for them (campaign "
            "history shows them)",
            markup=False,
            soft_wrap=True,
        )
    if verdict.encrypted:
        console.print(Text(ENCRYPTED, style="dim"), soft_wrap=True)
