"""``campaign stats`` (docs/cli.md#reading): the campaign's figures session by session — the
casualties, the morale tests by outcome, the rulings the audit finds departing from the rules,
the item saves, each company and character at each session's end — as tables with sparklines,
or as JSON (docs/json.md#stats). Thin: one query of the service, then the view."""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated

import typer

from cli.output import emit
from cli.render.common import show
from cli.render.stats import stats_view
from cli.state import open_ledger


def register(app: typer.Typer) -> None:
    app.command("stats")(stats)


def stats(
    ctx: typer.Context,
    session: Annotated[int | None, typer.Option("--session", help="Only session N.")] = None,
    as_of: Annotated[
        str | None,
        typer.Option(
            "--as-of",
            metavar="REF",
            help="The figures as they stood then: session:N (the end of session N) or event:N.",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON (stable keys) instead of tables.")
    ] = False,
) -> None:
    """The campaign's figures per session: casualties, morale tests by outcome, rulings that
    departed from the rules, item saves; each company and character at each session's end.

    Example: campaign stats --as-of session:2 --json
    """
    with open_ledger(ctx, create=False) as ledger:
        data = asdict(ledger.queries.stats(session=session, as_of=as_of))
    emit(data, as_json=as_json, render=show(stats_view(data)))
