"""The one output path: JSON on stdout for ``--json``, Rich for people, errors on stderr.

Every read command renders through :func:`emit` — but ``history``, which streams its rows as they
are read and writes the same JSON in pieces (``cli/reading.py``) — so ``--json`` output never
passes through Rich markup and is the only thing written to stdout.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from enum import IntEnum

import typer
from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import _, language
from campaign.core.passwords import hide_passwords
from campaign.core.text import escaped
from campaign.rules.citation import Citation


class ExitStatus(IntEnum):
    """Exit codes of docs/cli.md#exit-codes, in one place."""

    OK = 0
    STORE_FAILURE = 1
    BAD_INPUT = 2
    FINDINGS = 3
    INTERRUPTED = 130  # Ctrl-C: the status Typer gives a KeyboardInterrupt (128 + SIGINT)


def stdout() -> Console:
    return Console(highlight=False, emoji=False)  # `:100:` in a GM's text or a file name is text


def stderr() -> Console:
    return Console(stderr=True, highlight=False, emoji=False)


def emit(data: dict[str, object], *, as_json: bool, render: Callable[[Console], None]) -> None:
    """Write ``data`` as JSON, or let ``render`` draw it for a person."""
    if as_json:
        echo_utf8(escaped(json.dumps(data, ensure_ascii=False), json=True) + "\n")
    else:
        render(stdout())


def echo_utf8(text: str) -> None:
    """Write what a program reads (JSON, an export) to stdout as UTF-8, whatever the terminal's
    encoding: JSON is UTF-8 (RFC 8259), and a log or jsonl export must replay to the same
    text. (What is drawn for a person goes through the terminal's encoding: cli/main.py.)"""
    typer.echo(text.encode("utf-8"), nl=False)


def option_name(field: str | None) -> str | None:
    """The CLI option for a rules parameter: ``caster_level`` → ``--caster-level``."""
    return None if field is None else "--" + field.replace("_", "-")


def describe(error: ImpossibleInput) -> str:
    """``--option: what is wrong; expected what is allowed`` (a log's errors lead with
    ``file:line:`` instead of an option; an error about an argument, or about no parameter of
    the command, leads with nothing: ``error.option`` is "")."""
    message, expected = error.said(), error.expected_said()
    if expected and expected not in message:
        message += _("; expected {expected}").format(expected=expected)
    if error.field == "line":
        where = None
    else:  # as the command names it (cli/parsing.spelt; "": it has no such parameter)
        where = error.option if error.option is not None else option_name(error.field)
    return _("{option}: {message}").format(option=where, message=message) if where else message


def click_said(error: Exception) -> str:
    """What a Click usage error says, on one line: Click's message (its list of choices is
    put on the line), but a group given alone (``company``) lists its subcommands rather than
    saying "Missing command."."""
    lines = error.format_message().splitlines()  # type: ignore[attr-defined]
    said = " ".join(line.strip() for line in lines)
    context = getattr(error, "ctx", None)
    group = getattr(context, "command", None)
    if said == "Missing command." and hasattr(group, "list_commands"):
        said = _("a subcommand is missing: one of {commands}").format(
            commands=", ".join(group.list_commands(context))
        )
    return said


def help_shown(error: Exception) -> bool:
    """Click's way of showing a group's help when it is given nothing (``campaign rules``):
    an error whose help Typer has already drawn, not an error to say."""
    return type(error).__name__ == "NoArgsIsHelpError"


def usage_error(error: Exception) -> typer.Exit:
    """Say an error Click raised — an unknown option, a missing argument, an extra word, a
    value its type refuses — as every other error is said (docs/cli.md#exit-codes): ``error:`` and
    what was wrong, then ``usage:`` and how the command is typed; return the Exit to raise with
    Click's exit status (2)."""
    if not help_shown(error):
        say_error(click_said(error))
        if line := usage(getattr(error, "ctx", None)):
            stderr().print(Text(line), soft_wrap=True)
    return typer.Exit(error.exit_code)  # type: ignore[attr-defined]


