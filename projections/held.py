"""The state as a fold in memory holds it: each aggregate advanced by its own mutator
(:class:`projections.fold.Fold`), read as its mirror's rows (:mod:`projections.state`) shaped as
``status --json`` shapes them (:mod:`projections.entries`), with no database in between.

The passes that read the state at many points of one walk over the events — the recap and
``stats`` at each session's end, the report's replay after each command — hold it here: the
rows a scratch fold would write and read back are taken from the aggregates themselves, so the
answers are those of ``status --as-of`` without a table written or a query run.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from typing import Any
from uuid import UUID

from aggregates.campaign import Campaign
from aggregates.character import Character
from aggregates.company import MercenaryCompany
from aggregates.encounter import Encounter
from campaign.core.clock import format_moment
from projections import tables
from projections.entries import (
    character_entry,
    company_entry,
    encounter_entry,
    group_entry,
    item_entry,
)
from projections.fold import Fold
from projections.state import Characters, Companies, MoraleBoard


class Held:
    """The aggregates one walk over the events has advanced (from the first event: every one
    is made by the walk, none loaded), each kind in the order it was created."""

    def __init__(self) -> None:
        self.fold = Fold(None, None)  # type: ignore[arg-type]  # it advances: writes nothing
        self.campaign: Campaign | None = None
        self._kinds: dict[type, dict[UUID, Any]] = {
            Encounter: {}, MercenaryCompany: {}, Character: {},
        }  # fmt: skip
        # each company's and character's entry as last made: id → (version, entry)
        self._entries: dict[UUID, tuple[int, dict[str, Any]]] = {}

    def advance(self, event: Any) -> Any:
        """The event's aggregate after ``event`` (events in position order, from the first)."""
        aggregate = self.fold.advance(event)
        if isinstance(aggregate, Campaign):
            self.campaign = aggregate
        else:
            held = self._kinds.get(type(aggregate))
            if held is not None:
                held[aggregate.id] = aggregate
        return aggregate

    def held(self, aggregate_id: UUID) -> Any:
        """The aggregate as the walk has it now (before its next event), or None."""
        return self.fold.held(aggregate_id)

    def standing(self, kind: type, only: Collection[str] | None = None) -> Iterator[Any]:
        """The aggregates of ``kind`` a mirror holds rows of (not retracted), oldest first;
        ``only``: of these handles."""
        held = self._kinds[kind].values()
        return (a for a in held if not a.retracted and (only is None or a.handle in only))

    @property
    def clock(self) -> int:
        return self.campaign.clock if self.campaign is not None else 0

    def status(self, only: Collection[str] | None = None) -> dict[str, Any]:
        """``status --json``'s clock, encounters (``only``: of these handles), companies and
        characters (docs/json.md#status), without their modifiers' and conditions' lists (a
        history, not a mirror: :mod:`projections.history`)."""
        companies = [self.company(c) for c in self.standing(MercenaryCompany)]
        named = {c["handle"]: c["name"] for c in companies if c["name"] is not None}
        return {
            "clock": format_moment(self.clock),
            "encounters": [
                encounter_entry(row, [group_entry(g, named) for g in groups])
                for row, groups in map(encounter_rows, self.standing(Encounter, only))
            ],
            "companies": companies,
            "characters": [self.character(c) for c in self.standing(Character)],
        }

    def company(self, company: MercenaryCompany) -> dict[str, Any]:
        """The company's entry in ``status --json``, without its modifiers (:meth:`_entry`)."""
        return self._entry(company, lambda: company_entry(company_row(company)))

    def character(self, character: Character) -> dict[str, Any]:
        """The character's entry in ``status --json``, without its conditions (:meth:`_entry`)."""

        def made() -> dict[str, Any]:
            row, items = character_rows(character)
            return character_entry(row["data"], [item_entry(i) for i in items])

        return self._entry(character, made)

    def _entry(self, aggregate: Any, make: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """The aggregate's entry, made again only when its version has changed (shared: not to
        be changed by a reader)."""
        found = self._entries.get(aggregate.id)
        if found is None or found[0] != aggregate.version:
            found = self._entries[aggregate.id] = (aggregate.version, make())
        return found[1]


def company_row(company: MercenaryCompany) -> dict[str, Any]:
    """The company's row of its mirror."""
    return Companies().rows(company)[tables.companies][0]


def encounter_rows(encounter: Encounter) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The encounter's row of the board's mirror, and its groups' rows in order."""
    rows = MoraleBoard().rows(encounter)
    return rows[tables.encounters][0], rows[tables.groups]


def character_rows(character: Character) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The character's row of its mirror, and its items' rows in order."""
    rows = Characters().rows(character)
    return rows[tables.characters][0], rows[tables.items]
