"""``campaign report`` (docs/cli.md#report): the campaign as one self-contained HTML page — its
sessions in the recap's words, the charts of ``stats``, the audit — the GM's or, with
``--players``, the players' version. Thin: parse → the service's report → the page
(:mod:`cli.render.report_html`) → the file, written part by part as the sessions are made,
and put in place only once the page is whole."""

from __future__ import annotations

import gc
import os
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer

from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_
from campaign.core.numbers import quoted, whole_number
from campaign.core.text import escaped
from cli.output import echo_utf8, stdout
from cli.state import open_ledger

DEFAULT = "campaign-report.html"
_RANGE = re.compile(r"[ \t]*(\d+)[ \t]*\.\.[ \t]*(\d+)[ \t]*", re.ASCII)


def register(app: typer.Typer) -> None:
    app.command("report")(report)


def report(
    ctx: typer.Context,
    session: Annotated[int | None, typer.Option("--session", help="Only session N.")] = None,
    sessions: Annotated[
        str | None,
        typer.Option("--sessions", metavar="A..B", help="Only the sessions A to B."),
    ] = None,
    players: Annotated[
        bool,
        typer.Option(
            "--players",
            help="The players' version: without what is behind the screen (as export "
            "--format markdown --players) and without the audit.",
        ),
    ] = False,
    output: Annotated[
        str, typer.Option("--output", "-o", metavar="FILE", help="Where to write it; - for stdout.")
    ] = DEFAULT,
) -> None:
    """Write the campaign as one HTML page: sessions, charts and (for the GM) the audit.

    The page holds every style and chart and loads nothing: it opens offline.

    Example: campaign report --players -o for-the-table.html
    """
    wanted = _wanted(session, sessions)
    from cli.reading import progress_bar
    from cli.render.report_html import report_html

    with open_ledger(ctx, create=False) as ledger, progress_bar("making the report") as advance:
        found = ledger.history.report(wanted, players=players, progress=advance)
        # a control or format character a store holds is written escaped
        # (docs/log-language.md#values); each session is made as the page reaches it
        scratch = None if output == "-" else Path(output).parent  # the target's disk
        page = (escaped(part) for part in report_html(found, scratch))
        with _held_until_written():
            if output == "-":
                for part in page:
                    echo_utf8(part)
                return
            _write(Path(output), page)
    stdout().print(f"wrote {output}", markup=False, soft_wrap=True)


@contextmanager
def _held_until_written() -> Iterator[None]:
    """What the report holds before its walk over the sessions — the modules it imported, what
    the first pass over the history found, ``stats``' figures — it holds until the page is
    written: moved out of the cyclic collector's way (``gc.freeze``), so the collections the
    walk's objects bring on walk those only (docs/ARCHITECTURE.md). A process that had frozen
    nothing before (a shell, a test) gets it back."""
    frozen = gc.get_freeze_count()
    gc.freeze()
    try:
        yield
    finally:
        if not frozen:
            gc.unfreeze()


def _wanted(session: int | None, sessions: str | None) -> tuple[int, int] | None:
    """The sessions asked: ``--session N`` or ``--sessions A..B`` (not both), or all."""
    if session is not None and sessions is not None:
        raise ImpossibleInput(
            N_("--session and --sessions name the sessions twice"),
            field="sessions",
            value=sessions,
            expected=N_("one of --session N or --sessions A..B"),
            values={},
        )
    if session is not None:
        return session, session
    if sessions is None:
        return None
    matched = _RANGE.fullmatch(sessions)
    if matched is None:
        raise ImpossibleInput(
            N_("{sessions} is not a range of sessions"),
            field="sessions",
            value=sessions,
            expected=N_("A..B, two session numbers (e.g. 2..5)"),
            values={"sessions": quoted(sessions)},
        )
    first, last = (
        whole_number(number, field="sessions", what="session number", typed=sessions)
        for number in matched.groups()
    )
    return first, last


def _write(path: Path, page: Iterable[str]) -> None:
    """The page written whole or not at all: part by part to a file beside the target, then
    renamed over it (an error half-way leaves the target as it was)."""
    scratch = path.with_name(f".{path.name}.{os.getpid()}.part")
    made = False
    try:
        with open(scratch, "x", encoding="utf-8") as file:
            made = True
            file.writelines(page)
        os.replace(scratch, path)
    except OSError as error:
        why = error.strerror or error
        raise ImpossibleInput(
            N_("{path}: cannot write it ({why})"),
            field="output",
            value=str(path),
            expected=N_("a file in a directory that exists and can be written"),
            values={"path": path, "why": why},
        ) from None
    finally:
        if made:
            scratch.unlink(missing_ok=True)
