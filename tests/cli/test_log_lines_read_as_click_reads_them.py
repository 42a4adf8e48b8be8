"""Every log line is read by the command that runs it live, to the values Click itself reads.

Every line of the example campaigns, of the audit example and of a generated campaign (the
benchmarks' generator: every logging command), and each of them spoiled in the ways a
hand-written log goes wrong, is parsed by the very command the CLI runs, and by Click's own
``parse_args`` on the same words. The project's pre-scan (cli/parsing.py) changes nothing Click
reads: the same values and leftover words, or the same error — but for a signed number, which
is an argument (as Click reads it when unknown options are let through), and an option given
twice, which is refused.
"""

from __future__ import annotations

from typing import Any

import pytest
import typer
from typer.core import TyperCommand

from benchmarks.generate import Campaign
from campaign.sessionlog.reading import read_log
from cli.main import app
from cli.parsing import ParsedCommand, said_by_click
from tests.paths import ROOT

LOGS = sorted((ROOT / "examples").rglob("*.log"))
ROOT_COMMAND = typer.main.get_command(app)
NOT_WHOLE = "Input should be a valid integer, unable to parse string as an integer"  # pydantic's


def _lines() -> list[tuple[str, ...]]:
    texts = [path.read_text(encoding="utf-8") for path in LOGS]
    texts.append(Campaign(7).log(6, 200))
    return [line.tokens for text in texts for line in read_log(text).lines]


LINES = _lines()


def _signed(word: str) -> bool:
    return word[:1] == "-" and word[1:2].isdigit()


