"""``campaign report`` (docs/cli.md#report): the sessions a report tells, in the words of the
recap.

Each session is its recap's section (``export --format markdown``, the GM's or the players'
through the same :class:`campaign.history.players.Screen`), with what the page shows beside it:
its number, date and title as the ``session`` line recorded them, and the in-game clock as the
session opened and at its end (``status --as-of``). A session the recap leaves out (its
``session N`` line withdrawn) is left out here too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from aggregates.campaign import Campaign
from campaign.history.recap import Recapped, markdown_lines
from campaign.history.replay import SessionReplay, replays


class Reported(Recapped, Protocol):
    """A store's history, as the report reads it."""

    def rows_by_position(self, session: int) -> Mapping[int, Mapping[str, Any]]:
        """``history --session N --json``'s rows, by position."""


_HEADER = re.compile(r"## Session (\d+)\b")


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
    replay: SessionReplay | None = None


def report_sessions(
    history: Reported, numbers: range | None = None, *, players: bool = False
) -> list[ReportSession]:
    """The sessions of ``numbers`` (every one when None) that the recap tells, in order, each
    with its replay (:mod:`campaign.history.replay`), which gives its clocks too."""
    sections = dict(_sections(markdown_lines(history, players=players), numbers))
    opened = {
        event.number: event
        for event in history.events()
        if isinstance(event, Campaign.SessionOpened) and event.number in sections
    }
    told = [number for number in sections if number in opened]
    replayed = {
        replay.number: replay
        for replay in replays(history.events(), history.rows_by_position, told, players=players)
    }
    found = []
    for number in told:
        replay = replayed[number]
        opening = next(
            (i for i, step in enumerate(replay.steps) if step.position >= opened[number].position),
            len(replay.steps) - 1,
        )
        found.append(
            ReportSession(
                number=number,
                date=opened[number].date,
                title=opened[number].title,
                clock_start=replay.clock_after(opening),
                clock_end=replay.clock_after(len(replay.steps) - 1),
                lines=sections[number],
                replay=replay,
            )
        )
    return found


def _sections(lines: Iterator[str], numbers: range | None) -> Iterator[tuple[int, list[str]]]:
    """The recap's session sections, by number, each without its heading."""
    number: int | None = None
    body: list[str] = []
    for text in "".join(lines).splitlines():
        header = _HEADER.match(text)
        if header:
            if number is not None:
                yield number, body
            found = int(header.group(1))
            number = found if numbers is None or found in numbers else None
            body = []
        elif number is not None:
            body.append(text)
    if number is not None:
        yield number, body
