"""Given a flaw roll whose `--duration` lies outside its rule's dice (TRT005), when a French GM
reads the audit, then the rule's duration is said in French — « 1D6 heures : 1h–6h », « 1D6 tours
: … » — where the English GM reads ``1D6 hours: 1h–6h``; the lengths stay the log's words
(``7h``, ``1round``), and ``audit --json`` is the same in both languages (docs/fr.md). A store
whose read models were built before these words were kept is rebuilt, and speaks French too
(docs/translating.md#stored-text)."""

from __future__ import annotations

import json
import sqlite3

import pytest
from typer.testing import CliRunner

from cli.main import app

HISTORY = [
    ["session", "1"],
    ["character", "create", "gil", "--name", "Gil", "--flaw", "heavy-sleeper", "--flaw", "greed"],
    ["trait", "gil", "greed", "--trigger", "missed-chance", "--result", "5", "--duration", "7h"],
    ["trait", "gil", "heavy-sleeper", "--trigger", "brutal-awakening", "--result", "4",
     "--duration", "7rounds"],
]  # fmt: skip


@pytest.fixture
def audit(tmp_path):
    """``campaign --lang LANG --db <gil's two rulings> audit ARGS…``: its output."""
    db = str(tmp_path / "durations.db")
    env = {"CAMPAIGN_SEED": "9", "COLUMNS": "400"}
    for line in HISTORY:
        result = CliRunner().invoke(app, ["--db", db, *line], env=env)
        assert result.exit_code == 0, result.output

    def run(lang: str, *args: str) -> str:
        result = CliRunner().invoke(app, ["--lang", lang, "--db", db, "audit", *args], env=env)
        assert result.exit_code == 0, result.output
        return result.stdout

    run.db = db  # type: ignore[attr-defined]
    return run


def test_the_rule_s_duration_is_said_in_french(audit):
    english, french = audit("en"), audit("fr")
    assert "durée 7h (la règle : 1D6 heures : 1h–6h)" in french
    assert "durée 7rounds (la règle : 1D6 tours : 1round–6rounds)" in french
    assert "hours" not in french and "1D6 rounds" not in french
    assert "duration 7h (the rule: 1D6 hours: 1h–6h)" in english
    assert "duration 7rounds (the rule: 1D6 rounds: 1round–6rounds)" in english
    findings = json.loads(audit("en", "--json"))["findings"]
    assert [f["message"].split(": ", 1)[1] for f in findings] == [
        "consequences ruled: duration 7h (the rule: 1D6 hours: 1h–6h)",
        "consequences ruled: duration 7rounds (the rule: 1D6 rounds: 1round–6rounds)",
    ]
    assert audit("fr", "--json") == audit("en", "--json")


def test_a_store_built_before_the_duration_was_worded_is_rebuilt(audit):
    """Read models of version 12 kept the rule's duration as a plain English text."""
    audit("en")  # the read models, built
    with sqlite3.connect(audit.db) as connection:
        rows = connection.execute("SELECT rowid, message_words FROM view_findings").fetchall()
        for rowid, words in rows:
            old = json.loads(words, object_hook=_plain_duration)
            connection.execute(
                "UPDATE view_findings SET message_words = ? WHERE rowid = ?",
                (json.dumps(old), rowid),
            )
        connection.execute("UPDATE view_tracking SET version = 12")
    assert "(la règle : 1D6 heures : 1h–6h)" in audit("fr")


def _plain_duration(kept: dict) -> object:
    """A worded duration as version 12 kept it: its English text."""
    if kept.get("words", "").endswith(": {low}–{high}"):
        return kept["words"].format(**kept["values"])
    return kept
