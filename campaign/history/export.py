"""``campaign export`` (docs/cli.md#export-and-import): the history written back as a session log,
JSON lines or a recap.

The log is the one that matters most: every command becomes the one line that records it again
(:mod:`campaign.sessionlog.writing`) — the same events at the same positions — when the log is
replayed into a new store, retracted commands and their ``retract event:N`` included, so the
status, the history and the audit come back the same. :func:`commands` needs no store; :func:`log`
streams a
store's history through it (what it needs of the store: :class:`Logged`).

``--session N`` writes session N's blocks of that log (a block: a ``session`` line and the lines
up to the next one), so the sessions' logs, replayed one after the other, are the whole log
replayed: same positions, same status, same audit. A block whose ``session`` line was retracted
(in the same block: nothing may rely on a session line that is withdrawn) belongs to the
session before it, which went on — its later lines are that session's commands, and a file
boundary there would end that session and move every later position — or, before any session,
to the next one.

``jsonl`` (:mod:`campaign.history.transfer`) and ``markdown`` (:mod:`campaign.history.recap`) are
re-exported here, so ``export`` is one import for the CLI.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol

from aggregates.base import LedgerAggregate
from aggregates.campaign import Campaign
from aggregates.subjects import Subjects
from campaign.core.errors import UnknownSession
from campaign.core.i18n import N_
from campaign.history.recap import markdown, markdown_lines
from campaign.history.transfer import jsonl
from campaign.sessionlog.writing import Event, ExportError, command_line, duration, quote

__all__ = [
    "ExportError", "command_line", "commands", "duration", "jsonl", "log", "log_lines",
    "markdown", "markdown_lines", "quote",
]  # fmt: skip
HEADER = "#! campaign-log 1"


# a setting no session holds, recorded after the last session or before any (whole sentences)
_AFTER_THE_LAST = N_(
    "event {at}: a setting recorded after the last session has no session to hold it in a log "
    "(every line of a log is in a session): open session {following} (`campaign session "
    "{following}`) and export again, or export `--format jsonl`, which keeps every event"
)
_BEFORE_ANY = N_(
    "event {at}: a setting recorded before any session has no session to hold it in a log "
    "(every line of a log is in a session): open session {following} (`campaign session "
    "{following}`) and export again, or export `--format jsonl`, which keeps every event"
)


class Logged(Protocol):
    """A store's history, as ``export --format log`` reads it."""

    def events(self) -> Iterator[Event]:
        """Every recorded event, in position order (a damaged history raises)."""

    def restores_nothing(self, compensation: Any) -> bool:
        """Whether a stored ``Retracted`` put back the state its aggregate already had."""


# --- a history → its commands → a log -------------------------------------------------------------


def commands(events: Iterable[Event]) -> Iterator[tuple[list[Event], str | None]]:
    """Group a position-ordered stream by command, each with its log line (None: no log form)."""
    subjects = Subjects()
    for group in _by_command(events):
        yield group, command_line(group, subjects)


def log(history: Logged, session: int | None = None) -> str:
    """The history as a session log that replays to it: the same events at the same positions.

    Every command is written in order, retracted ones too (their ``retract event:N`` follows
    later), so positions and the audit replay identically. A setting recorded outside a session
    (``campaign init --paladin-ability``) is written just after the next ``session`` line, the
    first place a log can hold it; ``retract event:N`` follows the positions that moves.
    """
    return "".join(log_lines(history, session))


def log_lines(history: Logged, session: int | None = None) -> Iterator[str]:
    """:func:`log`, streamed: its lines (each with its ``\n``) as the history is read, so a
    long log is never held whole. An error found late (a setting after the last session) is
    raised after the lines before it; a ``session`` not in the history, before any line."""
    homes = None if session is None else _homes(history.events())
    writer = _LogWriter(session, history.restores_nothing, homes)
    for events in _by_command(history.events()):
        yield from writer.add(events)
    yield from writer.end()


