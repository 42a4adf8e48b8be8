"""How one line of a session log runs: through the very command that runs it live.

A log holds logging commands only (docs/log-language.md): a line's words are resolved against the
root command group and invoked with the replay's unit of work in the context, so the line records
what the live command records, and its errors name the file and the line.
"""

from __future__ import annotations

import difflib
import unicodedata

import typer

from campaign.core.errors import CampaignError, ImpossibleInput, Phrase
from campaign.core.i18n import N_, _
from campaign.sessionlog.reading import LogLine
from cli.output import click_said, describe, shown
from cli.parsing import said_by_click

# The commands a log may hold (docs/log-language.md#tokenising): the logging commands, never a
# reading one.
LOG_COMMANDS = frozenset(
    {"session", "clock", "setting", "note", "retract", "company", "character", "condition",
     "encounter", "casualty", "adjust", "morale", "loyalty", "save", "item-save", "trait"}
)  # fmt: skip
# The commands that record, or take a store, of their own: not reading commands, not in a log.
STORE_COMMANDS = frozenset({"init", "replay", "import", "shell"})


def check_logging_command(root: typer.Context, line: LogLine, name: str) -> None:
    """Refuse a line whose first word is no logging command, saying what it is: a reading
    command, a store's own command, a jsonl export's event, or a typo (the nearest command)."""
    word = line.tokens[0]
    if word in LOG_COMMANDS:
        return
    known = (
        Phrase(N_("not a logging command"))
        if word in STORE_COMMANDS
        else Phrase(N_("a reading command"))
        if word in root.command.list_commands(root)
        else Phrase(N_("not a command"))
    )
    nearest = difflib.get_close_matches(word, sorted(LOG_COMMANDS), n=1, cutoff=0.7)
    if word.startswith("{"):
        words = N_(
            "{where}: `{word}` is {known} (a jsonl export: `campaign import FILE.jsonl` loads "
            "one into an empty store); a log holds only logging commands"
        )
    elif nearest:
        words = N_(
            "{where}: `{word}` is {known} (did you mean `{nearest}`?); a log holds only "
            "logging commands"
        )
    else:
        words = N_("{where}: `{word}` is {known}; a log holds only logging commands")
    raise ImpossibleInput(
        words,
        field="line",
        value=word,
        expected="{commands}",
        values={
            "where": _where(line, name),
            "word": shown(word),
            "known": known,
            "nearest": nearest[0] if nearest else "",
            "commands": ", ".join(sorted(LOG_COMMANDS)),
        },
    )


def _where(line: LogLine, name: str) -> str:
    """``file:line: the command``, as an error names the line: a long line (a text may be any
    length) is cut, so that what is wrong with it is not scrolled away behind it."""
    return f"{name}:{line.number}: {shown(' '.join(line.tokens))}"


def run_line(ctx: typer.Context, name: str, line: LogLine) -> None:
    """Run one log line through the same command the live CLI runs."""
    root = ctx.find_root()
    words = list(line.tokens)
    where = _where(line, name)
    check_logging_command(root, line, name)
    try:
        command_name, command, args = root.command.resolve_command(root, words)
        # no --help in a log: Click would print the help to stdout before the line's error
        with command.make_context(command_name, args, parent=root, help_option_names=[]) as sub:
            command.invoke(sub)
    except ImpossibleInput as error:
        said = describe(error) + _odd_blanks(words)
        raise ImpossibleInput(_AT, field="line", values={"where": where, "said": said}) from None
    except CampaignError:
        raise
    except typer.Exit:
        raise ImpossibleInput(
            N_("{where}: --help has no place in a log"), field="line", values={"where": where}
        ) from None
    except Exception as error:
        if not said_by_click(error):
            raise
        if getattr(error, "option_name", None) == "--help":
            raise ImpossibleInput(
                N_(
                    "{where}: --help has no place in a log (`campaign {command} --help` shows "
                    "the help)"
                ),
                field="line",
                values={"where": where, "command": words[0]},
            ) from None
        said = click_said(error) + _odd_blanks(words)
        raise ImpossibleInput(_AT, field="line", values={"where": where, "said": said}) from None


# a log line's error: where it is (``file:line: the command``), and what is wrong with it, as
# the command said it
_AT = N_("{where}: {said}")


def _odd_blanks(words: list[str]) -> str:
    """A hint for a line whose words hold a blank that is not one in a log (a non-breaking
    space pasted from a document: ``--roll 3,5`` read as one word), or nothing; in the
    invocation's language, as the error it follows (the characters' names stay Unicode's)."""
    odd = sorted({c for word in words for c in word if c.isspace() and c not in " \t\n"})
    if not odd:
        return ""
    named = ", ".join(f"U+{ord(c):04X} {unicodedata.name(c, 'a blank').lower()}" for c in odd)
    return _(
        " (the line holds {named}, which a log does not read as a blank: type a space)"
    ).format(named=named)
