"""The session replay of ``campaign report`` (docs/cli.md#report): how the board, the companies
and the characters stood after each command of a session, in one pass over the events.

The pass is the read models' own fold carried forward, held in memory
(:class:`projections.held.Held`): each aggregate advanced by its own mutator, each state the
rows its mirror writes, shaped as ``status --json`` shapes them (:mod:`projections.entries`).
So the numbers after a command are those of ``status --as-of event:N`` (N the command's last
event), without a fold or a query per command. A session keeps its state at its start whole
and, per command, only what the command changed.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from aggregates.character import Character
from aggregates.company import MercenaryCompany
from aggregates.encounter import Encounter
from campaign.core.clock import format_moment
from campaign.history.players import Screen
from projections.entries import group_entry
from projections.held import Held, encounter_rows

# what the replay shows of each (the keys of ``status --json``, docs/json.md#status)
GROUP = ("kind", "name", "count", "killed", "incapacitated", "out", "effective_morale", "status")
COMPANY = ("name", "size", "killed", "incapacitated", "fit", "morale", "in_service")
CHARACTER = ("name", "in_service", "damage_taken", "conscience_lost", "hp_lost")
ITEM = ("name", "state", "hp", "hp_max")
KINDS = ("encounters", "groups", "companies", "characters")

State = dict[str, Any]  # "clock", and per kind of KINDS: key → entry (None: gone)


@dataclass(frozen=True)
class Step:
    """One command of a session: ``status --as-of event:{position}`` is the state after it."""

    position: int
    command: str | None  # its log line, as recorded (the GM's version only)
    rows: list[dict[str, Any]]  # its events as ``history --json`` has them (screened)
    changes: State  # only what the command changed


@dataclass(frozen=True)
class SessionReplay:
    """A session's states: ``start`` (as of event ``position``, before its first command) —
    its board, and each company and character its commands touched as it stood before the
    first of them — then each step's changes."""

    number: int
    position: int
    start: State
    steps: list[Step] = field(default_factory=list)

    def clock_after(self, index: int) -> str:
        """The in-game clock after the step ``index`` (before any: at the start)."""
        for step in reversed(self.steps[: index + 1]):
            if "clock" in step.changes:
                return step.changes["clock"]
        return self.start["clock"]


Said = Callable[[int, int], Mapping[str, Any] | None]  # (position, session) → history row


class InOrder:
    """``history --json``'s rows, read once in position order as a walk asks for them
    (:data:`Said`): the row of the event at a position, if it is the session's."""

    def __init__(self, rows: Iterator[Mapping[str, Any]]) -> None:
        self._rows = rows
        self._row = next(rows, None)

    def __call__(self, position: int, session: int) -> Mapping[str, Any] | None:
        while self._row is not None and self._row["position"] < position:
            self._row = next(self._rows, None)
        row = self._row
        if row is None or row["position"] != position or row["session"] != session:
            return None
        return row


