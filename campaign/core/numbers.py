"""Whole numbers the GM types (docs/log-language.md#values): ASCII digits, at most :data:`DIGITS`
of them once leading zeros are dropped, read the same way wherever they are typed — a roll, a
position (``event:N``), a session's number, a point in the history.

No count, roll, position, session or time a campaign holds has more than 18 digits (a store keeps
positions below 2**63 and times below 2**53 seconds; counts and ratings below 2**31). More is
refused before ``int()`` sees it: Python refuses to read a number of more than 4,300 digits, and
a message that echoed them would be thousands of characters long. A position may have up to
:data:`POSITION_DIGITS`, for the answer the GM already gets past the store's last one. A number
with a bound of its own (``most``: the clock's days and durations, campaign/core/clock.py) is
refused past it, saying it.
"""

from __future__ import annotations

from campaign.core.errors import ImpossibleInput, Phrase
from campaign.core.i18n import N_

# the blanks a word may have around it: spaces and tabs only — Python's whitespace holds control
# characters (U+001C–U+001F, U+0085), which no text may hold (docs/log-language.md#values)
BLANKS = " \t"

DIGITS = 18
# a position (``event:N``): one past the store's last is answered as no such event, naming it,
# as long as it is quoted whole (:func:`quoted`: 40 characters)
POSITION_DIGITS = 40
_ASCII_DIGITS = frozenset("0123456789")


def quoted(text: str) -> str:
    """``text`` quoted as an error shows a value: at most 40 characters, cut with ``…``."""
    return repr(text) if len(text) <= 40 else repr(text[:37]) + "…"


# what a number is read as, each said in whole sentences: too long, and too large
_TOO_LONG = {
    "count, score or roll": N_("{value} has {digits} digits: no count, score or roll is that long"),
    "roll": N_("{value} has {digits} digits: no roll is that long"),
    "session number": N_("{value} has {digits} digits: no session number is that long"),
    "position": N_("{value} has {digits} digits: no position is that long"),
    "seed": N_("{value} has {digits} digits: no seed is that long"),
}
_MORE_THAN = {
    "count, score or roll": N_("{value} is more than any count, score or roll"),
    "roll": N_("{value} is more than any roll"),
    "session number": N_("{value} is more than any session number"),
    "position": N_("{value} is more than any position"),
    "seed": N_("{value} is more than any seed"),
}


def too_long(text: str, digits: int, what: str = "count, score or roll") -> Phrase:
    """The message for a number of ``digits`` digits, more than any ``what`` (a key of
    :data:`_TOO_LONG`) has."""
    return Phrase(_TOO_LONG[what], value=quoted(text), digits=digits)


def whole_number(
    text: str,
    *,
    field: str,
    what: str = "count, score or roll",
    expected: str | None = None,
    signed: bool = False,
    digits: int = DIGITS,
    typed: str | None = None,
    most: int | None = None,
    beyond: Phrase | None = None,
) -> int:
    """``text`` (surrounding blanks ignored; a leading ``+`` or ``-`` when ``signed``) as a whole
    number of at most ``digits`` digits, or :class:`ImpossibleInput` naming ``field``: what no
    ``what`` can be is refused, saying ``expected`` (by default, the bound). ``typed``: the word
    the number was read from, which the message quotes (``event:N`` for its ``N``). ``most``: a
    bound of the number's own (its size, whatever its sign), refused with the message ``beyond``
    (by default, that no ``what`` is that large)."""
    said = text if typed is None else typed
    stripped = text.strip(BLANKS)
    sign = stripped[:1] if signed and stripped[:1] in ("+", "-") else ""
    number = stripped[len(sign) :]
    if not number or not set(number) <= _ASCII_DIGITS:
        raise ImpossibleInput(
            N_("{value} is not a whole number"),
            field=field,
            value=said,
            expected=expected or _bound(signed),
            values={"value": quoted(said), "digits": digits},
        )
    significant = number.lstrip("0") or "0"
    if most is not None and (len(significant) > len(str(most)) or int(significant) > most):
        message = beyond or Phrase(_MORE_THAN[what], value=quoted(said))
        raise ImpossibleInput(
            message.words,
            field=field,
            value=quoted(said),
            expected=expected or N_("a whole number of at most {most}"),
            values={**message.values, "most": most},
        )
    if len(significant) > digits:
        message = too_long(said, len(significant), what)
        raise ImpossibleInput(
            message.words,
            field=field,
            value=quoted(said),
            expected=expected or _bound(signed),
            values=message.values,
        )
    return int(sign + significant)


def _bound(signed: bool) -> str:
    """What a number is expected to be, ``{digits}`` to fill."""
    if signed:
        return N_("a whole number of at most {digits} digits, with or without a sign")
    return N_("a whole number of at most {digits} digits")
