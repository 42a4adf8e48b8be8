"""``export --format markdown`` (docs/cli.md#export-and-import): a session recap a GM can post
for the players.

Per session: its title and date, each encounter fought in it with how every group fared, the
casualties, the saves and the items they harmed, the flaws that flared up, the retainers and
their loyalty, the GM's notes. The state is the read side's own (``status --as-of session:N``),
the happenings are the session's events (``history --session N``'s). A penalty is written as
``status`` and ``modifiers`` write it: ``-2D`` for dice, ``-1`` flat (:func:`modifier_words`).
Nothing here judges anything: the rules' answer appears only beside a ruling that differs — a
morale, loyalty or flaw outcome, a save's damage taken, an item save's outcome — and a morale
roll where no test applies is said to decide nothing. The players' recap (``players``) tells
only what :class:`campaign.history.players.Screen` lets them read.

Retracted commands — a session tells what stood at its end, as its table does:

- a command retracted within its own session (before the session's last event) is left out:
  the state at the session's end never held it (a typo undone at the table);
- a command retracted in a later session is told where it happened, marked
  ``*(withdrawn in session M)*``: the session's table, the state at its end, still counts it
  (``status --as-of session:N`` does), and ``history --session N`` shows it, marked retracted;
- the session whose ``retract`` withdrew it lists it under *Withdrawn* (the command's log line,
  where it was recorded); the retraction's own events name no encounter, character or note of
  that session: an encounter only a retraction touched is not one fought there;
- a session whose ``session N`` line was retracted never took place: the recap leaves it out,
  and ``--session N`` (which ``history``, ``audit`` and the other exports accept too) says so.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable, Iterator
from itertools import chain
from typing import Any, Protocol

from aggregates.campaign import Campaign
from aggregates.encounter import Encounter
from aggregates.subjects import Subjects
from campaign.core.clock import clock_said
from campaign.core.errors import UnknownSession
from campaign.core.i18n import _
from campaign.history.players import Screen
from campaign.history.recap_sections import Told, section_lines
from campaign.history.recap_words import Mark, md
from campaign.sessionlog.writing import command_line
from projections.held import Held


class Recapped(Protocol):
    """A store's history, as the recap reads it."""

    def events(self) -> Iterator[Any]:
        """Every recorded event, in position order (a damaged history raises)."""


class Surveyed(Recapped, Protocol):
    """A store's history with what the recap's first pass finds already read (the read models):
    the first pass need not read the events."""

    def campaign_events(self) -> Iterator[Any]:
        """The campaign's own events (sessions opened, commands retracted…), in position order."""

    def session_ends(self) -> dict[int, int]:
        """Each session's last position, by number: every session the events carry."""

    def session_encounters(self) -> Iterable[tuple[int, str]]:
        """``(session, handle)`` of each encounter an event of that session belongs to."""


def markdown(history: Recapped, session: int | None = None, *, players: bool = False) -> str:
    """The recap of one session, or of every session in order; with ``players``, what the
    players may read (:mod:`campaign.history.players`)."""
    return "".join(markdown_lines(history, session, players=players))


def markdown_lines(
    history: Recapped, session: int | None = None, *, players: bool = False
) -> Iterator[str]:
    """:func:`markdown`, streamed: a first pass over the events notes the sessions and the
    commands withdrawn (a retraction may come sessions after its command), the second writes
    each session's section as soon as its last event is read. A ``session`` not in the history
    is an input error before anything is written; one whose ``session N`` line was retracted
    (``history --session N`` shows it) is a section that says so."""
    survey = survey_of_events(history)
    numbers = [n for n, e in survey.opened.items() if e.command not in survey.withdrawn]
    if session is not None:
        if session not in survey.opened:
            raise UnknownSession(session, sorted(survey.opened))
        if session not in numbers:
            return _joined(_never_held(survey.opened[session], survey.withdrawn))
        numbers = [session]
    head = [] if session is not None else ["# " + _("Campaign recap"), ""]
    sections = _sections(history, numbers, survey, Screen(players=players))
    return _joined(chain(head, chain.from_iterable(lines for _, lines in sections)))


