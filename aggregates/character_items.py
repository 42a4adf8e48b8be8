"""A character's items (docs/log-language.md#saves-and-items; docs/rules.md#items-on-a-natural-1,
#d-7, #d-8): acquired, dropped, mended, and which of them a natural 1 exposes.

A mixin of :class:`aggregates.character.Character`: the item commands, their checks and the
rules calls; the events and their mutations are on the aggregate itself, and ``item-save`` is
:mod:`aggregates.character_item_saves`'s. Every judgement is :mod:`campaign.rules.saves`'s
(seed 001).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from aggregates.refusals import Later, UnknownName
from aggregates.values import check_whole, same_name
from campaign.commands import CharacterItem, ItemDrop, ItemRepair
from campaign.core.errors import HandleTaken, ImpossibleInput
from campaign.core.i18n import N_, pgettext
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
        """Items in acquisition order, as ``status --json`` shows them (docs/json.md#status)."""
        keys = ("name", "slot", "magic", "state", "hp", "hp_max")
        return [{k: item[k] for k in keys} for item in self._items]

    def has_something_to_save(self, item: str) -> bool:
        """Whether an item save of ``item`` can be made: a destroyed item has nothing left to
        save (docs/rules.md#d-7, #d-8)."""
        return self.item_named(item)["state"] != "destroyed"

    def carried_items(self) -> list[rules.CarriedItem]:
        """The items a natural 1 can expose, in acquisition order (a destroyed one is gone; the
        rules leave out the unattended ones): what seed 001's table ranks (docs/rules.md#d-7)."""
        return [
            rules.CarriedItem(i["name"], i["slot"], i["magic"], i["unattended"])
            for i in self._items
            if i["state"] != "destroyed"
        ]

    def choose_exposed(
        self, item: str | None, chooser: Callable[[Sequence[str]], str] | None
    ) -> dict[str, Any] | None:
        """The ItemExposed fields: the four most likely items carried or worn (seed 001, "Jet
        de sauvegarde et objets"; docs/rules.md#d-7), the GM's item or the tracker's choice."""
        ranked = rules.item_candidates(self.carried_items())
        choosable = [i.name for i in ranked.choosable]
        if item is not None:
            chosen, chosen_by = self.item_named(item)["name"], "gm"
        elif not choosable:
            return None  # nothing carried or worn can be exposed
        else:
            if chooser is None:
                raise ImpossibleInput(
                    N_("name the exposed item, or let the tracker choose among the candidates"),
                    field="item",
                    expected="{choices}",
                    values={"choices": ", ".join(choosable)},
                )
            chosen, chosen_by = chooser(choosable), "tracker"
            if chosen not in choosable:
                raise ValueError(f"the chooser returned {chosen!r}, not one of {choosable}")
        return {
            "item": chosen,
            "candidates": [i.name for i in ranked.candidates],
            "tied": [i.name for i in ranked.tied],
            "ranks": list(ranked.ranks),
            "among_candidates": chosen in choosable,
            "chosen_by": chosen_by,
            "rules_say": choosable,
            "ruled": chosen,
        }

    # --- checks ----------------------------------------------------------------------------------

    def item_named(self, name: str, field: str = "item") -> dict[str, Any]:
        """The item called ``name`` (case-insensitive, docs/log-language.md#handles), or
        UnknownHandle."""
        wanted = same_name(name) if isinstance(name, str) else None
        for item in self._items:
            if same_name(item["name"]) == wanted:
                return item
        names = ", ".join(i["name"] for i in self._items)
        known = names or Later("none", lambda: pgettext("items", "none"))
        raise UnknownName(
            N_("{who} has no item {name}; items: {known}"),
            field=field,
            value=name,
            expected="{known}",
            values={"who": self.handle, "name": repr(name), "known": known},
        )

    def check_item_name_free(self, name: object) -> str:
        text = name.strip() if isinstance(name, str) else ""
        if not text:
            raise ImpossibleInput(N_("an item needs a name"), field="name", value=name, values={})
        if any(same_name(item["name"]) == same_name(text) for item in self._items):
            raise HandleTaken(
                N_("{who} already has an item called {name}"),
                field="name",
                value=name,
                expected=N_("a name not used by this character's items (case-insensitive)"),
                values={"who": self.handle, "name": repr(text)},
            )
        return text

    def check_item_hit_points(self, command: CharacterItem) -> None:
        """An item's hardness and hit points go together, as PF1's objects have them
        (docs/rules.md#d-8)."""
        hardness, hp = command.hardness, command.hp
        if (hardness is None) != (hp is None):
            raise ImpossibleInput(
                N_("an item's hardness and hit points go together: give both or neither"),
                field="hardness" if hardness is None else "hp",
                expected=N_("both hardness and hp, or neither"),
                values={},
            )
        if hardness is not None and hp is not None:
            rules.object_damage(damage=0, hardness=hardness, hp=hp)  # hp ≥ 1, hardness ≥ 0

    def check_repair(self, item: dict[str, Any], hp: int | None) -> int:
        """The hit points a repair leaves a tracked item: from its hit points now up to its
        maximum (the default) — a repair mends, it never harms."""
        hp = item["hp_max"] if hp is None else check_whole(hp, "hp")
        now, most = item["hp"], item["hp_max"]
        if not now <= hp <= most:
            raise ImpossibleInput(
                N_("{item} has at most {most} hit points, not {hp}")
                if hp > most
                else N_("{item} has {now} hit points: a repair mends, it cannot leave it {hp}"),
                field="hp",
                value=hp,
                expected=N_("{most} (its maximum, also without --hp)")
                if now == most
                else N_("hit points from {now} to {most} (without --hp: {most})"),
                values={"item": item["name"], "most": most, "now": now, "hp": hp},
            )
        return hp

    # --- items -----------------------------------------------------------------------------------

    def add_item(self, command: CharacterItem) -> None:
        """``character item``: its slot ranks it in seed 001's table; acquisition order breaks
        ties (docs/rules.md#d-7)."""
        text = self.check_item_name_free(command.name)
        slot_key = rules.item_slot(command.slot).key
        # a caster level is a magic item's
        rules.item_save_bonus(magic=command.magic, caster_level=command.caster_level)
        self.check_item_hit_points(command)
        self.trigger_event(
            self.ItemAcquired,
            item=text,
            slot=slot_key,
            magic=command.magic,
            caster_level=command.caster_level,
            hardness=command.hardness,
            hp=command.hp,
            unattended=command.unattended,
            # seed 001, the items table (docs/rules.md#d-7)
            rank=rules.item_rank(slot_key, command.magic),
            note=command.note,
        )

    def drop_item(self, command: ItemDrop) -> None:
        """``character item-drop``: the item leaves (a later one of that name is a new item)."""
        item = self.item_named(command.item)
        self.trigger_event(self.ItemDropped, item=item["name"], note=command.note)

    def repair_item(self, command: ItemRepair) -> None:
        """``character item-repair``: mended to ``hp`` (default: its maximum)."""
        item = self.item_named(command.item)
        hp = command.hp
        if item["hp_max"] is None:
            if hp is not None:
                raise ImpossibleInput(
                    N_("{item}'s hit points are not tracked (no hardness and hp)"),
                    field="hp",
                    value=hp,
                    expected=N_("no --hp for this item"),
                    values={"item": item["name"]},
                )
            state = "intact"
        else:
            hp = self.check_repair(item, hp)
            # PF1 Smashing an Object: broken at ≤ half, destroyed at 0 (docs/rules.md#d-8)
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
            note=command.note,
        )
