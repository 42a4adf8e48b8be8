"""The MercenaryCompany aggregate, like a session at the table (docs/log-language.md#companies,
docs/rules.md#d-4).

Expected ratings come from the troop table of seed 000 as docs/rules.md#mercenary-companies gives
it (militia 6, barbarian 7, trained 8; mounted +1, elite +1, fanatic +2), worked out by hand.
"""

from __future__ import annotations

import pytest

from aggregates.base import aggregate_id
from aggregates.company import MercenaryCompany
from campaign.commands import (
    Casualty,
    CompanyDismiss,
    CompanyHire,
    CompanyModifier,
    CompanyRecover,
    CompanyReinforce,
)
from campaign.core.errors import ImpossibleInput
from tests.aggregate_support import Table, recorded


@pytest.fixture
def table() -> Table:
    return Table()


@pytest.fixture
def lances(table: Table) -> MercenaryCompany:
    """company hire red-lances --troop trained --mounted --size 20; company modifier +1."""
    with table.command():
        company = MercenaryCompany.hire(
            CompanyHire(
                handle="red-lances", troop="trained", size=20, mounted=True, name="Red Lances"
            )
        )
    with table.command():
        company.modify(
            CompanyModifier(handle=company.handle, value=1, reason="shared the dragon hoard")
        )
    company.collect_events()
    return company


def test_red_lances_are_hired_at_the_troop_table(table):
    with table.command():
        lances = MercenaryCompany.hire(
            CompanyHire(
                handle="red-lances",
                troop="trained",
                size=20,
                mounted=True,
                name="Red Lances",
                note="from Greywater",
            )
        )
    assert lances.id == aggregate_id("company", "red-lances")
    assert recorded(lances) == [
        (
            "CompanyHired",
            {
                "position": 1,
                "command": 1,
                "handle": "red-lances",
                "troop": "trained",
                "size": 20,
                "mounted": True,
                "elite": False,
                "fanatic": False,
                "name": "Red Lances",
                "morale": None,
                "table_morale": 9,  # trained 8 + mounted 1
                "base_differs": False,
                "rules_say": 9,
                "ruled": 9,
                "note": "from Greywater",
                "ruleset": "ose-morale/1",
            },
        )
    ]
    assert (lances.table_morale, lances.base_morale, lances.modifier_sum, lances.morale) == (
        9,
        9,
        0,
        9,
    )
    assert (lances.size, lances.killed, lances.incapacitated, lances.fit) == (20, 0, 0, 20)
    assert lances.in_service


def test_a_working_conditions_modifier_adds_to_the_rating(table):
    with table.command():
        lances = MercenaryCompany.hire(
            CompanyHire(handle="red-lances", troop="trained", size=20, mounted=True)
        )
    with table.command():
        lances.modify(
            CompanyModifier(handle=lances.handle, value=+1, reason="shared the dragon hoard")
        )
    [_, (kind, modified)] = recorded(lances)
    assert kind == "WorkingConditionsModified"
    assert modified == {
        "position": 2,
        "command": 2,
        "value": 1,
        "reason": "shared the dragon hoard",
        "base_morale": 9,
        "modifier_sum": 1,
        "rules_say": 10,
        "ruled": 10,
        "note": None,
        "ruleset": "ose-morale/1",
    }
    assert (lances.modifier_sum, lances.morale) == (1, 10)


def test_modifiers_are_summed_and_unbounded(lances, table):
    # D-4: GM rulings with a reason, unbounded; the state keeps their sum, not the list
    with table.command():
        lances.modify(CompanyModifier(handle=lances.handle, value=-3, reason="unpaid for a month"))
    with table.command():
        lances.modify(
            CompanyModifier(handle=lances.handle, value=-4, reason="the captain flogged a sergeant")
        )
    [_, (_, last)] = recorded(lances)
    assert (last["modifier_sum"], last["rules_say"]) == (-6, 3)  # 9 + 1 − 3 − 4
    assert (lances.modifier_sum, lances.morale) == (-6, 3)


