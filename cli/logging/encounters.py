"""Encounters (docs/log-language.md#encounters): ``encounter start|end|group|rating|join``,
``casualty``, ``adjust``, ``morale``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from campaign.commands import (
    Adjustment,
    Casualty,
    EncounterEnd,
    EncounterGroup,
    EncounterJoin,
    EncounterRating,
    EncounterStart,
    MoraleTest,
)
from campaign.core.i18n import _, ngettext
from cli.logging._options import (
    NoteOption,
    RolledOption,
    TwoD6RollOption,
    dice,
    signed,
    verdict,
)
from cli.render.words import said as word_said
from cli.state import record

if TYPE_CHECKING:
    from campaign.service.results import CasualtyResult

app = typer.Typer(help="Encounters: their groups and the companies that join them.")

Encounter = Annotated[str, typer.Argument(help="The encounter's handle, e.g. ford.")]
Group = Annotated[str, typer.Argument(help="The group's (or joined company's) handle.")]
Monsters = Annotated[str, typer.Argument(help="The monster group's handle.")]


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="encounter")
    root.command("casualty")(casualty)
    root.command("adjust")(adjust)
    root.command("morale")(morale)


@app.command("start")
def start(
    ctx: typer.Context,
    handle: Encounter,
    name: Annotated[str | None, typer.Option("--name", help="Its name.")] = None,
    note: NoteOption = None,
) -> None:
    """Start an encounter (it may span sessions).

    Example: campaign encounter start ford --name "Ambush at the ford"
    """
    record(
        ctx,
        EncounterStart(handle=handle, name=name, note=note),
        lambda _s: (
            _("encounter {name} started").format(name=handle) + (f" — {name}" if name else "")
        ),
    )


@app.command("end")
def end(ctx: typer.Context, handle: Encounter, note: NoteOption = None) -> None:
    """End an encounter: a morale check still due lapses (MOR002).

    Example: campaign encounter end ford
    """

    record(
        ctx,
        EncounterEnd(handle=handle, note=note),
        lambda _s: _("encounter {name} ended").format(name=handle),
    )


@app.command("group")
def group(
    ctx: typer.Context,
    encounter: Encounter,
    handle: Monsters,
    count: Annotated[int, typer.Option("--count", help="How many in the group.")],
    morale: Annotated[int, typer.Option("--morale", help="Its morale rating, 2–12.")],
    name: Annotated[str | None, typer.Option("--name", help="Its name.")] = None,
    note: NoteOption = None,
) -> None:
    """A monster or NPC group enters the encounter.

    Example: campaign encounter group ford goblins --count 12 --morale 7
    """
    group = EncounterGroup(
        encounter=encounter, group=handle, count=count, morale=morale, name=name, note=note
    )
    record(ctx, group, lambda s: _grouped(encounter, handle, count, morale, s.status))


@app.command("rating")
def rating(
    ctx: typer.Context,
    encounter: Encounter,
    handle: Monsters,
    morale: Annotated[int, typer.Argument(help="The new rating, 2–12.")],
    reason: Annotated[str, typer.Option("--reason", help="Why: its leader fell, its lair…")],
    note: NoteOption = None,
) -> None:
    """A monster group's rating changes.

    Example: campaign encounter rating ford goblins 9 --reason "in their lair"
    """
    record(
        ctx,
        EncounterRating(encounter=encounter, group=handle, rating=morale, reason=reason, note=note),
        lambda status: _("{group}: morale {morale} ({reason}) — {status}").format(
            group=f"{encounter}/{handle}", morale=morale, reason=reason, status=word_said(status)
        ),
    )


@app.command("join")
def join(
    ctx: typer.Context,
    encounter: Encounter,
    company: Annotated[str, typer.Argument(help="A company in service.")],
    note: NoteOption = None,
) -> None:
    """A company in service takes part; its fit members are its starting count.

    Example: campaign encounter join ford red-lances
    """
    joined = EncounterJoin(encounter=encounter, company=company, note=note)
    joins = _("{at}: {company} joins, {fit} fit, morale {morale}")
    record(
        ctx,
        joined,
        lambda s: joins.format(at=encounter, company=company, fit=s.count, morale=s.rating),
    )


def casualty(
    ctx: typer.Context,
    encounter: Encounter,
    handle: Group,
    n: Annotated[int, typer.Argument(help="How many (default 1).")] = 1,
    incapacitated: Annotated[
        bool, typer.Option("--incapacitated", help="Out of the fight, not killed.")
    ] = False,
    cause: Annotated[str | None, typer.Option("--cause", help="What did it.")] = None,
    note: NoteOption = None,
) -> None:
    """N killed (or incapacitated) in a group; on a company, recorded on both in one go.

    Example: campaign casualty ford goblins 1 --cause "Brynn's axe"
    """
    hurt = Casualty(
        encounter=encounter, group=handle, n=n, incapacitated=incapacitated, cause=cause, note=note
    )

    def say(result: CasualtyResult) -> str:
        due, state = result.checks_due, result.morale
        if incapacitated:
            line = ngettext(
                "{group}: {n} incapacitated ({out} of {count} out) — {status}",
                "{group}: {n} incapacitated ({out} of {count} out) — {status}",
                n,
            )
        else:
            line = ngettext(
                "{group}: {n} killed ({out} of {count} out) — {status}",
                "{group}: {n} killed ({out} of {count} out) — {status}",
                n,
            )
        line = line.format(
            group=handle, n=n, out=state.out, count=state.count, status=word_said(state.status)
        )
        if due:
            checks = _(" and ").join(word_said(check) for check in due)
            line += "; " + _("{checks}: morale check due (morale {morale})").format(
                checks=checks, morale=state.effective
            )
        return line

    record(ctx, hurt, say)


def adjust(
    ctx: typer.Context,
    encounter: Encounter,
    handle: Group,
    value: Annotated[int, typer.Argument(help="The adjustment, signed: -1, +2.")],
    reason: Annotated[str, typer.Option("--reason", help="Why (shown with the adjustment).")],
    note: NoteOption = None,
) -> None:
    """A situational morale adjustment for this encounter.

    Example: campaign adjust ford goblins -1 --reason "leader slain"
    """
    record(
        ctx,
        Adjustment(encounter=encounter, group=handle, value=value, reason=reason, note=note),
        lambda effective: _("{group}: {value} ({reason}) → effective morale {morale}").format(
            group=handle, value=signed(value), reason=reason, morale=effective
        ),
    )


def morale(
    ctx: typer.Context,
    encounter: Encounter,
    handle: Group,
    roll: TwoD6RollOption = None,
    cornered: Annotated[
        bool, typer.Option("--cornered", help="Cornered: a morale-2 group fights.")
    ] = False,
    ruling: Annotated[
        str | None, typer.Option("--ruling", help="fight, flee or surrender (the GM's call).")
    ] = None,
    rolled: RolledOption = False,
    note: NoteOption = None,
) -> None:
    """A morale test: 2d6 ≤ morale + adjustments keeps fighting (OSE morale).

    Example: campaign morale ford goblins --roll 3,5
    """
    record(
        ctx,
        MoraleTest(
            encounter=encounter,
            group=handle,
            roll=roll,
            rolled=rolled,
            cornered=cornered,
            ruling=ruling,
            note=note,
        ),
        lambda t: (
            f"{handle}: {dice(t.roll)} — {verdict(t.rules_say, t.ruled)} → {word_said(t.status)}"
        ),
    )


def _grouped(encounter: str, handle: str, count: int, morale: int, status: str) -> str:
    """``ford: goblins ×6, morale 7 (fighting)``: a group added."""
    return _("{at}: {group} ×{count}, morale {morale} ({status})").format(
        at=encounter, group=handle, count=count, morale=morale, status=word_said(status)
    )
