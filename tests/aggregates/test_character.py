"""The Character aggregate at the table: given a character, when this happens, then this is
recorded (docs/log-language.md#characters, #saves-and-items, #traits; a character's status:
docs/json.md#status).

Every expected value is worked out by hand from docs/rules.md and docs/log-language.md, not taken
from the code.
"""

from __future__ import annotations

import re

import pytest
from eventsourcing.application import Application

from aggregates.base import Recording, aggregate_id, recording
from aggregates.character import Character
from campaign.commands import (
    CharacterCreate,
    CharacterFinalize,
    CharacterHeal,
    CharacterItem,
    CharacterSaves,
    CharacterStat,
    CharacterTrait,
    ConditionEnd,
    FlawRoll,
    ItemDrop,
    ItemRepair,
    ItemSave,
    LoyaltyModifier,
    LoyaltyTest,
    SavingThrow,
)
from campaign.core.errors import HandleTaken, ImpossibleInput, UnknownHandle
from campaign.rules.dice import D6, D20, TWO_D6, Roll


@pytest.fixture(autouse=True)
def at_the_table():
    """Every command is recorded inside an open session (session 1, GM ann)."""
    with recording(Recording(next_position=1, session=1, gm="ann")) as context:
        yield context


def d20(natural: int) -> Roll:
    return Roll(D20, natural)


def two_d6(a: int, b: int) -> Roll:
    return Roll(TWO_D6, a + b, (a, b))


def item_status(name, slot, magic, state, hp, hp_max) -> dict:
    """An item as ``status --json`` shows it (docs/json.md#status)."""
    return {"name": name, "slot": slot, "magic": magic, "state": state, "hp": hp, "hp_max": hp_max}


def kinds(character: Character, since: int = 0) -> list[str]:
    return [type(e).__name__ for e in character.pending_events[since:]]


def last(character: Character, n: int = 1):
    return character.pending_events[-n]


def brynn() -> Character:
    """The example log of docs/log-language.md#a-log, up to her saves."""
    b = Character.create(
        CharacterCreate(
            handle="brynn",
            name="Brynn",
            flaws=["phobie-legere:spiders"],
            advantages=["nerfs-d-acier"],
        )
    )
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
    b.set_saves(CharacterSaves(handle=b.handle, fortitude=4, reflex=1, will=2))
    return b


def fireball(character: Character, natural: int, chooser=None, **options) -> None:
    """Fireball: Reflex half, spell level 3, ability modifier 4 → DC 10 + 3 + 4 = 17."""
    character.save(
        SavingThrow(
            handle=character.handle,
            vs="Fireball",
            save_type="reflex",
            spell_level=3,
            ability_mod=4,
            effect="half",
            damage=24,
            energy=True,
            objects=True,
            **options,
        ),
        roll=d20(natural),
        chooser=chooser,
    )


def refused(character: Character, error=ImpossibleInput, **match):
    """Assert a command raises ``error`` and records nothing (docs/rules.md#d-0)."""

    class Refusal:
        def __enter__(self):
            self.before = len(character.pending_events)
            self.raised = pytest.raises(error)
            self.info = self.raised.__enter__()
            return self.info

        def __exit__(self, *exc):
            handled = self.raised.__exit__(*exc)
            assert len(character.pending_events) == self.before, "nothing may be recorded"
            for attribute, expected in match.items():
                assert getattr(self.info.value, attribute) == expected
            return handled

    return Refusal()


# --- creation and traits ----------------------------------------------------------------------


def test_brynn_is_created_with_her_traits_each_a_recorded_event():
    b = Character.create(
        CharacterCreate(
            handle="brynn",
            name="Brynn",
            flaws=["phobie-legere:spiders"],
            advantages=["nerfs-d-acier"],
        )
    )
    assert kinds(b) == ["CharacterCreated", "TraitTaken", "TraitTaken"]
    created, flaw, advantage = b.pending_events
    assert (created.handle, created.name, created.retainer_of, created.loyalty) == (
        "brynn",
        "Brynn",
        None,
        None,
    )
    assert [(e.position, e.session, e.gm, e.command) for e in b.pending_events] == [
        (1, 1, "ann", 1),
        (2, 1, "ann", 1),
        (3, 1, "ann", 1),
    ]
    # French slugs are stored by their English keys (docs/rules.md#d-10); Phobie légère 4,
    # Nerfs d'acier 10
    assert (flaw.kind, flaw.key, flaw.detail, flaw.points) == ("flaw", "phobia-mild", "spiders", 4)
    assert (flaw.after_creation, flaw.flaw_points, flaw.advantage_points) == (False, 4, 0)
    assert (flaw.rules_say, flaw.ruled, flaw.ruleset) == (20, 4, "d6harmonie/1")
    assert (advantage.key, advantage.points, advantage.advantage_points) == (
        "nerves-of-steel",
        10,
        10,
    )
    assert not flaw.flaws_over_budget_now and not advantage.advantages_over_budget_now
    assert b.flaws == [{"key": "phobia-mild", "detail": "spiders", "points": 4}]
    assert b.advantages == [{"key": "nerves-of-steel", "detail": None, "points": 10}]
    assert (b.flaw_points, b.advantage_points, b.moral_modifier) == (4, 10, 1)
    assert not b.finalized and b.in_service and b.saves is None and b.items == []


def test_handles_are_case_insensitive_ascii_slugs():
    b = Character.create(CharacterCreate(handle="Brynn"))
    assert b.handle == "brynn"
    assert b.id == aggregate_id("character", "brynn")
    with pytest.raises(ImpossibleInput) as error:
        Character.create(CharacterCreate(handle="brÿnn"))
    # the slug is suggested in the message, as every handle check does (campaign.core.handles)
    assert error.value.field == "handle" and "try 'brynn'" in str(error.value)


def test_a_trait_taken_after_finalize_is_recorded_and_flagged_trt001():
    b = Character.create(CharacterCreate(handle="brynn", flaws=["phobia-mild:spiders"]))
    b.finalize(CharacterFinalize(handle=b.handle))
    assert kinds(b)[-1] == "CharacterFinalized" and b.finalized
    b.take_trait(
        CharacterTrait(
            handle=b.handle, kind="advantage", key_detail="lucky", note="a boon from the goddess"
        )
    )
    taken = last(b)
    assert (taken.key, taken.points, taken.after_creation, taken.note) == (
        "lucky",
        10,
        True,
        "a boon from the goddess",
    )
    assert b.advantage_points == 10
    with refused(b, field="handle"):
        b.finalize(CharacterFinalize(handle=b.handle))


def test_the_trait_event_that_first_takes_the_flaws_above_20_says_so():
    # Seed 002: Mémoire déficiente 12 + Allergie grave 8 = 20, « le maximum autorisé »
    b = Character.create(
        CharacterCreate(handle="sage", flaws=["memoire-deficiente", "allergie-grave:pollen"])
    )
    assert [e.flaw_points for e in b.pending_events[1:]] == [12, 20]
    assert not any(e.flaws_over_budget_now for e in b.pending_events[1:])
    b.take_trait(
        CharacterTrait(handle=b.handle, kind="flaw", key_detail="vertigo")
    )  # 20 + 3 = 23: over the cap, recorded (D-0)
    assert (last(b).flaw_points, last(b).flaws_over_budget_now) == (23, True)
    assert (last(b).rules_say, last(b).ruled) == (20, 23)
    b.take_trait(
        CharacterTrait(handle=b.handle, kind="flaw", key_detail="heavy-sleeper")
    )  # 25: already over, this one does not cross
    assert (last(b).flaw_points, last(b).flaws_over_budget_now) == (25, False)


def test_the_advantage_that_first_takes_the_spending_above_20_says_so():
    b = Character.create(
        CharacterCreate(handle="vain", advantages=["beauty-increased"])
    )  # 20: the maximum
    assert not last(b).advantages_over_budget_now
    b.take_trait(
        CharacterTrait(handle=b.handle, kind="advantage", key_detail="chanceux")
    )  # Chanceux 10: 30
    assert (last(b).advantage_points, last(b).advantages_over_budget_now) == (30, True)
    assert not last(b).flaws_over_budget_now


