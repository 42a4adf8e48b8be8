"""Bad input, generated (docs/RELIABILITY.md#bad-input-fuzzing): the session-log parser,
``campaign replay`` and every logging command live are fed random tokens, wrong types, huge
numbers, unicode, control characters, enormous lines, truncated, binary and empty files. The
outcome is always success or a clear error — exit 2 with a message naming the line (replay) or
what was wrong (a command) — never a traceback, and a refused input writes nothing (the store is
compared before and after).

The number of inputs tried is counted per test and outcome, printed at the end of the module
(``pytest -s``) and written to ``$CAMPAIGN_FUZZ_REPORT`` when set: docs/RELIABILITY.md quotes it.
Example counts follow the Hypothesis profile (tests/conftest.py: ``ci``, ``dev``, ``slow``).

Also: a log is data, never code — no ``eval``/``exec``/``pickle``/unsafe YAML anywhere, and SQL
only through bound parameters (the code base is searched for the patterns).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import sqlite3
from collections import Counter
from pathlib import Path

import pytest
import typer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from aggregates.values import _shown as shown
from campaign.core.numbers import quoted
from campaign.core.text import refused
from campaign.sessionlog.reading import LogSyntaxError, line_feeds, read_log
from cli.log_lines import LOG_COMMANDS
from cli.main import app
from tests.cli.test_replay import FORD_LOG
from tests.paths import ROOT

BASE = settings.default.max_examples  # the profile's: 100 in ci and dev, 1000 in slow
HEAVY = settings(
    max_examples=BASE * 3,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
LIGHT = settings(max_examples=BASE * 10, deadline=None)
LIVE = settings(HEAVY, max_examples=BASE * 10)

TRIED: Counter[tuple[str, str]] = Counter()


@pytest.fixture(scope="module", autouse=True)
def report():
    yield
    totals = Counter()
    for (test, _), n in sorted(TRIED.items()):
        totals[test] += n
    lines = [f"{test}: {totals[test]} inputs — " + ", ".join(
        f"{outcome} {n}" for (t, outcome), n in sorted(TRIED.items()) if t == test)
        for test in sorted(totals)]  # fmt: skip
    print("\nfuzzed inputs tried:\n  " + "\n  ".join(lines))
    if os.environ.get("CAMPAIGN_FUZZ_REPORT"):
        data = {f"{t}/{o}": n for (t, o), n in sorted(TRIED.items())}
        Path(os.environ["CAMPAIGN_FUZZ_REPORT"]).write_text(json.dumps(data, indent=1))


# --- what to throw -------------------------------------------------------------------------------

ROOT_COMMAND = typer.main.get_command(app)


def _leaves(command, path):
    if hasattr(command, "commands"):
        for name, sub in command.commands.items():
            yield from _leaves(sub, (*path, name))
    else:
        yield path, command


COMMANDS = dict(
    leaf for name in sorted(LOG_COMMANDS) for leaf in _leaves(ROOT_COMMAND.commands[name], (name,))
)
KNOWN = ["ford", "goblins", "red-lances", "brynn", "cedric", "Tower shield", "shield", "reflex",
         "will", "fortitude", "phobia-mild", "phobie-legere:spiders", "nerfs-d-acier", "last",
         "event:3", "event:0", "event:999999", "2h", "90min", "1d", "end", "wis", "cha", "trained",
         "militia", "barbarian", "3,5", "6,6", "1,1", "20", "1", "flee", "fight", "half", "full",
         "torso", "day 2 10:00", "jewelry", "Fireball", "strength", "str"]  # fmt: skip
# the last two are lone surrogates: what a shell's argument that is not UTF-8 becomes in Python
ODD = ["", " ", "-", "--", "-1", "+1", "+0", "-0", "0", "13", "1e309", "nan", "inf", "-inf", "0x10",
       "1_000", "٣", "²", "Ⅻ", "3,5,6", ",", "3,", "0,7", "7,0", "99,99", "1.5", "\x00", "\t", "\n",
       "\r\n", "\x1b[31m", "\u202e", "\ufeff", "💀", "'", '"', "\\", "#", "$(rm -rf /)", "`id`",
       "; DROP TABLE stored_events; --", "' OR 1=1 --", "{__import__('os')}", "%s%s%n",
       "a" * 5000, "é" * 3000, "--help", "-h", "--version", "--db", "--json",
       str(2**63), str(-(2**63) - 1), str(10**40), "9" * 400, str(2**31), str(2**53),
       "caf\udce9", "\udcff\udcfe", "event:" + "9" * 5000, "3," + "9" * 5000,
       "0" * 5000 + "7"]  # fmt: skip
values = st.one_of(
    st.sampled_from(KNOWN),
    st.sampled_from(ODD),
    st.integers(min_value=-(10**40), max_value=10**40).map(str),
    st.integers(min_value=-30, max_value=30).map(str),
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=40),
)


@st.composite
def arguments(draw, path: tuple[str, ...]) -> list[str]:
    """A random argument list for one command: its own options and arguments, shuffled, with
    values of every kind, and now and then something it does not take."""
    command = COMMANDS[path]
    options = [p for p in command.params if p.param_type_name == "option" and p.name != "help"]
    args: list[str] = []
    for _ in range(draw(st.integers(0, 4))):
        args.append(draw(values))
    for option in draw(st.lists(st.sampled_from(options), max_size=5)) if options else []:
        args.append(option.opts[0])
        if not option.is_flag or draw(st.integers(0, 9)) == 0:
            args.append(draw(values))
    if draw(st.integers(0, 5)) == 0:
        args.append(draw(st.sampled_from(["--bogus", "-x", "--note", "--roll", "--"])))
    return draw(st.permutations(args)) if draw(st.booleans()) else args


random_lines = st.sampled_from(sorted(COMMANDS)).flatmap(
    lambda path: arguments(path).map(lambda args: (path, args))
)

EXAMPLES = sorted((ROOT / "examples" / "campaign").glob("*.log"))
TEMPLATES = [
    line.tokens
    for log in EXAMPLES
    for line in read_log(log.read_bytes(), name=log.name).lines
    if line.tokens[0] != "session"
]


def _split(tokens: tuple[str, ...]) -> tuple[tuple[str, ...], list[str]]:
    path = tuple(tokens[:2]) if tuple(tokens[:2]) in COMMANDS else (tokens[0],)
    return path, list(tokens[len(path) :])


# Every encounter of the examples has ended by the end of the campaign: their lines land in an
# open one instead, "arena", which the store's set-up fills with all their groups and companies.
IN_ENCOUNTER = {("casualty",), ("adjust",), ("morale",), ("encounter", "group"),
                ("encounter", "rating"), ("encounter", "join")}  # fmt: skip
ARENA_SETUP = [
    ["encounter", "start", "arena", "--name", "Everyone at once"],
    *(["encounter", "group", "arena", args[1], "--count", "100000",
       *args[args.index("--morale"):args.index("--morale") + 2]]
      for path, args in map(_split, TEMPLATES) if path == ("encounter", "group")),
    *(["encounter", "join", "arena", args[1]]
      for path, args in map(_split, TEMPLATES) if path == ("encounter", "join")),
]  # fmt: skip


def _in_arena(path: tuple[str, ...], args: list[str]) -> tuple[tuple[str, ...], list[str]]:
    return (path, ["arena", *args[1:]]) if path in IN_ENCOUNTER and args else (path, args)


# more digits than Python's int() reads (4,300), put where a number stands: ``3,5`` → ``3,99…``
huge_digits = st.integers(min_value=4301, max_value=6000).map(lambda n: "9" * n)


def _huge(word: str, digits: str, which: int) -> str:
    """``word`` with one of its runs of digits made ``digits``: ``event:3`` → ``event:99…``."""
    run = list(re.finditer(r"[0-9]+", word))[which]
    return word[: run.start()] + digits + word[run.end() :]


@st.composite
def mutated_lines(draw) -> tuple[tuple[str, ...], list[str]]:
    """A real line of the example campaign (every command is there), as written or with a word
    or two replaced, dropped, or added, or a number in it made thousands of digits long: mostly
    valid commands, with odd values where it hurts."""
    path, args = _in_arena(*_split(draw(st.sampled_from(TEMPLATES))))
    for _ in range(draw(st.sampled_from([0, 1, 1, 2]))):
        action = draw(st.sampled_from(["replace", "replace", "drop", "add", "huge"]))
        numbers = [at for at, word in enumerate(args) if re.search(r"[0-9]", word)]
        if action == "huge" and numbers:
            where = draw(st.sampled_from(numbers))
            which = draw(st.integers(0, len(re.findall(r"[0-9]+", args[where])) - 1))
            args[where] = _huge(args[where], draw(huge_digits), which)
            continue
        if action in ("add", "huge") or not args:
            args.insert(draw(st.integers(0, len(args))), draw(values))
            continue
        where = draw(st.integers(0, len(args) - 1))
        if action == "drop":
            del args[where]
        else:
            args[where] = draw(values)
    return path, args


# control and invisible format characters (docs/log-language.md#values), as a pasted text or a
# terminal's escape sequence brings them
CONTROLS = ["\x1b[2J", "\x1b]0;x\x07", "\x07", "\x7f", "\x85", "\x9b", "\u202e", "\u2066",
            "\u2069", "\u061c", "\u200b", "\u200f", "\ufeff", "\u00ad", "\U000e0041"]  # fmt: skip


@st.composite
def controlled_lines(draw) -> tuple[tuple[str, ...], list[str]]:
    """A nearly valid line with a control or format character put inside one of its words."""
    path, args = draw(mutated_lines())
    if not args:
        return path, [draw(st.sampled_from(CONTROLS))]
    where = draw(st.integers(0, len(args) - 1))
    at = draw(st.integers(0, len(args[where])))
    args[where] = args[where][:at] + draw(st.sampled_from(CONTROLS)) + args[where][at:]
    return path, args


command_lines = st.one_of(random_lines, mutated_lines(), mutated_lines(), controlled_lines())


# --- a store to write to ------------------------------------------------------------------------


class Store:
    """A SQLite store holding the example campaign (its last encounter still open), and a session
    open for live commands."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.db = str(path)
        self.runner = CliRunner()
        self.next_session = 4
        self.maybe_closed = True  # a replay ends its last session; so may `session`, `retract`

    def run(self, *args: str):
        return self.runner.invoke(app, ["--db", self.db, *args])

    def events(self) -> tuple[int, int]:
        """The number of stored events and the last rowid: any write changes them."""
        with sqlite3.connect(f"file:{self.path}?mode=ro", uri=True) as connection:
            return connection.execute("SELECT count(*), max(rowid) FROM stored_events").fetchone()

    def status(self) -> dict:
        result = self.run("status", "--all", "--json")
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    def open_session(self) -> None:
        if not self.maybe_closed:
            return
        status = self.status()
        if not status["session_open"]:
            number = max(self.next_session, (status["session"] or 0) + 1)
            assert self.run("session", str(number)).exit_code == 0
            self.next_session = number + 1
        self.maybe_closed = False


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    os.environ.setdefault("CAMPAIGN_SEED", "6")  # the tracker's own rolls: reproducible
    folder = tmp_path_factory.mktemp("fuzz")
    store = Store(folder / "campaign.db")
    # the whole example campaign, but the barrow stays open: its lines, mutated, land there
    third = folder / EXAMPLES[2].name
    third.write_text(EXAMPLES[2].read_text().replace("encounter end barrow", "# (still open)"))
    result = store.run("replay", *(str(log) for log in EXAMPLES[:2]), str(third))
    assert result.exit_code == 0, result.output
    store.open_session()
    for line in ARENA_SETUP:
        store.run(*line)  # a company dismissed in the examples cannot join: refused, no matter
    return store


