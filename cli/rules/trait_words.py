"""The D6Harmonie catalogue's own texts as ``rules trait`` shows them, in the invocation's
language: a trait's summary, a trigger's situation, its penalties and effects (docs/fr.md).

The catalogue (campaign/rules/d6harmonie/catalogue.py) writes them in English, marked for the
message catalogue; its data — ``--json``, the effects a flaw roll records — stays that English.
The log's own words in them (``all-rolls``, ``relational-rolls``) stay as written.
"""

from __future__ import annotations

from collections.abc import Iterable

from campaign.core.i18n import _, ngettext, pgettext
from campaign.core.worded import SEMICOLON, Worded, joined, said
from campaign.rules import d6harmonie as rules

# A duration's unit (``1D6 hours``), as a person reads it
_UNITS = {
    "hours": lambda: pgettext("duration", "hours"),
    "weeks": lambda: pgettext("duration", "weeks"),
    "rounds": lambda: pgettext("duration", "rounds"),
}


# An amount given to ``rules trait`` (``--hours 30``), named as a person reads it
_INPUTS = {
    "minutes": lambda: pgettext("an amount given", "minutes"),
    "hours": lambda: pgettext("an amount given", "hours"),
    "years": lambda: pgettext("an amount given", "years"),
    "sum": lambda: pgettext("an amount given", "sum"),
}


def input_said(name: str) -> str:
    """The name of an amount given (``hours``, ``heures``); an unknown one as it is."""
    said_as = _INPUTS.get(name)
    return name if said_as is None else said_as()


def text_said(text: str) -> str:
    """A catalogue text in the reader's language: a worded one said, a marked one translated;
    one the catalogue of messages does not hold is shown as it is."""
    if isinstance(text, Worded):
        return text.said()
    return _(text) if text else text


def _unit_said(unit: str) -> str:
    said_as = _UNITS.get(unit)
    return unit if said_as is None else said_as()


def duration_said(duration: rules.Duration) -> str:
    """``1D6 hours`` (``1D6 heures``): the dice, or a fixed count, and the unit."""
    unit = _unit_said(duration.unit)
    if duration.sides is None:
        return f"{duration.count} {unit}"
    return f"{duration.count}D{duration.sides} {unit}"


def penalty_said(penalty: rules.Penalty) -> str:
    """``-1 on all-rolls, while in the presence of the phobia object (C-6)``, in the reader's
    language (in English, the penalty's own text)."""
    value = f"{penalty.value:+d}"
    if penalty.unit == rules.FLAT:
        text = _("{value} on {rolls}").format(value=value, rolls=penalty.applies_to)
    else:
        dice = ngettext("{value} die on {rolls}", "{value} dice on {rolls}", abs(penalty.value))
        text = dice.format(value=value, rolls=penalty.applies_to)
    if penalty.duration is not None:
        text = _("{penalty} for {duration}").format(
            penalty=text, duration=duration_said(penalty.duration)
        )
    if penalty.ends:
        text = _("{penalty}, {ends}").format(penalty=text, ends=text_said(penalty.ends))
    return text


def consequences_said(penalties: Iterable[rules.Penalty], effects: Iterable[str]) -> str:
    """Penalties then effects, one after the other (``; `` in English, `` ; `` in French)."""
    parts = [*(penalty_said(p) for p in penalties), *(text_said(e) for e in effects)]
    return said(joined(parts, SEMICOLON))
