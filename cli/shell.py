"""``campaign shell``: every logging and reading command at a prompt, one process throughout.

Each line is tokenised like a session-log line and run by the same commands as ``campaign …``
(one grammar); an error is printed and the console goes on. History and completion come from
``readline`` where the platform has it.

The store stays open in the process (the ledger, its read models), but at the prompt a SQLite
store's connections are closed (``Ledger.release``): a file replaced while the shell waits (a
backup restored with ``mv``) never meets the shell's WAL, and the next command, which opens them
again, is refused if the file at the path is no longer the one the shell opened
(``Ledger.check_still_there``; docs/RELIABILITY.md).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from typer._click import ClickException

from campaign import __version__
from campaign.errors import CampaignError, ImpossibleInput
from campaign.logfile import tokenize
from cli.output import describe, say_error, stderr
from cli.state import open_ledger, state

if TYPE_CHECKING:
    from campaign.application import Ledger

HISTORY = Path(os.environ.get("CAMPAIGN_SHELL_HISTORY", "~/.campaign_history")).expanduser()
LEAVE = ("exit", "quit")
HELP = ("help", "?")


def register(app: typer.Typer) -> None:
    app.command("shell")(shell)


def shell(ctx: typer.Context) -> None:
    """An interactive console: type commands without the leading `campaign`; `exit` leaves.

    Example: campaign --db ./campaign.db shell
    """
    root = ctx.find_root()
    names = sorted(n for n in root.command.list_commands(root) if n != "shell")
    _readline(sorted([*names, "help", *LEAVE]))
    current = state(ctx)
    with open_ledger(ctx, create=True, keep_empty=False) as ledger:
        current.shared = ledger
        try:
            _loop(root, names, ledger)
        finally:
            current.shared = None
            _save_history()


def _loop(root: typer.Context, names: list[str], ledger: Ledger) -> None:
    while True:
        try:  # no SQLite file held open while the GM is at the table (docs/RELIABILITY.md)
            ledger.release()
        except Exception as error:  # said; the next command runs as usual
            say_error(f"{type(error).__name__}: {error}".splitlines()[0])
        try:
            line = input("campaign> ")
        except EOFError:
            typer.echo("")
            return
        except KeyboardInterrupt:  # as a shell's prompt does: a new line, the console goes on
            typer.echo("")
            continue
        try:
            words = tokenize(line, one_line=True)  # a quote cannot go on to the next line
        except ImpossibleInput as error:
            say_error(describe(error))
            continue
        if not words:
            continue
        if words[0] in LEAVE:
            return
        if words[0] == "shell":
            say_error("you are in the shell already")
            continue
        if words[0] in HELP or words[0] in root.help_option_names:
            _help(root, words[1:])
            continue
        if words[0] == "--version":
            typer.echo(f"campaign-ledger {__version__}")
            continue
        if words[0].startswith("-"):
            _option_at_prompt(root, words[0])
            continue
        if not any(word in root.help_option_names for word in words):
            try:  # the file this shell opened, still at its path (reading commands too)
                ledger.check_still_there()
            except CampaignError as error:
                say_error(str(error))
                continue
        _run(root, words)


def _option_at_prompt(root: typer.Context, word: str) -> None:
    """A global option typed at the prompt: it belongs on the line that starts the shell."""
    name = word.split("=", 1)[0]
    if any(name in param.opts for param in root.command.params):
        why = f"{name} is set when the shell starts (`campaign --db X --gm NAME shell`)"
    else:
        why = f"{word} is not a command"
    say_error(f"{why}; type a command, `help` to list them")


def _help(root: typer.Context, words: list[str]) -> None:
    """``help``: the commands, as ``campaign --help`` lists them; ``help CMD…``: its help."""
    if words:
        _run(root, [*words, "--help"])
        return
    root.command.format_help(root, root.make_formatter())  # Typer prints its Rich help
    typer.echo("In the shell: type a command without `campaign`; `help CMD` for one; `exit`.")


def _run(root: typer.Context, words: list[str]) -> None:
    """One command, as `campaign WORDS…` would run it, reporting instead of exiting."""
    try:
        name, command, args = root.command.resolve_command(root, words)
        with command.make_context(name, args, parent=root) as sub:
            command.invoke(sub)
    except ImpossibleInput as error:
        say_error(describe(error))
    except CampaignError as error:
        say_error(str(error))
    except ClickException as error:
        say_error(error.format_message())
    except typer.Exit:
        pass  # --help printed, or a command's own exit
    except KeyboardInterrupt:  # Ctrl-C during a command: a unit of work writes all or nothing
        stderr().print("interrupted: what the command had not saved is not recorded", markup=False)
    except Exception as error:  # the console outlives any one command
        # e.g. a read while another process rebuilds the read models (their tables are
        # dropped and made again): said, and the next command runs as usual
        say_error(f"{type(error).__name__}: {error}".splitlines()[0])


def _readline(names: list[str]) -> None:
    try:
        import readline
    except ImportError:  # not every platform has it: the console works without
        return
    with contextlib.suppress(OSError):
        readline.read_history_file(HISTORY)

    def complete(text: str, index: int) -> str | None:
        found = [n for n in names if n.startswith(text)]
        return found[index] if index < len(found) else None

    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")


def _save_history() -> None:
    try:
        import readline

        readline.write_history_file(HISTORY)
    except (ImportError, OSError):
        pass