def test_impossible_traits_are_refused_before_anything_is_recorded():
    b = Character.create(CharacterCreate(handle="brynn", flaws=["phobia-mild:spiders"]))
    with refused(b, field="flaw"):
        b.take_trait(
            CharacterTrait(handle=b.handle, kind="flaw", key_detail="nerfs-d-acier")
        )  # an advantage given as a flaw
    with refused(b, field="advantage"):
        b.take_trait(CharacterTrait(handle=b.handle, kind="advantage", key_detail="no-such-trait"))
    with refused(b, field="kind"):
        b.take_trait(CharacterTrait(handle=b.handle, kind="virtue", key_detail="lucky"))
    with refused(b, field="flaw"):
        b.take_trait(
            CharacterTrait(handle=b.handle, kind="flaw", key_detail="phobie-legere:Spiders")
        )  # the same phobia again
    b.take_trait(
        CharacterTrait(handle=b.handle, kind="flaw", key_detail="phobia-mild:heights")
    )  # another object: a second phobia
    assert [f["detail"] for f in b.flaws] == ["spiders", "heights"]
    with refused(b, field="flaw"):
        b.take_trait(
            CharacterTrait(handle=b.handle, kind="flaw", key_detail="amputation:knee")
        )  # foot or hand
    b.take_trait(CharacterTrait(handle=b.handle, kind="flaw", key_detail="amputation:Foot"))
    assert b.flaws[-1] == {"key": "amputation", "detail": "foot", "points": 20}
    with pytest.raises(ImpossibleInput):
        Character.create(CharacterCreate(handle="x", flaws=["nerfs-d-acier"]))


def test_stats_and_saves_are_set():
    b = Character.create(CharacterCreate(handle="brynn"))
    b.set_stat(CharacterStat(handle=b.handle, name="MORAL", value=-1))
    b.set_stat(CharacterStat(handle=b.handle, name="moral", value=2, note="after the temple"))
    assert [(e.name, e.value, e.previous) for e in b.pending_events[1:]] == [
        ("moral", -1, None),
        ("moral", 2, -1),
    ]
    assert b.stats == {"moral": 2}
    b.set_saves(CharacterSaves(handle=b.handle, fortitude=4, reflex=1, will=-2))
    assert b.saves == {"fortitude": 4, "reflex": 1, "will": -2}
    with refused(b, field="value"):
        b.set_stat(CharacterStat(handle=b.handle, name="cha", value="sixteen"))
    with refused(b, field="reflex"):
        b.set_saves(CharacterSaves(handle=b.handle, fortitude=4, reflex=1.5, will=2))


# --- retainers and loyalty ------------------------------------------------------------------------


def test_cedric_the_torchbearer_flees_in_peril_and_stays_in_service():
    c = Character.create(
        CharacterCreate(
            handle="cedric", name="Cedric the torchbearer", retainer_of="brynn", employer_cha=16
        )
    )
    created = c.pending_events[0]
    # OSE CHA table: 16–17 → loyalty 9
    assert (created.retainer_of, created.employer_cha, created.loyalty) == ("brynn", 16, 9)
    assert (created.rules_say, created.ruled, created.differs) == (9, 9, False)
    assert created.ruleset == "ose-loyalty/1"
    c.test_loyalty(
        LoyaltyTest(handle=c.handle, ruling="flee"), roll=two_d6(4, 6)
    )  # peril: 10 > 9 fails → flee
    tested = last(c)
    assert type(tested).__name__ == "LoyaltyTested"
    assert (tested.occasion, tested.loyalty, tested.roll) == (
        "peril",
        9,
        {"faces": [4, 6], "total": 10, "source": "entered"},
    )
    assert (tested.rules_say, tested.ruled, tested.contradicts) == ("flee", "flee", False)
    assert c.in_service and c.loyalty == 9 and c.retainer_of == "brynn"


def test_a_hiring_reaction_of_12_or_more_adds_one_loyalty():
    # 6+6 = 12, + CHA 16's reaction modifier +1 = 13 ≥ 12 → 9 + 1 = 10
    c = Character.create(
        CharacterCreate(handle="dora", retainer_of="brynn", employer_cha=16),
        hiring_roll=two_d6(6, 6),
    )
    assert (c.pending_events[0].hiring_reaction, c.loyalty) == (13, 10)
    assert c.pending_events[0].hiring_roll == {"faces": [6, 6], "total": 12, "source": "entered"}
    # 5+5 = 10, +1 = 11 < 12 → the table's 9
    e = Character.create(
        CharacterCreate(handle="emil", retainer_of="brynn", employer_cha=16),
        hiring_roll=two_d6(5, 5),
    )
    assert (e.pending_events[0].hiring_reaction, e.loyalty) == (11, 9)
    # 5+5 = 10, +1, + a generous offer +1 = 12 → 10
    f = Character.create(
        CharacterCreate(handle="finn", retainer_of="brynn", employer_cha=16, reaction_mod=1),
        hiring_roll=two_d6(5, 5),
    )
    assert f.loyalty == 10


def test_an_explicit_loyalty_is_a_ruling_beside_the_table_loy002():
    c = Character.create(
        CharacterCreate(handle="gus", retainer_of="brynn", employer_cha=16, loyalty=11)
    )
    created = c.pending_events[0]
    assert (created.rules_say, created.ruled, created.differs, c.loyalty) == (9, 11, True, 11)
    unknown_cha = Character.create(CharacterCreate(handle="hal", retainer_of="brynn", loyalty=7))
    created = unknown_cha.pending_events[0]
    assert (created.rules_say, created.ruled, created.differs) == (None, 7, False)


def test_a_failure_after_an_adventure_quits_the_service():
    c = Character.create(CharacterCreate(handle="cedric", retainer_of="brynn", employer_cha=16))
    c.test_loyalty(
        LoyaltyTest(handle=c.handle, occasion="after-adventure"), roll=two_d6(5, 6)
    )  # 11 > 9 → quit
    assert (last(c).rules_say, last(c).ruled, last(c).in_service) == ("quit", "quit", False)
    assert not c.in_service
    with refused(c, field="handle"):
        c.test_loyalty(LoyaltyTest(handle=c.handle), roll=two_d6(1, 1))


def test_loyalty_rulings_that_contradict_the_rules_are_recorded_and_followed_loy001():
    c = Character.create(CharacterCreate(handle="cedric", retainer_of="brynn", employer_cha=16))
    c.test_loyalty(
        LoyaltyTest(handle=c.handle, ruling="flee", note="he saw the dragon"), roll=two_d6(3, 3)
    )  # 6 ≤ 9: stay
    assert (last(c).rules_say, last(c).ruled, last(c).contradicts) == ("stay", "flee", True)
    assert c.in_service
    c.test_loyalty(
        LoyaltyTest(handle=c.handle, ruling="stay"), roll=two_d6(6, 6)
    )  # 12 > 9: flee, ruled stay
    assert (last(c).rules_say, last(c).contradicts, c.in_service) == ("flee", True, True)
    c.test_loyalty(
        LoyaltyTest(handle=c.handle, ruling="quit"), roll=two_d6(6, 5)
    )  # peril: flee; a ruled quit ends the service
    assert (last(c).rules_say, last(c).ruled, last(c).contradicts) == ("flee", "quit", True)
    assert not c.in_service


def test_loyalty_is_modified_with_a_reason():
    c = Character.create(CharacterCreate(handle="cedric", retainer_of="brynn", employer_cha=16))
    c.modify_loyalty(LoyaltyModifier(handle=c.handle, value=+1, reason="rescued from the pit"))
    assert (last(c).value, last(c).reason, last(c).loyalty_before, last(c).loyalty) == (
        1,
        "rescued from the pit",
        9,
        10,
    )
    assert c.loyalty == 10
    c.test_loyalty(LoyaltyTest(handle=c.handle), roll=two_d6(4, 6))  # 10 ≤ 10 now: stay
    assert last(c).rules_say == "stay"


