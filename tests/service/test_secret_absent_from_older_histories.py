"""Given histories stored before notes and traits could be marked ``--secret`` (the v2 and v4
fixtures), when today's code opens them, then their notes and traits read as not secret, and
their exports say nothing of the flag: the data as stored, the log as before
(docs/ARCHITECTURE.md#schema-evolution)."""

from __future__ import annotations

import json

import pytest

from aggregates.campaign import Campaign
from aggregates.character import Character
from tests.paths import FIXTURES
from tests.service.test_upcasting import open_ledger, rows, stored

MARKED = (Campaign.NoteRecorded, Character.TraitTaken)


@pytest.mark.parametrize("fixture", ["history-v2.jsonl", "history-v4.jsonl"])
def test_older_notes_and_traits_are_not_secret(store_url, campaign, fixture):
    old = rows(FIXTURES / fixture)
    assert not any("secret" in json.loads(row["state"]) for row in old)  # really older
    with open_ledger(store_url) as opened:
        opened.opened.app.recorder.insert_events([stored(row) for row in old])
        marked = [e for e in opened.history.events() if isinstance(e, MARKED)]
    assert marked and all(e.secret is False for e in marked)
    exported = campaign("--db", store_url, "export", "--format", "jsonl")
    assert exported.exit_code == 0, exported.output
    assert not any("secret" in json.loads(line)["data"] for line in exported.stdout.splitlines())
    log = campaign("--db", store_url, "export", "--format", "log")
    assert log.exit_code == 0, log.output
    assert "--secret" not in log.stdout
