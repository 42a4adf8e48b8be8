"""A character's items' own saves: ``item-save`` (SPEC §4 "Saves and items"; RULES D-7, D-8,
B-6…B-10).

A mixin of :class:`aggregates.character.Character`: the exposures a natural 1 leaves, the item
save that answers one (or hits an item directly), its checks and the rules calls; the events and
their mutations are on the aggregate itself. Every judgement is :mod:`campaign.rules.saves`'s
(seed 001); here the rules' answer is put beside the GM's ruling, and the item's hit points
follow the ruling (SPEC §2).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from aggregates.character_saves import SAVES_RULESET
from aggregates.character_traits import check_whole
from campaign.core.errors import ImpossibleInput
from campaign.rules import saves as rules
from campaign.rules.dice import Roll

_WORSE = {state: rank for rank, state in enumerate(rules.ITEM_STATES)}


def _direct(dc: int | None, save_type: str | None, damage: int | None, energy: bool) -> bool:
    """Whether an ``item-save``'s options describe what hits an item targeted directly."""
    return dc is not None or save_type is not None or damage is not None or energy


def _worst(before: str, ruled: str) -> str:
    """An item's state never improves by being harmed: intact < damaged < broken < destroyed."""
    return max(before, ruled, key=_WORSE.__getitem__)


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
        (its item not destroyed). With none such, a direct hit (``direct``: --dc, --type,
        --damage or --energy given) targets an item directly (SPEC §4 "item-save"), as with no
        exposure pending; without those options an item save of another item answers the most
        recent exposure of a destroyed item (SAV004), as stores recorded before had it: their
        logs replay the same."""
        live = [e for e in self._exposures if self.has_something_to_save(e["item"])]
        if live:
            return live[-1]
        return None if direct or not self._exposures else self._exposures[-1]

    def _item_save_subject(self, item: str | None, direct: bool) -> tuple[str | None, str]:
        """What an ``item-save`` resolves: ``item``, else the answered exposure's item (None if
        neither), and the effect it saves against — the exposure's, or ``negates`` for an item
        targeted directly, whose success halves nothing (SPEC §4 "item-save")."""
        answered = self._answered(direct)
        name = item if item is not None else answered["item"] if answered else None
        return name, answered["effect"] if answered else "negates"

    def item_gets_a_save(
        self,
        item: str | None = None,
        *,
        dc: int | None = None,
        save_type: str | None = None,
        damage: int | None = None,
        energy: bool = False,
    ) -> bool:
        """Whether the item an ``item-save`` resolves rolls at all (seed 001, "(Objet)"; D-8),
        so the service rolls a d20 only where :meth:`item_save` judges one. False with no item
        to resolve: ``item_save`` then names what is missing."""
        name, effect = self._item_save_subject(item, _direct(dc, save_type, damage, energy))
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

    # --- item saves ------------------------------------------------------------------------------

    def item_save(
        self,
        item: str | None = None,
        roll: Roll | None = None,
        *,
        dc: int | None = None,
        save_type: str | None = None,
        damage: int | None = None,
        energy: bool = False,
        ruling: str | None = None,
        hp_left: int | None = None,
        note: str | None = None,
    ) -> None:
        """``item-save``: resolves the most recent exposure (SPEC §4; RULES D-8, B-6…B-10).

        With no pending exposure, an item targeted directly needs ``dc``, ``save_type`` and
        ``damage``. A roll may be None only where the item gets no save.
        """
        inputs = {
            "item": item, "dc": dc, "save_type": save_type, "damage": damage, "energy": energy,
            "ruling": ruling, "hp_left": hp_left,
        }  # fmt: skip
        direct = _direct(dc, save_type, damage, energy)
        pending = self._answered(direct)
        exposure = pending
        if exposure is not None:
            self.check_no_direct_options(exposure, dc, save_type, damage, energy)
        else:
            given = (("item", item), ("dc", dc), ("save_type", save_type), ("damage", damage))
            missing = [field for field, value in given if value is None]
            if missing:
                none = "no pending exposure"
                if self._exposures:  # only one whose item is destroyed
                    gone = self._exposures[-1]["item"]
                    none = f"no exposure an item save can answer ({gone} is destroyed)"
                raise ImpossibleInput(
                    f"{self.handle} has {none}: an item targeted directly needs "
                    "ITEM, --dc, --type and --damage",
                    field=missing[0],
                    expected="the item, --dc N, --type T and --damage N",
                )
            exposure = {"item": item, "dc": dc, "save_type": save_type, "damage": damage}
            exposure |= {"energy": False, "position": None}
        name, effect = self._item_save_subject(item, direct)  # as item_gets_a_save chooses
        target = self.item_named(name)  # not None: a direct save names its item (above)
        if not self.has_something_to_save(name):  # as a natural 1 never exposes it (D-7)
            raise ImpossibleInput(
                f"{target['name']} is destroyed: nothing is left to save "
                f'(`character item-repair {self.handle} "{target["name"]}"` mends it)',
                field="item",
                value=target["name"],
                expected="an item that is not destroyed",
            )
        # pending: the exposing save's (given ones were refused above); else the GM's
        save_type = self.check_save_type(
            save_type if save_type is not None else exposure["save_type"]
        )
        dc = check_whole(dc if dc is not None else exposure["dc"], "dc", 0)
        damage = damage if damage is not None else exposure["damage"]
        energy = energy or exposure["energy"]
        self.check_ruling(ruling, rules.ITEM_STATES)
        tracked = target["hp_max"] is not None
        if hp_left is not None:
            check_whole(hp_left, "hp_left", 0)
            if not tracked or hp_left > target["hp"]:  # a save harms; it never mends
                raise ImpossibleInput(
                    f"{target['name']} has {target['hp']} of {target['hp_max']} hit points: a "
                    "save cannot leave it more (`character item-repair` mends it)"
                    if tracked
                    else f"{target['name']}'s hit points are not tracked (no hardness and hp)",
                    field="hp_left",
                    value=hp_left,
                    expected=f"0–{target['hp']}" if tracked else "no --hp-left",
                )
        # attended: the bearer's bonus — as they saved against what exposed it (--bonus too),
        # or, targeted directly (or exposed before exposures kept it), the character's own
        bearer = None
        if not target["unattended"]:
            bearer = exposure.get("save_bonus") if exposure is pending else None
            if bearer is None or save_type != exposure["save_type"]:
                bearer = self.check_saves_set(save_type)
        # Seed 001, "Jet de sauvegarde et objets" and "(Objet)" (RULES D-8, B-6, B-10)
        result = rules.resolve_item_save(
            dc=dc,
            roll=roll,
            effect=effect,
            damage=damage,
            energy=energy,
            magic=target["magic"],
            caster_level=target["caster_level"],
            bearer_bonus=bearer,
            unattended=target["unattended"],
            hardness=target["hardness"],
            hp=target["hp_max"],
            hp_left=target["hp"],
        )
        if result.saves and roll is None:
            raise ImpossibleInput(
                f"{target['name']} gets a save: it needs a d20 roll",
                field="roll",
                expected="one natural face 1–20",
            )
        # measured: the state its hit points left give (SPEC §4), the one it had if none is lost
        rules_say = str(result.outcome)
        failed_hp = None  # a success ruled harmful deals a failure's damage (SPEC §2)
        if result.success and tracked and damage is not None:
            failed_hp = rules.object_damage(
                damage=damage, hardness=target["hardness"], hp=target["hp_max"],
                hp_left=target["hp"], energy=energy,
            ).hp_left  # fmt: skip
        ruled, hp = self.rule_item(target, result, rules_say, ruling, hp_left, failed_hp)
        # RULES D-8: destroyed at 0, broken at ≤ half; SPEC §2: intact takes no damage
        why = rules.item_hp_contradiction(
            ruling, _worst(target["state"], ruled), hp_left, target["hp"], target["hp_max"]
        )
        if why is not None:
            raise ImpossibleInput(
                why,
                field="hp_left",
                value=hp_left,
                expected="hit points left that agree with the ruling, or one of them alone",
            )
        differs = rules.item_ruling_differs(result, rules_say, ruled, hp_left)  # SAV006
        event_class = {
            "intact": self.ItemSaved,
            "damaged": self.ItemDamaged,
            "broken": self.ItemBroken,
            "destroyed": self.ItemDestroyed,
        }[ruled]
        self.trigger_event(
            event_class,
            item=target["name"],
            exposure=None if pending is None else pending["position"],
            other_item=pending is not None and target["name"] != pending["item"],
            inputs=inputs,
            roll=None if roll is None else roll.as_record(),
            save_type=save_type,
            dc=dc,
            effect=effect,
            damage=damage,
            energy=energy,
            saves=result.saves,
            bonus=result.bonus,
            bearer_bonus=bearer,
            natural=result.natural,
            total=result.total,
            success=result.success,
            rules_damage=result.damage,
            rules_hp_left=result.hp_left,
            hp_before=target["hp"],
            hp=hp,
            hp_max=target["hp_max"],
            state=_worst(target["state"], ruled),
            rules_say=rules_say,
            ruled=ruled,
            differs=differs,
            note=note,
            ruleset=SAVES_RULESET,
        )

    def check_no_direct_options(
        self,
        exposure: dict[str, Any],
        dc: int | None,
        save_type: str | None,
        damage: int | None,
        energy: bool,
    ) -> None:
        """An item save answers the pending exposure against the save that exposed it: its
        type, DC in force, damage and energy (SPEC §4 "item-save"). ``--dc``, ``--type``,
        ``--damage`` and ``--energy`` describe what hits an item targeted directly, with no
        exposure pending; given now they would silently replace the save's, so they are refused,
        as an option that does not apply to a trait is (SPEC §4 "Traits")."""
        options = (
            ("--dc", "dc", dc), ("--type", "save_type", save_type),
            ("--damage", "damage", damage), ("--energy", "energy", energy or None),
        )  # fmt: skip
        given = [(option, field, value) for option, field, value in options if value is not None]
        if not given:
            return
        named = [option for option, _, _ in given]
        said = " and ".join([", ".join(named[:-1]), named[-1]] if len(named) > 1 else named)
        against = f"{exposure['save_type']}, DC {exposure['dc']}"
        if exposure.get("damage") is not None:
            against += f", {exposure['damage']} damage"
        if exposure.get("energy"):
            against += ", energy"
        _, field, value = given[0]
        raise ImpossibleInput(
            f"{self.handle}'s {exposure['item']} is exposed, and its item save is against the "
            f"save that exposed it ({against}): {said} {'applies' if len(named) == 1 else 'apply'} "
            "only when no exposure is pending",
            field=field,
            value=value,
            expected="no --dc, --type, --damage or --energy while an exposure is pending",
        )

    @staticmethod
    def rule_item(
        target: dict[str, Any],
        result: rules.ItemSaveResult,
        rules_say: str,
        ruling: str | None,
        hp_left: int | None,
        failed_hp: int | None = None,
    ) -> tuple[str, int | None]:
        """The ruled outcome and the hit points after: they follow the ruling (SPEC §4) — a
        save the rules call a success, ruled harmful, deals a failed save's damage
        (``failed_hp``: the hit points it would leave), as a save ruled a failure does."""
        if target["hp_max"] is None:
            return (ruling or rules_say), None
        if hp_left is not None and ruling is None:
            # the GM's hit points decide the outcome, by PF1's thresholds (RULES D-8, B-8)
            state = rules.object_damage(
                damage=0, hardness=target["hardness"], hp=target["hp_max"], hp_left=hp_left
            ).state
            return state, hp_left
        ruled = ruling or rules_say
        if hp_left is not None:
            return ruled, hp_left
        before, most = target["hp"], target["hp_max"]
        rules_hp = before if result.hp_left is None else result.hp_left  # damage unknown
        if ruled == rules_say:
            return ruled, rules_hp
        if ruled != "intact" and failed_hp is not None:
            rules_hp = failed_hp
        half = most // 2  # broken at ≤ half the maximum (real division, B-8)
        if ruled == "intact":
            return ruled, before
        if ruled == "destroyed":
            return ruled, 0
        if ruled == "broken":
            return ruled, max(1, min(rules_hp, half))
        return ruled, min(before, max(rules_hp, half + 1))  # damaged, not broken