def clean_exit(result) -> None:
    """No traceback: the CLI ended through SystemExit (or returned), whatever the input."""
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{type(result.exception).__name__}: {result.exception}\n{result.output}"
    )
    assert "Traceback" not in result.output
    assert result.exit_code in (0, 2), result.output


# --- the parser -----------------------------------------------------------------------------------


def _check_parse(data: str | bytes, test: str) -> None:
    try:
        log = read_log(data, name="fuzz.log")
    except LogSyntaxError as error:
        TRIED[(test, "refused, line named")] += 1
        text = data if isinstance(data, str) else data.decode("utf-8", "replace")
        lines = text.count("\n") + text.count("\r") + 1
        match = re.match(r"fuzz\.log:(\d+): ", str(error))
        assert match, str(error)
        assert 1 <= int(match.group(1)) <= lines and error.line == int(match.group(1))
        assert error.expected
    else:
        TRIED[(test, "read")] += 1
        assert all(line.tokens for line in log.lines)
        assert all(b.lines[0].tokens[0] == "session" for b in log.blocks)


def _log_text(lines: list[str], crlf: bool, bom: bool, header: bool) -> str:
    opened = ["session 1"] if bom == crlf else []  # half of them open a session first
    text = ("#! campaign-log 1\n" if header else "") + "\n".join(opened + lines)
    text = text.replace("\n", "\r\n") if crlf else text
    return ("\ufeff" if bom else "") + text


