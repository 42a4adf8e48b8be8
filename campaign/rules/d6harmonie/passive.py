"""The passive modifiers traits give (seed 002: Nerfs d'acier's « +1 a son MORAL »), and which
flat modifiers count on a MORAL roll (docs/rules.md#the-creation-budget, #d6harmonie-rolls)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from campaign.rules.d6harmonie.catalogue import ALL_ROLLS, FLAT, MORAL
from campaign.rules.d6harmonie.traits import find_trait

# --- Passive effects --------------------------------------------------------------------------


def passive_modifier(keys: Iterable[str], applies_to: str, unit: str = FLAT) -> int:
    """The sum of the passive ``unit`` modifiers on ``applies_to`` from these traits, each trait
    counted once (a trait bought twice does not stack: docs/rules.md#the-creation-budget)."""
    traits = {find_trait(key).key: find_trait(key) for key in keys}
    return sum(
        p.value or 0
        for trait in traits.values()
        for p in trait.passive
        if p.applies_to == applies_to and p.unit == unit
    )


def bears_on_moral(applies_to: str | None, unit: str | None = FLAT) -> bool:
    """Whether a flat modifier counts on a MORAL roll: its own scope, or « tous ses jets »
    (an all-rolls penalty applies to every roll, MORAL included)."""
    return unit == FLAT and applies_to in (MORAL, ALL_ROLLS)


def moral_modifier(advantage_keys: Iterable[str]) -> int:
    """The passive MORAL bonus: Nerfs d’acier « reçoit un bonus de +1 a son MORAL » (seed 002)."""
    return _moral_modifier(tuple(advantage_keys))


@cache  # a character's state is read at every command a replay shows: its traits found once
def _moral_modifier(advantage_keys: tuple[str, ...]) -> int:
    return passive_modifier(advantage_keys, MORAL, FLAT)
