"""Given a generated campaign (every logging command of docs/log-language.md, retractions
included), when it
is replayed as a log — one unit of work — and, into another store, typed line by line into
`campaign shell` — live commands, one at a time, the same tracker dice — then both stores hold
the same history, position by position, the same status and the same audit (one grammar, live
and in a log: docs/log-language.md) — whether the log went into SQLite or PostgreSQL (positions
are the same on both: docs/json.md).

So a log and the table do not part where they might: a log's `retract` counts no `note` as a
change of the campaign (else a live history that withdrew a note would not replay from its
export), a session's end ends the characters' conditions in the same order in both, and a
company command reaches the encounters it fights in in the same order, however a log joined
them.
"""

from __future__ import annotations

import json
import shlex

import pytest
from typer.testing import CliRunner

from benchmarks.generate import Campaign
from campaign.sessionlog.reading import read_log
from cli.main import app


@pytest.mark.parametrize("seed", [5, 6, 12])  # 6 and 12 retract (2 and 3 times); all end conditions
@pytest.mark.slow
def test_a_log_replayed_and_typed_live_record_the_same(
    campaign, store_url, tmp_path, monkeypatch, seed
):
    lines = _replayed_and_typed(
        campaign, store_url, tmp_path, monkeypatch, Campaign(seed).log(4, 150)
    )
    assert len(lines) > 400


# A company joined to two open encounters in the order opposite to their handles': a log knows
# the order it joined them in, a live command the read models' order; both reach them alike.
TWO_FIGHTS = """\
#! campaign-log 1
session 1
company hire co --troop trained --size 10
encounter start amber
encounter start zed
encounter join zed co
encounter join amber co
company modifier co -1 --reason unpaid
casualty zed co 2 --incapacitated
casualty amber co 1 --incapacitated
company recover co 2
company dismiss co
session end
"""


def test_a_company_in_two_fights_is_rerated_in_the_same_order_in_a_log_and_live(
    campaign, store_url, tmp_path, monkeypatch
):
    _replayed_and_typed(campaign, store_url, tmp_path, monkeypatch, TWO_FIGHTS)


def _replayed_and_typed(campaign, store_url, tmp_path, monkeypatch, text) -> list[tuple[str, ...]]:
    """Replay ``text`` into ``store_url``, type its lines into the shell on a SQLite file, and
    check both stores read the same; returns the lines."""
    monkeypatch.setenv("CAMPAIGN_SEED", "1")  # the tracker's dice: one generator per store
    monkeypatch.setenv("CAMPAIGN_SHELL_HISTORY", str(tmp_path / "shell-history"))
    log = tmp_path / "campaign.log"
    log.write_text(text, encoding="utf-8")
    replayed, typed = store_url, str(tmp_path / "typed.db")  # replayed: SQLite or PostgreSQL

    result = campaign("--db", replayed, "replay", str(log))
    assert result.exit_code == 0, result.output
    lines = [line.tokens for block in read_log(text).blocks for line in block.lines]
    said = "\n".join(shlex.join(tokens) for tokens in lines) + "\nexit\n"
    result = CliRunner().invoke(app, ["--db", typed, "shell"], input=said)
    assert result.exit_code == 0, result.output
    assert "error" not in result.output.lower(), result.output

    for read in ("history", "status", "audit"):
        one = campaign("--db", replayed, read, "--json")
        two = campaign("--db", typed, read, "--json")
        assert one.exit_code == two.exit_code == 0, read
        if read == "history":  # the first difference, not two thousand lines of diff
            events = json.loads(one.stdout)["events"], json.loads(two.stdout)["events"]
            assert len(events[0]) == len(events[1])
            pairs = zip(*events, strict=True)
            assert next(((a, b) for a, b in pairs if a != b), None) is None
        assert one.stdout == two.stdout, read
    return lines
