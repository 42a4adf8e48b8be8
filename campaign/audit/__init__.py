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
here, beside the table that finds an event's judgement. :mod:`.findings` holds what they share:
:class:`Verdict`, :class:`Settle`, :func:`finding`. The codes are in
:mod:`campaign.audit.catalogue`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from aggregates.campaign import Campaign
from aggregates.character import Character
from aggregates.company import MercenaryCompany
from aggregates.encounter import Encounter
from aggregates.subjects import CAMPAIGN, handle_of, subject
from campaign.audit.catalogue import CATALOGUE, CODES, INFO, WARNING, Entry
from campaign.audit.findings import (
    FINAL,
    PENDING,
    RESOLVED,
    Settle,
    Verdict,
    check_code,
    entry,
    finding,
    note_of,
)
from campaign.audit.morale import (
    adjusted,
    check_lapsed,
    company_left,
    created,
    encounter_ended,
    hired,
    loyalty_tested,
    morale_check_due,
    morale_tested,
    rerated,
)
from campaign.audit.saves import dropped, exposed, item_saved, saved
from campaign.audit.traits import flaw_rolled, trait_taken

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
]

# --- the judgement -------------------------------------------------------------------------------


def judge(event: Any, aggregate: Any) -> Verdict:
    """What the audit makes of one event (``aggregate``: its aggregate after the event)."""
    verdict = Verdict()
    judges = _judges_of(type(event))
    if judges is not None:
        judges(verdict, event, aggregate)
    note = note_of(event)
    if note is not None:  # once per command: the read model keeps the first (GEN002)
        said = "note" if isinstance(event, Campaign.NoteRecorded) else "the GM's note"
        verdict.findings.append(
            finding("GEN002", event, subject=subject(handle_of(aggregate), event), message=said)
        )
    return verdict


@cache
def _judges_of(kind: type) -> Any:
    """The judgement for one event class, found once: by ancestry, since the library subclasses
    an event once more for the ``@event`` method that triggers it."""
    return next((judges for judged, judges in _JUDGES if issubclass(kind, judged)), None)


# The campaign: sessions and retractions -----------------------------------------------------------


def _no_item_save(session: int) -> str:
    return f"natural 1: the exposed item made no item save before session {session} ended"


def _session_ended(verdict: Verdict, e: Campaign.SessionEnded, campaign: Campaign) -> None:
    message = _no_item_save(e.number)
    verdict.settles.append(Settle("SAV003", FINAL, session=e.number, message=message))


def _retracted(verdict: Verdict, e: Campaign.CommandRetracted, campaign: Campaign) -> None:
    # An item save withdrawn after its exposure's session ended: that session ended without an item
    # save, as if it had never been made (docs/audit.md#pending-and-final) — final, not pending
    # again. Only an answer re-opens so (a `session` or `session end` withdrawn re-opens its session
    # and the findings it made final are pending again), and the command that answers a SAV003 (an
    # item save) never moves the campaign's sessions: its state here is the state after.
    current = campaign.open_session
    ended_before = current if current is not None else campaign.last_session + 1
    verdict.reopened.append(
        Settle("SAV003", FINAL, before_session=ended_before, message=_no_item_save)
    )
    verdict.findings.append(
        finding(
            "GEN001",
            e,
            subject=CAMPAIGN,  # the read model names what the withdrawn command touched
            ruled=e.retracted,
            message=f"the command at event:{e.retracted} was retracted",
        )
    )


_JUDGES: tuple[tuple[type, Any], ...] = (
    (Encounter.MoraleTested, morale_tested),
    (Encounter.MoraleCheckDue, morale_check_due),
    (Encounter.MoraleCheckLapsed, check_lapsed),
    (Encounter.CompanyLeft, company_left),
    (Encounter.EncounterEnded, encounter_ended),
    (Encounter.GroupRerated, rerated),
    (Encounter.AdjustmentMade, adjusted),
    (MercenaryCompany.CompanyHired, hired),
    (Character.LoyaltyTested, loyalty_tested),
    (Character.CharacterCreated, created),
    (Character.SaveMade, saved),
    (Character.SaveFailed, saved),
    (Character.ItemExposed, exposed),
    (Character.ItemDropped, dropped),
    (Character.ItemSaved, item_saved),
    (Character.ItemDamaged, item_saved),
    (Character.ItemBroken, item_saved),
    (Character.ItemDestroyed, item_saved),
    (Character.TraitTaken, trait_taken),
    (Character.FlawRolled, flaw_rolled),
    (Campaign.SessionEnded, _session_ended),
    (Campaign.CommandRetracted, _retracted),
)
