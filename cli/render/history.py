"""``history``: one line per event, the rules beside the ruling; a long history is drawn in
chunks as it is read."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain, islice
from typing import Any

from rich.console import Console, RenderableType
from rich.segment import Segment, SegmentLines
from rich.table import Table
from rich.text import Text

from campaign.rules.morale import ruled_as_the_rules_say
from cli.render.common import plain, printable

# history: where ``rules_say`` is a bound or a choice rather than an outcome to compare
_CEILING_KINDS = {"trait-taken"}  # rules_say: the points cap of the kind; ruled: the total


def _differs(event: dict[str, Any]) -> bool:
    """Whether the ruling departs from what the rules said (laid out, not judged: the audit
    judges)."""
    rules_say, ruled = event["rules_say"], event["ruled"]
    if rules_say is None or ruled is None or ruled_as_the_rules_say(rules_say, ruled):
        return False  # `fight` for a group that fights to the death is no departure
    if event["kind"] in _CEILING_KINDS and isinstance(rules_say, int) and isinstance(ruled, int):
        return ruled > rules_say
    if isinstance(rules_say, list) and not isinstance(ruled, list):
        return ruled not in rules_say  # a choice among candidates
    return True


def _rules_cell(event: dict[str, Any]) -> str:
    rules_say = event["rules_say"]
    if event["kind"] in _CEILING_KINDS and isinstance(rules_say, int):
        return f"≤ {rules_say}"
    ruled = event["ruled"]
    if rules_say and isinstance(rules_say, list) and not isinstance(ruled, list | None):
        return "one of " + plain(rules_say)  # a choice among candidates
    return plain(rules_say)


HISTORY_WHOLE = 1000  # up to this many events, one table sized to its content
HISTORY_CHUNK = 500  # beyond it, the table is drawn this many rows at a time


def history_view(events: list[dict[str, Any]]) -> RenderableType:
    """One line per event; a ruling that departs from the rules in bold yellow; retracted
    events struck through."""
    if not events:
        return Text("No events.", style="dim")
    notes = any(event["note"] or event.get("gm") or event["retracted"] for event in events)
    table = _history_table(notes)
    _history_rows(table, events, notes, [object()])
    return table


def print_history(console: Console, events: Iterable[dict[str, Any]]) -> None:
    """:func:`history_view` of a stream of events, printed as it is read.

    A history of up to :data:`HISTORY_WHOLE` events is the one table of :func:`history_view`.
    A longer one is never held whole (in memory, or in Rich's layout): it is drawn
    :data:`HISTORY_CHUNK` rows at a time as one continuous table whose columns are sized by
    the terminal's width rather than by their content, with the Note column always shown.
    """
    events = iter(events)
    head = list(islice(events, HISTORY_WHOLE + 1))
    if len(head) <= HISTORY_WHOLE:
        console.print(history_view(head))
        return
    session: list[object] = [object()]
    bottom: list[Segment] | None = None  # the last chunk's bottom edge, held back
    first = True
    for chunk in _chunks(chain(head, events), HISTORY_CHUNK):
        width = max(7, len(str(chunk[-1]["position"])))  # positions only grow
        table = _history_table(True, streamed=width, header=first)
        _history_rows(table, chunk, True, session)
        lines = console.render_lines(table, console.options)
        if not first:
            lines = lines[1:]  # the top edge: the rows continue the table above
        bottom = lines.pop()
        console.print(SegmentLines(lines, new_lines=True))
        first = False
    if bottom is not None:
        console.print(SegmentLines([bottom], new_lines=True))


def _chunks(items: Iterator[dict[str, Any]], size: int) -> Iterator[list[dict[str, Any]]]:
    while chunk := list(islice(items, size)):
        yield chunk


def _history_table(notes: bool, *, streamed: int | None = None, header: bool = True) -> Table:
    """The history's columns; ``streamed``: the width of ``#`` in a table drawn in chunks,
    where every column's width is fixed so that the chunks line up."""
    fixed = streamed is not None
    table = Table(header_style="bold", expand=fixed, show_header=header)
    table.add_column("#", justify="right", style="dim", no_wrap=True, width=streamed)
    table.add_column(
        "Command (and what else it recorded)", overflow="fold", ratio=4 if fixed else None
    )
    table.add_column("Subject", overflow="fold", ratio=2 if fixed else None)
    table.add_column("Rules say", ratio=2 if fixed else None)
    table.add_column("Ruled", ratio=2 if fixed else None)
    if notes:
        table.add_column("Note", ratio=3 if fixed else None)
    return table


def _history_rows(
    table: Table, events: Iterable[dict[str, Any]], notes: bool, session: list[object]
) -> None:
    """Add the events' rows, and a heading row where each session starts (``session`` holds
    the session of the row before, across chunks)."""
    # control characters shown escaped: a store recorded before they were refused may hold them
    for event in map(printable, events):
        if event["session"] != session[0]:  # a heading row where each session starts
            session[0] = event["session"]
            heading = "before any session" if session[0] is None else f"session {session[0]}"
            table.add_row("", Text(heading, style="bold cyan"), end_section=False)
        first = event.get("command_position") == event["position"]
        what = Text(event["command"] or event["kind"]) if first else Text(f"  ↳ {event['kind']}")
        if not first:
            what.stylize("dim")
        differs = _differs(event)
        ruled = Text(plain(event["ruled"]), style="bold yellow" if differs else "")
        if differs:
            ruled.append(" ≠", style="bold yellow")
        cells: list[RenderableType] = [
            str(event["position"]),
            what,
            event["subject"] or "",
            _rules_cell(event),
            ruled,
        ]
        if notes:
            note = Text("(retracted) " if event["retracted"] else "", style="bold")
            note.append(event["note"] or "", style="italic")
            if event.get("gm"):
                note.append(f" — {event['gm']}" if event["note"] else event["gm"], style="dim")
            cells.append(note)
        table.add_row(*cells, style="dim strike" if event["retracted"] else None)
