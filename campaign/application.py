"""The application service: load → call → save, one command at a time, under the writer lock.

Commands take and return plain values; the CLI never touches an aggregate. Each command's events
are written in one ``save`` (one transaction), stamped with dense positions that continue from
the last recorded event, the open session and the GM.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError, OperationalError
from eventsourcing.utils import Environment, EnvType

from aggregates.base import LedgerAggregate, Recording, current_recording, recording
from aggregates.campaign import Campaign
from campaign.encounters import EncounterCommands
from campaign.errors import ImpossibleInput
from campaign.rules.dice import DiceRoller
from campaign.store import StoreError, StoreURL

T = TypeVar("T")

MAX_ATTEMPTS = 5  # optimistic-concurrency retries before a conflict is reported


class LedgerApplication(Application):
    """The eventsourcing application. ``name`` is fixed: table names derive from it."""

    name = "ledger"

    def construct_env(self, name: str, env: EnvType | None = None) -> Environment:
        # Only what the store URL says: the process environment never configures the library.
        return Environment(name, dict(env or {}))


class Ledger(EncounterCommands):
    """One campaign's history, opened on a store by URL, recording as one GM."""

    def __init__(self, store: StoreURL, *, gm: str | None = None, seed: int | None = None):
        self.store = store
        self.gm = gm
        self.dice = DiceRoller(seed)
        store.prepare()
        try:
            # Creating tables concurrently fails on PostgreSQL ("tuple concurrently updated"):
            # the first connection to a store is made under the writer lock.
            with store.writer_lock():
                self.app = LedgerApplication(env=store.library_env())
        except StoreError:
            raise
        except Exception as error:  # the library's own errors vary by backend
            raise StoreError(f"cannot open the store {store.redacted}: {error}") from None

    def close(self) -> None:
        self.app.close()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # --- recording ---------------------------------------------------------------------

    def last_position(self) -> int:
        """The position of the last recorded event (0 for an empty store)."""
        last = self.app.recorder.max_notification_id()
        if not last:
            return 0
        (notification,) = self.app.recorder.select_notifications(start=last, limit=1)
        return self.app.mapper.to_domain_event(notification).position

    @contextmanager
    def _recording(self, session: int | None) -> Iterator[Recording]:
        with recording(Recording(self.last_position() + 1, session, self.gm)) as context:
            yield context

    def command(self, body: Callable[[Recording], T], *, needs_session: bool = True) -> T:
        """Run ``body`` as one command under the writer lock, retrying on a version conflict.

        ``body`` loads aggregates, calls them and saves them once; it is re-run from the start
        after a conflict, so it must not keep state between attempts.
        """
        for attempt in range(1, MAX_ATTEMPTS + 1):
            with self.store.writer_lock():
                session = self.campaign().open_session
                if needs_session and session is None:
                    raise ImpossibleInput(
                        "no session is open: open one first with `campaign session N`",
                        field="session",
                        expected="an open session",
                    )
                try:
                    with self._recording(session) as context:
                        return body(context)
                except IntegrityError:
                    if attempt == MAX_ATTEMPTS:
                        raise StoreError(
                            f"another writer kept changing the same records; gave up after "
                            f"{MAX_ATTEMPTS} attempts — nothing was recorded, try again"
                        ) from None
                except OperationalError as error:
                    raise StoreError(f"the store {self.store.redacted} failed: {error}") from None
        raise AssertionError("unreachable")

    def save(self, *aggregates: Aggregate) -> None:
        """Save a command's aggregates in one transaction (atomic across aggregates)."""
        self.app.save(*aggregates)

    def get(self, aggregate_id: UUID, version: int | None = None) -> Any:
        return self.app.repository.get(aggregate_id, version=version)

    def find(self, aggregate_id: UUID) -> Any | None:
        try:
            return self.get(aggregate_id)
        except AggregateNotFoundError:
            return None

    def campaign(self) -> Campaign:
        """The campaign aggregate; an empty store has a virgin one (saved on first write)."""
        found = self.find(Campaign.create_id())
        if found is not None:
            return found
        if current_recording() is not None:  # inside a command: its first event
            return Campaign()
        with recording(Recording(self.last_position() + 1, None, self.gm)):
            return Campaign()  # only to read from: never saved outside a command

    # --- commands: the campaign itself ---------------------------------------------------

    def init(self, name: str | None = None, paladin_ability: str | None = None) -> int:
        """Create the campaign (idempotent); a different setting records a setting event."""

        def body(_: Recording) -> int:
            found = self.find(Campaign.create_id())
            if found is None:
                created = Campaign(name=name, paladin_ability=paladin_ability or "wis")
                self.save(created)
                return 1
            if paladin_ability and paladin_ability != found.paladin_ability:
                found.change_setting("paladin-ability", paladin_ability)
                self.save(found)
                return 1
            return 0

        return self.command(body, needs_session=False)

    def open_session(
        self,
        number: int,
        date: str | None = None,
        title: str | None = None,
        source_hash: str | None = None,
    ) -> None:
        def body(context: Recording) -> None:
            campaign = self.campaign()
            campaign.check_session_number(number)
            if campaign.open_session is not None:
                campaign.end()
            context.session = number
            campaign.open(number, date, title, source_hash)
            self.save(campaign)

        self.command(body, needs_session=False)

    def end_session(self) -> int:
        def body(_: Recording) -> int:
            campaign = self.campaign()
            number = campaign.end()
            self.save(campaign)
            return number

        return self.command(body)

    def advance_clock(self, seconds: int, note: str | None = None) -> int:
        return self._on_campaign(lambda c: c.advance(seconds, note)).clock

    def set_clock(self, seconds: int, note: str | None = None) -> int:
        return self._on_campaign(lambda c: c.set_clock(seconds, note)).clock

    def change_setting(self, setting: str, value: str, note: str | None = None) -> None:
        self._on_campaign(lambda c: c.change_setting(setting, value, note))

    def note(self, text: str) -> None:
        self._on_campaign(lambda c: c.record_note(text))

    def _on_campaign(self, change: Callable[[Campaign], object]) -> Campaign:
        def body(_: Recording) -> Campaign:
            campaign = self.campaign()
            change(campaign)
            self.save(campaign)
            return campaign

        return self.command(body)

    # --- reading -----------------------------------------------------------------------

    def events(self, *, batch: int = 500) -> Iterator[LedgerAggregate.Event]:
        """Every recorded event in position order, streamed in batches."""
        start = 1
        while True:
            notifications = self.app.recorder.select_notifications(start=start, limit=batch)
            if not notifications:
                return
            for notification in notifications:
                yield self.app.mapper.to_domain_event(notification)
            start = notifications[-1].id + 1
