"""Prose in a table cell (the history's commands and notes): lines broken at spaces
only, and a word wider than its column cut short with ``…`` on a line of its own — never
continued on the next line inside the word (``weapon-`` over ``master:longsword`` read as two
words). A handle, an item's name or a status word is a :class:`~cli.render.common.Handle`,
which breaks after a ``-`` or a ``/`` instead: two groups of one encounter must not read
alike."""

from __future__ import annotations

import re

from rich.text import Text

from cli.render.common import Handle

_WORD = re.compile(r"\S+\s*")
ARROW = "↳"  # `↳ kind`: the arrow stays with its kind


class Words(Handle):
    """Text broken at spaces only (:meth:`Handle.breaks` over words of one piece each); a
    word wider than the line is left whole on its line, and cut to it with ``…`` when drawn."""

    def _words(self) -> list[list[list[tuple[int, int]]]]:
        lines, start = [], 0
        for line in self.text.plain.split("\n"):
            words: list[list[tuple[int, int]]] = []
            for found in _WORD.finditer(line):
                begin, end = found.span()
                if not words:
                    begin = 0  # an indent belongs to the first word
                elif line[words[-1][0][0] - start : begin].strip() == ARROW:
                    begin = words.pop()[0][0] - start
                words.append([(start + begin, start + end)])
            lines.append(words or [[(start, start + len(line))]])
            start += len(line) + 1
        return lines

    def shown(self, width: int) -> Text:
        """The text in its lines at ``width``, a line wider (a word on its own) cut to it with
        ``…`` here: Rich, wrapping it, would break it at a space (``↳`` over its kind)."""
        hang = Text(" " * min(self.hang, width // 2))
        shown = []
        for begin, end, indented in self.breaks(width):
            line = hang + self.text[begin:end] if indented else Text() + self.text[begin:end]
            if line.cell_len > width:
                line.truncate(width, overflow="ellipsis")
            shown.append(line)
        text = Text("\n").join(shown)
        text.overflow = "ellipsis"
        return text


def cut(line: str, width: int) -> str:
    """A line of ASCII text at most ``width`` long: cut short with ``…`` as Rich cuts it."""
    return line if len(line) <= width else line[: width - 1] + "…"


def wrapped(text: str, width: int) -> list[str]:
    """The lines of :class:`Words` of ``text`` (ASCII, one line, no hang) at ``width``, each
    cut to it: what ``Words(text).shown(width)`` shows, computed on the string alone."""
    if len(text) <= width:
        return [text.rstrip()]
    lines, line = [], ""
    for found in _WORD.finditer(text):
        word = found.group()
        if not line:
            line = text[: found.end()]  # an indent belongs to the first word
        elif len(line) + len(word.rstrip()) > width:
            lines.append(cut(line.rstrip(), width))
            line = word
        else:
            line += word
    lines.append(cut(line.rstrip(), width))
    return lines
