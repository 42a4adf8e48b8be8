"""The audit of saving-throw and item rulings (seed 001).

One judgement per event: a character's save (its DC, outcome and damage), the item a natural 1
exposes, and that item's own save. Each re-asks :mod:`campaign.rules.saves` from the event's
stored inputs. (The session's end, which makes a missing item save final, is judged with the
campaign's events in the package.) The rules, and the decisions D-6 … D-8:
docs/rules.md#d20-saving-throws-and-items.
"""

from __future__ import annotations

from typing import Any

from aggregates.character import Character
from campaign.audit.findings import PENDING, RESOLVED, Settle, Verdict, finding, subject_of
from campaign.core.errors import ImpossibleInput
from campaign.rules import saves
from campaign.rules.citation import Citation
from campaign.rules.dice import D20, Roll

# Saves and items (seed 001; docs/rules.md#d20-saving-throws-and-items) ---------------------------


def saved(verdict: Verdict, e: Any, character: Character) -> None:
    inputs = e.inputs
    subject = subject_of(character)
    formula, rules_say, damage, cite = _by_the_rules(e)
    stated = inputs.get("dc")
    if stated is not None and formula is not None and stated != formula:
        verdict.findings.append(
            finding(
                "SAV001",
                e,
                subject=subject,
                rules_say=formula,
                ruled=stated,
                message=f"save vs {e.vs}: DC {stated} stated; 10 + spell level "
                f"{inputs['spell_level']} + the ability modifier = {formula}",
                cite=saves.CITE_DC,
            )
        )
    if e.ruled != rules_say:
        if e.natural is not None:
            how = f"d20 {e.natural} + {e.bonus} = {e.total} against DC {e.dc}"
        else:
            how = "no save"
        verdict.findings.append(
            finding(
                "SAV002",
                e,
                subject=subject,
                rules_say=rules_say,
                ruled=e.ruled,
                message=f"save vs {e.vs}: {how} → the rules say {rules_say}; ruled {e.ruled}",
                cite=saves.CITE_NATURAL,
            )
        )
    taken = inputs.get("damage_taken")
    if taken is not None and damage is not None and taken != damage:
        verdict.findings.append(
            finding(
                "SAV005",
                e,
                subject=subject,
                rules_say=damage,
                ruled=taken,
                message=f"save vs {e.vs} ({e.effect}, {rules_say}): {taken} damage taken; "
                f"the effect deals {damage}",
                cite=cite,
            )
        )


def _by_the_rules(e: Any) -> tuple[int | None, str, int | None, Citation]:
    """What the rules say of a save, asked again from its stored inputs: the DC the formula
    gives (None: no formula), the outcome, the damage and the sentence on it — or, where this
    code refuses the inputs, what the event recorded."""
    inputs = e.inputs
    roll = Roll.from_record(e.roll, D20) if e.roll is not None else None
    try:
        formula = None
        if inputs.get("spell_level") is not None:
            formula = saves.spell_dc(
                inputs["spell_level"],
                ability_mod=inputs.get("ability_mod"),
                class_name=inputs.get("class_name"),
                ability_score=inputs.get("ability_score"),
                paladin_ability=inputs.get("paladin_ability") or "wis",
            ).dc
        result = saves.resolve_save(
            bonus=e.bonus or 0,
            dc=e.dc or 0,
            roll=roll,
            effect=e.effect,
            damage=inputs.get("damage"),
            voluntary_fail=bool(inputs.get("voluntary_fail")),
            harmless=bool(inputs.get("harmless")),
        )
        rules_say = "success" if result.success else "failure"  # no save: the full effect
        damage = result.damage
        if damage is None and result.effect_applies == saves.NONE:
            # the rules' own answer, "no effect" (a saved negates/disbelief,
            # docs/rules.md#saving-throws): no damage whatever `--damage` says
            # (docs/log-language.md#saves), though the rules report it unknown when `--damage`
            # is not given
            damage = 0
        cite = saves.effect_kind(e.effect).cite
    except ImpossibleInput:
        formula, rules_say, damage = e.dc_formula, e.rules_say, e.rules_damage
        cite = saves.CITE_HALF
    return formula, rules_say, damage, cite


