"""How a command line is read: the project's own Typer command and group classes.

A log line, a line typed at the shell and a live command are read by the same command objects
(one grammar, docs/log-language.md). Click reads their words; these classes add what the log
language needs, through the public methods of Typer's and Click's classes only:

- a word of ``-`` and a digit is a value, not an option: ``adjust ford goblins -1``. The words
  for the command's arguments are handed to Click behind a ``--``, so Click's own parser reads
  them as arguments; a mistyped option (``--reasn``) is still Click's "No such option", with
  its suggestion;
- an option that takes one value, or a flag, given twice is refused ("--roll is given twice (3,5
  and 1,1); expected it once"): Click would keep the last value and drop the other unsaid. An
  option declared repeatable (``--flaw``: ``list[str]``) appends;
- text and whole numbers are read without pydantic (:mod:`cli.values`), the rest by Typer;
- a value that is no whole number is said in the GM's words ("'three' is not a whole number"),
  not pydantic's, through which Typer coerces values;
- a flag's help shows no value label (a flag takes no value), and a help text is wrapped to the
  terminal, not where its docstring's lines end (:func:`flowing`);
- an input error names its field as the command spells it (:func:`spelt`), and a ``\\r`` typed
  in a value is read as a log reads it.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import _
from campaign.core.numbers import quoted, too_long
from campaign.core.passwords import hide_passwords
from campaign.core.text import escaped
from cli.values import plain_params

_DIGITS = frozenset("0123456789")

# pydantic's words for a value that is no whole number, as Typer passes them on
_NOT_WHOLE = (
    "Input should be a valid integer, unable to parse string as an integer",
    "Input should be a valid integer, got a number with a fractional part",
)
_TOO_LONG = "Unable to parse input string as an integer, exceeded maximum size"
_VALUE_ERROR = "Value error, "  # before a validator's own message (an Enum's choices)


@dataclass
class Reading:
    """A command's words as the pre-scan read them, and the words handed on to Click."""

    handed: list[str]  # what Click's parser reads
    typed: dict[str, Any] = field(default_factory=dict)  # option's name → its value as typed
    positional: list[str] = field(default_factory=list)  # the words for the arguments
    # what Click's parser leaves of the words it is given, which a group reads again to suggest
    # a command (``campaign -1 status``: "Did you mean 'status'?")
    left: list[str] = field(default_factory=list)


def read_words(command: Any, ctx: Any, args: list[str], *, interspersed: bool) -> Reading:
    """Pre-scan ``args`` with the command's parameters as Click's parser reads them: refuse an
    option given twice, keep a signed number an argument. Anything the scan does not know (an
    unknown option, a missing value) is left where it is, for Click to say what is wrong.
    ``interspersed``: a command's arguments may stand among its options; a group's words stop
    at its subcommand's name, which is handed on with all that follows it."""
    table = _option_words(command.get_params(ctx))
    reading = Reading(handed=args)
    taken: list[str] = []  # the option words read so far, with their values
    seen: dict[str, tuple[str, Any]] = {}  # option's name → (the word read, its value)
    at = 0
    while at < len(args):
        word = args[at]
        if word == "--":
            reading.positional += args[at + 1 :]
            reading.left = args[at + 1 :]
            break
        if word[:1] != "-" or len(word) == 1 or _is_signed(word):
            if not interspersed and not _is_signed(word):  # the subcommand's name
                reading.left = args[at:]
                return _handed(reading, taken, args[at:])
            reading.positional.append(word)
            at += 1
            continue
        read = _option_at(table, args, at)
        if read is None:  # Click's error: an unknown option, a missing value
            if _signed(reading.positional):
                reading.handed = [*taken, *args[at:]]
                reading.left = args[at + 1 :]
            return reading
        param, entry, value, used = read
        if param.name in seen and _once(param) and not ctx.resilient_parsing:
            ctx.fail(_twice(param, seen[param.name], (entry, value)))
        seen[param.name] = (entry, value)
        reading.typed[param.name] = value
        taken += args[at : at + used]
        at += used
    return _handed(reading, taken, [])


def _handed(reading: Reading, taken: list[str], rest: list[str]) -> Reading:
    """The words for Click: as typed, unless a signed number is among the arguments' words,
    then the options first and the arguments' words behind a ``--``."""
    if _signed(reading.positional):
        reading.handed = [*taken, "--", *reading.positional, *rest]
    return reading


def _is_signed(word: str) -> bool:
    return word[:1] == "-" and word[1:2] in _DIGITS


def _signed(words: list[str]) -> bool:
    return any(map(_is_signed, words))


def _option_words(params: list[Any]) -> dict[str, tuple[Any, bool]]:
    """Each option's words (``--peril``, ``--after-adventure``) → (its parameter, whether the
    word is one of its secondary, false-setting words)."""
    table: dict[str, tuple[Any, bool]] = {}
    for param in params:
        if param.param_type_name != "option":
            continue
        table.update({opt: (param, False) for opt in param.opts})
        table.update({opt: (param, True) for opt in param.secondary_opts})
    return table


