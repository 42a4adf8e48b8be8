"""``campaign report`` (docs/cli.md#report): the report's data, assembled from what the other
reading commands answer — the recap's sessions (:mod:`campaign.history.report`), the figures of
``stats`` (never counted again) and the audit's findings — for the GM or for the players."""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING

from campaign.core.errors import ImpossibleInput, UnknownSession
from campaign.core.i18n import N_
from campaign.history.report import Progress, report_sessions
from campaign.service.results.report import Report
from campaign.service.results.stats import Stats

if TYPE_CHECKING:
    from campaign.service.history import History


def report(
    history: History,
    sessions: tuple[int, int] | None,
    *,
    players: bool,
    progress: Progress | None = None,
) -> Report:
    """The report of the sessions ``first..last`` (every session when None): checked first,
    so a bad range is an input error before anything is read. Its sessions are made as they
    are iterated, once, while the ledger is open; ``progress``: told of each (``(done,
    total)``)."""
    queries = history.queries
    numbers = None if sessions is None else range(sessions[0], sessions[1] + 1)

    def picked(known: list[int]) -> list[int]:
        if sessions is not None:
            _check(sessions, known)
        return [number for number in known if numbers is None or number in numbers]

    figures, standings = queries.stats_to_walk(pick=picked)
    wanted = numbers
    if wanted is None and figures:
        wanted = range(figures[0]["session"], figures[-1]["session"] + 1)
    # `stats`' companies and characters are gathered by the walk that makes the sessions
    told = report_sessions(history, wanted, players=players, progress=progress,
                           standings=standings)  # fmt: skip
    counted = Stats(figures, **standings.series())  # the walk's own lists: taken, not copied
    stats = {field.name: getattr(counted, field.name) for field in fields(counted)}
    if players:
        for shown in stats["sessions"]:
            del shown["rulings"]  # the audit's: behind the screen
    findings = None if players else queries.audit_rows(numbers)  # read as the page reaches it
    return Report(players=players, sessions=told, stats=stats, findings=findings)


def _check(sessions: tuple[int, int], known: list[int]) -> None:
    first, last = sessions
    for number in (first, last):
        if number not in known:
            raise UnknownSession(number, known)
    if last < first:
        raise ImpossibleInput(
            N_("the sessions {first}..{last} run backwards"),
            field="sessions",
            value=f"{first}..{last}",
            expected=N_("A..B with A ≤ B, sessions of this history: {known}"),
            values={"first": first, "last": last, "known": ", ".join(map(str, known))},
        )
