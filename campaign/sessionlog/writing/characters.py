"""Characters — the table of docs/log-language.md#characters, as ``cli/logging/characters.py``:
``character create|trait|finalize|stat|saves|loyalty-modifier|item|item-drop|item-repair|heal``,
``condition end``."""

from __future__ import annotations

from typing import Any

from aggregates.character import Character
from aggregates.character_conditions import flaw_named
from campaign.sessionlog.writing.registry import writes
from campaign.sessionlog.writing.words import Line, dice, signed


def _trait(trait: Any) -> str:
    return trait.key + (f":{trait.detail}" if trait.detail is not None else "")


@writes(Character.CharacterCreated)
def _create(e, events, subjects, renumber) -> Line:
    line = Line("character", "create").arg(e.handle).opt("--name", e.name)
    taken = [t for t in events if isinstance(t, Character.TraitTaken)]
    for kind in ("flaw", "advantage"):  # Character.create takes flaws, then advantages
        for trait in (t for t in taken if t.kind == kind):
            line.opt(f"--{kind}", _trait(trait))
    if e.retainer_of is not None:
        line.opt("--retainer-of", e.retainer_of).opt("--employer-cha", e.employer_cha)
        if e.hiring_roll is not None:
            line.opt("--hiring-roll", dice(e.hiring_roll)[1])  # always entered: never rolled
        if e.reaction_mod:
            line.opt("--reaction-mod", e.reaction_mod, signed)
        # The GM's loyalty: the only one without a CHA, or one that differs from the table's
        # (one equal to the table's records the very same event as none).
        if e.employer_cha is None or e.differs:
            line.opt("--loyalty", e.loyalty)
    return line.note(e)


@writes(Character.TraitTaken)
def _trait_taken(e, events, subjects, renumber) -> Line:
    line = Line("character", "trait").arg(subjects.handle(e))
    return line.opt(f"--{e.kind}", _trait(e)).flag("--secret", e.secret).note(e)


@writes(Character.CharacterFinalized)
def _finalize(e, events, subjects, renumber) -> Line:
    return Line("character", "finalize").arg(subjects.handle(e)).note(e)


@writes(Character.StatSet)
def _stat(e, events, subjects, renumber) -> Line:
    return Line("character", "stat").arg(subjects.handle(e), e.name).value(e.value).note(e)


@writes(Character.SavesSet)
def _saves(e, events, subjects, renumber) -> Line:
    line = Line("character", "saves").arg(subjects.handle(e))
    line.opt("--fortitude", e.fortitude).opt("--reflex", e.reflex).opt("--will", e.will)
    return line.note(e)


@writes(Character.LoyaltyModified)
def _loyalty_modifier(e, events, subjects, renumber) -> Line:
    line = Line("character", "loyalty-modifier").arg(subjects.handle(e)).value(e.value, signed)
    return line.opt("--reason", e.reason).note(e)


@writes(Character.ItemAcquired)
def _item(e, events, subjects, renumber) -> Line:
    line = Line("character", "item").arg(subjects.handle(e), e.item).opt("--slot", e.slot)
    line.flag("--magic", e.magic).opt("--caster-level", e.caster_level)
    line.opt("--hardness", e.hardness).opt("--hp", e.hp).flag("--unattended", e.unattended)
    return line.note(e)


@writes(Character.ItemDropped)
def _item_drop(e, events, subjects, renumber) -> Line:
    return Line("character", "item-drop").arg(subjects.handle(e), e.item).note(e)


@writes(Character.ItemRepaired)
def _item_repair(e, events, subjects, renumber) -> Line:
    line = Line("character", "item-repair").arg(subjects.handle(e), e.item)
    return line.opt("--hp", e.hp).note(e)  # the hit points it was mended to (default: full)


@writes(Character.Healed)
def _heal(e, events, subjects, renumber) -> Line:
    given = e.inputs  # as the GM gave them: the event also keeps what was really recovered
    line = Line("character", "heal").arg(subjects.handle(e)).opt("--hp", given.get("hp"))
    if e.location != "torso":
        line.opt("--location", e.location)  # as the event holds it (`Torso` typed)
    line.opt("--conscience", given.get("conscience")).opt("--damage", given.get("damage"))
    return line.note(e)


@writes(Character.ConditionEnded)
def _condition_end(e, events, subjects, renumber) -> Line:
    return (
        Line("condition", "end").arg(subjects.handle(e), flaw_named(e.source, e.conditions)).note(e)
    )
