"""Given a note and a trait marked ``--secret``, when they are recorded, then the flag is kept on
the event (``secret`` in its data), ``export --format log`` writes it back so the log replays to
the same events, and a ``jsonl`` export carries it through ``import``
(docs/log-language.md#secrets). A note or trait not marked says nothing of it."""

from __future__ import annotations

import json

from tests.stores import succeeding

LOG = """\
session 1
character create brynn --name Brynn --flaw phobia-mild:spiders
character trait brynn --flaw phobia-disabling:heights --secret --note "only the GM knows"
character trait brynn --advantage nerfs-d-acier
character trait brynn --flaw enemy-secret:Aldric
note "the baron pays the goblins" --secret
note "the party reached the ford"
"""
SECRET_LINES = [
    'character trait brynn --flaw phobia-disabling:heights --secret --note "only the GM knows"',
    'note "the baron pays the goblins" --secret',
]


AFRESH = ("timestamp", "source", "source_hash")


def _data(jsonl: str) -> list[dict]:
    """Each event's topic and data, less what a replay of another file records afresh: its
    time, and the session's source (the file's name and hash)."""
    rows = [json.loads(line) for line in jsonl.splitlines()]
    kept = [(r["type"], r["data"]) for r in rows]
    return [(t, {k: v for k, v in d.items() if k not in AFRESH}) for t, d in kept]


def test_the_secret_flag_is_kept_and_written_back(campaign, tmp_path):
    first = succeeding(campaign, str(tmp_path / "first.db"))
    (tmp_path / "s.log").write_text(LOG, "utf-8")
    first("replay", str(tmp_path / "s.log"))
    exported = first("export", "--format", "jsonl")
    secret = {
        (row[1].get("text") or row[1].get("key")): row[1].get("secret") for row in _data(exported)
        if row[0].endswith(("NoteRecorded", "TraitTaken"))
    }  # fmt: skip
    assert secret == {
        "phobia-mild": False,
        "phobia-disabling": True,
        "nerves-of-steel": False,
        "enemy-secret": False,  # secret by its rule, not by a flag the GM typed
        "the baron pays the goblins": True,
        "the party reached the ford": False,
    }
    log = first("export", "--format", "log")
    assert [line for line in log.splitlines() if "--secret" in line] == SECRET_LINES
    (tmp_path / "exported.log").write_text(log, "utf-8")
    second = succeeding(campaign, str(tmp_path / "second.db"))
    second("replay", str(tmp_path / "exported.log"))
    assert _data(second("export", "--format", "jsonl")) == _data(exported)


def test_jsonl_carries_the_flag_through_import(campaign, tmp_path):
    first = succeeding(campaign, str(tmp_path / "first.db"))
    (tmp_path / "s.log").write_text(LOG, "utf-8")
    first("replay", str(tmp_path / "s.log"))
    exported = first("export", "--format", "jsonl")
    (tmp_path / "all.jsonl").write_text(exported, "utf-8")
    moved = succeeding(campaign, str(tmp_path / "moved.db"))
    moved("import", str(tmp_path / "all.jsonl"))
    assert moved("export", "--format", "jsonl") == exported
    assert "the baron pays the goblins" not in moved("export", "--format", "markdown", "--players")
    assert "the baron pays the goblins" in moved("export", "--format", "markdown")


def test_live_the_flag_is_taken_by_note_and_character_trait(in_store):
    in_store("session", "1")
    assert in_store("note", "the inn is watched", "--secret") == "noted\n"
    in_store("character", "create", "cedric")
    said = in_store("character", "trait", "cedric", "--flaw", "phobia-mild:rats", "--secret")
    assert said == "cedric: flaw phobia-mild (4 pts)\n"
    commands = json.loads(in_store("history", "--json"))["events"]
    assert [e["command"] for e in commands][-3:] == [
        'note "the inn is watched" --secret',
        "character create cedric",
        "character trait cedric --flaw phobia-mild:rats --secret",
    ]
