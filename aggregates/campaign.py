"""The campaign itself: its sessions, its in-game clock, its settings, notes and retractions.

One per store (one store holds one campaign: docs/cli.md#stores). Small and long-lived: state is the
open session, the last session number, the clock and the settings — O(1) in the history's length.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from eventsourcing.domain import event

from aggregates.base import LedgerAggregate, aggregate_id
from aggregates.refusals import Moment, Refusal
from aggregates.values import check_date
from campaign.commands import (
    ClockAdvance,
    ClockSet,
    Init,
    Note,
    Retract,
    SessionEnd,
    SessionOpen,
    Setting,
)
from campaign.core.clock import LAST_SECOND, parse_duration, parse_moment
from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_
from campaign.core.numbers import quoted

PALADIN_ABILITIES = ("wis", "cha")  # docs/rules.md#d-6
# The state of a new store's campaign, before any session.
VIRGIN = {
    "name": None,
    "paladin_ability": "wis",
    "open_session": None,
    "last_session": 0,
    "clock": 0,
}


class Campaign(LedgerAggregate):
    """Sessions open and end in increasing numbers; the clock never runs backwards."""

    @staticmethod
    def create_id() -> object:
        return aggregate_id("campaign", "campaign")

    class Event(LedgerAggregate.Event):
        """Every campaign event. Declared here, before them, so that the library has none of
        them to redefine under the aggregate's own base event (start-up, docs/PERFORMANCE.md)."""

    class Initialised(Event, LedgerAggregate.Created):
        name: str | None
        paladin_ability: str

    class SessionOpened(Event):
        """v2 added ``source``: the session-log file it was replayed from (None when live)."""

        class_version = 2

        number: int
        date: str | None
        title: str | None
        source_hash: str | None
        source: str | None
        note: str | None = None  # the GM's --note (absent from events before it was kept)

        @staticmethod
        def upcast_v1_v2(state: dict[str, object]) -> None:
            state["source"] = None  # v1 never recorded it: those sessions read as opened live

    class SessionEnded(Event):
        number: int
        note: str | None = None  # the GM's --note (absent from events before it was kept)

    class ClockMoved(Event):
        """``subcommand`` and ``words`` came later (absent from older events, read as None: the
        log writes those back as ``clock advance`` by the seconds ``by``)."""

        seconds: int  # since day 1 00:00
        by: int  # seconds advanced
        note: str | None
        subcommand: str | None = None  # "advance" or "set" (``command`` is its position)
        words: str | None = None  # as the parser read it: 3rounds, day 5 12:00

    class SettingChanged(Event):
        setting: str
        value: str
        note: str | None

    class NoteRecorded(Event):
        text: str
        note: str | None = None  # the GM's --note (absent from events before it was kept)
        secret: bool = False  # --secret (absent from events before it was kept)

    class CommandRetracted(Event):
        retracted: int  # the command (position of its first event) withdrawn
        note: str | None

    @classmethod
    def start(cls, command: Init) -> Campaign:
        """``init``: the campaign of a new store (a paladin's spells follow WIS by default)."""
        return cls(name=command.name, paladin_ability=command.paladin_ability or "wis")

    @event(Initialised)
    def __init__(self, name: str | None = None, paladin_ability: str = "wis") -> None:
        self.name = name
        self.paladin_ability = paladin_ability
        self.open_session: int | None = None
        self.last_session = 0
        self.clock = 0

    # --- sessions -------------------------------------------------------------------------------

    def check_session_number(self, number: int) -> None:
        if number == self.open_session:
            raise ImpossibleInput(
                N_(
                    "session {number} is already open (`session end` ends it; "
                    "`session {next}` ends it and opens the next)"
                ),
                field="number",
                value=number,
                expected=N_("a number above {number}"),
                values={"number": number, "next": number + 1},
            )
        if number == self.last_session:
            raise ImpossibleInput(
                N_(
                    "session {number} cannot open again: it has ended, and an ended session is "
                    "never reopened"
                ),
                field="number",
                value=number,
                expected=N_("a number above {number}"),
                values={"number": number},
            )
        if number < self.last_session:
            raise ImpossibleInput(
                N_(
                    "session {number} cannot open: session {last} came before it "
                    "(numbers increase; an ended session is never reopened)"
                ),
                field="number",
                value=number,
                expected=N_("a number above {last}"),
                values={"number": number, "last": self.last_session},
            )

    def check_session_open(self) -> int:
        if self.open_session is None:
            raise ImpossibleInput(
                N_("no session is open"),
                field="session",
                expected=N_("`session N` first"),
                values={},
            )
        return self.open_session

    def open(self, command: SessionOpen) -> None:
        """Open session ``number``, ending the open one first (docs/log-language.md#sessions);
        ``source`` names the session-log file it is replayed from."""
        self.check_session_number(command.number)
        check_date(command.date)
        if self.open_session is not None:
            self._end(self.open_session)
        self._open(
            command.number, command.date, command.title, command.source_hash, command.source,
            command.note,
        )  # fmt: skip

    @event(SessionOpened)
    def _open(
        self,
        number: int,
        date: str | None,
        title: str | None,
        source_hash: str | None,
        source: str | None,  # no default: a SessionOpened that was not upcast fails to load
        note: str | None = None,
    ) -> None:
        # ``source`` stays in the event: kept here, it would change the Campaign snapshot shape.
        self.open_session = number
        self.last_session = number

    def end(self, command: SessionEnd) -> int:
        """End the open session; returns its number."""
        number = self.check_session_open()
        self._end(number, command.note)
        return number

    @event(SessionEnded)
    def _end(self, number: int, note: str | None = None) -> None:
        self.open_session = None

    # --- clock, settings, notes, retractions ------------------------------------------------------

    def advance_clock(self, command: ClockAdvance) -> None:
        """``clock advance``; ``words``: its duration as the GM wrote it (``3rounds``)."""
        seconds = command.seconds
        if seconds < 0:
            raise ImpossibleInput(
                N_("the clock never runs backwards"),
                field="duration",
                expected=N_("a duration ≥ 0"),
                values={},
            )
        if seconds == 0:
            raise ImpossibleInput(
                N_("{words} moves the clock by nothing"),
                field="duration",
                value=command.words,
                expected=N_("a duration of at least 1s"),
                values={"words": command.words or "0s"},
            )
        self._check_kept(self.clock + seconds, "duration")
        self._check_words(command.words, seconds, parse_duration)
        self._move(self.clock + seconds, seconds, command.note, "advance", command.words)

    def set_clock(self, command: ClockSet) -> None:
        """``clock set``; ``words``: its time as the GM wrote it (``day 5 12:00``)."""
        seconds = command.seconds
        if seconds < self.clock:
            # the next whole minute, as a GM usually types a time (`clock set` takes seconds too)
            earliest = -(-self.clock // 60) * 60
            raise Refusal(
                N_("{time} is before the clock's {clock}: the clock never runs backwards"),
                field="time",
                expected=N_("{earliest} or later"),
                values={
                    "time": Moment(seconds, exact=True),
                    "clock": Moment(self.clock, exact=True),
                    "earliest": Moment(earliest),
                },
            )
        self._check_kept(seconds, "time")
        self._check_words(command.words, seconds, parse_moment)
        self._move(seconds, seconds - self.clock, command.note, "set", command.words)

    @staticmethod
    def _check_words(words: str | None, seconds: int, parse: Callable[[str], int]) -> None:
        """The words kept must say the seconds recorded: a log replays them."""
        if words is not None and parse(words) != seconds:
            raise ValueError(f"{words!r} does not say {seconds} s")

    @staticmethod
    def _check_kept(seconds: int, field: str) -> None:
        """In-game time a store keeps: up to the clock's last second (campaign/core/clock.py)."""
        if seconds > LAST_SECOND:
            raise Refusal(
                N_("the clock would be at {time}, past the last time a store keeps ({last})"),
                field=field,
                expected=N_("a time up to {last}"),
                values={
                    "time": Moment(seconds),
                    "last": Moment(LAST_SECOND - LAST_SECOND % 60),
                },
            )

    @event(ClockMoved)
    def _move(
        self,
        seconds: int,
        by: int,
        note: str | None,
        subcommand: str | None = None,
        words: str | None = None,
    ) -> None:
        # ``subcommand`` and ``words`` stay in the event (the snapshot's shape is unchanged).
        self.clock = seconds

    def change_setting(self, command: Setting) -> None:
        if command.setting != "paladin-ability" or command.value not in PALADIN_ABILITIES:
            wrong = (
                N_("{value} is no paladin ability")
                if command.setting == "paladin-ability"
                else N_("unknown setting {setting}")
            )
            raise ImpossibleInput(
                wrong,
                field="setting",
                expected="{choices}",  # the log's words (docs/log-language.md)
                values={
                    "value": quoted(command.value),
                    "setting": quoted(command.setting),
                    "choices": "paladin-ability wis|cha",
                },
            )
        self._set(command.setting, command.value, command.note)

    @event(SettingChanged)
    def _set(self, setting: str, value: str, note: str | None) -> None:
        self.paladin_ability = value

    def record_note(self, command: Note) -> None:
        self._noted(command.text, command.note, command.secret)

    @event(NoteRecorded)
    def _noted(self, text: str, note: str | None = None, secret: bool = False) -> None:
        pass

    def retract(self, command: int, before: dict[str, Any] | None) -> None:
        """The campaign is never retracted: withdrawing the command that created it puts it
        back as a new store has it."""
        if before is None:
            before = {**self.state(), **VIRGIN}
        super().retract(command, before)

    def record_retraction(self, command: Retract, *, retracted: int) -> None:
        """``retract``: the command withdrawn is ``retracted`` (the position of its first
        event); each aggregate it changed records its own compensation."""
        self._retraction(retracted, command.note)

    @event(CommandRetracted)
    def _retraction(self, retracted: int, note: str | None = None) -> None:
        pass
