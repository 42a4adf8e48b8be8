"""Handles (SPEC §4): ASCII slugs ``[a-z0-9][a-z0-9-]*``, case-insensitive."""

from __future__ import annotations

import re

from campaign.errors import ImpossibleInput

_HANDLE = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def check_handle(text: str, *, field: str = "handle") -> str:
    """The handle, lowercased; an accented or spaced one is refused with the slug suggested."""
    handle = text.strip().lower()
    if _HANDLE.match(handle):
        return handle
    from campaign.rules.d6harmonie import slug  # only to suggest: the catalogue is large

    suggestion = slug(text)
    hint = f"; try {suggestion!r}" if suggestion and _HANDLE.match(suggestion) else ""
    raise ImpossibleInput(
        f"{text!r} is not a handle{hint}",
        field=field,
        value=text,
        expected="an ASCII slug: a-z, 0-9 and '-', starting with a letter or digit",
    )
