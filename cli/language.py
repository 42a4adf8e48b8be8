"""Help texts in the language of the invocation (docs/translating.md).

Typer hands Click each help as a plain ``str`` (it cleans a docstring or a ``help=`` text with
``inspect.cleandoc``, so a lazy object given to it does not reach Click). A help is therefore
translated when its command is built — commands are built on demand, after ``--lang`` is read
(cli/main.py), and kept per language — and the catalogue's entry for it is the help as the
English command shows it (:func:`every_help`): the texts are taken from the built commands
themselves, so a help the code changes is a message the catalogue must follow.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import typer

from campaign.core.i18n import _
from cli.parsing import flowing


def said(text: str | None) -> str | None:
    """A help text as the invocation's language says it (its paragraphs made to flow first)."""
    return _(flowing(text)) if text else text  # type: ignore[arg-type]


def _helped(command: Any, ctx: Any) -> Iterator[Any]:
    """The objects of ``command`` that carry a help text: itself and its parameters (its
    ``--help`` too)."""
    yield command
    yield from command.get_params(ctx)


def in_language(command: Any) -> None:
    """Translate, in place, the helps of a command built for this language, and of its
    subcommands."""
    ctx = typer.Context(command)
    for each in _helped(command, ctx):
        each.help = said(each.help)
    command.short_help = said(command.short_help)
    for sub in getattr(command, "commands", {}).values():
        in_language(sub)


@contextlib.contextmanager
def speaking(command: Any, ctx: Any) -> Iterator[None]:
    """The root's own helps translated while its help is drawn: the root is built by Typer on
    each run, and may be drawn again in another language (a test's second invocation)."""
    helped = list(_helped(command, ctx))
    before = [each.help for each in helped]
    for each in helped:
        each.help = said(each.help)
    try:
        yield
    finally:
        for each, text in zip(helped, before, strict=True):
            each.help = text


def every_help() -> Iterator[tuple[str, str]]:
    """(where, help) for every help text of the command tree as English shows it: the root's,
    each command's and each option's and argument's, and the command table's summaries."""
    from campaign.core import i18n
    from cli.main import COMMANDS, CampaignGroup, app

    i18n.use("en")
    root = typer.main.get_command(app)
    ctx = typer.Context(root)
    for each in _helped(root, ctx):
        yield _where("campaign", each), flowing(each.help) or ""
    for name, (_module, summary) in COMMANDS.items():
        yield f"campaign {name} (summary)", summary
        yield from _command_helps(CampaignGroup.built(name), f"campaign {name}")


def _command_helps(command: Any, path: str) -> Iterator[tuple[str, str]]:
    for each in _helped(command, typer.Context(command)):
        yield _where(path, each), flowing(each.help) or ""
    for name, sub in getattr(command, "commands", {}).items():
        yield from _command_helps(sub, f"{path} {name}")


def _where(path: str, each: Any) -> str:
    opts = getattr(each, "opts", None)
    return f"{path} {opts[0]}" if opts else path


def extract(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[Any]:
    """A Babel extraction method (babel.cfg): every help text, each once, with the commands
    that show it as a comment for the translator. Imports nothing of Babel's."""
    places: dict[str, list[str]] = {}
    for where, text in every_help():
        if text:
            places.setdefault(text, []).append(where)
    for text, where in places.items():
        yield 1, None, text, [", ".join(where[:3]) + (", …" if len(where) > 3 else "")]
