"""How an item save is ruled (docs/log-language.md#item-saves; docs/rules.md#d-8): the rules'
outcome beside the GM's ruling and hit points, and the hit points and state the item is left with,
which follow the ruling (docs/rules.md#d-0). Pure functions of
:mod:`aggregates.character_item_saves`."""

from __future__ import annotations

from typing import Any

from aggregates.values import check_whole
from campaign.commands import ItemSave
from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_
from campaign.rules import saves as rules

_WORSE = {state: rank for rank, state in enumerate(rules.ITEM_STATES)}


def _worst(before: str, ruled: str) -> str:
    """An item's state never improves by being harmed: intact < damaged < broken < destroyed."""
    return max(before, ruled, key=_WORSE.__getitem__)


def check_hp_left(target: dict[str, Any], hp_left: int | None) -> None:
    """The GM's hit points left: a save harms, it never mends; an untracked item has none."""
    if hp_left is None:
        return
    check_whole(hp_left, "hp_left", 0)
    tracked = target["hp_max"] is not None
    if not tracked or hp_left > target["hp"]:
        raise ImpossibleInput(
            N_(
                "{item} has {hp} of {most} hit points: a save cannot leave it more "
                "(`character item-repair` mends it)"
            )
            if tracked
            else N_("{item}'s hit points are not tracked (no hardness and hp)"),
            field="hp_left",
            value=hp_left,
            expected="0–{hp}" if tracked else N_("no --hp-left"),
            values={"item": target["name"], "hp": target["hp"], "most": target["hp_max"]},
        )


def judged_item_save(
    command: ItemSave, target: dict[str, Any], result: Any, damage: int | None, energy: bool
) -> dict[str, Any]:
    """The rules' outcome beside the GM's ruling, and the hit points and state after, which follow
    the ruling (docs/log-language.md#item-saves): the state its hit points left give, the one it had
    if none is lost; a success ruled harmful deals a failed save's damage (docs/rules.md#d-0)."""
    rules_say = str(result.outcome)
    failed_hp = None
    if result.success and target["hp_max"] is not None and damage is not None:
        failed_hp = rules.object_damage(
            damage=damage, hardness=target["hardness"], hp=target["hp_max"],
            hp_left=target["hp"], energy=energy,
        ).hp_left  # fmt: skip
    ruling, hp_left = command.ruling, command.hp_left
    ruled, hp = rule_item(target, result, rules_say, ruling, hp_left, failed_hp)
    # docs/rules.md#d-8: destroyed at 0, broken at ≤ half; #d-0: intact takes no damage
    state = _worst(target["state"], ruled)
    why = rules.item_hp_contradiction(ruling, state, hp_left, target["hp"], target["hp_max"])
    if why is not None:
        raise ImpossibleInput(  # the rules' reason, worded by them (campaign/core/worded.py)
            why.words,
            values=why.values,
            field="hp_left",
            value=hp_left,
            expected=N_("hit points left that agree with the ruling, or one of them alone"),
        )
    differs = rules.item_ruling_differs(result, rules_say, ruled, hp_left)  # SAV006
    return {"hp": hp, "state": state, "rules_say": rules_say, "ruled": ruled, "differs": differs}


def rule_item(
    target: dict[str, Any],
    result: rules.ItemSaveResult,
    rules_say: str,
    ruling: str | None,
    hp_left: int | None,
    failed_hp: int | None = None,
) -> tuple[str, int | None]:
    """The ruled outcome and the hit points after: they follow the ruling
    (docs/log-language.md#item-saves) — a save the rules call a success, ruled harmful, deals a
    failed save's damage (``failed_hp``: the hit points it would leave), as a save ruled a failure
    does."""
    if target["hp_max"] is None:
        return (ruling or rules_say), None
    if hp_left is not None and ruling is None:
        # the GM's hit points decide the outcome, by PF1's thresholds (docs/rules.md#d-8)
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
    half = most // 2  # broken at ≤ half the maximum (real division, docs/rules.md#d-8)
    if ruled == "intact":
        return ruled, before
    if ruled == "destroyed":
        return ruled, 0
    if ruled == "broken":
        return ruled, max(1, min(rules_hp, half))
    return ruled, min(before, max(rules_hp, half + 1))  # damaged, not broken