def test_impossible_retainer_inputs_are_refused():
    with pytest.raises(ImpossibleInput) as error:
        Character.create(CharacterCreate(handle="cedric", retainer_of="brynn"))
    assert error.value.field == "employer_cha"
    with pytest.raises(ImpossibleInput) as error:
        Character.create(CharacterCreate(handle="cedric", retainer_of="brynn", employer_cha=2))
    assert error.value.field == "employer_cha"
    with pytest.raises(ImpossibleInput) as error:
        Character.create(
            CharacterCreate(handle="cedric", retainer_of="brynn", employer_cha=16),
            hiring_roll=d20(12),
        )
    assert error.value.field == "hiring_roll"
    with pytest.raises(ImpossibleInput) as error:
        Character.create(CharacterCreate(handle="cedric", employer_cha=16))
    assert error.value.field == "employer_cha"
    with pytest.raises(ImpossibleInput) as error:
        Character.create(CharacterCreate(handle="cedric", retainer_of="cedric", employer_cha=16))
    assert error.value.field == "retainer_of"
    b = Character.create(CharacterCreate(handle="brynn"))
    with refused(b, field="handle"):
        b.test_loyalty(LoyaltyTest(handle=b.handle), roll=two_d6(3, 3))
    with refused(b, field="handle"):
        b.modify_loyalty(LoyaltyModifier(handle=b.handle, value=1, reason="gift"))
    c = Character.create(CharacterCreate(handle="cedric", retainer_of="brynn", employer_cha=16))
    with refused(c, field="roll"):
        c.test_loyalty(LoyaltyTest(handle=c.handle), roll=None)
    with refused(c, field="roll"):
        c.test_loyalty(LoyaltyTest(handle=c.handle), roll=d20(5))
    with refused(c, field="ruling"):
        c.test_loyalty(LoyaltyTest(handle=c.handle, ruling="fight"), roll=two_d6(3, 3))
    with refused(c, field="occasion"):
        c.test_loyalty(LoyaltyTest(handle=c.handle, occasion="tavern"), roll=two_d6(3, 3))
    with refused(c, field="reason"):
        c.modify_loyalty(LoyaltyModifier(handle=c.handle, value=1, reason=" "))


# --- items ----------------------------------------------------------------------------------------


def test_items_are_acquired_in_order_and_named_case_insensitively():
    b = brynn()
    acquired = [e for e in b.pending_events if type(e).__name__ == "ItemAcquired"]
    assert [
        (e.item, e.slot, e.magic, e.caster_level, e.hardness, e.hp, e.rank) for e in acquired
    ] == [
        ("Tower shield", "shield", False, None, 5, 20, 1),
        ("Ring of protection +1", "jewelry", True, 5, None, None, 9),
    ]
    assert b.items == [
        item_status("Tower shield", "shield", False, "intact", 20, 20),
        item_status("Ring of protection +1", "jewelry", True, "intact", None, None),
    ]
    with refused(b, HandleTaken, field="name"):
        b.add_item(CharacterItem(handle=b.handle, name="tower SHIELD", slot="shield"))
    with refused(b, field="slot"):
        b.add_item(CharacterItem(handle=b.handle, name="Hat", slot="hat"))
    with refused(b, field="caster_level"):
        b.add_item(CharacterItem(handle=b.handle, name="Wand", slot="held", magic=True))
    with refused(b, field="caster_level"):
        b.add_item(CharacterItem(handle=b.handle, name="Stick", slot="held", caster_level=3))
    with refused(b, field="hp"):
        b.add_item(CharacterItem(handle=b.handle, name="Buckler", slot="shield", hardness=10))
    with refused(b, field="hp"):
        b.add_item(CharacterItem(handle=b.handle, name="Buckler", slot="shield", hardness=10, hp=0))
    with refused(b, field="name"):
        b.add_item(CharacterItem(handle=b.handle, name="  ", slot="other"))


def test_a_dropped_item_leaves_and_a_new_one_of_that_name_is_acquired_last():
    b = brynn()
    b.drop_item(ItemDrop(handle=b.handle, item="tower shield"))
    assert (type(last(b)).__name__, last(b).item) == ("ItemDropped", "Tower shield")
    assert [i["name"] for i in b.items] == ["Ring of protection +1"]
    with refused(b, UnknownHandle, field="item"):
        b.drop_item(ItemDrop(handle=b.handle, item="Tower shield"))
    b.add_item(
        CharacterItem(handle=b.handle, name="Tower shield", slot="shield", hardness=5, hp=20)
    )
    assert [i["name"] for i in b.items] == ["Ring of protection +1", "Tower shield"]


def test_a_repaired_item_is_mended_to_its_maximum_or_to_the_hp_given():
    b = brynn()
    fireball(b, 1, item="Tower shield")
    b.item_save(ItemSave(handle=b.handle), roll=d20(9))  # 13 of 20 left (the example below)
    b.repair_item(ItemRepair(handle=b.handle, item="Tower shield", hp=15))
    assert (last(b).hp_before, last(b).hp, last(b).state_before, last(b).state) == (
        13,
        15,
        "damaged",
        "damaged",
    )
    b.repair_item(ItemRepair(handle=b.handle, item="Tower shield"))
    assert b.items[0]["hp"] == 20 and b.items[0]["state"] == "intact"
    with refused(b, field="hp"):
        b.repair_item(ItemRepair(handle=b.handle, item="Tower shield", hp=21))
    with refused(b, field="hp"):
        b.repair_item(
            ItemRepair(handle=b.handle, item="Ring of protection +1", hp=3)
        )  # its hit points are not tracked


# --- saves: the example of docs/log-language.md#a-log ---------------------------------------------


def test_brynn_fails_her_save_against_fireball_on_a_natural_1_and_exposes_her_shield():
    b = brynn()
    since = len(b.pending_events)
    fireball(b, 1, item="Tower shield")
    assert kinds(b, since) == ["SaveFailed", "ItemExposed"]
    save, exposed = b.pending_events[since:]
    # DC 10 + 3 + 4 = 17; bonus = reflex 1 + 0; a natural 1 always fails (D-7)
    assert (save.vs, save.save_type, save.effect) == ("Fireball", "reflex", "half")
    assert (save.dc, save.dc_formula, save.dc_differs) == (17, 17, False)
    assert (save.save_bonus, save.bonus, save.natural, save.total) == (1, 1, 1, 2)
    assert save.roll == {"faces": None, "total": 1, "source": "entered"}
    assert (save.rules_say, save.ruled, save.contradicts) == ("failure", "failure", False)
    assert (save.rules_damage, save.ruled_damage, save.damage_taken) == (24, 24, 24)
    assert not save.damage_differs and save.exposes and save.ruleset == "d20-saves/1"
    assert save.inputs["spell_level"] == 3 and save.inputs["item"] == "Tower shield"
    # Candidates: shield rank 1, magic ring rank 9, in that order; none tied
    assert (exposed.candidates, exposed.tied, exposed.ranks) == (
        ["Tower shield", "Ring of protection +1"],
        [],
        [1, 9],
    )
    assert (exposed.item, exposed.among_candidates, exposed.chosen_by) == (
        "Tower shield",
        True,
        "gm",
    )
    assert (exposed.rules_say, exposed.ruled) == (
        ["Tower shield", "Ring of protection +1"],
        "Tower shield",
    )
    assert (exposed.save_type, exposed.dc, exposed.effect, exposed.damage, exposed.energy) == (
        "reflex",
        17,
        "half",
        24,
        True,
    )
    assert b.damage_taken == 24
    assert b.pending_exposure["item"] == "Tower shield"


