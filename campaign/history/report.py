"""``campaign report`` (docs/cli.md#report): the sessions a report tells, in the words of the
recap.

Each session is its recap's section (``export --format markdown``, the GM's or the players'
through the same :class:`campaign.history.players.Screen`), with what the page shows beside it:
its number, date and title as the ``session`` line recorded them, and the in-game clock as the
session opened and at its end (``status --as-of``). A session the recap leaves out (its
``session N`` line withdrawn) is left out here too.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Generator, Iterator, Mapping
from contextlib import closing
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from campaign.history.players import Screen
from campaign.history.recap import Surveyed, Telling, session_telling
from campaign.history.replay import InOrder, ReplayWalk, SessionReplay
from projections.collector import fewer_collections
from projections.held import Held

if TYPE_CHECKING:
    from projections.stats import Standings


class Reported(Surveyed, Protocol):
    """A store's history, as the report reads it."""

    def rows_in_order(self) -> Generator[Mapping[str, Any], None, None]:
        """``history --json``'s rows, in position order, streamed (closed when not read to its
        end)."""


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
    standings: Standings | None = None,
) -> Sessions:
    """The sessions of ``numbers`` (every one when None) that the recap tells, in order, each
    with its replay (:mod:`campaign.history.replay`), which gives its clocks too: after the
    recap's survey (of the read models), one walk over the events advances one fold that the
    recap's sections, the replays and ``standings`` (``stats``' companies and characters) all
    read. ``progress`` is told of each session made."""
    state = Held()
    opened, telling = session_telling(history, numbers, state, players=players)
    headings = [Heading(o.number, o.title) for o in opened]
    made = _made(history, telling, state, headings, players, progress, standings)
    return Sessions(headings, made)


def _made(
    history: Reported,
    telling: Telling,
    state: Held,
    headings: list[Heading],
    players: bool,
    progress: Progress | None,
    standings: Standings | None,
) -> Iterator[ReportSession]:
    """Each session once both its section and its replay are made: the replay of a session
    ends when the next session's command begins, before that command's first event ends the
    session's section, but the last session's replay ends only after its section."""
    wanted = [heading.number for heading in headings]
    sections: deque[tuple[int, list[str]]] = deque()

    def seen(event: Any) -> None:
        sections.extend(telling.see(event))
        if standings is not None:
            standings.passed(event.position, state)

    with closing(history.rows_in_order()) as rows, fewer_collections():
        walk = ReplayWalk(InOrder(rows), wanted, Screen(players=players), state, seen=seen)

        def done() -> bool:  # read no further once every section and point is made
            return walk.past and telling.done and (standings is None or standings.done)

        yield from _walked(history, walk, done, telling, sections, len(wanted), progress)


def _walked(
    history: Reported,
    walk: ReplayWalk,
    done: Callable[[], bool],
    telling: Telling,
    sections: deque[tuple[int, list[str]]],
    wanted: int,
    progress: Progress | None,
) -> Iterator[ReportSession]:
    replayed: dict[int, SessionReplay] = {}
    made = 0

    def ready(ended: bool) -> Iterator[ReportSession]:
        nonlocal made
        while sections and (ended or sections[0][0] in replayed):
            number, lines = sections.popleft()
            made += 1
            if progress is not None:
                progress(made, wanted)
            replay = replayed.pop(number, None)
            yield _session(telling.opened(number), lines[1:], replay)

    for event in history.events():
        for replay in walk.see(event):
            replayed.setdefault(replay.number, replay)  # a session met again: its first part
        yield from ready(ended=False)
        if done():
            break
    else:
        for replay in walk.end():
            replayed.setdefault(replay.number, replay)
    yield from ready(ended=True)


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
