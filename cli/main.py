"""The root of the ``campaign`` command: global options, sub-command groups, error mapping."""

from __future__ import annotations

from typing import Annotated

import typer
from typer.core import TyperGroup

from campaign import __version__
from campaign.errors import CampaignError, ImpossibleInput
from cli import audit, export, reading, replay, shell, verify
from cli.logging import characters, companies, encounters, rolls, sessions
from cli.output import ExitStatus, describe, fail
from cli.rules import app as rules_app
from cli.state import CliState


class CampaignGroup(TyperGroup):
    """Maps every domain error to its exit code and a one-line message: never a traceback."""

    def invoke(self, ctx: typer.Context):  # type: ignore[override]
        try:
            return super().invoke(ctx)
        except ImpossibleInput as error:
            raise fail(describe(error), ExitStatus.BAD_INPUT) from None
        except CampaignError as error:
            raise fail(str(error), ExitStatus(error.exit_code)) from None


app = typer.Typer(
    name="campaign",
    cls=CampaignGroup,
    help="Campaign Ledger: an event-sourced campaign tracker for tabletop game masters.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=True,
)
sessions.register(app)
app.add_typer(companies.app, name="company")
characters.register(app)
encounters.register(app)
rolls.register(app)
replay.register(app)
shell.register(app)
reading.register(app)
audit.register(app)
export.register(app)
verify.register(app)
app.add_typer(rules_app, name="rules")


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"campaign-ledger {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    ctx: typer.Context,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            envvar="CAMPAIGN_DB",
            help="The store: a SQLite path (default ./campaign.db) or "
            "postgresql+psycopg://user:password@host/db.",
        ),
    ] = None,
    gm: Annotated[
        str | None,
        typer.Option("--gm", envvar="CAMPAIGN_GM", help="Who is recording (kept on every event)."),
    ] = None,
    verbose: Annotated[bool, typer.Option("--verbose", help="Say more.")] = False,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_show_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """Log what happens at the table; derive morale, saves and flaws from the history."""
    ctx.obj = CliState(db=db, gm=gm, verbose=verbose)


def main() -> None:
    """Console-script entry point."""
    app()
