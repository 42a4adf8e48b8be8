"""Given a D6Harmonie flaw triggered through the CLI, when its live line is printed and the
session is exported as a recap (docs/cli.md#export-and-import, ``export --format markdown``),
then both say what was applied — the ruled consequences the state follows (docs/rules.md#d-0):

- an allergy's losses (docs/rules.md#flaws): the torso HP and the conscience lost, the GM's when
  ruled (``--hp-lost``, ``--conscience-lost``);
- *Sommeil de plomb* beside *Lève-tôt* (docs/rules.md#where-seed-002-leaves-a-case-open):
  "halved by Lève-tôt" only when the penalty applied is the halved one, not beside a
  ``--penalty`` the GM ruled otherwise.

The expected words are worked out by hand from docs/rules.md in the comments.
"""

from __future__ import annotations

import json
import re

import pytest

RECAP = ("export", "--format", "markdown")


@pytest.fixture
def run(in_store):
    return in_store


def flaw_lines(recap: str) -> list[str]:
    """The recap's *Flaws triggered* list."""
    found = re.search(r"^### Flaws triggered\n\n(.*?)(?:\n\n|\Z)", recap, re.M | re.S)
    assert found, recap
    return found.group(1).splitlines()


# --- 1. an allergy's losses --------------------------------------------------------------------

# Allergie grave, the seed's own example: 6 minutes → NORMALE (9) + 6 = 15; result 10
# fails by 15 − 10 = 5 points; 1 torso HP and 1 conscience per point → −5 torso HP, −5
# conscience (no cap for the severe form: an open case of the seed).
SEVERE = ("trait", "p", "allergy-severe:cats", "--minutes", "6", "--result", "10")


def severe(run) -> str:
    run("session", "1")
    run("character", "create", "p", "--flaw", "allergy-severe:cats")
    return run(*SEVERE)


def test_the_recap_tells_a_severe_allergys_losses(run):
    severe(run)
    character = json.loads(run("status", "--json"))["characters"][0]
    assert (character["hp_lost"], character["conscience_lost"]) == ({"torso": 5}, 5)
    assert flaw_lines(run(*RECAP)) == [
        "- p's allergy-severe (cats): 10 against 15 — failure; −5 torso HP, −5 conscience, "
        "a fatal wound from this is an anaphylactic shock"
    ]


def test_the_live_line_tells_a_severe_allergys_losses(run):
    said = severe(run)
    assert "10 vs 15" in said and "−5 torso HP" in said and "−5 conscience" in said, said


# Allergie modérée: 2 minutes → FACILE (5) + 2 = 7; result 3 fails by 7 − 3 = 4 → the
# rules: −4 conscience (cap 8), no HP. The GM rules −2 torso HP and −1 conscience: the state
# follows the ruling (docs/rules.md#d-0), so the words are the ruled ones, not the rules' −4.
MODERATE = ("trait", "r", "allergy-moderate:dust", "--minutes", "2", "--result", "3")
RULED = ("--hp-lost", "2", "--conscience-lost", "1")


def moderate(run) -> str:
    run("session", "1")
    run("character", "create", "r", "--flaw", "allergy-moderate:dust")
    return run(*MODERATE, *RULED)


def test_the_recap_tells_the_losses_the_gm_ruled(run):
    moderate(run)
    character = json.loads(run("status", "--json"))["characters"][0]
    assert (character["hp_lost"], character["conscience_lost"]) == ({"torso": 2}, 1)
    (line,) = flaw_lines(run(*RECAP))
    assert line.startswith(
        "- r's allergy-moderate (dust): 3 against 7 — failure; −2 torso HP, −1 conscience, "
    ), line
    assert "−4" not in line  # the rules' loss was not applied


def test_the_live_line_tells_the_losses_the_gm_ruled(run):
    said = moderate(run)
    assert "−2 torso HP" in said and "−1 conscience" in said, said
    assert "−4" not in said


# --- 2. "halved by Lève-tôt" -------------------------------------------------------------------

# Sommeil de plomb, short night: −2 on all actions; Lève-tôt halves it toward zero (an open
# case of the seed): −2 / 2 = −1. A GM's --penalty -2 is not halved: the recap must not say it was.


def sleeper(run, *ruled: str) -> str:
    run("session", "1")
    run("character", "create", "q", "--flaw", "heavy-sleeper", "--advantage", "early-riser")
    return run("trait", "q", "heavy-sleeper", "--trigger", "short-night", *ruled)


def test_a_penalty_the_gm_did_not_halve_is_not_said_halved(run):
    said = sleeper(run, "--penalty", "-2")
    line, flag = said.strip().splitlines()
    assert line == "q: heavy-sleeper — no roll; -2 all-rolls"  # the live line
    assert (
        flag
        == "⚑ TRT005 heavy-sleeper (short-night): consequences ruled: penalty -2 (the rule: -1)"
    )
    recap = run(*RECAP)
    assert flaw_lines(recap) == ["- q's heavy-sleeper; -2 all-rolls, short of sleep"]
    assert "halved" not in recap


@pytest.mark.parametrize("ruled", [(), ("--penalty", "-1")], ids=["the rules", "ruled as they"])
def test_the_halved_penalty_is_said_halved(run, ruled):
    # −1 applied, by the rules or by a GM who ruled the same: it is the halved one
    said = sleeper(run, *ruled)
    assert said.strip() == "q: heavy-sleeper — no roll; -1 all-rolls"
    assert flaw_lines(run(*RECAP)) == [
        "- q's heavy-sleeper; -1 all-rolls, short of sleep, halved by Lève-tôt (early-riser)"
    ]


# The same for the rules' other note on their own penalty: Dépendance toxique after 3
# hours has no full 12-hour period (3 / 12 → 0): "no penalty yet" — untrue beside the GM's −1.
def test_no_penalty_yet_is_not_said_beside_the_gms_penalty(run):
    run("session", "1")
    run("character", "create", "d", "--flaw", "dependency-toxic:tea")
    said = run("trait", "d", "dependency-toxic:tea", "--hours", "3", "--penalty", "-1")
    line, flag = said.strip().splitlines()
    assert line == "d: dependency-toxic:tea — no roll; -1 all-rolls"
    assert flag.startswith("⚑ TRT005 dependency-toxic (deprived): consequences ruled: penalty -1")
    assert flaw_lines(run(*RECAP)) == ["- d's dependency-toxic (tea); -1 all-rolls"]