log_lines = st.one_of(
    command_lines.map(lambda pair: shlex.join([*pair[0], *pair[1]])),  # quoted as a shell would
    command_lines.map(lambda pair: " ".join([*pair[0], *pair[1]])),  # not quoted at all
    st.sampled_from(["session 1", "session end", "session", "session 0", "session -1",
                     "session ١", "# a comment", "", "  \t ", "note 'unclosed", 'note "open',
                     "note trailing\\", "#! campaign-log 2", "#!", "note \\", "'", '"',
                     "session " + "9" * 5000, "#! campaign-log " + "1" * 5000]),
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=80),
)  # fmt: skip
log_texts = st.builds(
    _log_text, st.lists(log_lines, max_size=12), st.booleans(), st.booleans(), st.booleans()
)


@LIGHT
@given(st.one_of(log_texts, st.text(st.characters(blacklist_categories=("Cs",)), max_size=400)))
def test_the_parser_reads_or_names_the_line(text):
    _check_parse(text, "parser: text")


@LIGHT
@given(
    st.one_of(
        st.binary(max_size=400),
        log_texts.map(lambda t: t.encode("utf-8", "surrogateescape")).flatmap(
            lambda b: st.integers(0, len(b)).map(lambda cut: b[:cut])
        ),
    )
)
def test_the_parser_reads_bytes_or_names_the_line(data):
    """Binary files and UTF-8 cut anywhere (mid-character too)."""
    _check_parse(data, "parser: bytes")


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\n" * 10_000,
        b"\xef\xbb\xbf",
        b"\x00" * 1000,
        b"session 1\nnote " + b"x" * 2_000_000 + b"\n",  # an enormous line
        b"session 1\nnote " + b"x " * 200_000 + b"\n",  # an enormous number of words
        b"session 1\nnote '" + b"unclosed " * 100_000,  # a quote open to the end
        b"session 1\n" + b"note \\\n" * 50_000 + b"end\n",  # 50,000 continuation lines
        b"session 1\n" + "note é\n".encode("utf-16"),
        b"\xff\xfe" + "session 1\n".encode("utf-16-le"),
        bytes(range(256)) * 100,
    ],
    ids=[
        "empty",
        "blank",
        "bom",
        "nul",
        "2MB-line",
        "200k-words",
        "open-quote",
        "continuations",
        "utf16",
        "utf16-bom",
        "all-bytes",
    ],
)
def test_the_parser_on_extreme_files(data):
    _check_parse(data, "parser: extreme files")


