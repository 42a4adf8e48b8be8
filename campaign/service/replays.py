"""What ``campaign replay`` asks of the service beside the lines it runs: the sessions a file's
blocks meet in the store, the events a file's unit of work stages, the morale checks they let
lapse, and — after a Ctrl-C or a store failure in the save — whether that save committed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aggregates.campaign import Campaign
from campaign.service.queries import SESSIONS
from campaign.service.results import KnownSessions, Lapse, RecordedSession, StagedFile

if TYPE_CHECKING:
    from campaign.service.queries import Queries
    from campaign.service.unit import UnitOfWork


class Replaying:
    """A replay's questions, on one ledger's unit of work and read models."""

    def __init__(self, uow: UnitOfWork, queries: Queries) -> None:
        self.uow = uow
        self.queries = queries

    def sessions_known(self) -> KnownSessions:
        """The sessions recorded, by number, and the blocks a replay recorded — the read
        models' answer, with what the running unit has staged: a dry run's earlier files, one
        unit for them all and nothing stored, which the real replay would have stored before
        this file (the read models' own rules: a retracted ``session N`` line is no longer a
        session, its block still a replayed one). A real replay's file is a unit of its own:
        nothing is staged yet, this costs nothing."""
        from projections import queries

        with self.queries.reading(None, SESSIONS) as connection:
            rows = queries.sessions(connection)
            replayed = queries.replayed_blocks(connection)  # retracted ones too
        recorded = {
            row["number"]: RecordedSession(row["number"], row["source"], row["command"])
            for row in rows
        }
        for event in self.uow.staged_events():
            if isinstance(event, Campaign.SessionOpened):
                recorded[event.number] = RecordedSession(event.number, event.source, event.command)
                if event.source_hash is not None:
                    replayed.add((event.number, event.source_hash))
            elif isinstance(event, Campaign.CommandRetracted):
                for number, session in list(recorded.items()):
                    if session.command == event.retracted:
                        del recorded[number]
        return KnownSessions(recorded, replayed)

    def session_open(self) -> int | None:
        """The number of the session open now (in the running unit, as it stands)."""
        return self.uow.campaign().open_session

    def staged_since(self, position: int) -> StagedFile:
        """The events the running unit stages after ``position``: a file's, in order."""
        return StagedFile(tuple(e for e in self.uow.staged_events() if e.position > position))

    @staticmethod
    def lapses(staged: StagedFile) -> list[Lapse]:
        """The morale checks that fell due and were never made, as the file's events record
        them lapsing (the audit's MOR002, final once they lapse) — but for a command a later
        line of the file retracted."""
        withdrawn = {e.retracted for e in staged.events if isinstance(e, Campaign.CommandRetracted)}
        return [
            Lapse(group, checks)
            for event in staged.events
            if event.command not in withdrawn
            for group, checks in event.lapsed_checks()
        ]

    def committed(self, staged: StagedFile) -> bool | None:
        """Whether the save of a file's events, interrupted, committed: the store holds its last
        event, hash and all (another writer may have recorded at that place since, once the lock
        was let go). None: the store could not be read, or a second Ctrl-C cut the reading
        short."""
        last = staged.events[-1]
        app = self.uow.opened.app
        try:
            found = app.recorder.select_events(
                last.originator_id,
                gt=last.originator_version - 1,
                lte=last.originator_version,
                limit=1,
            )
            return bool(found) and app.mapper.to_domain_event(found[0]).hash == last.hash
        except (Exception, KeyboardInterrupt):
            return None
