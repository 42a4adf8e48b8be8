"""Tab completion in ``campaign shell`` (docs/cli.md#the-shell): the word at the cursor, from the
command tree and from the handles the store knows.

- The first word: a command (``help``/``?`` before a command completes the same way); after a
  group (``encounter``, ``rules``, …), its subcommands; a word that starts with ``-``: the
  options of the command being typed, read from its own Click definition (``get_params``).
- Where a handle goes (:data:`ARGUMENTS`, :data:`OPTIONS`): the encounters, the groups of the
  encounter typed before, the companies, the characters, the items of the character typed
  before, a trait key in English or French (the catalogue's, or the flaws that character has),
  and after ``KEY:`` its details.

Nothing is built when the shell starts: a command's module is imported (and its Click command
built, once per process: ``CampaignGroup.get_command``) on the first Tab after its name, and
the handles are asked of the store (one query, ``Queries.handles``) on the first Tab that wants
one after each command the shell runs (:meth:`Completer.forget`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from campaign.core.errors import ImpossibleInput
from campaign.sessionlog.reading import tokenize

if TYPE_CHECKING:
    import typer

    from campaign.service.results import Handle

HELP = ("help", "?")
LEAVE = ("exit", "quit")

# what a word names, where a handle goes
ENCOUNTER, GROUP, COMPANY, CHARACTER, ITEM = "encounter", "group", "company", "character", "item"
HELD = "held-flaw"  # a flaw the character typed before has: `trait brynn phobia-mild:rats`
FLAW, ADVANTAGE = "flaw", "advantage"  # the catalogue's, in English or French
SUBJECT = "subject"  # `history --subject`: an encounter, a group (ford/goblins), a company, …
TARGET = "target"  # `modifiers E G | H …`: after an encounter, its groups too

_COMPANY = (COMPANY,)
_CHARACTER = (CHARACTER,)
_GROUP = (ENCOUNTER, GROUP)
# a command's arguments, in order: what each names (None: a new handle, a value)
ARGUMENTS: dict[tuple[str, ...], tuple[str | None, ...]] = {
    ("encounter", "end"): (ENCOUNTER,),
    ("encounter", "group"): (ENCOUNTER,),
    ("encounter", "rating"): _GROUP,
    ("encounter", "join"): (ENCOUNTER, COMPANY),
    ("casualty",): _GROUP,
    ("adjust",): _GROUP,
    ("morale",): _GROUP,
    **{("company", sub): _COMPANY for sub in ("modifier", "recover", "reinforce", "dismiss")},
    **{
        ("character", sub): _CHARACTER
        for sub in ("trait", "finalize", "stat", "loyalty-modifier", "item", "saves", "heal")
    },
    ("character", "item-drop"): (CHARACTER, ITEM),
    ("character", "item-repair"): (CHARACTER, ITEM),
    ("condition", "end"): (CHARACTER, HELD),
    ("loyalty",): _CHARACTER,
    ("save",): _CHARACTER,
    ("item-save",): (CHARACTER, ITEM),
    ("trait",): (CHARACTER, HELD),
    ("rules", "trait"): (FLAW,),
}
REPEATED = {("modifiers",): TARGET}  # every argument names one of these
# an option's value: what it names (an item: of the character the first argument names)
OPTIONS = {
    "--retainer-of": CHARACTER,
    "--flaw": FLAW,
    "--advantage": ADVANTAGE,
    "--item": ITEM,
    "--subject": SUBJECT,
}
_SIGNED = re.compile(r"[+-][0-9]")  # `adjust ford goblins -1`: a value, not an option
_BARE = re.compile(r"[^\s\"'\\$`#;|&<>()*?\[\]{}~]+")  # a word that needs no quotes


class Completer:
    """readline's completer (``set_completer``): called with the word at the cursor and 0, 1,
    2, … until it answers None; each answer is the word completed, with a trailing space when
    it is whole (not after ``KEY:``, whose detail follows)."""

    def __init__(
        self,
        root: typer.Context,
        known: Callable[[], Sequence[Handle]] | None = None,
        line: Callable[[], str] | None = None,
    ) -> None:
        self.root = root
        self.known = known  # the store's handles; None: none offered
        self.line = line or _readline_line  # the line up to the cursor
        # the top-level names are COMMANDS' keys: listing them imports nothing
        self.names = sorted(n for n in root.command.list_commands(root) if n != "shell")
        self._choices: dict[tuple[str, ...], tuple[list[str], list[str], dict[str, bool]]] = {}
        self._handles: list[Handle] | None = None
        self._found: list[str] = []

    def forget(self) -> None:
        """A command ran: the next Tab that wants a handle asks the store again."""
        self._handles = None

    def __call__(self, text: str, index: int) -> str | None:
        if index == 0:
            try:
                found = self.completions(self.line(), text)
            except Exception:  # readline would swallow it: offer nothing, not a broken prompt
                found = []
            self._found = [word if word.endswith(":") else word + " " for word in found]
        return self._found[index] if index < len(self._found) else None

    def completions(self, line: str, text: str) -> list[str]:
        """What Tab offers for ``text``, the word that ends ``line`` (the line up to the
        cursor, as readline has it): the words, without the trailing space."""
        words = _words(line[: len(line) - len(text)])
        asking = bool(words) and words[0] in HELP
        if asking:
            words = words[1:]
        if not words:
            if text.startswith("-"):  # only these answer at the prompt (--db: when it starts)
                found = [] if asking else [*self.root.help_option_names, "--version"]
            else:
                found = self.names if asking else [*self.names, "help", *LEAVE]
            return _starting(found, text)
        if words[0] not in self.names:
            return []
        walked = self._walk(words)
        if walked is None:
            return []
        path, rest = walked
        subcommands, options, takes = self._choices[path]
        arguments, option = _place(rest, takes)
        if text.startswith("-") and not _SIGNED.match(text):
            return [] if option else _starting(options, text)
        if subcommands:
            return _starting(subcommands, text)
        if asking:
            return []
        if option is not None:
            kind = OPTIONS.get(option)
        else:
            kinds = ARGUMENTS.get(path, ())
            kind = kinds[len(arguments)] if len(arguments) < len(kinds) else REPEATED.get(path)
        return [] if kind is None else self._handles_for(kind, arguments, text)

    def _walk(self, words: list[str]) -> tuple[tuple[str, ...], list[str]] | None:
        """The path of the command the words name, down the groups as far as the words name
        subcommands, and the words after it; None for a word a group does not know."""
        command: Any = self.root.command
        path: list[str] = []
        for word in words:
            if not hasattr(command, "list_commands"):
                break  # the words left are a command's arguments and options
            command = command.get_command(self.root, word)
            if command is None or command.hidden:
                return None
            path.append(word)
        key = tuple(path)
        if key not in self._choices:
            self._choices[key] = self._read(command)
        return key, words[len(path) :]

    def _read(self, command: Any) -> tuple[list[str], list[str], dict[str, bool]]:
        """A command's subcommands, option names, and which options take a value."""
        subcommands = []
        if hasattr(command, "list_commands"):
            subcommands = [
                name
                for name in command.list_commands(self.root)
                if not getattr(command.get_command(self.root, name), "hidden", False)
            ]
        options, takes = [], {}
        for param in command.get_params(self.root):
            if param.param_type_name != "option" or getattr(param, "hidden", False):
                continue
            for opt in (*param.opts, *param.secondary_opts):
                options.append(opt)
                takes[opt] = not (param.is_flag or param.count)
        return subcommands, options, takes

    def _handles_for(self, kind: str, arguments: list[str], text: str) -> list[str]:
        """The handles of ``kind`` that complete ``text``; a group or item of the encounter or
        character the first argument names."""
        if kind in (FLAW, ADVANTAGE):
            return _traits(_catalogue(kind), text)
        known = self._known()
        of = arguments[0].lower() if arguments else None
        if kind == HELD:
            held = [h.handle for h in known if h.kind == FLAW and h.of == of]
            return _traits([(key, detail) for key, _, detail in _split(held)], text)
        if kind == SUBJECT:
            found = [h.handle if h.of is None else f"{h.of}/{h.handle}" for h in known
                     if h.kind in (ENCOUNTER, GROUP, COMPANY, CHARACTER)]  # fmt: skip
        elif kind == TARGET:
            last = arguments[-1].lower() if arguments else None
            found = [h.handle for h in known if h.kind in (ENCOUNTER, COMPANY, CHARACTER)
                     or (h.kind == GROUP and h.of == last)]  # fmt: skip
        elif kind in (GROUP, ITEM):
            found = [h.handle for h in known if h.kind == kind and h.of == of]
        else:
            found = [h.handle for h in known if h.kind == kind]
        return _starting([_quoted(word) for word in found], text, loose=True)

    def _known(self) -> list[Handle]:
        if self._handles is None:
            self._handles = list(self.known()) if self.known is not None else []
        return self._handles


