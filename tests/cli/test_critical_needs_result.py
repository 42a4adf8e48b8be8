"""Given a flaw that rolls, when the GM enters `--critical` without `--result`, then it is
refused as any roll without its result is (docs/log-language.md#traits: `--result` is required
for a flaw that rolls; docs/rules.md#d-9: the tracker takes the obtained result *and* whether it
was a critical failure; the points of failure are difficulty − obtained), and nothing is
written.

Were it recorded, a severe allergy's critical failure would lose no hit point and no
conscience (seed 002, Allergie grave: « Chaque point d'échec entraîne la perte d'un point de vie
au torse et un point de conscience »), the line would read "None vs 15", and the calculator would
say "failed by None"."""

import json

import pytest

REFUSED = "enter the result (D6Harmonie rolls are never rolled by the tracker)"


@pytest.fixture
def hu(campaign, tmp_path):
    db = str(tmp_path / "c.db")

    def run(*words: str, code: int = 0):
        result = campaign("--db", db, *words)
        assert result.exit_code == code, (words, result.output)
        return result

    run("session", "1")
    run("character", "create", "hu", "--flaw", "allergy-severe:cats", "--flaw", "phobia-mild")
    run.db = db
    return run


def events(run) -> int:
    return json.loads(run("status", "--json").stdout)["position"]


@pytest.mark.parametrize(
    "line", [["allergy-severe", "--minutes", "6", "--critical"], ["phobia-mild", "--critical"]]
)
def test_a_critical_failure_without_its_result_is_refused_and_nothing_is_written(hu, line):
    before = events(hu)
    said = hu("trait", "hu", *line, code=2).stderr
    assert "--result" in said and REFUSED in said
    assert events(hu) == before


def test_with_its_result_a_critical_failure_costs_its_points_of_failure(hu):
    # NORMALE (9) + 1 a minute of exposure: 15; obtained 10 → 5 points of failure, a torso HP
    # and a conscience point each; critical: a failure whatever the result (D-9)
    said = hu("trait", "hu", "allergy-severe", "--minutes", "6", "--critical", "--result", "10")
    assert "10 vs 15" in said.stdout and "None" not in said.stdout
    (character,) = json.loads(hu("status", "--json").stdout)["characters"]
    assert (character["hp_lost"], character["conscience_lost"]) == ({"torso": 5}, 5)


def test_a_log_line_with_a_critical_failure_and_no_result_is_the_error_at_its_line(hu, tmp_path):
    log = tmp_path / "s2.log"
    log.write_text("session 2\nnote before\ntrait hu phobia-mild --critical\n")
    before = events(hu)
    said = hu("replay", str(log), code=2).stderr
    assert "s2.log:3: trait hu phobia-mild --critical" in said and REFUSED in said
    assert events(hu) == before  # the whole file: nothing


def test_the_calculator_says_what_a_critical_failure_does_without_a_none(campaign):
    said = campaign("rules", "trait", "phobia-mild", "--critical")
    assert said.exit_code == 0, said.output
    assert "None" not in said.stdout
    assert "Critical failure; give --result for the points of failure." in said.stdout