def session_telling(
    history: Surveyed, numbers: Collection[int] | None, state: Held, *, players: bool = False
) -> tuple[list[Any], Telling]:
    """The sessions of ``numbers`` (every one when None) that the recap tells: their ``session
    N`` events, in order (found by the survey, from the read models, before any section), and
    the pass that writes their sections as a walk over the events advances ``state``
    (``campaign report``, docs/cli.md#report)."""
    survey = survey_of_read_models(history)
    told = [
        number
        for number, event in survey.opened.items()
        if event.command not in survey.withdrawn and (numbers is None or number in numbers)
    ]
    return [survey.opened[n] for n in told], Telling(told, survey, Screen(players=players), state)


class _Survey:
    """The first pass: each session's opening (a kept one over a retracted one of the same
    number), the retraction of each command retracted, each session's last position."""

    def __init__(self) -> None:
        self.opened: dict[int, Any] = {}
        self.withdrawn: dict[int, Any] = {}  # a command's position → its CommandRetracted
        self.retractions: set[int] = set()  # the `retract` commands themselves
        self.last: dict[int, int] = {}
        self.encounters: dict[int, set[str]] = {}  # a session's encounters: its events name

    def campaign(self, event: Any) -> None:
        """The next of the campaign's own events, in position order."""
        if isinstance(event, Campaign.CommandRetracted):
            self.withdrawn[event.retracted] = event
            self.retractions.add(event.command)
        if isinstance(event, Campaign.SessionOpened):
            kept = self.opened.get(event.number)
            if kept is None or kept.command in self.withdrawn:
                self.opened[event.number] = event

    def later(self, event: Any) -> Any:
        """The retraction of ``event``'s command if it came after ``event``'s session had ended
        (that session's recap tells the command, marked), else None."""
        retraction = self.withdrawn.get(event.command)
        if retraction is None or event.session is None:
            return None
        return retraction if retraction.position > self.last[event.session] else None


def survey_of_read_models(history: Surveyed) -> _Survey:
    """The first pass without reading every event: what :func:`survey_of_events` finds, from
    the campaign's own events and the timeline's rows (the report's)."""
    survey = _Survey()
    for event in history.campaign_events():
        survey.campaign(event)
    survey.last = history.session_ends()
    for session, handle in history.session_encounters():
        survey.encounters.setdefault(session, set()).add(handle)
    return survey


def survey_of_events(history: Recapped) -> _Survey:
    """The first pass, reading every event (the recap's: a damaged history raises before any
    section is written)."""
    survey = _Survey()
    subjects = Subjects()
    for event in history.events():
        if isinstance(event, Encounter.Event) and event.session is not None:
            # the only encounters the session's recap can tell (its status holds no other)
            survey.encounters.setdefault(event.session, set()).add(subjects.handle(event))
        if isinstance(event, Campaign.Event):
            survey.campaign(event)
        if event.session is not None:
            survey.last[event.session] = event.position
    return survey


def _never_held(opened: Any, withdrawn: dict[int, Any]) -> list[str]:
    """The section of a session whose ``session N`` line was retracted: it never took place."""
    retraction = withdrawn[opened.command]
    said = _(
        "Withdrawn: its `session {number}` line was retracted (event {event}); this session "
        "never took place."
    ).format(number=opened.number, event=retraction.position)
    return [_title(opened), "", f"*{said}*"]


def _title(opened: Any) -> str:
    """``## Session 2 — Fire on the Causeway``: a session's heading."""
    title = "## " + _("Session {number}").format(number=opened.number)
    return title + (f" — {md(opened.title)}" if opened.title else "")


def _sections(
    history: Recapped, numbers: list[int], survey: _Survey, screen: Screen
) -> Iterator[tuple[int, list[str]]]:
    """The sessions' sections in order, by number, each written once its last event has been
    read (:class:`Telling`). The events after the last session's end are not read (the survey
    has read them all)."""
    state = Held()
    telling = Telling(numbers, survey, screen, state)
    for event in history.events():
        state.advance(event)
        yield from telling.see(event)
        if telling.done:
            return


