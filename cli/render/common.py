"""What the views share: how one value reads in a cell, and the callback that prints a view."""

from __future__ import annotations

import re
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.text import Text

from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import _, pgettext
from campaign.core.text import escaped
from campaign.rules.d6harmonie import find_trait


def printable(value: Any) -> Any:
    """``value`` (text, or a JSON value holding text) safe to draw on a terminal: a control or
    invisible format character is shown escaped (``\\x1b``, ``\\u202e``), not sent. New events
    hold none (docs/log-language.md#values, ``aggregates.values.check_values``), but a store
    recorded before they were refused may: an escape sequence in a title retitled the GM's
    window. Tabs and line breaks (a note's) stay."""
    if type(value) is str:
        return escaped(value)
    if isinstance(value, dict):
        if all(_flat_and_printable(v) for v in value.values()):
            return value  # most events: nothing to escape, nothing nested
        return {printable(k): printable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [printable(v) for v in value]
    return value


def _flat_and_printable(value: Any) -> bool:
    """A value with no text to escape in it, and none nested: most of an event's."""
    return (
        value is None
        or type(value) in (int, bool, float)
        or (type(value) is str and value.isprintable())
    )


def signed(value: int | None) -> str:
    return "—" if value is None else f"{value:+d}"


def plain(value: Any) -> str:
    """A JSON value as a person reads it: lists joined, nothing for null."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list):
        return ", ".join(plain(v) for v in value) or pgettext("a value", "none")
    if isinstance(value, dict):
        return ", ".join(f"{k} {plain(v)}" for k, v in value.items())
    return printable(str(value))


def french(key: str) -> str:
    """``phobia-mild (Phobie légère)``: the English key with the seed's French name beside it."""
    try:
        return f"{key} ({find_trait(key).name_fr})"
    except ImpossibleInput:  # a key from another catalogue version: the key alone
        return key


# where a handle may break: after a space, a slash or a hyphen (``greywater-ford/red-hand-
# goblins-left``, ``brynn/Tower shield``) — not after the hyphen of an option or a sign
# (``--roll``, ``-2D``: none in a handle), nor inside a number (``13/20 hp``, ``2026-11-21``)
_BREAK = re.compile(r"\s+|(?:/|(?<=[^\s/-])-)[/-]*(?!\d)")


class Handle:
    """Text that holds handles (``greywater-ford/red-hand-goblins-right``), as a table cell or
    a line: whole where it fits, else broken after a space, a ``/`` or a ``-``, and folded
    letter by letter only where one piece is wider than the space. Rich breaks lines at spaces
    only: folded, that subject read ``greywater-ford/red-hand-gobl`` over ``ins-right``.
    ``hang``: the lines a line breaks into, after its first, start this many spaces in (a
    line of a block, whose next line starts at the block's own indent)."""

    def __init__(self, text: str | Text, style: str = "", *, hang: int = 0) -> None:
        self.text = text if isinstance(text, Text) else Text(text, style=style)
        self.hang = hang

    def _words(self) -> list[list[list[tuple[int, int]]]]:
        """Each line of the text (a name may hold a line break) as its words (up to a space),
        each word as the pieces it may break between (after a ``/`` or a ``-``): offsets into
        the text's plain string."""
        lines, start = [], 0
        for line in self.text.plain.split("\n"):
            words: list[list[tuple[int, int]]] = [[]]
            piece = word = 0  # where the piece, and the word, being gathered start
            arrow = "↳" in line  # `↳ kind`: one word
            for at in _BREAK.finditer(line):
                begin, stop = at.span()
                if begin == 0 or stop == len(line):  # not after an indent: "  ↳ trait-taken"
                    continue
                words[-1].append((start + piece, start + stop))
                piece = stop
                if line[begin].isspace() and not (arrow and line[word:stop].strip() == "↳"):
                    words.append([])  # a space ends a word
                    word = stop
            words[-1].append((start + piece, start + len(line)))
            lines.append(words)
            start += len(line) + 1
        return lines

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        plain = self.text.plain
        pieces = [[plain[b:e] for word in line for b, e in word] for line in self._words()]
        widest = max(cell_len(piece.rstrip()) for line in pieces for piece in line)
        whole = max(sum(map(cell_len, line)) for line in pieces)
        widest += self.hang if any(len(line) > 1 for line in pieces) else 0
        return Measurement(max(1, widest), max(1, whole)).with_maximum(options.max_width)

    def breaks(self, width: int) -> list[tuple[int, int, bool]]:
        """The lines the text is shown in at ``width``: offsets into its plain string, and
        whether the line starts ``hang`` spaces in. Words go whole onto the next line where
        they do not fit on this one; only a word wider than a whole line breaks inside, after
        a ``/`` or a ``-`` — a command's ``--retainer-of`` stays one word, `--retainer-` over
        `of` read as another option. A piece wider than the line is left whole (to fold)."""
        plain, shown = self.text.plain, []
        measure = len if plain.isascii() else cell_len  # a character a cell, or not
        if "\n" not in plain and measure(plain) <= width:  # one line, every word on it
            return [(0, len(plain.rstrip()), False)]
        hang = min(self.hang, width // 2)
        for words in self._words():
            begin = end = words[0][0][0]  # the line being filled: plain[begin:end], used wide
            indent = used = 0
            for word in words:
                start, stop = word[0][0], word[-1][1]
                whole = measure(plain[start:stop].rstrip())
                if used + whole <= width - indent or (begin == end and len(word) == 1):
                    end, used = stop, used + measure(plain[start:stop])
                    continue
                # on a line of its own if it fits there, else broken inside
                for b, e in [(start, stop)] if whole <= width - hang else word:
                    if begin != end and used + measure(plain[b:e].rstrip()) > width - indent:
                        shown.append((begin, begin + len(plain[begin:end].rstrip()), indent > 0))
                        begin, indent, used = b, hang, 0
                    end, used = e, used + measure(plain[b:e])
            shown.append((begin, begin + len(plain[begin:end].rstrip()), indent > 0))
        return shown

    def shown(self, width: int) -> Text:
        """The text in its lines at ``width``."""
        hang = Text(" " * min(self.hang, width // 2))  # unstyled: no struck-through indent
        shown = [
            hang + self.text[begin:end] if indented else Text() + self.text[begin:end]
            for begin, end, indented in self.breaks(width)
        ]
        text = Text("\n").join(shown)
        text.overflow = "fold"  # a piece wider than the space
        return text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.shown(options.max_width)


def show(renderable: RenderableType):
    """A ``render`` callback for :func:`cli.output.emit`."""

    def render(console: Console) -> None:
        console.print(renderable)

    return render
