"""A flaw roll's outcome, modifiers, penalties and losses in the words the GM reads everywhere
(``status``, ``history``, the recap): one spelling, written once."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from campaign.rules.d6harmonie.catalogue import DICE


def outcome_word(outcome: str | None, critical: bool) -> str | None:
    """A flaw roll's outcome as it is said: ``critical failure`` for a failure that was critical
    (docs/rules.md#d-9: « A critical failure is a failure whatever the result », so 12 against 9
    reads as no contradiction), else ``success``/``failure`` (None: no roll) as recorded."""
    return "critical failure" if critical and outcome == "failure" else outcome


def modifier_words(value: int, unit: str | None) -> str:
    """A condition's modifier as the GM reads it everywhere: ``-2D`` for dice (« -2 dés »), a
    signed number (``-1``) for a flat one (seed 002: « malus de -2 à tous ses jets »)."""
    return f"{value:+d}{'D' if unit == DICE else ''}"


def penalty_words(penalties: Iterable[dict[str, Any]]) -> list[str]:
    """Penalties (a flaw's conditions, or its consequences' ``penalties``) as ``status`` writes
    them: ``-2D relational-rolls``, ``-1 all-rolls`` (:func:`modifier_words`)."""
    return [f"{modifier_words(p['value'], p.get('unit'))} {p['applies_to']}" for p in penalties]


def loss_words(consequences: dict[str, Any]) -> list[str]:
    """The losses a flaw roll's consequences hold (``ruled_consequences``: those the state
    follows and ``status`` counts), written ``−5 torso HP``, ``−5 conscience``; nothing for a
    location that lost none."""
    hp = consequences.get("hp_lost") or {}
    words = [f"−{lost} {location} HP" for location, lost in hp.items() if lost]
    if consequences.get("conscience_lost"):
        words.append(f"−{consequences['conscience_lost']} conscience")
    return words