class Telling:
    """The recap's second pass, told each event once a walk's fold (``state``, advanced from the
    first event) holds it: each session's section is written as soon as its last event is read,
    with the state as the fold holds it then (:class:`projections.held.Held`). Only the sessions
    still being read are held (one, unless a session number was reopened), and the commands a
    later session withdrew, for its *Withdrawn* list."""

    def __init__(self, numbers: list[int], survey: _Survey, screen: Screen, state: Held) -> None:
        self.survey, self.screen, self.state = survey, screen, state
        self.subjects = Subjects()
        self.telling: dict[int, list[Told]] = {number: [] for number in numbers}
        self.told_later: dict[int, list[Any]] = {}  # a command withdrawn after its session
        self.waiting = deque(numbers)

    @property
    def done(self) -> bool:
        """Every section asked is written."""
        return not self.waiting

    def opened(self, number: int) -> Any:
        """The ``session N`` event of session ``number``."""
        return self.survey.opened[number]

    def see(self, event: Any) -> list[tuple[int, list[str]]]:
        """The sections ``event`` completes (``event`` just advanced in the fold), by number."""
        survey, handle = self.survey, self.subjects.handle(event)
        later = survey.later(event)
        if later is not None:
            self.told_later.setdefault(event.command, []).append(event)
        told = _told(event, handle, later, survey, self.told_later, self.subjects, self.screen)
        if event.session in self.telling and told is not None:
            self.telling[event.session].append(told)
        written = []
        while self.waiting and survey.last[self.waiting[0]] <= event.position:
            number = self.waiting.popleft()
            # as of the session's end, with the encounters its events name only
            status = self.state.status(survey.encounters.get(number, set()))
            lines = _session(survey.opened[number], status, self.telling.pop(number), self.screen)
            written.append((number, lines))
        return written


def _told(
    event: Any,
    handle: str,
    later: Any,
    survey: _Survey,
    told_later: dict[int, list[Any]],
    subjects: Subjects,
    screen: Screen,
) -> Told | None:
    """What the session's recap makes of ``event``: a retraction names only the commands an
    earlier recap told (its compensations are no happening of their own); a command withdrawn
    is told only when its session ended first, marked; what the screen hides, never."""
    if screen.hides(event, handle):
        return None
    if event.command in survey.retractions:
        if isinstance(event, Campaign.CommandRetracted) and event.retracted in told_later:
            withdrawn = _withdrawal(told_later.pop(event.retracted), subjects, screen)
            return None if withdrawn is None else (event, handle, withdrawn)
        return None
    if event.command in survey.withdrawn and later is None:
        return None
    return event, handle, _withdrawn_in(later, survey)


def _withdrawn_in(retraction: Any, survey: _Survey) -> str:
    """The mark of a command a later session withdrew: that session, where its recap says so
    (with the words of a mark on something only part of which it withdrew)."""
    if retraction is None:
        return ""
    opened = survey.opened.get(retraction.session)
    if opened is None or opened.command in survey.withdrawn:  # no session, or one never held
        return Mark(_("withdrawn later"), _("part of it withdrawn later"))
    number = retraction.session
    return Mark(
        _("withdrawn in session {session}").format(session=number),
        _("part of it withdrawn in session {session}").format(session=number),
    )


def _withdrawal(events: list[Any], subjects: Subjects, screen: Screen) -> str | None:
    """A command an earlier session's recap told, as the log line that recorded it (as the
    screen lets it be read)."""
    line = screen.withdrawn(events, command_line(events, subjects) or type(events[0]).__qualname__)
    if line is None:
        return None
    said = _("{line} — recorded in session {session} (event {event})")
    return "- " + said.format(line=md(line), session=events[0].session, event=events[0].position)


def _joined(parts: Iterable[str]) -> Iterator[str]:
    """``"\\n".join(parts).rstrip() + "\\n"``, written as the parts come: only the parts that
    might be trailing blanks are held back."""
    pending: list[str] = []
    started = False
    for part in parts:
        if part.strip() and pending:
            yield ("\n" if started else "") + "\n".join(pending)
            started, pending = True, []
        pending.append(part)
    tail = "\n".join(pending).rstrip()
    yield ("\n" if started and tail else "") + tail + "\n"


def _session(opened: Any, status: dict[str, Any], events: list[Told], screen: Screen) -> list[str]:
    when = [md(opened.date)] if opened.date else []
    when.append(_("in-game time at the end: {clock}").format(clock=clock_said(status["clock"])))
    return [_title(opened), "", f"*{' · '.join(when)}*", "", *section_lines(status, events, screen)]