def test_the_exposed_shield_saves_on_its_own_and_is_damaged_not_broken():
    b = brynn()
    fireball(b, 1, item="Tower shield")
    exposure = last(b).position
    b.item_save(ItemSave(handle=b.handle), roll=d20(9))
    saved = last(b)
    # bonus = max(bearer's reflex 1, non-magic: none) = 1; 9 + 1 = 10 < 17 fails;
    # 24 → energy halves it to 12 → minus hardness 5 = 7 → 20 − 7 = 13 > 20/2: damaged
    assert type(saved).__name__ == "ItemDamaged"
    assert (saved.item, saved.exposure, saved.other_item) == ("Tower shield", exposure, False)
    assert (saved.save_type, saved.dc, saved.effect, saved.damage, saved.energy) == (
        "reflex",
        17,
        "half",
        24,
        True,
    )
    assert (saved.saves, saved.bonus, saved.bearer_bonus, saved.natural, saved.total) == (
        True,
        1,
        1,
        9,
        10,
    )
    assert saved.success is False
    assert (saved.rules_damage, saved.rules_hp_left, saved.hp_before, saved.hp) == (7, 13, 20, 13)
    assert (saved.rules_say, saved.ruled, saved.differs, saved.state) == (
        "damaged",
        "damaged",
        False,
        "damaged",
    )
    assert b.items[0] == item_status("Tower shield", "shield", False, "damaged", 13, 20)
    assert b.pending_exposure is None


def test_brynn_fails_her_phobia_roll_and_her_status_is_the_json_pages():
    b = brynn()
    fireball(b, 1, item="Tower shield")
    b.item_save(ItemSave(handle=b.handle), roll=d20(9))
    b.roll_flaw(FlawRoll(handle=b.handle, key="phobia-mild", result=6))
    rolled = last(b)
    # MORAL vs NORMALE (9): 6 < 9, failed by 3 → −1 on all rolls, no duration stated
    # (docs/rules.md#where-seed-002-leaves-a-case-open)
    assert type(rolled).__name__ == "FlawRolled"
    assert (rolled.key, rolled.detail, rolled.trigger, rolled.score) == (
        "phobia-mild",
        "spiders",
        "presence",
        "moral",
    )
    assert (rolled.rule_difficulty, rolled.difficulty, rolled.result) == (9, 9, 6)
    assert (rolled.success, rolled.failure_points) == (False, 3)
    assert (rolled.rules_say, rolled.ruled, rolled.contradicts) == ("failure", "failure", False)
    assert not rolled.difficulty_differs and not rolled.consequences_differ
    assert rolled.ruleset == "d6harmonie/1"
    condition = {
        "value": -1,
        "unit": "flat",
        "applies_to": "all-rolls",
        "source": "phobia-mild",
        "detail": "spiders",  # which of several such flaws: `condition end brynn KEY:detail`
        "duration": None,
        "until": None,
    }
    assert rolled.conditions == [condition]
    documented_status = {
        "handle": "brynn", "name": "Brynn", "finalized": True, "retainer_of": None,
        "loyalty": None, "in_service": True,
        "flaws": [{"key": "phobia-mild", "detail": "spiders", "points": 4}],
        "advantages": [{"key": "nerves-of-steel", "detail": None, "points": 10}],
        "flaw_points": 4, "advantage_points": 10, "moral_modifier": 1,
        "conditions": [condition],
        "hp_lost": {"torso": 0}, "conscience_lost": 0, "damage_taken": 24,
        "saves": {"fortitude": 4, "reflex": 1, "will": 2}, "stats": {},
        "items": [
            item_status("Tower shield", "shield", False, "damaged", 13, 20),
            item_status("Ring of protection +1", "jewelry", True, "intact", None, None),
        ],
    }  # fmt: skip
    assert b.as_status() == documented_status
    # the condition has no duration: it lasts until the session ends
    # (docs/log-language.md#conditions-and-the-clock)
    b.end_session_conditions()
    ended = last(b)
    assert (type(ended).__name__, ended.source, ended.by) == (
        "ConditionEnded",
        "phobia-mild",
        "session-end",
    )
    assert ended.conditions == [condition] and b.conditions == []


# --- saves: rulings and the other paths -----------------------------------------------------------


def test_a_natural_1_ruled_a_success_deals_a_successs_damage_and_still_exposes_an_item():
    b = brynn()
    offered = []

    def tracker_picks_the_last(names):
        offered.append(list(names))
        return names[-1]

    since = len(b.pending_events)
    fireball(b, 1, ruling="success", chooser=tracker_picks_the_last, note="her luck holds")
    assert kinds(b, since) == ["SaveMade", "ItemExposed"]
    save, exposed = b.pending_events[since:]
    assert (save.rules_say, save.ruled, save.contradicts, save.note) == (
        "failure",
        "success",
        True,
        "her luck holds",
    )
    # the state follows the ruling: a success against `half` takes ⌊24/2⌋ = 12
    assert (save.rules_damage, save.ruled_damage, save.damage_taken) == (24, 12, 12)
    assert b.damage_taken == 12
    assert offered == [["Tower shield", "Ring of protection +1"]]
    assert (exposed.item, exposed.chosen_by, exposed.among_candidates) == (
        "Ring of protection +1",
        "tracker",
        True,
    )
    assert exposed.note is None  # the note is the save's, once
    assert b.pending_exposure["item"] == "Ring of protection +1"


def test_a_stated_dc_that_differs_from_the_formula_is_the_dc_in_force_sav001():
    b = brynn()
    fireball(b, 14, dc=15)  # 14 + 1 = 15 ≥ 15 succeeds (it would fail against 17)
    save = last(b)
    assert (save.dc, save.dc_formula, save.dc_differs) == (15, 17, True)
    assert (type(save).__name__, save.rules_say, save.damage_taken) == ("SaveMade", "success", 12)
    assert not save.exposes


def test_damage_taken_that_differs_from_the_effect_is_recorded_as_ruled_sav005():
    b = brynn()
    fireball(b, 18, damage_taken=20)  # 18 + 1 = 19 ≥ 17: half of 24 is 12, the GM says 20
    save = last(b)
    assert (save.rules_damage, save.damage_taken, save.damage_differs) == (12, 20, True)
    assert b.damage_taken == 20


@pytest.mark.parametrize(
    ("effect", "natural", "damage_taken"),
    [
        ("half", 20, 12),  # natural 20 always succeeds: ⌊24/2⌋
        ("half", 15, 24),  # 15 + 1 = 16 < 17
        ("negates", 16, 0),  # 16 + 1 = 17 ≥ 17: no effect
        ("partial", 16, None),  # the lesser effect: its damage is the spell's text
        ("disbelief", 2, 24),
    ],
)
def test_the_damage_taken_follows_the_effect(effect, natural, damage_taken):
    b = brynn()
    b.save(
        SavingThrow(
            handle=b.handle, vs="Spell", save_type="reflex", dc=17, effect=effect, damage=24
        ),
        roll=d20(natural),
    )
    assert last(b).damage_taken == damage_taken
    assert b.damage_taken == (damage_taken or 0)


def test_the_dc_from_a_class_and_its_casting_ability():
    b = brynn()
    # wizard: Int 18 → +4; 10 + 3 + 4 = 17
    b.save(
        SavingThrow(
            handle=b.handle,
            vs="Fireball",
            save_type="reflex",
            spell_level=3,
            class_name="wizard",
            ability_score=18,
            effect="half",
        ),
        roll=d20(16),
    )
    assert (last(b).dc, type(last(b)).__name__) == (17, "SaveMade")
    # paladin: Wis by default (D-6), Cha by the campaign setting: Wis 10 → 0, Cha 14 → +2
    b.save(
        SavingThrow(
            handle=b.handle,
            vs="Hold",
            save_type="will",
            spell_level=1,
            class_name="paladin",
            ability_score=10,
            effect="negates",
        ),
        roll=d20(9),
    )
    assert last(b).dc == 11
    b.save(
        SavingThrow(
            handle=b.handle,
            vs="Hold",
            save_type="will",
            spell_level=1,
            class_name="paladin",
            ability_score=14,
            effect="negates",
        ),
        roll=d20(9),
        paladin_ability="cha",
    )
    assert (last(b).dc, last(b).rules_say) == (13, "failure")  # 9 + 2 = 11 < 13


