"""The state words a view draws for a person — a group's status and kind, a subject's kind, the
morale check due, an item's state — in the invocation's language (docs/fr.md). They are JSON
values: ``--json`` keeps them as they are; only the screen says them in French. A word not
listed here (a value a newer store holds) is shown as it is."""

from __future__ import annotations

from campaign.core.clock import moment_said, parse_moment
from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_, _, language

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


def clock_said(moment: object) -> str:
    """The campaign clock as ``status`` shows it: ``day 6 14:00`` in English (the JSON's words),
    ``jour 6, 14 h 00`` in French (campaign/core/clock.py)."""
    if language() == "en" or not isinstance(moment, str):
        return str(moment)
    try:
        return moment_said(parse_moment(moment), exact=True)
    except ImpossibleInput:  # not a time the log language writes: shown as it is
        return moment
