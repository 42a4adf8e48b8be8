"""Given the bundled campaign and the audit example, when their history is exported as a log
and replayed into a new store, then the status, the history and the audit are the same, byte
for byte (SPEC §5: `export --format log` round-trips through `replay`)."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CAMPAIGNS = {
    "example": sorted((ROOT / "examples" / "campaign").glob("*.log")),
    "audit": [ROOT / "examples" / "audit" / "audit.log"],
}


@pytest.mark.parametrize("name", list(CAMPAIGNS))
def test_an_exported_log_replays_to_the_same_status_history_and_audit(campaign, tmp_path, name):
    first, second = str(tmp_path / "first.db"), str(tmp_path / "second.db")
    replayed = campaign("--db", first, "replay", *map(str, CAMPAIGNS[name]))
    assert replayed.exit_code == 0, replayed.output
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
