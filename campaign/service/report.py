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
    figures, standings = queries.stats_to_walk()
    known = [session["session"] for session in figures]
    numbers = None if sessions is None else _checked(sessions, known)
    wanted = range(known[0], known[-1] + 1) if numbers is None and known else numbers
    # the recap's survey reads every event: the standings of `stats` are gathered as it does
    told = report_sessions(history, wanted, players=players, progress=progress,
                           seen=standings.see)  # fmt: skip
    counted = Stats(figures, **standings.series())  # its own lists: taken, not copied
    stats = {field.name: getattr(counted, field.name) for field in fields(counted)}
    kept = [index for index, figures in enumerate(stats["sessions"]) if _in(figures, numbers)]
    if len(kept) < len(stats["sessions"]):
        stats = _only(stats, kept)  # copied cut: the whole campaign's series are never copied
    if players:
        for figures in stats["sessions"]:
            del figures["rulings"]  # the audit's: behind the screen
    findings = None if players else queries.audit_rows(numbers)  # read as the page reaches it
    return Report(players=players, sessions=told, stats=stats, findings=findings)


def _checked(sessions: tuple[int, int], known: list[int]) -> range:
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
    return range(first, last + 1)


def _in(figures: dict, numbers: range | None) -> bool:
    return numbers is None or figures["session"] in numbers


def _only(stats: dict, kept: list[int]) -> dict:
    """``stats`` cut to the sessions at the indexes ``kept``: a company or character there at
    none of their ends is left out, as ``stats --session N`` leaves it out."""

    def cut(rows: list[dict]) -> list[dict]:
        found = []
        for row in rows:
            lists = {k: [v[i] for i in kept] for k, v in row.items() if isinstance(v, list)}
            if any(value is not None for values in lists.values() for value in values):
                found.append({**row, **lists})
        return found

    return {
        "sessions": [stats["sessions"][i] for i in kept],
        "companies": cut(stats["companies"]),
        "characters": cut(stats["characters"]),
    }
