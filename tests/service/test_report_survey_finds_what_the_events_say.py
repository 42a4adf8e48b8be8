"""``campaign report``'s first pass reads the read models, not the events: what it finds — each
session's opening (a kept one over a retracted one), the commands withdrawn and their
retractions, each session's last position, the encounters each session's events name — is what
the recap's pass over every event finds, and each session the report tells is the recap's
section of it, for histories full of retractions (docs/cli.md#report,
docs/ARCHITECTURE.md#the-reports-session-replay)."""

from __future__ import annotations

import json

import pytest

from campaign.history.recap import survey_of_events, survey_of_read_models
from campaign.history.report import report_sessions
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from tests.cli.test_recap_agrees_with_the_reading_commands import HISTORIES, MILL, typed
from tests.paths import ROOT


def _withdrawn_later(run) -> None:
    """A casualty retracted a session later, an encounter only the retraction touched, a note
    retracted in its own session."""
    typed(run, *MILL, "encounter start bridge", "note oops")
    typed(run, "retract last", "note kept")
    events = json.loads(run("history", "--json"))["events"]
    casualty = next(e["position"] for e in events if e["kind"] == "casualty-recorded")
    typed(run, f"retract event:{casualty}", "session 3 --title Later", "note late")


def _example(run) -> None:
    run("replay", *map(str, sorted((ROOT / "examples" / "campaign").glob("*.log"))))


CASES = {**HISTORIES, "withdrawn-later": _withdrawn_later, "example": _example}


@pytest.fixture
def run(campaign, tmp_path):
    db = str(tmp_path / "campaign.db")

    def go(*args: str) -> str:
        result = campaign("--db", db, *args)
        assert result.exit_code == 0, (args, result.output)
        return result.stdout

    go.db = db
    return go


def _found(survey) -> dict:
    return {
        "opened": {n: e.position for n, e in survey.opened.items()},
        "withdrawn": {p: e.position for p, e in survey.withdrawn.items()},
        "retractions": survey.retractions,
        "last": survey.last,
        "encounters": survey.encounters,
    }


@pytest.mark.parametrize("case", CASES)
def test_the_reports_survey_finds_what_every_event_says(run, case):
    CASES[case](run)
    with Ledger(parse_store_url(run.db)) as ledger:
        of_events = _found(survey_of_events(ledger.history))
        of_read_models = _found(survey_of_read_models(ledger.history))
        told = [(s.number, s.lines) for s in report_sessions(ledger.history)]
    assert of_read_models == of_events
    assert of_events["last"] and told
    for number, lines in told:
        recap = run("export", "--format", "markdown", "--session", str(number))
        heading, *recap = recap.splitlines()
        assert heading.startswith(f"## Session {number}")
        assert [line for line in lines if line] == [line for line in recap if line]
