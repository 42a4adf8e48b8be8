"""``campaign export`` and ``campaign import`` (docs/cli.md#export-and-import): the history out
as a log, JSON lines or a recap; a JSON-lines export back into an empty store.

Thin: parse → the service's history (``Ledger.history``) → stdout. What is written is the export
itself, as plain text (never through Rich markup), so it can be redirected to a file.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_
from campaign.core.text import escaped
from cli.output import ExitStatus, counted, echo_utf8, stderr, stdout
from cli.state import open_ledger

if TYPE_CHECKING:
    from campaign.service.ledger import Ledger


class Format(StrEnum):
    log = "log"
    jsonl = "jsonl"
    markdown = "markdown"


def register(app: typer.Typer) -> None:
    app.command("export")(export)
    app.command("import")(import_)


def export(
    ctx: typer.Context,
    format_: Annotated[
        Format,
        typer.Option(
            "--format",
            help="log: a session log that replays to this history; jsonl: one event per line "
            "(for import); markdown: a recap for the players.",
        ),
    ] = Format.log,
    session: Annotated[int | None, typer.Option("--session", help="Only session N.")] = None,
    players: Annotated[
        bool,
        typer.Option(
            "--players",
            help="With markdown: the recap the players may read, without what is behind the "
            "screen (the GM's notes, the rules' answers beside rulings, the tracker's dice, "
            "secret notes and traits).",
        ),
    ] = False,
) -> None:
    """Write the history to stdout: as a session log (the default), JSON lines or a recap.

    The log carries every roll (`--rolled` for the tracker's), the tracker's choices and the
    settings, so it replays to the same status and audit.

    Example: campaign export --format log > campaign.log
    """
    if players and format_ is not Format.markdown:
        raise ImpossibleInput(
            N_("the players' version is of the recap only, not of --format {format}"),
            field="players",
            value=format_.value,
            expected=N_("--format markdown"),
            values={"format": format_.value},
        )
    with open_ledger(ctx, create=False) as ledger:
        if format_ is Format.jsonl:
            _echo((line + "\n" for line in ledger.history.jsonl(session)), json=True)
        elif format_ is Format.log:
            # A history that cannot be a log is found only as far as the writer gets (a setting
            # after the last session, at the very end): one pass that keeps nothing first, so an
            # error leaves stdout empty, then the log streamed.
            deque(ledger.history.log_lines(session), maxlen=0)
            _echo(ledger.history.log_lines(session))
        else:
            _echo(ledger.history.markdown_lines(session, players=players))


WRITE_LINES = 1000  # lines per write to stdout


def _echo(lines: Iterable[str], *, json: bool = False) -> None:
    """Write the lines (each with its newline) as they come, a thousand at a time: an export
    is never held whole. What came before an error is written, then the error raised. A
    control or format character a store holds is written escaped (docs/log-language.md#values):
    in jsonl as JSON's ``\\u001b``, the same text; in a log or a recap as ``\\x1b``."""
    pending: list[str] = []
    try:
        for line in lines:
            pending.append(line)
            if len(pending) >= WRITE_LINES:
                echo_utf8(escaped("".join(pending), json=json))
                pending = []
    finally:
        if pending:
            echo_utf8(escaped("".join(pending), json=json))


def import_(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(metavar="FILE.jsonl", help="A jsonl export.")],
) -> None:
    """Load a `jsonl` export into an empty store, at the same positions (SQLite ↔ PostgreSQL).

    All of it or nothing; a store that already holds events is refused.

    Example: campaign --db postgresql+psycopg://gm@db/ledger import campaign.jsonl
    """
    try:
        text = file.read_text("utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise ImpossibleInput.unreadable(
            file, error, field="line", expected="a UTF-8 jsonl export"
        ) from None
    from cli.reading import progress_bar

    landed: list[int | None] = []  # the events stored, once they are; None: the store cannot say
    try:
        with open_ledger(ctx, create=True) as ledger, progress_bar("folding events") as advance:
            try:
                # "\n" only: a JSON string may hold U+2028, which str.splitlines() would split on
                lines = text.split("\n")
                count = ledger.history.import_jsonl(
                    lines, name=str(file), committed=landed.append, progress=advance
                )
            except KeyboardInterrupt:
                if not landed:  # cut short before the insert returned: did it commit?
                    landed.append(_stored(ledger))
                raise
        stdout().print(
            f"imported {counted(count, 'event')} (positions 1–{count}) from {file}", markup=False
        )
    except KeyboardInterrupt:
        # wherever it fell — the events may be stored, the read models still catching up, the
        # store being closed: say whether the import landed
        stderr().print(_interrupted(landed, file), markup=False, soft_wrap=True)
        raise typer.Exit(ExitStatus.INTERRUPTED) from None


def _stored(ledger: Ledger) -> int | None:
    """How many events the store holds (it held none before the import), None if it cannot
    be read back."""
    try:
        return ledger.last_position()
    except (Exception, KeyboardInterrupt):
        return None


def _interrupted(landed: list[int | None], file: Path) -> str:
    """What a Ctrl-C during ``import`` says: whether the events were stored (all or none)."""
    if landed and landed[0] is None:
        return (
            f"interrupted as the events of {file} were being stored, and the store could not be "
            "read back: all of them or none are recorded, `campaign history` shows which"
        )
    if not landed or not landed[0]:
        return f"interrupted: nothing was imported from {file}"
    return (
        f"interrupted: the import had landed — {counted(landed[0], 'event')} from {file} are "
        "stored; the read models catch up at the next command"
    )