def exposed(verdict: Verdict, e: Character.ItemExposed, character: Character) -> None:
    subject = subject_of(character, e.item)
    try:  # the items carried when the save was made: this event changes none of them
        choosable = [i.name for i in saves.item_candidates(character.carried_items()).choosable]
    except ImpossibleInput:
        choosable = list(e.rules_say)
    if e.item not in choosable:
        verdict.findings.append(
            finding(
                "SAV004",
                e,
                subject=subject,
                rules_say=choosable,
                ruled=e.item,
                message=f"{e.item} exposed; the candidates are {', '.join(choosable) or 'none'}",
                cite=saves.CITE_ITEM_CHOICE,
            )
        )
    # A destroyed item the GM named has nothing left to save (docs/log-language.md#item-saves):
    # no item save is awaited (its item-save is refused), so the finding is answered at once —
    # kept, unlisted, to name the exposed item beside an item save of another one (SAV004).
    destroyed = not character.has_something_to_save(e.item)
    verdict.findings.append(
        finding(
            "SAV003",
            e,
            subject=subject,
            rules_say="item-save",
            ruled=None,
            message=f"natural 1: {e.item} exposed, "
            + ("destroyed: nothing left to save" if destroyed else "no item save yet"),
            cite=saves.CITE_OBJECT_DAMAGE,
            status=RESOLVED if destroyed else PENDING,
        )
    )


def dropped(verdict: Verdict, e: Character.ItemDropped, character: Character) -> None:
    # The exposure ends with the item: the character expects no item save of it any more, so
    # the audit does not wait for one (SAV003 answered; history shows the drop).
    verdict.settles.append(Settle("SAV003", RESOLVED, subject=subject_of(character, e.item)))


def item_saved(verdict: Verdict, e: Any, character: Character) -> None:
    subject = subject_of(character, e.item)
    if e.exposure is not None:
        verdict.settles.append(Settle("SAV003", RESOLVED, position=e.exposure))
    if not character.has_something_to_save(e.item):
        # destroyed: another exposure of it awaits no item save any more (as when dropped)
        verdict.settles.append(Settle("SAV003", RESOLVED, subject=subject))
    if e.other_item:  # a fact, not a rule: the item saved is not the one exposed
        verdict.findings.append(
            finding(
                "SAV004",
                e,
                subject=subject,
                rules_say=None,  # the projection names the exposed item (SAV003's subject)
                ruled=e.item,
                message=f"item save of {e.item}, not of the exposed item",
                cite=saves.CITE_ITEM_CHOICE,
            )
        )
    roll = Roll.from_record(e.roll, D20) if e.roll is not None else None
    item = character.item_named(e.item)
    try:
        result = saves.resolve_item_save(
            dc=e.dc,
            roll=roll,
            effect=e.effect,
            damage=e.damage,
            energy=e.energy,
            magic=item["magic"],
            caster_level=item["caster_level"],
            bearer_bonus=e.bearer_bonus,
            unattended=item["unattended"],
            hardness=item["hardness"],
            hp=e.hp_max,
            hp_left=e.hp_before,
        )
        rules_say = str(result.outcome)
        rules_hp = result.hp_left
        differs = saves.item_ruling_differs(result, rules_say, e.ruled, e.inputs.get("hp_left"))
    except ImpossibleInput:
        rules_say, rules_hp, differs = e.rules_say, e.rules_hp_left, e.differs
    if differs:
        hp = "" if rules_hp is None else f", {rules_hp} hp left"
        ruled_hp = "" if e.hp is None else f", {e.hp} hp left"
        verdict.findings.append(
            finding(
                "SAV006",
                e,
                subject=subject,
                rules_say=rules_say,
                ruled=e.ruled,
                message=f"item save: the rules say {rules_say}{hp}; ruled {e.ruled}{ruled_hp}",
                cite=saves.CITE_OBJECT_DAMAGE,
            )
        )
