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
from collections.abc import Iterator
from dataclasses import dataclass, field

from aggregates.campaign import Campaign
from campaign.history.recap import Recapped, markdown_lines

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


def report_sessions(
    history: Recapped, numbers: range | None = None, *, players: bool = False
) -> list[ReportSession]:
    """The sessions of ``numbers`` (every one when None) that the recap tells, in order."""
    sections = dict(_sections(markdown_lines(history, players=players), numbers))
    opened = {
        event.number: event
        for event in history.events()
        if isinstance(event, Campaign.SessionOpened) and event.number in sections
    }
    told = [number for number in sections if number in opened]
    refs = []
    for number in told:
        refs += [f"event:{opened[number].position}", f"session:{number}"]
    clocks = [status["clock"] for status in history.statuses(refs, [()] * len(refs))]
    return [
        ReportSession(
            number=number,
            date=opened[number].date,
            title=opened[number].title,
            clock_start=clocks[2 * index],
            clock_end=clocks[2 * index + 1],
            lines=sections[number],
        )
        for index, number in enumerate(told)
    ]


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
