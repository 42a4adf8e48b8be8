"""What the service tests share: a ledger on the test's store (SQLite, and PostgreSQL when a test
server is set), its GM ann, its tracker dice seeded."""

import pytest

from campaign.service.ledger import Ledger
from campaign.store import parse_store_url


@pytest.fixture
def ledger(store_url):
    with Ledger(parse_store_url(store_url), gm="ann", seed=5) as opened:
        yield opened