# --- replay, end to end ---------------------------------------------------------------------------


class Replays:
    session = 1000  # each generated log opens a session after every one already recorded


def _replay(store: Store, data: bytes, test: str) -> None:
    path = store.path.parent / "fuzz.log"
    path.write_bytes(data)
    before = store.events()
    result = store.run("replay", str(path))
    clean_exit(result)
    if result.exit_code == 0:
        TRIED[(test, "replayed")] += 1
        store.maybe_closed = True
        return
    TRIED[(test, "refused, line named")] += 1
    message = result.stderr
    assert re.search(rf"{re.escape(str(path))}:\d+:", message), message  # names the line
    assert store.events() == before  # nothing written


FORD_HANDLES = ("red-lances", "brynn", "cedric", "ford", "goblins")


def _numbered(text: str, after: int = 0) -> bytes:
    """``text`` as a new session after every recorded one — after those this module's logs
    opened, and after ``after`` (a fuzzed live ``session N`` may have gone further) — its
    handles new too."""
    Replays.session = max(Replays.session, after) + 1
    n = Replays.session
    text = text.replace("session 12", f"session {n}")
    for handle in FORD_HANDLES:
        text = re.sub(rf"\b{handle}\b", f"{handle}{n}", text)
    return text.encode("utf-8", "surrogateescape")  # a lone surrogate: a byte that is not UTF-8


