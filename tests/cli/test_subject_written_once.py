"""Given a table whose commands touch an encounter's groups and a character's items, when the
history, the audit and the export name what each event is about, then they name it alike — the
``subject`` of docs/json.md (``cave/kobolds``, ``ann/Tower shield``) is one rule,
``aggregates.subjects``, so
``history --subject`` finds the events the audit's findings and the export's lines name."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from campaign import audit
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from cli.main import app
from projections.fold import Fold

# Every event kind with a group or an item, each command with a note (GEN002 names its subject).
LOG = """\
session 1
company hire lances --troop trained --size 12
company hire wolves --troop militia --size 10
character create ann
character saves ann --fortitude 4 --reflex 1 --will 2
character item ann "Tower shield" --slot shield --hardness 5 --hp 20 --note "from the smith"
character item ann "Old boots" --slot clothing --note "worn"
character item-drop ann "Old boots" --note "left behind"
save ann --vs "Fireball" --type reflex --spell-level 3 --ability-mod 4 --effect half --damage 24 \
--energy --objects --roll 1 --note "a natural 1"
item-save ann --note "the shield takes it"
item-save ann "Tower shield" --roll 4 --dc 15 --type reflex --damage 30 --energy \
--ruling broken --note "it breaks"
character item-repair ann "Tower shield" --hp 15 --note "mended"
encounter start cave
encounter group cave kobolds --count 8 --morale 6 --note "in their lair"
encounter rating cave kobolds 8 --reason "lair" --note "they know the tunnels"
encounter join cave lances --note "hired swords"
encounter join cave wolves --note "more hired swords"
casualty cave kobolds 1 --note "the first falls"
casualty cave kobolds 1 --note "no test yet"
morale cave kobolds --roll 9 --note "they hold"
adjust cave kobolds +1 --reason "the chieftain shouts" --note "loud"
casualty cave lances 4 --incapacitated --note "a volley"
company recover lances 1 --note "back on their feet"
company dismiss wolves --note "unpaid"
encounter end cave --note "the cave is quiet"
"""

KINDS = {  # the event kinds with a group or an item (aggregates.encounter_events, character_events)
    "group-added", "group-rerated", "company-joined", "casualty-recorded", "morale-check-due",
    "morale-check-lapsed", "morale-tested", "adjustment-made", "members-recovered", "company-left",
    "item-acquired", "item-dropped", "item-repaired", "item-exposed", "item-damaged", "item-broken",
}  # fmt: skip


def ok(*args: str) -> str:
    result = CliRunner().invoke(app, list(args), env={"CAMPAIGN_SEED": "11"})
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    here = tmp_path_factory.mktemp("subjects")
    (here / "table.log").write_text(LOG, "utf-8")
    url = str(here / "campaign.db")
    ok("--db", url, "replay", str(here / "table.log"))
    return url


@pytest.fixture(scope="module")
def history(db):
    """position → the history's row (its ``subject`` is what ``history --subject`` matches)."""
    return {e["position"]: e for e in json.loads(ok("--db", db, "history", "--json"))["events"]}


def parted(row: dict) -> bool:
    return "/" in row["subject"]


def test_the_log_has_every_kind_with_a_group_or_an_item(history):
    assert {row["kind"] for row in history.values() if parted(row)} == KINDS


def test_the_audit_names_each_event_as_the_history_does(db, history):
    with Ledger(parse_store_url(db)) as ledger:
        events = list(ledger.history.events())
    fold, judged = Fold(None, None), set()
    for event in events:
        aggregate = fold.advance(event)
        row = history[event.position]
        if not parted(row):
            continue
        findings = audit.judge(event, aggregate).findings
        assert {f["subject"] for f in findings} <= {row["subject"]}, (row["kind"], findings)
        judged |= {row["kind"]} if findings else set()
    # each kind's subject was compared, not only listed — but those of a company's commands,
    # whose note rides on the company's event: the audit makes no finding of its own of them
    assert judged == KINDS - {"members-recovered", "company-left"}


def test_the_stored_findings_name_their_events_as_the_history_does(db, history):
    findings = json.loads(ok("--db", db, "audit", "--json"))["findings"]
    about = [f for f in findings if parted(history[f["position"]])]
    assert about
    for found in about:
        assert found["subject"] == history[found["position"]]["subject"], found


def test_the_export_names_each_event_as_the_history_does(db, history):
    exported = ok("--db", db, "export", "--format", "jsonl").splitlines()
    assert {(line := json.loads(text))["position"]: line["subject"] for text in exported} == {
        position: row["subject"] for position, row in history.items()
    }
