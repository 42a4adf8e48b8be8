"""``history``: one line per event, the rules beside the ruling; a long history is drawn in
chunks as it is read."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import chain, islice
from typing import Any

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment, SegmentLines
from rich.table import Table
from rich.text import Text

from campaign.core.i18n import N_, _
from cli.render.cells import Words
from cli.render.common import Handle, printable
from cli.render.history_cells import Seen, heading, note, plain_row, ruled, rules_said, what
from cli.render.rows import body_lines, plain_body

# up to this many events, one table sized to its content (_share_widths), which Rich measures
# whole before its first line: a tenth of a second for 200 rows (docs/PERFORMANCE.md, B7)
HISTORY_WHOLE = 200
HISTORY_CHUNK = 500  # beyond it, the table is drawn this many rows at a time
HISTORY_WIDTH = 80  # the table's six columns need this many; narrower, a block per event
# the GM's column needs this many; narrower, the GM is the note's last line, `gm: NAME` (at 80
# columns a seventh column left the note four letters wide)
GM_COLUMN_WIDTH = 100


def history_view(events: list[dict[str, Any]]) -> RenderableType:
    """One line per event; a ruling that departs from the rules in bold yellow; retracted
    events struck through. On a terminal too narrow for the table, a block of lines per
    event."""
    if not events:
        return Text(_("No events."), style="dim")
    return _History(events)


class _History:
    """The history's table, or on a terminal too narrow for it, a few lines per event (as the
    audit does, cli/audit.py): the table's six columns were a few letters wide there, the
    rules' answer and the ruling cut to ``fighti…``, handles folded letter by letter."""

    def __init__(self, events: list[dict[str, Any]]) -> None:
        self.events = events

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width < HISTORY_WIDTH:
            yield _Blocks(self.events, Seen())
            return
        events = self.events
        named = any(event.get("gm") for event in events)
        gm = named and options.max_width >= GM_COLUMN_WIDTH
        notes = (named and not gm) or any(event["note"] or event["retracted"] for event in events)
        table = _history_table(notes, gm=gm)
        _history_rows(table, events, notes, Seen(), gm=gm, gm_line=named and not gm)
        _share_widths(table, console, options)
        yield table


COMMAND = N_("Command (and what else it recorded)")
# the columns, by their English names (each said in the invocation's language)
HEADERS = [COMMAND, N_("Subject"), N_("Rules say"), N_("Ruled"), N_("Note"), N_("GM")]
# each column's share of a terminal too narrow for the table's content
WEIGHTS = {COMMAND: 4, "Subject": 3, "Rules say": 2, "Ruled": 2, "Note": 3, "GM": 1}
FLOORS = {COMMAND: 15, "Rules say": 10, "Ruled": 11, "GM": 12, "Subject": 10, "Note": 11}


def _share_widths(table: Table, console: Console, options: ConsoleOptions) -> None:
    """Fit a table too wide for the terminal by giving each column what it needs, or, where
    the columns need more than there is, its widest word up to a bound (:data:`FLOORS`) and
    a share by weight of the rest (:data:`WEIGHTS`) — Rich cuts the widest columns to one
    width: the command, at 80 columns, had no more room than the ruling."""
    wide = options.update_width(10_000)
    measured = [
        [Measurement.get(console, wide, cell) for cell in [column.header, *column.cells]]
        for column in table.columns
    ]
    needs = [max(found.maximum for found in column) for column in measured]
    room = options.max_width - len(needs) - 1 - 2 * len(needs) - needs[0]  # borders, padding
    if sum(needs[1:]) <= room:
        return  # it fits: each column as wide as its content
    english = {_(name): name for name in HEADERS}  # the header said → its English name
    names = [english.get(str(column.header), str(column.header)) for column in table.columns]
    # first each column as wide as its widest word, up to a bound (`fightin` over `g`,
    # `paladin-abil…`, `↳ trait-t…`), in the order of FLOORS; then what is left by weight,
    # each column up to what it needs
    widths = dict.fromkeys(range(1, len(names)), 0)
    for name, bound in FLOORS.items():
        if name in names:
            index = names.index(name)
            widest = max(found.minimum for found in measured[index][1:])
            widths[index] = max(0, min(widest, bound, room))
            room -= widths[index]
    while room > 0:
        short = [index for index in widths if widths[index] < needs[index]]
        if not short:
            break
        index = min(short, key=lambda index: widths[index] / WEIGHTS[names[index]])
        widths[index] += 1
        room -= 1
    for index, width in widths.items():
        table.columns[index].width = max(1, width)


