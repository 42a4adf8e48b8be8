"""Companies — the table of docs/log-language.md#companies, as ``cli/logging/companies.py``:
``company hire|modifier|recover|reinforce|dismiss``."""

from __future__ import annotations

from aggregates.company import MercenaryCompany
from campaign.sessionlog.writing.registry import writes
from campaign.sessionlog.writing.words import Line, signed


@writes(MercenaryCompany.CompanyHired)
def _hire(e, events, subjects, renumber) -> Line:
    line = Line("company", "hire").arg(e.handle).opt("--troop", e.troop)
    line.flag("--mounted", e.mounted).flag("--elite", e.elite).flag("--fanatic", e.fanatic)
    return line.opt("--size", e.size).opt("--name", e.name).opt("--morale", e.morale).note(e)


@writes(MercenaryCompany.WorkingConditionsModified)
def _modifier(e, events, subjects, renumber) -> Line:
    line = Line("company", "modifier").arg(subjects.handle(e)).value(e.value, signed)
    return line.opt("--reason", e.reason).note(e)


@writes(MercenaryCompany.MembersRecovered)
def _recover(e, events, subjects, renumber) -> Line:
    return Line("company", "recover").arg(subjects.handle(e), e.n).note(e)


@writes(MercenaryCompany.MembersReinforced)
def _reinforce(e, events, subjects, renumber) -> Line:
    return Line("company", "reinforce").arg(subjects.handle(e), e.n).note(e)


@writes(MercenaryCompany.CompanyDismissed)
def _dismiss(e, events, subjects, renumber) -> Line:
    return Line("company", "dismiss").arg(subjects.handle(e)).note(e)
