"""A character's items' own saves: ``item-save`` (docs/log-language.md#item-saves;
docs/rules.md#d-7, #d-8).

A mixin of :class:`aggregates.character.Character`: the exposures a natural 1 leaves, the item
save that answers one (or hits an item directly), its checks and the rules calls; the events and
their mutations are on the aggregate itself. Every judgement is :mod:`campaign.rules.saves`'s
(seed 001); here the rules' answer is put beside the GM's ruling, and the item's hit points
follow the ruling (docs/rules.md#d-0).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from aggregates.character_item_rulings import check_hp_left, judged_item_save
from aggregates.character_saves import SAVES_RULESET
from aggregates.refusals import Refusal
from aggregates.values import check_whole, options_given
from campaign.commands import ItemSave
from campaign.core.errors import ImpossibleInput, Phrase
from campaign.core.i18n import N_
from campaign.rules import saves as rules
from campaign.rules.dice import Roll

# What hits an item targeted directly: (option, field) of an ``item-save``
_DIRECT = (("--dc", "dc"), ("--type", "save_type"), ("--damage", "damage"), ("--energy", "energy"))


def _against(exposure: dict[str, Any]) -> Phrase:
    """The save that exposed an item, as a refusal names it: ``reflex, DC 15, 12 damage``."""
    damage, energy = exposure.get("damage"), exposure.get("energy")
    if damage is not None and energy:
        words = N_("{type}, DC {dc}, {damage} damage, energy")
    elif damage is not None:
        words = N_("{type}, DC {dc}, {damage} damage")
    elif energy:
        words = N_("{type}, DC {dc}, energy")
    else:
        words = N_("{type}, DC {dc}")
    return Phrase(words, type=exposure["save_type"], dc=exposure["dc"], damage=damage)


def _direct(command: ItemSave) -> bool:
    """Whether an ``item-save``'s options describe what hits an item targeted directly."""
    given = (command.dc, command.save_type, command.damage)
    return any(value is not None for value in given) or command.energy


