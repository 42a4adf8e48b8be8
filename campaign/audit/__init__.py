"""The audit of GM rulings (docs/audit.md): one event in, the findings it makes out.

Pure — no I/O: :func:`judge` takes an event and its aggregate *after* the event (as the
projections' fold hands them) and returns a :class:`Verdict`: new findings (plain dicts with
the keys of docs/json.md#audit) and the pending findings this event decides. The read model
(:mod:`projections.audit`) stores them and handles retractions.

Every judgement re-asks :mod:`campaign.rules` from the inputs the event stores (rating,
adjustments, dice, DC inputs, items, trait options…), so a fix to a rule shows up in the audit
of an old history; nothing here restates a rule. The few flags used as stored are facts rather
than rule outcomes (``TraitTaken.after_creation``: the character was finalized;
``ItemSaveResolved.other_item``: another item than the exposed one), and where the rules now
refuse stored inputs the judgement recorded at the time is used instead.

The judgements are grouped by rule source, as the rules are: :mod:`.morale` (seed 000:
encounters, companies, retainers), :mod:`.saves` (seed 001: saves and items), :mod:`.traits`
(seed 002: flaws and advantages); the campaign's own events (sessions, retractions) are judged
in :mod:`.campaign`. :mod:`.findings` holds what they share: :class:`Verdict`, :class:`Settle`,
:func:`finding`. The codes are in :mod:`campaign.audit.catalogue`.

The table that finds an event's judgement names events by their topics and judgements by their
module: importing this package imports no aggregate, rule or judgement, and judging an event
imports only its own kind's (a live command judges its own events: docs/audit.md#at-the-table).
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING, Any

from campaign.core.lazy import module_attributes

if TYPE_CHECKING:
    from campaign.audit.catalogue import CATALOGUE, CODES, INFO, WARNING, Entry
    from campaign.audit.findings import (
        FINAL,
        PENDING,
        RESOLVED,
        Settle,
        Verdict,
        check_code,
        entry,
        note_of,
    )

__all__ = [
    "CATALOGUE",
    "CODES",
    "FINAL",
    "INFO",
    "PENDING",
    "RESOLVED",
    "WARNING",
    "Entry",
    "Settle",
    "Verdict",
    "check_code",
    "entry",
    "judge",
    "judged",
    "note_of",
]

# the package's names → the module that defines them, imported on first use
_NAMES: dict[str, str] = {
    **dict.fromkeys(("CATALOGUE", "CODES", "INFO", "WARNING", "Entry"), "catalogue"),
    **dict.fromkeys(
        ("FINAL", "PENDING", "RESOLVED", "Settle", "Verdict", "check_code", "entry", "note_of"),
        "findings",
    ),
}

__getattr__ = module_attributes(__name__, _NAMES)

# --- the judgement -------------------------------------------------------------------------------


def judge(event: Any, aggregate: Any) -> Verdict:
    """What the audit makes of one event (``aggregate``: its aggregate after the event)."""
    from aggregates.campaign import Campaign
    from aggregates.subjects import handle_of, subject
    from campaign.audit.findings import Verdict, finding, note_of
    from campaign.core.i18n import N_
    from campaign.core.worded import Worded

    verdict = Verdict()
    judges = _judges_of(type(event))
    if judges is not None:
        judges(verdict, event, aggregate)
    note = note_of(event)
    if note is not None:  # once per command: the read model keeps the first (GEN002)
        said = Worded(
            N_("note") if isinstance(event, Campaign.NoteRecorded) else N_("the GM's note")
        )
        verdict.findings.append(
            finding("GEN002", event, subject=subject(handle_of(aggregate), event), message=said)
        )
    return verdict


def judged(kind: type) -> bool:
    """Whether events of class ``kind`` have a judgement of their own (beside GEN002, which any
    event with the GM's note makes): found without importing it."""
    return _judgement_of(kind) is not None


@cache
def _judgement_of(kind: type) -> tuple[str, str] | None:
    """Where the judgement of one event class is, found once: by ancestry, since the library
    subclasses an event once more for the ``@event`` method that triggers it."""
    for cls in kind.__mro__:
        found = _JUDGES.get(f"{cls.__module__}:{cls.__qualname__}")
        if found is not None:
            return found
    return None


@cache
def _judges_of(kind: type) -> Any:
    """The judgement for one event class, its module imported on first use."""
    where = _judgement_of(kind)
    if where is None:
        return None
    module, function = where
    return getattr(importlib.import_module(f"campaign.audit.{module}"), function)


# Each judged event, by its topic (as stored histories name it), → its judgement's module and name.
_ENCOUNTER, _COMPANY = "aggregates.encounter:Encounter.", "aggregates.company:MercenaryCompany."
_CHARACTER, _CAMPAIGN = "aggregates.character:Character.", "aggregates.campaign:Campaign."
_JUDGES: dict[str, tuple[str, str]] = {
    _ENCOUNTER + "MoraleTested": ("morale", "morale_tested"),
    _ENCOUNTER + "MoraleCheckDue": ("morale", "morale_check_due"),
    _ENCOUNTER + "MoraleCheckLapsed": ("morale", "check_lapsed"),
    _ENCOUNTER + "CompanyLeft": ("morale", "company_left"),
    _ENCOUNTER + "EncounterEnded": ("morale", "encounter_ended"),
    _ENCOUNTER + "GroupRerated": ("morale", "rerated"),
    _ENCOUNTER + "AdjustmentMade": ("morale", "adjusted"),
    _COMPANY + "CompanyHired": ("morale", "hired"),
    _CHARACTER + "LoyaltyTested": ("morale", "loyalty_tested"),
    _CHARACTER + "CharacterCreated": ("morale", "created"),
    _CHARACTER + "SaveMade": ("saves", "saved"),
    _CHARACTER + "SaveFailed": ("saves", "saved"),
    _CHARACTER + "ItemExposed": ("saves", "exposed"),
    _CHARACTER + "ItemDropped": ("saves", "dropped"),
    _CHARACTER + "ItemSaved": ("saves", "item_saved"),
    _CHARACTER + "ItemDamaged": ("saves", "item_saved"),
    _CHARACTER + "ItemBroken": ("saves", "item_saved"),
    _CHARACTER + "ItemDestroyed": ("saves", "item_saved"),
    _CHARACTER + "TraitTaken": ("traits", "trait_taken"),
    _CHARACTER + "FlawRolled": ("traits", "flaw_rolled"),
    _CAMPAIGN + "SessionEnded": ("campaign", "session_ended"),
    _CAMPAIGN + "CommandRetracted": ("campaign", "retracted"),
}
