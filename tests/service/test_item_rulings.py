"""An item save ruled otherwise than the rules say: the hit points follow the ruling
(docs/rules.md#d-0, docs/log-language.md#item-saves) — on a SQLite file and on PostgreSQL.
Expected values worked out by hand from docs/rules.md#d-8."""

import pytest

from campaign.commands import (
    CharacterCreate,
    CharacterItem,
    CharacterSaves,
    ItemDrop,
    ItemRepair,
    ItemSave,
    SavingThrow,
    SessionOpen,
)
from campaign.core.errors import HandleTaken, ImpossibleInput
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from tests import answers


@pytest.fixture
def ledger(store_url):
    with Ledger(parse_store_url(store_url), gm="ann", seed=3) as opened:
        opened.handle(SessionOpen(number=1))
        opened.handle(CharacterCreate(handle="ra"))
        opened.handle(CharacterSaves(handle="ra", fortitude=1, reflex=1, will=1))
        opened.handle(CharacterItem(handle="ra", name="Shield", slot="shield", hardness=0, hp=20))
        yield opened


def shield(ledger):
    (ra,) = answers.status(ledger)["characters"]
    return next((i["state"], i["hp"]) for i in ra["items"] if i["name"] == "Shield")


DIRECT = {"dc": 15, "save_type": "reflex", "damage": 5}  # negates: a success costs nothing


def test_a_successful_item_save_ruled_damaged_deals_a_failures_damage(ledger):
    # 19 + 1 ≥ 15: saved, no damage; ruled damaged, it takes the failure's 5 (hardness 0):
    # 15 of 20 — not all 20, a "damaged" shield whole
    ledger.handle(ItemSave(handle="ra", item="Shield", roll="19", ruling="damaged", **DIRECT))
    assert shield(ledger) == ("damaged", 15)


def test_a_successful_item_save_ruled_broken_is_at_most_half_and_intact_keeps_all(ledger):
    ledger.handle(
        ItemSave(handle="ra", item="Shield", roll="19", ruling="intact", **DIRECT)
    )  # as the rules say
    assert shield(ledger) == ("intact", 20)
    ledger.handle(
        ItemSave(handle="ra", item="Shield", roll="19", ruling="broken", **DIRECT)
    )  # 15 left, at most 10
    assert shield(ledger) == ("broken", 10)


def test_a_ruling_that_harms_less_than_a_failure_stays_what_it_was(ledger):
    # a failed save (2 + 1 < 15) with 30 damage: the rules say destroyed (0 of 20); ruled
    # damaged, it keeps more than half (11)
    ledger.handle(
        ItemSave(
            handle="ra",
            item="Shield",
            roll="2",
            ruling="damaged",
            dc=15,
            save_type="reflex",
            damage=30,
        )
    )
    assert shield(ledger) == ("damaged", 11)


def test_an_exposed_item_saves_with_the_bonus_its_bearer_saved_with(ledger):
    # docs/rules.md#d-8: an attended item saves with the better of its bearer's bonus and its
    # own — the bonus the exposing save had, --bonus included (docs/log-language.md#saves: the
    # character's + --bonus).
    # Natural 1 (exposed), bonus 1 + 6 = 7; the shield's d20 8 + 7 = 15 ≥ 15: saved, ⌊8/2⌋ = 4
    # (with the character's bonus 1 alone, 8 + 1 < 15, it would take 8: 2 of 10 left, broken)
    ledger.handle(
        SavingThrow(
            handle="ra",
            vs="a fireball",
            save_type="reflex",
            effect="half",
            roll="1",
            dc=15,
            bonus=6,
            damage=8,
            objects=True,
        )
    )
    ledger.handle(ItemSave(handle="ra", roll="8"))
    assert shield(ledger) == ("damaged", 16)
    # targeted directly, it saves with the character's own bonus: 13 + 1 < 15, 5 more
    ledger.handle(ItemSave(handle="ra", item="Shield", roll="13", **DIRECT))
    assert shield(ledger) == ("damaged", 11)


def test_a_destroyed_item_makes_no_more_saves_until_it_is_mended(ledger):
    ledger.handle(ItemSave(handle="ra", item="Shield", roll="2", ruling="destroyed", **DIRECT))
    assert shield(ledger) == ("destroyed", 0)
    before = ledger.last_position()
    with pytest.raises(ImpossibleInput, match="Shield is destroyed") as refused:
        ledger.handle(ItemSave(handle="ra", item="Shield", roll="15", ruling="broken", **DIRECT))
    assert refused.value.field == "item" and ledger.last_position() == before
    ledger.handle(ItemRepair(handle="ra", item="Shield"))
    ledger.handle(ItemSave(handle="ra", item="Shield", roll="19", **DIRECT))
    assert shield(ledger) == ("intact", 20)


def test_an_item_name_is_the_same_in_either_unicode_form(ledger):
    # "Épée" with one letter É (NFC) or E and a combining accent (NFD, as some keyboards and
    # editors type it): one name, as docs/log-language.md#handles compares names without regard
    # to case — else the second would be
    # "no item 'Épée longue'; items: Épée longue", and could be acquired twice
    composed, decomposed = "\u00c9p\u00e9e longue", "E\u0301pe\u0301e longue"
    ledger.handle(CharacterItem(handle="ra", name=decomposed, slot="held", hardness=10, hp=5))
    with pytest.raises(HandleTaken):
        ledger.handle(CharacterItem(handle="ra", name=composed, slot="held"))
    ledger.handle(ItemDrop(handle="ra", item=composed.upper()))
    (ra,) = answers.status(ledger)["characters"]
    assert [i["name"] for i in ra["items"]] == ["Shield"]