def test_a_save_with_no_save_allowed_or_forgone_needs_no_dc_and_no_roll():
    b = brynn()
    b.save(
        SavingThrow(
            handle=b.handle, vs="Magic missile", save_type="reflex", effect="none", damage=7
        ),
        roll=None,
    )
    assert (type(last(b)).__name__, last(b).rolls, last(b).dc, last(b).damage_taken) == (
        "SaveFailed",
        False,
        None,
        7,
    )
    b.save(
        SavingThrow(
            handle=b.handle, vs="Haste", save_type="will", effect="negates", voluntary_fail=True
        ),
        roll=None,
    )
    assert (last(b).rules_say, last(b).rolls) == ("failure", False)
    b.save(
        SavingThrow(
            handle=b.handle, vs="Cure", save_type="will", effect="half", harmless=True, damage=0
        ),
        roll=None,
    )
    assert last(b).rolls is False
    assert b.damage_taken == 7


def test_impossible_saves_are_refused_before_anything_is_recorded():
    b = Character.create(CharacterCreate(handle="brynn"))
    b.add_item(
        CharacterItem(handle=b.handle, name="Tower shield", slot="shield", hardness=5, hp=20)
    )
    with refused(b, field="saves") as error:
        fireball(b, 12)
    assert f"character saves {b.handle}" in error.value.message
    b.set_saves(CharacterSaves(handle=b.handle, fortitude=4, reflex=1, will=2))
    with refused(b, field="dc"):
        b.save(
            SavingThrow(handle=b.handle, vs="Fireball", save_type="reflex", effect="half"),
            roll=d20(12),
        )
    with refused(b, field="spell_level"):
        b.save(
            SavingThrow(
                handle=b.handle, vs="Fireball", save_type="reflex", ability_mod=4, effect="half"
            ),
            roll=d20(12),
        )
    with refused(b, field="roll"):
        b.save(
            SavingThrow(handle=b.handle, vs="Magic missile", save_type="reflex", effect="none"),
            roll=d20(12),
        )
    with refused(b, field="roll"):
        b.save(
            SavingThrow(
                handle=b.handle,
                vs="Haste",
                save_type="will",
                dc=15,
                effect="negates",
                voluntary_fail=True,
            ),
            roll=d20(12),
        )
    with refused(b, field="roll"):
        b.save(
            SavingThrow(handle=b.handle, vs="Fireball", save_type="reflex", dc=17, effect="half"),
            roll=None,
        )
    with refused(b, field="roll"):
        b.save(
            SavingThrow(handle=b.handle, vs="Fireball", save_type="reflex", dc=17, effect="half"),
            roll=two_d6(3, 4),
        )
    with refused(b, field="save_type"):
        b.save(
            SavingThrow(handle=b.handle, vs="Fireball", save_type="charisma", dc=17, effect="half"),
            roll=d20(12),
        )
    with refused(b, field="effect"):
        b.save(
            SavingThrow(
                handle=b.handle, vs="Fireball", save_type="reflex", dc=17, effect="quarter"
            ),
            roll=d20(12),
        )
    with refused(b, field="ruling"):
        b.save(
            SavingThrow(
                handle=b.handle,
                vs="Fireball",
                save_type="reflex",
                dc=17,
                effect="half",
                ruling="maybe",
            ),
            roll=d20(12),
        )
    with refused(b, field="item"):
        fireball(b, 12, item="Tower shield")  # no natural 1: nothing is exposed
    with refused(b, UnknownHandle, field="item"):
        fireball(b, 1, item="Helmet")
    with refused(b, field="item"):
        fireball(b, 1)  # neither the GM's item nor a chooser
    with refused(b, field="damage_taken"):
        fireball(b, 12, damage_taken=-1)


def test_an_item_outside_the_four_candidates_is_recorded_as_the_gm_ruled_sav004():
    b = Character.create(CharacterCreate(handle="brynn"))
    b.set_saves(CharacterSaves(handle=b.handle, fortitude=4, reflex=1, will=2))
    b.add_item(
        CharacterItem(handle=b.handle, name="Chest", slot="other", unattended=True)
    )  # unattended: never a candidate
    b.add_item(CharacterItem(handle=b.handle, name="Lucky coin", slot="other"))  # rank 10
    b.add_item(CharacterItem(handle=b.handle, name="Dagger", slot="stowed-weapon"))  # rank 6
    b.add_item(CharacterItem(handle=b.handle, name="Sword", slot="held"))  # rank 4
    b.add_item(CharacterItem(handle=b.handle, name="Chain mail", slot="armor"))  # rank 2
    b.add_item(CharacterItem(handle=b.handle, name="Buckler", slot="shield"))  # rank 1
    fireball(b, 1, item="lucky coin")
    exposed = last(b)
    assert exposed.candidates == ["Buckler", "Chain mail", "Sword", "Dagger"]
    assert (exposed.tied, exposed.ranks) == ([], [1, 2, 4, 6])
    assert (exposed.item, exposed.among_candidates, exposed.chosen_by) == (
        "Lucky coin",
        False,
        "gm",
    )


def test_items_tied_with_the_fourth_are_choosable_too():
    b = Character.create(CharacterCreate(handle="brynn"))
    b.set_saves(CharacterSaves(handle=b.handle, fortitude=4, reflex=1, will=2))
    for name, slot in [
        ("Buckler", "shield"),
        ("Chain mail", "armor"),
        ("Sword", "held"),
        ("Dagger", "stowed-weapon"),
        ("Short sword", "stowed-weapon"),
    ]:
        b.add_item(CharacterItem(handle=b.handle, name=name, slot=slot))
    offered = []
    fireball(b, 1, chooser=lambda names: offered.append(list(names)) or "Short sword")
    exposed = last(b)
    assert exposed.tied == ["Short sword"]
    assert offered == [["Buckler", "Chain mail", "Sword", "Dagger", "Short sword"]]
    assert (exposed.item, exposed.among_candidates, exposed.chosen_by) == (
        "Short sword",
        True,
        "tracker",
    )


def test_a_natural_1_with_nothing_carried_exposes_nothing():
    b = Character.create(CharacterCreate(handle="naked"))
    b.set_saves(CharacterSaves(handle=b.handle, fortitude=0, reflex=0, will=0))
    fireball(b, 1)
    assert kinds(b)[-1] == "SaveFailed" and last(b).exposes and b.pending_exposure is None


# --- item saves: rulings and the other paths ------------------------------------------------------


def test_an_item_ruled_broken_keeps_at_most_half_its_hit_points_sav006():
    b = brynn()
    fireball(b, 1, item="Tower shield")
    b.item_save(ItemSave(handle=b.handle, ruling="broken"), roll=d20(9))
    broken = last(b)
    assert type(broken).__name__ == "ItemBroken"
    assert (broken.rules_say, broken.ruled, broken.differs) == ("damaged", "broken", True)
    assert (broken.rules_hp_left, broken.hp, broken.state) == (13, 10, "broken")  # ⌊20/2⌋
    assert b.items[0]["state"] == "broken" and b.items[0]["hp"] == 10


def test_an_item_ruled_intact_takes_no_damage():
    b = brynn()
    fireball(b, 1, item="Tower shield")
    b.item_save(ItemSave(handle=b.handle, ruling="intact"), roll=d20(9))
    assert (type(last(b)).__name__, last(b).hp, last(b).differs) == ("ItemSaved", 20, True)
    assert b.items[0]["state"] == "intact" and b.items[0]["hp"] == 20


def test_hit_points_left_given_by_the_gm_decide_the_outcome():
    b = brynn()
    fireball(b, 1, item="Tower shield")
    b.item_save(
        ItemSave(handle=b.handle, hp_left=5), roll=d20(9)
    )  # 5 ≤ 20/2: broken; the rules said 13
    assert (type(last(b)).__name__, last(b).ruled, last(b).hp, last(b).differs) == (
        "ItemBroken",
        "broken",
        5,
        True,
    )


