"""The history as a whole: streamed in position order, exported (a log, JSON lines, a recap),
imported into an empty store, verified — :mod:`campaign.history` given what it needs of the
store (its ``Logged``, ``Recapped``, ``Exported`` and ``ImportTarget``)."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from aggregates.campaign import Campaign
from campaign.core.errors import DamagedHistory
from campaign.history import export, transfer
from campaign.history.receipts import Receipt, Watch, read_receipt, read_receipts, settle
from campaign.history.verify import Verdict, verify_jsonl, verify_store
from campaign.service.application import app_transcoder
from campaign.service.stored_targets import restores_nothing

if TYPE_CHECKING:
    from eventsourcing.persistence import Mapper, StoredEvent

    from campaign.service.queries import Queries
    from campaign.service.results.report import Report
    from campaign.service.unit import UnitOfWork

__all__ = ["History", "Receipt", "Verdict", "read_receipt", "read_receipts", "verify_file"]

BATCH = 500  # events read from the store at a time


class History:
    """One ledger's whole history: what export, import and verify read and write."""

    def __init__(self, uow: UnitOfWork, queries: Queries) -> None:
        self.uow = uow
        self.queries = queries
        self.opened = uow.opened

    # --- what campaign.history asks of a store -----------------------------------------------

    @property
    def mapper(self) -> Mapper:
        return self.opened.app.mapper

    def stored_events(self) -> Iterator[StoredEvent]:
        """The stored events, in position order (docs/json.md#export-jsonl)."""
        return stored_events(self.opened.app)

    def events(self) -> Iterator[Any]:
        """Every recorded event in position order (:func:`events`)."""
        return events(self.opened.app)

    def check_positions(self) -> None:
        """Read the whole history once, keeping nothing: a damaged one (positions that do not
        run on one by one) raises before an export writes its first line, whatever it exports
        — a jsonl cut short at the damage imported and verified as a whole history."""
        for _ in self.events():
            pass

    def session_end(self, session: int) -> int:
        """The last position of session ``session``, which its events must carry."""
        self.queries.check_history_session(session)
        return self.queries.as_of_position(f"session:{session}")

    def rows_in_order(self) -> Generator[dict[str, Any], None, None]:
        """``history --json``'s rows, in position order, streamed (the report's replay): close
        it when it is not read to its end."""
        return self.queries.history_entries()

    def campaign_events(self) -> Iterator[Any]:
        """The campaign aggregate's own events, in position order (the recap's survey), read
        in batches."""
        campaign, version = Campaign.create_id(), 0
        while True:
            batch = list(self.opened.app.events.get(campaign, gt=version, limit=BATCH))
            yield from batch
            if len(batch) < BATCH:
                return
            version = batch[-1].originator_version

    def session_ends(self) -> dict[int, int]:
        return self.queries.session_ends()

    def session_encounters(self) -> list[tuple[int, str]]:
        return self.queries.session_encounters()

    def restores_nothing(self, compensation: Any) -> bool:
        return restores_nothing(self.uow, compensation)

    def last_position(self) -> int:
        return self.uow.last_position()

    def locked(self) -> AbstractContextManager[None]:
        return self.opened.locked()

    def insert(self, stored: list[StoredEvent]) -> None:
        self.opened.app.recorder.insert_events(stored)

    def catch_up(self, progress: Callable[[int, int], None] | None = None) -> int:
        return self.opened.catch_up(progress)

    # --- what the CLI asks -------------------------------------------------------------------

    def jsonl(self, session: int | None = None) -> Iterator[str]:
        """``export --format jsonl``: one JSON object per event (docs/json.md#export-jsonl)."""
        return transfer.jsonl(self, session)

    def log_lines(self, session: int | None = None) -> Iterator[str]:
        """``export --format log``: the session log that replays to this history."""
        return export.log_lines(self, session)

    def markdown_lines(self, session: int | None = None, *, players: bool = False) -> Iterator[str]:
        """``export --format markdown``: the recap, the GM's or the players' (``--players``)."""
        return export.markdown_lines(self, session, players=players)

    def report(
        self,
        sessions: tuple[int, int] | None = None,
        *,
        players: bool = False,
        progress: Callable[[int, int], None] | None = None,
    ) -> Report:
        """``campaign report``: the sessions ``first..last`` (all when None), the GM's or the
        players' version (docs/cli.md#report); ``progress`` told of each session made."""
        from campaign.service.report import report

        return report(self, sessions, players=players, progress=progress)

    def import_jsonl(
        self,
        lines: Iterable[str],
        name: str = "<jsonl>",
        *,
        committed: Callable[[int], None] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> int:
        """``import``: a jsonl export into this empty store; the number of events."""
        return transfer.import_jsonl(self, lines, name, committed=committed, progress=progress)

    def verify(self, expect: Sequence[Receipt] = ()) -> Verdict:
        """``verify``: the store's hash chain, aggregates' versions and snapshots, and the
        receipts ``expect``ed (docs/RELIABILITY.md#receipts)."""
        watch = Watch(expect)
        verdict = verify_store(self.opened.app, watch)
        return settle(verdict, expect, watch, encrypted=self.mapper.cipher is not None)


def verify_file(lines: Iterable[str | bytes], expect: Sequence[Receipt] = ()) -> Verdict:
    """``verify --file``: a jsonl export's chain and positions, without a store, and the
    receipts ``expect``ed (an export is plaintext: anyone can recompute its chain)."""
    watch = Watch(expect)
    return settle(verify_jsonl(lines, app_transcoder(), watch), expect, watch, encrypted=False)


def stored_events(app: Any) -> Iterator[StoredEvent]:
    """The application's stored events, in position order (the notification log's order,
    docs/json.md#export-jsonl), read in batches."""
    recorder, start = app.recorder, 1
    while True:
        notifications = recorder.select_notifications(start=start, limit=BATCH)
        if not notifications:
            return
        yield from notifications
        start = notifications[-1].id + 1


def events(app: Any) -> Iterator[Any]:
    """Every recorded event in position order, streamed in batches; positions that do not run
    on one by one are a damaged history (exit 1), never an export that drops a command."""
    expected = 1
    for stored in stored_events(app):
        event = app.mapper.to_domain_event(stored)
        if event.position != expected:
            raise DamagedHistory.out_of_place(event.position, expected)
        expected += 1
        yield event
