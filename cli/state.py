"""What one ``campaign`` invocation carries: the store, the GM, and — while a session log is
replayed — the unit of work its lines land in.

A logging command is written once (``cli/logging/``) and runs two ways: live, it opens the
store, records and prints one confirming line; as a line of a log, it records into the replay's
unit of work and leaves its line to the replay's summary. That is how the live commands and the
log reader share one grammar (docs/log-language.md).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import typer

from campaign.core.errors import ImpossibleInput
from campaign.core.numbers import whole_number
from campaign.core.text import escaped
from campaign.core.worded import said as worded_said
from campaign.service import opening
from campaign.service.ledger import Ledger

if TYPE_CHECKING:
    from campaign.commands import LoggingCommand
    from campaign.service.results import Said


@dataclass
class LogRun:
    """A session log being replayed: its commands land in ``ledger``'s open unit of work."""

    ledger: Ledger
    source: str | None = None  # the file's name
    said: list[tuple[int, str]] = field(default_factory=list)  # (line, confirmation)
    telling: bool = True  # keep each line's confirmation (--dry-run and --verbose print them)
    line: int = 0
    block_digest: str | None = None  # the session block being replayed (docs/cli.md#replay)


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
    """``CAMPAIGN_SEED``: reproducible tracker dice for tests and demos
    (docs/cli.md#environment)."""
    raw = os.environ.get("CAMPAIGN_SEED")
    if raw is None or raw == "":
        return None
    try:  # campaign/core/numbers.py: at most 18 digits
        return whole_number(raw, field="CAMPAIGN_SEED", what="seed", signed=True)
    except ImpossibleInput as error:  # "CAMPAIGN_SEED='x' is not a whole number"
        error.message = f"CAMPAIGN_SEED={error.message}"
        raise


def settings(ctx: typer.Context) -> opening.StoreSettings:
    """This invocation's store, as its options and environment say (read here only)."""
    current = state(ctx)
    return opening.StoreSettings(
        db=current.db,
        key=os.environ.get("CAMPAIGN_KEY"),  # docs/cli.md#encryption-at-rest
        lock_timeout=os.environ.get("CAMPAIGN_LOCK_TIMEOUT"),
        gm=current.gm,
        seed=_seed(),
    )


@contextmanager
def open_ledger(
    ctx: typer.Context,
    *,
    create: bool,
    scratch: bool = False,
    keep_empty: bool = True,
    recording: bool | None = None,
) -> Iterator[Ledger]:
    """The store of this invocation (``campaign.service.opening.open_ledger`` says what each
    option does): the replay's, while a log's lines run; the shell's, inside ``campaign
    shell``, each command told as outside it, by its own ``create``."""
    current = state(ctx)
    if current.log is not None:
        yield current.log.ledger
        return
    if current.shared is not None:
        with opening.in_shell(current.shared, create=create, scratch=scratch) as ledger:
            yield ledger
        return
    chosen = settings(ctx)
    with opening.open_ledger(
        chosen, create=create, scratch=scratch, keep_empty=keep_empty, recording=recording
    ) as ledger:
        yield ledger


def record(
    ctx: typer.Context,
    command: LoggingCommand,
    say: Callable[[Any], str] | None = None,
    *,
    receipt: bool = False,
) -> Any:
    """Run one logging command: live, print its confirming line (and, with ``receipt``, the
    receipt of the chain's head after it: docs/RELIABILITY.md#receipts); in a log, keep it."""
    current = state(ctx)
    if current.log is not None:
        if not current.log.telling:
            return current.log.ledger.handle(command)
        said = current.log.ledger.record(command)
        if say is not None:
            current.log.said.append((current.log.line, escaped(told(said, say))))
        return said.answer
    with open_ledger(ctx, create=True) as ledger:
        said = ledger.record(command)
        head = ledger.receipt() if receipt else None
    if say is not None:
        # plain text: a logging command never needs Rich; what it says may quote text a store
        # held before control characters were refused, shown escaped (docs/log-language.md#values)
        typer.echo(escaped(told(said, say)))
    if head is not None:
        typer.echo(f"receipt: {head}")
    return said.answer


def told(said: Said, say: Callable[[Any], str]) -> str:
    """A logging command's answer: its line, then one line per flag its events raise and per
    reminder of what is still due (docs/log-language.md#answers), in the reader's language."""
    lines = [say(said.answer)]
    lines += [f"⚑ {flag.code} {worded_said(flag.message)}" for flag in said.flags]
    lines += [worded_said(reminder) for reminder in said.reminders]
    return "\n".join(lines)
