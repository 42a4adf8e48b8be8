"""``campaign report`` tells its progress (a bar at a terminal, docs/cli.md#report): each
session as it is made (its recap section and its replay together) — done counts up by one to
the sessions told, which is the total from the first, and nothing is told before the page asks
for the sessions."""

from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from tests.service.test_report_tells_only_the_sessions_asked import replayed


def test_each_session_is_told_once_in_order_as_it_is_made(tmp_path):
    db = replayed(tmp_path)
    told: list[tuple[int, int]] = []
    with Ledger(parse_store_url(db)) as ledger:
        every = ledger.history.report(None, progress=lambda done, total: told.append((done, total)))
        assert told == []  # nothing made yet
        list(every.sessions)
        some = ledger.history.report(
            (2, 3), progress=lambda done, total: told.append((done, total))
        )
        list(some.sessions)
    assert told == [(1, 4), (2, 4), (3, 4), (4, 4), (1, 2), (2, 2)]
