"""A unit of work (a replayed file) on a store that held no event when it began does not ask
the store for the aggregates it has not loaded: none can exist. On a store with a history it
asks, as every command does. Both on a SQLite file and on PostgreSQL."""

from __future__ import annotations

import pytest

from campaign.commands import Casualty, EncounterGroup, EncounterStart, SessionOpen
from campaign.core.errors import UnknownHandle
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from tests import answers


@pytest.fixture
def ledger(store_url):
    with Ledger(parse_store_url(store_url), gm="ann", seed=3) as opened:
        yield opened


@pytest.fixture
def asked(ledger):
    """The aggregates the unit asked the store for: the real repository, counted."""
    repository = ledger.opened.app.repository
    calls: list[object] = []
    real = repository.get

    def get(aggregate_id, *args, **kwargs):
        calls.append(aggregate_id)
        return real(aggregate_id, *args, **kwargs)

    repository.get = get
    yield calls
    del repository.get


def session_one(ledger):
    ledger.handle(SessionOpen(number=1))
    ledger.handle(EncounterStart(handle="hall"))
    ledger.handle(EncounterGroup(encounter="hall", group="rats", count=3, morale=6))
    ledger.handle(Casualty(encounter="hall", group="rats", n=1))


def test_a_unit_on_an_empty_store_asks_it_nothing_and_finds_what_it_made(ledger, asked):
    def log():
        session_one(ledger)
        with pytest.raises(UnknownHandle, match="'cellar' is not in this campaign"):
            ledger.handle(Casualty(encounter="cellar", group="rats", n=1))

    with pytest.raises(RuntimeError, match="nothing was written"):
        ledger.unit(log)  # the refused line fails the unit, as in a log
    assert ledger.last_position() == 0
    ledger.unit(lambda: session_one(ledger))
    assert asked == []
    (hall,) = answers.status(ledger)["encounters"]
    assert [(g["handle"], g["killed"]) for g in hall["groups"]] == [("rats", 1)]


def test_a_unit_on_a_store_with_a_history_asks_it(ledger, asked):
    ledger.unit(lambda: session_one(ledger))
    assert asked == []

    def second():
        ledger.handle(SessionOpen(number=2))
        ledger.handle(
            Casualty(encounter="hall", group="rats", n=1)
        )  # hall was stored by the first unit

    ledger.unit(second)
    assert asked  # the campaign and the hall came from the store
    (hall,) = answers.status(ledger)["encounters"]
    assert [(g["handle"], g["killed"]) for g in hall["groups"]] == [("rats", 2)]
