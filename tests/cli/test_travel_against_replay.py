"""Given a generated campaign replayed whole, when a GM travels back to the end of session N
(`--as-of session:N`), then status, modifiers and history say exactly what a store that only
ever heard sessions 1…N says now — past a checkpoint too (one every 2,500 positions:
projections/checkpoints.py). docs/cli.md#time-travel: the state as of any event."""

from __future__ import annotations

import sqlite3

import pytest

from benchmarks.generate import Campaign


@pytest.fixture(scope="module")
def log_text():
    return Campaign(4).log(12, 250)  # about 3,100 events: a checkpoint at 2,500


@pytest.mark.parametrize("session", [4, 11])
@pytest.mark.slow
def test_travel_to_a_sessions_end_reads_as_a_store_that_stopped_there(
    campaign, tmp_path, monkeypatch, log_text, session
):
    monkeypatch.setenv("CAMPAIGN_SEED", "1")
    whole, part = str(tmp_path / "whole.db"), str(tmp_path / "part.db")
    (tmp_path / "whole.log").write_text(log_text, encoding="utf-8")
    cut = log_text.index(f"\nsession {session + 1} ")
    (tmp_path / "part.log").write_text(log_text[: cut + 1], encoding="utf-8")
    for db, name in ((whole, "whole.log"), (part, "part.log")):
        result = campaign("--db", db, "replay", str(tmp_path / name))
        assert result.exit_code == 0, result.output
    for read in ("status", "modifiers", "history"):
        travelled = campaign("--db", whole, read, "--as-of", f"session:{session}", "--json")
        stopped = campaign("--db", part, read, "--json")
        assert travelled.exit_code == stopped.exit_code == 0, read
        assert travelled.stdout == stopped.stdout, read
    with sqlite3.connect(whole) as db:
        (checkpoints,) = db.execute("SELECT count(*) FROM view_checkpoints").fetchone()
    assert checkpoints == (1 if session == 11 else 0)  # the late travel went past one
