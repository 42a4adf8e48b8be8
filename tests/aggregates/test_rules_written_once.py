"""Rules written once: the single function the service, the aggregate and the audit all call.

``Character.item_gets_a_save`` is the choice of whether an ``item-save`` rolls (the service rolls
the d20 on its word, ``item_save`` judges the same way); ``d6harmonie.crosses_budget`` is the
"budget crossed" test both the aggregate and the audit (TRT002/TRT003) ask. Every expected value
is worked out by hand from docs/rules.md.
"""

from __future__ import annotations

import pytest

from aggregates.base import Recording, recording
from aggregates.character import Character
from campaign.commands import (
    CharacterCreate,
    CharacterFinalize,
    CharacterItem,
    CharacterSaves,
    ItemSave,
    SavingThrow,
)
from campaign.rules import d6harmonie
from campaign.rules.dice import D20, Roll


@pytest.fixture(autouse=True)
def at_the_table():
    """Every command is recorded inside an open session (session 1, GM ann)."""
    with recording(Recording(next_position=1, session=1, gm="ann")) as context:
        yield context


def carrying(*, exposed: bool) -> Character:
    """A character with an attended non-magic shield, an attended magic ring (CL 5), an
    unattended non-magic chest and an unattended magic wand (CL 4); ``exposed``: a Fireball's
    natural 1 has exposed the shield."""
    b = Character.create(CharacterCreate(handle="brynn", name="Brynn"))
    b.finalize(CharacterFinalize(handle=b.handle))
    b.add_item(
        CharacterItem(handle=b.handle, name="Tower shield", slot="shield", hardness=5, hp=20)
    )
    b.add_item(
        CharacterItem(
            handle=b.handle,
            name="Ring of protection +1",
            slot="jewelry",
            magic=True,
            caster_level=5,
        )
    )
    b.add_item(CharacterItem(handle=b.handle, name="Chest", slot="other", unattended=True))
    b.add_item(
        CharacterItem(
            handle=b.handle, name="Wand", slot="other", magic=True, caster_level=4, unattended=True
        )
    )
    b.set_saves(CharacterSaves(handle=b.handle, fortitude=4, reflex=1, will=2))
    if exposed:
        b.save(
            SavingThrow(
                handle=b.handle,
                vs="Fireball",
                save_type="reflex",
                dc=17,
                effect="half",
                damage=24,
                energy=True,
                objects=True,
                item="Tower shield",
            ),
            roll=Roll(D20, 1),
        )
        assert b.pending_exposure["item"] == "Tower shield"
    return b


ITEM_SAVES = [
    # (exposed, item named, gets a save) — docs/rules.md#d-8: a magic item's bonus is
    # 2 + ⌊CL/2⌋; an attended item saves with the better of its bearer's bonus and its own; an
    # unattended non-magical item gets no save
    (True, None, True),  # the exposure's item: the shield, attended → the bearer's bonus
    (True, "Chest", False),  # the item named wins over the exposure's: unattended non-magical
    (True, "Wand", True),  # unattended but magic: 2 + ⌊4/2⌋
    (False, "Chest", False),  # targeted directly: unattended non-magical → no save
    (False, "Ring of protection +1", True),  # attended magic: the better of the two
    (False, "Tower shield", True),  # attended non-magic: the bearer's bonus
    (False, "Wand", True),  # unattended magic
    (False, None, False),  # nothing to resolve: item_save names what is missing
]


@pytest.mark.parametrize(("exposed", "item", "saves"), ITEM_SAVES)
def test_whether_the_item_an_item_save_resolves_rolls(exposed, item, saves):
    b = carrying(exposed=exposed)
    assert b.item_gets_a_save(ItemSave(handle=b.handle, item=item)) is saves
    if item is None and not exposed:
        return
    # and item_save judges it the same way: a d20 where it saves, none where it does not
    direct = {} if exposed else {"dc": 15, "save_type": "reflex", "damage": 6}
    b.item_save(
        ItemSave(handle=b.handle, item=item, **direct), roll=Roll(D20, 10) if saves else None
    )
    assert b.pending_events[-1].saves is saves


BUDGETS = [
    # (flaws before, advantages before, kind, key taken, crosses flaws, crosses advantages) —
    # docs/rules.md#the-creation-budget: up to 20 points from flaws and up to 20 spent on
    # advantages, two separate caps (seed: Mémoire déficiente 12 + Allergie grave 8 = 20 « le
    # maximum autorisé »; Beauté accrue 20 « le maximum qui puisse être dépensé »); points from
    # the tables of docs/rules.md#flaws and #advantages. D-0: the crossing is flagged once, never
    # refused.
    (["poor-memory"], [], "flaw", "allergy-severe", False, False),  # 12 + 8 = 20: at the cap
    (["poor-memory", "allergy-severe"], [], "flaw", "vertigo", True, False),  # 20 + 3 = 23
    (["poor-memory", "allergy-severe", "vertigo"], [], "flaw", "allergy-moderate", False, False),
    ([], [], "advantage", "beauty-increased", False, False),  # 20: the most that may be spent
    ([], ["beauty-increased"], "advantage", "lucky", False, True),  # 20 + 10 = 30
    ([], ["beauty-increased", "lucky"], "advantage", "ally", False, False),  # 30 + 5: already
    (["amputation", "vertigo"], [], "advantage", "ally", False, False),  # flaws 23, untouched
    ([], ["beauty-increased", "lucky"], "flaw", "amputation", False, False),  # 20: the flaw cap
]


@pytest.mark.parametrize(("flaws", "advantages", "kind", "key", "flaw", "advantage"), BUDGETS)
def test_a_budget_is_crossed_by_the_trait_that_first_takes_it_above_20(
    flaws, advantages, kind, key, flaw, advantage
):
    before = d6harmonie.budget(flaws, advantages)
    if kind == "flaw":
        after = d6harmonie.budget([*flaws, key], advantages)
    else:
        after = d6harmonie.budget(flaws, [*advantages, key])
    assert d6harmonie.crosses_budget(before, after, d6harmonie.FLAW) is flaw
    assert d6harmonie.crosses_budget(before, after, d6harmonie.ADVANTAGE) is advantage
