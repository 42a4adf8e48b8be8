"""cli/fastparse.py parses a command's line to the same values, and the same errors, as Click.

Every line of the example campaigns, of the audit example and of a generated campaign (the
benchmarks' generator: every logging command of SPEC §4), and each of them spoiled in the ways
a hand-written log goes wrong, is parsed twice by the very command the CLI runs: once by
:class:`ParsedOnce` (the parser built once, plain parameters given their values directly) and
once by Click's own ``parse_args``. Both must give the same parameters and leftover arguments,
or the same error.
"""

from __future__ import annotations

from typing import Any

import pytest
import typer
from typer._click.exceptions import ClickException
from typer.core import TyperCommand, TyperGroup

from benchmarks.generate import Campaign
from campaign.sessionlog.reading import read_log
from cli.fastparse import ParsedOnce, line_context
from cli.main import app
from tests.paths import ROOT

pytestmark = pytest.mark.slow

LOGS = sorted((ROOT / "examples").rglob("*.log"))


def _lines() -> list[tuple[str, ...]]:
    texts = [path.read_text(encoding="utf-8") for path in LOGS]
    texts.append(Campaign(7).log(6, 200))
    return [line.tokens for text in texts for line in read_log(text).lines]


def _spoiled(tokens: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The line with a bad option, a bad number, a word too many, its last word missing, an
    option repeated, and --help."""
    numbers = [i for i, word in enumerate(tokens) if word.lstrip("-").isdigit()]
    options = [word for word in tokens if word.startswith("--")]
    spoiled = [
        (*tokens, "--bogus"),
        (*tokens, "extra"),
        tokens[:-1],
        (*tokens, "--help"),
    ]
    if numbers:
        at = numbers[-1]
        spoiled.append((*tokens[:at], "x7", *tokens[at + 1 :]))
        spoiled.append((*tokens[:at], "-", *tokens[at + 1 :]))
    if options:
        at = tokens.index(options[0])
        spoiled.append((*tokens, *tokens[at : at + 2]))
        spoiled.append((*tokens[:at], f"{tokens[at]}={tokens[at + 1]}" if at + 1 < len(tokens)
                        else tokens[at], *tokens[at + 2 :]))  # fmt: skip
    return spoiled


def _leaf(words: tuple[str, ...]) -> tuple[Any, Any, list[str]] | None:
    """The command a line names, its parent's context, and its arguments."""
    group = typer.main.get_command(app)
    ctx = typer.Context(group, info_name="campaign")
    command, rest = group, list(words)
    while isinstance(command, typer.core.TyperGroup):
        if not rest:
            return None
        name, command, rest = command.resolve_command(ctx, rest)
        if command is None:
            return None
        if isinstance(command, typer.core.TyperGroup):
            ctx = _context(command, name, ctx)
    return command, ctx, rest


def _context(command: Any, name: str, parent: Any) -> Any:
    """A context as ``make_context`` makes it, with the command's own settings."""
    return command.context_class(command, info_name=name, parent=parent, **command.context_settings)


def _parse(command: Any, parent: Any, args: list[str], parse: Any) -> tuple[Any, ...]:
    ctx = _context(command, command.name, parent)
    try:
        rest = parse(command, ctx, list(args))
    except (ClickException, typer.Exit) as error:
        message = error.format_message() if isinstance(error, ClickException) else ""
        return ("error", type(error).__name__, message)
    sources = {name: ctx.get_parameter_source(name) for name in ctx._parameter_source}
    return ("parsed", dict(ctx.params), list(rest), list(ctx.args), sources)


LINES = _lines()


def test_the_lines_are_many_and_take_the_fast_path():
    leaves = [_leaf(tokens) for tokens in LINES]
    assert len(LINES) > 1000
    assert all(leaf is not None and isinstance(leaf[0], ParsedOnce) for leaf in leaves)


@pytest.mark.parametrize("spoil", [False, True], ids=["as written", "spoiled"])
def test_every_line_parses_as_click_parses_it(spoil):
    lines = [s for tokens in LINES[:400] for s in _spoiled(tokens)] if spoil else LINES
    compared = 0
    for tokens in lines:
        leaf = _leaf(tokens)
        if leaf is None:
            continue
        command, parent, args = leaf
        fast = _parse(command, parent, args, ParsedOnce.parse_args)
        click = _parse(command, parent, args, TyperCommand.parse_args)
        assert fast == click, " ".join(tokens)
        compared += 1
    assert compared > 1000


def _click_leaf(words: tuple[str, ...]) -> tuple[Any, ...]:
    """The leaf context Click's own path makes for a line: each group parses its part of the
    line and resolves the next word, as ``Group.invoke`` does."""
    group = typer.main.get_command(app)
    root = typer.Context(group, info_name="campaign")
    command, ctx, rest = group, root, list(words)
    try:
        while isinstance(command, typer.core.TyperGroup):
            name, command, rest = command.resolve_command(ctx, rest)
            ctx = command.make_context(name, rest, parent=ctx)
            rest = [*ctx._protected_args, *ctx.args] if isinstance(command, TyperGroup) else []
    except (ClickException, typer.Exit) as error:
        return _error(error)
    return _made(command, ctx)


def _error(error: Exception) -> tuple[Any, ...]:
    message = error.format_message() if isinstance(error, ClickException) else ""
    return ("error", type(error).__name__, message)


def _made(command: Any, ctx: Any) -> tuple[Any, ...]:
    return ("made", command, ctx.command_path, ctx.parent.info_name, dict(ctx.params), ctx.args)


@pytest.mark.parametrize("spoil", [False, True], ids=["as written", "spoiled"])
def test_line_context_makes_the_context_clicks_path_makes(spoil):
    """A group's line (``company hire …``) gets its leaf's context without parsing the group's
    part; every other line, and every line it cannot make, is left to Click's path."""
    lines = [s for tokens in LINES[:400] for s in _spoiled(tokens)] if spoil else LINES
    root = typer.Context(typer.main.get_command(app), info_name="campaign")
    made = 0
    for tokens in lines:
        try:
            fast = line_context(root, list(tokens))
        except (ClickException, typer.Exit) as error:
            assert _error(error) == _click_leaf(tokens), " ".join(tokens)
            continue
        if fast is None:
            continue
        assert _made(fast[0], fast[1]) == _click_leaf(tokens), " ".join(tokens)
        made += 1
    assert made > 1000 if not spoil else made > 300
    grouped = [t for t in LINES if t[0] in ("company", "character", "encounter", "clock")]
    assert len(grouped) > 300  # the lines whose group's part is skipped are many


def _repeated(command: Any, args: list[str]) -> list[tuple[Any, list[str]]]:
    """Each option the line gives, given once more at its end (with its value): the option's
    parameter and the arguments so spoiled."""
    found = []
    for at, word in enumerate(args):
        name = word.split("=", 1)[0]
        param = next((p for p in command.params if name in getattr(p, "opts", ())), None)
        if param is None or param.param_type_name != "option":
            continue
        given = [word] if param.is_flag or "=" in word else args[at : at + 2]
        found.append((param, [*args, *given]))
    return found


def test_an_option_given_twice_is_refused_on_both_paths_unless_it_is_repeatable():
    """``morale e g --roll 3,5 --roll 1,1`` kept the last roll and dropped the first unsaid:
    an option that takes one value, or a flag, is refused when a line gives it twice — by the
    parser both paths share, so the fast path and Click's say the same; ``--flaw`` and the
    other ``list[...]`` options append as before."""
    refused = appended = 0
    for tokens in LINES:
        leaf = _leaf(tokens)
        if leaf is None:
            continue
        command, parent, args = leaf
        for param, spoiled in _repeated(command, args):
            fast = _parse(command, parent, spoiled, ParsedOnce.parse_args)
            click = _parse(command, parent, spoiled, TyperCommand.parse_args)
            assert fast == click, " ".join(tokens)
            if param.multiple:
                once = _parse(command, parent, args, ParsedOnce.parse_args)
                assert fast[0] == "parsed", fast
                assert len(fast[1][param.name]) == len(once[1][param.name]) + 1
                appended += 1
                continue
            assert fast[:2] == ("error", "BadOptionUsage"), " ".join(tokens)
            assert f"{param.opts[0]} is given twice" in fast[2] and "expected it once" in fast[2]
            refused += 1
    assert refused > 1000 and appended > 5
