"""Seed 001: d20 saving throws against spells, and the items a natural 1 exposes (RULES Part B).

Pure functions over plain values, so the aggregates, the audit and ``campaign rules`` all judge a
save the same way. Decisions in force: RULES D-6 (paladin DC ability), D-7 (natural 1/20, the
four most likely items, half damage rounds down) and D-8 (item save bonus, object damage).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from campaign.core.errors import ImpossibleInput
from campaign.rules.citation import SEED_SAVES, Citation
from campaign.rules.dice import D20, Roll

R = TypeVar("R")  # a table's row type


def _row(
    table: Mapping[str, R], key: str, given: object, *, field: str, named: str, listed: str
) -> R:
    """``table[key]``, or ImpossibleInput naming what was ``given`` and listing the table's keys."""
    row = table.get(key)
    if row is None:
        keys = ", ".join(table)
        raise ImpossibleInput(
            f"unknown {named} {given!r}; the {listed} are {keys}",
            field=field,
            value=given,
            expected=keys,
        )
    return row


# --- The sentences the results cite --------------------------------------------------------

CITE_SAVE_LINE = Citation(
    SEED_SAVES,
    "Les jets de sauvegarde",
    "La ligne « Jet de sauvegarde » indique quel type de jet de sauvegarde il faut effectuer et "
    "quel est son résultat en cas de succès.",
    "A spell's save line names the save type (Fortitude, Reflex, Will). A character's bonus of "
    "each type is the class base save plus an ability modifier; the progressions (good 2 + L/2, "
    "poor L/3) come from the PF1 class tables (RULES B.4), not from the seed.",
)
CITE_NEGATES = Citation(
    SEED_SAVES,
    "Annule",
    "Le sort n’a aucun effet si la créature réussit son jet de sauvegarde.",
    "Negates: a successful save means the spell has no effect.",
)
CITE_PARTIAL = Citation(
    SEED_SAVES,
    "Partiel",
    "Le sort a normalement un effet donné sur la cible. Si cette dernière réussit son jet de "
    "sauvegarde, elle subit un effet moindre.",
    "Partial: a successful save means some lesser effect occurs.",
)
CITE_HALF = Citation(
    SEED_SAVES,
    "1/2 dégâts",
    "Les dégâts du sort sont réduits de moitié (en arrondissant à l’entier inférieur) en cas de "
    "jet de sauvegarde réussi.",
    "Half: a successful save halves the damage, rounded down (1 → 0).",
)
CITE_NO_SAVE = Citation(
    SEED_SAVES,
    "Aucun",
    "Le sort n’autorise aucun jet de sauvegarde.",
    "None: no saving throw is allowed; the effect applies in full.",
)
CITE_DISBELIEF = Citation(
    SEED_SAVES,
    "Dévoile",
    "En cas de jet de sauvegarde réussi, la cible prend conscience qu’elle a affaire à une "
    "illusion.",
    "Disbelief: a successful save lets the subject recognise the illusion and ignore it.",
)
CITE_OBJECT = Citation(
    SEED_SAVES,
    "(Objet)",
    "l’objet bénéficie du bonus au jet de sauvegarde de son porteur, à moins que le sien propre "
    "ne soit supérieur",
    "(Object): an object saves only if magical or attended by a creature resisting the spell; "
    "an attended object uses its bearer's bonus unless its own is greater.",
)
CITE_MAGIC_ITEM_BONUS = Citation(
    SEED_SAVES,
    "(Objet)",
    "Le bonus au jet de sauvegarde d’un objet magique est égal à 2 plus la moitié de son niveau "
    "de lanceur de sorts.",
    "A magic item's save bonus is 2 + half its caster level, rounded down (RULES D-8).",
)
CITE_HARMLESS = Citation(
    SEED_SAVES,
    "(Inoffensif)",
    "Ce sort est généralement bénéfique, mais le sujet peut effectuer un jet de sauvegarde pour "
    "échapper à ses effets s’il le désire.",
    "Harmless: the spell is usually beneficial; the target saves only if it wants to.",
)
CITE_DC = Citation(
    SEED_SAVES,
    "Degré de difficulté des jets de sauvegarde",
    "un degré de difficulté (ou DD) égal à 10 plus le niveau du sort, plus le bonus du "
    "personnage dans la caractéristique concernée (l’Intelligence pour les magiciens, le "
    "Charisme pour les bardes et les ensorceleurs, la Sagesse pour les prêtres, les druides, "
    "les paladins et les rôdeurs)",
    "DC = 10 + spell level (for the caster's class) + the casting ability's modifier: Int for "
    "wizards, Cha for bards and sorcerers, Wis for clerics, druids, paladins and rangers "
    "(RULES D-6: a campaign setting switches paladins to Cha, as in PF1).",
)
CITE_ABILITY_BONUS = Citation(
    SEED_SAVES,
    "Degré de difficulté des jets de sauvegarde",
    "plus le bonus du personnage dans la caractéristique concernée",
    "The ability bonus is floor((score − 10) / 2): 9 → −1, 1 → −5 (PF1 ability table, RULES B.4).",
)
CITE_VOLUNTARY = Citation(
    SEED_SAVES,
    "Échec volontaire au jet de sauvegarde",
    "Il est possible de refuser d’effectuer un jet de sauvegarde et de s’exposer aux effets "
    "d’un sort.",
    "Voluntary failure: the target may forgo the save and accept the spell's full effect.",
)
CITE_NATURAL = Citation(
    SEED_SAVES,
    "Jet de sauvegarde et objets",
    "si la cible fait un 1 sur son jet de sauvegarde, l’un de ses objets exposés risque d’être "
    "endommagé par le sort (si celui-ci peut affecter les objets)",
    "A natural 1 always fails and may expose an item; a natural 20 always succeeds; otherwise "
    "the save succeeds iff d20 + bonus ≥ DC (RULES B.3, D-7).",
)
CITE_ITEM_CHOICE = Citation(
    SEED_SAVES,
    "Jet de sauvegarde et objets",
    "Les quatre premières catégories d’objets de la Table : objets affectés par les attaques "
    "magiques sont celles qui ont le plus de chances d’être prises pour cible. Déterminez "
    "aléatoirement l’objet atteint.",
    "The four most likely objects carried or worn, by the table's rank then acquisition order, "
    "unattended items excluded; items tied with the fourth are candidates too; uniform choice "
    "(RULES D-7, B-2).",
)
CITE_ITEM_TABLE = Citation(
    SEED_SAVES,
    "Table : objets affectés par les attaques magiques",
    "Indique l’ordre dans lequel les objets risquent d’être affectés.",
    "Ranks 1–10: shield, armor, magic headgear, held item, magic cloak, stowed weapon, magic "
    "bracers, magic clothing, magic jewelry, anything else; a non-magic headgear, cloak, "
    "bracers, clothing or jewelry is 'anything else' (RULES B-3).",
)
CITE_UNATTENDED = Citation(
    SEED_SAVES,
    "Jet de sauvegarde et objets",
    "Les objets non magiques qui ne sont ni portés ni tenus n’ont droit à aucun jet de "
    "sauvegarde ; ils subissent automatiquement les dégâts indiqués.",
    "An unattended non-magical object gets no save: it simply takes the damage.",
)
CITE_OBJECT_DAMAGE = Citation(
    SEED_SAVES,
    "Jet de sauvegarde et objets",
    "Il doit alors effectuer un jet de sauvegarde contre le type d’attaque approprié et risque "
    "d’être endommagé ou détruit (voir Attaquer un objet).",
    "The item saves against the attack; damage is halved on a successful save against a 'half' "
    "effect, halved for energy, minus hardness (not below 0); broken at hit points left ≤ half "
    "the maximum, destroyed at 0 (PF1 Smashing an Object, RULES D-8, B-7, B-8).",
)

