"""The reading commands (docs/cli.md#reading): ``status``, ``history``, ``modifiers``,
``projections``, and ``init``, which creates the store they read.

Thin: parse → one query of the application service → :func:`cli.output.emit` (JSON on stdout,
or a Rich view from :mod:`cli.render`). ``history`` streams instead: its rows are written (the
same JSON, or the table in pieces) as they are read, never held whole. A missing store is
``StoreMissing`` (exit 1) and a bad ``--as-of`` is ``ImpossibleInput`` (exit 2), both mapped by
the root group.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import asdict
from enum import StrEnum
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from campaign.commands import Init
from campaign.core.errors import UnknownHandle
from campaign.core.i18n import N_
from campaign.core.text import escaped
from campaign.service.ledger import Ledger
from campaign.service.opening import StoreError, store_named
from cli import render
from cli.output import ExitStatus, counted, echo_utf8, emit, stderr, stdout
from cli.state import open_ledger, state

projections = typer.Typer(
    help="The read models folded from the events: rebuild them, see their positions, follow "
    "the store.",
    no_args_is_help=True,
)

JsonOption = Annotated[
    bool, typer.Option("--json", help="Print JSON (stable keys) instead of tables.")
]
AsOfOption = Annotated[
    str | None,
    typer.Option(
        "--as-of",
        metavar="REF",
        help="The state as it stood then: session:N (the end of session N) or event:N.",
    ),
]


class PaladinAbility(StrEnum):
    wis = "wis"
    cha = "cha"


def register(root: typer.Typer) -> None:
    root.command("init")(init)
    root.command("status")(status)
    root.command("history")(history)
    root.command("modifiers")(modifiers)
    root.add_typer(projections, name="projections")


def init(
    ctx: typer.Context,
    name: Annotated[str | None, typer.Option("--name", help="The campaign's name.")] = None,
    paladin_ability: Annotated[
        PaladinAbility | None,
        typer.Option("--paladin-ability", help="The paladin's spell ability (docs/rules.md#d-6)."),
    ] = None,
) -> None:
    """Create the store (idempotent); a different --paladin-ability records a setting event.

    Example: campaign init --name "The Greywater campaign" --paladin-ability cha
    """
    ability = paladin_ability.value if paladin_ability is not None else None
    where = store_named(state(ctx).db)
    with open_ledger(ctx, create=True) as ledger:
        answer = ledger.handle(Init(name=name, paladin_ability=ability))
    recorded, named = answer.recorded, answer.name
    if recorded == "created":
        said = f"campaign store created at {where}"
    elif recorded == "setting":
        said = f"campaign store at {where}: paladin-ability set to {ability}"
    else:
        said = f"campaign store at {where} already exists; nothing to record"
    if recorded != "created" and name is not None and name != named:  # said, not dropped
        kept = f"it stays {named!r}" if named else "it has none"
        said += f" (a campaign is named when its store is created: {kept})"
    stdout().print(said, markup=False, soft_wrap=True)


def status(
    ctx: typer.Context,
    as_of: AsOfOption = None,
    show_all: Annotated[
        bool, typer.Option("--all", help="Show ended encounters too (JSON always has them).")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Encounters and their morale boards, companies, characters: the state now, or --as-of.

    Example: campaign status --as-of session:12
    """
    with open_ledger(ctx, create=False) as ledger:
        data = asdict(ledger.queries.status(as_of=as_of))
    view = render.status_view(data, show_all=show_all, as_of=as_of)
    emit(data, as_json=as_json, render=render.show(view))


def history(
    ctx: typer.Context,
    session: Annotated[int | None, typer.Option("--session", help="Only session N.")] = None,
    subject: Annotated[
        str | None,
        typer.Option(
            "--subject",
            help="Only one subject (an encounter's handle includes its groups): ford, brynn.",
        ),
    ] = None,
    as_of: AsOfOption = None,
    as_json: JsonOption = False,
) -> None:
    """The timeline, one line per event, the rules' outcome beside the GM's ruling.

    Example: campaign history --session 12 --subject ford
    """
    with (
        open_ledger(ctx, create=False) as ledger,
        closing(
            ledger.queries.history_rows(session=session, subject=subject, as_of=as_of)
        ) as found,
    ):
        # the stream is consumed while the ledger (and an --as-of scratch fold) is open
        rows = (asdict(row) for row in found)
        if as_json:
            _echo_events(rows)
        else:
            last = ledger.last_position()
            render.print_history(stdout(), rows, last=last, gm=ledger.queries.longest_gm)


