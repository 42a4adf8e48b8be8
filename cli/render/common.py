"""What the views share: how one value reads in a cell, and the callback that prints a view."""

from __future__ import annotations

import re
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.text import Text

from campaign.core.errors import ImpossibleInput
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
        return {printable(k): printable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [printable(v) for v in value]
    return value


def signed(value: int | None) -> str:
    return "—" if value is None else f"{value:+d}"


def plain(value: Any) -> str:
    """A JSON value as a person reads it: lists joined, nothing for null."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(plain(v) for v in value) or "none"
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

    def _lines(self) -> list[list[list[Text]]]:
        """Each line of the text (a name may hold a line break) as its words (up to a space),
        each word in the pieces it may break between (after a ``/`` or a ``-``)."""
        lines = []
        for line in self.text.split("\n", allow_blank=True):
            found = _BREAK.finditer(line.plain)  # not after an indent: "  ↳ trait-taken"
            ends = [at for at in found if at.start() > 0 and at.end() < len(line)]
            pieces = list(line.divide(at.end() for at in ends))
            words: list[list[Text]] = [[]]
            for piece, at in zip(pieces, [*ends, None], strict=True):
                words[-1].append(piece)
                glued = "".join(p.plain for p in words[-1]).strip() == "↳"  # `↳ kind`: one
                if at is not None and at.group().isspace() and not glued:
                    words.append([])  # a space ends a word
            lines.append(words)
        return lines

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        pieces = [[p for word in line for p in word] for line in self._lines()]
        widest = max(cell_len(piece.plain.rstrip()) for line in pieces for piece in line)
        whole = max(sum(piece.cell_len for piece in line) for line in pieces)
        widest += self.hang if any(len(line) > 1 for line in pieces) else 0
        return Measurement(max(1, widest), max(1, whole)).with_maximum(options.max_width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """Words go whole onto the next line where they do not fit on this one; only a word
        wider than a whole line breaks inside, after a ``/`` or a ``-`` — a command's
        ``--retainer-of`` stays one word, `--retainer-` over `of` read as another option."""
        width, shown = options.max_width, []
        hang = Text(" " * min(self.hang, width // 2))  # unstyled: no struck-through indent
        for words in self._lines():
            line, indent = Text(style=self.text.style), Text()
            for word in words:
                whole = "".join(piece.plain for piece in word)
                if _fits(line, whole, width - len(indent)) or (not line.plain and len(word) == 1):
                    line.append_text(Text("").join(word))
                    continue
                # on a line of its own if it fits there, else broken inside
                alone = cell_len(whole.rstrip()) <= width - len(hang)
                for piece in [Text("").join(word)] if alone else word:
                    if line.plain and not _fits(line, piece.plain, width - len(indent)):
                        line.rstrip()
                        shown.append(indent + line)
                        line, indent = Text(style=self.text.style), hang
                    line.append_text(piece)
            line.rstrip()
            shown.append(indent + line)
        text = Text("\n").join(shown)
        text.overflow = "fold"  # a piece wider than the space
        yield text


def _fits(line: Text, more: str, width: int) -> bool:
    return cell_len(line.plain + more.rstrip()) <= width


def show(renderable: RenderableType):
    """A ``render`` callback for :func:`cli.output.emit`."""

    def render(console: Console) -> None:
        console.print(renderable)

    return render
