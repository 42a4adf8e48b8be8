"""Opening the store of one ``campaign`` invocation: a reading command refuses a place that
holds no campaign, saying how to make one; a logging command creates its store; ``replay
--dry-run`` runs on a throwaway one; and a store this invocation created goes again when its
first command fails with nothing recorded."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from campaign.core.errors import CampaignError
from campaign.core.i18n import N_
from campaign.service.ledger import Ledger
from campaign.store import DEFAULT_DB, StoreBusy, StoreError, Survey, parse_store_url
from campaign.store.sqlite import check_directory


class StoreMissing(CampaignError):
    """A reading command on a store that does not exist (docs/cli.md#stores: exit 1, say how to
    create)."""


@dataclass(frozen=True)
class StoreSettings:
    """What one invocation says of its store: read once, at the edge (the CLI)."""

    db: str | None = None  # --db / CAMPAIGN_DB: a SQLite path or a PostgreSQL URL
    key: str | None = None  # CAMPAIGN_KEY: encryption at rest (docs/cli.md#encryption-at-rest)
    lock_timeout: str | None = None  # CAMPAIGN_LOCK_TIMEOUT
    gm: str | None = None  # --gm / CAMPAIGN_GM: kept on every event
    seed: int | None = None  # CAMPAIGN_SEED: reproducible tracker dice


def store_named(db: str | None) -> str:
    """The store ``db`` names (``./campaign.db`` by default), as messages name it: the password
    hidden. A URL that is no store's is an input error."""
    return parse_store_url(db or DEFAULT_DB).redacted


@contextmanager
def open_ledger(
    settings: StoreSettings,
    *,
    create: bool,
    scratch: bool = False,
    keep_empty: bool = True,
    recording: bool | None = None,
) -> Iterator[Ledger]:
    """The store of this invocation. ``create``: logging commands and ``replay`` create it;
    reading commands on a missing store (or a place that holds no campaign: an empty file, a
    schema with no event) exit 1 saying how to create one. ``scratch``: a missing store is not
    created — the command runs on a throwaway one, removed after (``replay --dry-run`` writes
    nothing, not even an empty store). A store this invocation created — a SQLite file, or
    PostgreSQL tables (and the ``?schema=``) that were not there — goes again when it fails
    with nothing recorded, and, unless ``keep_empty``, when it ends with nothing recorded
    (``campaign shell`` left at once); a store that was there before is never removed, and a
    file holding another program's tables is refused before anything is written
    (``StoreURL.survey``). ``recording``: whether the command records, which a busy store's
    message says ("nothing was recorded", or only to try again); ``create`` unless told."""
    if recording is None:
        recording = create
    url = parse_store_url(
        settings.db or DEFAULT_DB, key=settings.key, lock_timeout=settings.lock_timeout
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
            raise missing(url.redacted, found.blocked, found.note)
        if scratch and not found.campaign:
            if found.blocked:  # the replay itself would be refused: so is its dry run
                raise StoreError(_CANNOT_CREATE, {"store": url.redacted, "why": found.blocked})
            if url.kind == "sqlite" and url.path is not None:
                check_directory(url.path)  # … and so it would in a directory that is not there
            place = throwaway.enter_context(tempfile.TemporaryDirectory(prefix="campaign-"))
            url = parse_store_url(str(Path(place) / "campaign.db"), key=url.key)
        elif url.kind == "sqlite" and not found.file:
            made = url.prepare()
            if not made:  # another process made a file there meanwhile: what is it?
                url.survey()
        with told(reading=not recording), Ledger(url, gm=settings.gm, seed=settings.seed) as ledger:
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


_CANNOT_CREATE = N_("cannot create the store {store}: {why}")


@contextmanager
def in_shell(ledger: Ledger, *, create: bool, scratch: bool = False) -> Iterator[Ledger]:
    """The store ``campaign shell`` keeps open, for one of its commands: busy, told as to this
    command outside the shell; a store the shell made that no command has recorded in yet (a
    typo'd --db) is told to a reading command as outside the shell — not answered as an empty
    campaign."""
    with told(reading=not create):
        if not create and not scratch and ledger.last_position() == 0:
            raise missing(ledger.store_name)
        yield ledger


def missing(where: str, blocked: str = "", note: str = "") -> StoreMissing:
    """What a reading command is told of a place that holds no campaign, and how to make one."""
    if blocked:
        words = N_("no campaign store at {where}: {why}")
    elif note:
        words = N_(
            "no campaign store at {where}: {why}; create one with `campaign init`, or "
            "`campaign replay FILE…` (or point --db / CAMPAIGN_DB at an existing store)"
        )
    else:
        words = N_(
            "no campaign store at {where}: create one with `campaign init`, or `campaign "
            "replay FILE…` (or point --db / CAMPAIGN_DB at an existing store)"
        )
    return StoreMissing(words, values={"where": where, "why": blocked or note})


@contextmanager
def told(*, reading: bool) -> Iterator[None]:
    """A busy store, told to a command that records nothing: "nothing was recorded" is no news."""
    try:
        yield
    except StoreBusy as busy:
        if not reading:
            raise
        raise busy.to_a_reader() from None
