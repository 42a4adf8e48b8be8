"""What an event may hold, and the checks every command's inputs share: whole numbers, totals a
store keeps, reasons that say something, names compared as the GM reads them, and the options an
event keeps as its command's ``inputs``."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import fields
from datetime import date
from typing import Any

from aggregates.refusals import Refusal
from campaign.core.errors import ImpossibleInput, Phrase
from campaign.core.handles import check_handle
from campaign.core.i18n import N_
from campaign.core.text import REFUSED

# What an event may hold, checked before it is triggered (tests/system/test_fuzz.py tries the
# rest): a value a store cannot keep would make every later read fail.
# - integers the stores and read models keep: PostgreSQL ``integer`` columns for counts,
#   ratings, hit points…; ``bigint`` for positions and in-game time, kept within 2**53 so that
#   minutes × 60 and JSON readers stay exact (SQLite's INTEGER is 64 bits);
# - text PostgreSQL can store (no NUL) and that is UTF-8 (a shell argument that is not UTF-8
#   reaches Python as lone surrogates: ``campaign note $'caf\xe9'``);
# - text without control characters (C0, DEL, C1) nor invisible format characters (Unicode Cf:
#   a bidirectional override makes a note read as something else): ``history`` and ``export``
#   print the GM's text, and a terminal obeys an escape sequence in it (the one rule:
#   campaign/core/text.py). Tabs and line breaks are no escape sequence, and stay allowed in any
#   text: a quote spans lines in a log (docs/log-language.md#tokenising) and ``export --format
#   log`` quotes such text back, so stores that hold them still export logs that replay
#   (docs/cli.md#export-and-import).
INT_LIMIT = 2**31 - 1
WIDE_LIMIT = 2**53 - 1
WIDE = frozenset({"position", "command", "due_position", "retracted", "next_position",
                  "seconds", "by", "clock_minutes", "until", "duration"})  # fmt: skip
# counts and numbers that are at least 1 wherever an event holds them (a session's number, a
# group's count, casualties, a company's size): a refusal says so, not ±INT_LIMIT
FROM_ONE = frozenset({"number", "count", "n", "size"})
# a retraction's copy of an earlier state (``Retracted.restored``): text an older store may hold
# with control characters in it; only what a store can keep is checked there
COPIED = frozenset({"restored"})
# an event's fields that name a handle (docs/log-language.md#handles), as its aggregates record it
HANDLES = frozenset({"handle", "group", "retainer_of", "encounter"})
_CONTROL = REFUSED  # \t and \n allowed (campaign/core/text.py)
_EXPECTED_TEXT = {  # text the GM did not type on the line: said what to do instead
    "source": N_("a session-log file name without control characters (rename the file)")
}


# A running total beyond what a store keeps, by what it totals: the change, then the total.
_BEYOND = {
    "adjustments": N_(
        "{change}: {subject}'s adjustments would be {total}: out of range (a store keeps ±{limit})"
    ),
    "effective morale": N_(
        "{change}: {subject}'s effective morale would be {total}: out of range (a store keeps "
        "±{limit})"
    ),
    "loyalty": N_(
        "{change}: {subject}'s loyalty would be {total}: out of range (a store keeps ±{limit})"
    ),
    "morale": N_(
        "{change}: {subject}'s morale would be {total}: out of range (a store keeps ±{limit})"
    ),
    "size": N_(
        "{count} reinforcements: {subject}'s size would be {total}: out of range (a store keeps "
        "±{limit})"
    ),
}
# A blank reason, by what needs it
_BLANK = {
    "event": N_("{reason} is blank: the event needs a reason"),
    "adjustment": N_("{reason} is blank: an adjustment of {subject}'s morale needs a reason"),
    "rating": N_("{reason} is blank: a new rating for {subject} needs a reason"),
    "loyalty": N_("{reason} is blank: a loyalty modifier needs a reason"),
    "working conditions": N_(
        "{reason} is blank: a working-conditions modifier of {subject} needs a reason"
    ),
}


def check_total(
    before: int, change: int, field: str, what: str, subject: str, limit: int = INT_LIMIT
) -> int:
    """``before + change``: a running total (``what`` of :data:`_BEYOND`: a company's size, a
    rating and its modifiers …, of ``subject``), refused when a store could not keep it.
    :func:`check_values` would refuse the event too, but naming a number the GM never typed;
    this names the change and how far it may go."""
    total = before + change
    if -limit <= total <= limit:
        return total
    room = (limit if total > 0 else -limit) - before
    raise ImpossibleInput(
        _BEYOND[what],
        field=field,
        value=change,
        expected=N_("at most {room}") if total > 0 else N_("at least {room}"),
        values={
            "change": f"{change:+d}",
            "count": change,
            "subject": subject,
            "total": total,
            "limit": limit,
            "room": room,
        },
    )


def check_reason(reason: str | None, what: str, subject: str = "") -> None:
    """A required ``--reason`` (``what`` of :data:`_BLANK`: an adjustment, a re-rating, a
    working-conditions modifier of ``subject``): refused when it is blank (the history would
    show ``gob: -1 ()``). The text is kept as typed."""
    if reason is None or not reason.strip():
        raise ImpossibleInput(
            _BLANK[what],
            field="reason",
            value=reason,
            expected=N_('a reason that is not blank, e.g. --reason "leader slain"'),
            values={"reason": repr(reason), "subject": subject},
        )


_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", re.ASCII)


def check_date(value: str | None) -> None:
    """A session's real-world ``--date``: an ISO date, ``YYYY-MM-DD``, that is on the calendar
    (docs/log-language.md#sessions)."""
    if value is None:
        return
    try:
        if not _ISO_DATE.fullmatch(value):
            raise ValueError
        date.fromisoformat(value)
    except ValueError:
        raise ImpossibleInput(
            N_("{value} is not an ISO date (YYYY-MM-DD)"),
            field="date",
            value=value,
            expected=N_("a day of the calendar as YYYY-MM-DD, e.g. 2026-11-21"),
            values={"value": _shown(value)},
        ) from None


def check_values(fields: dict[str, Any], parent: str | None = None, typed: bool = True) -> None:
    """Refuse an event whose integers or text (nested ones too) a store cannot keep, or whose
    text holds a control or invisible format character (campaign/core/text.py). The error names
    the innermost key holding the value — ``result`` inside a flaw roll's ``inputs``, ``count``
    inside ``groups``: the option it came from, which the CLI then names. ``typed``: False inside
    a copy of earlier state (:data:`COPIED`), where the control characters an older store holds
    may stay."""
    for name, value in fields.items():
        key = str(name)
        if parent is not None:  # a nested key may be the GM's text, held by its parent
            _check_value(name, parent, typed)
        _check_value(value, key, typed)


def _check_value(value: Any, name: str, typed: bool = True) -> None:
    kind = type(value)
    if value is None or kind is bool or kind is float:
        return
    if kind is str and value.isascii() and value.isprintable():
        return  # most text: nothing more to ask (isprintable: no NUL, no control character)
    if isinstance(value, int):
        _check_int(value, name)
    elif isinstance(value, str):
        _check_text(value, name, typed)
    elif isinstance(value, dict):
        check_values(value, parent=name, typed=typed and name not in COPIED)
    elif isinstance(value, list | tuple):
        for item in value:
            _check_value(item, name, typed)


def _check_int(value: int, name: str) -> None:
    limit = WIDE_LIMIT if name in WIDE else INT_LIMIT
    if not -limit <= value <= limit:
        lowest = 1 if name in FROM_ONE else -limit
        raise ImpossibleInput(
            N_("{value} is out of range"),
            field=name,
            value=value,
            expected=N_("a whole number from {lowest} to {limit}"),
            values={"value": _shown(value), "lowest": lowest, "limit": limit},
        )


def _check_text(value: str, name: str, typed: bool = True) -> None:
    if "\x00" in value:
        raise ImpossibleInput(
            N_("{value} holds a NUL character"),
            field=name,
            expected=N_("text without NUL"),
            values={"value": _shown(value)},
        )
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ImpossibleInput(
            N_("{value} is not UTF-8 text"),
            field=name,
            expected=N_("UTF-8 text (set a UTF-8 locale, or re-save the log as UTF-8)"),
            values={"value": _shown(value)},
        ) from None
    if not typed:
        return
    found = _CONTROL.search(value)
    if found is not None:
        char = found.group()
        if unicodedata.category(char) == "Cf":
            words = N_("{value} holds an invisible format character (U+{code} {name})")
            expected = N_(
                "text without invisible format characters (a pasted text may hold one: retype it)"
            )
        else:
            words = N_("{value} holds a control character (U+{code})")
            expected = N_("text without control characters (tabs and line breaks may stay)")
        if name in _EXPECTED_TEXT:
            expected = _EXPECTED_TEXT[name]
        raise ImpossibleInput(
            words,
            field=name,
            value=value,
            expected=expected,
            values={"value": _shown(value), "code": f"{ord(char):04X}", "name": _name(char)},
        )


def check_recorded(state: dict[str, Any]) -> None:
    """An event as a store holds it (a line of an imported export): refused, naming the field,
    where a command could not have recorded it — every value checked as :func:`check_values`
    checks a command's, a retraction's copy of earlier state (``restored``) too, a reason that
    is not blank, and the handles it names as a command records them
    (docs/log-language.md#handles: a lowercase ASCII slug)."""
    try:
        check_values(state)
        for name in COPIED & set(state):
            if isinstance(state[name], dict):
                check_values(state[name], parent=name)
        if isinstance(state.get("reason"), str):
            check_reason(state["reason"], "event")
        if isinstance(state.get("date"), str):  # a session's
            check_date(state["date"])
        for name in HANDLES & set(state):
            if state[name] is not None and check_handle(state[name], field=name) != state[name]:
                raise ImpossibleInput(
                    N_("{value} is not a handle as it is recorded (lowercase)"),
                    field=name,
                    value=state[name],
                    expected=N_("a lowercase handle"),
                    values={"value": repr(state[name])},
                )
    except ImpossibleInput as error:
        raise Refusal(
            N_("field {field}: {reason}: no command records that"),
            field=error.field,
            value=error.value,
            values={"field": repr(error.field), "reason": error},
            restates=error,
        ) from None


def _name(char: str) -> str:
    return unicodedata.name(char, "format character").lower()


def _shown(value: int | str) -> str:
    """``value`` as an error message shows it: quoted, at most 60 characters."""
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 60 else f"{text[:28]}…{text[-28:]} ({len(text)} characters)"


# How a message names a number it refuses: in words, as the GM knows it (the CLI leads the
# message with the option the GM typed, ``--damage-taken``; a Python name is neither).
# The log's own words (``fortitude``, ``reflex``, ``will``) are said as they are.
_WORDS = {
    "dc": N_("a DC"),
    "hp": N_("hit points"),
    "hp_left": N_("hit points left"),
    "hp_lost": N_("HP lost"),
    "conscience_lost": N_("conscience lost"),
    "conscience": N_("conscience"),
    "damage": N_("damage"),
    "damage_taken": N_("damage taken"),
    "penalty": N_("penalty"),
    "duration": N_("duration"),
    "clock_seconds": N_("clock seconds"),
    "loyalty": N_("loyalty"),
    "reaction_mod": N_("reaction mod"),
    "value": N_("value"),
    "bonus": N_("bonus"),
}


def _said(field: str) -> str:
    """``damage_taken`` → ``damage taken``: a field named in a message (a :class:`Phrase`, said
    in the invocation's language, when it is one of :data:`_WORDS`)."""
    return Phrase(_WORDS[field]) if field in _WORDS else field.replace("_", " ")


def check_whole(value: object, field: str, lowest: int | None = None) -> int:
    """A whole number (never a bool), at least ``lowest`` when given."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refusal(
            N_("{field} is a whole number, not {value}"),
            field=field,
            value=value,
            values={"field": _said(field), "value": repr(value)},
        )
    if lowest is not None and value < lowest:
        raise Refusal(
            N_("{field} cannot be below {lowest}, not {value}"),
            field=field,
            value=value,
            expected=N_("{lowest} or more"),
            values={"field": _said(field), "lowest": lowest, "value": value},
        )
    return value


def same_name(name: str) -> str:
    """A name or a trait's detail as they compare: case-insensitive (docs/log-language.md#handles),
    and one Unicode form — ``Épée`` or ``araignées`` typed as one letter or as a letter and an
    accent (macOS keyboards, some editors) is the same sword, the same phobia."""
    return unicodedata.normalize("NFC", name.strip()).casefold()


# What a command names or rolls rather than gives as an option: not among its ``inputs``
NOT_OPTIONS = frozenset({"handle", "roll", "rolled", "note"})


def options_given(command: Any, **read: Any) -> dict[str, Any]:
    """A command's options as the GM gave them, which its event keeps as ``inputs`` (the audit
    and the exported log read them again): every field but the subject, the dice and the note,
    in the order the command declares them. ``read`` replaces an option by the value read from
    it, in its place, or adds one after them."""
    given = {f.name: getattr(command, f.name) for f in fields(command) if f.name not in NOT_OPTIONS}
    return {**given, **read}
