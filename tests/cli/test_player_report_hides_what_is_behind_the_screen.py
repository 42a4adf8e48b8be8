"""Given the campaign of tests/cli/test_player_recap_hides_what_is_behind_the_screen.py, in which
every field behind the GM's screen holds a unique marker, when `report --players` writes the
page, then no marker is anywhere in its bytes — the recap's words, the charts, the data they
carry — and neither is the audit nor the chart of the rulings, while every fact the players may
know is there; the GM's page tells the markers (docs/cli.md#report)."""

from __future__ import annotations

import re
from html import unescape

from tests.cli.test_player_recap_hides_what_is_behind_the_screen import VISIBLE, recorded

__all__ = ["recorded"]  # the fixture, shared with the players' recap


def _page(recorded, tmp_path, *args: str) -> tuple[bytes, str]:
    out = tmp_path / "report.html"
    recorded("report", "-o", str(out), *args)
    data = out.read_bytes()
    return data, unescape(re.sub(r"<[^>]+>", "", data.decode("utf-8")))


def test_the_players_report_holds_no_marker_and_every_visible_fact(recorded, tmp_path):
    gm, gm_text = _page(recorded, tmp_path)
    players, text = _page(recorded, tmp_path, "--players")
    assert b"MARKER" not in players
    assert b'id="audit"' not in players and b'id="chart-rulings"' not in players
    assert b"&quot;rulings&quot;" not in players  # the audit's figures, in the charts' data
    assert "rules said" not in text and "GM's ruling" not in text
    for fact in VISIBLE:
        fact = fact.lstrip("#- ").replace("## ", "")
        assert fact in text, fact
    for told in ("MARKER-PHOBIA", "MARKER-SECRET-NOTE", "MARKER-NOTE-WITHDRAWN",
                 "MARKER-DARA-ENEMY", "MARKER-NOTE-RULING", "the rules said flee"):  # fmt: skip
        assert told in gm_text, told
    assert b'id="audit"' in gm and b'id="chart-rulings"' in gm


def test_every_byte_of_the_players_report_of_one_session(recorded, tmp_path):
    for session in ("1", "2"):
        players, _ = _page(recorded, tmp_path, "--players", "--session", session)
        assert b"MARKER" not in players