def _spoiled(tokens: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The line with a bad option, a word too many, its last word missing, --help, a bad
    number, a lone dash, an option given as ``--opt=value``."""
    numbers = [i for i, word in enumerate(tokens) if word.lstrip("-").isdigit()]
    options = [word for word in tokens if word.startswith("--")]
    spoiled = [(*tokens, "--bogus"), (*tokens, "extra"), tokens[:-1], (*tokens, "--help")]
    if numbers:
        at = numbers[-1]
        spoiled += [(*tokens[:at], word, *tokens[at + 1 :]) for word in ("x7", "-")]
    if options and tokens.index(options[0]) + 1 < len(tokens):
        at = tokens.index(options[0])
        spoiled.append((*tokens[:at], f"{tokens[at]}={tokens[at + 1]}", *tokens[at + 2 :]))
    return spoiled


def _leaf(words: tuple[str, ...]) -> tuple[Any, Any, str, list[str]] | None:
    """The command a line names, the context of the group above it, its name, its words."""
    command, parent, rest = ROOT_COMMAND, typer.Context(ROOT_COMMAND, info_name="campaign"), []
    rest, name = list(words), "campaign"
    while hasattr(command, "list_commands"):
        if not rest:
            return None
        name, command, rest = command.resolve_command(parent, rest)
        if hasattr(command, "list_commands"):
            parent = _context(command, name, parent)
    return command, parent, name, rest


def _context(command: Any, name: str, parent: Any, **settings: Any) -> Any:
    """A context as ``make_context`` makes it, with the command's own settings."""
    return command.context_class(
        command, info_name=name, parent=parent, **{**command.context_settings, **settings}
    )


def _outcome(parse: Any) -> tuple[Any, ...]:
    try:
        ctx = parse()
    except typer.Exit:
        return ("exit",)
    except Exception as error:
        if not said_by_click(error):
            raise
        return ("error", error.format_message())
    return ("parsed", dict(ctx.params), list(ctx.args))


def _ours(command: Any, parent: Any, name: str, args: list[str], **settings: Any) -> tuple:
    return _outcome(lambda: command.make_context(name, list(args), parent=parent, **settings))


def _clicks(command: Any, parent: Any, name: str, args: list[str], **settings: Any) -> tuple:
    def parse() -> Any:
        ctx = _context(command, name, parent, **settings)
        TyperCommand.parse_args(command, ctx, list(args))
        return ctx

    return _outcome(parse)


def test_the_lines_are_many_and_every_command_reads_as_the_project_reads():
    leaves = [_leaf(tokens) for tokens in LINES]
    assert len(LINES) > 1000
    assert all(leaf is not None and isinstance(leaf[0], ParsedCommand) for leaf in leaves)
    assert sum(any(map(_signed, tokens)) for tokens in LINES) > 50  # signed values are many


def test_every_line_reads_to_the_values_click_reads():
    """A signed number is an argument: what Click reads when it lets unknown options through
    as arguments (``ignore_unknown_options``); the lines hold no other unknown option."""
    for tokens in LINES:
        command, parent, name, args = _leaf(tokens)
        ours = _ours(command, parent, name, args)
        assert ours[0] == "parsed", (tokens, ours)
        assert ours == _clicks(command, parent, name, args, ignore_unknown_options=True), tokens


def test_a_line_reads_the_same_in_a_log_as_live():
    """A log's lines have no --help (``help_option_names=[]``): nothing else changes."""
    for tokens in LINES:
        command, parent, name, args = _leaf(tokens)
        in_a_log = _ours(command, parent, name, args, help_option_names=[])
        assert in_a_log == _ours(command, parent, name, args), tokens


def test_a_spoiled_line_gets_clicks_own_error():
    """Click's own words, but a value that is no whole number said as our errors say it."""
    compared = reworded = 0
    for tokens in LINES[:400]:
        for spoiled in _spoiled(tokens):
            leaf = _leaf(spoiled)
            if leaf is None or any(map(_signed, spoiled)):
                continue  # Click alone reads -1 as an option: tests/cli/test_signed_values.py
            command, parent, name, args = leaf
            clicks, ours = _clicks(command, parent, name, args), _ours(command, parent, name, args)
            if clicks[0] == "error" and clicks[1].endswith(NOT_WHOLE):
                hint = clicks[1].removesuffix(NOT_WHOLE)  # "Invalid value for '--morale': "
                said = [f"{hint}{w!r} is not a whole number" for w in spoiled]
                assert ours[0] == "error" and ours[1] in said, (spoiled, ours)
                reworded += 1
            else:
                assert ours == clicks, spoiled
            compared += 1
    assert compared > 1000 and reworded > 100


def _repeated(command: Any, args: list[str]) -> list[tuple[Any, list[str]]]:
    """Each option the line gives, given once more at its end (with its value): the option's
    parameter and the words so spoiled."""
    found = []
    for at, word in enumerate(args):
        name = word.split("=", 1)[0]
        param = next((p for p in command.params if name in getattr(p, "opts", ())), None)
        if param is None or param.param_type_name != "option":
            continue
        given = [word] if param.is_flag or "=" in word else args[at : at + 2]
        found.append((param, [*args, *given]))
    return found


def test_every_option_of_every_line_given_twice_is_refused_unless_it_is_repeatable():
    refused = appended = 0
    for tokens in LINES:
        command, parent, name, args = _leaf(tokens)
        for param, spoiled in _repeated(command, args):
            twice = _ours(command, parent, name, spoiled)
            if param.multiple:
                once = _ours(command, parent, name, args)
                assert twice[0] == "parsed", twice
                assert len(twice[1][param.name]) == len(once[1][param.name]) + 1
                appended += 1
                continue
            assert twice[0] == "error", tokens
            assert f"{param.opts[0]} is given twice" in twice[1], twice
            assert twice[1].endswith("expected it once"), twice
            refused += 1
    assert refused > 1000 and appended > 5


@pytest.mark.parametrize(
    ("words", "says"),
    [
        (["--loud", "--loud"], "--loud is given twice; expected it once"),
        (["--quiet", "--quiet"], "--quiet is given twice; expected it once"),
        (["--loud", "--quiet"], "--loud and --quiet are both given; expected one of them"),
        (["--quiet", "--loud"], "--quiet and --loud are both given; expected one of them"),
        (["--size", "1", "2", "--size", "3", "4"], "--size is given twice (1 2 and 3 4)"),
        (["--name", "a b", "--name=c"], "--name is given twice ('a b' and c)"),
    ],
)
def test_a_flag_pair_or_an_option_of_two_values_given_twice_says_so(words, says):
    """Kinds of option no command of ours has yet, read by the same classes."""
    demo = typer.Typer()

    @demo.command(cls=ParsedCommand)
    def speak(
        loud: bool = typer.Option(False, "--loud/--quiet"),
        size: tuple[int, int] = typer.Option((0, 0), "--size"),
        name: str = typer.Option("", "--name"),
    ) -> None:
        pass

    command = typer.main.get_command(demo)
    outcome = _outcome(lambda: command.make_context("speak", list(words)))
    assert outcome[0] == "error" and says in outcome[1], outcome