def usage(ctx: typer.Context | None) -> str:
    """``usage: campaign adjust ENCOUNTER HANDLE VALUE --reason REASON``: the command as it is
    typed, its arguments and its required options; a group's: ``COMMAND …``."""
    if ctx is None or ctx.command is None:
        return ""
    if hasattr(ctx.command, "list_commands"):
        return _("usage: {command} COMMAND …").format(command=ctx.command_path)
    words = [ctx.command_path]
    for param in ctx.command.get_params(ctx):
        if param.param_type_name == "argument":
            label = (param.metavar or (param.name or "").upper()) + "…" * (param.nargs < 0)
            words.append(label if param.required else f"[{label}]")
        elif param.param_type_name == "option" and param.required:
            named = next((o for o in param.opts if o.startswith("--")), param.opts[0])
            words.append(f"{named} {param.metavar or named.lstrip('-').upper()}")
    return _("usage: {command}").format(command=" ".join(words))


def to_the_terminal(text: str) -> str:
    """Plain lines of help (a list, an item a line) wrapped to the terminal's width, as Typer
    wraps the rest of a help: a long line goes on under its own indent and two spaces, never
    broken within a word or at a hyphen (``bad-habit-miser``). Piped, each line is kept whole,
    for ``grep``."""
    import textwrap

    if not _at_a_terminal():
        return text
    width = stdout().width
    lines = []
    for line in text.splitlines():
        indent = line[: len(line) - len(line.lstrip())]
        lines += textwrap.wrap(
            line.strip(), width, initial_indent=indent, subsequent_indent=indent + "  ",
            break_long_words=False, break_on_hyphens=False,
        ) or [""]  # fmt: skip
    return "\n".join(lines)


def _at_a_terminal() -> bool:
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):  # no stdout, or a closed one
        return False


def counted(n: int, noun: str) -> str:
    """``1 event``, ``3 events``: the nouns counted here all take an s."""
    return f"{n} {noun}{'s' * (n != 1)}"


def fail(message: str, status: ExitStatus = ExitStatus.BAD_INPUT) -> typer.Exit:
    """Print ``message`` on stderr and return the ``typer.Exit`` to raise."""
    say_error(message)
    return typer.Exit(int(status))


# Where the error said now comes from, when the GM cannot see it otherwise: the line of a script
# piped into `campaign shell` (``stdin:5: adjust e1 orcs -1``), as a replay names a log's line.
ERROR_WHERE: ContextVar[str] = ContextVar("error_where", default="")
SHOWN = 160  # characters of a line an error repeats


def shown(text: str, most: int = SHOWN) -> str:
    """``text`` as an error repeats it: a long line (a text may be any length) is cut, so that
    what is wrong with it is not scrolled away behind it."""
    return text if len(text) <= most else f"{text[: most - 1]}…"


def say_error(message: str) -> None:
    """``error: message`` on stderr. A message may quote a log line or a text a store holds,
    so a control character in it is shown escaped (``\\x1b``), never sent to the terminal; it
    may quote a URL the GM typed, so a password in it is shown as ``***``."""
    from cli.render.common import printable

    if where := ERROR_WHERE.get():
        message = f"{where}: {message}"
    message = hide_passwords(message)
    stderr().print(Text(_("error: "), style="bold red") + Text(printable(message)), soft_wrap=True)


def explanation(
    title: str,
    numbers: Iterable[tuple[str, object]],
    verdict: str,
    cites: Iterable[Citation] = (),
) -> Panel:
    """A calculator answer for a person: the numbers, the verdict, and the sentences it rests on
    (in French, the seed's sentence without the English digest: docs/fr.md). An item's name
    given to it is shown escaped if it holds a control or format character
    (docs/log-language.md#values)."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    for label, value in numbers:
        table.add_row(label, "—" if value is None else Text(escaped(str(value))))
    body = Table.grid()
    body.add_row(table)
    body.add_row(Text(""))
    body.add_row(Text(escaped(verdict), style="bold"))
    for cite in cites:
        body.add_row(Text(""))
        body.add_row(Text(f"{cite.name} — seeds/{cite.seed}", style="cyan"))
        body.add_row(Text(f"« {cite.text_fr} »", style="italic"))
        if language() == "en":
            body.add_row(Text(cite.digest, style="dim"))
    return Panel(body, title=title, title_align="left", expand=False)