def print_history(
    console: Console,
    events: Iterable[dict[str, Any]],
    *,
    last: int | None = None,
    gm: Callable[[], int] | None = None,
) -> None:
    """:func:`history_view` of a stream of events, printed as it is read.

    A history of up to :data:`HISTORY_WHOLE` events is the one table of :func:`history_view`.
    A longer one is never held whole (in memory, or in Rich's layout): it is drawn
    :data:`HISTORY_CHUNK` rows at a time as one continuous table whose columns are sized by
    the terminal's width rather than by their content, with the Note column always shown, and
    the GM column where ``gm`` (the longest GM's name in the store) is not 0 — or, narrower
    than :data:`HISTORY_WIDTH`, as a block of lines per event. ``last``: the highest position
    the history may show (the store's last), which sizes the ``#`` column.
    """
    events = iter(events)
    head_rows = list(islice(events, HISTORY_WHOLE + 1))
    if len(head_rows) <= HISTORY_WHOLE:
        console.print(history_view(head_rows))
        return
    seen = Seen()
    if console.width < HISTORY_WIDTH:
        for chunk in _chunks(chain(head_rows, events), HISTORY_CHUNK):
            console.print(_Blocks(chunk, seen))
        return
    # the columns must line up from chunk to chunk: `#` as wide as the last position can be
    number = len(str(last)) if last is not None else 7
    longest = gm() if gm is not None else max(len(event.get("gm") or "") for event in head_rows)
    named = bool(longest) and console.width >= GM_COLUMN_WIDTH
    gm_line = bool(longest) and not named
    widths = _fixed_widths(console.width, number, gm=longest if named else 0)
    head = _history_table(True, gm=named, widths=widths, number=number)
    *edge_and_header, bottom = console.render_lines(head, console.options)
    console.print(SegmentLines(edge_and_header, new_lines=True))
    for chunk in _chunks(chain(head_rows, events), HISTORY_CHUNK):
        number = max(number, len(str(chunk[-1]["position"])))  # positions only grow
        table = _history_table(True, gm=named, widths=widths, number=number)
        if console.color_system is None:  # no style reaches the output: the cells' text
            rows = (
                row
                for row_event in map(printable, chunk)
                for row in plain_row(row_event, seen, named, gm_line)
            )
            drawn = plain_body(console, console.options, table, rows)
            console.print(
                SegmentLines([[Segment(line)] for line in drawn], new_lines=True), crop=False
            )
            continue
        _history_rows(table, chunk, True, seen, gm=named, gm_line=gm_line)
        lines = body_lines(console, console.options, table)
        console.print(SegmentLines(lines, new_lines=True), crop=False)  # each line fits
    console.print(SegmentLines([bottom], new_lines=True))


def _chunks(items: Iterator[dict[str, Any]], size: int) -> Iterator[list[dict[str, Any]]]:
    while chunk := list(islice(items, size)):
        yield chunk


# the rules' answer and the ruling, at least: `surrender` (the rules say an outcome), and
# `surrendered` (a ruling may be the status it left)
RULES_WIDTH, RULED_WIDTH = 10, 11


GM_WIDTH = 12  # a long history's GM column at most: a longer name ends in …


