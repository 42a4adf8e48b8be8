"""``campaign rules …``: the calculator (SPEC §5). Pure calls into ``campaign.rules``; no store,
never rolls dice. One module per rule source registers its commands on :data:`app`."""

from cli.rules import morale as _morale  # noqa: F401  (registers commands)
from cli.rules import saves as _saves  # noqa: F401
from cli.rules import traits as _traits  # noqa: F401
from cli.rules._app import app

__all__ = ["app", "register"]


def register(root) -> None:  # type: ignore[no-untyped-def]
    root.add_typer(app, name="rules")
