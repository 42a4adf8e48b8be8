"""A character's base saves and a spell's save DC: the PF1 core classes, the ability modifier
and the DC formula (seed 001, "Degré de difficulté des jets de sauvegarde";
docs/rules.md#saving-throws, #the-dc, #d-6)."""

from __future__ import annotations

from dataclasses import dataclass

from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_
from campaign.core.numbers import BLANKS
from campaign.rules.citation import Citation
from campaign.rules.saves.citations import CITE_ABILITY_BONUS, CITE_DC, CITE_SAVE_LINE
from campaign.rules.saves.inputs import table_row

GOOD = "good"
POOR = "poor"


@dataclass(frozen=True, slots=True)
class CoreClass:
    """A PF1 core class: its French name, its three save progressions, its casting ability."""

    key: str
    name_fr: str
    fortitude: str
    reflex: str
    will: str
    casting_ability: str | None  # the seed's DC table; None for a class that casts no spells


# The PF1 class tables (progressions, docs/rules.md#saving-throws) and seed 001 "Degré de
# difficulté des jets de sauvegarde" (abilities).
CORE_CLASSES: dict[str, CoreClass] = {
    c.key: c
    for c in (
        CoreClass("barbarian", "barbare", GOOD, POOR, POOR, None),
        CoreClass("bard", "barde", POOR, GOOD, GOOD, "cha"),
        CoreClass("cleric", "prêtre", GOOD, POOR, GOOD, "wis"),
        CoreClass("druid", "druide", GOOD, POOR, GOOD, "wis"),
        CoreClass("fighter", "guerrier", GOOD, POOR, POOR, None),
        CoreClass("monk", "moine", GOOD, GOOD, GOOD, None),
        CoreClass("paladin", "paladin", GOOD, POOR, GOOD, "wis"),  # seed: Wis (docs/rules.md#d-6)
        CoreClass("ranger", "rôdeur", GOOD, GOOD, POOR, "wis"),
        CoreClass("rogue", "roublard", POOR, GOOD, POOR, None),
        CoreClass("sorcerer", "ensorceleur", POOR, POOR, GOOD, "cha"),
        CoreClass("wizard", "magicien", POOR, POOR, GOOD, "int"),
    )
}
CLASSES: tuple[str, ...] = tuple(CORE_CLASSES)
CASTERS: tuple[str, ...] = tuple(k for k, c in CORE_CLASSES.items() if c.casting_ability)
ABILITY_NAMES: dict[str, tuple[str, str]] = {
    "int": ("Intelligence", "Intelligence"),
    "wis": ("Wisdom", "Sagesse"),
    "cha": ("Charisma", "Charisme"),
}
PALADIN_ABILITIES: tuple[str, ...] = ("wis", "cha")  # the campaign setting's (docs/rules.md#d-6)
LEVELS = range(1, 21)
SPELL_LEVELS = range(0, 10)


# Seed 001, "Degré de difficulté des jets de sauvegarde" ("le bonus du personnage dans la
# caractéristique concernée"), with the PF1 ability table (docs/rules.md#saving-throws).
def ability_modifier(score: int) -> int:
    """floor((score − 10) / 2): Python's ``//`` floors, so 9 → −1 and 1 → −5
    (docs/rules.md#saving-throws)."""
    if score < 0:
        raise ImpossibleInput(
            N_("an ability score cannot be negative, not {score}"),
            field="score",
            value=score,
            expected=N_("a score ≥ 0"),
            values={"score": score},
        )
    return (score - 10) // 2


# The PF1 class tables (docs/rules.md#saving-throws): "Good saves progress at a rate of +1/2 per
# level … an additional +2".
def good_save(level: int) -> int:
    """A good base save: 2 + ⌊L/2⌋."""
    return 2 + level // 2


# The PF1 class tables (docs/rules.md#saving-throws): "poor saves progress at +1/3 per level".
def poor_save(level: int) -> int:
    """A poor base save: ⌊L/3⌋."""
    return level // 3


_PROGRESSIONS = {GOOD: good_save, POOR: poor_save}


@dataclass(frozen=True, slots=True)
class BaseSaves:
    """A class's base save bonuses at one level (before the ability modifiers)."""

    fortitude: int
    reflex: int
    will: int
    cites: tuple[Citation, ...] = (CITE_SAVE_LINE,)

    def as_json(self) -> dict[str, object]:
        return {"fortitude": self.fortitude, "reflex": self.reflex, "will": self.will}


# The PF1 core classes (docs/rules.md#saving-throws) and seed 001, "Degré de difficulté des jets
# de sauvegarde".
def core_class(class_name: str) -> CoreClass:
    """The core class named ``class_name`` (case-insensitive), or ImpossibleInput listing them."""
    key = str(class_name).strip(BLANKS).lower()
    return table_row(
        CORE_CLASSES,
        key,
        class_name,
        field="class",
        unknown=N_("unknown class {given}; the core classes are {keys}"),
    )


# Seed 001, "Les jets de sauvegarde" (the save types), with the PF1 class tables
# (docs/rules.md#saving-throws).
def base_saves(class_name: str, level: int) -> BaseSaves:
    """The PF1 core class's base Fortitude, Reflex and Will at ``level`` (1–20)."""
    cls = core_class(class_name)
    if level not in LEVELS:
        raise ImpossibleInput(
            N_("a class level is 1–20, not {level}"),
            field="level",
            value=level,
            expected="1–20",
            values={"level": level},
        )
    return BaseSaves(
        fortitude=_PROGRESSIONS[cls.fortitude](level),
        reflex=_PROGRESSIONS[cls.reflex](level),
        will=_PROGRESSIONS[cls.will](level),
    )


