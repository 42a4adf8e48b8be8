"""``campaign shell``: every logging and reading command at a prompt, one process throughout.

Each line is tokenised like a session-log line and run by the same commands as ``campaign …``
(one grammar); an error is printed and the console goes on. History and completion come from
``readline`` where the platform has it: Tab completes the word at the cursor from the command
tree itself and the handles the store knows (cli/completion.py).

The store stays open in the process (the ledger, its read models), but at the prompt a SQLite
store's connections are closed (``Ledger.release``): a file replaced while the shell waits (a
backup restored with ``mv``) never meets the shell's WAL, and the next command, which opens them
again, is refused if the file at the path is no longer the one the shell opened
(``Ledger.check_still_there``; docs/RELIABILITY.md).
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import typer

from campaign import __version__
from campaign.core.errors import CampaignError, ImpossibleInput
from campaign.core.i18n import _
from campaign.sessionlog.reading import tokenize
from cli.completion import HELP, LEAVE, Completer
from cli.output import (
    ERROR_WHERE,
    ExitStatus,
    click_said,
    describe,
    help_shown,
    say_error,
    shown,
    stderr,
    stdout,
)
from cli.parsing import said_by_click
from cli.state import open_ledger, state

if TYPE_CHECKING:
    from campaign.service.ledger import Ledger
    from campaign.service.results import Handle

HISTORY_KEPT = 1000  # lines kept in the history file: the last evenings', not every line ever typed
HISTORY_READ = 256 * 1024  # of a larger file (written by older versions, uncapped), its tail
PROMPT = "campaign> "


def register(app: typer.Typer) -> None:
    app.command("shell")(shell)


def shell(ctx: typer.Context) -> None:
    """An interactive console: type commands without the leading `campaign`; `exit` leaves.

    Example: campaign --db ./campaign.db shell
    """
    root = ctx.find_root()
    # a history at a terminal only: a script piped in neither reads the GM's nor adds to it
    interactive = _at_a_terminal()
    completer = Completer(root)
    if interactive:
        _readline(completer)
    current = state(ctx)
    # starting records nothing: a busy store says only to try again, as to a reading command
    # (each command typed is then told as outside the shell: cli/state.py open_ledger)
    with open_ledger(ctx, create=True, keep_empty=False, recording=False) as ledger:
        current.shared = ledger
        completer.known = lambda: known_handles(ledger)
        # a prompt at a terminal only: a script piped in gets its commands' output alone, as
        # sqlite3 and psql give it (and the prompt would read as part of the first line's output)
        prompt = PROMPT if interactive else ""
        if prompt and ledger.last_position() == 0:  # a typo'd --db, at once, not at exit
            typer.echo(
                f"no campaign store at {ledger.store_name} yet: the first logging command "
                "makes it, and reading commands say so until then",
                err=True,
            )
        try:
            status = _loop(root, ledger, prompt, completer)
        finally:
            current.shared = None
            if interactive:
                _save_history()
    if status:  # a script piped in can tell that a line failed, as `campaign …` tells
        raise typer.Exit(status)


def _at_a_terminal() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):  # no stdin, or a closed one
        return False


def known_handles(ledger: Ledger) -> list[Handle]:
    """The handles Tab completes: asked of the store at the prompt, which then holds no file
    open again (docs/RELIABILITY.md); none from a store replaced meanwhile, or one with nothing
    recorded yet (a reading command there says there is no campaign store)."""
    try:
        if ledger.last_position() == 0:
            return []
        ledger.check_still_there()
        return ledger.queries.handles()
    finally:
        ledger.release()


def _loop(root: typer.Context, ledger: Ledger, prompt: str, completer: Completer) -> int:
    """Run the lines typed until `exit` or the end of input; the exit status of the first that
    failed (what `campaign …` would have exited with), 0 when none did."""
    first = ExitStatus.OK
    read = [0]  # lines read so far: a script piped in has its errors named by line
    while True:
        failed = _line(root, ledger, prompt, read)
        completer.forget()  # what the command recorded, the next Tab completes
        if failed is None:
            return first
        first = first or failed


def _line(root: typer.Context, ledger: Ledger, prompt: str, read: list[int]) -> int | None:
    """One line read and run: its exit status, None when the shell is left."""
    while True:
        try:  # no SQLite file held open while the GM is at the table (docs/RELIABILITY.md)
            ledger.release()
        except Exception as error:  # said; the next command runs as usual
            say_error(f"{type(error).__name__}: {error}".splitlines()[0])
        try:
            line = input(prompt)
        except EOFError:
            if prompt:  # Ctrl-D: off the prompt's line
                typer.echo("")
            return None
        except KeyboardInterrupt:  # as a shell's prompt does: a new line, the console goes on
            if prompt:
                typer.echo("")
            continue
        # a script written on Windows, piped in: its lines end in CR LF (input() keeps the CR),
        # and its editor may have begun it with a BOM; neither is part of a command, as in a log
        line = line.removeprefix("\ufeff").removesuffix("\r")
        read[0] += 1
        if not line.strip():
            continue
        # a script's errors name its line, as a replay's name the log's (nobody saw it typed)
        where = ERROR_WHERE.set("" if prompt else f"stdin:{read[0]}: {shown(line.strip())}")
        try:
            return _words(root, ledger, line)
        finally:
            ERROR_WHERE.reset(where)


def _words(root: typer.Context, ledger: Ledger, line: str) -> int | None:
    """One line that holds something, run: its exit status, None when it leaves the shell."""
    try:
        words = tokenize(line, one_line=True)  # a quote cannot go on to the next line
    except ImpossibleInput as error:
        say_error(describe(error))
        return ExitStatus.BAD_INPUT
    if not words:  # a comment
        return ExitStatus.OK
    if words[0] in LEAVE:
        return None
    if words[0] == "shell":
        say_error(_("you are in the shell already"))
        return ExitStatus.BAD_INPUT
    if words[0] in HELP or words[0] in root.help_option_names:
        return _help(root, words[1:])
    if words[0] == "--version":
        typer.echo(f"campaign-ledger {__version__}")
        return ExitStatus.OK
    if words[0].startswith("-"):
        _option_at_prompt(root, words[0])
        return ExitStatus.BAD_INPUT
    if not any(word in root.help_option_names for word in words):
        try:  # the file this shell opened, still at its path (reading commands too)
            ledger.check_still_there()
        except CampaignError as error:
            say_error(error.said())
            return error.exit_code
    return _run(root, words)


def _option_at_prompt(root: typer.Context, word: str) -> None:
    """A global option typed at the prompt: it belongs on the line that starts the shell."""
    name = word.split("=", 1)[0]
    if any(name in param.opts for param in root.command.params):
        why = _("{name} is set when the shell starts (`campaign --db X --gm NAME shell`)")
    else:
        why = _("{word} is not a command")
    hint = _("{why}; type a command, `help` to list them")
    say_error(hint.format(why=why.format(name=name, word=word)))


def _help(root: typer.Context, words: list[str]) -> int:
    """``help``: the commands the shell runs, with the summaries ``campaign --help`` gives them
    (not ``shell``, nor the options given when it starts); ``help CMD…``: its help."""
    if words:
        return _run(root, [*words, "--help"])
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    from cli.main import COMMANDS

    listing = Table.grid(padding=(0, 2))
    for name, (_module, summary) in COMMANDS.items():
        if name != "shell":
            listing.add_row(Text(name, style="bold cyan"), Text(_(summary)))
    console = stdout()
    console.print(Panel(listing, title=_("Commands"), title_align="left", border_style="dim"))
    typer.echo(_("In the shell: type a command without `campaign`; `help CMD` for one; `exit`."))
    return ExitStatus.OK


def _run(root: typer.Context, words: list[str]) -> int:
    """One command, as `campaign WORDS…` would run it, reporting instead of exiting: the exit
    status it would have had."""
    try:
        name, command, args = root.command.resolve_command(root, words)
        with command.make_context(name, args, parent=root) as sub:
            command.invoke(sub)
    except ImpossibleInput as error:
        say_error(describe(error))
        return ExitStatus.BAD_INPUT
    except CampaignError as error:
        say_error(error.said())
        return error.exit_code
    except typer.Exit as done:  # --help printed, or a command's own exit (said already)
        return done.exit_code
    except KeyboardInterrupt:  # Ctrl-C during a command: a unit of work writes all or nothing
        stderr().print("interrupted: what the command had not saved is not recorded", markup=False)
        return ExitStatus.INTERRUPTED
    except Exception as error:  # the console outlives any one command
        if said_by_click(error):  # a usage error: Click's words, Click's exit status
            if not help_shown(error):  # `rules` alone shows its help, as `campaign rules` does
                say_error(click_said(error))
            return error.exit_code  # type: ignore[attr-defined]
        # e.g. a read while another process rebuilds the read models (their tables are
        # dropped and made again): said, and the next command runs as usual
        say_error(f"{type(error).__name__}: {error}".splitlines()[0])
        return ExitStatus.STORE_FAILURE
    return ExitStatus.OK


def history_file() -> Path:
    """Where the shell keeps what was typed (``CAMPAIGN_SHELL_HISTORY``), asked when it starts."""
    return Path(os.environ.get("CAMPAIGN_SHELL_HISTORY", "~/.campaign_history")).expanduser()


def _readline(completer: Completer) -> None:
    try:
        import readline
    except ImportError:  # not every platform has it: the console works without
        return
    # this shell's history is the file's alone: a second shell in one process (a test, an
    # embedding program) does not add the file to the first one's lines again (each exit
    # wrote them back twice: the file doubled)
    readline.clear_history()
    readline.set_history_length(HISTORY_KEPT)  # the file is cut to it when the shell leaves
    with contextlib.suppress(OSError):
        _read_history(readline, history_file())
    readline.set_completer(completer)
    readline.set_completer_delims(" \t\n")  # `--count` is one word, not `count` after `-`
    readline.parse_and_bind("tab: complete")


def _read_history(readline: ModuleType, path: Path) -> None:
    """The file's lines into readline's history; of a file larger than :data:`HISTORY_READ`, the
    last :data:`HISTORY_KEPT` lines of its tail, not the whole of it into memory."""
    with path.open("rb") as file:
        size = file.seek(0, os.SEEK_END)
        if size <= HISTORY_READ:
            readline.read_history_file(path)
            return
        file.seek(size - HISTORY_READ)
        lines = file.read().split(b"\n")[1:]  # the first is cut by the seek
    for line in lines[-HISTORY_KEPT - 1 :]:
        if line:
            readline.add_history(line.decode("utf-8", "replace"))


def _save_history() -> None:
    try:
        import readline

        readline.write_history_file(history_file())
    except (ImportError, OSError):
        pass
