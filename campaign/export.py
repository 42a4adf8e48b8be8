"""``campaign export`` (SPEC §5): the history written back as a session log, JSON lines or a recap.

The log is the one that matters most: every command becomes the one line that records it again
(:mod:`campaign.loglines`) — the same events at the same positions — when the log is replayed
into a new store, retracted commands and their ``retract event:N`` included, so the status, the
history and the audit come back the same. :func:`commands` needs no store; :func:`log` streams
a :class:`~campaign.application.Ledger`'s history through it.

``jsonl`` (:mod:`campaign.transfer`) and ``markdown`` (:mod:`campaign.recap`) are re-exported
here, so ``export`` is one import for the CLI.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from aggregates.campaign import Campaign
from campaign.errors import ImpossibleInput
from campaign.loglines import Event, ExportError, command_line, duration, quote
from campaign.recap import markdown
from campaign.subjects import Subjects
from campaign.transfer import jsonl

if TYPE_CHECKING:
    from campaign.application import Ledger

__all__ = [
    "ExportError", "command_line", "commands", "duration", "jsonl", "log", "markdown", "quote",
]  # fmt: skip
HEADER = "#! campaign-log 1"


# --- a history → its commands → a log -------------------------------------------------------------


def commands(events: Iterable[Event]) -> Iterator[tuple[list[Event], str | None]]:
    """Group a position-ordered stream by command, each with its log line (None: no log form)."""
    subjects = Subjects()
    for group in _by_command(events):
        yield group, command_line(group, subjects)


def log(ledger: Ledger, session: int | None = None) -> str:
    """The history as a session log that replays to it: the same events at the same positions.

    Every command is written in order, retracted ones too (their ``retract event:N`` follows
    later), so positions and the audit replay identically. A setting recorded outside a session
    (``campaign init --paladin-ability``) is written just after the next ``session`` line, the
    first place a log can hold it; ``retract event:N`` follows the positions that moves.
    """
    writer = _LogWriter()
    for events in _by_command(ledger.events()):
        writer.add(events)
    return writer.text(session)


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
    """Lays the commands out in session blocks and numbers them as the replay will."""

    def __init__(self) -> None:
        self.subjects = Subjects()
        self.blocks: list[tuple[Any, list[str]]] = []  # (SessionOpened, lines)
        self.deferred: list[list[Any]] = []  # settings waiting for a session to hold them
        self.moved: dict[int, int] = {}  # a command's position here → in the replayed log
        self.next = 2  # position 1 is the campaign's creation, by whichever command comes first
        self.open: int | None = None  # the session a replay of the log so far leaves open

    def add(self, events: list[Any]) -> None:
        for event in events:
            self.subjects.learn(event)
        acting = [e for e in events if not isinstance(e, Campaign.Initialised)]
        if len(acting) < len(events):
            self.moved[events[0].command] = 1
            initialised = events[0]
            if initialised.paladin_ability != "wis":  # `init --paladin-ability`
                self.deferred.append([_as_setting(initialised)])
        if not acting:
            return
        opened = next((e for e in acting if isinstance(e, Campaign.SessionOpened)), None)
        if opened is not None:
            self.blocks.append((opened, []))
            self._write(events, acting)
            for setting in self.deferred:
                self._write(setting, setting)
            self.deferred = []
            self.open = opened.number
        elif acting[-1].session is None or not self.blocks:
            if not all(isinstance(e, Campaign.SettingChanged) for e in acting):
                raise ExportError(
                    f"event {acting[0].position}: a command outside any session has no place "
                    "in a log (every log line belongs to a session)",
                    field=None,
                    value=acting[0].position,
                    expected="commands recorded while a session was open",
                )
            self.deferred.append(acting)
        else:
            self._write(events, acting)
            if isinstance(acting[-1], Campaign.SessionEnded):
                self.open = None

    def _write(self, events: list[Any], acting: list[Any]) -> None:
        if events[0].command not in self.moved:
            self.moved[events[0].command] = self.next
        line = command_line(acting, self.subjects, renumber=self._renumber)
        assert line is not None
        self.blocks[-1][1].append(line)
        self.next += len(acting)

    def _renumber(self, position: int) -> int:
        return self.moved.get(position, position)

    def text(self, session: int | None) -> str:
        if self.deferred:
            at = self.deferred[0][0].position
            raise ExportError(
                f"event {at}: a setting recorded after the last session has no session to hold "
                "it in a log",
                field=None,
                value=at,
                expected="a session after it",
            )
        blocks = [b for b in self.blocks if session is None or b[0].number == session]
        if session is not None and not blocks:
            recorded = ", ".join(str(b[0].number) for b in self.blocks) or "none"
            raise ImpossibleInput(
                f"session {session} is not in this history; sessions: {recorded}",
                field="session",
                value=session,
                expected=recorded,
            )
        out = [HEADER]
        for opened, lines in blocks:
            out += ["", _heading(opened), *lines]
        if self.open is not None and (session is None or session == self.open):
            out += ["", f"# session {self.open} was still open: a replay of this log ends it"]
        return "\n".join(out) + "\n"


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
