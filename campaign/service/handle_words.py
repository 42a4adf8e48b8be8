"""What a command is told of a handle of each kind it loads or makes (campaign/service/unit.py):
whole sentences per kind, as French gives each kind its gender (docs/translating.md)."""

from __future__ import annotations

from campaign.core.i18n import N_

# what is said of a handle of each kind (whole sentences: French gives each kind its gender)
RETRACTED = {
    "encounter": N_("the encounter {name} was retracted"),
    "company": N_("the company {name} was retracted"),
    "character": N_("the character {name} was retracted"),
}
UNKNOWN = {
    "encounter": N_("the encounter {name} is not in this campaign"),
    "company": N_("the company {name} is not in this campaign"),
    "character": N_("the character {name} is not in this campaign"),
}
EARLIER = {
    "encounter": N_("an encounter recorded earlier"),
    "company": N_("a company recorded earlier"),
    "character": N_("a character recorded earlier"),
}
TAKEN = {
    "encounter": N_("the encounter {name} already exists (a retracted one keeps its handle)"),
    "company": N_("the company {name} already exists (a retracted one keeps its handle)"),
    "character": N_("the character {name} already exists (a retracted one keeps its handle)"),
}