@HEAVY
@given(
    st.lists(log_lines, max_size=10),
    st.sampled_from(["", "#! campaign-log 1\n", "\ufeff", "#! campaign-log 9\n"]),
    st.booleans(),
)
def test_replay_of_random_lines_lands_or_names_the_line(store, lines, header, crlf):
    text = header + "session 12\n" + "\n".join(lines) + "\n"
    _replay(store, _numbered(text.replace("\n", "\r\n") if crlf else text), "replay: random lines")


@HEAVY
@given(st.integers(min_value=0, max_value=10**6), st.sampled_from(["utf-8", "latin-1"]))
def test_replay_of_a_truncated_log_lands_or_names_the_line(store, cut, encoding):
    text = FORD_LOG.replace("Brynn's axe", "Brynn's axe — é ü 🪓")
    data = _numbered(text)
    if encoding == "latin-1":
        data = data.decode("utf-8").encode("latin-1", "replace")
    _replay(store, data[: cut % (len(data) + 1)], "replay: truncated logs")


@HEAVY
@given(st.one_of(st.binary(max_size=600), st.text(max_size=300).map(str.encode)))
def test_replay_of_binary_or_random_files_lands_or_names_the_line(store, data):
    _replay(store, data, "replay: binary and random files")


@pytest.mark.parametrize(
    "body",
    [
        "",
        "# only a comment\n",
        "note " + "x" * 1_000_000 + "\n",
        "note '" + "y " * 100_000 + "'\n",
        "casualty ford goblins " + "9" * 5000 + "\n",
        "morale ford goblins --roll 3," + "9" * 5000 + "\n",
        "retract event:" + "9" * 5000 + "\n",
        "session " + "9" * 5000 + "\n",
        f"casualty ford goblins {2**63}\n",
        f"adjust ford goblins {-(2**63) - 1} --reason huge\n",
        "note \x00 \x07 \x1b[2J \u202e\n",
        "session 1\n",
        "note ok\nnote 'unclosed\n",
        "note ok\n" * 3000 + "morale ford nobody --roll 3,5\n",
    ],
    ids=[
        "empty",
        "comment",
        "1MB-note",
        "100k-words",
        "5000-digits",
        "5000-digit-roll",
        "5000-digit-position",
        "5000-digit-session",
        "2**63",
        "-2**63-1",
        "controls",
        "old-session",
        "unclosed",
        "bad-last-of-3000",
    ],
)
def test_replay_of_extreme_logs(store, body):
    if "ford" in body:
        body = "encounter start ford\nencounter group ford goblins --count 12 --morale 7\n" + body
    _replay(store, _numbered(("session 12\n" if body else "") + body), "replay: extreme logs")


