"""Handles (docs/log-language.md#handles): ASCII slugs ``[a-z0-9][a-z0-9-]*``, case-insensitive."""

from __future__ import annotations

import re
import unicodedata

from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_
from campaign.core.numbers import BLANKS, quoted

_HANDLE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
# A slug typed at the table, at most 100 characters (docs/log-language.md#handles): far beyond any
# handle a GM types. It keeps each handle within what a PostgreSQL index holds (the read models
# index handles), where a handle of any length once recorded then broke every read.
MAX_HANDLE = 100
_EXPECTED = N_("an ASCII slug: a-z, 0-9 and '-', starting with a letter or digit")


def slug(text: str) -> str:
    """The slug of a name (docs/rules.md#d-10): Unicode NFKD, accents stripped, lowercase, every
    run of other characters → ``-``, trimmed: ``Nerfs d’acier`` → ``nerfs-d-acier``."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c)).lower()
    out: list[str] = []
    for char in bare:
        if "a" <= char <= "z" or "0" <= char <= "9":
            out.append(char)
        elif out and out[-1] != "-":
            out.append("-")
    return "".join(out).strip("-")


def check_handle(text: str, *, field: str = "handle") -> str:
    """The handle, lowercased; an accented or spaced one is refused with the slug suggested.

    The one check of every handle: the services' and the aggregates' (a retainer's employer).
    """
    if not isinstance(text, str):  # the Python API: the CLI hands over text
        raise ImpossibleInput(
            N_("{value} is not a handle"),
            field=field,
            value=text,
            expected=_EXPECTED,
            values={"value": repr(text)},
        )
    handle = text.strip(BLANKS)
    if handle.isascii() and _HANDLE.match(handle.lower()):  # ASCII first: "\u212a" lowers to k
        if len(handle) > MAX_HANDLE:
            raise ImpossibleInput(
                N_("{value} is {length} characters long; a handle is at most {most}"),
                field=field,
                value=text,
                expected=N_("a handle of at most {most} characters"),
                values={"value": quoted(handle), "length": len(handle), "most": MAX_HANDLE},
            )
        return handle.lower()
    suggestion = slug(text)
    hint = suggestion and _HANDLE.match(suggestion)
    values = {"value": repr(text), "suggestion": repr(suggestion)}
    # what does not show as foreign: a blank (U+00A0), a letter that looks ASCII (a Kelvin
    # sign K, a full-width Ａ); an accented letter shows, and its slug is the hint
    foreign = sorted(
        c
        for c in set(handle)
        if not c.isascii() and (not c.isalpha() or unicodedata.normalize("NFKD", c).isascii())
    )
    if foreign:
        values["named"] = ", ".join(
            f"U+{ord(c):04X} {unicodedata.name(c, '?').lower()}" for c in foreign
        )
        words = (
            N_("{value} is not a handle (it holds {named}, not ASCII); try {suggestion}")
            if hint
            else N_("{value} is not a handle (it holds {named}, not ASCII)")
        )
    else:
        words = (
            N_("{value} is not a handle; try {suggestion}")
            if hint
            else N_("{value} is not a handle")
        )
    raise ImpossibleInput(words, field=field, value=text, expected=_EXPECTED, values=values)