JSON_CHUNK = 1000  # events per write of `history --json`


def _echo_events(rows: Iterator[dict[str, Any]]) -> None:
    """``{"events": [...]}`` written as the rows arrive: the same bytes as ``emit`` writes for
    the whole list (``json.dumps``' default separators), never the whole text at once. The first
    row is read before anything is written, so a bad ``--as-of`` or a failing store leaves
    stdout empty."""
    first = next(rows, None)
    if first is None:
        echo_utf8('{"events": []}\n')
        return
    pieces = ['{"events": [', json.dumps(first, ensure_ascii=False)]
    for row in rows:
        pieces += [", ", json.dumps(row, ensure_ascii=False)]
        if len(pieces) >= 2 * JSON_CHUNK:
            echo_utf8(escaped("".join(pieces), json=True))  # docs/log-language.md#values
            pieces = []
    pieces.append("]}\n")
    echo_utf8(escaped("".join(pieces), json=True))


def modifiers(
    ctx: typer.Context,
    targets: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="E G | H | company:H | character:H",
            help="A group (its encounter and handle), a company or character handle, or "
            "company:H / character:H; none: every subject.",
        ),
    ] = None,
    as_of: AsOfOption = None,
    as_json: JsonOption = False,
) -> None:
    """The morale modifiers in force: rating, each modifier with its reason and event, effective.

    `morale` is the logging command; this is its reading side.

    Example: campaign modifiers ford goblins company:red-lances
    """
    with open_ledger(ctx, create=False) as ledger:
        found = [asdict(subject) for subject in ledger.queries.modifiers(as_of=as_of)]
        subjects = select_subjects(found, targets or [])
    emit(
        {"subjects": subjects},
        as_json=as_json,
        render=render.show(render.modifiers_view(subjects)),
    )


def select_subjects(subjects: list[dict[str, Any]], targets: list[str]) -> list[dict[str, Any]]:
    """The subjects the targets name, in the query's order (every one without targets).

    ``E G`` (or ``E/G``) is a group; ``company:H`` and ``character:H`` one of that kind; a bare
    ``H`` a company or character; a bare encounter handle not followed by one of its groups,
    every group of that encounter. A target that names nothing is an error naming it.
    """
    if not targets:
        return subjects
    groups = {s["subject"].lower() for s in subjects if s["kind"] == "group"}
    encounters = {g.split("/", 1)[0] for g in groups}
    wanted: set[tuple[str, str]] = set()  # (kind, subject)
    tokens = [t.strip().lower() for t in targets]
    index = 0
    while index < len(tokens):
        token = tokens[index]
        index += 1
        kind, _, handle = token.rpartition(":")
        if kind in ("company", "character"):
            found = {(kind, handle)}
        elif "/" in token:
            found = {("group", token)}
        elif token in encounters:
            following = tokens[index] if index < len(tokens) else None
            if following is not None and f"{token}/{following}" in groups:
                index += 1
                found = {("group", f"{token}/{following}")}
            else:
                found = {("group", g) for g in groups if g.startswith(f"{token}/")}
        else:
            found = {("company", token), ("character", token)}
        known = {(s["kind"], s["subject"].lower()) for s in subjects}
        if not found & known:
            raise UnknownHandle(
                N_("{target} names no group, company or character with modifiers"),
                field="subject",
                value=targets[index - 1],
                expected=N_("E G, H, company:H or character:H"),
                values={"target": repr(targets[index - 1])},
            )
        wanted |= found
    return [s for s in subjects if (s["kind"], s["subject"].lower()) in wanted]


# --- projections ---------------------------------------------------------------------------------