def test_an_item_already_broken_that_loses_nothing_is_still_broken_by_the_rules_too():
    # docs/log-language.md#item-saves: hit points known, the outcome is what the hit points left
    # make it (broken at half the maximum or less); the rules do not say "intact" for a save that
    # cost nothing, so a GM who rules the broken shield still broken gets no SAV006
    b = brynn()
    fireball(b, 1, item="Tower shield")
    b.item_save(
        ItemSave(handle=b.handle, ruling="broken"), roll=d20(9)
    )  # 10 of 20: broken (the test above)
    direct = {"dc": 15, "save_type": "reflex", "damage": 6}  # negates: a success costs nothing
    b.item_save(
        ItemSave(handle=b.handle, item="Tower shield", ruling="broken", **direct), roll=d20(19)
    )  # 19 + 1 ≥ 15
    saved = last(b)
    assert (saved.success, saved.rules_hp_left, saved.rules_say) == (True, 10, "broken")
    assert (saved.ruled, saved.differs, saved.hp, saved.state) == ("broken", False, 10, "broken")
    b.item_save(
        ItemSave(handle=b.handle, item="Tower shield", **direct), roll=d20(19)
    )  # no ruling: the rules' word stands
    assert (last(b).rules_say, last(b).ruled, b.items[0]["state"]) == ("broken", "broken", "broken")
    # a save harms, it never mends: more hit points than it has are impossible
    with refused(b, field="hp_left"):
        b.item_save(
            ItemSave(handle=b.handle, item="Tower shield", hp_left=11, **direct), roll=d20(2)
        )
    b.item_save(
        ItemSave(handle=b.handle, item="Tower shield", hp_left=10, **direct), roll=d20(2)
    )  # the GM says it lost nothing
    assert (last(b).ruled, last(b).hp, b.items[0]["state"]) == ("broken", 10, "broken")


def test_a_successful_item_save_against_half_halves_the_damage():
    b = brynn()
    fireball(b, 1, item="Tower shield")
    b.item_save(
        ItemSave(handle=b.handle), roll=d20(19)
    )  # 19 + 1 = 20 ≥ 17: ⌊24/2⌋ = 12 → energy 6 → −5 = 1 → 19 of 20
    saved = last(b)
    assert (saved.success, saved.rules_damage, saved.hp, saved.rules_say) == (
        True,
        1,
        19,
        "damaged",
    )


def test_another_item_than_the_exposed_one_is_recorded_as_ruled_and_resolves_the_exposure():
    b = brynn()
    fireball(b, 1, item="Tower shield")
    # the ring: magic CL 5 → 2 + ⌊5/2⌋ = 4, better than the bearer's reflex 1; 12 + 4 = 16 < 17
    b.item_save(ItemSave(handle=b.handle, item="Ring of protection +1"), roll=d20(12))
    saved = last(b)
    assert (type(saved).__name__, saved.other_item, saved.bonus, saved.total) == (
        "ItemDamaged",
        True,
        4,
        16,
    )
    assert (saved.hp, saved.hp_max, saved.state) == (None, None, "damaged")
    assert b.items[1]["state"] == "damaged" and b.pending_exposure is None


def test_an_untracked_item_saves_against_half_unharmed_and_broken_is_no_finding():
    b = brynn()
    fireball(b, 1, item="Ring of protection +1")
    b.item_save(ItemSave(handle=b.handle), roll=d20(13))  # 13 + 4 = 17 ≥ 17
    assert (type(last(b)).__name__, last(b).rules_say) == ("ItemSaved", "intact")
    fireball(b, 1, item="Ring of protection +1")
    b.item_save(
        ItemSave(handle=b.handle, ruling="destroyed"), roll=d20(2)
    )  # 2 + 4 = 6 fails: damaged; D-8: no finding
    assert (type(last(b)).__name__, last(b).rules_say, last(b).differs) == (
        "ItemDestroyed",
        "damaged",
        False,
    )
    assert b.items[1]["state"] == "destroyed"
    fireball(b, 1, item="Tower shield")  # a destroyed ring is exposed no more
    assert last(b).candidates == ["Tower shield"]


def test_an_item_targeted_directly_needs_dc_type_and_damage():
    b = brynn()
    with refused(b, field="dc"):
        b.item_save(
            ItemSave(handle=b.handle, item="Tower shield", save_type="fortitude", damage=30),
            roll=d20(5),
        )
    with refused(b, field="item"):
        b.item_save(ItemSave(handle=b.handle, dc=15, save_type="fortitude", damage=30), roll=d20(5))
    # fortitude 4: 5 + 4 = 9 < 15 fails; 30 − 5 = 25 ≥ 20 hit points: destroyed
    b.item_save(
        ItemSave(handle=b.handle, item="Tower shield", dc=15, save_type="fortitude", damage=30),
        roll=d20(5),
    )
    hit = last(b)
    assert (type(hit).__name__, hit.exposure, hit.other_item, hit.effect) == (
        "ItemDestroyed",
        None,
        False,
        "negates",
    )
    assert (hit.rules_damage, hit.hp, hit.state) == (25, 0, "destroyed")


def test_an_unattended_non_magic_item_gets_no_save():
    b = brynn()
    b.add_item(
        CharacterItem(
            handle=b.handle, name="Bedroll", slot="other", hardness=2, hp=5, unattended=True
        )
    )
    with refused(b, field="roll"):
        b.item_save(
            ItemSave(handle=b.handle, item="Bedroll", dc=10, save_type="reflex", damage=6),
            roll=d20(15),
        )
    b.item_save(
        ItemSave(handle=b.handle, item="Bedroll", dc=10, save_type="reflex", damage=6), roll=None
    )  # 6 − 2 = 4 → 1 of 5
    hit = last(b)
    assert (type(hit).__name__, hit.saves, hit.bearer_bonus, hit.hp) == (
        "ItemBroken",
        False,
        None,
        1,
    )


def test_impossible_item_saves_are_refused():
    b = brynn()
    fireball(b, 1, item="Tower shield")
    with refused(b, field="roll"):
        b.item_save(ItemSave(handle=b.handle), roll=None)  # the shield saves: it needs a roll
    with refused(b, field="ruling"):
        b.item_save(ItemSave(handle=b.handle, ruling="scratched"), roll=d20(9))
    with refused(b, field="hp_left"):
        b.item_save(ItemSave(handle=b.handle, hp_left=21), roll=d20(9))
    with refused(b, field="hp_left"):
        b.item_save(ItemSave(handle=b.handle, item="Ring of protection +1", hp_left=1), roll=d20(9))
    with refused(b, UnknownHandle, field="item"):
        b.item_save(ItemSave(handle=b.handle, item="Helmet"), roll=d20(9))
    assert b.pending_exposure is not None


# --- flaws ----------------------------------------------------------------------------------------


def test_a_difficulty_ruled_by_the_gm_is_the_one_the_result_is_judged_against_trt004():
    b = brynn()
    b.roll_flaw(
        FlawRoll(handle=b.handle, key="phobie-legere:spiders", result=6, difficulty=7)
    )  # 6 < 7: failed by 1
    rolled = last(b)
    assert (rolled.rule_difficulty, rolled.difficulty, rolled.difficulty_differs) == (9, 7, True)
    assert (rolled.failure_points, rolled.rules_say) == (1, "failure")
    b.roll_flaw(
        FlawRoll(handle=b.handle, key="phobia-mild", result=8, difficulty=7)
    )  # 8 ≥ 7: a success, no effect (docs/rules.md#where-seed-002-leaves-a-case-open)
    assert (last(b).rules_say, last(b).conditions) == ("success", [])


def test_a_flaw_roll_ruled_a_success_has_no_consequences():
    b = brynn()
    b.roll_flaw(
        FlawRoll(
            handle=b.handle,
            key="phobia-mild",
            result=6,
            ruling="success",
            note="the spider was tiny",
        )
    )
    rolled = last(b)
    assert (rolled.rules_say, rolled.ruled, rolled.contradicts) == ("failure", "success", True)
    assert rolled.rules_consequences["penalties"][0]["value"] == -1
    assert rolled.ruled_consequences["penalties"] == [] and rolled.conditions == []
    assert b.conditions == []


def test_a_critical_failure_replaces_the_failure_row():
    b = brynn()
    b.roll_flaw(
        FlawRoll(handle=b.handle, key="phobia-mild", result=10, critical=True)
    )  # D-9: −2 and a panic attack
    assert (last(b).rules_say, [c["value"] for c in b.conditions]) == ("failure", [-2])
    assert "panic attack" in last(b).rules_consequences["effects"]


