"""``campaign report`` (docs/cli.md#report): the sessions a report tells, in the words of the
recap.

Each session is its recap's section (``export --format markdown``, the GM's or the players'
through the same :class:`campaign.history.players.Screen`), with what the page shows beside it:
its number, date and title as the ``session`` line recorded them, and the in-game clock as the
session opened and at its end (``status --as-of``). A session the recap leaves out (its
``session N`` line withdrawn) is left out here too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
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


@dataclass(frozen=True)
class Heading:
    """A session as the page's contents name it, before any session is made."""

    number: int
    title: str | None


Progress = Callable[[int, int], None]  # (sessions made, sessions to make)


class Sessions:
    """The sessions a report tells: ``headings`` first, then, iterated once, each session made
    as the history is read — one session held at a time, however long the campaign."""

    def __init__(self, headings: list[Heading], made: Iterator[ReportSession]) -> None:
        self.headings = headings
        self._made = made

    def __iter__(self) -> Iterator[ReportSession]:
        return self._made


def report_sessions(
    history: Reported,
    numbers: range | None = None,
    *,
    players: bool = False,
    progress: Progress | None = None,
) -> Sessions:
    """The sessions of ``numbers`` (every one when None) that the recap tells, in order, each
    with its replay (:mod:`campaign.history.replay`), which gives its clocks too: the recap's
    sections and the replays are two passes over the events, read side by side. ``progress``
    is told of each session made."""
    opened, sections = session_sections(history, numbers, players=players)
    headings = [Heading(o.number, o.title) for o in opened]
    return Sessions(headings, _made(history, sections, headings, players, progress))


def _made(
    history: Reported,
    sections: Iterator[tuple[Any, list[str]]],
    headings: list[Heading],
    players: bool,
    progress: Progress | None,
) -> Iterator[ReportSession]:
    wanted = [heading.number for heading in headings]
    replayed = replays(history.events(), history.rows_by_position, wanted, players=players)
    for done, (opened, lines) in enumerate(sections, 1):
        replay = next((r for r in replayed if r.number == opened.number), None)
        if progress is not None:
            progress(done, len(wanted))
        yield _session(opened, lines, replay)


def _session(opened: Any, lines: list[str], replay: SessionReplay | None) -> ReportSession:
    clocks: tuple[str | None, str | None] = (None, None)
    if replay is not None:
        # the clock as the session opened: after the command that opened it
        opening = next(
            (i for i, step in enumerate(replay.steps) if step.position >= opened.position),
            len(replay.steps) - 1,
        )
        clocks = replay.clock_after(opening), replay.clock_after(len(replay.steps) - 1)
    return ReportSession(
        number=opened.number,
        date=opened.date,
        title=opened.title,
        clock_start=clocks[0],
        clock_end=clocks[1],
        lines=lines,
        replay=replay,
    )
