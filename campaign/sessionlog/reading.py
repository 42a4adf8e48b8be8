"""The session log's text layer (docs/log-language.md#tokenising): words, command lines and
session blocks.

This module only turns text into tokens and blocks; it knows no command and touches no store, so the
one grammar (shared with the live CLI) can sit on top of it. A log is data: nothing is evaluated —
no ``$VAR``, no globbing, no ``;`` or ``|`` operators (they are ordinary characters). A command's
words are read as a POSIX shell quotes them (:mod:`.quoting`).
"""

from __future__ import annotations

import hashlib
import re
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass

from campaign.core.errors import ImpossibleInput, Phrase
from campaign.core.i18n import N_
from campaign.core.numbers import quoted, whole_number
from campaign.sessionlog.quoting import LogSyntaxError, scan, tokenize, unfinished

__all__ = [
    "GRAMMAR_VERSIONS",
    "LogLine",
    "LogSyntaxError",
    "SessionBlock",
    "SessionLog",
    "line_feeds",
    "read_log",
    "session_argument",
    "tokenize",
]

GRAMMAR_VERSIONS = (1,)
_HEADER = re.compile(r"#!\s*campaign-log\s+([0-9]+)\s*")
_SESSION_NUMBER = re.compile(r"[0-9]+")  # ASCII digits only: str.isdigit() accepts '١' and '²'


@dataclass(frozen=True)
class LogLine:
    """One command: ``number`` is the physical line it starts on, ``text`` its raw text (a command
    continued over several lines keeps its backslashes and newlines), ``tokens`` its words."""

    number: int
    text: str
    tokens: tuple[str, ...]


@dataclass(frozen=True)
class SessionBlock:
    """A ``session N`` line and every physical line up to the next one (or the end of the file).

    It is the unit of idempotent replay (docs/cli.md#replay): a block already recorded with the same
    ``digest`` is skipped, the same ``number`` with another digest is refused. The digest is the
    SHA-256 of the block's text with the BOM removed and every line end made ``\\n`` (editors
    change those unasked), each line ended by one, so a missing final newline does not count.
    Comments and blank lines *inside* the block count: "the same text" stays a plain,
    predictable notion, and a comment often carries the GM's reasoning. Those after its last
    command do not (a heading above ``session N+1`` is not part of session N), so appending a
    session to a replayed log keeps the earlier sessions recognised.
    """

    number: int
    lines: tuple[LogLine, ...]
    first_line: int
    digest: str


@dataclass(frozen=True)
class SessionLog:
    """A whole log: ``version`` from its header, every command, and the commands by session."""

    name: str
    version: int
    lines: tuple[LogLine, ...]
    blocks: tuple[SessionBlock, ...]


def _decode(data: str | bytes, name: str) -> str:
    if isinstance(data, str):
        try:
            data.encode("utf-8")
            return data
        except UnicodeEncodeError:  # lone surrogates: reported below as bytes that are not UTF-8
            data = data.encode("utf-8", "surrogatepass")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        before = _normalize(data[: error.start].decode("utf-8"))
        line = before.count("\n") + 1
        column = len(before) - (before.rfind("\n") + 1) + 1
        raise LogSyntaxError(
            N_("not valid UTF-8 (byte 0x{byte} at column {column})"),
            expected=N_("a UTF-8 text file (re-save the log as UTF-8)"),
            name=name,
            line=line,
            column=column,
            values={"byte": f"{data[error.start]:02x}", "column": column},
        ) from None


def _normalize(text: str) -> str:
    """No BOM, and ``\\n`` for every line end (CRLF and a lone CR, as old Mac editors write)."""
    return line_feeds(text.lstrip("\ufeff"))  # a BOM written twice (a file re-saved) too


