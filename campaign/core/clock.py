"""In-game time (docs/log-language.md#the-clock): seconds since day 1 00:00, durations like ``6h``.

A turn is 10 minutes and a round 10 seconds (OSE; D6Harmonie "tours" are rounds,
docs/rules.md#d-9).
"""

from __future__ import annotations

import re

from campaign.core.errors import ImpossibleInput

UNITS: dict[str, int] = {
    "s": 1,
    "rounds": 10,
    "round": 10,
    "min": 60,
    "turns": 600,
    "turn": 600,
    "h": 3600,
    "d": 86400,
    "w": 7 * 86400,
}
_DURATION = re.compile(r"^([0-9]+)(s|rounds?|min|turns?|h|d|w)$")
# a day of more than 18 digits is no time a store keeps (and int() refuses 4,300 digits)
_MOMENT = re.compile(
    r"^day[ \t]+0*([0-9]{1,18})[ \t]+([0-9]{1,2}):([0-9]{2})(?::([0-9]{2}))?$", re.I
)
# blanks around a duration or a time: spaces and tabs only — Python's whitespace holds control
# characters (U+001C–U+001F, U+0085), which no text may hold (docs/log-language.md#values)
_BLANKS = " \t"
MOMENT_FORMS = '"day N HH:MM" or "day N HH:MM:SS"'  # as the clock shows a time, seconds too


def parse_duration(text: str, *, field: str = "duration") -> int:
    """``30s``, ``10min``, ``6h``, ``3d``, ``2w``, ``4turns``, ``5rounds`` → seconds."""
    return read_duration(text, field=field)[0]


def read_duration(text: str, *, field: str = "duration") -> tuple[int, str]:
    """A duration's seconds, and its words as read: lower case, no leading zeros
    (``03Rounds`` → ``3rounds``), which ``clock advance`` keeps for the history and the log."""
    match = _DURATION.match(text.strip(_BLANKS).lower())
    if not match:
        raise ImpossibleInput(
            f"{text!r} is not a duration",
            field=field,
            value=text,
            expected="a number and a unit: 30s, 10min, 6h, 3d, 2w, 4turns, 5rounds",
        )
    digits = match.group(1).lstrip("0") or "0"
    if len(digits) > 18:  # no time a store keeps (2**53 s), and int() refuses 4,300 digits
        raise ImpossibleInput(
            f"a duration of {len(digits)} digits is longer than any time a store keeps",
            field=field,
            value=f"{digits[:8]}…{match.group(2)}",
            expected="a number of at most 18 digits and a unit: 30s, 10min, 6h, 3d, 2w",
        )
    return int(digits) * UNITS[match.group(2)], f"{digits}{match.group(2)}"


def parse_moment(text: str, *, field: str = "time") -> int:
    """``day N HH:MM`` or ``day N HH:MM:SS`` (as :func:`format_moment` shows a time whose
    seconds are not whole minutes, after ``clock advance 30s``) → seconds since day 1 00:00."""
    return read_moment(text, field=field)[0]


def read_moment(text: str, *, field: str = "time") -> tuple[int, str]:
    """A time's seconds since day 1 00:00, and its words as read (``day 5 09:00`` for
    ``DAY 05 9:00``, the seconds kept if given), which ``clock set`` keeps."""
    match = _MOMENT.match(text.strip(_BLANKS))
    day, hours, minutes, seconds = (int(g or 0) for g in match.groups()) if match else (0,) * 4
    if not match or day < 1 or hours > 23 or minutes > 59 or seconds > 59:
        raise ImpossibleInput(
            f"{text!r} is not an in-game time", field=field, value=text, expected=MOMENT_FORMS
        )
    words = f"day {day} {hours:02d}:{minutes:02d}"
    if match.group(4) is not None:
        words += f":{seconds:02d}"
    return (day - 1) * 86400 + hours * 3600 + minutes * 60 + seconds, words


def format_moment(seconds: int, *, exact: bool = False) -> str:
    """Seconds since day 1 00:00 → ``day N HH:MM`` (docs/log-language.md#the-clock); ``exact``:
    ``day N HH:MM:SS`` when the seconds are not whole minutes (``30s`` and ``rounds`` move the
    clock by seconds), for a message that compares two times."""
    day, rest = divmod(seconds, 86400)
    moment = f"day {day + 1} {rest // 3600:02d}:{rest % 3600 // 60:02d}"
    return f"{moment}:{rest % 60:02d}" if exact and rest % 60 else moment
