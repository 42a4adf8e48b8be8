"""``campaign handles``: every handle the store knows, by kind, with its name — what a command
names an encounter, a group, a company, a character, an item or a trait by (docs/cli.md#reading;
the JSON: docs/json.md#handles). The shell completes the same handles (cli/completion.py)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated

import typer

from cli.output import emit
from cli.state import open_ledger


def register(app: typer.Typer) -> None:
    app.command("handles")(handles)


def handles(
    ctx: typer.Context,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON (stable keys) instead of tables.")
    ] = False,
) -> None:
    """Every handle the store knows, by kind, with its name: encounters, their groups,
    companies, characters, their items and traits.

    Example: campaign handles --json
    """
    with open_ledger(ctx, create=False) as ledger:
        rows = [asdict(row) for row in ledger.queries.handles()]
    emit({"handles": rows}, as_json=as_json, render=lambda console: console.print(_view(rows)))


def _view(rows: list[dict[str, object]]):
    from rich.table import Table

    from cli.render.common import Handle, printable

    table = Table(header_style="bold")
    table.add_column("Kind", no_wrap=True)
    table.add_column("Handle")
    table.add_column("Name")
    for row in rows:
        handle = str(row["handle"]) if row["of"] is None else f"{row['of']}/{row['handle']}"
        table.add_row(row["kind"], Handle(printable(handle)), printable(row["name"] or ""))
    return table
