"""aggregates.base.check_values: what an event may hold, nested values and subclasses too.

Each value refused below would, once recorded, break every read (tests/system/test_fuzz.py throws
them through the CLI); here each kind of value is checked where it can hide.
"""

from __future__ import annotations

import enum

import pytest

from aggregates.values import INT_LIMIT, WIDE_LIMIT, check_values
from campaign.core.errors import ImpossibleInput


class Level(enum.IntEnum):
    HIGH = 2**40


class Name(str):
    pass


@pytest.mark.parametrize(
    "fields",
    [
        {"note": "plain"},
        {"note": "café ✓"},
        {"note": "two\nlines\tand a tab", "text": "a note\n\tspans lines"},  # a note's
        {"name": "two\nlines", "title": "a\ttab"},  # any text's: no escape sequence
        {"name": "Nerfs d\u2019acier\u00a0!"},  # printable non-ASCII: not a control character
        # a retraction's copy of earlier state, which an older store may hold: kept
        {"restored": {"name": "a\x1b[31mb", "groups": {"g": {"name": "\x9b"}}}},
        {"n": INT_LIMIT, "m": -INT_LIMIT, "flag": True, "ratio": 1.5, "none": None},
        {"position": WIDE_LIMIT},
        {"rolls": [1, 2, (3, 4)], "by": {"ford/goblins": {"count": 3}}},
        {"name": Name("ok")},
    ],
)
def test_what_a_store_can_keep_passes(fields):
    check_values(fields)


@pytest.mark.parametrize(
    ("fields", "field", "says"),
    [
        ({"note": "a\x00b"}, "note", "NUL"),
        ({"note": "caf\udce9"}, "note", "not UTF-8"),
        ({"n": INT_LIMIT + 1}, "n", "out of range"),
        ({"n": -INT_LIMIT - 1}, "n", "out of range"),
        ({"position": WIDE_LIMIT + 1}, "position", "out of range"),
        ({"rolls": [1, [2, 2**31]]}, "rolls", "out of range"),
        # nested: the innermost key holding it, the option it came from (`--result` inside a
        # flaw roll's inputs is named `result`); a nested key that is the GM's text, by the
        # key holding it
        ({"groups": [{"count": 2**40}]}, "count", "out of range"),
        ({"inputs": {"result": 10**400}}, "result", "out of range"),
        ({"by": {"a\x00b": 1}}, "by", "NUL"),
        ({"by": {"ok": {"x\udcff": 1}}}, "ok", "not UTF-8"),
        ({"level": Level.HIGH}, "level", "out of range"),  # an int subclass
        ({"name": Name("a\x00")}, "name", "NUL"),  # a str subclass
        ({"pair": ("ok", "caf\udce9")}, "pair", "not UTF-8"),
        # control characters (C0, DEL, C1): a terminal obeys them when the text is printed
        ({"title": "a\x1b]0;x\x07"}, "title", "control character \\(U\\+001B\\)"),
        ({"name": "del\x7f"}, "name", "U\\+007F"),
        ({"reason": "csi\x9b"}, "reason", "U\\+009B"),
        ({"note": "ok\n\x1b[2J"}, "note", "U\\+001B"),
        ({"text": "cr\r"}, "text", "U\\+000D"),  # the CLI reads \r as a line end, as a log does
        ({"inputs": {"vs": "\x1b"}}, "vs", "U\\+001B"),
        ({"by": {"a\x1b": 1}}, "by", "U\\+001B"),  # a nested key that is the GM's text
        ({"restored": {"ok": 1}, "name": "\x1b"}, "name", "U\\+001B"),
    ],
)
def test_what_a_store_cannot_keep_is_refused_naming_the_field(fields, field, says):
    with pytest.raises(ImpossibleInput, match=says) as refused:
        check_values(fields)
    assert refused.value.field == field


def test_a_bool_is_not_taken_for_an_out_of_range_number():
    check_values({"big": True, "nested": [False, {"k": True}]})


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"number": 2**40}, "a whole number from 1 to 2147483647"),  # a session's number
        ({"count": 2**40}, "a whole number from 1 to 2147483647"),
        ({"n": 2**40}, "a whole number from 1 to 2147483647"),
        ({"size": 2**40}, "a whole number from 1 to 2147483647"),
        ({"value": 2**40}, "a whole number from -2147483647 to 2147483647"),
        ({"position": 2**60}, f"a whole number from -{WIDE_LIMIT} to {WIDE_LIMIT}"),
    ],
)
def test_an_out_of_range_refusal_states_the_fields_domain(fields, expected):
    with pytest.raises(ImpossibleInput) as refused:
        check_values(fields)
    assert refused.value.expected == expected
