"""A mercenary company's morale: the troop table and the GM's working-conditions modifiers
(seed 000, "Moral des mercenaires"; docs/rules.md#mercenary-companies, #d-4)."""

from __future__ import annotations

from dataclasses import dataclass

from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_


@dataclass(frozen=True, slots=True)
class TroopRow:
    key: str
    name_fr: str
    name_en: str
    morale: int


# Seed 000, table "Moral des mercenaires" — base by troop type.
TROOP_TYPES: dict[str, TroopRow] = {
    row.key: row
    for row in (
        TroopRow("militia", "Non entraînés, milice", "Untrained, militia", 6),
        TroopRow("barbarian", "Horde barbare", "Barbarian horde", 7),
        TroopRow("trained", "Guerriers entraînés", "Trained warriors", 8),
    )
}

# Seed 000, table "Moral des mercenaires" — additive qualities.
TROOP_QUALITIES: dict[str, TroopRow] = {
    row.key: row
    for row in (
        TroopRow("mounted", "Montés", "Mounted", 1),
        TroopRow("elite", "Troupes d’élite", "Elite", 1),
        TroopRow("fanatic", "Fanatiques, berserkers", "Fanatics, berserkers", 2),
    )
}


def troop_morale(
    troop: str, *, mounted: bool = False, elite: bool = False, fanatic: bool = False
) -> int:
    """A company's table morale: troop type + qualities, additive; the hiring CHA never enters.

    Seed 000, "Moral des mercenaires": "déterminé uniquement par le type de la troupe".
    """
    row = TROOP_TYPES.get(troop)
    if row is None:
        raise ImpossibleInput(
            N_("{value} is not a troop type"),
            field="troop",
            value=troop,
            expected="{types}",
            values={"value": repr(troop), "types": ", ".join(TROOP_TYPES)},
        )
    chosen = {"mounted": mounted, "elite": elite, "fanatic": fanatic}
    return row.morale + sum(TROOP_QUALITIES[k].morale for k, on in chosen.items() if on)


def company_rating(base: int, modifiers: tuple[int, ...] | list[int] = ()) -> int:
    """Table (or the GM's explicit base) + working-conditions modifiers, unbounded
    (docs/rules.md#d-4).

    Seed 000, "Moral des mercenaires", "Modificateurs": "à la discrétion de l'arbitre".
    """
    return base + sum(modifiers)
