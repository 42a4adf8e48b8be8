"""``campaign rules …``: the calculator (docs/cli.md#the-rules-calculator). Pure calls into
``campaign.rules``; no store, never rolls dice. A module per rule source (two for seed 001: saves,
items) registers its commands on :data:`app`."""

# Each module registers its commands on `app`: their order here is `campaign rules --help`'s.
from cli.rules import morale as _morale  # noqa: F401
from cli.rules import saves as _saves  # noqa: F401
from cli.rules import saves_items as _saves_items  # noqa: F401
from cli.rules import traits as _traits  # noqa: F401
from cli.rules._app import app

__all__ = ["app", "register"]


def register(root) -> None:  # type: ignore[no-untyped-def]
    root.add_typer(app, name="rules")