def _option_at(
    table: dict[str, tuple[Any, bool]], args: list[str], at: int
) -> tuple[Any, str, Any, int] | None:
    """The option at ``args[at]``: its parameter, the option's name as its help shows it, its
    value, and how many words it took; None when Click must read it."""
    name, equals, attached = args[at].partition("=")
    known = table.get(name)
    if known is None:
        return None
    param, secondary = known
    entry = _long_first(param.secondary_opts if secondary else param.opts)
    if param.is_flag or getattr(param, "count", False):
        return None if equals else (param, entry, not secondary, 1)
    values = [attached] if equals else []
    values += args[at + 1 : at + 1 + param.nargs - len(values)]
    if len(values) < param.nargs:
        return None  # Click says the option requires a value
    value = values[0] if param.nargs == 1 else tuple(values)
    return param, entry, value, 1 + param.nargs - (1 if equals else 0)


def _long_first(opts: list[str]) -> str:
    return next((opt for opt in opts if not (len(opt) == 2 and opt[1] != opt[0])), opts[0])


def _once(param: Any) -> bool:
    """An option that takes one value, or a flag: not repeatable, not --help's own kind."""
    return not (param.multiple or getattr(param, "count", False) or param.is_eager)


def _twice(param: Any, before: tuple[str, Any], now: tuple[str, Any]) -> str:
    entry, value = now
    if not param.is_flag:
        import shlex

        def said(v: Any) -> str:  # a --db URL's password never echoed
            typed = " ".join(map(shlex.quote, v)) if isinstance(v, tuple) else shlex.quote(v)
            return hide_passwords(typed)

        return _("{option} is given twice ({first} and {second}); expected it once").format(
            option=entry, first=said(before[1]), second=said(value)
        )
    if before[1] == value or not param.secondary_opts:
        return _("{option} is given twice; expected it once").format(option=entry)
    other = param.secondary_opts[0] if value else param.opts[0]
    return _("{other} and {option} are both given; expected one of them").format(
        other=other, option=entry
    )


def reworded(message: str, value: Any) -> str:
    """Typer's (pydantic's) message for a refused ``value``, in the words of our other
    errors: the value quoted, what it is not. Other messages are left as they are."""
    shown = quoted(value) if isinstance(value, str) else repr(value)
    if message in _NOT_WHOLE:
        return _("{value} is not a whole number").format(value=shown)
    if message == _TOO_LONG:  # thousands of digits: said as campaign/core/numbers.py says them
        return too_long(str(value), len(str(value))).said()
    return message.removeprefix(_VALUE_ERROR)


def _typed_value(error: Any, reading: Reading, params: list[Any]) -> Any:
    """The value a refused parameter was given, as typed (an argument's: by its place)."""
    param = error.param
    if param.param_type_name == "option":
        return reading.typed.get(param.name)
    arguments = [p for p in params if p.param_type_name == "argument"]
    words, front = reading.positional, 0
    for each in arguments:
        if each.nargs < 0:
            break
        if each is param:
            return words[front] if front < len(words) else None
        front += each.nargs
    back = len(words)
    for each in reversed(arguments):
        back -= each.nargs
        if each is param:
            return words[back] if 0 <= back < len(words) else None
    return None


def parse(command: Any, ctx: Any, args: list[str], *, interspersed: bool, click: Any) -> Any:
    """``click(ctx, words)`` — the class's own ``parse_args`` — on the pre-scanned words; a
    value refused by its type said in the GM's words (:func:`reworded`). A usage error quotes
    the words typed: a control character among them is shown escaped
    (docs/log-language.md#values), as every other error shows it."""
    try:
        return _parse(command, ctx, args, interspersed=interspersed, click=click)
    except Exception as error:
        if said_by_click(error) and isinstance(getattr(error, "message", None), str):
            error.message = escaped(error.message)  # type: ignore[attr-defined]
        raise


def _parse(command: Any, ctx: Any, args: list[str], *, interspersed: bool, click: Any) -> Any:
    reading = read_words(command, ctx, args, interspersed=interspersed)
    try:
        return click(ctx, reading.handed)
    except typer.BadParameter as error:
        param = error.param
        if param is None or param.multiple or param.nargs != 1:
            raise
        said = reworded(error.message, _typed_value(error, reading, command.get_params(ctx)))
        error.message = said
        raise
    finally:
        if reading.handed is not args:  # Click consumed the words it was handed, not these
            args[:] = reading.left


def bare_flags(command: Any, ctx: Any) -> None:
    """A flag's help shows no value label: its label is its metavar, left empty (a flag takes
    no value; Typer would label ``--json`` as ``<bool>``)."""
    for param in command.get_params(ctx):
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""


