"""An exposed item's own save and the damage an object takes: its bonus, hardness and hit
points, broken and destroyed, and when a GM's ruling on it differs from the rules (seed 001,
"(Objet)" and "Jet de sauvegarde et objets"; PF1 Smashing an Object;
docs/rules.md#item-saves-and-object-damage, #d-8)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_
from campaign.rules.citation import Citation
from campaign.rules.dice import Roll
from campaign.rules.saves.citations import (
    CITE_MAGIC_ITEM_BONUS,
    CITE_NATURAL,
    CITE_OBJECT,
    CITE_OBJECT_DAMAGE,
    CITE_UNATTENDED,
)
from campaign.rules.saves.inputs import at_least, check_d20, check_damage
from campaign.rules.saves.saving_throw import effect_kind, save_succeeds


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
# and "Jet de sauvegarde et objets" (unattended non-magic: no save); docs/rules.md#d-8.
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
                N_("a magic item saves with 2 + half its caster level: give a caster level ≥ 0")
                if caster_level is None
                else N_(
                    "a magic item saves with 2 + half its caster level: give a caster level ≥ 0"
                    ", not {level}"
                ),
                field="caster_level",
                value=caster_level,
                expected=N_("a caster level ≥ 0"),
                values={"level": caster_level},
            )
        own: int | None = 2 + caster_level // 2
    else:
        if caster_level is not None:
            raise ImpossibleInput(
                N_("only a magic item has a caster level (magic)"),
                field="caster_level",
                value=caster_level,
                expected=N_("no caster level for a non-magic item"),
                values={},
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


# Seed 001, "Jet de sauvegarde et objets" ("risque d’être endommagé ou détruit (voir Attaquer un
# objet)"), with PF1 Smashing an Object: docs/rules.md#item-saves-and-object-damage, #d-8.
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

    Broken iff hit points left ≤ hp/2 in real division (docs/rules.md#d-8; destroyed is broken
    too), destroyed at 0.
    """
    at_least(hp, 1, "hp", N_("an object's hit points cannot be below {lowest}, not {value}"))
    at_least(hardness, 0, "hardness", N_("hardness cannot be below {lowest}, not {value}"))
    at_least(damage, 0, "damage", N_("damage cannot be below {lowest}, not {value}"))
    before = hp if hp_left is None else hp_left
    if not 0 <= before <= hp:
        raise ImpossibleInput(
            N_("hit points left are 0–{hp}, not {left}"),
            field="hp_left",
            value=hp_left,
            expected="0–{hp}",
            values={"hp": hp, "left": hp_left},
        )
    halves = damage
    if halved:
        halves //= 2
    if energy:
        halves //= 2  # floor(floor(x/2)/2) = floor(x/4): the order does not matter
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
# le type d’attaque approprié"), "(Objet)"; docs/rules.md#d-8 and docs/log-language.md#item-saves.
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
    """Judge an item's own save (natural 1/20 apply, docs/rules.md#d-8) and the damage it takes.

    No damage if the item saves against anything but ``half``; else the save's damage, halved
    on a saved ``half``, halved for energy, minus hardness. Without hardness and hit points the
    outcome is ``damaged`` on a failure and ``intact`` on a success (docs/rules.md#d-8). An item
    that gets no save (unattended non-magic, an effect with no save) fails automatically: a roll is
    then ImpossibleInput.
    """
    kind = effect_kind(effect)
    check_damage(damage)
    _check_object(hardness, hp, hp_left)
    item = item_save_bonus(
        magic=magic, caster_level=caster_level, bearer_bonus=bearer_bonus, unattended=unattended
    )
    saves = item.saves and kind.on_success is not None
    cites = item.cites if kind.on_success is not None else (kind.cite,)
    if roll is not None:
        _check_item_roll(roll, saves)
    success, natural, total = _item_roll(item, saves, roll, dc)
    if natural in (1, 20):
        cites += (CITE_NATURAL,)
    cites += (CITE_OBJECT_DAMAGE,)
    if success is None:
        outcome, hurt = None, None
    else:
        halved = success and kind.key == "half"
        outcome, hurt = _item_damage(
            success, halved, damage=damage, energy=energy, hardness=hardness, hp=hp, hp_left=hp_left
        )
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