@pytest.mark.parametrize(
    ("troop", "qualities", "table_morale"),
    [
        ("militia", {}, 6),
        ("barbarian", {}, 7),
        ("trained", {}, 8),
        ("trained", {"mounted": True}, 9),
        ("militia", {"elite": True}, 7),
        ("barbarian", {"fanatic": True}, 9),
        ("trained", {"mounted": True, "elite": True, "fanatic": True}, 12),
    ],
)
def test_the_troop_table(table, troop, qualities, table_morale):
    with table.command():
        company = MercenaryCompany.hire(CompanyHire(handle="c", troop=troop, size=10, **qualities))
    [(_, hired)] = recorded(company)
    assert (hired["table_morale"], hired["rules_say"], company.morale) == (
        table_morale,
        table_morale,
        table_morale,
    )


def test_an_explicit_base_that_differs_is_a_ruling(table):
    # company hire … --troop trained --morale 9: the table says 8; recorded as ruled (MOR006)
    with table.command():
        guards = MercenaryCompany.hire(
            CompanyHire(handle="guards", troop="trained", size=12, morale=9)
        )
    [(_, hired)] = recorded(guards)
    assert (hired["morale"], hired["table_morale"], hired["base_differs"]) == (9, 8, True)
    assert (hired["rules_say"], hired["ruled"]) == (8, 9)
    assert (guards.table_morale, guards.base_morale, guards.morale) == (8, 9, 9)
    with table.command():
        guards.modify(CompanyModifier(handle=guards.handle, value=-1, reason="rain"))
    assert guards.morale == 8


def test_an_explicit_base_equal_to_the_table_is_no_ruling(table):
    with table.command():
        guards = MercenaryCompany.hire(
            CompanyHire(handle="guards", troop="trained", size=12, morale=8)
        )
    [(_, hired)] = recorded(guards)
    assert (hired["base_differs"], hired["ruled"]) == (False, 8)


@pytest.mark.parametrize(
    ("troop", "size", "morale", "field"),
    [
        ("knights", 10, None, "troop"),
        ("trained", 0, None, "size"),
        ("trained", 10, 13, "morale"),
        ("trained", 10, 1, "morale"),
    ],
)
def test_an_impossible_hire_records_nothing(table, troop, size, morale, field):
    with table.command() as context, pytest.raises(ImpossibleInput) as refused:
        MercenaryCompany.hire(CompanyHire(handle="c", troop=troop, size=size, morale=morale))
    assert refused.value.field == field
    assert context.next_position == 1  # no event was stamped


def test_casualties_are_counted_killed_or_incapacitated(lances, table):
    # casualty ford red-lances 2 --incapacitated, on the company's side
    with table.command():
        lances.record_casualty(
            Casualty(encounter="ford", group=lances.handle, n=2, incapacitated=True),
            encounter="ford",
        )
    with table.command():
        lances.record_casualty(
            Casualty(
                encounter="ford",
                group=lances.handle,
                n=1,
                incapacitated=False,
                cause="crossbow bolt",
                note="Sgt. Harl",
            )
        )
    assert recorded(lances) == [
        (
            "CompanyCasualtyRecorded",
            {
                "position": 3,
                "command": 3,
                "n": 2,
                "incapacitated": True,
                "cause": None,
                "encounter": "ford",
                "note": None,
            },
        ),
        (
            "CompanyCasualtyRecorded",
            {
                "position": 4,
                "command": 4,
                "n": 1,
                "incapacitated": False,
                "cause": "crossbow bolt",
                "encounter": None,
                "note": "Sgt. Harl",
            },
        ),
    ]
    assert (lances.killed, lances.incapacitated, lances.fit, lances.size) == (1, 2, 17, 20)
    assert lances.morale == 10  # casualties never move the rating by themselves