def _homes(events: Iterable[Event]) -> dict[int, int]:
    """The session whose log holds each block a retracted ``session`` line opens, by the line's
    position: the session before it in the log, or the first after it when there is none (or
    its own, when no session line stands at all)."""
    withdrawn: set[int] = set()
    openings: list[tuple[int, int]] = []  # (command, number), in order
    for event in events:
        if isinstance(event, Campaign.CommandRetracted):
            withdrawn.add(event.retracted)
        elif isinstance(event, Campaign.SessionOpened):
            openings.append((event.command, event.number))
    homes: dict[int, int] = {}
    before: int | None = None
    waiting: list[tuple[int, int]] = []  # withdrawn before any session line that stands
    for command, number in openings:
        if command not in withdrawn:
            homes |= {c: number for c, _ in waiting}
            before, waiting = number, []
        elif before is None:
            waiting.append((command, number))
        else:
            homes[command] = before
    homes |= {c: n for c, n in waiting}
    return homes


def _by_command(events: Iterable[Event]) -> Iterator[list[Event]]:
    """A command's events are consecutive: the writer lock records one command at a time."""
    group: list[Event] = []
    for event in events:
        if group and event.command != group[0].command:
            yield group
            group = []
        group.append(event)
    if group:
        yield group


class _LogWriter:
    """Lays the commands out in session blocks and numbers them as the replay will; each
    :meth:`add` returns the lines it completes (only those of ``session``'s block, if given)."""

    def __init__(
        self,
        session: int | None = None,
        restores_nothing: Callable[[Any], bool] | None = None,
        homes: dict[int, int] | None = None,
    ) -> None:
        self.session = session
        self.restores_nothing = restores_nothing  # a stored compensation a replay leaves out
        self.homes = homes or {}  # a retracted `session` line → the session whose log holds it
        self.standing: set[int] = set()  # the sessions a `session` line still in force opened
        self.elsewhere: dict[int, int] = {}  # a retracted line's session → the log holding it
        self.subjects = Subjects()
        self.sessions: list[int] = []  # the sessions opened, in order
        self.started = False  # the header is out
        self.selected = False  # the current block is written
        self.lines: list[str] = []  # what the current call completes
        self.deferred: list[list[Any]] = []  # settings waiting for a session to hold them
        self.moved: dict[int, int] = {}  # a command's position here → in the replayed log,
        # where it is not the position here shifted by the needless compensations before it:
        self.shifts: list[tuple[int, int]] = []  # (from this position here, the shift) in order
        self.next = 2  # position 1 is the campaign's creation, by whichever command comes first
        self.open: int | None = None  # the session a replay of the log so far leaves open
        # the session open before each command that opened or ended one: retracting such a
        # command (only possible while no later command changed the campaign) puts it back
        self.open_before: dict[int, int | None] = {}

    def add(self, events: list[Any]) -> list[str]:
        self.lines = []
        for event in events:
            self.subjects.learn(event)
        acting = [e for e in events if not isinstance(e, Campaign.Initialised)]
        if len(acting) < len(events):
            self.moved[events[0].command] = 1
            initialised = events[0]
            if initialised.paladin_ability != "wis":  # `init --paladin-ability`
                self.deferred.append([_as_setting(initialised)])
        if not acting:
            return self.lines
        opened = next((e for e in acting if isinstance(e, Campaign.SessionOpened)), None)
        if opened is not None:
            self._open(opened)
            self._write(events, acting)
            for setting in self.deferred:
                self._write(setting, setting)
            self.deferred = []
            self.open_before[opened.command] = self.open
            self.open = opened.number
        elif acting[-1].session is None or not self.sessions:
            if not all(isinstance(e, Campaign.SettingChanged) for e in acting):
                raise ExportError(
                    N_(
                        "event {position}: a command outside any session has no place in a log "
                        "(every log line belongs to a session)"
                    ),
                    field=None,
                    value=acting[0].position,
                    expected=N_("commands recorded while a session was open"),
                    values={"position": acting[0].position},
                )
            self.deferred.append(acting)
        else:
            self._write(events, acting)
            if isinstance(acting[-1], Campaign.SessionEnded):
                self.open_before[acting[-1].command] = self.open
                self.open = None
            for event in acting:
                if isinstance(event, Campaign.CommandRetracted) and (
                    event.retracted in self.open_before
                ):
                    self.open = self.open_before.pop(event.retracted)
        return self.lines

    def _open(self, opened: Any) -> None:
        self.sessions.append(opened.number)
        home = self.homes.get(opened.command, opened.number)
        if opened.command not in self.homes:
            self.standing.add(opened.number)
        elif home != opened.number:
            self.elsewhere[opened.number] = home
        self.selected = self.session is None or home == self.session
        if self.selected:
            self._header()
            self.lines += ["\n", _heading(opened) + "\n"]
            if opened.command in self.homes:
                after = (
                    "no session is open" if self.open is None else f"session {self.open} goes on"
                )
                self.lines.append(
                    f"# this `session {opened.number}` line is retracted below: {after} after it\n"
                )

    def _header(self) -> None:
        if not self.started:
            self.lines.append(HEADER + "\n")
            self.started = True

    def _write(self, events: list[Any], acting: list[Any]) -> None:
        command = events[0].command
        if command not in self.moved and command + self._shift(command) != self.next:
            self.moved[command] = self.next
        line = command_line(acting, self.subjects, renumber=self._renumber)
        assert line is not None
        if self.selected:
            self.lines.append(line + "\n")
        replayed = self._replayed(acting)
        if replayed < len(acting):  # what follows lands that much earlier in the replay
            after = events[-1].position + 1
            self.shifts.append((after, self._shift(after) - (len(acting) - replayed)))
        self.next += replayed

    def _replayed(self, acting: list[Any]) -> int:
        """How many events a replay of the command records: as many as stored, but for a
        compensation that put back what its aggregate already was (a withdrawn `note`, in
        stores whose logs were replayed before that stopped), which a replay no longer records."""
        if self.restores_nothing is None or not any(
            isinstance(e, Campaign.CommandRetracted) for e in acting
        ):
            return len(acting)
        return sum(
            not (isinstance(e, LedgerAggregate.Retracted) and self.restores_nothing(e))
            for e in acting
        )

    def _renumber(self, position: int) -> int:
        return self.moved.get(position, position + self._shift(position))

    def _shift(self, position: int) -> int:
        at = bisect_right(self.shifts, position, key=lambda shift: shift[0])
        return self.shifts[at - 1][1] if at else 0

    def end(self) -> list[str]:
        self.lines = []
        if self.deferred and self.session is None:  # one session's log holds none of them
            at = self.deferred[0][0].position
            following = max(self.sessions, default=0) + 1
            raise ExportError(
                _AFTER_THE_LAST if self.sessions else _BEFORE_ANY,
                field=None,
                value=at,
                values={"at": at, "following": following},
            )
        if self.session is not None and self.session not in self.sessions:
            raise UnknownSession(self.session, self.sessions)
        self._header()
        home = self.elsewhere.get(self.session) if self.session is not None else None
        if home is not None and self.session not in self.standing:
            self.lines += ["\n", f"# session {self.session}: its `session` line was retracted; "
                           f"it and its retraction are in session {home}'s log\n"]  # fmt: skip
        if self.open is not None and (self.session is None or self.session == self.open):
            self.lines += ["\n", f"# session {self.open} was still open: a replay of this log "
                           "ends it\n"]  # fmt: skip
        return self.lines


def _as_setting(initialised: Any) -> Any:
    """``init --paladin-ability cha`` as the ``setting`` line that records the same state."""
    return Campaign.SettingChanged(
        originator_id=initialised.originator_id,
        originator_version=initialised.originator_version,
        timestamp=initialised.timestamp,
        position=initialised.position,
        session=None,
        gm=initialised.gm,
        command=initialised.command,
        setting="paladin-ability",
        value=initialised.paladin_ability,
        note=None,
    )


def _heading(opened: Any) -> str:
    """``# Session 12 — The ford at Greywater (2026-11-21)``: a comment, outside the block."""
    text = f"# Session {opened.number}"
    if opened.title:
        text += f" — {opened.title}"
    if opened.date:
        text += f" ({opened.date})"
    return " ".join(text.split())  # one line, whatever the title holds
