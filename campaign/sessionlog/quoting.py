"""Reading a command's words as a POSIX shell quotes them, nothing evaluated — written out
because :mod:`shlex` differs from a POSIX shell on ``#``: a shell starts a comment only at the
start of a word (``a#b`` is one word), shlex anywhere."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from campaign.core.errors import ImpossibleInput, Phrase, said_values
from campaign.core.i18n import N_, _

_BLANKS = " \t"
_DOUBLE_QUOTE_ESCAPES = '"\\$`\n'  # POSIX sh: inside "…" a backslash escapes only these
_SPECIAL = ("'", '"', "\\", "#")  # what only the character-by-character scan reads right


class LogSyntaxError(ImpossibleInput):
    """A log that cannot be read as text; the message starts with ``name:line:`` when known.

    ``name``, ``line`` and ``column`` are kept apart too, for a caller that shows them its own way.
    """

    def __init__(
        self,
        problem: str,
        *,
        expected: str,
        name: str | None = None,
        line: int | None = None,
        column: int | None = None,
        values: Mapping[str, Any] | None = None,
    ) -> None:
        """``values``: ``problem`` and ``expected`` are catalogue entries they fill
        (campaign/core/errors.py); the ``name:line:`` before them is never translated."""
        super().__init__(problem, field="line", value=line, expected=expected, values=values)
        self.at = f"{name}:{line}: " if name is not None else ""
        self.message = self.at + self.message
        self.args = (self.message,)
        self.name, self.line, self.column = name, line, column

    def said(self) -> str:
        if self.words is None:
            return self.message
        return self.at + _(self.words).format(**said_values(self.values))


@dataclass(frozen=True)
class Open:
    """Why a command is unfinished at the end of the text: a quote (``'`` or ``"``) or ``\\``."""

    what: str
    offset: int


def scan(text: str, pos: int, *, stop_at_newline: bool) -> tuple[list[str], int, Open | None]:
    """Words from ``pos`` to the first unquoted newline (or the end): ``(words, end, open)``.

    ``word`` is None between words, so that ``""`` yields an empty word and ``#`` is a comment
    only where no word has started, as in a POSIX shell.
    """
    if stop_at_newline:  # most lines hold no quote, backslash or comment: blanks split them
        plain = _plain_line(text, pos)
        if plain is not None:
            return plain
    words: list[str] = []
    word: list[str] | None = None
    n = len(text)
    while pos < n:
        c = text[pos]
        if c == "\n" and stop_at_newline:
            break
        if c in _BLANKS or c == "\n":
            if word is not None:
                words.append("".join(word))
                word = None
            pos += 1
        elif c == "#" and word is None:
            end = text.find("\n", pos)
            pos = n if end < 0 else end
        elif c == "\\":
            if pos + 1 == n or (pos + 2 == n and text[pos + 1] == "\n"):  # onto nothing
                return words, n, Open("\\", pos)
            if text[pos + 1] != "\n":  # backslash-newline is a continuation: both vanish
                word = [] if word is None else word
                word.append(text[pos + 1])
            pos += 2
        elif c == "'":
            end = text.find("'", pos + 1)
            if end < 0:
                return words, n, Open("'", pos)
            word = [] if word is None else word
            word.append(text[pos + 1 : end])
            pos = end + 1
        elif c == '"':
            word = [] if word is None else word
            end = _double_quoted(text, pos, word)
            if end is None:
                return words, n, Open('"', pos)
            pos = end
        else:
            word = [] if word is None else word
            word.append(c)
            pos += 1
    if word is not None:
        words.append("".join(word))
    return words, pos, None


def _plain_line(text: str, pos: int) -> tuple[list[str], int, None] | None:
    """The line from ``pos`` split on blanks when it holds no quote, backslash or comment (most
    lines), else None: the character scan reads it."""
    end = text.find("\n", pos)
    end = len(text) if end < 0 else end
    line = text[pos:end]
    if any(special in line for special in _SPECIAL):
        return None
    # (not str.split(): only a space and a tab are blanks, not \f, \v or U+00A0)
    return [word for word in line.replace("\t", " ").split(" ") if word], end, None


def _double_quoted(text: str, pos: int, word: list[str]) -> int | None:
    """Add the text between the double quote at ``pos`` and its closing one to ``word`` (a
    backslash escapes only what a POSIX shell lets it escape there); the position after the
    closing quote, or None when there is none."""
    n = len(text)
    j = pos + 1
    while j < n and text[j] != '"':
        if text[j] == "\\" and j + 1 < n and text[j + 1] in _DOUBLE_QUOTE_ESCAPES:
            if text[j + 1] != "\n":
                word.append(text[j + 1])
            j += 2
        else:
            word.append(text[j])
            j += 1
    return None if j >= n else j + 1


def unfinished(
    problem: Open,
    text: str,
    *,
    start: int,
    first_line: int,
    name: str | None,
    one_line: bool = False,
) -> LogSyntaxError:
    """The error for a command still open at the end of ``text``, placed where it opened;
    ``one_line``: ``text`` is all there is of the command (a line typed at the shell's prompt,
    which cannot go on to another line), so it does not say how another line would end it."""
    line = first_line + text.count("\n", start, problem.offset)
    column = problem.offset - (text.rfind("\n", 0, problem.offset) + 1) + 1
    where = (
        Phrase(N_("column {column}"), column=column)
        if name is not None or line == 1
        else Phrase(N_("line {line}, column {column}"), line=line, column=column)
    )
    end = (
        Phrase(N_("the line"))
        if one_line
        else Phrase(N_("the text"))
        if name is None
        else Phrase(N_("the file"))
    )
    if problem.what == "\\":
        what = N_("the backslash at {where} continues the command past the end of {end}")
        expected = (
            N_("no final backslash (at the shell's prompt a command is one line)")
            if one_line
            else N_("another line after a final backslash, or no final backslash")
        )
    else:
        what = N_("unclosed {quote} quote at {where}")
        if line > first_line:  # a quote left open earlier ran on, and closed on this line
            what = N_(
                "unclosed {quote} quote at {where} (this command begins at line {first}: a "
                "quote left open there takes the lines up to this one as its text)"
            )
        expected = (
            N_("a closing {quote} on the same line (at the shell's prompt a command is one line)")
            if one_line
            else N_("a closing {quote} (a quote may span lines: the rest was read as quoted)")
        )
    return LogSyntaxError(
        what,
        expected=expected,
        name=name,
        line=line,
        column=column,
        values={"where": where, "end": end, "quote": problem.what, "first": first_line},
    )


def tokenize(text: str, *, one_line: bool = False) -> list[str]:
    """The words of ``text``, split and unquoted as a POSIX shell would, nothing evaluated.

    An unquoted newline separates words like a blank; an unclosed quote or a backslash with
    nothing after it raises :class:`LogSyntaxError` naming the column — ``one_line``: as for a
    command that cannot go on to another line (``campaign shell``'s prompt), whose quote must
    close on the line itself.
    """
    words, _, problem = scan(text, 0, stop_at_newline=False)
    if problem is not None:
        raise unfinished(problem, text, start=0, first_line=1, name=None, one_line=one_line)
    return words
