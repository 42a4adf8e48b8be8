"""``campaign rules traits|budget|trait`` (docs/cli.md#the-rules-calculator;
docs/log-language.md#traits; docs/rules.md#d6harmonie-flaws-and-advantages)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from cli.main import app

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, ["rules", *args])


def run_json(*args: str) -> dict:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def bad(*args: str):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return result.stderr


# --- rules traits -----------------------------------------------------------------------------


def test_traits_json():
    data = run_json("traits")
    traits = data["traits"]
    assert len(traits) == 73
    assert traits[0] == {
        "key": "allergy-severe",
        "name_fr": "Allergie grave",
        "kind": "flaw",
        "points": 8,
        "triggers": ["presence"],
        "needs_detail": "allergen",
        "adults_only": False,
    }
    by_key = {t["key"]: t for t in traits}
    assert by_key["vertigo"]["triggers"] == ["situation", "enter"]
    assert by_key["nerves-of-steel"]["name_fr"] == "Nerfs d’acier"
    assert by_key["nerves-of-steel"]["points"] == 10
    assert by_key["nerves-of-steel"]["triggers"] == []
    assert traits[-1]["key"] == "willpower-increased"


@pytest.mark.parametrize(("kind", "count"), [("flaw", 37), ("advantage", 36)])
def test_traits_by_kind(kind, count):
    traits = run_json("traits", "--kind", kind)["traits"]
    assert len(traits) == count
    assert {t["kind"] for t in traits} == {kind}


def test_traits_unknown_kind():
    assert "--kind" in bad("traits", "--kind", "virtue")


def test_traits_table():
    result = run("traits")
    assert result.exit_code == 0
    assert "phobia-mild" in result.stdout and "Phobie légère" in result.stdout


# --- rules budget -----------------------------------------------------------------------------


def test_budget_seed_example():
    data = run_json(
        "budget",
        "--flaw",
        "memoire-deficiente",
        "--flaw",
        "allergie-grave:cacahuetes",
        "--advantage",
        "beaute-accrue",
    )
    assert data["flaw_points"] == 20
    assert data["advantage_points"] == 20
    assert data["within_budget"] is True
    assert data["flaws"] == ["poor-memory", "allergy-severe"]
    assert data["advantages"] == ["beauty-increased"]


def test_budget_over():
    data = run_json("budget", "--advantage", "beauty-increased", "--advantage", "leve-tot")
    assert data["advantage_points"] == 21
    assert data["flaw_points"] == 0
    assert data["within_budget"] is False


def test_budget_empty():
    data = run_json("budget")
    assert (data["flaw_points"], data["advantage_points"], data["within_budget"]) == (0, 0, True)


def test_budget_kind_mismatch():
    assert "--advantage" in bad("budget", "--advantage", "phobia-mild")
    assert "--flaw" in bad("budget", "--flaw", "nerves-of-steel")


def test_budget_unknown_key():
    assert "--flaw" in bad("budget", "--flaw", "dragon-blood")


def test_budget_rich():
    result = run("budget", "--flaw", "poor-memory", "--flaw", "amputation")
    assert result.exit_code == 0
    assert "32" in result.stdout and "TRT002" in result.stdout


# --- rules trait ------------------------------------------------------------------------------


def test_trait_seed_allergy():
    data = run_json("trait", "allergie-grave", "--minutes", "6", "--result", "10")
    assert data["key"] == "allergy-severe"
    assert data["trigger"] == "presence"
    assert data["score"] == "resistance-a-la-maladie"
    assert data["rule_difficulty"] == 15
    assert data["difficulty"] == 15
    assert data["difficulty_name"] == "EXTRÊMEMENT DIFFICILE"
    assert data["success"] is False
    assert data["failure_points"] == 5
    assert data["hp_lost"] == {"torso": 5}
    assert data["conscience_lost"] == 5
    assert data["penalties"] == []
    assert data["inputs"] == {"minutes": 6}


def test_trait_ford_phobia_example():
    data = run_json("trait", "phobia-mild", "--result", "6")
    assert (data["score"], data["difficulty"], data["difficulty_name"]) == ("moral", 9, "NORMALE")
    assert (data["success"], data["failure_points"]) == (False, 3)
    assert data["hp_lost"] == {} and data["conscience_lost"] == 0
    assert [
        {k: p[k] for k in ("value", "unit", "applies_to", "duration")} for p in data["penalties"]
    ] == [{"value": -1, "unit": "flat", "applies_to": "all-rolls", "duration": None}]


def test_trait_without_result():
    data = run_json("trait", "phobie-legere")
    assert data["success"] is None and data["failure_points"] is None
    assert data["difficulty"] == 9 and data["penalties"] == []


def test_trait_critical():
    data = run_json("trait", "phobia-disabling", "--result", "7", "--critical")
    assert data["success"] is False and data["failure_points"] == 2
    assert [p["value"] for p in data["penalties"]] == [-5]
    assert "catatonic collapse" in data["effects"]


def test_trait_duration_rounds():
    data = run_json("trait", "heavy-sleeper", "--trigger", "brutal-awakening", "--result", "2")
    assert data["trigger"] == "brutal-awakening"
    assert [(p["value"], p["duration"]) for p in data["penalties"]] == [(-3, "1D6 rounds")]


def test_trait_without_roll():
    data = run_json("trait", "merciful")
    assert data["trigger"] == "kill" and data["score"] is None and data["success"] is None
    assert data["difficulty"] is None
    assert [(p["value"], p["applies_to"], p["duration"]) for p in data["penalties"]] == [
        (-3, "all-rolls", "1D6 weeks")
    ]


def test_trait_dependency_hours():
    data = run_json("trait", "dependency-toxic", "--hours", "25")
    assert sorted((p["applies_to"], p["value"], p["unit"]) for p in data["penalties"]) == [
        ("relational-rolls", -2, "dice"),
        ("skill-rolls", -2, "dice"),
    ]


def test_trait_miser_sum_and_ruled_difficulty():
    data = run_json("trait", "bad-habit-miser", "--sum", "very-large", "--result", "12")
    assert (data["difficulty"], data["success"], data["failure_points"]) == (13, False, 1)
    ruled = run_json("trait", "phobia-mild", "--result", "8", "--difficulty", "7")
    assert (ruled["rule_difficulty"], ruled["difficulty"], ruled["success"]) == (9, 7, True)


def test_trait_poor_memory():
    data = run_json("trait", "poor-memory", "--years", "9", "--result", "10")
    assert (data["score"], data["difficulty"], data["success"]) == ("reflexion", 10, True)


def test_trait_rich_explanation():
    result = run("trait", "allergie-grave", "--minutes", "6", "--result", "10")
    assert result.exit_code == 0
    assert "failed by 5" in result.stdout
    assert "choc anaphylactique" in result.stdout  # the French source sentence


@pytest.mark.parametrize(
    ("args", "named"),
    [
        # KEY is an argument: the message names its value, as the logging commands do
        (("trait", "dragon-blood"), "unknown trait 'dragon-blood'"),
        (("trait", "nerves-of-steel"), "nerves-of-steel (Nerfs d’acier) is an advantage"),
        (("trait", "vertigo", "--minutes", "3"), "--minutes"),
        (("trait", "vertigo", "--trigger", "jump"), "--trigger"),
        (("trait", "phobia-mild", "--result", "-1"), "--result"),
        (("trait", "phobia-mild", "--result", "six"), "--result"),
        (("trait", "allergy-severe", "--minutes", "nan"), "--minutes"),
        (("trait", "bad-habit-miser", "--sum", "huge"), "--sum"),
        (("trait", "dependency-toxic"), "--hours"),
        (("trait", "merciful", "--result", "4"), "--result"),
        (("trait", "heavy-sleeper", "--advantage", "phobia-mild"), "--advantage"),  # a flaw
    ],
)
def test_trait_bad_input(args, named):
    assert named in bad(*args)


def test_trait_unknown_trigger_lists_the_triggers():
    message = bad("trait", "vertigo", "--trigger", "jump")
    assert "situation" in message and "enter" in message


# --- help -----------------------------------------------------------------------------------------


def test_trait_help_lists_that_flaws_triggers():
    result = run("trait", "vertigo", "--help")
    assert result.exit_code == 0
    assert "situation" in result.stdout and "enter" in result.stdout
    assert "--critical" in result.stdout


def test_trait_help_lists_options_per_trigger():
    result = run("trait", "allergie-grave", "--help")
    assert result.exit_code == 0
    assert "presence" in result.stdout and "--minutes" in result.stdout
    miser = run("trait", "--help", "bad-habit-miser")
    assert "forced-to-pay" in miser.stdout and "normal|large|very-large" in miser.stdout


def test_plain_trait_help_lists_all_flaws_that_trigger():
    result = run("trait", "--help")
    assert result.exit_code == 0
    assert "greed: temptation, missed-chance" in result.stdout
    assert "heavy-sleeper: short-night, brutal-awakening" in result.stdout


@pytest.mark.parametrize("command", ["traits", "budget", "trait"])
def test_help(command):
    result = run(command, "--help")
    assert result.exit_code == 0
    assert "Usage" in result.stdout
