"""The state words a view draws for a person — a group's status and kind, a subject's kind, the
morale check due, an item's state — in the invocation's language (docs/fr.md). They are JSON
values: ``--json`` keeps them as they are; only the screen says them in French. A word not
listed here (a value a newer store holds) is shown as it is."""

from __future__ import annotations

from campaign.core.clock import clock_said
from campaign.core.i18n import N_, _

STATE_WORDS = {
    # a group's status (docs/rules.md#monster-morale)
    "fighting": N_("fighting"),
    "fights-to-death": N_("fights-to-death"),
    "fled": N_("fled"),
    "surrendered": N_("surrendered"),
    "will-not-fight": N_("will-not-fight"),
    "out": N_("out"),
    # a group's kind; a subject's kind (``modifiers``)
    "monsters": N_("monsters"),
    "company": N_("company"),
    "group": N_("group"),
    "character": N_("character"),
    # the morale check due
    "first-death": N_("first-death"),
    "half-out": N_("half-out"),
    # an item's state
    "intact": N_("intact"),
    "damaged": N_("damaged"),
    "broken": N_("broken"),
    "destroyed": N_("destroyed"),
}


def said(word: str) -> str:
    """``word`` (a state the store holds) as the invocation's language says it."""
    message = STATE_WORDS.get(word)
    return word if message is None else _(message)


__all__ = ["STATE_WORDS", "clock_said", "said"]
