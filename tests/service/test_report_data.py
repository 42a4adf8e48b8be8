"""``campaign report`` at the service (``Ledger.history.report``): the sessions the recap tells,
with their clocks; the figures of ``stats`` cut to the sessions asked, never counted again; the
audit's findings for the GM, none of them nor the rulings for the players; a session not
recorded or a range that runs backwards refused — on SQLite and PostgreSQL
(docs/cli.md#report)."""

from dataclasses import asdict

import pytest

from campaign.core.errors import ImpossibleInput, UnknownSession
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from tests.scenario import play
from tests.service.test_stats_per_session import BRIDGE, SESSION_12, SESSION_13


@pytest.fixture
def ledger(store_url):
    with Ledger(parse_store_url(store_url), gm="ann", seed=5) as opened:
        play(opened)
        for command in BRIDGE:
            opened.handle(command)
        yield opened


def test_the_gms_report_holds_the_stats_and_the_audit(ledger):
    found = ledger.history.report()
    assert not found.players
    assert [(h.number, h.title) for h in found.sessions.headings] == [
        (12, "The ford at Greywater"),
        (13, "The troll bridge"),
    ]
    sessions = list(found.sessions)
    assert [s.number for s in sessions] == [12, 13]
    assert found.stats == asdict(ledger.queries.stats())
    assert list(found.findings) == ledger.queries.audit()
    thirteen = sessions[1]
    assert thirteen.title == "The troll bridge"
    assert thirteen.clock_start == sessions[0].clock_end
    assert thirteen.clock_end == ledger.queries.status("session:13").clock
    assert any("the rules said flee" in line for line in thirteen.lines)


def test_one_session_as_stats_has_it(ledger):
    found = ledger.history.report((12, 12))
    assert [s.number for s in found.sessions] == [12]
    assert found.stats == asdict(ledger.queries.stats(session=12))
    assert list(found.findings) == ledger.queries.audit(session=12)
    assert ledger.history.report((13, 13)).stats["sessions"] == [SESSION_13]


def test_the_players_report_has_no_audit_and_no_rulings(ledger):
    found = ledger.history.report(players=True)
    sessions = list(found.sessions)
    assert found.findings is None
    assert found.stats["sessions"][0] == {k: v for k, v in SESSION_12.items() if k != "rulings"}
    assert all("rulings" not in s for s in found.stats["sessions"])
    assert not any("rules said" in line for s in sessions for line in s.lines)


def test_sessions_not_recorded_or_backwards_are_refused(ledger):
    with pytest.raises(UnknownSession, match="sessions: 12, 13"):
        ledger.history.report((12, 14))
    with pytest.raises(ImpossibleInput, match="backwards"):
        ledger.history.report((13, 12))
