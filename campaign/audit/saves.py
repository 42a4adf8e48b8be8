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
from campaign.core.i18n import N_
from campaign.core.worded import Worded
from campaign.rules import saves
from campaign.rules.citation import Citation
from campaign.rules.dice import D20, Roll

HP_LEFT = N_(", {hp} hp left")  # an item's hit points after an item save (SAV006)
DC_STATED = N_(
    "save vs {vs}: DC {stated} stated; 10 + spell level {spell_level} + the ability modifier = "
    "{formula}"
)  # SAV001
DAMAGE_TAKEN = N_(
    "save vs {vs} ({effect}, {rules}): {taken} damage taken; the effect deals {damage}"
)  # SAV005

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
                message=Worded(
                    DC_STATED,
                    {
                        "vs": e.vs,
                        "stated": stated,
                        "spell_level": inputs["spell_level"],
                        "formula": formula,
                    },
                ),
                cite=saves.CITE_DC,
            )
        )
    if e.ruled != rules_say:
        verdict.findings.append(
            finding(
                "SAV002",
                e,
                subject=subject,
                rules_say=rules_say,
                ruled=e.ruled,
                message=Worded(
                    N_("save vs {vs}: {how} → the rules say {rules}; ruled {ruled}"),
                    {"vs": e.vs, "how": _how(e), "rules": rules_say, "ruled": e.ruled},
                ),
                cite=saves.CITE_NATURAL,
            )
        )
    _damage_taken(verdict, e, subject, rules_say, damage, cite)


def _damage_taken(
    verdict: Verdict, e: Any, subject: str, rules_say: str, damage: int | None, cite: Citation
) -> None:
    """SAV005: the damage the GM says was taken is not what the effect deals."""
    taken = e.inputs.get("damage_taken")
    if taken is not None and damage is not None and taken != damage:
        verdict.findings.append(
            finding(
                "SAV005",
                e,
                subject=subject,
                rules_say=damage,
                ruled=taken,
                message=Worded(
                    DAMAGE_TAKEN,
                    {
                        "vs": e.vs,
                        "effect": e.effect,
                        "rules": rules_say,
                        "taken": taken,
                        "damage": damage,
                    },
                ),
                cite=cite,
            )
        )


def _how(e: Any) -> Worded:
    """``d20 13 + 1 = 14 against DC 15``, or ``no save``: the save as it was rolled."""
    if e.natural is None:
        return Worded(N_("no save"))
    return Worded(
        N_("d20 {natural} + {bonus} = {total} against DC {dc}"),
        {"natural": e.natural, "bonus": e.bonus, "total": e.total, "dc": e.dc},
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
                message=Worded(
                    N_("{item} exposed; the candidates are {candidates}")
                    if choosable
                    else N_("{item} exposed; the candidates are none"),
                    {"item": e.item, "candidates": ", ".join(choosable)},
                ),
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
            message=Worded(
                N_("natural 1: {item} exposed, destroyed: nothing left to save")
                if destroyed
                else N_("natural 1: {item} exposed, no item save yet"),
                {"item": e.item},
            ),
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
                message=Worded(
                    N_("item save of {item}, not of the exposed item"), {"item": e.item}
                ),
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
        hp = "" if rules_hp is None else Worded(HP_LEFT, {"hp": rules_hp})
        ruled_hp = "" if e.hp is None else Worded(HP_LEFT, {"hp": e.hp})
        verdict.findings.append(
            finding(
                "SAV006",
                e,
                subject=subject,
                rules_say=rules_say,
                ruled=e.ruled,
                message=Worded(
                    N_("item save: the rules say {rules}{hp}; ruled {ruled}{ruled_hp}"),
                    {"rules": rules_say, "hp": hp, "ruled": e.ruled, "ruled_hp": ruled_hp},
                ),
                cite=saves.CITE_OBJECT_DAMAGE,
            )
        )
