"""Options shared by the logging commands, and the words their confirmations use."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from campaign.core.i18n import _
from campaign.rules.dice import D20, TWO_D6, entry_form, roll_words

NoteOption = Annotated[
    str | None, typer.Option("--note", help="The GM's reason, shown by history and the audit.")
]
SecretOption = Annotated[
    bool,
    typer.Option("--secret", help="Behind the screen: the players' recap leaves it out."),
]
_TRACKER_ROLLS = " Omitted, the tracker rolls."
# One --roll per kind of dice, so that a command's help offers only the dice it takes.
TwoD6RollOption = Annotated[
    str | None,
    typer.Option(
        "--roll", help=f"The 2d6 as rolled at the table: {entry_form(TWO_D6)}.{_TRACKER_ROLLS}"
    ),
]
D20RollOption = Annotated[
    str | None,
    typer.Option(
        "--roll",
        help=f"The d20 as rolled at the table: {entry_form(D20)} (never d20 + bonus)."
        + _TRACKER_ROLLS,
    ),
]
RolledOption = Annotated[
    bool,
    typer.Option("--rolled", help="The --roll was rolled by the tracker (written back by export)."),
]


def dice(record: dict[str, Any] | None) -> str:
    """``3+5 = 8``, ``8``, ``natural 1`` — and who rolled them."""
    rolled = record is not None and record.get("source") == "rolled"
    faces = (record or {}).get("faces") or []
    if record is None:
        words = _("no roll")
    elif len(faces) == 1:  # a d20: `natural 1`
        words = _("natural {n}").format(n=faces[0])
    else:
        words = roll_words(record)  # numbers only
    return words + (" " + _("(rolled by the tracker)") if rolled else "")


def verdict(rules_say: Any, ruled: Any) -> str:
    """``the rules say flee; recorded: fight (ruling)``; ``no roll`` for a flaw that triggers
    without one (Clément after a kill: its consequences follow). A default ruling is no ruling:
    ``fight`` for a group that fights to the death, ``flee`` for one that will not fight
    (docs/log-language.md#morale), judged as ``history`` and the recap judge it."""
    from campaign.rules.morale import ruled_as_the_rules_say  # the one place it is written

    if rules_say is None and ruled is None:
        return _("no roll")
    said = _("the rules say {rules}; recorded: {ruled}").format(rules=rules_say, ruled=ruled)
    return said if ruled_as_the_rules_say(rules_say, ruled) else said + " " + _("(ruling)")


def signed(value: int) -> str:
    return f"{value:+d}"
