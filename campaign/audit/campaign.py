"""The audit of the campaign's own events (docs/audit.md): a session's end decides the item saves
its exposures awaited (SAV003), a retraction is said (GEN001) and re-opens what it had answered."""

from __future__ import annotations

from aggregates.campaign import Campaign
from aggregates.subjects import CAMPAIGN
from campaign.audit.findings import FINAL, Settle, Verdict, finding
from campaign.core.i18n import N_
from campaign.core.worded import Worded


def _no_item_save(session: int) -> Worded:
    return Worded(
        N_("natural 1: the exposed item made no item save before session {session} ended"),
        {"session": session},
    )


def session_ended(verdict: Verdict, e: Campaign.SessionEnded, campaign: Campaign) -> None:
    message = _no_item_save(e.number)
    verdict.settles.append(Settle("SAV003", FINAL, session=e.number, message=message))


def retracted(verdict: Verdict, e: Campaign.CommandRetracted, campaign: Campaign) -> None:
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
            message=Worded(
                N_("the command at event:{position} was retracted"), {"position": e.retracted}
            ),
        )
    )