def line_feeds(text: str) -> str:
    """``text`` with ``\\n`` for every line end, as a log reads it: so text typed live (a note
    from a CRLF file) is what its exported line replays to (cli/parsing.py)."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _version(first: str, name: str) -> int:
    """The grammar version named by a ``#!`` first line; ``#!`` there is reserved for it, so a
    mistyped header is an error rather than a comment that silently means version 1."""
    if not first.startswith("#!"):
        return 1
    match = _HEADER.fullmatch(first)
    try:
        version = whole_number(match.group(1), field="line") if match is not None else 0
    except ImpossibleInput:  # more digits than any grammar's number (campaign/core/numbers.py)
        version = 0
    if version not in GRAMMAR_VERSIONS:
        raise LogSyntaxError(
            N_(
                "{first} is not a grammar this tracker reads (a `#!` first line names the "
                "grammar); expected campaign-log 1"
            ),
            expected=N_("campaign-log 1"),
            name=name,
            line=1,
            values={"first": quoted(first.strip())},
        )
    return version


def read_log(
    text: str | bytes, name: str = "<log>", *, check: Callable[[LogLine, str], None] | None = None
) -> SessionLog:
    """Read a session log (UTF-8 bytes or text) into its command lines and session blocks.

    A command ends at a newline outside quotes: a final backslash, or a quote still open,
    continues it on the next line. Blank and comment-only lines are not commands. ``check``
    is asked of a line no session holds before it is refused for that: a line that is no
    logging command at all (`sesion 1`, `status`, a jsonl export's first line) is told what
    it is, not that no session is open.
    """
    normal = _normalize(_decode(text, name))
    physical = normal.split("\n")  # not splitlines(): \f, \v and U+2028 are not line ends here
    if physical[-1] == "":
        physical.pop()  # a final line end closes the last line, it does not open another
    version = _version(physical[0], name) if physical else 1
    lines: list[LogLine] = []
    pos, number = 0, 1
    while pos < len(normal):
        words, end, problem = scan(normal, pos, stop_at_newline=True)
        if problem is not None:
            raise unfinished(problem, normal, start=pos, first_line=number, name=name)
        if words:
            lines.append(LogLine(number, normal[pos:end], tuple(words)))
        number += normal.count("\n", pos, end) + 1
        pos = end + 1
    return SessionLog(name, version, tuple(lines), _blocks(lines, physical, name, check))


def _blocks(
    lines: list[LogLine],
    physical: list[str],
    name: str,
    check: Callable[[LogLine, str], None] | None,
) -> tuple[SessionBlock, ...]:
    """Split the commands into session blocks, refusing commands that no session holds."""
    starts: list[tuple[int, LogLine]] = []  # (session number, its line)
    ended_on: int | None = None  # the line of a `session end` not yet followed by `session N`
    for line in lines:
        if line.tokens[0] == "session" and not _is_end(session_argument(line.tokens)):
            starts.append((_session_number(line, name), line))
            ended_on = None
        elif not starts or ended_on is not None:
            if check is not None:
                check(line, name)  # no command at all: that is what to say of it
            raise LogSyntaxError(
                N_(
                    "no session is open: `session end` on line {ended} closed it; a log starts "
                    "with `session N`, and commands between `session end` and the next "
                    "`session N` are an error"
                )
                if starts
                else N_(
                    "no session is open; a log starts with `session N`, and commands between "
                    "`session end` and the next `session N` are an error"
                ),
                expected=N_("a `session N` line before this command"),
                name=name,
                line=line.number,
                values={"ended": ended_on},
            )
        elif line.tokens[0] == "session" and _ends(line.tokens):
            ended_on = line.number
        # (a `session end` the live command refuses — `session end extra`, `session end --date
        # X` — closes nothing: it stays in its block, where running it says what is wrong with
        # it, at its own line, rather than the next line saying that no session is open)
    blocks = []
    numbers = [line.number for line in lines]  # in order: each block is a slice of the lines
    for index, (number, start) in enumerate(starts):
        stop = starts[index + 1][1].number if index + 1 < len(starts) else len(physical) + 1
        held = tuple(lines[bisect_left(numbers, start.number) : bisect_left(numbers, stop)])
        # The digest covers the block up to its last command: blank and comment lines after
        # it (a heading above the next `session N`) are left out, so appending a session to a
        # replayed log leaves the earlier blocks' digests — and their idempotency — intact.
        last = held[-1].number + held[-1].text.count("\n")
        text = "".join(f"{row}\n" for row in physical[start.number - 1 : last])
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        blocks.append(SessionBlock(number, held, start.number, digest))
    return tuple(blocks)


def session_argument(tokens: tuple[str, ...]) -> str | None:
    """The argument of a ``session`` line (``N`` or ``end``) wherever its options stand, as the
    live command reads ``session --title "Opening night" 1``. Every option of ``session``
    takes a value (``--date``, ``--title``, ``--note``; tests/rules/test_log_text.py checks it
    against the command), so an option word is passed over with its value, unless written
    ``--option=value``; after ``--`` the next word is the argument."""
    words = iter(tokens[1:])
    for word in words:
        if word == "--":
            return next(words, None)
        if word.startswith("--"):
            if "=" not in word:
                next(words, None)
            continue
        return word
    return None


def _is_end(argument: str | None) -> bool:
    """Whether a ``session`` line's argument is ``end``, as the live command reads it."""
    return argument is not None and argument.strip().lower() == "end"


def _ends(tokens: tuple[str, ...]) -> bool:
    """Whether a ``session … end`` line is one the live command takes, and so ends the session:
    its one argument, and no option but ``--note`` with its value (``--date`` and ``--title``
    are refused with ``end``, another option or a second argument by the command line)."""
    arguments = 0
    words = iter(tokens[1:])
    for word in words:
        if word == "--":  # every word after it is an argument
            arguments += sum(1 for _ in words)
        elif word == "--note":
            if next(words, None) is None:  # its value is missing
                return False
        elif word.startswith("--note="):
            continue
        elif word.startswith("-") and word != "-":  # --date, --title, or no option of `session`
            return False
        else:
            arguments += 1
    return arguments == 1


def _session_number(line: LogLine, name: str) -> int:
    given = session_argument(line.tokens)
    problem = (
        Phrase(N_("`session` needs a number"))
        if given is None
        else Phrase(N_("{given} is not a session number"), given=repr(given))
    )
    if given is not None and _SESSION_NUMBER.fullmatch(given):
        try:
            number = whole_number(given, field="line", what="session number")
        except ImpossibleInput as error:  # more digits than any session number
            problem = Phrase(error.words or error.message, **error.values)
        else:
            if number > 0:
                return number
    raise LogSyntaxError(
        N_("{problem}; sessions are numbered 1, 2, 3, …"),
        expected=N_("`session N` with N a positive integer, or `session end`"),
        name=name,
        line=line.number,
        values={"problem": problem},
    )
