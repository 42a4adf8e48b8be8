"""``campaign report`` (docs/cli.md#report): the sessions a report tells, in the words of the
recap.

Each session is its recap's section (``export --format markdown``, the GM's or the players'
through the same :class:`campaign.history.players.Screen`), with what the page shows beside it:
its number, date and title as the ``session`` line recorded them, and the in-game clock as the
session opened and at its end (``status --as-of``). A session the recap leaves out (its
``session N`` line withdrawn) is left out here too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from campaign.history.recap import Recapped, session_sections
from campaign.history.replay import SessionReplay, replays


class Reported(Recapped, Protocol):
    """A store's history, as the report reads it."""

    def rows_by_position(self, session: int) -> Mapping[int, Mapping[str, Any]]:
        """``history --session N --json``'s rows, by position."""


@dataclass(frozen=True)
class ReportSession:
    """One session of the report: what the page says of it, its recap section's lines
    (Markdown, without the ``## Session`` heading) and its replay."""

    number: int
    date: str | None
    title: str | None
    clock_start: str | None
    clock_end: str | None
    lines: list[str] = field(default_factory=list)
    replay: SessionReplay | None = None


Progress = Callable[[int, int], None]  # (sessions done, sessions to do): each counted twice


def report_sessions(
    history: Reported,
    numbers: range | None = None,
    *,
    players: bool = False,
    progress: Progress | None = None,
) -> list[ReportSession]:
    """The sessions of ``numbers`` (every one when None) that the recap tells, in order, each
    with its replay (:mod:`campaign.history.replay`), which gives its clocks too. ``progress``
    is told of each session's recap section, then of each session's replay."""
    tell = progress or (lambda done, total: None)
    total = None if numbers is None else 2 * len(numbers)
    told = []
    for section in session_sections(history, numbers, players=players):  # (its opening, lines)
        told.append(section)
        tell(len(told), total or 0)
    wanted = [opened.number for opened, _ in told]
    replayed = {}
    for replay in replays(history.events(), history.rows_by_position, wanted, players=players):
        replayed[replay.number] = replay
        tell(len(told) + len(replayed), 2 * len(told))
    found = []
    for opened, lines in told:
        replay = replayed[opened.number]
        # the clock as the session opened: after the command that opened it
        opening = next(
            (i for i, step in enumerate(replay.steps) if step.position >= opened.position),
            len(replay.steps) - 1,
        )
        found.append(
            ReportSession(
                number=opened.number,
                date=opened.date,
                title=opened.title,
                clock_start=replay.clock_after(opening),
                clock_end=replay.clock_after(len(replay.steps) - 1),
                lines=lines,
                replay=replay,
            )
        )
    return found
