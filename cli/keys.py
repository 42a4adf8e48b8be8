"""``campaign key generate``: a new key for encryption at rest (``CAMPAIGN_KEY``,
docs/cli.md#encryption-at-rest)."""

from __future__ import annotations

import typer

from campaign.service.keys import new_key

app = typer.Typer(help="Encryption at rest: keys for CAMPAIGN_KEY.", no_args_is_help=True)


@app.command("generate")
def generate() -> None:
    """Print a new random encryption key (AES-256, base64) on stdout, and nothing else.

    With CAMPAIGN_KEY set, a new store's events are encrypted with it, and every later command
    on that store needs the same key: keep it somewhere safe — a lost key is a lost history.
    The read models (names, notes) stay in clear.

    Example: campaign key generate > ~/.campaign.key && export CAMPAIGN_KEY=$(cat ~/.campaign.key)
    """
    typer.echo(new_key())


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="key")
