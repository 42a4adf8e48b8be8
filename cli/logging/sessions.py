"""Sessions, time and corrections (docs/log-language.md#sessions-time-corrections): ``session``,
``clock``, ``setting``, ``note``, ``retract``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from campaign.commands import (
    ClockAdvance,
    ClockSet,
    Note,
    Retract,
    SessionEnd,
    SessionOpen,
    Setting,
)
from campaign.core.clock import moment_said, read_duration, read_moment
from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_, _
from campaign.core.numbers import whole_number
from cli.logging._options import NoteOption, SecretOption
from cli.state import record, state

if TYPE_CHECKING:
    from campaign.service.results import RetractResult

_N = N_("a whole number ≥ 1, or end")  # a session's number

clock_app = typer.Typer(help="The in-game clock: it starts at day 1 00:00 and never runs back.")


def register(app: typer.Typer) -> None:
    app.command("session")(session)
    app.add_typer(clock_app, name="clock")
    app.command("setting")(setting)
    app.command("note")(note)
    app.command("retract")(retract)


def session(
    ctx: typer.Context,
    number: Annotated[str, typer.Argument(metavar="N|end", help="The session's number, or end.")],
    date: Annotated[str | None, typer.Option("--date", help="Real-world date, YYYY-MM-DD.")] = None,
    title: Annotated[str | None, typer.Option("--title", help="The session's title.")] = None,
    note: NoteOption = None,
) -> None:
    """Open session N (ending the open one), or `session end`, which prints a receipt of the
    history to keep elsewhere (`campaign verify --expect` checks it).

    Every following event belongs to it. Numbers increase; an ended session is never reopened.

    Example: campaign session 12 --date 2026-11-21 --title "The ford at Greywater"
    """
    if number.strip().lower() == "end":
        if date is not None or title is not None:
            raise ImpossibleInput(
                N_("`session end` takes no --date or --title"),
                field="session",
                value=number,
                expected=N_("session end"),
                values={},
            )
        ended = _("session {n} ended")
        record(ctx, SessionEnd(note=note), lambda n: ended.format(n=n), receipt=True)
        return
    n = 0
    if number.isascii() and number.isdigit():  # not "١١", as a log
        n = whole_number(number, field="session", what="session number", expected=_N)
    if n < 1:
        raise ImpossibleInput(
            N_("{number} is not a session number"),
            field="session",
            value=number,
            expected=_N,
            values={"number": repr(number)},
        )
    log = state(ctx).log  # replayed: the session block's digest and file (idempotency)
    block = log.block_digest if log is not None else None
    source = log.source if log is not None else None

    def say(_none: None) -> str:
        return _("session {n} opened").format(n=n) + (f" — {title}" if title else "")

    opened = SessionOpen(
        number=n, date=date, title=title, source_hash=block, source=source, note=note
    )
    record(ctx, opened, say)


@clock_app.command("advance")
def advance(
    ctx: typer.Context,
    duration: Annotated[
        str,
        typer.Argument(help="30s, 10min, 6h, 3d, 2w, 4turns (10 min), 5rounds (10 s)."),
    ],
    note: NoteOption = None,
) -> None:
    """Move the in-game clock forward.

    Example: campaign clock advance 2h
    """
    seconds, words = read_duration(duration)
    record(ctx, ClockAdvance(seconds=seconds, words=words, note=note), _said_clock)


@clock_app.command("set")
def set_clock(
    ctx: typer.Context,
    moment: Annotated[
        str, typer.Argument(help='The in-game time, "day N HH:MM" or "day N HH:MM:SS".')
    ],
    note: NoteOption = None,
) -> None:
    """Set the in-game clock (never back in time).

    Example: campaign clock set "day 3 08:00"
    """
    seconds, words = read_moment(moment)
    record(ctx, ClockSet(seconds=seconds, words=words, note=note), _said_clock)


def _said_clock(seconds: int) -> str:
    return _("clock: {moment}").format(moment=moment_said(seconds, exact=True))


def setting(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The setting: paladin-ability.")],
    value: Annotated[str, typer.Argument(help="Its value: wis or cha (docs/rules.md#d-6).")],
    note: NoteOption = None,
) -> None:
    """Change a campaign setting.

    Example: campaign setting paladin-ability cha
    """
    record(
        ctx,
        Setting(setting=name, value=value, note=note),
        lambda _: f"{name}: {value}",
    )


def note(
    ctx: typer.Context,
    text: Annotated[str, typer.Argument(help="The note, quoted.")],
    secret: SecretOption = False,
    note: NoteOption = None,
) -> None:
    """A free-text note in the history (the audit lists every note, GEN002). Like every
    logging command it takes --note: the history shows it as the note's reason. --secret keeps
    it behind the screen: the players' recap leaves it out.

    Example: campaign note "The goblins' leader wore a red hood"
    """
    record(ctx, Note(text=text, note=note, secret=secret), lambda _none: _("noted"))


def retract(
    ctx: typer.Context,
    which: Annotated[str, typer.Argument(metavar="last|event:N", help="The command to withdraw.")],
    note: NoteOption = None,
) -> None:
    """Withdraw a whole earlier command, as a new event (nothing is deleted).

    `last` is the most recent command still in force (in a log: the previous line's);
    `event:N` the command that recorded position N, while no later command touched the same
    subjects.

    Example: campaign retract last --note "wrong group"
    """
    record(ctx, Retract(ref=which, note=note), _retracted)


def _retracted(done: RetractResult) -> str:
    """``retracted ann's command at event:18: casualty e1 orcs 1``: whose and which."""
    if done.gm:
        said = _("retracted {gm}'s command at event:{position}")
    else:
        said = _("retracted the command at event:{position}")
    said = said.format(gm=done.gm, position=done.retracted)
    return said + (f": {done.line}" if done.line else "")