def test_the_gms_penalty_replaces_the_rules_one_trt005():
    b = brynn()
    b.roll_flaw(FlawRoll(handle=b.handle, key="phobia-mild", result=6, penalty=-2))
    assert (last(b).consequences_differ, b.conditions[0]["value"]) == (True, -2)


def test_a_severe_allergy_costs_torso_hit_points_and_conscience_per_point_of_failure():
    # Seed 002's example: 6 minutes → NORMALE (9) + 6 = 15; failed by 5 → 5 HP and 5 conscience
    b = Character.create(CharacterCreate(handle="ines", flaws=["allergie-grave:pollen"]))
    b.roll_flaw(FlawRoll(handle=b.handle, key="allergy-severe", minutes=6, result=10))
    rolled = last(b)
    assert (rolled.difficulty, rolled.failure_points) == (15, 5)
    assert rolled.rules_consequences["hp_lost"] == {"torso": 5}
    assert rolled.rules_consequences["conscience_lost"] == 5
    assert (b.hp_lost, b.conscience_lost) == ({"torso": 5}, 5)
    b.roll_flaw(
        FlawRoll(handle=b.handle, key="allergy-severe", minutes=6, result=12, hp_lost=1)
    )  # failed by 3; GM: 1 HP
    assert (last(b).consequences_differ, b.hp_lost, b.conscience_lost) == (True, {"torso": 6}, 8)


def test_a_moderate_allergy_loses_at_most_8_conscience_per_episode():
    b = Character.create(CharacterCreate(handle="jon", flaws=["allergy-moderate:cats"]))
    b.roll_flaw(
        FlawRoll(handle=b.handle, key="allergy-moderate", minutes=12, result=5)
    )  # FACILE (5) + 12 = 17: failed by 12
    assert (last(b).failure_points, b.conscience_lost) == (12, 8)
    b.roll_flaw(
        FlawRoll(handle=b.handle, key="allergy-moderate", minutes=12, result=5)
    )  # another episode: 8 more
    assert b.conscience_lost == 16


def test_a_dice_duration_is_rolled_when_it_starts_and_sets_until():
    b = Character.create(CharacterCreate(handle="kit", flaws=["greed"]))
    # missed a chance: MORAL vs 9, 5 fails → −2 on all rolls for 1D6 hours; 4 → 14,400 seconds
    b.roll_flaw(
        FlawRoll(handle=b.handle, key="greed", trigger="missed-chance", result=5),
        clock_seconds=36000,
        duration_roller=lambda dice: Roll(D6, 4),
    )
    rolled = last(b)
    assert rolled.duration_roll == {"faces": None, "total": 4, "source": "entered"}
    assert rolled.conditions == [
        {
            "value": -2,
            "unit": "flat",
            "applies_to": "all-rolls",
            "source": "greed",
            "detail": None,
            "duration": "1D6 hours",
            "until": 50400,  # day 1 14:00
        }
    ]
    assert not rolled.consequences_differ
    # a condition past its time goes at the next roll (day 1 15:00 is 54,000 seconds)
    b.roll_flaw(
        FlawRoll(handle=b.handle, key="greed", trigger="temptation", result=9), clock_seconds=54000
    )
    assert b.conditions == []


def test_a_duration_the_dice_cannot_give_is_a_ruling_trt005():
    b = Character.create(CharacterCreate(handle="kit", flaws=["greed"]))
    b.roll_flaw(
        FlawRoll(
            handle=b.handle, key="greed", trigger="missed-chance", result=5, duration="25200s"
        ),
        clock_seconds=3600,
    )
    assert (last(b).consequences_differ, b.conditions[0]["until"]) == (True, 28800)  # 7 h > 1D6 h
    b.roll_flaw(
        FlawRoll(handle=b.handle, key="greed", trigger="missed-chance", result=5, duration="18000s")
    )  # 5 h: the dice allow
    assert not last(b).consequences_differ


def test_a_duration_is_rolled_by_the_callers_roller_when_none_is_given():
    b = Character.create(CharacterCreate(handle="lou", flaws=["heavy-sleeper"]))
    asked = []

    def roller(dice):
        asked.append(dice)
        return Roll(dice, 3, (3,), "rolled")

    # brutal awakening: 3 < 9 → −3 for 1D6 rounds; 3 rounds of 10 s → until second 30
    b.roll_flaw(
        FlawRoll(handle=b.handle, key="heavy-sleeper", trigger="brutal-awakening", result=3),
        duration_roller=roller,
    )
    assert asked == [D6]
    assert (last(b).duration_roll["source"], b.conditions[0]["until"]) == ("rolled", 30)
    with refused(b, field="duration"):
        b.roll_flaw(
            FlawRoll(handle=b.handle, key="heavy-sleeper", trigger="brutal-awakening", result=3)
        )
    with refused(b, field="duration"):
        b.roll_flaw(
            FlawRoll(handle=b.handle, key="heavy-sleeper", trigger="brutal-awakening", result=3),
            duration_roller=lambda dice: Roll(D20, 7),
        )


def test_a_condition_starts_at_the_clocks_second_and_lasts_whole_rounds():
    """Seed 002, Sommeil de plomb: « −3 à tous ses jets durant 1D6 tours »; a round is 10 s
    (docs/rules.md#d-9). From 00:00:50, a rolled 2 ends at second 70, not at a minute."""
    b = Character.create(CharacterCreate(handle="gil", flaws=["heavy-sleeper", "greed"]))
    b.roll_flaw(
        FlawRoll(handle=b.handle, key="heavy-sleeper", trigger="brutal-awakening", result=4),
        clock_seconds=50,
        duration_roller=lambda dice: Roll(D6, 2),
    )
    assert (last(b).seconds, b.conditions[0]["until"]) == (50, 70)
    # « durant 1D6 heures », rolled 4 from 00:00:50: until 04:00:50
    b.roll_flaw(
        FlawRoll(handle=b.handle, key="greed", trigger="missed-chance", result=5),
        clock_seconds=50,
        duration_roller=lambda dice: Roll(D6, 4),
    )
    assert [c["until"] for c in b.conditions] == [70, 14450]
    assert [c["source"] for c in b.conditions_at(69)] == ["heavy-sleeper", "greed"]
    assert [c["source"] for c in b.conditions_at(70)] == ["greed"]
    assert b.conditions_at(14450) == []
    # the GM's length, to the second, kept with the words the GM gave it in
    b.roll_flaw(
        FlawRoll(
            handle=b.handle,
            key="heavy-sleeper",
            trigger="brutal-awakening",
            result=4,
            duration="65s",
        ),
        clock_seconds=69,
    )
    assert [c["until"] for c in b.conditions] == [70, 14450, 134]  # none past its time yet
    assert (last(b).inputs["duration"], last(b).inputs["duration_words"]) == (65, "65s")
    assert last(b).consequences_differ  # 65 s is more than 1D6 rounds (60 s) allow: TRT005
    b.roll_flaw(
        FlawRoll(
            handle=b.handle,
            key="heavy-sleeper",
            trigger="brutal-awakening",
            result=4,
            duration="20s",
        ),
        clock_seconds=134,
    )
    assert [c["until"] for c in b.conditions] == [14450, 154]  # ended at 70 and at 134


def test_a_flaw_that_does_not_roll_records_its_consequence():
    b = Character.create(CharacterCreate(handle="mia", flaws=["merciful"]))
    b.roll_flaw(
        FlawRoll(handle=b.handle, key="clement"), duration_roller=lambda dice: Roll(D6, 2)
    )  # killed: −3 for 1D6 weeks; 2 weeks
    rolled = last(b)
    assert (rolled.rules_say, rolled.ruled, rolled.success) == (None, None, None)
    assert b.conditions[0]["value"] == -3 and b.conditions[0]["until"] == 2 * 7 * 24 * 3600
    with refused(b, field="ruling"):
        b.roll_flaw(
            FlawRoll(handle=b.handle, key="merciful", ruling="success"),
            duration_roller=lambda dice: Roll(D6, 2),
        )


def test_early_riser_halves_a_heavy_sleepers_short_night():
    b = Character.create(
        CharacterCreate(handle="ned", flaws=["heavy-sleeper"], advantages=["leve-tot"])
    )
    b.roll_flaw(
        FlawRoll(handle=b.handle, key="heavy-sleeper", trigger="short-night")
    )  # −2 halved toward zero (docs/rules.md#where-seed-002-leaves-a-case-open)
    assert b.conditions[0]["value"] == -1


