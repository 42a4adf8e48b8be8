"""The application service: one campaign's store, opened by URL, recording as one GM.

``ledger.handle(command)`` runs a logging command (:mod:`campaign.commands`) through its
handler, ``f(command, uow)``: load → call → save, under the writer lock, as one transaction
(a replayed file is one unit of several: :meth:`Ledger.unit`). Its events are stamped with dense
positions that continue from the last recorded one, the open session and the GM. The questions
are :attr:`Ledger.queries`, the history as a whole :attr:`Ledger.history`, a replay's own
:attr:`Ledger.replaying`; each answers a dataclass (:mod:`campaign.service.results`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from campaign.rules.dice import DiceRoller
from campaign.service.lifecycle import OpenStore
from campaign.service.unit import NoSessionOpen, UnitOfWork
from campaign.store import StoreURL

if TYPE_CHECKING:
    from campaign import commands as c
    from campaign.service.history import History
    from campaign.service.queries import Queries
    from campaign.service.replays import Replaying
    from campaign.service.results.flags import Said

T = TypeVar("T")


class Route(NamedTuple):
    """Where a command is handled: ``function`` of the module ``campaign.service.<area>``.
    ``check``: a function of that module that checks the command before the store is asked;
    ``no_session``: one that words the refusal when no session is open."""

    area: str
    function: str
    needs_session: bool = True
    check: str | None = None
    no_session: str | None = None


# Each command's handler, by the command's class name. A handler's module is imported when its
# first command runs: a command imports only the aggregates it loads (start-up,
# docs/PERFORMANCE.md).
ROUTES: dict[str, Route] = {
    "Init": Route("sessions", "init", needs_session=False),
    "SessionOpen": Route("sessions", "open_session", needs_session=False),
    "SessionEnd": Route("sessions", "end_session"),
    "ClockAdvance": Route("sessions", "advance_clock"),
    "ClockSet": Route("sessions", "set_clock"),
    "Setting": Route("sessions", "change_setting"),
    "Note": Route("sessions", "note"),
    "Retract": Route(
        "corrections", "retract", check="check_ref", no_session="no_session_to_retract"
    ),
    "CompanyHire": Route("companies", "hire"),
    "CompanyModifier": Route("companies", "modify"),
    "CompanyRecover": Route("companies", "recover"),
    "CompanyReinforce": Route("companies", "reinforce"),
    "CompanyDismiss": Route("companies", "dismiss"),
    "CharacterCreate": Route("characters", "create"),
    "CharacterTrait": Route("characters", "take_trait"),
    "CharacterFinalize": Route("characters", "finalize"),
    "CharacterStat": Route("characters", "set_stat"),
    "LoyaltyModifier": Route("characters", "modify_loyalty"),
    "CharacterItem": Route("characters", "add_item"),
    "ItemDrop": Route("characters", "drop_item"),
    "ItemRepair": Route("characters", "repair_item"),
    "CharacterSaves": Route("characters", "set_saves"),
    "CharacterHeal": Route("characters", "heal"),
    "ConditionEnd": Route("characters", "end_condition"),
    "EncounterStart": Route("encounters", "start"),
    "EncounterEnd": Route("encounters", "end"),
    "EncounterGroup": Route("encounters", "add_group"),
    "EncounterRating": Route("encounters", "rerate"),
    "EncounterJoin": Route("encounters", "join"),
    "Casualty": Route("encounters", "casualty"),
    "Adjustment": Route("encounters", "adjust"),
    "MoraleTest": Route("encounters", "test_morale"),
    "LoyaltyTest": Route("rolls", "test_loyalty"),
    "SavingThrow": Route("rolls", "saving_throw"),
    "ItemSave": Route("rolls", "item_save"),
    "FlawRoll": Route("rolls", "roll_flaw"),
}


def _in_area(route: Route, name: str) -> Callable[..., Any]:
    return getattr(importlib.import_module(f"campaign.service.{route.area}"), name)


class Ledger:
    """One campaign's history, opened on a store by URL, recording as one GM; ``seed`` makes
    the tracker's dice reproducible."""

    def __init__(self, store: StoreURL, *, gm: str | None = None, seed: int | None = None):
        self.opened = OpenStore(store)
        self.uow = UnitOfWork(self.opened, gm=gm, dice=DiceRoller(seed))
        self._queries: Queries | None = None
        self._replaying: Replaying | None = None
        self._history: History | None = None

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    @property
    def queries(self) -> Queries:
        """The questions (status, history, modifiers, audit, the read models), set up on first
        use: a logging command asks none (start-up, docs/PERFORMANCE.md)."""
        if self._queries is None:
            from campaign.service.queries import Queries

            self._queries = Queries(self.uow)
        return self._queries

    @property
    def replaying(self) -> Replaying:
        """What a replay asks beside the lines it runs, set up on first use."""
        if self._replaying is None:
            from campaign.service.replays import Replaying

            self._replaying = Replaying(self.uow, self.queries)
        return self._replaying

    @property
    def history(self) -> History:
        """The history as a whole (export, import, verify), set up on first use: a logging
        command never imports the exporters (start-up, docs/PERFORMANCE.md)."""
        if self._history is None:
            from campaign.service.history import History

            self._history = History(self.uow, self.queries)
        return self._history

    # --- commands ----------------------------------------------------------------------------

    def handle(self, command: c.LoggingCommand) -> Any:
        """Record ``command`` (one transaction, or a part of the running unit); its handler's
        answer."""
        return self._run(command, None)

    def record(self, command: c.LoggingCommand) -> Said:
        """Record ``command`` as :meth:`handle` does; its handler's answer with the flags its
        events raise (docs/audit.md#at-the-table)."""
        from campaign.service.flags import judged
        from campaign.service.results.flags import Said

        answer = self._run(command, judged(self.uow))
        said = self.uow.judged
        return Said(answer, said.flags, said.reminders) if said else Said(answer)

    def _run(self, command: c.LoggingCommand, judge: Callable[..., Any] | None) -> Any:
        route = ROUTES[type(command).__name__]
        if route.check is not None:
            _in_area(route, route.check)(command)
        handler = _in_area(route, route.function)
        run = partial(handler, command, self.uow)
        try:
            return self.uow.command(run, needs_session=route.needs_session, judge=judge)
        except NoSessionOpen as refusal:
            if route.no_session is None:
                raise
            raise _in_area(route, route.no_session)(self.uow, refusal) from None

    def unit(self, work: Callable[[], T], *, commit: bool = True) -> T:
        """Run ``work`` — several commands — as one transaction: all of it, or nothing
        (``commit=False``: checked, nothing written; ``replay --dry-run``)."""
        return self.uow.unit(work, commit=commit)

    def last_position(self) -> int:
        """The position of the last recorded event (0 for an empty store)."""
        return self.uow.last_position()

    def receipt(self) -> str | None:
        """The receipt of the chain's head, ``POSITION:HASH`` (docs/RELIABILITY.md#receipts);
        None when no event carries a hash."""
        from campaign.history.receipts import receipt_of

        return receipt_of(*self.uow.head())

    # --- the store ---------------------------------------------------------------------------

    @property
    def store_name(self) -> str:
        """The store, as messages name it (the password hidden)."""
        return self.opened.store.redacted

    @property
    def made_store(self) -> bool:
        """Whether this ledger created its PostgreSQL store (the library's tables were not
        there); a SQLite file the CLI created is known to the CLI (``StoreURL.prepare``)."""
        return self.opened.made_store

    def discard_if_empty(self) -> bool:
        """Close the ledger and remove the store it opened when no event is recorded in it: a
        first command that failed (``OpenStore.discard_if_empty``)."""
        return self.opened.discard_if_empty()

    def release(self) -> None:
        """Between commands of ``campaign shell``: hold no file of a SQLite store until the
        next command (``OpenStore.release``); nothing while a unit of work runs."""
        if not self.uow.busy:
            self.opened.release()

    def check_still_there(self) -> None:
        """Before a command of ``campaign shell``: the store opened is still the one at its
        path (``OpenStore.check_still_there``)."""
        self.opened.check_still_there()

    @contextmanager
    def wakeups(self) -> Iterator[Callable[[float], None]]:
        """``wait(seconds)`` between catch-ups of ``projections run``, cut short by a write
        where the store tells of it (PostgreSQL)."""
        from campaign.service.follow import wakeups

        with wakeups(self.opened.app) as wait:
            yield wait

    def close(self) -> None:
        self.opened.close()
