"""Given the bundled campaign and the audit example, when their history is exported as a log
and replayed into a new store, then the status, the history and the audit are the same, byte
for byte (docs/cli.md#export-and-import: `export --format log` round-trips through `replay`)."""

import pytest

from tests.paths import ROOT

CAMPAIGNS = {
    "example": sorted((ROOT / "examples" / "campaign").glob("*.log")),
    "audit": [ROOT / "examples" / "audit" / "audit.log"],
}


@pytest.mark.parametrize("name", list(CAMPAIGNS))
def test_an_exported_log_replays_to_the_same_status_history_and_audit(campaign, tmp_path, name):
    first = str(tmp_path / "first.db")
    replayed = campaign("--db", first, "replay", *map(str, CAMPAIGNS[name]))
    assert replayed.exit_code == 0, replayed.output
    _export_replay_and_compare(campaign, first, tmp_path)


def _export_replay_and_compare(campaign, first, tmp_path):
    """Export ``first`` as a log, replay it into a new store, and read both the same."""
    second = str(tmp_path / "second.db")
    exported = campaign("--db", first, "export", "--format", "log")
    assert exported.exit_code == 0, exported.output
    log = tmp_path / "exported.log"
    log.write_text(exported.stdout, encoding="utf-8")
    again = campaign("--db", second, "replay", str(log))
    assert again.exit_code == 0, again.output
    for read in ("status", "history", "audit"):
        one = campaign("--db", first, read, "--json")
        two = campaign("--db", second, read, "--json")
        assert one.exit_code == two.exit_code == 0
        assert one.stdout == two.stdout, read


def test_a_live_history_that_withdrew_a_note_replays_from_its_export(campaign, tmp_path):
    """A note changes nothing a retraction must put back: live, `retract event:N` of a note is
    allowed after later commands on the campaign, and records no compensation; the exported
    log must replay the same way (a log's own retraction counts the note as no change of the
    campaign either)."""
    first = str(tmp_path / "first.db")
    for line in (
        ["session", "1"],
        ["note", "the bridge is out"],
        ["clock", "advance", "10min"],
        ["retract", "event:3"],  # the note (1–2: the campaign and session 1)
        ["note", "rain"],
        ["retract", "last"],
        ["session", "end"],
    ):
        result = campaign("--db", first, *line)
        assert result.exit_code == 0, (line, result.output)
    _export_replay_and_compare(campaign, first, tmp_path)