class ReplayWalk:
    """The replay's pass, told the events one by one (in position order, from the first): it
    advances ``state`` by each and ``seen`` is told of each just after — another pass walking
    beside it reads the same fold (the report's recap). A command is taken whole, once its last
    event is read: a ``session N`` command's first event ends session N−1, its others are
    session N's. Past the last session of ``numbers`` it replays nothing more, and only
    advances the fold, event by event."""

    def __init__(
        self,
        said: Said,
        numbers: Collection[int] | None,
        screen: Screen,
        state: Held,
        seen: Callable[[Any], object] = lambda event: None,
    ) -> None:
        self.said, self.numbers, self.screen = said, numbers, screen
        self.state, self.seen = state, seen
        self.last = None if numbers is None else max(numbers, default=0)
        self.past = False  # past the last session asked
        self.reading: list[Any] = []  # the events of the command being read
        self.open: dict[str, Encounter] = {}  # encounters not ended, by handle
        self.named: dict[str, str] = {}  # a company's name by handle: its group's, on a board
        self.session: SessionReplay | None = None
        self.shown: State = {}  # the state the session's last step left
        self.pending: State = {}  # changes of commands the players are not told of

    def see(self, event: Any) -> Iterator[SessionReplay]:
        """The sessions' replays the event completes (read in full: a generator)."""
        if self.past:
            yield from self._command([event])
            return
        reading = self.reading
        if reading and event.command != reading[-1].command:
            yield from self._command(reading)
            reading = self.reading = []
        reading.append(event)
        if self.last is not None and event.session is not None and event.session > self.last:
            self.past = True  # a command of a later session (`session N` ends the one before)
            yield from self._session_ended()
            self.numbers = ()  # nothing more is replayed: the fold only advances
            yield from self._command(reading)
            self.reading = []

    def end(self) -> Iterator[SessionReplay]:
        """The replay the last events complete, once every event has been seen."""
        if self.reading:
            yield from self._command(self.reading)
            self.reading = []
        yield from self._session_ended()

    def _command(self, events: list[Any]) -> Iterator[SessionReplay]:
        number = events[-1].session
        if self.session is not None and number != self.session.number:
            yield from self._session_ended()
        wanted = number is not None and (self.numbers is None or number in self.numbers)
        if wanted and self.session is None:
            self.session = SessionReplay(number, events[0].position - 1, self._whole())
            self.shown = _copy(self.session.start)
        touched: dict[Any, Any] = {}
        told = []
        for event in events:
            if self.session is not None:
                self._first_seen(self.state.held(event.originator_id))
            aggregate = self.state.advance(event)
            self.seen(event)
            self._index(aggregate)
            touched[aggregate.id] = aggregate
            # the screen is shown every event, in or out of a session asked: a secret trait
            # taken sessions before hides its flaw rolls here
            hidden = self.screen.hides(event, getattr(aggregate, "handle", ""))
            if self.session is not None and not hidden:
                told.append(event.position)
        if self.session is not None:
            self._step(events[-1].position, touched.values(), told)

    def _session_ended(self) -> Iterator[SessionReplay]:
        if self.session is not None:
            yield self.session
        self.session, self.shown, self.pending = None, {}, {}

    # --- the state ---------------------------------------------------------------------------

    def _index(self, aggregate: Any) -> None:
        if isinstance(aggregate, Encounter):
            if aggregate.ended or aggregate.retracted:
                self.open.pop(aggregate.handle, None)
            else:
                self.open[aggregate.handle] = aggregate
        elif isinstance(aggregate, MercenaryCompany):
            if aggregate.name is not None and not aggregate.retracted:
                self.named[aggregate.handle] = aggregate.name
            else:
                self.named.pop(aggregate.handle, None)

    def _whole(self) -> State:
        """The state as the session begins: the clock and the encounters not ended; each
        company and character joins it as the session's commands first touch it
        (:meth:`_first_seen`) — a long campaign's hundreds of others are not its replay's."""
        state: State = {kind: {} for kind in KINDS}
        state["clock"] = self._clock()
        for encounter in self.open.values():
            self._encounter(state, encounter)
        return state

    def _first_seen(self, aggregate: Any) -> None:
        """A company or character there when the session began, as it stood then (before the
        session's first command on it)."""
        assert self.session is not None
        if isinstance(aggregate, MercenaryCompany):
            kind, entry = "companies", self._company
        elif isinstance(aggregate, Character):
            kind, entry = "characters", self._character
        else:
            return
        if aggregate.created_position > self.session.position:
            return  # made by this session: its changes bring it in
        if not aggregate.retracted and aggregate.handle not in self.session.start[kind]:
            self.session.start[kind][aggregate.handle] = self.shown[kind][aggregate.handle] = entry(
                aggregate
            )

    def _clock(self) -> str:
        return format_moment(self.state.clock)

    def _encounter(self, state: State, encounter: Encounter) -> None:
        keys = []
        for row in encounter_rows(encounter)[1]:
            key = f"{encounter.handle}/{row['handle']}"
            state["groups"][key] = _only(group_entry(row, self.named), GROUP)
            keys.append(key)
        state["encounters"][encounter.handle] = {
            "name": encounter.name, "ended": encounter.ended, "groups": keys,
        }  # fmt: skip

    def _now(self, touched: Iterable[Any]) -> State:
        """What the aggregates ``touched`` show now (an entry of None: one retracted)."""
        now: State = {kind: {} for kind in KINDS}
        now["clock"] = self._clock()
        for aggregate in touched:
            handle = getattr(aggregate, "handle", None)
            if isinstance(aggregate, Encounter):
                if aggregate.retracted:
                    now["encounters"][handle] = None
                    for key in (self.shown["encounters"].get(handle) or {}).get("groups", []):
                        now["groups"][key] = None
                else:
                    self._encounter(now, aggregate)
            elif isinstance(aggregate, MercenaryCompany):
                gone = aggregate.retracted
                now["companies"][handle] = None if gone else self._company(aggregate)
            elif isinstance(aggregate, Character):
                gone = aggregate.retracted
                now["characters"][handle] = None if gone else self._character(aggregate)
        return now

    def _step(self, position: int, touched: Iterable[Any], told: list[int]) -> None:
        assert self.session is not None
        changes = _changes(self.shown, self._now(touched))
        for kind, entries in changes.items():
            if kind == "clock":
                self.shown["clock"] = entries
            else:
                self.shown[kind].update(entries)
        self.pending = _merged(self.pending, changes)
        if not told:  # every event of it behind the screen: its changes go with the next
            return
        rows = (self.said(position, self.session.number) for position in told)
        said = [self._row(row) for row in rows if row is not None]
        command = None if self.screen.players or not said else said[0]["command"]
        self.session.steps.append(Step(position, command, said, self.pending))
        self.pending = {}

    def _company(self, company: MercenaryCompany) -> dict[str, Any]:
        return _only(self.state.company(company), COMPANY)

    def _character(self, character: Character) -> dict[str, Any]:
        """Its entry (the fold's, which the recap's status at the session's end shares)."""
        full = self.state.character(character)
        entry = _only(full, CHARACTER)
        entry["items"] = [_only(item, ITEM) for item in full["items"]]
        return entry

    def _row(self, row: Mapping[str, Any]) -> dict[str, Any]:
        """A ``history --json`` row as this audience reads it."""
        found = dict(row)
        if self.screen.players:
            found.update(command=None, note=None, gm=None, rules_say=None)
        return found


def _only(entry: Mapping[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    return {key: entry[key] for key in keys}


def _copy(state: State) -> State:
    return {kind: dict(v) if isinstance(v, dict) else v for kind, v in state.items()}


def _changes(shown: State, now: State) -> State:
    """What ``now`` says that ``shown`` does not."""
    changes: State = {}
    if now["clock"] != shown["clock"]:
        changes["clock"] = now["clock"]
    for kind in KINDS:
        was = shown[kind]
        # an entry that differs from the one shown; one gone that was never shown: no change
        differ = {
            k: v for k, v in now[kind].items() if (was[k] != v if k in was else v is not None)
        }
        if differ:
            changes[kind] = differ
    return changes


def _merged(first: State, then: State) -> State:
    if not first:  # nothing held back (most steps): ``then`` itself, made for this step alone
        return then
    merged = {k: dict(v) if isinstance(v, dict) else v for k, v in first.items()}
    for kind, value in then.items():
        if isinstance(value, dict):
            merged.setdefault(kind, {}).update(value)
        else:
            merged[kind] = value
    return merged
