"""Given odd input to the clock or a session's date — a duration of zero, a duration or a time past
the clock's last day, a date that is no ISO date — when it is typed live, replayed from a log or
imported, then it is refused as every other bad input is: exit 2, an ``error:`` naming the option
or argument (the line of a file) and what is expected, and nothing written
(docs/log-language.md#the-clock, docs/log-language.md#sessions).

The clock runs from day 1 00:00 to day 1000000 23:59:59: the longest duration a campaign holds is
that span, in each unit (``999999d``, ``142857w``, ``86399999999s``)."""

from __future__ import annotations

import json
import sqlite3
from uuid import UUID

import pytest

from campaign.core.integrity import GENESIS, event_hash
from campaign.history.transfer import row_state
from campaign.service.application import app_transcoder


def _events(db: str) -> int:
    with sqlite3.connect(db) as connection:
        (count,) = connection.execute("SELECT count(*) FROM stored_events").fetchone()
    connection.close()
    return count


@pytest.fixture
def open_session(in_store):
    in_store("session", "1")
    in_store("character", "create", "gil", "--name", "Gil", "--flaw", "heavy-sleeper")
    return in_store


def _refused(campaign, db: str, *words: str):
    before = _events(db)
    result = campaign("--db", db, *words)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    assert _events(db) == before  # nothing written
    return result.stderr


def test_a_clock_advance_of_zero_is_refused(campaign, open_session):
    for zero in ("0s", "0min", "000h", "0rounds"):
        said = _refused(campaign, open_session.db, "clock", "advance", zero)
        assert "DURATION" in said or "duration" in said, said
        assert "moves the clock by nothing" in said and "at least 1s" in said, said
    assert open_session("clock", "advance", "1s").strip() == "clock: day 1 00:00:01"


@pytest.mark.parametrize(
    ("duration", "bound"),
    [("99999999999d", "999999d"), ("1000000d", "999999d"), ("142858w", "142857w"),
     ("86400000000s", "86399999999s"), ("9" * 5000 + "turns", "143999999turns")],
    ids=["11-digit-days", "a-million-days", "weeks", "seconds", "5000-digit-turns"],
)  # fmt: skip
def test_a_duration_past_the_clocks_span_is_refused_saying_the_bound(
    campaign, open_session, duration, bound
):
    said = _refused(campaign, open_session.db, "clock", "advance", duration)
    assert "longer than any time a store keeps" in said, said
    assert f"at most {bound}" in said and "day 1000000 23:59:59" in said, said
    assert len(said) < 300


def test_the_whole_span_is_accepted_and_nothing_past_it(campaign, open_session):
    assert open_session("clock", "advance", "999999d").strip() == "clock: day 1000000 00:00"
    said = _refused(campaign, open_session.db, "clock", "advance", "1d")
    assert "past the last time a store keeps (day 1000000 23:59)" in said, said
    assert open_session("clock", "advance", "86399s").strip() == "clock: day 1000000 23:59:59"


def test_a_time_past_the_clocks_last_day_is_refused_saying_the_bound(campaign, open_session):
    for moment in ("day 1000001 00:00", "day 99999999999 00:00", "day " + "9" * 5000 + " 00:00"):
        said = _refused(campaign, open_session.db, "clock", "set", moment)
        assert "past the last time a store keeps" in said and "day 1000000 23:59:59" in said
        assert len(said) < 300
    assert open_session("clock", "set", "day 1000000 23:59").strip() == "clock: day 1000000 23:59"


def test_a_flaws_duration_is_bounded_alike(campaign, open_session):
    said = _refused(campaign, open_session.db, "trait", "gil", "heavy-sleeper", "--trigger",
                    "brutal-awakening", "--result", "4", "--duration", "99999999999d")  # fmt: skip
    assert "--duration" in said and "at most 999999d" in said, said


@pytest.mark.parametrize(
    "date", ["not-a-date", "2026-13-01", "2026-02-30", "21/11/2026", "2026-11-21T10:00",
             "20261121", "2026-W47-6", "２０２６-11-21", " 2026-11-21", ""],
)  # fmt: skip
def test_a_session_date_that_is_no_iso_date_is_refused(campaign, in_store, date):
    in_store("session", "1")
    said = _refused(campaign, in_store.db, "session", "5", "--date", date)
    assert said.startswith("error: --date: "), said
    assert "YYYY-MM-DD" in said, said
    assert in_store("session", "5", "--date", "2026-02-28").strip().startswith("session 5")


def test_a_replayed_session_date_that_is_no_iso_date_names_the_line(campaign, in_store, tmp_path):
    in_store("session", "1")
    log = tmp_path / "s2.log"
    log.write_text("session 2 --date 2026-11-21\nnote fine\nsession 3 --date not-a-date\n")
    said = _refused(campaign, in_store.db, "replay", str(log))
    assert f"{log}:3:" in said and "YYYY-MM-DD" in said, said


def _rechained(lines: list[str], date: str) -> list[str]:
    """The export with its session's date made ``date``, and the whole chain recomputed, as anyone
    can on a store without ``CAMPAIGN_KEY`` (campaign/history/chain.py)."""
    rows = [json.loads(line) for line in lines]
    prev = GENESIS
    for row in rows:
        if row["data"].get("date") == "2026-11-21":
            row["data"]["date"] = date
        row["prev_hash"] = prev
        state = row_state(app_transcoder(), row)
        row["hash"] = prev = event_hash(
            row["type"], UUID(row["aggregate_id"]), row["aggregate_version"], state, prev
        )
    return [json.dumps(row, ensure_ascii=False) for row in rows]


def test_an_imported_session_date_that_is_no_iso_date_names_the_line(campaign, tmp_path):
    source = str(tmp_path / "source.db")
    for words in (["session", "1", "--date", "2026-11-21"], ["note", "x"], ["session", "end"]):
        assert campaign("--db", source, *words).exit_code == 0
    exported = campaign("--db", source, "export", "--format", "jsonl").stdout.splitlines()
    path = tmp_path / "dated.jsonl"
    path.write_text("\n".join(_rechained(exported, "2026-11-21")) + "\n")  # the chain as it was
    assert campaign("--db", str(tmp_path / "fine.db"), "import", str(path)).exit_code == 0
    path.write_text("\n".join(_rechained(exported, "next tuesday")) + "\n")
    target = tmp_path / "target.db"
    result = campaign("--db", str(target), "import", str(path))
    assert result.exit_code == 2, result.output
    line = next(n for n, text in enumerate(exported, 1) if '"date": "2026-11-21"' in text)
    assert f"dated.jsonl:{line}:" in result.stderr and "YYYY-MM-DD" in result.stderr, result.stderr
    assert not target.exists()  # nothing written: not even the store
