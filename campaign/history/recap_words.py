"""The words of a session's recap (``export --format markdown``) in the invocation's language
(docs/fr.md): a group's fate, an item's state, a roll, the campaign clock, the losses, the mark
of a command withdrawn later; and :func:`md`, free text made inert in Markdown. What the log
writes (a ruling such as ``fight``, a save's type, a trait's key) and what the GM typed stay as
they are."""

from __future__ import annotations

import re
from typing import Any

from campaign.core.i18n import N_, _, ngettext
from campaign.core.text import escaped
from campaign.rules.dice import roll_words

FATES = {
    "fighting": N_("still fighting"),
    "fled": N_("fled"),
    "surrendered": N_("surrendered"),
    "fights-to-death": N_("fights to the death"),
    "will-not-fight": N_("would not fight"),
    "out": N_("all down"),
    "left": N_("left the field (dismissed)"),
}
# An item's state, as ``status`` says it (the same messages as cli/render/words.py's)
ITEM_STATES = {
    "intact": N_("intact"),
    "damaged": N_("damaged"),
    "broken": N_("broken"),
    "destroyed": N_("destroyed"),
}
_SPECIAL = re.compile(r"([\\`*_\[\]<>|#])")


class Mark(str):
    """The mark of a command a later session withdrew (`` *(withdrawn in session 3)*``), with
    its words for something only part of which that command was (:attr:`partly`)."""

    partly: str

    def __new__(cls, said: str, partly: str) -> Mark:
        mark = super().__new__(cls, f" *({said})*")
        mark.partly = f" *({partly})*"
        return mark


def fate_said(word: Any) -> str:
    """A group's fate (its status), or the rules' answer where no test was due, said."""
    message = FATES.get(word)
    return str(word) if message is None else _(message)


def state_said(word: Any) -> str:
    """An item's state (``broken``), said as ``status`` says it."""
    message = ITEM_STATES.get(word)
    return str(word) if message is None else _(message)


def roll_said(record: Any) -> str:
    """A stored roll as :func:`campaign.rules.dice.roll_words` writes it, in the invocation's
    language: ``natural 1`` is a word, ``3+5 = 8`` numbers only."""
    faces = (record or {}).get("faces") or []
    if record is None:
        return _("no roll")
    if len(faces) == 1:
        return _("natural {n}").format(n=faces[0])
    return roll_words(record)


def md(text: Any) -> str:
    """Free text made inert in Markdown (a name such as ``*Grim*`` stays as typed), on one line,
    a control or format character shown escaped (``\\x1b``: a store recorded before they were
    refused may hold one, and a recap printed to a terminal would send it)."""
    flat = escaped(" ".join(str(text).split()))
    return _SPECIAL.sub(r"\\\1", flat)


def killed(n: int) -> str:
    return ngettext("{n} killed", "{n} killed", n).format(n=n)


def out_of_the_fight(n: int) -> str:
    return ngettext("{n} out of the fight", "{n} out of the fight", n).format(n=n)