# --- Save DC ----------------------------------------------------------------------------------


# Seed 001, "Degré de difficulté des jets de sauvegarde" (the ability per class); docs/rules.md#d-6.
def casting_ability(class_name: str, paladin_ability: str = "wis") -> str:
    """The ability whose modifier enters the DC: ``int``, ``wis`` or ``cha``.

    The seed (3.5 wording) gives paladins Wisdom; a campaign setting ``cha`` follows PF1
    (docs/rules.md#d-6).
    """
    if paladin_ability not in PALADIN_ABILITIES:
        raise ImpossibleInput(
            N_("the paladin's casting ability is wis or cha, not {value}"),
            field="paladin_ability",
            value=paladin_ability,
            expected="{abilities}",
            values={"value": repr(paladin_ability), "abilities": ", ".join(PALADIN_ABILITIES)},
        )
    cls = core_class(class_name)
    if cls.casting_ability is None:
        raise ImpossibleInput(
            N_("a {key} casts no spells; the casters are {casters}"),
            field="class",
            value=class_name,
            expected="{casters}",
            values={"key": cls.key, "casters": ", ".join(CASTERS)},
        )
    return paladin_ability if cls.key == "paladin" else cls.casting_ability


# Seed 001, "Degré de difficulté des jets de sauvegarde": "égal à 10 plus le niveau du sort, plus
# le bonus du personnage dans la caractéristique concernée".
def save_dc(spell_level: int, ability_mod: int) -> int:
    """10 + spell level (0–9, for the caster's class) + the casting ability's modifier.

    A negative modifier is allowed arithmetic (it cannot occur for a legally cast spell, but a GM
    may state it: docs/rules.md#where-seed-001-leaves-a-case-open).
    """
    if spell_level not in SPELL_LEVELS:
        raise ImpossibleInput(
            N_("a spell level is 0–9, not {level}"),
            field="spell_level",
            value=spell_level,
            expected="0–9",
            values={"level": spell_level},
        )
    return 10 + spell_level + ability_mod


@dataclass(frozen=True, slots=True)
class SpellDc:
    """A DC with how it was reached: the ability used (None when the modifier was given)."""

    dc: int
    spell_level: int
    ability_mod: int
    ability: str | None = None
    ability_score: int | None = None
    cites: tuple[Citation, ...] = (CITE_DC,)

    @property
    def flag(self) -> str | None:
        """A negative modifier is allowed arithmetic, but flagged (a caster needs a score of at
        least 10 + the spell's level, so a legally cast spell never has one;
        docs/rules.md#where-seed-001-leaves-a-case-open)."""
        if self.ability_mod >= 0:
            return None
        return (
            f"a casting modifier of {self.ability_mod:+d} cannot occur for a legally cast spell"
            " (a caster needs a score of 10 + the spell's level;"
            " docs/rules.md#where-seed-001-leaves-a-case-open)"
        )

    def as_json(self) -> dict[str, object]:
        return {
            "dc": self.dc,
            "ability": self.ability,
            "spell_level": self.spell_level,
            "ability_mod": self.ability_mod,
            "flag": self.flag,
        }


# Seed 001, "Degré de difficulté des jets de sauvegarde" (both ways of naming the ability bonus).
def spell_dc(
    spell_level: int,
    *,
    ability_mod: int | None = None,
    class_name: str | None = None,
    ability_score: int | None = None,
    paladin_ability: str = "wis",
) -> SpellDc:
    """The DC from a modifier, or from a class and its casting ability's score (never both).

    Raises ImpossibleInput when both ways or neither are given, so one DC is never ambiguous.
    """
    either = N_("--ability-mod M, or --class C with --ability-score S")
    if ability_mod is not None and (class_name is not None or ability_score is not None):
        raise ImpossibleInput(
            N_(
                "the ability enters the DC once: by its modifier, or by a class and its score, "
                "not both"
            ),
            field="ability_mod",
            value=ability_mod,
            expected=either,
            values={},
        )
    if ability_mod is None and class_name is None and ability_score is None:
        raise ImpossibleInput(
            N_("the DC formula needs the casting ability: its modifier, or a class and its score"),
            field="ability_mod",
            expected=either,
            values={},
        )
    if ability_mod is None and (class_name is None or ability_score is None):
        words, field = (
            (N_("the DC by class needs the casting ability's score too"), "ability_score")
            if ability_score is None
            else (
                N_("the DC by class needs the class that casts (its ability by the table) too"),
                "class_name",
            )
        )
        raise ImpossibleInput(words, field=field, expected=either, values={})
    if ability_mod is not None:
        return SpellDc(save_dc(spell_level, ability_mod), spell_level, ability_mod)
    assert class_name is not None and ability_score is not None
    ability = casting_ability(class_name, paladin_ability)
    try:
        modifier = ability_modifier(ability_score)
    except ImpossibleInput as error:
        raise error.of("ability_score", ability_score) from None
    return SpellDc(
        save_dc(spell_level, modifier),
        spell_level,
        modifier,
        ability,
        ability_score,
        (CITE_DC, CITE_ABILITY_BONUS),
    )