class ItemSaveCommands:
    """Item saves: commands of :class:`~aggregates.character.Character`."""

    handle: str
    _exposures: list[dict[str, Any]]
    trigger_event: Callable[..., None]
    item_named: Callable[..., dict[str, Any]]
    has_something_to_save: Callable[[str], bool]
    check_save_type: Callable[..., str]
    check_saves_set: Callable[[str], int]
    check_ruling: Callable[[str | None, Sequence[str]], None]
    ItemSaved: Any
    ItemDamaged: Any
    ItemBroken: Any
    ItemDestroyed: Any

    # --- queries ---------------------------------------------------------------------------------

    @property
    def pending_exposure(self) -> dict[str, Any] | None:
        """The most recent exposure no item save has resolved yet (SAV003 until one does)."""
        return dict(self._exposures[-1]) if self._exposures else None

    def _answered(self, direct: bool) -> dict[str, Any] | None:
        """The exposure an ``item-save`` answers: the most recent one an item save can answer
        (its item not destroyed). With none such, a direct hit (``direct``: --dc, --type, --damage
        or --energy given) targets an item directly (docs/log-language.md#item-saves), as with no
        exposure pending; without those options an item save of another item answers the most recent
        exposure of a destroyed item (SAV004), as stores recorded before had it: their logs replay
        the same."""
        live = [e for e in self._exposures if self.has_something_to_save(e["item"])]
        if live:
            return live[-1]
        return None if direct or not self._exposures else self._exposures[-1]

    def _item_save_subject(self, command: ItemSave) -> tuple[str | None, str]:
        """What an ``item-save`` resolves: its item, else the answered exposure's item (None if
        neither), and the effect it saves against — the exposure's, or ``negates`` for an item
        targeted directly, whose success halves nothing (docs/log-language.md#item-saves)."""
        answered = self._answered(_direct(command))
        item = command.item
        name = item if item is not None else answered["item"] if answered else None
        return name, answered["effect"] if answered else "negates"

    def item_gets_a_save(self, command: ItemSave) -> bool:
        """Whether the item an ``item-save`` resolves rolls at all (seed 001, "(Objet)";
        docs/rules.md#d-8), so the service rolls a d20 only where :meth:`item_save` judges one.
        False with no item to resolve: ``item_save`` then names what is missing."""
        name, effect = self._item_save_subject(command)
        if name is None:
            return False
        target = self.item_named(name)
        return rules.resolve_item_save(
            dc=0,
            roll=None,
            effect=effect,
            magic=target["magic"],
            caster_level=target["caster_level"],
            unattended=target["unattended"],
        ).saves

    # --- checks ----------------------------------------------------------------------------------

    def check_exposure(self, command: ItemSave) -> tuple[dict[str, Any] | None, dict[str, Any]]:
        """The pending exposure the item save answers (None for a direct hit), and what hits
        the item: that exposure, or the options of a direct hit, which must then all be given."""
        pending = self._answered(_direct(command))
        if pending is not None:
            self.check_no_direct_options(pending, command)
            return pending, pending
        given = (
            ("item", command.item), ("dc", command.dc), ("save_type", command.save_type),
            ("damage", command.damage),
        )  # fmt: skip
        missing = [field for field, value in given if value is None]
        if missing:
            words = N_(
                "{who} has no pending exposure: an item targeted directly needs "
                "ITEM, --dc, --type and --damage"
            )
            gone = None
            if self._exposures:  # only one whose item is destroyed
                gone = self._exposures[-1]["item"]
                words = N_(
                    "{who} has no exposure an item save can answer ({gone} is destroyed): "
                    "an item targeted directly needs ITEM, --dc, --type and --damage"
                )
            raise ImpossibleInput(
                words,
                field=missing[0],
                expected=N_("the item, --dc N, --type T and --damage N"),
                values={"who": self.handle, "gone": gone},
            )
        return None, {**dict(given), "energy": False, "position": None}

    def check_no_direct_options(self, exposure: dict[str, Any], command: ItemSave) -> None:
        """An item save answers the pending exposure against the save that exposed it: its type, DC
        in force, damage and energy (docs/log-language.md#item-saves). ``--dc``, ``--type``,
        ``--damage`` and ``--energy`` describe what hits an item targeted directly, with no exposure
        pending; given now they would silently replace the save's, so they are refused, as an option
        that does not apply to a trait is (docs/log-language.md#traits)."""
        values = {"dc": command.dc, "save_type": command.save_type, "damage": command.damage}
        values["energy"] = command.energy or None
        given = [(option, field) for option, field in _DIRECT if values[field] is not None]
        if not given:
            return
        named = [option for option, _ in given]
        field = given[0][1]
        raise Refusal(
            N_(
                "{who}'s {item} is exposed, and its item save is against the save that "
                "exposed it ({against}): {option} applies only when no exposure is pending"
            )
            if len(named) == 1
            else N_(
                "{who}'s {item} is exposed, and its item save is against the save that "
                "exposed it ({against}): {options} and {last} apply only when no exposure is "
                "pending"
            ),
            field=field,
            value=values[field],
            expected=N_("no --dc, --type, --damage or --energy while an exposure is pending"),
            values={
                "who": self.handle,
                "item": exposure["item"],
                "against": _against(exposure),
                "option": named[0],
                "options": ", ".join(named[:-1]),
                "last": named[-1],
            },
        )

    def check_target(self, command: ItemSave) -> tuple[dict[str, Any], str]:
        """The item the save resolves (as :meth:`item_gets_a_save` chooses it), not destroyed,
        and the effect it saves against."""
        name, effect = self._item_save_subject(command)
        target = self.item_named(name)  # not None: a direct save names its item
        # as a natural 1 never exposes it (docs/rules.md#d-7)
        if not self.has_something_to_save(name):
            raise ImpossibleInput(
                N_(
                    "{item} is destroyed: nothing is left to save "
                    '(`character item-repair {who} "{item}"` mends it)'
                ),
                field="item",
                value=target["name"],
                expected=N_("an item that is not destroyed"),
                values={"item": target["name"], "who": self.handle},
            )
        return target, effect

    def bearer_bonus(
        self,
        target: dict[str, Any],
        exposure: dict[str, Any],
        pending: dict[str, Any] | None,
        save_type: str,
    ) -> int | None:
        """An attended item saves with its bearer's bonus — as they saved against what exposed
        it (--bonus too), or, targeted directly (or exposed by an event that does not keep
        it), the character's own (docs/rules.md#d-8); an unattended one has none."""
        if target["unattended"]:
            return None
        bearer = exposure.get("save_bonus") if exposure is pending else None
        if bearer is None or save_type != exposure["save_type"]:
            bearer = self.check_saves_set(save_type)
        return bearer

    # --- item saves ------------------------------------------------------------------------------

    def item_save(self, command: ItemSave, *, roll: Roll | None) -> None:
        """``item-save``: resolves the most recent exposure (docs/log-language.md#item-saves;
        docs/rules.md#d-8).

        With no pending exposure, an item targeted directly needs its item, ``--dc``,
        ``--type`` and ``--damage``. ``roll`` may be None only where the item gets no save.
        """
        inputs = options_given(command)
        pending, exposure = self.check_exposure(command)
        target, effect = self.check_target(command)
        # pending: the exposing save's (given ones were refused above); else the GM's
        given_type = command.save_type
        save_type = self.check_save_type(
            given_type if given_type is not None else exposure["save_type"]
        )
        dc = check_whole(command.dc if command.dc is not None else exposure["dc"], "dc", 0)
        damage = command.damage if command.damage is not None else exposure["damage"]
        energy = command.energy or exposure["energy"]
        self.check_ruling(command.ruling, rules.ITEM_STATES)
        check_hp_left(target, command.hp_left)
        bearer = self.bearer_bonus(target, exposure, pending, save_type)
        # Seed 001, "Jet de sauvegarde et objets" and "(Objet)" (docs/rules.md#d-8)
        result = rules.resolve_item_save(
            dc=dc, roll=roll, effect=effect, damage=damage, energy=energy,
            magic=target["magic"], caster_level=target["caster_level"], bearer_bonus=bearer,
            unattended=target["unattended"], hardness=target["hardness"], hp=target["hp_max"],
            hp_left=target["hp"],
        )  # fmt: skip
        if result.saves and roll is None:
            raise ImpossibleInput(
                N_("{item} gets a save: it needs a d20 roll"),
                field="roll",
                expected=N_("one natural face 1–20"),
                values={"item": target["name"]},
            )
        judged = judged_item_save(command, target, result, damage, energy)
        event_class = {
            "intact": self.ItemSaved,
            "damaged": self.ItemDamaged,
            "broken": self.ItemBroken,
            "destroyed": self.ItemDestroyed,
        }[judged["ruled"]]
        self.trigger_event(
            event_class,
            item=target["name"],
            exposure=None if pending is None else pending["position"],
            other_item=pending is not None and target["name"] != pending["item"],
            inputs=inputs,
            roll=None if roll is None else roll.as_record(),
            save_type=save_type, dc=dc, effect=effect, damage=damage, energy=energy,
            saves=result.saves, bonus=result.bonus, bearer_bonus=bearer,
            natural=result.natural, total=result.total, success=result.success,
            rules_damage=result.damage, rules_hp_left=result.hp_left,
            hp_before=target["hp"], hp_max=target["hp_max"],
            **judged,
            note=command.note,
            ruleset=SAVES_RULESET,
        )  # fmt: skip
