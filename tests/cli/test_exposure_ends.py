"""An exposure that can never get its item save does not wait for one (SAV003).

docs/audit.md#the-codes: SAV003 is "a natural 1 against an object-harming effect, and no item save
before the session ended"; docs/log-language.md#saves: after a natural 1 "an item save is then
expected before the session ends". The character refuses an item save in two cases, where the
audit does not wait for one — nor make it final, a warning the GM cannot answer:

- the exposed item was dropped (`character item-drop`): the exposure ends with it;
- the GM named a destroyed item with `--item` (SAV004: not a candidate;
  docs/log-language.md#item-saves: a destroyed item has nothing left to save), and `item-save` says
  "nothing is left to save".

Neither waits: no SAV003 is listed, the save's line says so, and withdrawing the drop
brings the wait back (pending in its session, final after it). The exposure of a destroyed item
stays on the character, as stores recorded before kept it (an item save of another item
answers it): their logs replay the same."""

from dataclasses import asdict

import pytest

from campaign.commands import (
    CharacterCreate,
    CharacterItem,
    CharacterSaves,
    ItemDrop,
    ItemSave,
    Retract,
    SavingThrow,
    SessionEnd,
    SessionOpen,
)
from campaign.core.errors import ImpossibleInput
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from tests import answers
from tests.service.test_read_models import dump

FIREBALL = {"dc": 17, "effect": "half", "damage": 24, "energy": True, "objects": True}


@pytest.fixture
def ledger(store_url):
    with Ledger(parse_store_url(store_url), gm="ann", seed=7) as opened:
        yield opened


def brynn(g):
    g.handle(SessionOpen(number=1))
    g.handle(CharacterCreate(handle="brynn"))
    g.handle(CharacterSaves(handle="brynn", fortitude=4, reflex=1, will=2))
    g.handle(CharacterItem(handle="brynn", name="Tower shield", slot="shield", hardness=5, hp=20))


def codes(g, code="SAV003"):
    return [(f["subject"], f["status"]) for f in answers.audit(g) if f["code"] == code]


def test_dropping_the_exposed_item_ends_the_wait_for_its_item_save(ledger):
    brynn(ledger)
    ledger.handle(
        SavingThrow(handle="brynn", vs="Fireball", save_type="reflex", roll="1", **FIREBALL)
    )
    assert codes(ledger) == [("brynn/Tower shield", "pending")]
    ledger.handle(ItemDrop(handle="brynn", item="Tower shield"))
    assert codes(ledger) == []
    with pytest.raises(ImpossibleInput, match="no pending exposure"):
        ledger.handle(ItemSave(handle="brynn", roll="9"))
    ledger.handle(SessionEnd())
    assert codes(ledger) == []


def test_a_drop_withdrawn_in_its_session_waits_again_and_turns_final_at_its_end(ledger):
    brynn(ledger)
    ledger.handle(
        SavingThrow(handle="brynn", vs="Fireball", save_type="reflex", roll="1", **FIREBALL)
    )
    ledger.handle(ItemDrop(handle="brynn", item="Tower shield"))
    ledger.handle(Retract(ref="last"))
    assert codes(ledger) == [("brynn/Tower shield", "pending")]
    ledger.handle(SessionEnd())
    assert codes(ledger) == [("brynn/Tower shield", "final")]


def test_a_drop_withdrawn_after_its_session_ended_is_final_at_once(ledger):
    brynn(ledger)
    ledger.handle(
        SavingThrow(handle="brynn", vs="Fireball", save_type="reflex", roll="1", **FIREBALL)
    )
    dropped = ledger.last_position() + 1
    ledger.handle(ItemDrop(handle="brynn", item="Tower shield"))
    ledger.handle(SessionEnd())
    ledger.handle(SessionOpen(number=2))
    ledger.handle(Retract(ref=f"event:{dropped}"))
    assert codes(ledger) == [("brynn/Tower shield", "final")]


