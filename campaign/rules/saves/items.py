"""The items a natural 1 exposes: the seed's table of objects affected by magical attacks, and
the four most likely candidates (seed 001, "Jet de sauvegarde et objets"; docs/rules.md#d-7)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from campaign.core.i18n import N_
from campaign.core.numbers import BLANKS
from campaign.rules.citation import Citation
from campaign.rules.saves.citations import CITE_ITEM_CHOICE, CITE_ITEM_TABLE
from campaign.rules.saves.inputs import table_row

OTHER_RANK = 10


@dataclass(frozen=True, slots=True)
class ItemSlot:
    """A row of the seed's table: the slot key, its rank, the English and French names.

    ``magic_only``: the row says "magic …", so a non-magic item there is "anything else"
    (docs/rules.md#d-7).
    """

    key: str
    rank: int
    name_en: str
    name_fr: str
    magic_only: bool = False


# Seed 001, "Table : objets affectés par les attaques magiques" (docs/rules.md#items-on-a-natural-1,
# #d-7).
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
    key = str(slot).strip(BLANKS).lower().replace("_", "-")
    return table_row(
        ITEM_SLOTS,
        key,
        slot,
        field="slot",
        unknown=N_("unknown item slot {given}; the slots are {keys}"),
    )


# Seed 001, "Table : objets affectés par les attaques magiques"; docs/rules.md#d-7 (non-magic → 10).
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
# English original's "four objects … most likely to be affected" (docs/rules.md#d-7).
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
