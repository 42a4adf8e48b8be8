"""Mirrors of current state: the campaign, the morale board, companies, characters and items.

Each is written from the aggregate as it stands after the batch's last event on it (see
:mod:`projections.fold`), so a retraction — which restores an aggregate's earlier state, or
marks a created one retracted — is mirrored with no special case.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from sqlalchemy import delete, insert

from aggregates.campaign import Campaign
from aggregates.character import Character
from aggregates.company import MercenaryCompany
from aggregates.encounter import Encounter
from projections import tables
from projections.fold import Fold, Projection, insert_rows

_CHUNK = 1000  # ids per DELETE … IN (…)


class Mirror(Projection):
    """Rows rewritten from the state of every aggregate of one class a batch touched."""

    kind: type = object

    def __init__(self) -> None:
        self._touched: dict[UUID, Any] = {}

    def process(self, fold: Fold, event: Any, aggregate: Any) -> None:
        if isinstance(aggregate, self.kind):
            self._touched[aggregate.id] = aggregate

    def reads(self) -> type:
        return self.kind.Event if self.kind is not object else object

    def flush(self, fold: Fold) -> None:
        """Set-based: one ``DELETE … WHERE key IN (…)`` per table for every aggregate the batch
        touched, then one executemany ``INSERT`` per table of the rows of those still there."""
        if not self._touched:
            return
        touched = list(self._touched.values())
        self._touched.clear()
        ids = [aggregate.id for aggregate in touched]
        inserts: dict[Any, list[dict[str, Any]]] = {table: [] for table in self.tables}
        for aggregate in touched:
            if not aggregate.retracted:
                for table, rows in self.rows(aggregate).items():
                    inserts[table].extend(rows)
        for table in self.tables:
            key = table.primary_key.columns.values()[0]
            for at in range(0, len(ids), _CHUNK):  # within any database's bound parameters
                fold.connection.execute(delete(table).where(key.in_(ids[at : at + _CHUNK])))
        for table, rows in inserts.items():
            insert_rows(fold.connection, table, rows)

    def reset(self) -> None:
        self._touched.clear()

    def rows(self, aggregate: Any) -> dict[Any, list[dict[str, Any]]]:
        raise NotImplementedError


class CampaignState(Mirror):
    name = "campaign"
    kind = Campaign
    tables = (tables.campaign_state,)

    def flush(self, fold: Fold) -> None:
        for aggregate in self._touched.values():
            fold.connection.execute(delete(tables.campaign_state))
            fold.connection.execute(insert(tables.campaign_state), self.rows(aggregate))
        self._touched.clear()

    def rows(self, campaign: Campaign) -> dict[Any, list[dict[str, Any]]]:  # type: ignore[override]
        return {
            "id": 1,
            "name": campaign.name,
            "open_session": campaign.open_session,
            "last_session": campaign.last_session,
            "clock": campaign.clock,
            "paladin_ability": campaign.paladin_ability,
        }


class MoraleBoard(Mirror):
    """Per encounter group: counts, out, morale, adjustment, effective, successes, status, due."""

    name = "board"
    kind = Encounter
    tables = (tables.encounters, tables.groups)

    def rows(self, encounter: Encounter) -> dict[Any, list[dict[str, Any]]]:  # type: ignore[override]
        board = []
        for seq, handle in enumerate(encounter.groups):
            state = encounter.group_state(handle)
            board.append(
                {
                    "encounter_id": encounter.id,
                    "handle": handle,
                    "encounter": encounter.handle,
                    "seq": seq,
                    "kind": encounter.group_kind(handle),
                    "name": encounter.group_name(handle),
                    "count": state.count,
                    "killed": state.killed,
                    "incapacitated": state.incapacitated,
                    "out": state.out,
                    "morale": state.rating,
                    "adjustment": state.adjustment,
                    "effective_morale": state.effective,
                    "successes": state.successes,
                    "status": state.status,
                    "checks_due": list(state.checks_due),
                }
            )
        created = encounter.created_position
        row = {
            "aggregate_id": encounter.id,
            "handle": encounter.handle,
            "name": encounter.name,
            "ended": encounter.ended,
            "created": created,
        }
        return {tables.encounters: [row], tables.groups: board}


class Companies(Mirror):
    name = "companies"
    kind = MercenaryCompany
    tables = (tables.companies,)

    def rows(self, company: MercenaryCompany) -> dict[Any, list[dict[str, Any]]]:  # type: ignore[override]
        row = {
            "aggregate_id": company.id,
            "handle": company.handle,
            "created": company.created_position,
            "name": company.name,
            "troop": company.troop,
            "mounted": company.mounted,
            "elite": company.elite,
            "fanatic": company.fanatic,
            "size": company.size,
            "killed": company.killed,
            "incapacitated": company.incapacitated,
            "fit": company.fit,
            "table_morale": company.table_morale,
            "base_morale": company.base_morale,
            "morale": company.morale,
            "in_service": company.in_service,
        }
        return {tables.companies: [row]}


class Characters(Mirror):
    """Characters and their items (conditions are a history: projections/history.py)."""

    name = "characters"
    kind = Character
    tables = (tables.characters, tables.items)

    def rows(self, character: Character) -> dict[Any, list[dict[str, Any]]]:  # type: ignore[override]
        data = character.as_status()
        data.pop("items")
        data.pop("conditions")
        row = {
            "aggregate_id": character.id,
            "handle": character.handle,
            "created": character.created_position,
            "moral": character.stats.get("moral"),
            "data": data,
        }
        owned = [
            {
                "character_id": character.id,
                "seq": seq,
                "character": character.handle,
                "name": item["name"],
                "slot": item["slot"],
                "magic": item["magic"],
                "state": item["state"],
                "hp": item["hp"],
                "hp_max": item["hp_max"],
                "data": item,
            }
            for seq, item in enumerate(character.items)
        ]
        return {tables.characters: [row], tables.items: owned}
