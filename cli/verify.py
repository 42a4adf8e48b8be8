"""``campaign verify [--file FILE.jsonl] [--expect RECEIPT…] [--json]`` (docs/cli.md#verify,
docs/RELIABILITY.md#tamper-evidence): is the history intact?

Thin: a store (or an export, without a store) → the service's verdict → on stdout as JSON or one
Rich line. Exit 0 when intact, 1 when the history was tampered with (docs/cli.md#exit-codes).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_
from campaign.service.history import Verdict, verify_file
from cli import receipts
from cli.output import ExitStatus, counted, emit
from cli.state import open_ledger


def register(app: typer.Typer) -> None:
    app.command("verify")(verify)


def verify(
    ctx: typer.Context,
    file: Annotated[
        Path | None,
        typer.Option(
            "--file",
            metavar="FILE.jsonl",
            help="Check a `jsonl` export instead of the store (no store needed).",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON (stable keys) instead of a sentence.")
    ] = False,
    expect: receipts.ExpectOption = None,
    expect_file: receipts.ExpectFileOption = None,
) -> None:
    """Recompute the hash chain and every aggregate's versions; name the first position where
    the history was edited, deleted, reordered or had something inserted. A store's snapshots
    are checked against the state their aggregates' events fold to.

    Exit 0 when intact, 1 when not. When intact, the last hash matches a complete export's,
    and the receipt printed is what a later `--expect` checks: that the history still holds it
    (not cut, not rewritten).

    Example: campaign verify --file campaign.jsonl --json
    """
    expected = receipts.expected(expect, expect_file)
    if file is not None:
        verdict = _verify_file(file, expected)
    else:
        with open_ledger(ctx, create=False) as ledger:
            verdict = ledger.history.verify(expected)
    emit(
        verdict.as_json(file=file is not None),
        as_json=as_json,
        render=lambda console: _render(console, verdict, file),
    )
    if not verdict.intact:
        raise typer.Exit(int(ExitStatus.STORE_FAILURE))


def _verify_file(file: Path, expected: list[receipts.Receipt]) -> Verdict:
    try:
        _check_some_json(file)
        with file.open("rb") as lines:  # line by line: an export of any length
            return verify_file(lines, expected)
    except OSError as error:
        raise ImpossibleInput.unreadable(
            file, error, field="line", expected="a jsonl export (campaign export --format jsonl)"
        ) from None


def _check_some_json(file: Path) -> None:
    """A file none of whose lines is a JSON object (a session log, a text file) is no export:
    bad input (exit 2), not a history found broken at its first line (exit 1). An export with
    a line spoilt is still checked, and broken where the line stands."""
    with file.open("rb") as lines:
        for raw in lines:
            if raw.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{"):
                return
    raise ImpossibleInput(
        N_(
            "{file}: no line is a JSON object, so it is no jsonl export (a session log is "
            "checked by `campaign replay --dry-run`)"
        ),
        field="line",
        value=str(file),
        expected=N_("a jsonl export (campaign export --format jsonl)"),
        values={"file": file},
    )


def _render(console: Console, verdict: Verdict, file: Path | None) -> None:
    what = f"{file}: " if file is not None else ""
    if verdict.intact:
        console.print(Text(f"{what}intact: {counted(verdict.events, 'event')}", style="bold green"))
        if verdict.snapshots:
            console.print(
                Text(
                    f"{counted(verdict.snapshots, 'snapshot')} checked against the events",
                    style="dim",
                )
            )
        if verdict.first_position > 1:
            last = verdict.first_position + verdict.events - 1
            console.print(
                f"positions {verdict.first_position}–{last}: a session's export, part of a "
                "history — what came before it is not in the file",
                markup=False,
                soft_wrap=True,
            )
        if verdict.last_hash:
            console.print(Text(f"last hash {verdict.last_hash}", style="dim"))
        receipts.render(console, verdict)
        return
    where = f"line {verdict.line}, " if verdict.line is not None else ""
    console.print(
        Text(f"{what}broken at {where}position {verdict.first_bad_position}", style="bold red")
        + Text(f" — {verdict.reason}"),
        soft_wrap=True,
    )
    console.print(Text(f"{counted(verdict.events, 'event')} read", style="dim"))
    receipts.render(console, verdict)
