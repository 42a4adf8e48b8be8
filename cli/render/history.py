"""``history``: one line per event, the rules beside the ruling; a long history is drawn in
chunks as it is read."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain, islice
from typing import Any

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import SegmentLines
from rich.table import Table
from rich.text import Text

from campaign.rules.morale import ruled_as_the_rules_say
from cli.render.common import Handle, plain, printable
from cli.render.rows import body_lines

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


# up to this many events, one table sized to its content (_share_widths), which Rich measures
# whole before its first line: a tenth of a second for 200 rows (docs/PERFORMANCE.md, B7)
HISTORY_WHOLE = 200
HISTORY_CHUNK = 500  # beyond it, the table is drawn this many rows at a time
HISTORY_WIDTH = 80  # the table's six columns need this many; narrower, a block per event


def history_view(events: list[dict[str, Any]]) -> RenderableType:
    """One line per event; a ruling that departs from the rules in bold yellow; retracted
    events struck through. On a terminal too narrow for the table, a block of lines per
    event."""
    if not events:
        return Text("No events.", style="dim")
    return _History(events)


class _History:
    """The history's table, or on a terminal too narrow for it, a few lines per event (as the
    audit does, cli/audit.py): the table's six columns were a few letters wide there, the
    rules' answer and the ruling cut to ``fighti…``, handles folded letter by letter."""

    def __init__(self, events: list[dict[str, Any]]) -> None:
        self.events = events

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width < HISTORY_WIDTH:
            yield _Blocks(self.events, [object()])
            return
        events = self.events
        notes = any(event["note"] or event.get("gm") or event["retracted"] for event in events)
        table = _history_table(notes)
        _history_rows(table, events, notes, [object()])
        _share_widths(table, console, options)
        yield table


def _share_widths(table: Table, console: Console, options: ConsoleOptions) -> None:
    """Fit a table too wide for the terminal by giving each column what it needs, or, where
    the columns need more than there is, a share by weight (the command 4, the subject and the
    note 3, the rules' answer and the ruling 2) — Rich cuts the widest columns to one width:
    the command, at 80 columns, had no more room than the ruling."""
    wide = options.update_width(10_000)
    needs = [
        max(Measurement.get(console, wide, cell).maximum for cell in [column.header, *column.cells])
        for column in table.columns
    ]
    room = options.max_width - len(needs) - 1 - 2 * len(needs) - needs[0]  # borders, padding
    if sum(needs[1:]) <= room:
        return  # it fits: each column as wide as its content
    weights = dict(zip(range(1, len(needs)), [4, 3, 2, 2, 3], strict=False))
    widths = {}
    while weights:
        share = room / sum(weights.values())
        fits = [index for index, weight in weights.items() if needs[index] <= weight * share]
        if not fits:  # the rest share what is left, by weight
            for index, weight in weights.items():
                widths[index] = int(weight * share)
            widths[max(weights, key=weights.__getitem__)] += room - sum(
                widths[index] for index in weights
            )
            break
        for index in fits:
            widths[index] = needs[index]
            room -= needs[index]
            del weights[index]
    for index, width in widths.items():
        table.columns[index].width = width


def print_history(
    console: Console, events: Iterable[dict[str, Any]], *, last: int | None = None
) -> None:
    """:func:`history_view` of a stream of events, printed as it is read.

    A history of up to :data:`HISTORY_WHOLE` events is the one table of :func:`history_view`.
    A longer one is never held whole (in memory, or in Rich's layout): it is drawn
    :data:`HISTORY_CHUNK` rows at a time as one continuous table whose columns are sized by
    the terminal's width rather than by their content, with the Note column always shown —
    or, narrower than :data:`HISTORY_WIDTH`, as a block of lines per event. ``last``: the
    highest position the history may show (the store's last), which sizes the ``#`` column.
    """
    events = iter(events)
    head_rows = list(islice(events, HISTORY_WHOLE + 1))
    if len(head_rows) <= HISTORY_WHOLE:
        console.print(history_view(head_rows))
        return
    session: list[object] = [object()]
    if console.width < HISTORY_WIDTH:
        for chunk in _chunks(chain(head_rows, events), HISTORY_CHUNK):
            console.print(_Blocks(chunk, session))
        return
    # the columns must line up from chunk to chunk: `#` as wide as the last position can be
    number = len(str(last)) if last is not None else 7
    widths = _fixed_widths(console.width, number)
    head = _history_table(True, widths=widths, number=number)
    *edge_and_header, bottom = console.render_lines(head, console.options)
    console.print(SegmentLines(edge_and_header, new_lines=True))
    for chunk in _chunks(chain(head_rows, events), HISTORY_CHUNK):
        number = max(number, len(str(chunk[-1]["position"])))  # positions only grow
        table = _history_table(True, widths=widths, number=number)
        _history_rows(table, chunk, True, session)
        lines = body_lines(console, console.options, table)
        console.print(SegmentLines(lines, new_lines=True), crop=False)  # each line fits
    console.print(SegmentLines([bottom], new_lines=True))


def _chunks(items: Iterator[dict[str, Any]], size: int) -> Iterator[list[dict[str, Any]]]:
    while chunk := list(islice(items, size)):
        yield chunk


VERDICT_WIDTH = 9  # the rules' answer and the ruling, at least: `surrender`, `fighting`, …


