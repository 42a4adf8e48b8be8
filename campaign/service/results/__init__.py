"""What the service answers: one dataclass per answer, its fields in the order the JSON shows
them (``dataclasses.asdict`` gives the CLI the JSON's object), read from what was recorded or
folded — never a value re-derived here. Dice are ``Roll.as_record()`` dicts, as events keep them.

The classes live in one module per area, imported on first use: a live command defines only its
own answer (start-up, docs/PERFORMANCE.md); ``from campaign.service.results import Status`` works
for every class.
"""

from __future__ import annotations

from campaign.core.lazy import module_attributes

# each answer's class → the module of its area
AREAS: dict[str, str] = {
    "InitResult": "sessions",
    "RetractResult": "sessions",
    "CompanyTerms": "companies",
    "CasualtyResult": "encounters",
    "MoraleResult": "encounters",
    "CreateResult": "characters",
    "TraitResult": "characters",
    "StatResult": "characters",
    "SaveBonuses": "characters",
    "ItemResult": "characters",
    "RepairResult": "characters",
    "HealResult": "characters",
    "ConditionsEnded": "characters",
    "LoyaltyResult": "rolls",
    "SaveResult": "rolls",
    "ItemSaveResult": "rolls",
    "FlawResult": "rolls",
    "Status": "reading",
    "HistoryRow": "reading",
    "ModifierSubject": "reading",
    "Handle": "reading",
    "ProjectionPosition": "reading",
    "FindingRule": "reading",
    "Finding": "reading",
    "AuditCounts": "reading",
    "Explanation": "reading",
    "Stats": "stats",
    "Report": "report",
    "RecordedSession": "replaying",
    "KnownSessions": "replaying",
    "StagedFile": "replaying",
    "Lapse": "replaying",
    "Flag": "flags",
    "Said": "flags",
}


__getattr__ = module_attributes(__name__, AREAS)