@projections.command("status")
def projections_status(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """Each read model's position in the history and how many events it is behind.

    Example: campaign projections status --json
    """
    with open_ledger(ctx, create=False) as ledger:
        rows = [asdict(row) for row in ledger.queries.projection_positions()]
    emit(
        {"projections": rows},
        as_json=as_json,
        render=render.show(render.projections_view(rows)),
    )


@projections.command("rebuild")
def rebuild(ctx: typer.Context) -> None:
    """Drop the read models and fold the whole history again (they can always be rebuilt).

    Example: campaign projections rebuild
    """
    folded: int | None = None
    try:
        with open_ledger(ctx, create=False) as ledger, progress_bar("folding events") as progress:
            folded = ledger.queries.rebuild(progress=progress)
            position = ledger.last_position()
    except KeyboardInterrupt:
        stderr().print(_rebuild_interrupted(ctx, folded), markup=False, soft_wrap=True)
        raise typer.Exit(ExitStatus.INTERRUPTED) from None
    stdout().print(f"read models rebuilt: {counted(folded, 'event')} folded (position {position})")


@projections.command("drop")
def drop(
    ctx: typer.Context,
    scrub: Annotated[
        bool,
        typer.Option(
            "--scrub",
            help="SQLite: overwrite what they held in the file and its WAL (before the store "
            "leaves your hands).",
        ),
    ] = False,
) -> None:
    """Drop the read models; the next command that reads folds them again from the events.

    Example: campaign projections drop --scrub
    """
    with open_ledger(ctx, create=False) as ledger:
        ledger.queries.drop(scrub=scrub)
    done = "overwritten in the file and its WAL" if scrub else "not overwritten (--scrub does it)"
    said = f"read models dropped, {done}; the next command that reads them folds them again"
    stdout().print(said, soft_wrap=True)


def _rebuild_interrupted(ctx: typer.Context, folded: int | None) -> str:
    """What a Ctrl-C during ``projections rebuild`` says. Rebuilt, when the rebuild returned;
    otherwise where the read models stand, read back: the rebuild is one transaction, which
    may or may not have committed as the Ctrl-C fell, and read models of another version were
    dropped before it began (they are made again empty, at position 0)."""
    if folded is not None:
        return f"interrupted: the read models were rebuilt ({counted(folded, 'event')} folded)"
    advice = "`campaign projections rebuild` rebuilds them, and any read catches them up"
    try:
        with open_ledger(ctx, create=False) as ledger:
            stand = min(row.position for row in ledger.queries.projection_positions())
            last = ledger.last_position()
    except (Exception, KeyboardInterrupt):
        return "interrupted: `campaign projections status` shows where the read models stand"
    return f"interrupted: the read models stand at position {stand} of {last}; {advice}"


@projections.command("run")
def run(
    ctx: typer.Context,
    interval: Annotated[
        float,
        typer.Option(
            "--interval",
            min=0.1,
            help="Seconds between catch-ups (SQLite; PostgreSQL also wakes on each write).",
        ),
    ] = 2.0,
    once: Annotated[bool, typer.Option("--once", help="Catch up once and exit.")] = False,
) -> None:
    """Follow the store: keep the read models caught up as events land, until Ctrl-C.

    Example: campaign projections run --interval 5
    """
    try:
        with open_ledger(ctx, create=False) as ledger:
            _follow(ledger, interval, once)
    except KeyboardInterrupt:
        raise typer.Exit(0) from None


def _follow(ledger: Ledger, interval: float, once: bool) -> None:
    console = stdout()
    if not once:
        where = ledger.store_name
        stderr().print(f"following {where}; Ctrl-C to stop", style="dim", soft_wrap=True)
    first = True
    with ledger.wakeups() as wait:

        def pause() -> None:
            # no SQLite file held open between polls: a store replaced meanwhile (a backup
            # restored) never meets this process's WAL (docs/RELIABILITY.md); the next poll
            # opens the connections again, and stops if the file there is another one
            ledger.release()
            wait(interval)

        while True:
            ledger.check_still_there()  # replaced or removed: exit 1, saying so
            try:
                folded = ledger.queries.catch_up()
            except StoreError as error:
                if once:
                    raise
                # another process rebuilding the read models drops their tables for a moment:
                # said, and the next catch-up follows on
                stderr().print(f"{time.strftime('%H:%M:%S')} {error}; trying again", markup=False)
                pause()
                continue
            if folded or first:
                stamp = time.strftime("%H:%M:%S")
                console.print(
                    f"{stamp} {counted(folded, 'event')} folded (position {ledger.last_position()})"
                )
            if once:
                return
            first = False
            pause()


@contextmanager
def progress_bar(label: str) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on stderr when it is a terminal; no callback otherwise."""
    console = stderr()
    if not console.is_terminal:
        yield None
        return
    bar = Progress(
        TextColumn(label, markup=False),
        BarColumn(),
        MofNCompleteColumn(),
        console=console,
        transient=True,
    )
    with bar:
        task = bar.add_task(label, total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield advance
