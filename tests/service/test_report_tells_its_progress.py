"""``campaign report`` tells its progress (a bar at a terminal, docs/cli.md#report): each
session's recap section, then each session's replay — done counts up by one to twice the
sessions told, never past what it says is the total."""

from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from tests.service.test_report_tells_only_the_sessions_asked import replayed


def test_each_session_is_told_twice_in_order(tmp_path):
    db = replayed(tmp_path)
    told: list[tuple[int, int]] = []
    with Ledger(parse_store_url(db)) as ledger:
        ledger.history.report(None, progress=lambda done, total: told.append((done, total)))
        ledger.history.report((2, 3), progress=lambda done, total: told.append((done, total)))
    every, some = told[:8], told[8:]
    assert [done for done, _ in every] == list(range(1, 9))  # four sessions, each twice
    assert every[-1] == (8, 8) and all(done <= total for done, total in every)
    assert some == [(1, 4), (2, 4), (3, 4), (4, 4)]
