"""What ``campaign report`` draws (docs/cli.md#report): the sessions in the recap's words, the
figures of ``stats --json`` and, in the GM's version, the audit's findings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from campaign.history.report import ReportSession
from campaign.service.results.reading import Finding


@dataclass(frozen=True)
class Report:
    """One report: ``players`` says whose version; ``stats`` is ``stats --json`` for the
    sessions told (without ``rulings`` for the players); ``findings`` is None for the players."""

    players: bool
    sessions: list[ReportSession]
    stats: dict[str, Any]
    findings: list[Finding] | None
