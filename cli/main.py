"""The root of the ``campaign`` command: global options, sub-command groups, error mapping."""

from __future__ import annotations

from typing import Annotated

import typer
from typer.core import TyperGroup

from campaign import __version__
from campaign.errors import CampaignError, ImpossibleInput
from cli.output import ExitStatus, fail, option_name
from cli.rules import app as rules_app


class CampaignGroup(TyperGroup):
    """Maps every domain error to its exit code and a one-line message: never a traceback."""

    def invoke(self, ctx: typer.Context):  # type: ignore[override]
        try:
            return super().invoke(ctx)
        except ImpossibleInput as error:
            raise fail(_describe(error), ExitStatus.BAD_INPUT) from None
        except CampaignError as error:
            raise fail(str(error), ExitStatus(error.exit_code)) from None


def _describe(error: ImpossibleInput) -> str:
    """``--option: what is wrong; expected what is allowed``."""
    message = str(error)
    if error.expected and error.expected not in message:
        message += f"; expected {error.expected}"
    where = option_name(error.field)
    return f"{where}: {message}" if where else message


app = typer.Typer(
    name="campaign",
    cls=CampaignGroup,
    help="Campaign Ledger: an event-sourced campaign tracker for tabletop game masters.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=True,
)
app.add_typer(rules_app, name="rules")


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"campaign-ledger {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_show_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """Log what happens at the table; derive morale, saves and flaws from the history."""


def main() -> None:
    """Console-script entry point."""
    app()
