"""The application's questions (docs/cli.md#reading: ``status``, ``history``, ``modifiers``,
``audit``, ``projections``), each answered as a dataclass (:mod:`campaign.service.results`).

Every read first catches the read models up with the event store (pull before read, on both
backends), so a read is never stale. ``--as-of session:N|event:N`` never touches the live read
models: the same projections fold the history up to that position into a private scratch
database, and the same queries read it. The read side imports SQLAlchemy (projections/): only
when a query runs, so that a logging command, which needs none, starts fast
(docs/PERFORMANCE.md).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Generator, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from campaign.core.errors import ImpossibleInput, UnknownHandle, UnknownSession
from campaign.core.i18n import N_
from campaign.core.numbers import BLANKS, DIGITS, POSITION_DIGITS, whole_number
from campaign.service.results import (
    AuditCounts,
    Finding,
    FindingRule,
    Handle,
    HistoryRow,
    ModifierSubject,
    ProjectionPosition,
    Status,
)
from campaign.store import MAX_STORED

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from campaign.service.results.stats import Stats
    from campaign.service.unit import UnitOfWork
    from projections.readmodel import Progress, ReadModel
    from projections.stats import Standings

_REF = re.compile(r"(session|event):([0-9]+)")
_AS_OF = N_("session:N or event:N with N a recorded session or position")

# What each query reads (projection names, projections/readmodel.py): an ``--as-of`` fold folds
# only those, and skips the others' work (the timeline's log lines, the audit's judgements).
STATE = frozenset({"campaign", "board", "companies", "characters", "modifiers"})
TIMELINE, SESSIONS = frozenset({"timeline"}), frozenset({"sessions"})
# the sessions: to refuse an unknown `--session N`; the timeline: GEN001 names what a command
# withdrawn in an earlier batch touched from it (projections/audit.py, Audit._touched_by)
AUDIT = frozenset({"audit"}) | SESSIONS | TIMELINE
STATS = AUDIT | frozenset({"casualties"})


class Queries:
    """The reading side of one ledger: its read models, caught up before every answer."""

    def __init__(self, uow: UnitOfWork) -> None:
        self.uow = uow
        self.opened = uow.opened

    def catch_up(self, progress: Progress | None = None) -> int:
        """Fold what the read models have not seen yet; the number of events folded."""
        return self.opened.catch_up(progress)

    def rebuild(self, progress: Progress | None = None) -> int:
        """``projections rebuild``: the number of events folded again."""
        return self.opened.rebuild(progress)

    def drop(self, *, scrub: bool = False) -> None:
        """``projections drop [--scrub]``: the next read folds them again from the events."""
        self.opened.drop_read_models(scrub=scrub)

    def as_of_position(self, ref: str) -> int:
        """The position ``session:N`` (its end) or ``event:N`` (its command's end) stands for."""
        from projections import queries

        match = _REF.fullmatch(ref.strip(BLANKS).lower()) if isinstance(ref, str) else None
        if match is None:
            raise ImpossibleInput(
                N_("{ref} is not a point in the history"),
                field="as-of",
                value=ref,
                expected=N_("session:N or event:N"),
                values={"ref": repr(ref)},
            )
        kind = match.group(1)
        what, digits = (
            ("session number", DIGITS) if kind == "session" else ("position", POSITION_DIGITS)
        )
        number = whole_number(
            match.group(2), field="as-of", what=what, typed=ref, expected=_AS_OF, digits=digits
        )
        self.catch_up()
        with self.opened.read_model.reading() as connection:
            last = queries.last_position(connection)
            if kind == "session":
                found = queries.session_end(connection, number) if number <= MAX_STORED else None
                why = N_("session {number} has no events")
            else:
                found = queries.command_end(connection, number) if number <= MAX_STORED else None
                why = N_("there is no event {number}: positions run 1–{last}")
        if found is None:
            raise ImpossibleInput(
                why,
                field="as-of",
                value=ref,
                expected=N_("a recorded point"),
                values={"number": number, "last": last},
            )
        return found

    @contextmanager
    def reading(
        self, as_of: str | None = None, reads: frozenset[str] | None = None
    ) -> Iterator[Connection]:
        """A connection to read models caught up now, or folded up to ``as_of`` (only the
        projections named in ``reads``, when given: all of them otherwise)."""
        if as_of is None:
            self.catch_up()
            with self.opened.read_model.reading() as connection:
                yield connection
            return
        until = self.as_of_position(as_of)
        with self.scratch(reads) as scratch:
            self.fold_to(scratch, until, reads)
            with scratch.reading() as connection:
                yield connection

    def fold_to(
        self, scratch: ReadModel, until: int, reads: frozenset[str] | None, at: int = 0
    ) -> None:
        """Fold ``scratch`` (standing at position ``at``) forward to ``until``. A fold of the
        state starts from the nearest checkpoint when it is further on, and takes the missing
        checkpoints it passes (projections/checkpoints.py)."""
        from projections import checkpoints

        if reads != STATE or not checkpoints.AVAILABLE:
            scratch.catch_up(until=until)
            return
        live = self.opened.read_model
        if until - at > checkpoints.EVERY:
            at = checkpoints.restore(live, scratch, reads, until, after=at)
        for mark in checkpoints.missing(live, reads, at, until):
            scratch.catch_up(until=mark)
            checkpoints.take(live, scratch, reads, mark)
        scratch.catch_up(until=until)

    @contextmanager
    def scratch(self, reads: frozenset[str] | None) -> Iterator[ReadModel]:
        """Empty read models in a private in-memory database, for an ``--as-of`` fold."""
        from projections.readmodel import ReadModel, scratch_engine

        engine = scratch_engine()
        try:
            scratch = ReadModel(engine, self.opened.app, load=self.opened.stored, only=reads)
            scratch.set_up()
            yield scratch
        finally:
            engine.dispose()

    # --- the answers -------------------------------------------------------------------------

    def status(self, as_of: str | None = None) -> Status:
        from projections import queries

        with self.reading(as_of, STATE) as connection:
            return Status(**queries.status(connection))

    def statuses(
        self, refs: Sequence[str], encounters: Sequence[Collection[str]] | None = None
    ) -> Iterator[Status]:
        """:meth:`status` as of each of ``refs``: one scratch fold carried forward from each
        point to the next (the recap reads every session's end — one fold of the history, not
        one per session). A point before the one asked just before it starts a new fold.
        ``encounters``: for each ref, the handles of the encounters its status holds (a
        session's recap tells those it fought, not the hundreds before)."""
        from projections import queries

        untils = [self.as_of_position(ref) for ref in refs]
        for index, connection in enumerate(self.folded_at(untils)):
            only = None if encounters is None else encounters[index]
            yield Status(**queries.status(connection, only))

    def folded_at(
        self, untils: Sequence[int], reads: frozenset[str] = STATE
    ) -> Iterator[Connection]:
        """A connection to the state (the projections ``reads``) folded up to each of the
        positions ``untils`` in turn: one scratch fold carried forward from each to the next. A
        position before the one just before it starts a new fold."""
        start = 0
        while start < len(untils):
            end = start + 1
            while end < len(untils) and untils[end] >= untils[end - 1]:
                end += 1
            with self.scratch(reads) as scratch:
                at = 0
                for until in untils[start:end]:
                    self.fold_to(scratch, until, reads, at)
                    at = until
                    with scratch.reading() as connection:
                        yield connection
            start = end

    def history(
        self, session: int | None = None, subject: str | None = None, as_of: str | None = None
    ) -> list[HistoryRow]:
        return list(self.history_rows(session, subject, as_of))

    def history_rows(
        self, session: int | None = None, subject: str | None = None, as_of: str | None = None
    ) -> Iterator[HistoryRow]:
        """:meth:`history`, streamed: a lazy iterator of its rows, read from the read model in
        chunks. It holds its connection (for ``as_of``, the scratch database) open until it is
        exhausted or closed, so consume it while the ledger is open, and close it
        (``contextlib.closing``) when stopping early. Nothing is read, and no error raised,
        before the first row is asked for."""
        from projections import queries

        with self.reading(as_of, TIMELINE) as connection:
            if session is not None:
                _check_session(session, queries.event_sessions(connection), as_of)
            found = False
            for row in queries.history_rows(connection, session, subject):
                found = True
                yield HistoryRow(**row)
            # every subject has at least the event that created it: none at all is a typo
            if not found and subject is not None and not queries.has_subject(connection, subject):
                raise UnknownHandle(
                    N_("no event is about {subject}")
                    if as_of is None
                    else N_("no event is about {subject} as of {as_of}"),
                    field="subject",
                    value=subject,
                    expected=N_(
                        "a handle recorded in this history: `campaign status` lists them (a "
                        "group is ENCOUNTER/GROUP)"
                    ),
                    values={"subject": repr(subject), "as_of": as_of},
                )

    def history_entries(self) -> Generator[dict[str, Any], None, None]:
        """:meth:`history_rows` of the whole history, each row the dict of a
        :class:`HistoryRow`'s fields, in their order (its JSON values built for it alone),
        streamed as :meth:`history_rows` is: close it when not read to its end."""
        from projections import queries

        with self.reading(None, TIMELINE) as connection:
            yield from queries.history_rows(connection)

    def session_ends(self) -> dict[int, int]:
        """Each session's last position, by number (every session the events carry)."""
        from projections import queries

        with self.reading(None, TIMELINE) as connection:
            return queries.session_ends(connection)

    def session_encounters(self) -> list[tuple[int, str]]:
        """``(session, handle)`` of each encounter an event of that session belongs to."""
        from projections import queries

        with self.reading(None, TIMELINE) as connection:
            return queries.session_encounters(connection)

    def longest_gm(self) -> int:
        """The length of the longest GM's name (``--gm``) any event of the store carries, 0
        when none does: how wide a long history's GM column is drawn (docs/cli.md#reading)."""
        from projections import queries

        with self.reading(None, TIMELINE) as connection:
            return queries.longest_gm(connection)

    def modifiers(self, as_of: str | None = None) -> list[ModifierSubject]:
        from projections import queries

        with self.reading(as_of, STATE) as connection:
            return [ModifierSubject(**subject) for subject in queries.modifiers(connection)]

    def handles(self) -> list[Handle]:
        """``campaign handles``, and what the shell completes: every handle the store knows, by
        kind (docs/json.md#handles)."""
        from projections.handles import handles

        with self.reading(None, STATE) as connection:
            return [Handle(**row) for row in handles(connection)]

    def stats(self, session: int | None = None, as_of: str | None = None) -> Stats:
        """``campaign stats``: each session's figures (docs/json.md#stats), and each company's
        and character's at each session's end — one walk over the events, carried from one
        session's end to the next, as the recap's. A ``session`` must name one the events
        carry (as of ``as_of``, where the last session ends at that point)."""
        from campaign.service.history import events
        from campaign.service.results.stats import Stats

        figures, standings = self.stats_to_walk(session, as_of)
        for event in events(self.opened.app):
            standings.see(event)
            if standings.done:
                break
        return Stats(figures, **standings.series())

    def stats_to_walk(
        self,
        session: int | None = None,
        as_of: str | None = None,
        *,
        pick: Callable[[list[int]], list[int]] | None = None,
    ) -> tuple[list[dict[str, Any]], Standings]:
        """:meth:`stats` before its walk: each session's figures, and the standings a walk over
        the events gathers — another pass's walk (the report's). ``pick``: the sessions wanted
        of those the events carry (an input error for a bad choice), instead of ``session``."""
        from projections import queries, stats

        with self.reading(as_of, STATS) as connection:
            ends = queries.session_ends(connection)  # every session the events carry
            known = sorted(ends)
            if session is not None:
                _check_session(session, known, as_of)
            numbers = known if session is None else [session]
            if pick is not None:
                numbers = pick(known)
            figures = stats.session_figures(connection, numbers)
            untils = [ends[number] for number in numbers]
        return figures, stats.Standings(untils)

    def projection_positions(self) -> list[ProjectionPosition]:
        """``projections status``: each read model's position and how far behind it is."""
        last = self.uow.last_position()
        positions = self.opened.read_model.positions()
        return [
            ProjectionPosition(name, position, last - position)
            for name, (_, position) in sorted(positions.items())
        ]

    def audit(
        self, session: int | None = None, code: str | None = None, as_of: str | None = None
    ) -> list[Finding]:
        """``campaign audit``: the findings of docs/audit.md, final and pending (an unknown
        ``code`` is an input error listing the codes)."""
        from campaign.audit import check_code
        from projections import findings, queries

        wanted = None if code is None else check_code(code)
        with self.reading(as_of, AUDIT) as connection:
            if session is not None:
                _check_session(session, queries.audited_sessions(connection), as_of)
            found = findings.findings(connection, session, wanted)
        return [_finding(row) for row in found]

    def audit_rows(self, sessions: range | None = None) -> Iterator[Finding]:
        """:meth:`audit`, streamed (the report's audit): the findings of ``sessions`` (every
        one when None), read in chunks while the ledger is open; nothing is read before the
        first is asked for."""
        from projections import findings

        with self.reading(None, AUDIT) as connection:
            for row in findings.finding_rows(connection, sessions=sessions):
                yield _finding(row)

    def audit_counts(self, sessions: Sequence[int]) -> AuditCounts:
        """How many findings the audit lists for ``sessions`` (``campaign audit --session N``
        for each): all, warnings, pending."""
        from projections import findings

        with self.reading(None, AUDIT) as connection:
            return AuditCounts(*findings.finding_counts(connection, sessions))

    def check_history_session(self, session: int) -> None:
        """A ``--session N`` of the history (``export --format jsonl``) must name a session its
        events carry: an empty answer would read as a session with nothing in it."""
        from projections import queries

        with self.reading(None, TIMELINE) as connection:
            _check_session(session, queries.event_sessions(connection), None)


def _check_session(session: int, known: list[int], as_of: str | None) -> None:
    """A ``--session N`` must name a session of what is read (as of ``as_of``)."""
    if session not in known:
        raise UnknownSession(session, known, as_of)


def _finding(row: dict) -> Finding:
    return Finding(**{**row, "rule": FindingRule(**row["rule"])})