def _readline_line() -> str:
    import readline

    return readline.get_line_buffer()[: readline.get_endidx()]


def _words(before: str) -> list[str]:
    """The words before the one at the cursor, as the shell will read them (quotes too)."""
    try:
        return tokenize(before, one_line=True)
    except ImpossibleInput:  # a quote still open: its words as they stand
        return before.split()


def _place(words: list[str], takes: dict[str, bool]) -> tuple[list[str], str | None]:
    """The arguments among a command's words, and the option the next word is the value of
    (None: the next word is an argument or an option)."""
    arguments: list[str] = []
    option = None
    for word in words:
        if option is not None:
            option = None
        elif word.startswith("-") and len(word) > 1 and not _SIGNED.match(word):
            name, given, _ = word.partition("=")
            option = name if takes.get(name) and not given else None
        else:
            arguments.append(word)
    return arguments, option


def _starting(found: Iterable[str], text: str, *, loose: bool = False) -> list[str]:
    """The words that start with ``text``, sorted; ``loose``: regardless of case and of a
    quote typed first (handles are case-insensitive, item names compared without case)."""
    if not loose:
        return sorted({n for n in found if n.startswith(text)})
    wanted = text.lstrip("\"'").casefold()
    return sorted({n for n in found if n.lstrip("\"'").casefold().startswith(wanted)})