def _fixed_widths(width: int, number: int) -> list[int]:
    """The widths of the five columns after ``#`` in a table drawn in chunks, from the
    terminal's: shares by weight (the command 4, the subject and the note 3, the rules' answer
    and the ruling 2), the rules' answer and the ruling never narrower than a status word — at
    80 columns their shares were 7 letters, `fightin` over `g` on every other row."""
    room = max(0, width - 7 - 2 * 6 - number)  # six columns: seven borders, padding 2 each
    verdict = max(VERDICT_WIDTH, room * 2 // 14)
    rest = max(3, room - 2 * verdict)
    subject = -(-rest * 3 // 10)  # rounded up: handles break only after a - or a /
    command = rest * 4 // 10
    return [command, subject, verdict, verdict, rest - command - subject]


def _history_table(
    notes: bool,
    *,
    widths: list[int] | None = None,
    number: int | None = None,
) -> Table:
    """The history's columns, sized by their content, or to ``widths`` (:func:`_fixed_widths`);
    ``number``: the width of ``#`` in a table drawn in chunks, whose columns must line up from
    chunk to chunk."""
    table = Table(header_style="bold")
    table.add_column("#", justify="right", style="dim", no_wrap=True, width=number)
    # handles, item names and long words break after a space, a / or a - (common.Handle),
    # and fold rather than end in …: nothing here is cut short
    names = ["Command (and what else it recorded)", "Subject", "Rules say", "Ruled"]
    names += ["Note"] if notes else []
    for index, name in enumerate(names):
        table.add_column(name, overflow="fold", width=widths[index] if widths else None)
    return table


def _heading(session: Any) -> Text:
    return Text("before any session" if session is None else f"session {session}", "bold cyan")


def _what(event: dict[str, Any], indent: str = "  ", opens: bool = False) -> Text:
    """The command, on the event that recorded it first; ``↳ kind`` on the others — and the
    command beside it on the one that ``opens`` a session's rows: ``session 2 --title …`` ends
    session 1 with its first event, and session 2's rows (``history --session 2``) began with
    a bare ``↳ session-opened``, the line that opened it (its title) nowhere in them."""
    if event.get("command_position") == event["position"]:
        return Text(event["command"] or event["kind"])
    what = Text(f"{indent}↳ {event['kind']}", style="dim")
    if opens and event.get("command"):
        what.append(f" ({event['command']})", style="dim")
    return what


def _ruled(event: dict[str, Any]) -> Text:
    """The ruling; in bold yellow and marked ``≠`` where it departs from the rules."""
    differs = _differs(event)
    ruled = Text(plain(event["ruled"]), style="bold yellow" if differs else "")
    if differs:
        ruled.append(" ≠", style="bold yellow")
    return ruled


def _note(event: dict[str, Any]) -> Text:
    note = Text("(retracted) " if event["retracted"] else "", style="bold")
    note.append(event["note"] or "", style="italic")
    if event.get("gm"):
        note.append(f" — {event['gm']}" if event["note"] else event["gm"], style="dim")
    return note


def _history_rows(
    table: Table, events: Iterable[dict[str, Any]], notes: bool, session: list[object]
) -> None:
    """Add the events' rows, and a heading row where each session starts (``session`` holds
    the session of the row before, across chunks)."""
    # control characters shown escaped: a store recorded before they were refused may hold them
    for event in map(printable, events):
        opens = event["session"] != session[0]
        if opens:  # a heading row where each session starts
            session[0] = event["session"]
            table.add_row("", Handle(_heading(session[0])), end_section=False)
        cells: list[RenderableType] = [
            str(event["position"]),
            Handle(_what(event, opens=opens)),
            Handle(event["subject"] or ""),
            Handle(_rules_cell(event)),
            Handle(_ruled(event)),
        ]
        if notes:
            cells.append(_note(event))
        table.add_row(*cells, style="dim strike" if event["retracted"] else None)


BLOCK_HANG = 4  # where a block's line goes on when it breaks: past the block's own lines (2)


class _Blocks:
    """Events as a block of lines each, for a terminal too narrow for the table: ``#17`` and
    the command, the subject, what the rules say and the ruling, the note; a heading where
    each session starts (``session``: the session of the event before, across chunks)."""

    def __init__(self, events: list[dict[str, Any]], session: list[object]) -> None:
        self.events, self.session = events, session

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for event in map(printable, self.events):
            opens = event["session"] != self.session[0]
            if opens:
                self.session[0] = event["session"]
                yield Handle(_heading(self.session[0]))
            what = _what(event, indent="", opens=opens)
            lines = [Text(f"#{event['position']} ", style="dim") + what]
            if event["subject"]:
                lines.append(Text(f"  {event['subject']}"))
            if event["rules_say"] is not None or event["ruled"] is not None:
                verdict = Text("  rules say ", style="dim") + Text(_rules_cell(event) or "—")
                lines.append(verdict + Text(", ruled ", style="dim") + (_ruled(event) or "—"))
            if event["retracted"] or event["note"] or event.get("gm"):
                note = Text("  ")
                if event["retracted"]:
                    note.append("(retracted) ", style="bold")
                if event["note"] or event.get("gm"):
                    note.append("note: ", style="dim")
                    note.append(event["note"] or "", style="italic")
                    if event.get("gm"):
                        gm = f" — {event['gm']}" if event["note"] else event["gm"]
                        note.append(gm, style="dim")
                lines.append(note)
            for line in lines:
                if event["retracted"]:
                    line.stylize("dim strike")
                yield Handle(line, hang=BLOCK_HANG)