def test_impossible_flaw_rolls_are_refused():
    b = brynn()
    with refused(b, field="key"):
        b.roll_flaw(FlawRoll(handle=b.handle, key="vertigo", result=5))  # a flaw she does not have
    with refused(b, field="key"):
        b.roll_flaw(FlawRoll(handle=b.handle, key="phobia-mild:heights", result=5))
    with refused(b, field="result"):
        b.roll_flaw(FlawRoll(handle=b.handle, key="phobia-mild"))  # D6Harmonie rolls are entered
    with refused(b, field="minutes"):
        b.roll_flaw(FlawRoll(handle=b.handle, key="phobia-mild", result=5, minutes=3))
    with refused(b, field="ruling"):
        b.roll_flaw(FlawRoll(handle=b.handle, key="phobia-mild", result=5, ruling="flee"))
    b.take_trait(CharacterTrait(handle=b.handle, kind="flaw", key_detail="phobia-mild:heights"))
    with refused(b, field="key"):
        b.roll_flaw(FlawRoll(handle=b.handle, key="phobia-mild", result=5))  # which one?
    b.roll_flaw(FlawRoll(handle=b.handle, key="phobia-mild:heights", result=5))
    assert last(b).detail == "heights"


def test_conditions_end_by_the_gms_word_or_with_the_session():
    b = Character.create(CharacterCreate(handle="kit", flaws=["greed", "phobia-mild:spiders"]))
    b.roll_flaw(
        FlawRoll(handle=b.handle, key="greed", trigger="missed-chance", result=5),
        duration_roller=lambda dice: Roll(D6, 1),
    )
    b.roll_flaw(FlawRoll(handle=b.handle, key="phobia-mild", result=2))
    b.end_session_conditions()  # only the phobia has no duration
    assert [c["source"] for c in b.conditions] == ["greed"]
    b.end_condition(ConditionEnd(handle=b.handle, source="cupidite", note="good news from home"))
    ended = last(b)
    assert (ended.source, ended.by, ended.note, len(ended.conditions)) == (
        "greed",
        "gm",
        "good news from home",
        1,
    )
    assert b.conditions == []
    with refused(b, UnknownHandle, field="source"):
        b.end_condition(ConditionEnd(handle=b.handle, source="greed"))


def test_healing_never_recovers_more_than_was_lost():
    b = Character.create(CharacterCreate(handle="ines", flaws=["allergy-severe:pollen"]))
    b.roll_flaw(
        FlawRoll(handle=b.handle, key="allergy-severe", minutes=6, result=10)
    )  # 5 HP, 5 conscience
    b.heal(CharacterHeal(handle=b.handle, hp=2, conscience=10))
    healed = last(b)
    assert (healed.location, healed.hp, healed.conscience, healed.damage) == ("torso", 2, 5, 0)
    assert healed.inputs["conscience"] == 10
    assert (b.hp_lost, b.conscience_lost) == ({"torso": 3}, 0)
    with refused(b, field="hp"):
        b.heal(CharacterHeal(handle=b.handle))
    with refused(b, field="hp"):
        b.heal(CharacterHeal(handle=b.handle, hp=-1))


# --- persistence: a real SQLite store ------------------------------------------------------------


class CharacterTestApp(Application):
    name = "chartest"


def test_a_character_saved_in_sqlite_comes_back_the_same(tmp_path):
    env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "t.db")}
    env["IS_SNAPSHOTTING_ENABLED"] = "y"
    b = brynn()
    fireball(b, 1, item="Tower shield")
    b.item_save(ItemSave(handle=b.handle), roll=d20(9))
    b.roll_flaw(FlawRoll(handle=b.handle, key="phobia-mild", result=6))
    b.take_trait(CharacterTrait(handle=b.handle, kind="flaw", key_detail="greed"))
    b.roll_flaw(
        FlawRoll(handle=b.handle, key="greed", trigger="missed-chance", result=5),
        duration_roller=lambda dice: Roll(D6, 4),
    )
    fireball(b, 1, chooser=lambda names: names[0])  # a pending exposure
    c = Character.create(
        CharacterCreate(handle="cedric", retainer_of="brynn", employer_cha=16),
        hiring_roll=two_d6(6, 6),
    )
    c.test_loyalty(LoyaltyTest(handle=c.handle, ruling="flee"), roll=two_d6(4, 6))
    app = CharacterTestApp(env=env)
    app.save(b, c)
    app.close()

    reopened = CharacterTestApp(env=env)
    again = reopened.repository.get(aggregate_id("character", "brynn"))
    assert again.as_status() == b.as_status()
    assert again.pending_exposure == b.pending_exposure
    assert again.version == b.version
    cedric = reopened.repository.get(c.id)
    assert (cedric.loyalty, cedric.in_service, cedric.retainer_of) == (10, True, "brynn")
    stored = list(reopened.events.get(b.id))
    assert [type(e).__qualname__ for e in stored][-2:] == [
        "Character.SaveFailed",
        "Character.ItemExposed",
    ]
    reopened.take_snapshot(b.id)  # the state itself transcodes too
    assert reopened.repository.get(b.id).as_status() == b.as_status()
    reopened.close()


def test_an_exposure_without_damage_leaves_the_hit_points_to_the_gm():
    b = brynn()
    b.save(
        SavingThrow(
            handle=b.handle,
            vs="Shatter",
            save_type="fortitude",
            dc=13,
            effect="negates",
            objects=True,
            item="Tower shield",
        ),
        roll=d20(1),
    )
    b.item_save(
        ItemSave(handle=b.handle), roll=d20(3)
    )  # 3 + 4 = 7 < 13 fails; no damage stated: damaged (D-8)
    hit = last(b)
    assert (type(hit).__name__, hit.rules_hp_left, hit.hp) == ("ItemDamaged", None, 20)
    fireball(b, 1, item="Tower shield")
    b.save(
        SavingThrow(
            handle=b.handle,
            vs="Shatter",
            save_type="fortitude",
            dc=13,
            effect="negates",
            objects=True,
            item="Tower shield",
        ),
        roll=d20(1),
    )
    b.item_save(
        ItemSave(handle=b.handle, ruling="broken"), roll=d20(3)
    )  # the most recent exposure: no finding (D-8)
    assert (type(last(b)).__name__, last(b).differs, last(b).hp) == ("ItemBroken", False, 10)
    assert b.pending_exposure["dc"] == 17  # the Fireball's is still unresolved (SAV003)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("\u212aeep", "it holds U+212A kelvin sign, not ASCII); try 'keep'"),  # lowered to "keep"
        ("ab\u00a0c", "it holds U+00A0 no-break space, not ASCII); try 'ab-c'"),
        ("Été", "'Été' is not a handle; try 'ete'"),
    ],
)
def test_a_handle_that_only_looks_ascii_is_refused_naming_what_is_not(text, said):
    from campaign.core.handles import check_handle

    with pytest.raises(ImpossibleInput, match=re.escape(said)):
        check_handle(text)


@pytest.mark.parametrize(
    ("handle", "retainer_of", "field", "said"),
    [
        ("\u212aeep", "brynn", "handle", "U+212A kelvin sign, not ASCII"),
        ("isolde", "\u212aeep", "retainer_of", "U+212A kelvin sign, not ASCII"),
        ("isolde", "b" * 101, "retainer_of", "a handle is at most 100"),
        ("isolde", 7, "retainer_of", "7 is not a handle"),
    ],
)
def test_the_aggregate_checks_a_handle_as_the_services_do(handle, retainer_of, field, said):
    """One check of a handle (campaign.core.handles), the services' own: the aggregate refuses a
    Kelvin sign (never lowered to "k") and a handle over 100 letters, as the services do."""
    with pytest.raises(ImpossibleInput, match=re.escape(said)) as refused:
        Character.create(CharacterCreate(handle=handle, retainer_of=retainer_of, employer_cha=16))
    assert refused.value.field == field
