"""What ``campaign report`` draws (docs/cli.md#report): the sessions in the recap's words, the
figures of ``stats --json`` and, in the GM's version, the audit's findings."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from campaign.history.report import Sessions
from campaign.service.results.reading import Finding


@dataclass(frozen=True)
class Report:
    """One report: ``players`` says whose version; ``sessions`` the sessions told (their
    headings, then each made as it is iterated, once, while the ledger is open); ``stats`` is
    ``stats --json`` for them (without ``rulings`` for the players), whose companies and
    characters the sessions' walk gathers: whole once ``sessions`` is iterated; ``findings``
    the audit's, read once as they are iterated (None for the players)."""

    players: bool
    sessions: Sessions
    stats: dict[str, Any]
    findings: Iterable[Finding] | None
