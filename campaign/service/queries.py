"""The application's queries (SPEC §5 ``status``, ``history``, ``modifiers``, ``projections``).

Every read first catches the read models up with the event store (pull before read, on both
backends), so a read is never stale. ``--as-of session:N|event:N`` never touches the live read
models: the same projections fold the history up to that position into a private scratch
database, and the same queries read it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from campaign.core.errors import DamagedHistory, ImpossibleInput, UnknownHandle, UnknownSession
from campaign.store import MAX_STORED, StoreError

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from campaign.service.ledger import Ledger
    from projections.readmodel import Progress, ReadModel

# The read side imports SQLAlchemy (projections/): only when a query runs, so that a logging
# command, which needs none, starts fast (docs/PERFORMANCE.md).

_REF = re.compile(r"(session|event):([0-9]+)")

# What each query reads (projection names, projections/readmodel.py): an ``--as-of`` fold folds
# only those, and skips the others' work (the timeline's log lines, the audit's judgements).
STATE = frozenset({"campaign", "board", "companies", "characters", "modifiers"})
TIMELINE, SESSIONS = frozenset({"timeline"}), frozenset({"sessions"})
# the sessions: to refuse an unknown `--session N`; the timeline: GEN001 names what a command
# withdrawn in an earlier batch touched from it (projections/audit.py, Audit._touched_by)
AUDIT = frozenset({"audit"}) | SESSIONS | TIMELINE


class Reading:
    """Mixed into :class:`campaign.service.ledger.Ledger`."""

    read_model: ReadModel

    def catch_up(self: Ledger, progress: Progress | None = None) -> int:
        """Fold what the read models have not seen yet; the number of events folded. Read
        models that folded an event no longer stored under its id (the history's end cut, and
        maybe written on again) are rebuilt instead: the number of events folded then."""
        from projections.readmodel import Stale

        with self._folding():
            try:
                return self.read_model.catch_up(progress)
            except Stale:
                pass
            with self.locked():  # as `projections rebuild`
                return self.read_model.rebuild(progress)

    def rebuild(self: Ledger, progress: Progress | None = None) -> int:
        """``projections rebuild``: drop the read models and fold the whole history again (in
        one transaction: one that fails leaves them as they were)."""
        with self.locked(), self._folding():  # locked: no command lands half-way through
            try:
                return self.read_model.rebuild(progress)
            except DamagedHistory as error:
                raise DamagedHistory(
                    error.where, "; the read models were left as they were"
                ) from None

    @contextmanager
    def _folding(self: Ledger) -> Iterator[None]:
        """A database error while folding is a store failure (exit 1), said, not a traceback:
        SQLite locked past its timeout, a server gone, a value a read-model column refuses."""
        from sqlalchemy.exc import DBAPIError

        try:
            yield
        except DBAPIError as error:
            raise StoreError(f"the store {self.store.redacted} failed: {error.orig}") from None

    def as_of_position(self: Ledger, ref: str) -> int:
        """The position ``session:N`` (its end) or ``event:N`` (its command's end) stands for."""
        from projections import queries

        match = _REF.fullmatch(ref.strip().lower()) if isinstance(ref, str) else None
        if match is None:
            raise ImpossibleInput(
                f"{ref!r} is not a point in the history",
                field="as-of",
                value=ref,
                expected="session:N or event:N",
            )
        kind, number = match.group(1), int(match.group(2))
        self.catch_up()
        with self.read_model.reading() as connection:
            last = queries.last_position(connection)
            if kind == "session":
                found = queries.session_end(connection, number) if number <= MAX_STORED else None
                why = f"session {number} has no events"
            else:
                found = queries.command_end(connection, number) if number <= MAX_STORED else None
                why = f"there is no event {number}: positions run 1–{last}"
        if found is None:
            raise ImpossibleInput(why, field="as-of", value=ref, expected="a recorded point")
        return found

    @contextmanager
    def reading(
        self: Ledger, as_of: str | None = None, reads: frozenset[str] | None = None
    ) -> Iterator[Connection]:
        """A connection to read models caught up now, or folded up to ``as_of`` (only the
        projections named in ``reads``, when given: all of them otherwise)."""
        if as_of is None:
            self.catch_up()
            with self.read_model.reading() as connection:
                yield connection
            return
        until = self.as_of_position(as_of)
        with self._scratch(reads) as scratch:
            self._fold_to(scratch, until, reads)
            with scratch.reading() as connection:
                yield connection

    def _fold_to(
        self: Ledger, scratch: ReadModel, until: int, reads: frozenset[str] | None, at: int = 0
    ) -> None:
        """Fold ``scratch`` (standing at position ``at``) forward to ``until``. A fold of the
        state starts from the nearest checkpoint when it is further on, and takes the missing
        checkpoints it passes (projections/checkpoints.py)."""
        from projections import checkpoints

        if reads != STATE or not checkpoints.AVAILABLE:
            scratch.catch_up(until=until)
            return

        if until - at > checkpoints.EVERY:
            at = checkpoints.restore(self.read_model, scratch, reads, until, after=at)
        for mark in checkpoints.missing(self.read_model, reads, at, until):
            scratch.catch_up(until=mark)
            checkpoints.take(self.read_model, scratch, reads, mark)
        scratch.catch_up(until=until)

    @contextmanager
    def _scratch(self: Ledger, reads: frozenset[str] | None) -> Iterator[ReadModel]:
        """Empty read models in a private in-memory database, for an ``--as-of`` fold."""
        from projections.readmodel import ReadModel, scratch_engine

        engine = scratch_engine()
        try:
            scratch = ReadModel(engine, self.app, load=self._load_version, only=reads)
            scratch.set_up()
            yield scratch
        finally:
            engine.dispose()

    def status(self: Ledger, as_of: str | None = None) -> dict[str, Any]:
        from projections import queries

        with self.reading(as_of, STATE) as connection:
            return queries.status(connection)

    def statuses(self: Ledger, refs: Sequence[str]) -> Iterator[dict[str, Any]]:
        """``status(as_of=ref)`` for each of ``refs``: one scratch fold carried forward from
        each point to the next (the recap reads every session's end — one fold of the history,
        not one per session). A point before the one asked just before it starts a new fold."""
        from projections import queries

        untils = [self.as_of_position(ref) for ref in refs]
        start = 0
        while start < len(untils):
            end = start + 1
            while end < len(untils) and untils[end] >= untils[end - 1]:
                end += 1
            with self._scratch(STATE) as scratch:
                at = 0
                for until in untils[start:end]:
                    self._fold_to(scratch, until, STATE, at)
                    at = until
                    with scratch.reading() as connection:
                        yield queries.status(connection)
            start = end

    def history(
        self: Ledger,
        session: int | None = None,
        subject: str | None = None,
        as_of: str | None = None,
    ) -> list[dict[str, Any]]:
        return list(self.history_rows(session, subject, as_of))

    def history_rows(
        self: Ledger,
        session: int | None = None,
        subject: str | None = None,
        as_of: str | None = None,
    ) -> Iterator[dict[str, Any]]:
        """:meth:`history`, streamed: a lazy iterator of its rows, read from the read model in
        chunks. It holds its connection (for ``as_of``, the scratch database) open until it is
        exhausted or closed, so consume it while the ledger is open, and close it
        (``contextlib.closing``) when stopping early. Nothing is read, and no error raised,
        before the first row is asked for."""
        from projections import queries

        with self.reading(as_of, TIMELINE) as connection:
            if session is not None:
                self._check_session(session, queries.event_sessions(connection), as_of)
            found = False
            for row in queries.history_rows(connection, session, subject):
                found = True
                yield row
            # every subject has at least the event that created it: none at all is a typo
            if not found and subject is not None and not queries.has_subject(connection, subject):
                raise UnknownHandle(
                    f"no event is about {subject!r}" + ("" if as_of is None else f" as of {as_of}"),
                    field="subject",
                    value=subject,
                    expected="a handle recorded in this history: `campaign status` lists them "
                    "(a group is ENCOUNTER/GROUP)",
                )

    def modifiers(self: Ledger, as_of: str | None = None) -> list[dict[str, Any]]:
        from projections import queries

        with self.reading(as_of, STATE) as connection:
            return queries.modifiers(connection)

    def sessions(self: Ledger, as_of: str | None = None) -> list[dict[str, Any]]:
        """Every session: number, date, title, source (its log file), source_hash, span."""
        from projections import queries

        with self.reading(as_of, SESSIONS) as connection:
            return queries.sessions(connection)

    def replayed_blocks(self: Ledger) -> set[tuple[int, str]]:
        """Every session block a replay recorded, as (number, digest), even one whose `session
        N` line was retracted since: replaying its file again skips it (SPEC §5)."""
        from projections import queries

        with self.reading(None, SESSIONS) as connection:
            return queries.replayed_blocks(connection)

    def projection_positions(self: Ledger) -> list[dict[str, Any]]:
        """``projections status``: each read model's position and how far behind it is."""
        last = self.last_position()
        return [
            {"name": name, "position": position, "behind": last - position}
            for name, (_, position) in sorted(self.read_model.positions().items())
        ]

    def audit(
        self: Ledger,
        session: int | None = None,
        code: str | None = None,
        as_of: str | None = None,
    ) -> list[dict[str, Any]]:
        """``campaign audit``: the findings of SPEC §6, final and pending (an unknown ``code``
        is an input error listing the codes)."""
        from campaign.audit import check_code
        from projections import queries

        wanted = None if code is None else check_code(code)
        with self.reading(as_of, AUDIT) as connection:
            if session is not None:
                self._check_session(session, queries.audited_sessions(connection), as_of)
            return queries.findings(connection, session, wanted)

    def check_history_session(self: Ledger, session: int) -> None:
        """A ``--session N`` of the history (``export --format jsonl``) must name a session its
        events carry: an empty answer would read as a session with nothing in it."""
        from projections import queries

        with self.reading(None, TIMELINE) as connection:
            self._check_session(session, queries.event_sessions(connection), None)

    @staticmethod
    def _check_session(session: int, known: list[int], as_of: str | None) -> None:
        """A ``--session N`` must name a session of what is read (as of ``as_of``)."""
        if session not in known:
            raise UnknownSession(session, known, as_of)

    def audit_counts(self: Ledger, sessions: Sequence[int]) -> tuple[int, int, int]:
        """How many findings the audit lists for ``sessions`` (``campaign audit --session N``
        for each): all, warnings, pending."""
        from projections import queries

        with self.reading(None, AUDIT) as connection:
            return queries.finding_counts(connection, sessions)
