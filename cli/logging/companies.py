"""Companies (docs/log-language.md#companies):
``company hire|modifier|recover|reinforce|dismiss``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from campaign.commands import (
    CompanyDismiss,
    CompanyHire,
    CompanyModifier,
    CompanyRecover,
    CompanyReinforce,
)
from campaign.core.i18n import _
from cli.logging._options import NoteOption, signed
from cli.state import record

if TYPE_CHECKING:
    from campaign.service.results import CompanyTerms

app = typer.Typer(help="Mercenary companies: hired, paid (or not), hurt, mended, dismissed.")

Handle = Annotated[str, typer.Argument(help="The company's handle, e.g. red-lances.")]


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="company")


@app.command("hire")
def hire(
    ctx: typer.Context,
    handle: Handle,
    troop: Annotated[str, typer.Option("--troop", help="militia, barbarian or trained.")],
    size: Annotated[int, typer.Option("--size", help="How many members.")],
    mounted: Annotated[bool, typer.Option("--mounted", help="Mounted: +1.")] = False,
    elite: Annotated[bool, typer.Option("--elite", help="Elite: +1.")] = False,
    fanatic: Annotated[bool, typer.Option("--fanatic", help="Fanatics/berserkers: +2.")] = False,
    name: Annotated[str | None, typer.Option("--name", help="Its name.")] = None,
    morale: Annotated[
        int | None,
        typer.Option("--morale", help="The GM's base morale 2–12 (a ruling if it differs)."),
    ] = None,
    note: NoteOption = None,
) -> None:
    """Hire a company: its morale is the troop table (OSE, "Moral des mercenaires").

    Example: campaign company hire red-lances --troop trained --mounted --size 20
    """
    hired = CompanyHire(
        handle=handle,
        troop=troop,
        size=size,
        mounted=mounted,
        elite=elite,
        fanatic=fanatic,
        name=name,
        morale=morale,
        note=note,
    )

    def say(company: CompanyTerms) -> str:
        base = _("morale {morale}").format(morale=company.morale)
        if company.base_morale != company.table_morale:
            base += " " + _("(ruled base {base}; the troop table says {table})").format(
                base=company.base_morale, table=company.table_morale
            )
        return _("{company} hired: {troop}, {size} members — {morale}").format(
            company=company.handle, troop=company.troop, size=company.size, morale=base
        )

    record(ctx, hired, say)


@app.command("modifier")
def modifier(
    ctx: typer.Context,
    handle: Handle,
    value: Annotated[int, typer.Argument(help="The modifier, signed: +1, -2.")],
    reason: Annotated[str, typer.Option("--reason", help="Why (shown with the modifier).")],
    note: NoteOption = None,
) -> None:
    """A working-conditions modifier (GM's discretion, unbounded); it follows the company into
    open encounters.

    Example: campaign company modifier red-lances +1 --reason "shared the dragon hoard"
    """
    record(
        ctx,
        CompanyModifier(handle=handle, value=value, reason=reason, note=note),
        lambda morale: _("{company}: {value} ({reason}) → morale {morale}").format(
            company=handle, value=signed(value), reason=reason, morale=morale
        ),
    )


@app.command("recover")
def recover(
    ctx: typer.Context,
    handle: Handle,
    n: Annotated[int, typer.Argument(help="How many incapacitated members are fit again.")],
    note: NoteOption = None,
) -> None:
    """N incapacitated members fit again.

    Example: campaign company recover red-lances 2
    """
    record(
        ctx,
        CompanyRecover(handle=handle, n=n, note=note),
        lambda fit: _("{company}: {n} fit again → {fit} fit").format(company=handle, n=n, fit=fit),
    )


@app.command("reinforce")
def reinforce(
    ctx: typer.Context,
    handle: Handle,
    n: Annotated[int, typer.Argument(help="How many new members.")],
    note: NoteOption = None,
) -> None:
    """N new members join (not a fight already under way).

    Example: campaign company reinforce red-lances 5
    """
    record(
        ctx,
        CompanyReinforce(handle=handle, n=n, note=note),
        lambda size: _("{company}: +{n} members → {size}").format(company=handle, n=n, size=size),
    )


@app.command("dismiss")
def dismiss(ctx: typer.Context, handle: Handle, note: NoteOption = None) -> None:
    """The company leaves service, and any open encounter.

    Example: campaign company dismiss red-lances
    """

    def say(left: list[str]) -> str:
        said = _("{company} dismissed").format(company=handle)
        if left:
            said += " " + _("(left {where})").format(where=", ".join(left))
        return said

    record(ctx, CompanyDismiss(handle=handle, note=note), say)
