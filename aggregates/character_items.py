"""A character's items (SPEC §4 "Saves and items"; RULES B.5, D-7, D-8): acquired, dropped,
mended, and what a natural 1 or an item save asks of them.

A mixin of :class:`aggregates.character.Character`: the item commands, their checks and the
rules calls; the events and their mutations are on the aggregate itself, and ``item-save`` is
:mod:`aggregates.character_item_saves`'s. Every judgement is :mod:`campaign.rules.saves`'s
(seed 001).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aggregates.character_traits import check_whole, same_name
from campaign.core.errors import HandleTaken, ImpossibleInput, UnknownHandle
from campaign.rules import saves as rules


class ItemCommands:
    """Items: commands of :class:`~aggregates.character.Character`."""

    handle: str
    _items: list[dict[str, Any]]
    trigger_event: Callable[..., None]
    ItemAcquired: Any
    ItemDropped: Any
    ItemRepaired: Any

    # --- queries ---------------------------------------------------------------------------------

    @property
    def items(self) -> list[dict[str, Any]]:
        """Items in acquisition order, as ``status --json`` shows them (SPEC §5)."""
        keys = ("name", "slot", "magic", "state", "hp", "hp_max")
        return [{k: item[k] for k in keys} for item in self._items]

    def has_something_to_save(self, item: str) -> bool:
        """Whether an item save of ``item`` can be made: a destroyed item has nothing left to
        save (RULES D-7, D-8)."""
        return self.item_named(item)["state"] != "destroyed"

    # --- checks ----------------------------------------------------------------------------------

    def item_named(self, name: str, field: str = "item") -> dict[str, Any]:
        """The item called ``name`` (case-insensitive, SPEC §4), or UnknownHandle."""
        wanted = same_name(name) if isinstance(name, str) else None
        for item in self._items:
            if same_name(item["name"]) == wanted:
                return item
        known = ", ".join(i["name"] for i in self._items) or "none"
        raise UnknownHandle(
            f"{self.handle} has no item {name!r}; items: {known}",
            field=field,
            value=name,
            expected=known,
        )

    def check_item_name_free(self, name: object) -> str:
        text = name.strip() if isinstance(name, str) else ""
        if not text:
            raise ImpossibleInput("an item needs a name", field="name", value=name)
        if any(same_name(item["name"]) == same_name(text) for item in self._items):
            raise HandleTaken(
                f"{self.handle} already has an item called {text!r}",
                field="name",
                value=name,
                expected="a name not used by this character's items (case-insensitive)",
            )
        return text

    # --- items -----------------------------------------------------------------------------------

    def add_item(
        self,
        name: str,
        slot: str,
        magic: bool = False,
        caster_level: int | None = None,
        hardness: int | None = None,
        hp: int | None = None,
        unattended: bool = False,
        note: str | None = None,
    ) -> None:
        """``character item``: its slot ranks it in seed 001's table; acquisition order breaks
        ties (RULES D-7)."""
        text = self.check_item_name_free(name)
        slot_key = rules.item_slot(slot).key
        rules.item_save_bonus(magic=magic, caster_level=caster_level)  # a CL is a magic item's
        if (hardness is None) != (hp is None):
            raise ImpossibleInput(
                "an item's hardness and hit points go together: give both or neither",
                field="hardness" if hardness is None else "hp",
                expected="both hardness and hp, or neither",
            )
        if hardness is not None and hp is not None:
            rules.object_damage(damage=0, hardness=hardness, hp=hp)  # hp ≥ 1, hardness ≥ 0
        self.trigger_event(
            self.ItemAcquired,
            item=text,
            slot=slot_key,
            magic=magic,
            caster_level=caster_level,
            hardness=hardness,
            hp=hp,
            unattended=unattended,
            rank=rules.item_rank(slot_key, magic),  # seed 001, the items table (B-3)
            note=note,
        )

    def drop_item(self, name: str, note: str | None = None) -> None:
        """``character item-drop``: the item leaves (a later one of that name is a new item)."""
        item = self.item_named(name)
        self.trigger_event(self.ItemDropped, item=item["name"], note=note)

    def repair_item(self, name: str, hp: int | None = None, note: str | None = None) -> None:
        """``character item-repair``: mended to ``hp`` (default: its maximum)."""
        item = self.item_named(name)
        if item["hp_max"] is None:
            if hp is not None:
                raise ImpossibleInput(
                    f"{item['name']}'s hit points are not tracked (no hardness and hp)",
                    field="hp",
                    value=hp,
                    expected="no --hp for this item",
                )
            state = "intact"
        else:
            hp = item["hp_max"] if hp is None else check_whole(hp, "hp")
            now, most = item["hp"], item["hp_max"]
            if not now <= hp <= most:  # a repair mends: never past the maximum, never harms
                raise ImpossibleInput(
                    f"{item['name']} has at most {most} hit points, not {hp}"
                    if hp > most
                    else f"{item['name']} has {now} hit points: a repair mends, it cannot leave "
                    f"it {hp}",
                    field="hp",
                    value=hp,
                    expected=f"{most} (its maximum, also without --hp)"
                    if now == most
                    else f"hit points from {now} to {most} (without --hp: {most})",
                )
            # PF1 Smashing an Object: broken at ≤ half, destroyed at 0 (RULES D-8, B-8)
            state = rules.object_damage(
                damage=0, hardness=item["hardness"], hp=item["hp_max"], hp_left=hp
            ).state
        self.trigger_event(
            self.ItemRepaired,
            item=item["name"],
            hp_before=item["hp"],
            hp=hp,
            state_before=item["state"],
            state=state,
            note=note,
        )
