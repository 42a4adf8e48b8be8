"""What docs/rules.md says to flag, the calculator flags too, as the audit does for a recorded
command: a morale adjustment summing beyond −2…+2 (D-3: used as given, MOR005) and a negative
casting modifier in a spell's DC (docs/rules.md#where-seed-001-leaves-a-case-open: computed, but a
legally cast spell never has one; the flag points at that page). Neither is applied without a word.
The `flag` key is null when there is nothing to say."""

import json

import pytest


@pytest.mark.parametrize(
    ("adjust", "flagged"), [("+3", True), ("-3", True), ("+2", False), ("-2", False), ("0", False)]
)
def test_a_morale_adjustment_beyond_two_is_flagged(campaign, adjust, flagged):
    result = campaign("rules", "morale", "--morale", "7", "--adjust", adjust, "--roll", "5,5",
                      "--json")  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["effective"] == 7 + int(adjust)  # used as given, never clamped (D-1, D-3)
    if flagged:
        assert data["flag"].startswith(f"an adjustment of {int(adjust):+d} is beyond -2…+2")
        assert "docs/rules.md#d-3" in data["flag"] and "MOR005" in data["flag"]
    else:
        assert data["flag"] is None
    text = campaign("rules", "morale", "--morale", "7", "--adjust", adjust, "--roll", "5,5")
    assert ("Flagged:" in text.stdout) is flagged


def test_no_test_no_flag(campaign):
    # a rating of 12 does not test: its adjustment is ignored, and so nothing is flagged
    result = campaign("rules", "morale", "--morale", "12", "--adjust", "3", "--json")
    data = json.loads(result.stdout)
    assert data["tests"] is False and data["flag"] is None


@pytest.mark.parametrize(
    ("args", "mod", "flagged"),
    [
        (["--class", "ranger", "--ability-score", "3"], -4, True),  # 3 → −4 (d20 table)
        (["--class", "wizard", "--ability-score", "9"], -1, True),
        (["--class", "wizard", "--ability-score", "10"], 0, False),
        (["--ability-mod", "-1"], -1, True),
        (["--ability-mod", "4"], 4, False),
    ],
)
def test_a_negative_casting_modifier_in_a_dc_is_flagged(campaign, args, mod, flagged):
    result = campaign("rules", "dc", "--spell-level", "3", *args, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["ability_mod"] == mod and data["dc"] == 10 + 3 + mod  # the arithmetic stands
    if flagged:
        assert data["flag"].startswith(f"a casting modifier of {mod:+d} cannot occur")
        assert "docs/rules.md#where-seed-001-leaves-a-case-open" in data["flag"]
    else:
        assert data["flag"] is None
