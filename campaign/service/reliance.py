"""What stands in the way of withdrawing a command by ``retract event:N``
(docs/log-language.md#retract): a later command in force that recorded on, or relied on, what it
changed; one recorded in the session it opened; one on a company that fought in an encounter it
ended."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from aggregates.base import CLOCK
from aggregates.base import aggregate_id as id_of
from campaign.core.errors import Phrase
from campaign.core.i18n import N_

# What a command changed: the aggregates, each with its state before it; the companies that
# fought in an encounter it ended; whether it moved the campaign's clock.
Changes = tuple[dict[UUID, dict[str, Any] | None], dict[UUID, tuple[str, str]], bool]


def moves_clock(before: dict[str, Any] | None, after: dict[str, Any] | None) -> bool:
    return bool(before and after and "clock" in before and before["clock"] != after.get("clock"))


def subjects(changed: dict[UUID, Any], moved: bool) -> set[UUID]:
    """What a later command may not have changed or relied on: the aggregates, and the clock
    when the command moved it."""
    return set(changed) | {CLOCK} if moved else set(changed)


def fought_in(
    before: dict[str, Any] | None, after: dict[str, Any] | None
) -> dict[UUID, tuple[str, str]]:
    """When a command ended an encounter (``before`` open, ``after`` ended): each company that
    fought in it, by its ID, with its handle and the encounter's. A later command on such a
    company relied on that end: it left the encounter alone (a modifier re-rates, a recovery
    or a dismissal reaches, only the encounters a company still fights in), so withdrawing the
    end would reopen the encounter with the company as it stood then — a group rated 8 for a
    company rated 12, members incapacitated there that the company has back, a dismissed
    company fighting on. It records nothing on the encounter, so only this finds it."""
    if (
        before is None
        or after is None
        or "_groups" not in before
        or before.get("ended") is not False
        or after.get("ended") is not True
    ):
        return {}
    return {
        id_of("company", entry["company"]): (entry["company"], before["handle"])
        for entry in before["_groups"].values()
        if entry.get("company") is not None
    }


@dataclass(frozen=True)
class Reliance:
    """What a later command in force must not have done for a command to be withdrawn by
    ``event:N``: record on an aggregate it changed (``changed``) or rely on one (its events'
    ``relies_on``); record on a company that fought in an encounter it ended (``fought``,
    :func:`fought_in`); or be recorded in the session it opened (``opened``: withdrawn, that
    session would never have opened, and would still hold the later command — which needed an
    open session, docs/log-language.md#sessions)."""

    changed: set[UUID]
    fought: dict[UUID, tuple[str, str]]
    opened: int | None

    def clash(self, touched: set[UUID], relied: set[UUID], session: int | None) -> bool:
        return bool(
            (touched | relied) & self.changed
            or touched & set(self.fought)
            or (self.opened is not None and session == self.opened)
        )

    def why(self, touched: set[UUID], relied: set[UUID], session: int | None) -> Phrase:
        """How the later command (one that :meth:`clash` found) stands in the way."""
        if touched & self.changed:
            return Phrase(N_("changed the same subject later"))
        if relied & self.changed:
            if CLOCK in relied:  # FlawRolled.relies_on
                return Phrase(
                    N_("started a condition timed from the in-game clock as it stood then")
                )
            return Phrase(N_("relied on the same subject later"))
        ended = next((self.fought[key] for key in self.fought if key in touched), None)
        if ended is not None:
            company, encounter = ended
            return Phrase(
                N_(
                    "relied on it later: it changed company {company}, which fought in "
                    "encounter {encounter}, after the encounter had ended, and left the "
                    "encounter alone — reopened, encounter {encounter} would hold company "
                    "{company} as it was"
                ),
                company=company,
                encounter=encounter,
            )
        return Phrase(
            N_(
                "relied on it later: it was recorded in session {session}, which the withdrawn "
                "command opened — withdrawn, session {session} would never have opened and "
                "still hold it"
            ),
            session=session,
        )