def flowing(text: str | None) -> str | None:
    """A help text whose paragraphs the terminal wraps: a docstring's line breaks are where its
    source line ends, not where the reader's screen does, so each paragraph is made one line (a
    ``\\b`` paragraph, which Click keeps as written, excepted)."""
    if not text:
        return text
    paragraphs = inspect.cleandoc(text).split("\n\n")
    return "\n\n".join(
        p if p.startswith("\b") else " ".join(line.strip() for line in p.splitlines())
        for p in paragraphs
    )


def flowing_help(command: Any, ctx: Any) -> None:
    """The help texts ``command``'s help shows made :func:`flowing`: its own, and a group's
    commands' summaries; a flag's value label left empty (:func:`bare_flags`)."""
    bare_flags(command, ctx)
    command.help = flowing(command.help)
    for name in command.list_commands(ctx) if hasattr(command, "list_commands") else ():
        listed = command.get_command(ctx, name)
        if listed is not None:
            listed.help, listed.short_help = flowing(listed.help), flowing(listed.short_help)


class Group(TyperGroup):
    """A group whose help, as every command's, wraps to the terminal and shows no value label
    for a flag, and whose options are read as every command's (:mod:`cli.values`)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        plain_params(self.get_params(ctx))
        return super().parse_args(ctx, args)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        flowing_help(self, ctx)
        super().format_help(ctx, formatter)


class ParsedCommand(TyperCommand):
    """A command read as the module's text says: signed values, options once, errors worded."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        plain_params(self.get_params(ctx))
        return parse(self, ctx, args, interspersed=True, click=super().parse_args)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        flowing_help(self, ctx)
        super().format_help(ctx, formatter)


class Command(ParsedCommand):
    """Every command of ours, unless it names a class of its own: read as a
    :class:`ParsedCommand`, its values and its input errors as a log line's."""

    def invoke(self, ctx: Any) -> Any:
        for name, value in ctx.params.items():
            if type(value) is str and "\r" in value:  # read as a log reads it
                from campaign.sessionlog.reading import line_feeds

                ctx.params[name] = line_feeds(value)
        try:
            return super().invoke(ctx)
        except ImpossibleInput as error:
            if error.option is None and error.field not in (None, "line"):
                error.option = spelt(ctx, error.field) or given_in(ctx, error.value)
            raise
        except Exception as error:
            from campaign.service.failures import unreadable

            said = unreadable(error)
            if said is None:
                raise
            raise said from None


def spelt(ctx: Any, field: str) -> str:
    """The option an error's ``field`` is about, as the GM types it (``--type`` for
    ``save_type``; ``--db`` for the root's ``db``), found on the command or the groups above
    it; "" when the field is one of its arguments, or none of their parameters (``session`` in
    "no session is open"): the message names the value itself, and ``--session`` would send
    the GM looking for an option the command does not have."""
    typed = "--" + field.replace("_", "-")  # a field may be named as its option (``as_of``)
    while ctx is not None:
        for param in ctx.command.params:
            if param.param_type_name == "option" and (param.name == field or typed in param.opts):
                return next((o for o in param.opts if o.startswith("--")), param.opts[0])
        ctx = ctx.parent
    return ""


def given_in(ctx: Any, value: Any) -> str:
    """The option whose word holds ``value`` after a ``:`` (a trait's detail, in ``--flaw
    enemy:Baron``), as the GM typed it; "" when none, or more than one, does."""
    if not isinstance(value, str) or not value:
        return ""
    found = set()
    for param in ctx.command.params:
        given = ctx.params.get(param.name)
        words = given if isinstance(given, tuple | list) else (given,)
        if param.param_type_name == "option" and any(
            isinstance(word, str) and word.endswith(f":{value}") for word in words
        ):
            found.add(next((o for o in param.opts if o.startswith("--")), param.opts[0]))
    return found.pop() if len(found) == 1 else ""


def said_by_click(error: BaseException) -> bool:
    """Click's own errors (a usage error, a refused value), known by what they expose: a
    message to show and an exit code."""
    return callable(getattr(error, "format_message", None)) and isinstance(
        getattr(error, "exit_code", None), int
    )


def read_as_campaign(typer_app: Any) -> None:
    """Make every command registered on ``typer_app`` a :class:`Command` and every sub-app a
    :class:`Group` — before Typer builds them — unless it names a class of its own."""
    for info in typer_app.registered_commands:
        if info.cls in (None, TyperCommand):
            info.cls = Command
    for group in typer_app.registered_groups:
        # a class given to ``add_typer`` or to the sub-app's own ``typer.Typer`` is kept
        if not group.cls and not (group.typer_instance and group.typer_instance.info.cls):
            group.cls = Group
        if group.typer_instance is not None:
            read_as_campaign(group.typer_instance)
