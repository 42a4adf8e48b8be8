"""Dice as entered at the table and as rolled by the tracker (docs/log-language.md#dice)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from campaign.core.errors import ImpossibleInput
from campaign.rules.dice import D6, D20, ENTERED, ROLLED, TWO_D6, DiceRoller, parse_roll


@pytest.mark.parametrize(
    ("text", "faces", "total"),
    [("3,5", (3, 5), 8), ("1,1", (1, 1), 2), ("6,6", (6, 6), 12), (" 2 , 4 ", (2, 4), 6)],
)
def test_2d6_faces(text, faces, total):
    roll = parse_roll(text, TWO_D6)
    assert (roll.faces, roll.total, roll.source) == (faces, total, ENTERED)
    assert roll.as_json() == {"faces": list(faces), "total": total}


@pytest.mark.parametrize("total", range(2, 13))
def test_2d6_total(total):
    roll = parse_roll(str(total), TWO_D6)
    assert roll.faces is None and roll.total == total
    assert roll.as_json() == {"faces": None, "total": total}


@pytest.mark.parametrize("text", ["13", "1", "0", "7,0", "3,7", "1,2,3", "x", "", "-4", "2.5"])
def test_impossible_2d6(text):
    with pytest.raises(ImpossibleInput) as caught:
        parse_roll(text, TWO_D6)
    assert caught.value.field == "roll"
    assert "2d6" in str(caught.value)


@pytest.mark.parametrize("face", range(1, 21))
def test_d20_natural_faces(face):
    assert parse_roll(str(face), D20).natural == face


@pytest.mark.parametrize("text", ["0", "21", "3,5", "20,1", "d20"])
def test_impossible_d20(text):
    with pytest.raises(ImpossibleInput, match="d20"):
        parse_roll(text, D20, field="roll")


def test_field_is_named():
    with pytest.raises(ImpossibleInput) as caught:
        parse_roll("14", TWO_D6, field="hiring_roll")
    assert caught.value.field == "hiring_roll"
    assert "2–12" in caught.value.expected


def test_roller_is_reproducible_with_a_seed():
    first = [DiceRoller(seed=42).roll(TWO_D6) for _ in range(3)]
    again = [DiceRoller(seed=42).roll(TWO_D6) for _ in range(3)]
    assert first == again
    assert all(r.source == ROLLED and r.faces is not None for r in first)


def test_roller_without_seed_draws_a_fresh_cryptographic_seed():
    assert DiceRoller().seed != DiceRoller().seed


@given(st.integers(min_value=0, max_value=2**64))
def test_rolled_faces_are_faces(seed):
    roller = DiceRoller(seed=seed)
    for dice in (TWO_D6, D20, D6):
        roll = roller.roll(dice)
        assert roll.faces is not None and len(roll.faces) == dice.count
        assert all(1 <= f <= dice.sides for f in roll.faces)
        assert roll.total == sum(roll.faces)
        # what the tracker rolls, written back as text, parses to the same faces (export → replay)
        assert parse_roll(",".join(map(str, roll.faces)), dice).faces == roll.faces


def test_choice_is_uniform_enough():
    roller = DiceRoller(seed=7)
    picks = [roller.choice("abcd") for _ in range(4000)]
    assert {c: picks.count(c) for c in "abcd"}.keys() == set("abcd")
    assert all(800 < picks.count(c) < 1200 for c in "abcd")


def test_record_round_trip_keeps_faces_and_source():
    for roll in (parse_roll("3,5", TWO_D6), parse_roll("8", TWO_D6), DiceRoller(1).roll(D20)):
        record = roll.as_record()
        assert record["source"] in (ENTERED, ROLLED)
        assert type(roll).from_record(record, roll.dice) == roll


@pytest.mark.parametrize(
    ("record", "said"),
    [
        ({"total": 8, "faces": [3, 5]}, "3+5 = 8"),  # a 2d6 given as its faces
        ({"total": 8, "faces": None}, "8"),  # a 2d6 given as its total
        ({"total": 1, "faces": [1]}, "natural 1"),  # a d20: the natural face
        ({"total": 7, "faces": [3, 4], "source": "rolled"}, "3+4 = 7"),  # who rolled: the CLI's
        (None, "no roll"),
    ],
)
def test_a_stored_roll_reads_the_same_in_the_cli_the_audit_and_the_recap(record, said):
    from campaign.rules.dice import roll_words

    assert roll_words(record) == said
