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
from campaign.commands import (
    Casualty,
    CompanyHire,
    CompanyModifier,
    CompanyRecover,
    CompanyReinforce,
    EncounterGroup,
    EncounterJoin,
    EncounterStart,
    SessionOpen,
)
from campaign.service.application import SNAPSHOT_INTERVAL
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from tests import answers

LANCES = MercenaryCompany.create_id("red-lances")
SIEGE = Encounter.create_id("siege")
ROUNDS = 44  # three company events a round: about 130 in all


@pytest.fixture
def ledger(store_url):
    """A siege in which the Red Lances take casualties, recover, are paid and go unpaid."""
    with Ledger(parse_store_url(store_url), gm="ann", seed=7) as opened:
        opened.handle(SessionOpen(number=1, title="The siege of Greywater"))
        opened.handle(CompanyHire(handle="red-lances", troop="trained", size=30, mounted=True))
        opened.handle(EncounterStart(handle="siege", name="The siege of Greywater"))
        opened.handle(EncounterGroup(encounter="siege", group="goblins", count=40, morale=7))
        opened.handle(EncounterJoin(encounter="siege", company="red-lances"))
        for i in range(ROUNDS):
            value = (1, -1, 2, -2, -1)[i % 5]
            opened.handle(
                CompanyModifier(
                    handle="red-lances", value=value, reason=f"week {i + 1} of the siege"
                )
            )
            if i % 6 == 5:  # one of theirs dies on the wall; a recruit takes his place
                opened.handle(
                    Casualty(encounter="siege", group="red-lances", n=1, cause="a goblin spear")
                )
                opened.handle(CompanyReinforce(handle="red-lances", n=1))
            else:  # stunned in the breach, back on their feet by the next assault
                opened.handle(
                    Casualty(encounter="siege", group="red-lances", n=1 + i % 2, incapacitated=True)
                )
                opened.handle(CompanyRecover(handle="red-lances", n=1 + i % 2))
            if i % 4 == 1:
                opened.handle(
                    Casualty(encounter="siege", group="goblins", n=1, cause="the Lances' charge")
                )
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
    assert ledger.opened.app.snapshots is not None, "snapshotting is off"
    for aggregate_id in (LANCES, SIEGE):
        latest = ledger.uow.get(aggregate_id).version
        snapshots = list(ledger.opened.app.snapshots.get(aggregate_id))
        expected = list(range(SNAPSHOT_INTERVAL, latest + 1, SNAPSHOT_INTERVAL))
        assert [s.originator_version for s in snapshots] == expected
        for snapshot in snapshots:
            events = ledger.opened.app.events.get(aggregate_id, lte=snapshot.originator_version)
            assert snapshot.mutate(None).state() == fold(list(events)).state()


@pytest.mark.slow
def test_the_state_as_of_every_version_is_the_fold_of_its_events(ledger):
    company = answers.company(ledger, "red-lances")
    assert company.version >= 130
    deaths = sum(1 for i in range(ROUNDS) if i % 6 == 5)
    assert (company.killed, company.incapacitated, company.size) == (deaths, 0, 30 + deaths)
    assert company.modifier_sum == sum((1, -1, 2, -2, -1)[i % 5] for i in range(ROUNDS))
    for aggregate_id in (LANCES, SIEGE):
        assert_time_travel_folds(ledger, aggregate_id)


def assert_time_travel_folds(ledger: Ledger, aggregate_id: UUID) -> None:
    latest = ledger.uow.get(aggregate_id)
    assert latest.state() == fold(list(ledger.opened.app.events.get(aggregate_id))).state()
    for version in range(1, latest.version + 1):
        folded = fold(list(ledger.opened.app.events.get(aggregate_id, lte=version)))
        as_of = ledger.uow.get(aggregate_id, version=version)
        assert (as_of.version, folded.version) == (version, version)
        assert as_of.state() == folded.state(), f"{type(latest).__name__} at version {version}"
