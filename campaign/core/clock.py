"""In-game time (docs/log-language.md#the-clock): seconds since day 1 00:00, durations like ``6h``.

A turn is 10 minutes and a round 10 seconds (OSE; D6Harmonie "tours" are rounds,
docs/rules.md#d-9). The clock runs to the last second of day :data:`LAST_DAY` (over 2,700 years:
a lifetime of play and the longest curse fit): no time, and no duration, is longer than that —
the numbers of both are read by the one parser (campaign/core/numbers.py), bounded by it.
"""

from __future__ import annotations

import re

from campaign.core.errors import ImpossibleInput, Phrase
from campaign.core.i18n import N_
from campaign.core.numbers import BLANKS, quoted, whole_number

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
LAST_DAY = 1_000_000
LAST_SECOND = LAST_DAY * 86400 - 1  # day 1000000 23:59:59, in seconds since day 1 00:00
_DURATION = re.compile(r"^([0-9]+)(s|rounds?|min|turns?|h|d|w)$")
_MOMENT = re.compile(r"^day[ \t]+([0-9]+)[ \t]+([0-9]{1,2}):([0-9]{2})(?::([0-9]{2}))?$", re.I)
MOMENT_FORMS = N_('"day N HH:MM" or "day N HH:MM:SS"')  # as the clock shows a time, seconds too


def parse_duration(text: str, *, field: str = "duration") -> int:
    """``30s``, ``10min``, ``6h``, ``3d``, ``2w``, ``4turns``, ``5rounds`` → seconds."""
    return read_duration(text, field=field)[0]


def read_duration(text: str, *, field: str = "duration") -> tuple[int, str]:
    """A duration's seconds, and its words as read: lower case, no leading zeros
    (``03Rounds`` → ``3rounds``), which ``clock advance`` keeps for the history and the log."""
    match = _DURATION.match(text.strip(BLANKS).lower())
    if not match:
        raise ImpossibleInput(
            N_("{value} is not a duration"),
            field=field,
            value=text,
            expected=N_("a number and a unit: 30s, 10min, 6h, 3d, 2w, 4turns, 5rounds"),
            values={"value": repr(text)},
        )
    unit = match.group(2)
    most = LAST_SECOND // UNITS[unit]  # the clock's whole span, in this unit
    count = whole_number(
        match.group(1),
        field=field,
        typed=text.strip(BLANKS),
        most=most,
        beyond=Phrase(
            N_(
                "{value} is longer than any time a store keeps: the clock runs from day 1 00:00 "
                "to {last}"
            ),
            value=quoted(text.strip(BLANKS)),
            last=format_moment(LAST_SECOND, exact=True),
        ),
        expected=Phrase(N_("a duration of at most {most}{unit}"), most=most, unit=unit),
    )
    return count * UNITS[unit], f"{count}{unit}"


def parse_moment(text: str, *, field: str = "time") -> int:
    """``day N HH:MM`` or ``day N HH:MM:SS`` (as :func:`format_moment` shows a time whose
    seconds are not whole minutes, after ``clock advance 30s``) → seconds since day 1 00:00."""
    return read_moment(text, field=field)[0]


def read_moment(text: str, *, field: str = "time") -> tuple[int, str]:
    """A time's seconds since day 1 00:00, and its words as read (``day 5 09:00`` for
    ``DAY 05 9:00``, the seconds kept if given), which ``clock set`` keeps."""
    typed = text.strip(BLANKS)
    match = _MOMENT.match(typed)
    day, hours, minutes, seconds = (
        (_day(match.group(1), typed, field), *(int(g or 0) for g in match.groups()[1:]))
        if match
        else (0,) * 4
    )
    if not match or day < 1 or hours > 23 or minutes > 59 or seconds > 59:
        raise ImpossibleInput(
            N_("{value} is not an in-game time"),
            field=field,
            value=text,
            expected=MOMENT_FORMS,
            values={"value": repr(text)},
        )
    words = f"day {day} {hours:02d}:{minutes:02d}"
    if match.group(4) is not None:
        words += f":{seconds:02d}"
    return (day - 1) * 86400 + hours * 3600 + minutes * 60 + seconds, words


def _day(digits: str, typed: str, field: str) -> int:
    """A time's day, up to :data:`LAST_DAY`."""
    last = format_moment(LAST_SECOND, exact=True)
    return whole_number(
        digits,
        field=field,
        typed=typed,
        most=LAST_DAY,
        beyond=Phrase(
            N_("{value} is past the last time a store keeps ({last})"),
            value=quoted(typed),
            last=last,
        ),
        expected=Phrase(N_("a time up to {last}"), last=last),
    )


def format_moment(seconds: int, *, exact: bool = False) -> str:
    """Seconds since day 1 00:00 → ``day N HH:MM`` (docs/log-language.md#the-clock); ``exact``:
    ``day N HH:MM:SS`` when the seconds are not whole minutes (``30s`` and ``rounds`` move the
    clock by seconds), for a message that compares two times."""
    day, rest = divmod(seconds, 86400)
    moment = f"day {day + 1} {rest // 3600:02d}:{rest % 3600 // 60:02d}"
    return f"{moment}:{rest % 60:02d}" if exact and rest % 60 else moment


def moment_said(seconds: int, *, exact: bool = False) -> str:
    """A time as a person reads it in the invocation's language (campaign/core/i18n.py):
    :func:`format_moment` in English, ``jour 6, 14 h 00`` (``jour 3, 8 h 00 min 30 s``) in
    French. A log line, an export and ``--json`` keep :func:`format_moment`'s words."""
    from campaign.core.i18n import language

    if language() == "en":
        return format_moment(seconds, exact=exact)
    day, rest = divmod(seconds, 86400)
    moment = f"jour {day + 1}, {rest // 3600} h {rest % 3600 // 60:02d}"
    return f"{moment} min {rest % 60:02d} s" if exact and rest % 60 else moment


def clock_said(moment: object) -> str:
    """A time the store keeps as ``format_moment`` wrote it (``status --json``'s ``clock``) as a
    person reads it: as it is in English, ``jour 6, 14 h 00`` in French; a text that is no time
    the log language writes is shown as it is."""
    from campaign.core.i18n import language

    if language() == "en" or not isinstance(moment, str):
        return str(moment)
    try:
        return moment_said(parse_moment(moment), exact=True)
    except ImpossibleInput:
        return moment