def _fixed_widths(width: int, number: int, gm: int = 0) -> list[int]:
    """The widths of the columns after ``#`` in a table drawn in chunks, from the terminal's:
    the rules' answer and the ruling a seventh each, never narrower than a status word (at 80
    columns a share was 7 letters, `fightin` over `g` on every other row); the subject and the
    note about three tenths of the rest each, the command what is left; and where
    ``gm`` (the longest GM's name) is not 0, a GM column as wide as it, up to
    :data:`GM_WIDTH`."""
    columns = 7 if gm else 6
    named = min(max(gm, len(_("GM"))), GM_WIDTH) if gm else 0
    room = max(0, width - (columns + 1) - 2 * columns - number - named)  # borders, padding 2
    rules, ruled = max(RULES_WIDTH, room // 7), max(RULED_WIDTH, room // 7)
    rest = max(3, room - rules - ruled)
    subject = -(-rest * 3 // 10)  # rounded up: handles break only after a - or a /
    note = rest * 3 // 10
    command = rest - subject - note
    return [command, subject, rules, ruled, note] + [named] * bool(gm)


def _history_table(
    notes: bool,
    *,
    gm: bool = False,
    widths: list[int] | None = None,
    number: int | None = None,
) -> Table:
    """The history's columns, sized by their content, or to ``widths`` (:func:`_fixed_widths`);
    ``number``: the width of ``#`` in a table drawn in chunks, whose columns must line up from
    chunk to chunk."""
    table = Table(header_style="bold")
    table.add_column("#", justify="right", style="dim", no_wrap=True, width=number)
    # a subject's handle, the rules' answer and the ruling (handles, item names, status words)
    # and a derived event's `↳ kind` break after a space, a / or a - (common.Handle), and fold
    # rather than end in …; the command, the note and the GM break at spaces only, a word too
    # wide ends in … (cells.Words)
    names = [COMMAND, "Subject", "Rules say", "Ruled"]
    names += ["Note"] * notes + ["GM"] * gm
    for index, name in enumerate(names):
        overflow = "ellipsis" if name in (COMMAND, "Note", "GM") else "fold"
        table.add_column(_(name), overflow=overflow, width=widths[index] if widths else None)
    return table


def _history_rows(
    table: Table,
    events: Iterable[dict[str, Any]],
    notes: bool,
    seen: Seen,
    gm: bool = False,
    gm_line: bool = False,
) -> None:
    """Add the events' rows, and a heading row where each session starts (``seen``: what the
    rows before left, across chunks); the GM in a column of their own (``gm``), or as the
    note's last line (``gm_line``)."""
    # control characters shown escaped: a store recorded before they were refused may hold them
    for event in map(printable, events):
        opens = seen.opens(event)
        if opens:  # a heading row where each session starts
            table.add_row("", Words(heading(seen.session)), end_section=False)
        first = seen.first(event)
        said = what(event, first, opens=opens)
        cells: list[RenderableType] = [
            str(event["position"]),
            Words(said) if first else Handle(said),  # `↳ kind`: breaks after a -, as a handle
            Handle(event["subject"] or ""),
            Handle(rules_said(event)),
            Handle(ruled(event)),
        ]
        if notes:
            cells.append(Words(note(event, gm_line)))
        if gm:
            cells.append(Words(event.get("gm") or "", style="dim"))
        table.add_row(*cells, style="dim strike" if event["retracted"] else None)


BLOCK_HANG = 4  # where a block's line goes on when it breaks: past the block's own lines (2)


class _Blocks:
    """Events as a block of lines each, for a terminal too narrow for the table: ``#17`` and
    the command, the subject, what the rules say and the ruling, the note; a heading where
    each session starts (``session``: the session of the event before, across chunks)."""

    def __init__(self, events: list[dict[str, Any]], seen: Seen) -> None:
        self.events, self.seen = events, seen

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for event in map(printable, self.events):
            opens = self.seen.opens(event)
            if opens:
                yield Words(heading(self.seen.session))
            first = self.seen.first(event)
            said = Text(f"#{event['position']} ", style="dim") + what(event, first, "", opens)
            lines = [(Words if first else Handle)(said, hang=BLOCK_HANG)]
            if event["subject"]:
                lines.append(Handle(Text(f"  {event['subject']}"), hang=BLOCK_HANG))
            if event["rules_say"] is not None or event["ruled"] is not None:
                verdict = Text("  " + _("rules say") + " ", style="dim")
                verdict += Text(rules_said(event) or "—")
                verdict += Text(", " + _("ruled") + " ", style="dim") + (ruled(event) or "—")
                lines.append(Handle(verdict, hang=BLOCK_HANG))
            if event["retracted"] or event["note"]:
                note = Text("  ")
                if event["retracted"]:
                    note.append(_("(retracted)") + " ", style="bold")
                if event["note"]:
                    note.append(_("note: "), style="dim")
                    note.append(event["note"], style="italic")
                lines.append(Words(note, hang=BLOCK_HANG))
            if event.get("gm"):
                gm = Text("  " + _("gm: "), style="dim") + event["gm"]
                lines.append(Words(gm, hang=BLOCK_HANG))
            for line in lines:
                if event["retracted"]:
                    line.text.stylize("dim strike")
                yield line
