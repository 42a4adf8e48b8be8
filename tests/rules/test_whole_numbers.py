"""The one reading of a whole number the GM types (campaign/core/numbers.py): ASCII digits, at
most 18 of them once leading zeros are dropped (docs/log-language.md#values)."""

from __future__ import annotations

import pytest

from campaign.core.errors import ImpossibleInput
from campaign.core.numbers import DIGITS, whole_number


def test_the_parser_bounds_digits_not_characters():
    assert whole_number("0" * 5000 + "42", field="roll") == 42
    assert whole_number(" 7 ", field="roll") == 7
    assert whole_number("9" * DIGITS, field="roll") == 10**DIGITS - 1
    assert whole_number("-12", field="seed", signed=True) == -12
    with pytest.raises(ImpossibleInput) as error:
        whole_number("9" * (DIGITS + 1), field="roll", expected="a roll")
    assert error.value.field == "roll"
    assert error.value.expected == "a roll"
    assert "19 digits" in error.value.message
    for text in ("-12", "1_000", "٣", "", "1.5", "x"):
        with pytest.raises(ImpossibleInput, match="is not a whole number"):
            whole_number(text, field="roll")
