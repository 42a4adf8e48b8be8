"""Seed 001's sentences that the results of the save rules cite
(docs/rules.md#d20-saving-throws-and-items)."""

from __future__ import annotations

from campaign.rules.citation import SEED_SAVES, Citation

CITE_SAVE_LINE = Citation(
    SEED_SAVES,
    "Les jets de sauvegarde",
    "La ligne « Jet de sauvegarde » indique quel type de jet de sauvegarde il faut effectuer et "
    "quel est son résultat en cas de succès.",
    "A spell's save line names the save type (Fortitude, Reflex, Will). A character's bonus of "
    "each type is the class base save plus an ability modifier; the progressions (good 2 + L/2, "
    "poor L/3) come from the PF1 class tables (docs/rules.md#saving-throws), not from the seed.",
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
    "A magic item's save bonus is 2 + half its caster level, rounded down (docs/rules.md#d-8).",
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
    "wizards, Cha for bards and sorcerers, Wis for clerics, druids, paladins and rangers; "
    "a campaign setting switches paladins to Cha, as in PF1 (docs/rules.md#d-6).",
)
CITE_ABILITY_BONUS = Citation(
    SEED_SAVES,
    "Degré de difficulté des jets de sauvegarde",
    "plus le bonus du personnage dans la caractéristique concernée",
    "The ability bonus is floor((score − 10) / 2): 9 → −1, 1 → −5 (PF1 ability table, "
    "docs/rules.md#saving-throws).",
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
    "the save succeeds iff d20 + bonus ≥ DC (docs/rules.md#saving-throws, docs/rules.md#d-7).",
)
CITE_ITEM_CHOICE = Citation(
    SEED_SAVES,
    "Jet de sauvegarde et objets",
    "Les quatre premières catégories d’objets de la Table : objets affectés par les attaques "
    "magiques sont celles qui ont le plus de chances d’être prises pour cible. Déterminez "
    "aléatoirement l’objet atteint.",
    "The four most likely objects carried or worn, by the table's rank then acquisition order, "
    "unattended items excluded; items tied with the fourth are candidates too; uniform choice "
    "(docs/rules.md#d-7).",
)
CITE_ITEM_TABLE = Citation(
    SEED_SAVES,
    "Table : objets affectés par les attaques magiques",
    "Indique l’ordre dans lequel les objets risquent d’être affectés.",
    "Ranks 1–10: shield, armor, magic headgear, held item, magic cloak, stowed weapon, magic "
    "bracers, magic clothing, magic jewelry, anything else; a non-magic headgear, cloak, "
    "bracers, clothing or jewelry is 'anything else' (docs/rules.md#d-7).",
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
    "the maximum, destroyed at 0 (PF1 Smashing an Object, docs/rules.md#d-8; the order of the "
    "halvings: docs/rules.md#where-seed-001-leaves-a-case-open).",
)
