"""A table's body rows drawn line by line at column widths fixed in advance: a long history
(cli/render/history.py) is thousands of rows, and Rich's ``Table`` measures and lays out every
cell through its whole renderer, some milliseconds a row (docs/PERFORMANCE.md).

A cell whose lines need no wrapping (a :class:`~cli.render.common.Handle` breaks its own) is
drawn here from its text; a line to wrap goes through Rich's ``Text.wrap``, as the table's
would; any other cell is rendered by Rich as the table renders it. Where no style reaches the
output (no colour system: a pipe, a file), a line is one string."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType
from rich.padding import Padding
from rich.segment import Segment
from rich.style import Style
from rich.table import Column, Table
from rich.text import Text

from cli.render.cells import Words, wrapped
from cli.render.common import Handle

Line = list[Segment]
Cell = tuple[type, str]  # a cell's kind (str, Handle, Words) and its text: plain_body
KEPT = 4096  # cells of plain text kept drawn, per column: most are empty, or met again


def body_lines(console: Console, options: ConsoleOptions, table: Table) -> list[Line]:
    """The lines of ``table``'s rows, between its borders, as Rich's ``Table`` draws them: every
    column has a fixed ``width``; no footer, no lines between rows, no row styles but each
    row's own (the history's tables)."""
    plain = console.color_system is None
    box = table.box.substitute(options, safe=console.safe_box) if table.box else None
    edge = box is not None and table.show_edge
    border = console.get_style(table.style or "") + console.get_style(table.border_style or "")
    left, middle, right = (box.mid_left, box.mid_vertical, box.mid_right) if box else ("", "", "")
    _, pad_right, _, pad_left = table.padding
    columns = [
        _Column(console, options, column, pad_left, pad_right, plain) for column in table.columns
    ]
    lines: list[Line] = []
    cells_by_row = zip(*(column.cells for column in table.columns), strict=True)
    for row, cells in zip(table.rows, cells_by_row, strict=True):
        row_style = console.get_style(row.style) if row.style else Style.null()
        drawn = [column.draw(cell, row_style) for column, cell in zip(columns, cells, strict=True)]
        height = max(map(len, drawn))
        for number in range(height):
            parts = (
                [cell_lines[0] for cell_lines in drawn]
                if height == 1
                else [
                    cell_lines[number] if number < len(cell_lines) else column.blank(row_style)
                    for column, cell_lines in zip(columns, drawn, strict=True)
                ]
            )
            if plain:  # each part is a string
                inside = middle.join(parts)
                lines.append([Segment(f"{left}{inside}{right}" if edge else inside)])
                continue
            line = [Segment(left, border)] if edge else []
            for index, part in enumerate(parts):
                if index and middle:
                    line.append(Segment(middle, border))
                line += part
            if edge:
                line.append(Segment(right, border))
            lines.append(line)
    return lines


def plain_body(
    console: Console, options: ConsoleOptions, table: Table, rows: Iterable[list[Cell]]
) -> list[str]:
    """The lines :func:`body_lines` draws for rows of these cells, where no style reaches the
    output (no colour system: a pipe, a file) — each cell given as its kind and its text
    (``(Words, "note …")``; ``str`` for text drawn as Rich draws a string), so a row of a
    long history costs no renderable per cell. A cell of ASCII text is laid out here from
    its text, the same lines its renderable draws; any other is drawn from its renderable.
    ``table``: the columns (fixed widths), no rows."""
    box = table.box.substitute(options, safe=console.safe_box) if table.box else None
    edge = box is not None and table.show_edge
    left, middle, right = (box.mid_left, box.mid_vertical, box.mid_right) if box else ("", "", "")
    if not edge:
        left = right = ""
    _, pad_right, _, pad_left = table.padding
    columns = [
        _Column(console, options, column, pad_left, pad_right, True) for column in table.columns
    ]
    blanks = [str(column.blank(Style.null())) for column in columns]
    lines: list[str] = []
    for row in rows:
        drawn = [column.text(kind, text) for column, (kind, text) in zip(columns, row, strict=True)]
        height = max(map(len, drawn))
        if height == 1:
            lines.append(left + middle.join([cell[0] for cell in drawn]) + right)
            continue
        full = [
            cell if len(cell) == height else cell + [blank] * (height - len(cell))
            for cell, blank in zip(drawn, blanks, strict=True)
        ]
        lines += [left + middle.join(parts) + right for parts in zip(*full, strict=True)]
    return lines


class _Column:
    """How one column's cells are drawn: its width, padding, justification and style."""

    def __init__(
        self,
        console: Console,
        options: ConsoleOptions,
        column: Column,
        left: int,
        right: int,
        plain: bool,
    ) -> None:
        if column.width is None:
            raise ValueError(f"column {column.header!r} has no fixed width")
        self.console, self.column, self.plain = console, column, plain
        self.inner, self.left, self.right = column.width, left, right
        self.width = column.width + left + right
        self.style = console.get_style(column.style or "")
        self.kept: dict[tuple[object, ...], list[Any]] = {}  # a cell's text → its lines
        self.styles: dict[Style, Style] = {}  # row style → the cell's
        self.blanks: dict[Style, Line] = {}  # row style → a line of the cell below its text
        self.options = options.update(
            width=self.width, justify=column.justify, no_wrap=column.no_wrap,
            overflow=column.overflow, height=None, highlight=column.highlight,
        )  # fmt: skip

    def blank(self, row_style: Style) -> Line | str:
        """A line of the cell below its text, in a row taller than it."""
        if self.plain:
            return " " * self.width
        blank = self.blanks.get(row_style)
        if blank is None:
            blank = self.blanks[row_style] = [Segment(" " * self.width, self._style(row_style))]
        return blank

    def _style(self, row_style: Style) -> Style:
        style = self.styles.get(row_style)
        if style is None:
            style = self.styles[row_style] = self.style + row_style
        return style

    def draw(self, cell: RenderableType, row_style: Style) -> list[Any]:
        """The cell's lines, padded to the column's width: segments, or where no style reaches
        the output, strings. A cell of plain text is kept for the next cell of the same text."""
        key: tuple[object, ...] | None = None
        if type(cell) is str:
            key = (cell, row_style)
        elif isinstance(cell, Handle) and not cell.text.spans:  # or Words: they break apart
            key = (type(cell), cell.text.plain, cell.text.style, cell.hang, row_style)
        elif isinstance(cell, Text) and not cell.spans:
            key = (Text, cell.plain, cell.style, cell.overflow, cell.justify, cell.no_wrap)
            key += (row_style,)
        drawn = self.kept.get(key) if key else None
        if drawn is None:
            drawn = (self.plain and self._plain(cell)) or self._draw(cell, row_style)
            if key:
                if len(self.kept) > KEPT:
                    self.kept.clear()
                self.kept[key] = drawn
        return drawn

    def text(self, kind: type, text: str) -> list[Any]:
        """The lines of a cell of ``kind`` (``str``, a :class:`Handle`, a :class:`Words`) and
        ``text``, where no style reaches the output: laid out from the text where it is ASCII
        with no line break, as its renderable lays it out; else drawn from the renderable."""
        if kind is str and text.isdigit() and len(text) <= self.inner:  # a position: no markup
            return [self._padded(text)]
        key = (kind, text)
        drawn = self.kept.get(key)
        if drawn is None:
            drawn = self._text(kind, text)
            if len(self.kept) > KEPT:
                self.kept.clear()
            self.kept[key] = drawn
        return drawn

    def _text(self, kind: type, text: str) -> list[Any]:
        cell = text if kind is str else kind(text)
        lines_of = text.split("\n") if kind is Words else [text]  # Words: a line break kept
        if kind is str or not all(line.isascii() and line.isprintable() for line in lines_of):
            return self.draw(cell, Style.null())
        inner = self.inner
        if kind is Words:
            lines = [line for each in lines_of for line in wrapped(each, inner)]
        else:
            lines = [text[b:e] for b, e, _ in cell.breaks(inner)]
            if any(len(line) > inner for line in lines):
                return self.draw(cell, Style.null())  # a piece to fold: as Rich folds it
        return [self._padded(line) for line in lines]

    def _padded(self, line: str) -> str:
        """A line of ASCII text at most the column's width, justified and padded."""
        if self.column.justify == "right":
            return " " * self.left + line.rstrip().rjust(self.inner) + " " * self.right
        return " " * self.left + line.ljust(self.inner) + " " * self.right

    def _plain(self, cell: RenderableType) -> list[str] | None:
        """The lines of a cell of plain text that needs no wrapping, as strings (no style
        reaches the output): None for any other."""
        if type(cell) is str:
            if "[" in cell or ":" in cell:  # console markup, emoji codes: Rich reads them
                return None
            lines, wrapped = [cell], False
        elif isinstance(cell, Handle):
            plain = cell.text.plain
            lines = [plain[b:e] for b, e, _ in cell.breaks(self.inner)]
            wrapped = cell.hang > 0
        elif isinstance(cell, Text):
            lines, wrapped = [cell.plain], bool(cell.justify or cell.no_wrap)
        else:
            return None
        if wrapped or not all(line.isascii() and line.isprintable() for line in lines):
            return None  # a hanging indent, a tab, a wide character: the general way
        if any(len(line) > self.inner for line in lines):
            return None  # to wrap, or to fold
        left, right = " " * self.left, " " * self.right
        if self.column.justify == "right":
            return [left + line.rstrip().rjust(self.inner) + right for line in lines]
        return [left + line.ljust(self.inner) + right for line in lines]

    def _draw(self, cell: RenderableType, row_style: Style) -> list[Any]:
        style = None if self.plain else self._style(row_style)
        found = self._content(cell, style)
        if found is None:  # as Rich's Table renders a cell
            padded = Padding(cell, (0, self.right, 0, self.left))
            lines = self.console.render_lines(padded, self.options, style=style)
        elif self.column.justify == "right":
            lines = [
                [Segment(" " * (self.left + self.inner - width), style), *drawn,
                 Segment(" " * self.right, style)]
                for drawn, width in found
            ]  # fmt: skip
        else:
            lines = [
                [Segment(" " * self.left, style), *drawn,
                 Segment(" " * (self.inner - width + self.right), style)]
                for drawn, width in found
            ]  # fmt: skip
        if self.plain:
            return ["".join([segment.text for segment in line]) for line in lines]
        return lines

    def _content(self, cell: RenderableType, style: Style | None) -> list[tuple[Line, int]] | None:
        """The cell's lines as segments over ``style``, each with its width in cells: None
        where Rich must render the cell (console markup, a renderable of another kind)."""
        if type(cell) is str:
            if "[" in cell or ":" in cell:  # console markup, emoji codes: Rich reads them
                return None
            if cell.isascii() and cell.isprintable() and len(cell) <= self.inner:
                shown = cell.rstrip() if self.column.justify == "right" else cell
                return [([Segment(shown, style)], len(shown))]  # one line, as it is
            cell = Text(cell)
        if isinstance(cell, Handle):
            text = cell.text
            plain = text.plain
            if cell.hang or not plain.isprintable():
                return None
            measure = len if plain.isascii() else cell_len  # a character a cell, or not
            lines = [(b, e, measure(plain[b:e])) for b, e, _ in cell.breaks(self.inner)]
            if all(width <= self.inner for _, _, width in lines):
                pieces = self._styled(text, style)
                return [(_cut(pieces, b, e), width) for b, e, width in lines]
            cell = cell.shown(self.inner)  # a piece to fold: Rich wraps the Handle's lines
        if not isinstance(cell, Text) or cell.justify or cell.no_wrap or cell.end != "\n":
            return None
        plain = cell.plain
        if plain.isprintable() and (len if plain.isascii() else cell_len)(plain) <= self.inner:
            if self.column.justify == "right":
                cell = cell.copy()
                cell.rstrip()
            return [(self._styled(cell, style), cell_len(cell.plain))]  # one line, as it is
        wrapped = cell.wrap(
            self.console, self.inner, justify=self.column.justify,
            overflow=cell.overflow or self.column.overflow or "fold",
            tab_size=cell.tab_size or self.console.tab_size or 8, no_wrap=False,
        )  # fmt: skip
        if any(line.cell_len > self.inner or "\n" in line.plain for line in wrapped):
            return None
        return [(self._styled(line, style), line.cell_len) for line in wrapped]

    def _styled(self, text: Text, style: Style | None) -> Line:
        """The text as segments, each character in its style over the cell's ``style``."""
        if style is None:  # no style reaches the output
            return [Segment(text.plain)]
        if not text.spans:  # its own style, if any, on every character
            own = self.console.get_style(text.style) if text.style else None
            return [Segment(text.plain, style + own if own else style)]
        return [Segment(t, style + s if s else style) for t, s, _ in text.render(self.console)]


def _cut(pieces: Line, begin: int, end: int) -> Line:
    """The segments of the characters ``begin`` to ``end`` of the text ``pieces`` draw."""
    if len(pieces) == 1:
        return [Segment(pieces[0].text[begin:end], pieces[0].style)]
    cut, at = [], 0
    for text, style, _ in pieces:
        if at < end and at + len(text) > begin:
            cut.append(Segment(text[max(0, begin - at) : end - at], style))
        at += len(text)
    return cut