# --- Ability modifier and base saves ----------------------------------------------------------

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


# RULES B.4 (progressions) and seed 001 "Degré de difficulté des jets de sauvegarde" (abilities).
CORE_CLASSES: dict[str, CoreClass] = {
    c.key: c
    for c in (
        CoreClass("barbarian", "barbare", GOOD, POOR, POOR, None),
        CoreClass("bard", "barde", POOR, GOOD, GOOD, "cha"),
        CoreClass("cleric", "prêtre", GOOD, POOR, GOOD, "wis"),
        CoreClass("druid", "druide", GOOD, POOR, GOOD, "wis"),
        CoreClass("fighter", "guerrier", GOOD, POOR, POOR, None),
        CoreClass("monk", "moine", GOOD, GOOD, GOOD, None),
        CoreClass("paladin", "paladin", GOOD, POOR, GOOD, "wis"),  # D-6: the seed says Wis
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
PALADIN_ABILITIES: tuple[str, ...] = ("wis", "cha")  # RULES D-6: the campaign setting's values
LEVELS = range(1, 21)
SPELL_LEVELS = range(0, 10)


# Seed 001, "Degré de difficulté des jets de sauvegarde" ("le bonus du personnage dans la
# caractéristique concernée"), with the PF1 ability table (RULES B.4).
def ability_modifier(score: int) -> int:
    """floor((score − 10) / 2): Python's ``//`` floors, so 9 → −1 and 1 → −5 (B.4's warning)."""
    if score < 0:
        raise ImpossibleInput(
            f"an ability score cannot be negative, not {score}",
            field="score",
            value=score,
            expected="a score ≥ 0",
        )
    return (score - 10) // 2


# RULES B.4: "Good saves progress at a rate of +1/2 per level … an additional +2".
def good_save(level: int) -> int:
    """A good base save: 2 + ⌊L/2⌋."""
    return 2 + level // 2


# RULES B.4: "poor saves progress at +1/3 per level".
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


# RULES B.4 (the PF1 core classes) and seed 001, "Degré de difficulté des jets de sauvegarde".
def core_class(class_name: str) -> CoreClass:
    """The core class named ``class_name`` (case-insensitive), or ImpossibleInput listing them."""
    key = str(class_name).strip().lower()
    return _row(CORE_CLASSES, key, class_name, field="class", named="class", listed="core classes")


# Seed 001, "Les jets de sauvegarde" (the save types), with RULES B.4's class table.
def base_saves(class_name: str, level: int) -> BaseSaves:
    """The PF1 core class's base Fortitude, Reflex and Will at ``level`` (1–20)."""
    cls = core_class(class_name)
    if level not in LEVELS:
        raise ImpossibleInput(
            f"a class level is 1–20, not {level}", field="level", value=level, expected="1–20"
        )
    return BaseSaves(
        fortitude=_PROGRESSIONS[cls.fortitude](level),
        reflex=_PROGRESSIONS[cls.reflex](level),
        will=_PROGRESSIONS[cls.will](level),
    )


# --- Save DC ----------------------------------------------------------------------------------


# Seed 001, "Degré de difficulté des jets de sauvegarde" (the ability per class); RULES D-6.
def casting_ability(class_name: str, paladin_ability: str = "wis") -> str:
    """The ability whose modifier enters the DC: ``int``, ``wis`` or ``cha``.

    The seed (3.5 wording) gives paladins Wisdom; a campaign setting ``cha`` follows PF1 (D-6).
    """
    if paladin_ability not in PALADIN_ABILITIES:
        raise ImpossibleInput(
            f"the paladin's casting ability is wis or cha, not {paladin_ability!r}",
            field="paladin_ability",
            value=paladin_ability,
            expected="wis, cha",
        )
    cls = core_class(class_name)
    if cls.casting_ability is None:
        raise ImpossibleInput(
            f"a {cls.key} casts no spells; the casters are {', '.join(CASTERS)}",
            field="class",
            value=class_name,
            expected=", ".join(CASTERS),
        )
    return paladin_ability if cls.key == "paladin" else cls.casting_ability


# Seed 001, "Degré de difficulté des jets de sauvegarde": "égal à 10 plus le niveau du sort, plus
# le bonus du personnage dans la caractéristique concernée".
def save_dc(spell_level: int, ability_mod: int) -> int:
    """10 + spell level (0–9, for the caster's class) + the casting ability's modifier.

    A negative modifier is allowed arithmetic (B-12: it cannot occur for a legally cast spell,
    but a GM may state it).
    """
    if spell_level not in SPELL_LEVELS:
        raise ImpossibleInput(
            f"a spell level is 0–9, not {spell_level}",
            field="spell_level",
            value=spell_level,
            expected="0–9",
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
        """RULES B-12: a negative modifier is allowed arithmetic, but flagged (a caster needs a
        score of at least 10 + the spell's level, so a legally cast spell never has one)."""
        if self.ability_mod >= 0:
            return None
        return (
            f"a casting modifier of {self.ability_mod:+d} cannot occur for a legally cast spell"
            " (a caster needs a score of 10 + the spell's level; RULES B-12)"
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
    either = "--ability-mod M, or --class C with --ability-score S"
    if ability_mod is not None and (class_name is not None or ability_score is not None):
        raise ImpossibleInput(
            "the ability enters the DC once: by its modifier, or by a class and its score, "
            "not both",
            field="ability_mod",
            value=ability_mod,
            expected=either,
        )
    if ability_mod is None and class_name is None and ability_score is None:
        raise ImpossibleInput(
            "the DC formula needs the casting ability: its modifier, or a class and its score",
            field="ability_mod",
            expected=either,
        )
    if ability_mod is None and (class_name is None or ability_score is None):
        missing, field = (
            ("the casting ability's score", "ability_score")
            if ability_score is None
            else ("the class that casts (its ability by the table)", "class_name")
        )
        raise ImpossibleInput(f"the DC by class needs {missing} too", field=field, expected=either)
    if ability_mod is not None:
        return SpellDc(save_dc(spell_level, ability_mod), spell_level, ability_mod)
    assert class_name is not None and ability_score is not None
    ability = casting_ability(class_name, paladin_ability)
    try:
        modifier = ability_modifier(ability_score)
    except ImpossibleInput as error:
        raise ImpossibleInput(
            error.message, field="ability_score", value=ability_score, expected=error.expected
        ) from None
    return SpellDc(
        save_dc(spell_level, modifier),
        spell_level,
        modifier,
        ability,
        ability_score,
        (CITE_DC, CITE_ABILITY_BONUS),
    )


# --- Resolving a save -------------------------------------------------------------------------

FULL = "full"
LESSER = "lesser"
HALF = "half"
NONE = "none"


@dataclass(frozen=True, slots=True)
class EffectKind:
    """One kind of spell save line: French keyword, what a success leaves, the sentence."""

    key: str
    name_fr: str
    on_success: str | None  # effect_applies after a success; None: the kind allows no save
    cite: Citation


# Seed 001, "Les jets de sauvegarde": Annule, Partiel, 1/2 dégâts, Aucun, Dévoile (RULES B.1).
EFFECT_KINDS: dict[str, EffectKind] = {
    e.key: e
    for e in (
        EffectKind("negates", "Annule", NONE, CITE_NEGATES),
        EffectKind("partial", "Partiel", LESSER, CITE_PARTIAL),
        EffectKind("half", "1/2 dégâts", HALF, CITE_HALF),
        EffectKind("none", "Aucun", None, CITE_NO_SAVE),
        EffectKind("disbelief", "Dévoile", NONE, CITE_DISBELIEF),
    )
}
EFFECTS: tuple[str, ...] = tuple(EFFECT_KINDS)


# Seed 001, "Les jets de sauvegarde" (Annule, Partiel, 1/2 dégâts, Aucun, Dévoile).
def effect_kind(effect: str) -> EffectKind:
    """The effect kind named ``effect``, or ImpossibleInput listing the kinds."""
    key = str(effect).strip().lower()
    return _row(EFFECT_KINDS, key, effect, field="effect", named="effect", listed="kinds")


# Seed 001, "1/2 dégâts": "réduits de moitié (en arrondissant à l’entier inférieur)".
def half_damage(damage: int) -> int:
    """⌊damage/2⌋ (1 → 0, RULES B-9)."""
    return damage // 2


# Seed 001, "Jet de sauvegarde et objets" (natural 1), with RULES B.3 and D-7 (natural 20).
def save_succeeds(natural: int, bonus: int, dc: int) -> bool:
    """Natural 1 always fails, natural 20 always succeeds, else d20 + bonus ≥ DC."""
    if natural == 1:
        return False
    if natural == 20:
        return True
    return natural + bonus >= dc


@dataclass(frozen=True, slots=True)
class SaveResult:
    """A save judged by the rules.

    ``rolls``: a save is rolled at all; ``success`` None when a roll is needed but not given (or
    no save exists: ``none``, unrolled harmless); ``effect_applies``: ``full``, ``lesser``,
    ``half``, ``none`` or None when unknown; ``damage`` None when unknown or not given.
    """

    rolls: bool
    success: bool | None
    natural: int | None
    total: int | None
    effect_applies: str | None
    damage: int | None
    cites: tuple[Citation, ...]
    effect: str = "negates"
    bonus: int | None = None
    dc: int | None = None

    @property
    def natural_one(self) -> bool:
        """A natural 1: an exposed item may be harmed if the effect can harm objects (D-7)."""
        return self.natural == 1

    def as_json(self) -> dict[str, object]:
        return {
            "rolls": self.rolls,
            "success": self.success,
            "natural": self.natural,
            "total": self.total,
            "effect_applies": self.effect_applies,
            "damage": self.damage,
            "effect": self.effect,
        }


def _check_damage(damage: int | None) -> None:
    if damage is not None and damage < 0:
        raise ImpossibleInput(
            f"damage cannot be negative, not {damage}",
            field="damage",
            value=damage,
            expected="0 or more",
        )


def _check_d20(roll: Roll) -> None:
    if roll.dice != D20 or not 1 <= roll.natural <= 20:
        raise ImpossibleInput(
            f"a save is one d20, a natural face 1–20, not {roll}",
            field="roll",
            value=str(roll),
            expected="one natural face 1–20",
        )


# Seed 001, "Les jets de sauvegarde" (the five kinds), "(Inoffensif)", "Échec volontaire au jet
# de sauvegarde" and "Jet de sauvegarde et objets" (natural 1); RULES B.3, D-7.
def resolve_save(
    *,
    bonus: int,
    dc: int,
    roll: Roll | None,
    effect: str = "negates",
    damage: int | None = None,
    voluntary_fail: bool = False,
    harmless: bool = False,
) -> SaveResult:
    """Judge one saving throw: whether it is rolled, its success, the effect and damage left.

    A roll where no save exists (``none``, voluntary failure) is ImpossibleInput: it cannot have
    happened (SPEC §4).
    """
    kind = effect_kind(effect)
    _check_damage(damage)
    _at_least(dc, 0, "dc", "a DC")  # `save --dc -1` was refused, `rules save --dc -1` judged
    if roll is not None:
        _check_d20(roll)
    common = {"effect": kind.key, "bonus": bonus, "dc": dc}

    if kind.on_success is None:
        if roll is not None:
            raise ImpossibleInput(
                f"an effect with no save ({kind.key}) allows no roll",
                field="roll",
                value=str(roll),
                expected="no roll",
            )
        return SaveResult(False, None, None, None, FULL, damage, (kind.cite,), **common)
    if voluntary_fail:
        if roll is not None:
            raise ImpossibleInput(
                "a voluntary failure forgoes the save: no roll is made (voluntary-fail)",
                field="roll",
                value=str(roll),
                expected="no roll",
            )
        return SaveResult(False, False, None, None, FULL, damage, (CITE_VOLUNTARY,), **common)
    if harmless and roll is None:
        return SaveResult(False, None, None, None, FULL, damage, (CITE_HARMLESS,), **common)

    cites = ((CITE_HARMLESS,) if harmless else ()) + (kind.cite,)
    if roll is None:
        return SaveResult(True, None, None, None, None, None, cites, **common)
    natural = roll.natural
    success = save_succeeds(natural, bonus, dc)
    if natural in (1, 20):
        cites += (CITE_NATURAL,)
    if not success:
        return SaveResult(True, False, natural, natural + bonus, FULL, damage, cites, **common)
    applies = kind.on_success
    if damage is None or applies == LESSER:
        left = None  # partial: the lesser effect's damage is the spell's own text
    elif applies == HALF:
        left = half_damage(damage)
    else:
        left = 0
    return SaveResult(True, True, natural, natural + bonus, applies, left, cites, **common)


# --- Items exposed by a natural 1 ------------------------------------------------------------

OTHER_RANK = 10


@dataclass(frozen=True, slots=True)
class ItemSlot:
    """A row of the seed's table: the slot key, its rank, the English and French names.

    ``magic_only``: the row says "magic …", so a non-magic item there is "anything else" (B-3).
    """

    key: str
    rank: int
    name_en: str
    name_fr: str
    magic_only: bool = False


# Seed 001, "Table : objets affectés par les attaques magiques" (RULES B.5, B-3, D-7).
ITEM_SLOTS: dict[str, ItemSlot] = {
    s.key: s
    for s in (
        ItemSlot("shield", 1, "Shield", "Bouclier"),
        ItemSlot("armor", 2, "Armor", "Armure"),
        ItemSlot(
            "head",
            3,
            "Magic helmet, hat, or headband",
            "Casque magique, couvre-chef ou serre-tête",
            True,
        ),
        ItemSlot(
            "held",
            4,
            "Item in hand (including weapon, wand, or the like)",
            "Objet tenu en main (arme, baguette, etc.)",
        ),
        ItemSlot("cloak", 5, "Magic cloak", "Cape magique", True),
        ItemSlot(
            "stowed-weapon",
            6,
            "Stowed or sheathed weapon",
            "Arme rangée au fourreau ou portée en bandoulière",
        ),
        ItemSlot("bracers", 7, "Magic bracers", "Bracelets magiques", True),
        ItemSlot("clothing", 8, "Magic clothing", "Vêtements magiques", True),
        ItemSlot(
            "jewelry",
            9,
            "Magic jewelry (including rings)",
            "Bijoux magiques (ce qui inclut les anneaux)",
            True,
        ),
        ItemSlot("other", OTHER_RANK, "Anything else", "Tout le reste"),
    )
}
SLOTS: tuple[str, ...] = tuple(ITEM_SLOTS)


# Seed 001, "Table : objets affectés par les attaques magiques".
def item_slot(slot: str) -> ItemSlot:
    """The table row for ``slot`` (``_`` accepted for ``-``), or ImpossibleInput listing slots."""
    key = str(slot).strip().lower().replace("_", "-")
    return _row(ITEM_SLOTS, key, slot, field="slot", named="item slot", listed="slots")


# Seed 001, "Table : objets affectés par les attaques magiques"; RULES B-3 (non-magic → 10).
def item_rank(slot: str, magic: bool) -> int:
    """The item's rank, 1 most likely … 10 "Tout le reste"."""
    row = item_slot(slot)
    return OTHER_RANK if row.magic_only and not magic else row.rank


@dataclass(frozen=True, slots=True)
class CarriedItem:
    """An item a creature carries or wears (``unattended``: it is not carried nor worn)."""

    name: str
    slot: str
    magic: bool = False
    unattended: bool = False


@dataclass(frozen=True, slots=True)
class ItemCandidates:
    """The four most likely items (``ranks`` aligned), and the items tied with the fourth."""

    candidates: tuple[CarriedItem, ...]
    tied: tuple[CarriedItem, ...]
    ranks: tuple[int, ...]
    cites: tuple[Citation, ...] = (CITE_ITEM_CHOICE, CITE_ITEM_TABLE)

    @property
    def choosable(self) -> tuple[CarriedItem, ...]:
        """Candidates and tied: the caller picks uniformly among these (a DiceRoller's choice)."""
        return self.candidates + self.tied

    def as_json(self) -> dict[str, object]:
        return {
            "candidates": [i.name for i in self.candidates],
            "tied": [i.name for i in self.tied],
            "ranks": list(self.ranks),
        }


# Seed 001, "Jet de sauvegarde et objets" ("Déterminez aléatoirement l’objet atteint") with the
# English original's "four objects … most likely to be affected" (RULES B-2, D-7).
def item_candidates(items: Sequence[CarriedItem]) -> ItemCandidates:
    """Rank the attended items (acquisition order breaks ties); keep four, plus ties at fourth.

    Nothing random here: the uniform choice is the caller's, with its DiceRoller.
    """
    ranked = sorted(
        ((item_rank(item.slot, item.magic), order, item) for order, item in enumerate(items)),
        key=lambda row: (row[0], row[1]),
    )
    attended = [(rank, item) for rank, _, item in ranked if not item.unattended]
    first = attended[:4]
    tied: tuple[CarriedItem, ...] = ()
    if len(first) == 4:
        cutoff = first[-1][0]
        tied = tuple(item for rank, item in attended[4:] if rank == cutoff)
    return ItemCandidates(
        candidates=tuple(item for _, item in first),
        tied=tied,
        ranks=tuple(rank for rank, _ in first),
    )


# --- Item saves and object damage -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ItemSaveBonus:
    """Whether the item saves and with which bonus (None: the bearer's, not given). Unpacks as
    ``saves, bonus``."""

    saves: bool
    bonus: int | None
    own_bonus: int | None = None
    bearer_bonus: int | None = None
    unattended: bool = False
    cites: tuple[Citation, ...] = (CITE_OBJECT,)

    def __iter__(self) -> Iterator[object]:
        return iter((self.saves, self.bonus))

    def as_json(self) -> dict[str, object]:
        return {"saves": self.saves, "bonus": self.bonus, "own_bonus": self.own_bonus}


# Seed 001, "(Objet)" (the bearer's bonus unless its own is greater; 2 + half the caster level)
# and "Jet de sauvegarde et objets" (unattended non-magic: no save); RULES D-8.
def item_save_bonus(
    *,
    magic: bool,
    caster_level: int | None = None,
    bearer_bonus: int | None = None,
    unattended: bool = False,
) -> ItemSaveBonus:
    """An item's save: magic 2 + ⌊CL/2⌋; attended → the better of bearer's and own; unattended
    non-magic → no save. A bearer's bonus is ignored for an unattended item (it has no bearer).
    """
    if magic:
        if caster_level is None or caster_level < 0:
            raise ImpossibleInput(
                "a magic item saves with 2 + half its caster level: give a caster level ≥ 0"
                + ("" if caster_level is None else f", not {caster_level}"),
                field="caster_level",
                value=caster_level,
                expected="a caster level ≥ 0",
            )
        own: int | None = 2 + caster_level // 2
    else:
        if caster_level is not None:
            raise ImpossibleInput(
                "only a magic item has a caster level (magic)",
                field="caster_level",
                value=caster_level,
                expected="no caster level for a non-magic item",
            )
        own = None
    cites: tuple[Citation, ...] = (CITE_MAGIC_ITEM_BONUS,) if magic else ()
    if unattended:
        if not magic:
            return ItemSaveBonus(False, None, None, None, True, (CITE_UNATTENDED,))
        return ItemSaveBonus(True, own, own, None, True, (CITE_OBJECT, *cites))
    known = [b for b in (bearer_bonus, own) if b is not None]
    return ItemSaveBonus(
        True, max(known) if known else None, own, bearer_bonus, False, (CITE_OBJECT, *cites)
    )


@dataclass(frozen=True, slots=True)
class ObjectDamage:
    """Damage an object takes and its state after. Unpacks as
    ``damage, hp_left, broken, destroyed``."""

    damage: int
    hp_left: int
    broken: bool
    destroyed: bool
    hp: int = 0
    before_hardness: int = 0  # the damage after the halvings, before hardness is subtracted
    cites: tuple[Citation, ...] = (CITE_OBJECT_DAMAGE,)

    def __iter__(self) -> Iterator[object]:
        return iter((self.damage, self.hp_left, self.broken, self.destroyed))

    @property
    def state(self) -> str:
        """``intact``, ``damaged``, ``broken`` or ``destroyed`` from the hit points left."""
        if self.destroyed:
            return "destroyed"
        if self.broken:
            return "broken"
        return "damaged" if self.hp_left < self.hp else "intact"

    def as_json(self) -> dict[str, object]:
        return {
            "damage": self.damage,
            "hp_left": self.hp_left,
            "broken": self.broken,
            "destroyed": self.destroyed,
            "state": self.state,
        }


def _at_least(value: int, lowest: int, field: str, what: str) -> None:
    if value < lowest:
        raise ImpossibleInput(
            f"{what} cannot be below {lowest}, not {value}",
            field=field,
            value=value,
            expected=f"{lowest} or more",
        )


# Seed 001, "Jet de sauvegarde et objets" ("risque d’être endommagé ou détruit (voir Attaquer un
# objet)"), with PF1 Smashing an Object: RULES D-8, B-7, B-8.
def object_damage(
    *,
    damage: int,
    hardness: int,
    hp: int,
    hp_left: int | None = None,
    energy: bool = False,
    halved: bool = False,
) -> ObjectDamage:
    """Halve for a saved ``half`` effect, halve for energy, subtract hardness (not below 0).

    Broken iff hit points left ≤ hp/2 in real division (B-8; destroyed is broken too),
    destroyed at 0.
    """
    _at_least(hp, 1, "hp", "an object's hit points")
    _at_least(hardness, 0, "hardness", "hardness")
    _at_least(damage, 0, "damage", "damage")
    before = hp if hp_left is None else hp_left
    if not 0 <= before <= hp:
        raise ImpossibleInput(
            f"hit points left are 0–{hp}, not {hp_left}",
            field="hp_left",
            value=hp_left,
            expected=f"0–{hp}",
        )
    halves = damage
    if halved:
        halves //= 2
    if energy:
        halves //= 2  # B-7: floor(floor(x/2)/2) = floor(x/4), the order does not matter
    dealt = max(0, halves - hardness)
    after = max(0, before - dealt)
    return ObjectDamage(dealt, after, 2 * after <= hp, after == 0, hp, halves)


ITEM_STATES: tuple[str, ...] = ("intact", "damaged", "broken", "destroyed")


@dataclass(frozen=True, slots=True)
class ItemSaveResult:
    """An exposed item's save and what it suffers.

    ``success`` None when a roll (or the bearer's bonus) is needed and unknown; ``outcome``
    ``intact``/``damaged``/``broken``/``destroyed`` or None when unknown; ``damage`` (dealt to
    the object, after hardness) and ``hp_left`` None unless hardness and hit points are known.
    """

    saves: bool
    bonus: int | None
    success: bool | None
    natural: int | None
    total: int | None
    outcome: str | None
    damage: int | None
    hp_left: int | None
    broken: bool | None
    destroyed: bool | None
    cites: tuple[Citation, ...]

    def as_json(self) -> dict[str, object]:
        return {
            "saves": self.saves,
            "bonus": self.bonus,
            "success": self.success,
            "natural": self.natural,
            "total": self.total,
            "outcome": self.outcome,
            "damage": self.damage,
            "hp_left": self.hp_left,
            "broken": self.broken,
            "destroyed": self.destroyed,
        }


# Seed 001, "Jet de sauvegarde et objets" ("Il doit alors effectuer un jet de sauvegarde contre
# le type d’attaque approprié"), "(Objet)"; RULES B-6, B-10, D-8 and SPEC §4 "item-save".
def resolve_item_save(
    *,
    dc: int,
    roll: Roll | None,
    effect: str = "negates",
    damage: int | None = None,
    energy: bool = False,
    magic: bool = False,
    caster_level: int | None = None,
    bearer_bonus: int | None = None,
    unattended: bool = False,
    hardness: int | None = None,
    hp: int | None = None,
    hp_left: int | None = None,
) -> ItemSaveResult:
    """Judge an item's own save (natural 1/20 apply, B-10) and the damage it takes.

    No damage if the item saves against anything but ``half``; else the save's damage, halved
    on a saved ``half``, halved for energy, minus hardness. Without hardness and hit points the
    outcome is ``damaged`` on a failure and ``intact`` on a success (D-8). An item that gets no
    save (unattended non-magic, an effect with no save) fails automatically: a roll is then
    ImpossibleInput.
    """
    kind = effect_kind(effect)
    _check_damage(damage)
    if (hardness is None) != (hp is None):
        missing = "hardness" if hardness is None else "hp"
        raise ImpossibleInput(
            "an object's hardness and hit points go together: give both or neither",
            field=missing,
            value=None,
            expected="both hardness and hp, or neither",
        )
    if hp_left is not None and hp is None:
        raise ImpossibleInput(
            "hit points left need the object's hit points (hp)",
            field="hp_left",
            value=hp_left,
            expected="hp_left with hp",
        )
    item = item_save_bonus(
        magic=magic, caster_level=caster_level, bearer_bonus=bearer_bonus, unattended=unattended
    )
    saves = item.saves and kind.on_success is not None
    cites = item.cites if kind.on_success is not None else (kind.cite,)
    if roll is not None:
        _check_d20(roll)
        if not saves:
            raise ImpossibleInput(
                "this item gets no saving throw (unattended and not magical, or an effect with "
                "no save): no roll",
                field="roll",
                value=str(roll),
                expected="no roll",
            )

    natural = total = None
    success: bool | None
    if not saves:
        success = False
    elif roll is None:
        success = None
    else:
        natural = roll.natural
        total = None if item.bonus is None else natural + item.bonus
        if natural in (1, 20):
            success = natural == 20
            cites += (CITE_NATURAL,)
        elif item.bonus is None:
            success = None  # attended non-magic: the bearer's bonus is needed
        else:
            success = save_succeeds(natural, item.bonus, dc)
    cites += (CITE_OBJECT_DAMAGE,)

    def result(outcome: str | None, hurt: ObjectDamage | None = None) -> ItemSaveResult:
        return ItemSaveResult(
            saves,
            item.bonus if saves else None,
            success,
            natural,
            total,
            outcome,
            None if hurt is None else hurt.damage,
            None if hurt is None else hurt.hp_left,
            None if hurt is None else hurt.broken,
            None if hurt is None else hurt.destroyed,
            cites,
        )

    if success is None:
        return result(None)
    halved = success and kind.key == "half"
    if success and not halved:
        if hp is not None and hardness is not None:
            unhurt = object_damage(damage=0, hardness=hardness, hp=hp, hp_left=hp_left)
            return result(unhurt.state, unhurt)  # no damage: the state it already had
        return result("intact")
    if hp is None or hardness is None or damage is None:
        return result("intact" if success else "damaged")
    hurt = object_damage(
        damage=damage, hardness=hardness, hp=hp, hp_left=hp_left, energy=energy, halved=halved
    )
    return result(hurt.state, hurt)


# RULES D-8 and B-8 (PF1 Smashing an Object): « broken when hit points left ≤ half the maximum
# (real division), destroyed at 0 » — destroyed is broken too; SPEC §2: « an item ruled intact
# takes no damage ». A ruled state and the GM's hit points left that these contradict cannot
# both have happened: impossible input (SPEC §2), never a finding.
def item_hp_contradiction(
    ruling: str | None,
    state: str,
    hp_left: int | None,
    hp_before: int | None,
    hp_max: int | None,
) -> str | None:
    """Why the GM's ``ruling`` and ``hp_left`` contradict each other, or None.

    ``state`` is the item's state after the save (the worse of the one it had and the ruling:
    an item already broken stays broken when ruled ``intact``), ``hp_before`` its hit points
    before. Only a ruling *and* hit points left given together are judged, on a tracked item.
    """
    if ruling is None or hp_left is None or hp_max is None:
        return None
    half = f"{hp_max / 2:g}"
    given = f"{hp_left} of {hp_max} hit points left"
    if state == "destroyed":  # destroyed at 0, and 0 is destroyed
        if hp_left == 0:
            return None
        return f"{given} with the ruling {ruling}: an item is destroyed at 0 (RULES D-8)"
    if hp_left == 0:
        return f"{given} is destroyed (RULES D-8), not {ruling}: rule destroyed, or leave it more"
    if state == "broken" and 2 * hp_left > hp_max:
        return (
            f"{given} with the ruling {ruling}: broken is at most half the maximum ({half}; "
            "RULES D-8, B-8)"
        )
    if state != "broken" and 2 * hp_left <= hp_max:
        return f"{given} is broken (at most half the maximum, {half}; RULES D-8, B-8), not {ruling}"
    if ruling == "intact" and hp_before is not None and hp_left < hp_before:
        return (
            f"{given} with the ruling intact: an item ruled intact takes no damage (it has "
            f"{hp_before}; SPEC §2)"
        )
    return None


# Seed 001, "Jet de sauvegarde et objets"; RULES D-8: when a ruling on it is a finding.
def item_ruling_differs(
    result: ItemSaveResult, rules_say: str, ruled: str, hp_left: int | None = None
) -> bool:
    """Whether the GM's ruling on an item save differs from the rules (SAV006).

    Measured (hardness, hit points and damage known): the outcome, or the hit points left the GM
    gave. Unmeasured: the outcome, except that a failure's ``damaged`` may be ruled ``broken`` or
    ``destroyed`` — without hit points the rules cannot tell (RULES D-8).
    """
    if result.hp_left is not None:
        return ruled != rules_say or (hp_left is not None and hp_left != result.hp_left)
    return ruled != rules_say and not (rules_say == "damaged" and ruled in ITEM_STATES[2:])
