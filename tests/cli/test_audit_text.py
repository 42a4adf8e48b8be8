"""Given findings, when ``campaign audit`` prints them as text, then each names the rule it
stands on, as ``--json`` does (docs/audit.md#the-codes: the rule cited is its seed file and its
name there): the rule's name and its seed's number under the message, in the table and in the
narrow terminal's blocks."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from cli.main import app
from tests.cli.test_recap_rulings import TWO_SUCCESSES

LOG = f"""\
session 1
character create brynn --name Brynn
character saves brynn --fortitude 4 --reflex 1 --will 2
encounter start ford
{TWO_SUCCESSES}
save brynn --vs Cold --type fortitude --dc 15 --effect half --damage 10 --roll 18 --damage-taken 10
note "a note"
retract last
"""
# by hand: two passes (4 ≤ 7, 5 ≤ 7), then a roll where no test applies: MOR003, seed 000's
# "Double succès"; 18 + 4 ≥ 15 halves 10 to 5, 10 taken: SAV005, seed 001's "1/2 dégâts"; the
# note withdrawn: GEN001, the tracker's own rule (no seed)
RULES = {
    "MOR003": "Double succès (seed 000)",
    "SAV005": "1/2 dégâts (seed 001)",
    "GEN001": "retract (docs/log-language.md#retract)",
}


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "session.log"
    path.write_text(LOG, "utf-8")
    db = str(tmp_path / "campaign.db")
    result = CliRunner().invoke(app, ["--db", db, "replay", str(path)])
    assert result.exit_code == 0, result.output
    return db


def audit(db, *words, columns):
    result = CliRunner().invoke(app, ["--db", db, "audit", *words], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_rules_named_are_the_json_ones(db):
    findings = json.loads(audit(db, "--json", columns=120))["findings"]
    assert {f["code"]: f["rule"]["name"] for f in findings if f["code"] in RULES} == {
        "MOR003": "Double succès",
        "SAV005": "1/2 dégâts",
        "GEN001": "retract (docs/log-language.md#retract)",
    }
    assert {f["code"]: f["rule"]["seed"][:4] for f in findings if f["rule"]["seed"]} == {
        "MOR003": "000_",
        "SAV005": "001_",
    }


def test_the_table_names_each_findings_rule(db):
    shown = audit(db, columns=160)
    for rule in RULES.values():
        assert rule in shown, shown


def test_a_narrow_terminal_names_each_findings_rule(db):
    shown = audit(db, columns=60)
    for rule in RULES.values():
        assert f"  rule: {rule}\n" in shown, shown


def test_a_flaw_roll_whose_consequences_were_ruled_says_so_beside_its_outcome(tmp_path):
    # docs/rules.md#flaws (Phobie légère): a failure gives -1 to all rolls; --penalty -2 is a ruling
    # of the consequence, the outcome (failure) stands: TRT005, not a bare `failure → failure`.
    path = tmp_path / "kai.log"
    path.write_text(
        "session 1\ncharacter create kai --flaw phobia-mild:rats\ncharacter finalize kai\n"
        "trait kai phobia-mild --result 2 --penalty -2 --duration 1h\n",
        "utf-8",
    )
    db = str(tmp_path / "campaign.db")
    assert CliRunner().invoke(app, ["--db", db, "replay", str(path)]).exit_code == 0
    (found,) = json.loads(audit(db, "--json", columns=120))["findings"]
    assert (found["code"], found["rules_say"], found["ruled"]) == ("TRT005", "failure", "failure")
    for columns in (160, 60):
        shown = " ".join(audit(db, columns=columns).split())
        assert "failure (consequences ruled)" in shown, shown
        assert "failure → failure" not in shown