def _check_object(hardness: int | None, hp: int | None, hp_left: int | None) -> None:
    """An object's hardness and hit points go together, and hit points left need both."""
    if (hardness is None) != (hp is None):
        missing = "hardness" if hardness is None else "hp"
        raise ImpossibleInput(
            N_("an object's hardness and hit points go together: give both or neither"),
            field=missing,
            value=None,
            expected=N_("both hardness and hp, or neither"),
            values={},
        )
    if hp_left is not None and hp is None:
        raise ImpossibleInput(
            N_("hit points left need the object's hit points (hp)"),
            field="hp_left",
            value=hp_left,
            expected=N_("hp_left with hp"),
            values={},
        )


def _check_item_roll(roll: Roll, saves: bool) -> None:
    """A roll is one d20, and only for an item that gets a save."""
    check_d20(roll)
    if not saves:
        raise ImpossibleInput(
            N_(
                "this item gets no saving throw (unattended and not magical, or an effect with "
                "no save): no roll"
            ),
            field="roll",
            value=str(roll),
            expected=N_("no roll"),
            values={},
        )


def _item_roll(
    item: ItemSaveBonus, saves: bool, roll: Roll | None, dc: int
) -> tuple[bool | None, int | None, int | None]:
    """The item save's ``success, natural, total``: a failure when it gets no save, unknown
    without a roll or (attended non-magic, natural 2–19) without the bearer's bonus."""
    if not saves:
        return False, None, None
    if roll is None:
        return None, None, None
    natural = roll.natural
    total = None if item.bonus is None else natural + item.bonus
    if natural in (1, 20):
        return natural == 20, natural, total
    if item.bonus is None:
        return None, natural, total  # attended non-magic: the bearer's bonus is needed
    return save_succeeds(natural, item.bonus, dc), natural, total


def _item_damage(
    success: bool,
    halved: bool,
    *,
    damage: int | None,
    energy: bool,
    hardness: int | None,
    hp: int | None,
    hp_left: int | None,
) -> tuple[str, ObjectDamage | None]:
    """The outcome of a judged item save, and the object's damage when its hit points are known:
    a success that does not halve leaves it as it was; unmeasured, a failure is ``damaged``."""
    if success and not halved:
        if hp is not None and hardness is not None:
            unhurt = object_damage(damage=0, hardness=hardness, hp=hp, hp_left=hp_left)
            return unhurt.state, unhurt  # no damage: the state it already had
        return "intact", None
    if hp is None or hardness is None or damage is None:
        return ("intact" if success else "damaged"), None
    hurt = object_damage(
        damage=damage, hardness=hardness, hp=hp, hp_left=hp_left, energy=energy, halved=halved
    )
    return hurt.state, hurt


# Seed 001, "Jet de sauvegarde et objets"; docs/rules.md#d-8: when a ruling on it is a finding.
def item_ruling_differs(
    result: ItemSaveResult, rules_say: str, ruled: str, hp_left: int | None = None
) -> bool:
    """Whether the GM's ruling on an item save differs from the rules (SAV006).

    Measured (hardness, hit points and damage known): the outcome, or the hit points left the GM
    gave. Unmeasured: the outcome, except that a failure's ``damaged`` may be ruled ``broken`` or
    ``destroyed`` — without hit points the rules cannot tell (docs/rules.md#d-8).
    """
    if result.hp_left is not None:
        return ruled != rules_say or (hp_left is not None and hp_left != result.hp_left)
    return ruled != rules_say and not (rules_say == "damaged" and ruled in ITEM_STATES[2:])