def test_replay_of_an_empty_or_missing_file(store):
    empty = store.path.parent / "empty.log"
    empty.write_bytes(b"")
    before = store.events()
    result = store.run("replay", str(empty))
    clean_exit(result)
    assert result.exit_code == 0 and store.events() == before
    missing = store.run("replay", str(store.path.parent / "missing.log"))
    clean_exit(missing)
    assert missing.exit_code == 2 and store.events() == before
    TRIED[("replay: extreme logs", "replayed")] += 1
    TRIED[("replay: extreme logs", "refused, file named")] += 1


# --- every logging command, live -----------------------------------------------------------------

USAGE = re.compile(r"(No such option|Missing argument|Missing option|requires an argument|"
                   r"unexpected extra argument|Invalid value|is not a valid|No such command|"
                   r"does not take a value|Option '.*' )")  # fmt: skip


def _names_what_is_wrong(path, args, message: str) -> bool:
    command = COMMANDS[path]
    names = {o for p in command.params for o in getattr(p, "opts", [])}
    names |= {p.name.replace("_", "-") for p in command.params if p.name}
    names |= {p.name.upper() for p in command.params if p.name}
    given = {a for a in args if a.strip()}
    text = message.lower()
    return (
        bool(USAGE.search(message))
        or bool(re.match(r"error: --[a-z0-9-]+: ", message))  # describe(): the field, first
        or any(n.lower() in text for n in names if len(n) > 1)
        or any(a.lower()[:40] in text for a in given)
        or any(repr(a) in message for a in args)  # the value as given, quoted (blank too)
        # … or as read, without the spaces and tabs around it (an item's name: '\x1b[2J ')
        or any(repr(a.strip(" \t")) in message for a in args if a.strip(" \t"))
        # … or, over 60 characters, quoted and shortened as every message shows such a value
        # (its first and last 28 characters: a 61-character item name holding a control
        # character, an argument, is named by its value, escaped, not by a field)
        or any(shown(a) in message for a in args)
        # … or, over 40 characters, its first 37 as a number's error quotes them
        # (campaign/core/numbers.py: ``'event:99…'… has 5000 digits``)
        or any(quoted(a) in message for a in args if len(a) > 40)
        # … or as read: a line end typed live is read as a log reads it, CR as LF (fastparse)
        or any(repr(line_feeds(a)) in message for a in args if "\r" in a)
        or any(_number_named(a, message) for a in given)
        or "session" in text  # "no session is open": the command needs one first
    )


def _number_named(arg: str, message: str) -> bool:
    """A number given in another spelling (``+0``, ``007``) named as the number it is, as a
    whole number of the message (``0 reinforcements: …``), not a digit inside another one."""
    if not re.fullmatch(r"[+-]?\d{1,18}", arg.strip()):
        return False
    return re.search(rf"(?<![\d.]){int(arg)}(?![\d.])", message) is not None


def test_the_oracle_takes_a_number_named_in_another_spelling_and_only_that():
    assert _number_named("+0", "error: 0 reinforcements: they are at least one member")
    assert _number_named("007", "error: 7 casualties: rats has 3 members able to fight")
    assert not _number_named("+0", "error: 10 members; expected 1–3")  # 0 inside 10
    assert not _number_named("+1", "error: 1.5 is not a whole number")
    assert not _number_named("hall", "error: hall has no group")


def test_the_oracle_takes_a_line_end_quoted_as_read_and_only_that():
    said = "error: '\\n' is not an in-game time; expected \"day N HH:MM\""
    assert _names_what_is_wrong(("clock", "set"), ["\r"], said)  # CR typed, read as LF
    assert not _names_what_is_wrong(("clock", "set"), ["\t"], said)