def test_at_most_the_members_fit_to_fight_become_casualties(lances, table):
    with table.command():
        lances.record_casualty(
            Casualty(encounter="ford", group=lances.handle, n=2, incapacitated=True)
        )
    with table.command(), pytest.raises(ImpossibleInput) as refused:
        lances.record_casualty(
            Casualty(encounter="ford", group=lances.handle, n=19, incapacitated=False)
        )
    assert str(refused.value) == "19 casualties: red-lances has 18 members fit to fight"
    assert refused.value.expected == "1–18"
    assert refused.value.field == "count"
    with table.command(), pytest.raises(ImpossibleInput):
        lances.record_casualty(
            Casualty(encounter="ford", group=lances.handle, n=0, incapacitated=True)
        )


def test_members_recover_and_reinforcements_arrive(lances, table):
    with table.command():
        lances.record_casualty(
            Casualty(encounter="ford", group=lances.handle, n=3, incapacitated=True)
        )
    with table.command():
        lances.recover(CompanyRecover(handle=lances.handle, n=2, note="the healer's salves"))
    with table.command():
        lances.reinforce(CompanyReinforce(handle=lances.handle, n=5))
    [_, (k1, recovered), (k2, reinforced)] = recorded(lances)
    assert (k1, recovered["n"], recovered["position"], recovered["note"]) == (
        "MembersRecovered",
        2,
        4,
        "the healer's salves",
    )
    assert (k2, reinforced["n"], reinforced["position"]) == ("MembersReinforced", 5, 5)
    assert (lances.size, lances.incapacitated, lances.fit) == (25, 1, 24)
    with table.command(), pytest.raises(ImpossibleInput) as refused:
        lances.recover(CompanyRecover(handle=lances.handle, n=2))  # only 1 is incapacitated
    assert refused.value.field == "count"
    assert str(refused.value) == "2 to recover: red-lances has 1 incapacitated"
    with table.command(), pytest.raises(ImpossibleInput, match=r"^0 reinforcements: "):
        lances.reinforce(CompanyReinforce(handle=lances.handle, n=0))


def test_a_dismissed_company_is_out_of_service_for_good(lances, table):
    with table.command():
        lances.dismiss(CompanyDismiss(handle=lances.handle, note="paid off at the ford"))
    [(kind, dismissed)] = recorded(lances)
    assert (kind, dismissed) == (
        "CompanyDismissed",
        {"position": 3, "command": 3, "note": "paid off at the ford"},
    )
    assert not lances.in_service
    for command in (
        lambda: lances.modify(CompanyModifier(handle=lances.handle, value=1, reason="bonus")),
        lambda: lances.record_casualty(
            Casualty(encounter="ford", group=lances.handle, n=1, incapacitated=False)
        ),
        lambda: lances.recover(CompanyRecover(handle=lances.handle, n=1)),
        lambda: lances.reinforce(CompanyReinforce(handle=lances.handle, n=1)),
        lambda: lances.dismiss(CompanyDismiss(handle=lances.handle)),
    ):
        with table.command(), pytest.raises(ImpossibleInput) as refused:
            command()
        assert refused.value.field == "company"
        assert "red-lances" in str(refused.value)
    assert recorded(lances) == []


def test_with_nobody_to_count_a_casualty_or_a_recovery_says_what_must_come_first(table):
    # what the GM can do first, not "expected none", which says nothing of it
    with table.command():
        k = MercenaryCompany.hire(CompanyHire(handle="k", troop="trained", size=2))
    with table.command():
        k.record_casualty(Casualty(encounter="ford", group=k.handle, n=2, incapacitated=True))
    with pytest.raises(ImpossibleInput) as refused, table.command():
        k.record_casualty(Casualty(encounter="ford", group=k.handle, n=1, incapacitated=False))
    assert refused.value.expected == "a member fit again first (company recover k N, or reinforce)"
    with pytest.raises(ImpossibleInput) as refused, table.command():
        k.recover(CompanyRecover(handle=k.handle, n=3))  # members to recover: the range
    assert refused.value.expected == "1–2"
    with table.command():
        k.recover(CompanyRecover(handle=k.handle, n=2))
    with pytest.raises(ImpossibleInput) as refused, table.command():
        k.recover(CompanyRecover(handle=k.handle, n=1))
    assert refused.value.expected == "a member incapacitated first (casualty E H N --incapacitated)"
