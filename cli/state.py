"""What one ``campaign`` invocation carries: the store, the GM, and — while a session log is
replayed — the unit of work its lines land in.

A logging command is written once (``cli/logging/``) and runs two ways: live, it opens the
store, records and prints one confirming line; as a line of a log, it records into the replay's
unit of work and leaves its line to the replay's summary. That is how the live commands and the
log reader share one grammar (SPEC §4).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import typer

from campaign.core.errors import CampaignError, ImpossibleInput
from campaign.service.ledger import Ledger
from campaign.store import StoreBusy, StoreError, Survey, parse_store_url

T = TypeVar("T")
DEFAULT_DB = "./campaign.db"


class StoreMissing(CampaignError):
    """A reading command on a store that does not exist (SPEC §5: exit 1, say how to create)."""


@dataclass
class LogRun:
    """A session log being replayed: its commands land in ``ledger``'s open unit of work."""

    ledger: Ledger
    source: str | None = None  # the file's name
    said: list[tuple[int, str]] = field(default_factory=list)  # (line, confirmation)
    telling: bool = True  # keep each line's confirmation (--dry-run and --verbose print them)
    line: int = 0
    block_digest: str | None = None  # the session block being replayed (SPEC §5 idempotency)


@dataclass
class CliState:
    db: str | None = None
    gm: str | None = None
    verbose: bool = False
    log: LogRun | None = None
    shared: Ledger | None = None  # `campaign shell` keeps one store open for every command


def state(ctx: typer.Context) -> CliState:
    root = ctx.find_root()
    if not isinstance(root.obj, CliState):
        root.obj = CliState(db=os.environ.get("CAMPAIGN_DB"), gm=os.environ.get("CAMPAIGN_GM"))
    return root.obj


def _seed() -> int | None:
    """``CAMPAIGN_SEED``: reproducible tracker dice for tests and demos (SPEC §5)."""
    raw = os.environ.get("CAMPAIGN_SEED")
    if raw is None or raw == "":
        return None
    try:
        return int(raw)
    except ValueError:
        raise ImpossibleInput(
            f"CAMPAIGN_SEED={raw!r} is not a whole number",
            field="CAMPAIGN_SEED",
            value=raw,
            expected="a whole number",
        ) from None


@contextmanager
def open_ledger(
    ctx: typer.Context,
    *,
    create: bool,
    scratch: bool = False,
    keep_empty: bool = True,
    recording: bool | None = None,
) -> Iterator[Ledger]:
    """The store of this invocation. ``create``: logging commands and ``replay`` create it;
    reading commands on a missing store (or a place that holds no campaign: an empty file, a
    schema with no event) exit 1 saying how to create one. ``scratch``: a missing store is
    not created — the command runs on a throwaway one, removed after (``replay --dry-run``
    writes nothing, not even an empty store). A store this invocation created — a SQLite
    file, or PostgreSQL tables (and the ``?schema=``) that were not there — goes again when it
    fails with nothing recorded, and, unless ``keep_empty``, when it ends with nothing
    recorded (``campaign shell`` left at once); a store that was there before is never
    removed, and a file holding another program's tables is refused before anything is
    written (``StoreURL.survey``). ``recording``: whether the command records, which a busy
    store's message says ("nothing was recorded", or only to try again); ``create`` unless
    told. In ``campaign shell`` each command is told as outside it, by its own ``create``."""
    current = state(ctx)
    if current.log is not None:
        yield current.log.ledger
        return
    if current.shared is not None:  # the shell's store: busy, told as to this command outside
        with _told(reading=not create):
            # the shell made a store that no command has recorded in yet (a typo'd --db): a
            # reading command is told so, as outside the shell — not answered as an empty campaign
            if not create and not scratch and current.shared.last_position() == 0:
                raise StoreMissing(_missing(current.shared.store.redacted))
            yield current.shared
        return
    if recording is None:
        recording = create
    url = parse_store_url(
        current.db or DEFAULT_DB,
        key=os.environ.get("CAMPAIGN_KEY"),  # SPEC §5: encryption at rest, read here only
        lock_timeout=os.environ.get("CAMPAIGN_LOCK_TIMEOUT"),
    )
    # asked only where it decides something: a PostgreSQL store answers over a connection of
    # its own, which a logging command there (it creates the store) would pay for nothing. A
    # SQLite file is always asked (read-only, a fraction of a millisecond): one that is no
    # campaign store, but another program's, is refused by every command, unchanged.
    found = url.survey() if scratch or not create or url.kind == "sqlite" else Survey(campaign=True)
    # a SQLite file this command creates: the only one a failure removes again (PostgreSQL:
    # the ledger knows whether it created the store's tables, Ledger.made_store)
    made = False
    with ExitStack() as throwaway:
        if not create and not found.campaign:
            raise StoreMissing(_missing(url.redacted, found.blocked, found.note))
        if scratch and not found.campaign:
            if found.blocked:  # the replay itself would be refused: so is its dry run
                raise StoreError(f"cannot create the store {url.redacted}: {found.blocked}")
            place = throwaway.enter_context(tempfile.TemporaryDirectory(prefix="campaign-"))
            url = parse_store_url(str(Path(place) / "campaign.db"), key=url.key)
        elif url.kind == "sqlite" and not found.file:
            made = url.prepare()
            if not made:  # another process made a file there meanwhile: what is it?
                url.survey()
        with _told(reading=not recording), Ledger(url, gm=current.gm, seed=_seed()) as ledger:
            try:
                yield ledger
            except BaseException as error:
                # a command that fails writes nothing: not even the store it would have created
                if (made or ledger.made_store) and getattr(error, "exit_code", 1) != 0:
                    # a store in no state to answer (a Ctrl-C in the middle of a read) stays:
                    # the GM is told the command's own error, not the clean-up's
                    with suppress(Exception):
                        ledger.discard_if_empty()
                raise
            if not keep_empty and (made or ledger.made_store):
                ledger.discard_if_empty()


def _missing(where: str, blocked: str = "", note: str = "") -> str:
    """What a reading command is told of a place that holds no campaign, and how to make one."""
    why = blocked or (
        (f"{note}; " if note else "")
        + "create one with `campaign init`, or `campaign replay FILE…` (or point "
        "--db / CAMPAIGN_DB at an existing store)"
    )
    return f"no campaign store at {where}: {why}"


@contextmanager
def _told(*, reading: bool) -> Iterator[None]:
    """A busy store, told to a command that records nothing: "nothing was recorded" is no news."""
    try:
        yield
    except StoreBusy as busy:
        if not reading:
            raise
        raise busy.to_a_reader() from None


def record(
    ctx: typer.Context, call: Callable[[Ledger], T], say: Callable[[T], str] | None = None
) -> T:
    """Run one logging command: live, print its confirming line; in a log, keep it."""
    current = state(ctx)
    if current.log is not None:
        result = call(current.log.ledger)
        if say is not None and current.log.telling:
            current.log.said.append((current.log.line, say(result)))
        return result
    with open_ledger(ctx, create=True) as ledger:
        result = call(ledger)
    if say is not None:
        typer.echo(say(result))  # plain text: a logging command never needs Rich
    return result