@LIVE
@given(command_lines)
def test_every_logging_command_with_random_arguments(store, line):
    path, args = line
    store.open_session()
    before = store.events()
    result = store.run(*path, *args)
    clean_exit(result)
    assert refused(result.output) is None, result.output  # shown escaped, if at all
    name = "live: " + " ".join(path)
    if result.exit_code == 0:
        store.maybe_closed |= path[0] in ("session", "retract")
        TRIED[("live commands", "recorded")] += 1
        TRIED[(name, "recorded")] += 1
        return
    TRIED[("live commands", "refused")] += 1
    TRIED[(name, "refused")] += 1
    message = result.stderr.strip()
    assert message, result.output
    assert _names_what_is_wrong(path, args, message), (path, args, message)
    assert store.events() == before  # nothing written


def test_every_logging_command_is_fuzzed():
    assert len(COMMANDS) >= 30
    assert {"casualty", "morale", "save", "trait", "note"} <= {p[0] for p in COMMANDS}


# --- a log is data, never code --------------------------------------------------------------------

SOURCES = sorted(
    p
    for folder in ("campaign", "cli", "projections", "aggregates")
    for p in (ROOT / folder).rglob("*.py")
)
NEVER = {
    "eval": re.compile(r"(?<![\w.])eval\("),
    "exec": re.compile(r"(?<![\w.])exec\("),
    "pickle": re.compile(r"\b(c?pickle|shelve|marshal)\b"),
    "unsafe YAML": re.compile(r"\byaml\.(load|unsafe_load|full_load)\("),
    "__import__": re.compile(r"__import__\("),
    "a shell": re.compile(r"os\.system\(|os\.popen\(|shell\s*=\s*True"),
}
SQL_WORDS = r"\b(SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|WHERE|VALUES|LOCK|SET|PRAGMA)\b"
SQL_BUILT = {
    "SQL in an f-string": re.compile(rf"\bf(\"|'|\"\"\"|''')[^\n]*{SQL_WORDS}"),
    "SQL through .format()": re.compile(rf"(\"|'){SQL_WORDS}[^\n]*(\"|')\s*\.format\("),
    "SQL through %": re.compile(rf"(\"|'){SQL_WORDS}[^\n]*%[sd][^\n]*(\"|')\s*%\s*[(\w]"),
    "SQL by concatenation": re.compile(rf"(\"|'){SQL_WORDS}[^\n]*(\"|')\s*\+\s*\w"),
}


def test_the_code_base_evaluates_nothing_and_binds_its_sql():
    assert len(SOURCES) > 40
    found = []
    for path in SOURCES:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0] if not line.lstrip().startswith(("'", '"')) else line
            for what, pattern in {**NEVER, **SQL_BUILT}.items():
                if pattern.search(code):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {what}: {line.strip()}")
    assert found == []


def test_the_search_finds_what_it_looks_for():
    """The patterns above do catch what they are meant to (so an empty result means something)."""
    bad = [
        "x = eval(text)",
        "exec(line)",
        "import pickle",
        "yaml.load(f)",
        'c.execute(f"SELECT * FROM t WHERE name = {name}")',
        'c.execute("DELETE FROM t WHERE id = {}".format(i))',
        'c.execute("UPDATE t SET a = %s" % value)',
        'c.execute("SELECT * FROM t WHERE id = " + value)',
        "os.system(cmd)",
    ]
    patterns = {**NEVER, **SQL_BUILT}.values()
    assert all(any(p.search(line) for p in patterns) for line in bad)
    fine = ['c.execute("SELECT * FROM t WHERE id = %s", (i,))', "select(tables.timeline)",
            "literal_eval", "self.evaluate(x)", 'f"{name} was set"']  # fmt: skip
    assert not any(p.search(line) for line in fine for p in patterns)


