"""``campaign replay FILE…`` (docs/cli.md#replay): session logs in, atomic per file, idempotent
per session.

Each line of a log is run by the very Click command that runs it live (``campaign casualty …``
and the log line ``casualty …`` are one definition): the line's words are resolved against the
root command group and invoked with the replay's :class:`~cli.state.LogRun` in the context, so
the command records into the file's unit of work instead of opening the store.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from campaign.commands import SessionEnd
from campaign.core.errors import CampaignError, ImpossibleInput
from campaign.core.i18n import N_, _, ngettext
from campaign.service.failures import store_failed
from campaign.service.ledger import Ledger
from campaign.service.results import Lapse, StagedFile
from campaign.sessionlog.reading import SessionBlock, SessionLog, read_log
from cli.log_lines import check_logging_command, run_line
from cli.output import ExitStatus, describe, stderr, stdout
from cli.render.words import said as word_said
from cli.state import LogRun, open_ledger, state, told

PROGRESS_FROM = 200  # lines: shorter logs replay too fast for a bar to help
WARNINGS_LISTED = 20  # more go to the audit: years of sessions in one file lapse hundreds


@dataclass
class _Fate:
    """What became of one file of a replay so far: what a Ctrl-C says (docs/cli.md#replay: the GM is
    told which files landed)."""

    name: str
    events: int | None = None  # how many events its save committed (0: nothing new); None: none
    sessions: list[int] = field(default_factory=list)  # the sessions it records
    printed: bool = False  # its summary was printed
    unsure: bool = False  # interrupted in its save, and the store could not say if it committed


def register(app: typer.Typer) -> None:
    app.command("replay")(replay)


def replay(
    ctx: typer.Context,
    files: Annotated[list[Path], typer.Argument(help="Session logs, replayed in this order.")],
    dry_run: Annotated[
        bool,
        typer.Option("--dry-run", help="Check and show what would be recorded; write nothing."),
    ] = False,
) -> None:
    """Record session logs: all of a file or none of it; a session already recorded from the
    same text is skipped.

    Example: campaign replay sessions/*.log
    """
    out = stdout()
    fates = [_Fate(str(path)) for path in files]
    try:
        with open_ledger(ctx, create=True, scratch=dry_run) as ledger:
            if dry_run:
                ledger.unit(
                    lambda: _replay_all(ctx, ledger, files, fates, dry_run=True), commit=False
                )
                return
            _replay_all(ctx, ledger, files, fates, dry_run=False)
        out.print(_("`campaign status` shows where things stand; `campaign history` every event."))
    except KeyboardInterrupt:
        # Ctrl-C, wherever it fell — a file's save may have committed before it, its summary not
        # printed: say which files landed. Exit 130 as before; raised as an Exit, which the
        # shell takes as the command's own, so it does not add that nothing was recorded.
        stderr().print(_interrupted(fates, dry_run=dry_run), markup=False, soft_wrap=True)
        raise typer.Exit(ExitStatus.INTERRUPTED) from None
    except Exception as error:
        # the store failed (a server gone, the network cut), maybe after a file's save
        # committed: which files landed is said as after a Ctrl-C, then the failure itself
        if dry_run or not _store_failure(error):  # a dry run: nothing to tell, it wrote nothing
            raise
        said = _interrupted(fates, dry_run=dry_run, cause=_("the replay stopped"))
        stderr().print(said, markup=False, soft_wrap=True)
        raise


def _store_failure(error: BaseException) -> bool:
    """A failure of the store, not of the log: exit 1, where a file may have landed."""
    if isinstance(error, CampaignError):
        return not isinstance(error, ImpossibleInput)
    return store_failed(error) is not None


def _replay_all(
    ctx: typer.Context, ledger: Ledger, files: list[Path], fates: list[_Fate], *, dry_run: bool
) -> None:
    out = stdout()
    root = ctx.find_root()
    landed: list[str] = []
    for path, fate in zip(files, fates, strict=True):
        try:
            log = read_log(_read(path), name=str(path), check=partial(check_logging_command, root))
            summary = _replay_file(ctx, ledger, log, fate, dry_run=dry_run)
        except ImpossibleInput as error:
            if landed and not dry_run:
                files = ", ".join(landed)
                out.print(_("landed before the error: {files}").format(files=files), markup=False)
            elif not dry_run:
                out.print(_("no file landed"), markup=False)
            raise ImpossibleInput(
                "{said}", field="line", values={"said": describe(error)}
            ) from None
        if fate.events is None:
            fate.events = 0  # no session in it
        # said before it is printed: a Ctrl-C just after the write must not call it unprinted
        # (the write is one call, of text already made)
        fate.printed = True
        out.print(summary, markup=False, soft_wrap=True)
        landed.append(str(path))


def _interrupted(fates: list[_Fate], *, dry_run: bool, cause: str | None = None) -> str:
    """What a Ctrl-C (or a store failure: ``cause``) says: which files landed (their save
    committed), which were not recorded, and, for a file that landed after its summary was cut
    short, where its findings are."""
    cause = _("interrupted") if cause is None else cause
    if dry_run:
        return _("{cause}: nothing was recorded (a dry run records nothing)").format(cause=cause)
    landed = [f for f in fates if f.events is not None]
    unsure = [f for f in fates if f.unsure]
    missing = [f.name for f in fates if f.events is None and not f.unsure]
    if landed and not missing and not unsure:
        files = ", ".join(f"{f.name} ({_events(f)})" for f in landed)
        said = [_("every file landed — {files}").format(files=files)]
    else:
        said = [
            _("{file} landed ({events})").format(file=f.name, events=_events(f)) for f in landed
        ]
    unsure_said = _(
        "{file} was interrupted while its events were written and the store could not be "
        "read back: all of it or none of it is recorded, `campaign history` shows which"
    )
    said += [unsure_said.format(file=f.name) for f in unsure]
    if missing:
        not_recorded = ngettext(
            "{files} was not recorded", "{files} were not recorded", len(missing)
        )
        said.append(not_recorded.format(files=", ".join(missing)))
    for fate in landed:
        if fate.events and not fate.printed:
            said.append(
                _(
                    "the summary of {file} (its audit findings) was not printed: {where} lists "
                    "them, `campaign status` shows where things stand"
                ).format(file=fate.name, where=_audit_where(fate.sessions))
            )
    return _("{cause}: {said}").format(cause=cause, said="; ".join(said))


def _events(fate: _Fate) -> str:
    if not fate.events:
        return _("nothing new")
    return ngettext("{n} event", "{n} events", fate.events).format(n=fate.events)


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise ImpossibleInput.unreadable(
            path, error, field="line", expected="a readable session-log file"
        ) from None


def _replay_file(
    ctx: typer.Context, ledger: Ledger, log: SessionLog, fate: _Fate, *, dry_run: bool
) -> str:
    """Run the file's new session blocks in one unit of work; say what happened.

    Which blocks are new is decided inside the unit, under the writer lock: two GMs replaying
    the same file at once on a shared store find the second one's blocks recorded, skipped.
    ``fate`` is told how many events the file's save committed, once it has."""
    if not log.blocks:
        return _("{file}: no session in it (a session starts with a `session N` line)").format(
            file=log.name
        )
    run = LogRun(ledger, source=Path(log.name).name, telling=dry_run or state(ctx).verbose)
    staged: list[StagedFile] = []  # what the unit's save writes, once the lines have run

    def work() -> tuple[list[SessionBlock], list[int], StagedFile]:
        todo, skipped = _new_blocks(ledger, log)
        if not todo:
            return todo, skipped, StagedFile(())
        before = ledger.last_position()
        _run_blocks(ctx, run, log.name, todo)
        fate.sessions = [b.number for b in todo]
        staged[:] = [ledger.replaying.staged_since(before)]
        return todo, skipped, staged[0]

    if dry_run:
        todo, skipped, events = work()
    else:
        try:
            todo, skipped, events = ledger.unit(work)
            fate.events = len(events)
        except (KeyboardInterrupt, Exception) as error:
            # the save may have committed before a Ctrl-C or a store failure (the library takes
            # snapshots after): the store says whether it did; a line in error wrote nothing
            if isinstance(error, Exception) and not _store_failure(error):
                raise
            if fate.events is None and staged and len(staged[0]):
                committed = ledger.replaying.committed(staged[0])
                fate.unsure = committed is None
                fate.events = len(staged[0]) if committed else None
            raise
    skip = _("session {n} already recorded from this text: skipped")
    said = [skip.format(n=n) for n in skipped]
    if not todo:
        return _("{file}: nothing new. ").format(file=log.name) + "; ".join(said)
    lines = [_recorded(log.name, [b.number for b in todo], len(events), dry_run=dry_run)]
    if dry_run or state(ctx).verbose:
        lines += [
            f"  {log.name}:{number}: {text}".replace("\n", "\n    ")  # a flag under its line
            for number, text in run.said
        ]
    lines += _warned(warnings(ledger.replaying.lapses(events)), every=dry_run or state(ctx).verbose)
    if not dry_run:
        lines.append(f"  {_audit_summary(ledger, [b.number for b in todo])}")
    return "\n".join(lines + [f"  {s}" for s in said])


def _recorded(name: str, sessions: list[int], events: int, *, dry_run: bool) -> str:
    """``01-….log: session 1 — recorded 65 events`` (``would record``: a dry run)."""
    if dry_run:
        said = ngettext(
            "{file}: session {sessions} — would record {n} event",
            "{file}: session {sessions} — would record {n} events",
            events,
        )
    else:
        said = ngettext(
            "{file}: session {sessions} — recorded {n} event",
            "{file}: session {sessions} — recorded {n} events",
            events,
        )
    return said.format(file=name, sessions=", ".join(map(str, sessions)), n=events)


def _new_blocks(ledger: Ledger, log: SessionLog) -> tuple[list[SessionBlock], list[int]]:
    """The file's blocks to record, and the numbers of those already recorded from the same text
    (docs/cli.md#replay: idempotent per session); the same number from another text is an error."""
    known_sessions = ledger.replaying.sessions_known()
    todo, skipped = [], []
    for block in log.blocks:
        known = known_sessions.recorded.get(block.number)
        if (block.number, block.digest) in known_sessions.replayed:
            skipped.append(block.number)
        elif known is None:
            todo.append(block)
        else:
            if known.source:
                words = N_(
                    "{name}:{line}: session {number} is already recorded (from {source}) from a "
                    "different text; a recorded session is never rewritten — record corrections "
                    "as new commands (retract, note) in a later session"
                )
            else:
                words = N_(
                    "{name}:{line}: session {number} is already recorded (live) from a different "
                    "text; a recorded session is never rewritten — record corrections as new "
                    "commands (retract, note) in a later session"
                )
            raise ImpossibleInput(
                words,
                field="line",
                value=block.number,
                expected=N_("a new session number, or the same text"),
                values={
                    "name": log.name,
                    "line": block.first_line,
                    "number": block.number,
                    "source": known.source,
                },
            )
    return todo, skipped


def _warned(said: list[str], *, every: bool) -> list[str]:
    """The summary's warnings: all of them with ``--verbose`` or ``--dry-run``, else the first
    :data:`WARNINGS_LISTED` and where to read the rest."""
    shown = said if every else said[:WARNINGS_LISTED]
    lines = ["  " + _("warning: {warning}").format(warning=w) for w in shown]
    if len(shown) < len(said):
        n = len(said) - len(shown)
        more = ngettext(
            "… and {n} more lapsed morale check: `campaign audit --code MOR002` lists them all",
            "… and {n} more lapsed morale checks: `campaign audit --code MOR002` lists them all",
            n,
        )
        lines.append("  " + more.format(n=n))
    return lines


def _audit_summary(ledger: Ledger, sessions: list[int]) -> str:
    """``audit: 3 findings (2 warnings, 1 pending)`` for the sessions just recorded, and the
    audit command that lists them."""
    counts = ledger.queries.audit_counts(sessions)
    found, warned, pending = counts.findings, counts.warnings, counts.pending
    detail = ngettext("{n} warning", "{n} warnings", warned).format(n=warned)
    if pending:
        detail += ", " + ngettext("{n} pending", "{n} pending", pending).format(n=pending)
    findings = ngettext("{n} finding", "{n} findings", found).format(n=found)
    return _("audit: {found} ({detail}) — {where}").format(
        found=findings, detail=detail, where=_audit_where(sessions)
    )


def _audit_where(sessions: list[int]) -> str:
    """The audit command that lists the findings of ``sessions``."""
    if len(sessions) == 1:
        return f"`campaign audit --session {sessions[0]}`"
    # one --session at a time: name the range
    return _("`campaign audit --session N` for sessions {first}–{last}").format(
        first=min(sessions), last=max(sessions)
    )


def _run_blocks(ctx: typer.Context, run: LogRun, name: str, blocks: list[SessionBlock]) -> None:
    current = state(ctx)
    current.log = run
    try:
        total = sum(len(b.lines) for b in blocks)
        with _progress(name, total) as advance:
            for block in blocks:
                run.block_digest = block.digest
                for line in block.lines:
                    run.line = line.number
                    run_line(ctx, name, line)
                    advance()
            if run.ledger.replaying.session_open() is not None:
                _end_with_the_file(run)
    finally:
        current.log = None


def _end_with_the_file(run: LogRun) -> None:
    """A replayed log's last session ends with the file; told (``--verbose``, ``--dry-run``)
    when that leaves something to say (docs/audit.md#at-the-table)."""
    if not run.telling:
        run.ledger.handle(SessionEnd())
        return
    said = run.ledger.record(SessionEnd())
    if said.flags or said.reminders:
        ended = _("session {n} ended with the file")
        run.said.append((run.line, told(said, lambda n: ended.format(n=n))))


class _progress:
    """A Rich progress bar on stderr for long logs, only on a terminal."""

    def __init__(self, name: str, total: int) -> None:
        self.bar: Progress | None = None
        if total >= PROGRESS_FROM and sys.stderr.isatty():
            self.bar = Progress(
                TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(),
                console=stderr(), transient=True,
            )  # fmt: skip
            self.task = self.bar.add_task(name, total=total)

    def __enter__(self) -> Callable[[], None]:
        if self.bar is None:
            return lambda: None
        self.bar.start()
        bar, task = self.bar, self.task
        return lambda: bar.advance(task)

    def __exit__(self, *_: object) -> None:
        if self.bar is not None:
            self.bar.stop()


def warnings(lapses: list[Lapse]) -> list[str]:
    """What a GM should hear at the end of a replay: morale checks that fell due and were never
    made (the audit's MOR002, final once they lapse)."""
    due = _("morale check due for {subject} ({checks}), none made")
    return [
        due.format(
            subject=lapse.subject, checks=_(" and ").join(word_said(c) for c in lapse.checks)
        )
        for lapse in lapses
    ]
