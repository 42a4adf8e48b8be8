"""Given a `note T` logged with `--note`, then the history shows the reason beside it, an
exported log writes it back, and replaying that log records the same (docs/log-language.md#notes:
every logging command takes --note)."""

from __future__ import annotations

from tests.cli.test_value_checks import exported_then_replayed


def _timeline(campaign_json, db):
    return [(e["command"], e["note"]) for e in campaign_json("--db", db, "history")["events"]]


def test_a_note_keeps_its_reason_through_history_export_and_replay(
    campaign, campaign_json, tmp_path
):
    db = str(tmp_path / "live.db")
    for line in (
        ["session", "1"],
        ["note", "the leader wore a red hood", "--note", "from the ranger's report"],
        ["note", "rain all day"],
    ):
        result = campaign("--db", db, *line)
        assert result.exit_code == 0, result.output
    timeline = _timeline(campaign_json, db)
    assert timeline[-2:] == [
        ('note "the leader wore a red hood" --note "from the ranger\'s report"',
         "from the ranger's report"),
        ('note "rain all day"', "rain all day"),  # no reason: the note's own words
    ]  # fmt: skip

    again = exported_then_replayed(campaign, db, tmp_path)
    assert _timeline(campaign_json, again) == [*timeline, ("session end", None)]  # the file's end


def test_the_audit_lists_a_note_once_whatever_its_reason(campaign, campaign_json, tmp_path):
    db = str(tmp_path / "campaign.db")
    assert campaign("--db", db, "session", "1").exit_code == 0
    assert campaign("--db", db, "note", "red hood", "--note", "ranger").exit_code == 0
    found = campaign_json("--db", db, "audit")["findings"]
    assert [(f["code"], f["note"]) for f in found] == [("GEN002", "red hood")]