BEYOND = [
    ("note 'a\x00b'", "holds a NUL character"),
    ("adjust e g " + str(2**31) + " --reason r", "out of range"),
    ("adjust e g " + str(-(2**63) - 1) + " --reason r", "out of range"),
    ("encounter group e h --count " + str(2**31) + " --morale 7", "out of range"),
    ("company hire c --troop militia --size " + str(2**40), "out of range"),
    ("clock advance " + "9" * 30 + "d", ""),
    ("session " + str(2**31), ""),
    # running totals the command would take out of range: refused naming the change, not the
    # total alone (were a company's size past 2**31 - 1 recorded, PostgreSQL's read model
    # could never catch up)
    ("company reinforce co " + str(2**31 - 1), "co's size would be 2147483652: out of range"),
    ("company modifier co " + str(2**31 - 1) + " --reason r", "co's morale would be 2147483653"),
    ("adjust e g " + str(2**31 - 1) + " --reason r", "g's effective morale would be 2147483654"),
    ("character loyalty-modifier kit " + str(2**31 - 1) + " --reason r", "kit's loyalty would"),
    ("clock set 'day 999999999999 00:00'", "past the last time a store keeps"),
    ("clock advance " + str(2**53 // 60 + 1) + "min", "longer than any time a store keeps"),
]


@pytest.mark.parametrize(("line", "why"), BEYOND)
def test_what_a_store_cannot_keep_is_refused_on_both_backends(store_url, line, why, tmp_path):
    """Values of the kinds the fuzzing above throws: each of these, were it recorded, would fail
    every read of the store (SQLite's 64-bit INTEGER, PostgreSQL's ``integer`` and its text
    without NUL)."""
    runner = CliRunner()

    def run(*args):
        result = runner.invoke(app, ["--db", store_url, *args])
        clean_exit(result)
        return result

    log = tmp_path / "first.log"
    log.write_text(
        "session 1\nencounter start e\nencounter group e g --count 10 --morale 7\n"
        "company hire co --troop militia --size 5\n"
        "character create boss\ncharacter create kit --retainer-of boss --loyalty 7\n"
    )
    assert run("replay", str(log)).exit_code == 0
    before = run("status", "--all", "--json").stdout
    bad = tmp_path / "bad.log"
    bad.write_text(f"session 2\nnote fine\n{line}\n")
    result = run("replay", str(bad))
    assert result.exit_code == 2 and f"{bad}:3:" in result.stderr and why in result.stderr
    TRIED[("store limits, both backends", "refused, line named")] += 1
    assert run("status", "--all", "--json").stdout == before  # nothing written, reads still work
    assert run("session", "2").exit_code == 0
    live = run(*shlex.split(line.replace("\x00", "")) if "\x00" not in line else ["note", "a\x00b"])
    assert live.exit_code == 2 and why in live.stderr
    assert run("note", "caf\udce9").exit_code == 2  # not UTF-8: a shell's stray byte
    assert run("history", "--json").exit_code == 0


def test_a_log_line_is_never_evaluated(store):
    """Shell and Python syntax in a log are plain text: recorded as written, run as nothing."""
    marker = store.path.parent / "pwned"
    notes = [f"$(touch {marker}); `touch {marker}`; touch {marker}",
             f'{{__import__("os").system("touch {marker}")}}', "$HOME", "*", "~"]  # fmt: skip
    text = "session 12\n" + "".join(f"note {shlex.quote(n)}\n" for n in notes[:2])
    text += "".join(f"note {n}\n" for n in notes[2:])  # unquoted: no expansion either
    last = store.status()["session"]  # a fuzzed `session N` may be past the logs' numbers
    before = store.events()
    _replay(store, _numbered(text, after=last), "replay: extreme logs")
    assert store.events()[0] >= before[0] + 5, "the log was refused"
    assert not marker.exists()
    history = json.loads(store.run("history", "--json").stdout)["events"]
    assert [e["note"] for e in history if e["kind"] == "note-recorded"][-5:] == notes
