"""``campaign report`` (docs/cli.md#report): the sessions a report tells, in the words of the
recap.

Each session is its recap's section (``export --format markdown``, the GM's or the players'
through the same :class:`campaign.history.players.Screen`), with what the page shows beside it:
its number, date and title as the ``session`` line recorded them, and the in-game clock as the
session opened and at its end (``status --as-of``). A session the recap leaves out (its
``session N`` line withdrawn) is left out here too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from campaign.history.recap import Recapped, session_sections


@dataclass(frozen=True)
class ReportSession:
    """One session of the report: what the page says of it, and its recap section's lines
    (Markdown, without the ``## Session`` heading)."""

    number: int
    date: str | None
    title: str | None
    clock_start: str | None
    clock_end: str | None
    lines: list[str] = field(default_factory=list)


def report_sessions(
    history: Recapped, numbers: range | None = None, *, players: bool = False
) -> list[ReportSession]:
    """The sessions of ``numbers`` (every one when None) that the recap tells, in order."""
    told = list(session_sections(history, numbers, players=players))  # (its opening, lines)
    refs = []
    for opened, _ in told:
        refs += [f"event:{opened.position}", f"session:{opened.number}"]
    clocks = [status["clock"] for status in history.statuses(refs, [()] * len(refs))]
    return [
        ReportSession(
            number=opened.number,
            date=opened.date,
            title=opened.title,
            clock_start=clocks[2 * index],
            clock_end=clocks[2 * index + 1],
            lines=lines,
        )
        for index, (opened, lines) in enumerate(told)
    ]