def test_a_destroyed_item_named_by_the_gm_is_exposed_with_nothing_left_to_save(ledger):
    brynn(ledger)
    ledger.handle(CharacterItem(handle="brynn", name="Sword", slot="held", hardness=0, hp=5))
    ledger.handle(
        ItemSave(handle="brynn", item="Sword", dc=10, save_type="reflex", damage=9, roll="2")
    )
    assert answers.character(ledger, "brynn").item_named("Sword")["state"] == "destroyed"
    said = asdict(
        ledger.handle(
            SavingThrow(
                handle="brynn",
                vs="Fireball",
                save_type="reflex",
                roll="1",
                item="Sword",
                **FIREBALL,
            )
        )
    )
    assert said["exposed"] == "Sword" and said["item_save_due"] is False
    assert codes(ledger, "SAV004") == [("brynn/Sword", "final")]  # still a ruling to audit
    assert codes(ledger) == []
    with pytest.raises(ImpossibleInput, match="Sword is destroyed: nothing is left to save"):
        ledger.handle(ItemSave(handle="brynn", roll="9"))
    ledger.handle(SessionEnd())
    assert codes(ledger) == []


def test_an_item_save_of_another_item_after_it_is_taken_as_stores_recorded_it(ledger):
    """Stores recorded before held the exposure of the destroyed item as pending, and an item
    save of another item against it (SAV004): their logs replay so, naming the exposed item."""
    brynn(ledger)
    ledger.handle(CharacterItem(handle="brynn", name="Sword", slot="held", hardness=0, hp=5))
    ledger.handle(
        ItemSave(handle="brynn", item="Sword", dc=10, save_type="reflex", damage=9, roll="2")
    )
    ledger.handle(
        SavingThrow(
            handle="brynn", vs="Fireball", save_type="reflex", roll="1", item="Sword", **FIREBALL
        )
    )
    ledger.handle(
        ItemSave(handle="brynn", item="Tower shield", roll="12")
    )  # against the exposing save
    other = [
        f for f in answers.audit(ledger) if f["code"] == "SAV004" and f["ruled"] == "Tower shield"
    ]
    assert [f["message"] for f in other] == ["item save of Tower shield; the exposed item is Sword"]
    assert codes(ledger) == []


def test_a_live_item_named_by_the_gm_still_waits_for_its_item_save(ledger):
    brynn(ledger)
    said = asdict(
        ledger.handle(
            SavingThrow(
                handle="brynn",
                vs="Fireball",
                save_type="reflex",
                roll="1",
                item="Tower shield",
                **FIREBALL,
            )
        )
    )
    assert said["item_save_due"] is True
    assert codes(ledger) == [("brynn/Tower shield", "pending")]


def test_a_rebuild_reads_both_cases_as_the_live_fold_did(ledger):
    brynn(ledger)
    ledger.handle(CharacterItem(handle="brynn", name="Sword", slot="held", hardness=0, hp=5))
    ledger.handle(
        ItemSave(handle="brynn", item="Sword", dc=10, save_type="reflex", damage=9, roll="2")
    )
    ledger.handle(
        SavingThrow(
            handle="brynn", vs="Fireball", save_type="reflex", roll="1", item="Sword", **FIREBALL
        )
    )
    ledger.handle(
        SavingThrow(handle="brynn", vs="Fireball", save_type="reflex", roll="1", **FIREBALL)
    )
    ledger.handle(ItemDrop(handle="brynn", item="Tower shield"))
    ledger.handle(SessionEnd())
    live = dump(ledger)
    ledger.queries.rebuild()
    assert dump(ledger) == live


def test_the_save_line_says_which_item_save_comes_next(in_store):
    run = in_store
    run("session", "1")
    run("character", "create", "w")
    run("character", "saves", "w", "--fortitude", "0", "--reflex", "0", "--will", "0")
    run("character", "item", "w", "Sword", "--slot", "held", "--hardness", "0", "--hp", "5")
    run("character", "item", "w", "Shield", "--slot", "shield")
    run("item-save", "w", "Sword", "--dc", "10", "--type", "reflex", "--damage", "9", "--roll", "2")
    fireball = ["--vs", "Fireball", "--type", "reflex", "--dc", "15", "--effect", "half"]
    fireball += ["--damage", "10", "--objects", "--roll", "1"]
    said = run("save", "w", *fireball, "--item", "Sword")
    assert "exposed: Sword (destroyed: nothing left to save)" in said
    said = run("save", "w", *fireball, "--item", "Shield")
    assert "exposed: Shield (item-save next)" in said
