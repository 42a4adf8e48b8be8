"""Given a company that serves through a long siege, when its history passes the snapshot
interval, then snapshots are taken, and the state as of every version — loaded through the
snapshots, as ``--as-of`` will — is the state folded by hand from its events alone.

On both backends (the ``store_url`` fixture).
"""

from uuid import UUID

import pytest

from aggregates.base import LedgerAggregate
from aggregates.company import MercenaryCompany
from aggregates.encounter import Encounter
from campaign.service.ledger import SNAPSHOT_INTERVAL, Ledger
from campaign.store import parse_store_url

LANCES = MercenaryCompany.create_id("red-lances")
SIEGE = Encounter.create_id("siege")
ROUNDS = 44  # three company events a round: about 130 in all


@pytest.fixture
def ledger(store_url):
    """A siege in which the Red Lances take casualties, recover, are paid and go unpaid."""
    with Ledger(parse_store_url(store_url), gm="ann", seed=7) as opened:
        opened.open_session(1, title="The siege of Greywater")
        opened.hire_company("red-lances", "trained", 30, mounted=True)
        opened.start_encounter("siege", name="The siege of Greywater")
        opened.add_group("siege", "goblins", 40, 7)
        opened.join("siege", "red-lances")
        for i in range(ROUNDS):
            value = (1, -1, 2, -2, -1)[i % 5]
            opened.modify_company("red-lances", value, f"week {i + 1} of the siege")
            if i % 6 == 5:  # one of theirs dies on the wall; a recruit takes his place
                opened.record_casualty("siege", "red-lances", 1, cause="a goblin spear")
                opened.reinforce_company("red-lances", 1)
            else:  # stunned in the breach, back on their feet by the next assault
                opened.record_casualty("siege", "red-lances", 1 + i % 2, incapacitated=True)
                opened.recover_company("red-lances", 1 + i % 2)
            if i % 4 == 1:
                opened.record_casualty("siege", "goblins", 1, cause="the Lances' charge")
        yield opened


def fold(events: list[LedgerAggregate.Event]) -> LedgerAggregate:
    """The aggregate from its events alone, without the repository and its snapshots."""
    aggregate = None
    for domain_event in events:
        aggregate = domain_event.mutate(aggregate)
    assert aggregate is not None
    return aggregate


@pytest.mark.slow
def test_snapshots_are_taken_every_interval_and_hold_the_folded_state(ledger):
    assert ledger.app.snapshots is not None, "snapshotting is off"
    for aggregate_id in (LANCES, SIEGE):
        latest = ledger.get(aggregate_id).version
        snapshots = list(ledger.app.snapshots.get(aggregate_id))
        expected = list(range(SNAPSHOT_INTERVAL, latest + 1, SNAPSHOT_INTERVAL))
        assert [s.originator_version for s in snapshots] == expected
        for snapshot in snapshots:
            events = ledger.app.events.get(aggregate_id, lte=snapshot.originator_version)
            assert snapshot.mutate(None).state() == fold(list(events)).state()


@pytest.mark.slow
def test_the_state_as_of_every_version_is_the_fold_of_its_events(ledger):
    company = ledger.company("red-lances")
    assert company.version >= 130
    deaths = sum(1 for i in range(ROUNDS) if i % 6 == 5)
    assert (company.killed, company.incapacitated, company.size) == (deaths, 0, 30 + deaths)
    assert company.modifier_sum == sum((1, -1, 2, -2, -1)[i % 5] for i in range(ROUNDS))
    for aggregate_id in (LANCES, SIEGE):
        assert_time_travel_folds(ledger, aggregate_id)


def assert_time_travel_folds(ledger: Ledger, aggregate_id: UUID) -> None:
    latest = ledger.get(aggregate_id)
    assert latest.state() == fold(list(ledger.app.events.get(aggregate_id))).state()
    for version in range(1, latest.version + 1):
        folded = fold(list(ledger.app.events.get(aggregate_id, lte=version)))
        as_of = ledger.get(aggregate_id, version=version)
        assert (as_of.version, folded.version) == (version, version)
        assert as_of.state() == folded.state(), f"{type(latest).__name__} at version {version}"
