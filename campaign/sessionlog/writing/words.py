"""The words of a log line, and the :class:`Line` that puts one command's words together.

Words are quoted so that :func:`campaign.sessionlog.reading.tokenize` reads them back unchanged.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from typing import Any

_BARE = re.compile(r"^[A-Za-z0-9@%+=:,./_-]+$")  # words shlex leaves unquoted
_UNITS = (("w", 604800), ("d", 86400), ("h", 3600), ("min", 60), ("s", 1))  # campaign/core/clock.py


def quote(word: str) -> str:
    """A POSIX-shell word (``campaign.sessionlog.reading.tokenize`` reads it back): bare when
    safe, else in double quotes as a GM writes them (``"Brynn's axe"``), else
    :func:`shlex.quote`'s quoting."""
    if _BARE.fullmatch(word):
        return word
    if not set('"\\$`\n') & set(word):
        return f'"{word}"'
    return shlex.quote(word)


def signed(value: int) -> str:
    return f"{value:+d}"


def number(value: float | int) -> str:
    """``30`` for 30.0 (Typer reads either back as the same float)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def duration(seconds: int) -> str:
    """In-game seconds in the largest whole unit ``clock advance`` reads: 7200 → ``2h``."""
    if seconds == 0:
        return "0s"
    for unit, size in _UNITS:
        if seconds % size == 0:
            return f"{seconds // size}{unit}"
    raise AssertionError("unreachable: 1 s divides everything")


def dice(record: dict[str, Any]) -> list[str]:
    """``--roll 3,5`` (faces) or ``--roll 8`` (a total), ``--rolled`` when the tracker rolled."""
    faces = record.get("faces")
    text = ",".join(str(f) for f in faces) if faces else str(record["total"])
    return ["--roll", text] + (["--rolled"] if record.get("source") == "rolled" else [])


class Line:
    """One log line being written: the command's words, its arguments, then its options."""

    def __init__(self, *command: str) -> None:
        self.command = list(command)
        self.args: list[str] = []
        self.numbers: set[int] = set()  # indexes of signed values (``adjust ford goblins -1``)
        self.options: list[str] = []

    def arg(self, *values: Any) -> Line:
        self.args += [str(v) for v in values]
        return self

    def value(self, number: int, show: Callable[[int], str] = str) -> Line:
        """A signed value as an argument: its command reads ``-1`` as a value
        (docs/log-language.md#values)."""
        self.numbers.add(len(self.args))
        return self.arg(show(number))

    def opt(self, name: str, value: Any, show: Callable[[Any], str] = str) -> Line:
        """``name value``, left out when the value is None."""
        if value is not None:
            self.options += [name, show(value)]
        return self

    def flag(self, name: str, on: Any) -> Line:
        if on:
            self.options.append(name)
        return self

    def words(self, *words: str) -> Line:
        self.options += words
        return self

    def note(self, event: Any) -> Line:
        return self.opt("--note", getattr(event, "note", None))

    def __str__(self) -> str:
        # An argument that starts with "-" (an item called "-1 sword") would read as an option:
        # options first, then "--" and the arguments (a signed value is read as a value).
        dashed = [i for i, a in enumerate(self.args) if a.startswith("-")]
        if set(dashed) - self.numbers:
            words = [*self.command, *self.options, "--", *self.args]
        else:
            words = [*self.command, *self.args, *self.options]
        return " ".join(quote(w) for w in words)
