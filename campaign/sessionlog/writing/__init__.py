"""One command's events → the one session-log line that records them again (docs/log-language.md).

Each line is built from what the command's events stored — the options as given (``inputs``,
where an event keeps them), never an answer re-derived by a rule — and carries the tracker's own
contributions: its dice as ``--roll N --rolled``, its choice of an exposed item as ``--item``, a
duration it rolled as ``--duration Nmin``. The grammar is the CLI's (``cli/logging/``): a writer
per event that starts a command, each the mirror of its Typer command. Words are quoted so that
:func:`campaign.sessionlog.reading.tokenize` reads them back unchanged.

The package: :mod:`~campaign.sessionlog.writing.words` (the words and the :class:`Line` builder),
:mod:`~campaign.sessionlog.writing.registry` (the writers' registry, :class:`ExportError`) and one
module of writers per command group, as ``cli/logging/`` groups the commands: ``sessions``,
``companies``, ``characters``, ``rolls``, ``encounters``. Importing this package registers every
writer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aggregates.base import LedgerAggregate
from aggregates.campaign import Campaign
from aggregates.character import Character

# Importing the writers registers them, in the order of the one module they were written in.
from campaign.sessionlog.writing import (  # noqa: F401  # isort: skip
    sessions,
    companies,
    characters,
    rolls,
    encounters,
)
from aggregates.subjects import Subjects
from campaign.core.i18n import N_
from campaign.sessionlog.writing.registry import WRITERS, ExportError, Writer
from campaign.sessionlog.writing.words import Line, dice, duration, number, quote, signed

__all__ = [
    "Event",
    "ExportError",
    "Line",
    "Writer",
    "command_line",
    "dice",
    "duration",
    "number",
    "quote",
    "signed",
]

Event = LedgerAggregate.Event


def command_line(
    events: list[Event],
    subjects: Subjects | None = None,
    *,
    renumber: Callable[[int], int] | None = None,
) -> str | None:
    """The one log line that records ``events`` — all of one command's, in order — again.

    None for a command with no log form (``init``, which only created the campaign). Handles come
    from ``subjects`` (fed every earlier event: :func:`campaign.history.export.commands` does it);
    without it only a creation is named. ``renumber`` maps a position of this history to the
    replayed log's, for ``retract event:N`` (identity by default).
    """
    subjects = subjects if subjects is not None else Subjects()
    for event in events:
        subjects.learn(event)
    acting = [e for e in events if not isinstance(e, Campaign.Initialised)]
    if not acting:
        return None
    primary = _primary(acting)
    writer = WRITERS[type(primary)]
    return str(writer(primary, acting, subjects, renumber or (lambda p: p)))


def _primary(events: list[Any]) -> Any:
    """The event that says which command this was; the others are its consequences."""
    for event in events:
        if isinstance(event, Campaign.SessionOpened):
            return event  # `session N` may end the open session (and its conditions) first
    for event in events:
        if isinstance(event, Character.ConditionEnded) and event.by != "gm":
            continue  # ended with the session: `session end` or `session N`
        if type(event) in WRITERS:
            return event
    kinds = ", ".join(type(e).__qualname__ for e in events)
    raise ExportError(
        N_("event {position}: no log line records {kinds}"),
        field=None,
        value=events[0].position,
        expected=N_("events recorded by the logging commands (docs/log-language.md)"),
        values={"position": events[0].position, "kinds": kinds},
    )