def _quoted(word: str) -> str:
    """``word`` as the shell reads it back as one word: ``"Tower shield"``."""
    if _BARE.fullmatch(word):
        return word
    if not re.search(r'["\\$`]', word):
        return f'"{word}"'
    return "'" + word.replace("'", "'\"'\"'") + "'"


def _split(handles: Iterable[str]) -> list[tuple[str, str, str | None]]:
    return [(key, sep, detail or None) for key, sep, detail in (h.partition(":") for h in handles)]


def _catalogue(kind: str) -> list[tuple[str, str | None]]:
    """The catalogue's traits of ``kind`` as (key, detail) pairs: each with no detail, and with
    each detail its rule names (``amnesia:childhood``)."""
    from campaign.rules import d6harmonie

    traits = d6harmonie.FLAWS if kind == FLAW else d6harmonie.ADVANTAGES
    return [(t.key, detail) for t in traits for detail in (None, *t.detail_choices)]


def _traits(held: list[tuple[str, str | None]], text: str) -> list[str]:
    """Trait keys in English and French (the slug of the French name) that complete ``text``;
    once ``KEY:`` is typed, that trait's details, after the key as typed."""
    from campaign.rules import d6harmonie

    typed, colon, _ = text.partition(":")
    if not colon:
        found = []
        for key, _detail in held:
            found += [key, d6harmonie.slug(d6harmonie.find_trait(key).name_fr)]
        return _starting(found, text.lower())
    try:
        wanted = d6harmonie.find_trait(typed).key
    except ImpossibleInput:
        return []
    found = [f"{typed}:{_quoted(d)}" for key, d in held if key == wanted and d is not None]
    return _starting(found, text, loose=True)
