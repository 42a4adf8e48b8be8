"""The session log's text layer (docs/log-language.md#tokenising, docs/cli.md#replay).

Expected words and digests are written out by hand (what a POSIX shell gives), not taken from
the code; the digests are the SHA-256 of block texts spelled out here.
"""

import hashlib
import shlex

import pytest
import typer
from hypothesis import given
from hypothesis import strategies as st

from campaign.core.errors import ImpossibleInput
from campaign.sessionlog.reading import (
    LogLine,
    LogSyntaxError,
    read_log,
    session_argument,
    tokenize,
)


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# --- tokenize -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        # signed values are plain words
        ("adjust ford goblins -1", ["adjust", "ford", "goblins", "-1"]),
        ("company modifier h +2", ["company", "modifier", "h", "+2"]),
        (
            'save brynn --vs "Fireball" --type reflex',
            ["save", "brynn", "--vs", "Fireball", "--type", "reflex"],
        ),
        ('character item brynn "Tower shield"', ["character", "item", "brynn", "Tower shield"]),
        ('--cause "Brynn\'s axe"', ["--cause", "Brynn's axe"]),
        # adjacent quoted pieces join into one word: this is not SQL's '' escape
        ("note 'it''s'", ["note", "its"]),
        ("note 'it'\\''s'", ["note", "it's"]),
        ('note "it\'s"', ["note", "it's"]),
        # `#` starts a comment only at the start of a word
        ("a#b", ["a#b"]),
        ('"#x"', ["#x"]),
        ("'#x'", ["#x"]),
        ("\\#x", ["#x"]),
        ('""#x', ["#x"]),
        ("x #y", ["x"]),
        ("x\t#y z", ["x"]),
        ("#only a comment", []),
        ("x# y", ["x#", "y"]),
        ("x ## y", ["x"]),
        # backslashes outside quotes escape the next character
        ("a\\ b", ["a b"]),
        ("\\a\\b", ["ab"]),
        ("a\\\\b", ["a\\b"]),
        ("\\'x", ["'x"]),
        ('\\"x', ['"x']),
        ("a\\\nb", ["ab"]),
        ("a \\\nb", ["a", "b"]),
        # inside "…" only \" \\ \$ \` and backslash-newline are escapes
        ('"a\\"b"', ['a"b']),
        ('"a\\\\b"', ["a\\b"]),
        ('"\\$HOME \\`x\\`"', ["$HOME `x`"]),
        ('"a\\nb"', ["a\\nb"]),
        ('"a\\ b"', ["a\\ b"]),
        ('"a\\\nb"', ["ab"]),
        ('"a\nb"', ["a\nb"]),
        # inside '…' nothing is special
        ("'a\\b'", ["a\\b"]),
        ("'a\"b'", ['a"b']),
        ("'$HOME *'", ["$HOME *"]),
        # nothing is evaluated
        ("$HOME * ~ a;b a|b `x`", ["$HOME", "*", "~", "a;b", "a|b", "`x`"]),
        # blanks: spaces and tabs, any number
        ("a\tb", ["a", "b"]),
        ("  a \t\t b  ", ["a", "b"]),
        ("a\nb", ["a", "b"]),
        ("a\u00a0b", ["a\u00a0b"]),
        ("", []),
        (" \t ", []),
        # empty quotes make an empty word
        ('""', [""]),
        ("''", [""]),
        ("a '' b", ["a", "", "b"]),
        ('--title ""', ["--title", ""]),
        # quotes in the middle of a word
        ('ab"c d"e', ["abc de"]),
        ("Nerfs' 'd’acier", ["Nerfs d’acier"]),
    ],
)
def test_tokenize(text, words):
    assert tokenize(text) == words


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        ('note "abc', 'unclosed " quote at column 6', 6),
        ("note 'abc", "unclosed ' quote at column 6", 6),
        ('x "a\\"', 'unclosed " quote at column 3', 3),
        ("'a'\"", 'unclosed " quote at column 4', 4),
        ("x '\"'\"", 'unclosed " quote at column 6', 6),
        ('a\n  "b', 'unclosed " quote at line 2, column 3', 3),
        ("note abc\\", "the backslash at column 9 continues the command past the end", 9),
        ("a \\\n", "the backslash at column 3 continues the command past the end", 3),
    ],
)
def test_tokenize_unfinished(text, message, column):
    with pytest.raises(LogSyntaxError) as caught:
        tokenize(text)
    assert str(caught.value).startswith(message)
    assert caught.value.column == column
    assert isinstance(caught.value, ImpossibleInput)
    assert caught.value.field == "line"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('note "abc', 'a closing " on the same line'),
        ("note 'abc", "a closing ' on the same line"),
        ("note abc\\", "no final backslash"),
    ],
)
def test_tokenize_one_line_says_the_command_ends_with_its_line(text, expected):
    """The shell's prompt reads one line a command: an unclosed quote there cannot span lines,
    and a final backslash has no next line to continue on."""
    with pytest.raises(LogSyntaxError) as caught:
        tokenize(text, one_line=True)
    assert caught.value.expected.startswith(expected)
    assert "span lines" not in str(caught.value) and "another line" not in caught.value.expected
    assert caught.value.expected


@given(st.lists(st.text(alphabet=st.characters(exclude_categories=("Cc", "Cs")))))
def test_shlex_quoted_words_come_back(words):
    # shlex.quote writes POSIX-safe quoting: a shell (and this tokenizer) gives the words back
    assert tokenize(" ".join(shlex.quote(word) for word in words)) == words


@given(st.lists(st.text(alphabet=st.characters(exclude_categories=("Cc", "Cs")))))
def test_double_quoted_words_come_back(words):
    def quote(word):
        return '"' + "".join("\\" + c if c in '"\\$`' else c for c in word) + '"'

    assert tokenize("\t".join(quote(word) for word in words)) == words


# --- read_log: text, line ends, continuation ------------------------------------------------------


def commands(log):
    return [(line.number, line.tokens) for line in log.lines]


EXPECTED = [
    (2, ("session", "1", "--title", "The ford")),
    (5, ("note", "a b")),
    (6, ("session", "end")),
]
BODY = '# heading\nsession 1 --title "The ford"\n\n  # aside\nnote "a b"  # why\nsession end\n'


@pytest.mark.parametrize(
    "data",
    [
        BODY,
        BODY.encode(),
        "\ufeff" + BODY,
        b"\xef\xbb\xbf" + BODY.encode(),
        BODY.replace("\n", "\r\n"),
        BODY.replace("\n", "\r\n").encode(),
        BODY.replace("\n", "\r"),
        BODY.rstrip("\n"),
        "\ufeff" + BODY.replace("\n", "\r\n").rstrip("\r\n"),
        "\ufeff\ufeff" + BODY,  # a BOM written twice: both dropped, no "no session is open"
        b"\xef\xbb\xbf\xef\xbb\xbf" + BODY.encode(),
    ],
)
def test_encodings_and_line_ends_read_the_same(data):
    log = read_log(data, "ford.log")
    assert commands(log) == EXPECTED
    assert log.name == "ford.log" and log.version == 1
    assert log.lines[1] == LogLine(5, 'note "a b"  # why', ("note", "a b"))
    (block,) = log.blocks
    assert (block.number, block.first_line, block.lines) == (1, 2, log.lines)
    assert block.digest == sha(
        'session 1 --title "The ford"\n\n  # aside\nnote "a b"  # why\nsession end\n'
    )
    assert block.digest == sha(BODY.split("\n", 1)[1])


def test_continuation_and_multiline_quotes():
    text = (
        "session 1\n"
        "note first \\\n"
        "  second\\\n"
        "third\n"
        'note "two\n'
        'lines" after\n'
        "note 'a\\\n"
        "b'\n"
        "note x # not continued \\\n"
        "note y\n"
        "note \\\n"
        "\n"
        "note z\n"
    )
    log = read_log(text)
    assert commands(log) == [
        (1, ("session", "1")),
        (2, ("note", "first", "secondthird")),
        (5, ("note", "two\nlines", "after")),
        (7, ("note", "a\\\nb")),
        (9, ("note", "x")),
        (10, ("note", "y")),
        (11, ("note",)),
        (13, ("note", "z")),
    ]
    assert log.lines[1].text == "note first \\\n  second\\\nthird"
    assert log.lines[2].text == 'note "two\nlines" after'


def test_continuation_with_crlf():
    log = read_log(b"session 1\r\nnote a \\\r\n b\r\nnote c\r\n")
    assert commands(log) == [(1, ("session", "1")), (2, ("note", "a", "b")), (4, ("note", "c"))]


def test_empty_and_comment_only_logs():
    for text in ["", "\n\n", "# nothing yet\n", "\ufeff", "#! campaign-log 1\n"]:
        log = read_log(text)
        assert (log.version, log.lines, log.blocks) == (1, (), ())


# --- the grammar header ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "first", ["#! campaign-log 1", "#!campaign-log 1", "#!  campaign-log\t1  ", "# campaign-log 2"]
)
def test_header_accepted(first):
    log = read_log(f"{first}\nsession 1\n")
    assert log.version == 1
    assert commands(log) == [(2, ("session", "1"))]


def test_header_absent_means_1_and_counts_only_on_line_1():
    assert read_log("session 1\n").version == 1
    assert read_log("\n#! campaign-log 2\nsession 1\n").version == 1
    assert read_log(b"\xef\xbb\xbf#! campaign-log 1\r\nsession 1\r\n").version == 1


@pytest.mark.parametrize(
    "first",
    ["#! campaign-log 2", "#! campaign-log 0", "#! campaign-log 1.0", "#! campaign-log", "#!sh"],
)
def test_header_refused(first):
    with pytest.raises(LogSyntaxError) as caught:
        read_log(f"{first}\nsession 1\n", "ford.log")
    assert str(caught.value).startswith("ford.log:1: ")
    assert "expected campaign-log 1" in str(caught.value)
    assert caught.value.line == 1


# --- session blocks -------------------------------------------------------------------------------


LOG = """#! campaign-log 1
# Session 12 — the ford
session 12 --date 2026-11-21
note a
session end
# Session 13
session 13
note b

session 14 --title "x"
note c"""


def test_blocks():
    log = read_log(LOG, "ford.log")
    assert [(b.number, b.first_line) for b in log.blocks] == [(12, 3), (13, 7), (14, 10)]
    assert [[line.number for line in b.lines] for b in log.blocks] == [[3, 4, 5], [7, 8], [10, 11]]
    assert [b.digest for b in log.blocks] == [
        sha("session 12 --date 2026-11-21\nnote a\nsession end\n"),  # not the next heading
        sha("session 13\nnote b\n"),
        sha('session 14 --title "x"\nnote c\n'),
    ]


def test_block_digest_ignores_line_ends_bom_and_the_preamble():
    plain = read_log(LOG)
    assert [b.digest for b in read_log(LOG.replace("\n", "\r\n")).blocks] == [
        b.digest for b in plain.blocks
    ]
    assert [b.digest for b in read_log(b"\xef\xbb\xbf" + LOG.encode()).blocks] == [
        b.digest for b in plain.blocks
    ]
    assert [b.digest for b in read_log(LOG.replace("the ford", "a river")).blocks] == [
        b.digest for b in plain.blocks
    ]


def test_block_digest_sees_comments_blank_lines_and_spacing_inside_the_block():
    digests = [b.digest for b in read_log(LOG).blocks]
    inside = [b.digest for b in read_log(LOG.replace("note a\n", "note a\n# aside\n")).blocks]
    assert inside[0] != digests[0] and inside[1:] == digests[1:]
    blank = [b.digest for b in read_log(LOG.replace("note b\n", "\nnote b\n")).blocks]
    assert blank[1] != digests[1] and blank[0] == digests[0]
    spaced = [b.digest for b in read_log(LOG.replace("note c", "note  c")).blocks]
    assert spaced[2] != digests[2]


def test_appending_a_session_leaves_the_earlier_blocks_digests_alone():
    # The GM replays session 12, then adds a heading and session 13 below it: session 12's
    # block must still be recognised as already recorded (docs/cli.md#replay: a session once).
    first = "session 12\nnote a\n"
    grown = first + "\n# Session 13 — the hills\nsession 13\nnote b\n"
    assert read_log(grown).blocks[0].digest == read_log(first).blocks[0].digest
    heading = [b.digest for b in read_log(LOG.replace("Session 13", "Session XIII")).blocks]
    assert heading == [b.digest for b in read_log(LOG).blocks]


def test_session_open_while_open_starts_a_new_block():
    log = read_log("session 1\nnote a\nsession 2\nnote b\nsession end\n")
    assert [(b.number, len(b.lines)) for b in log.blocks] == [(1, 2), (2, 3)]


def test_session_numbers_are_taken_as_written():
    # increasing order is the store's rule (it knows earlier files), not this layer's
    log = read_log("session 007\nsession 3\n")
    assert [b.number for b in log.blocks] == [7, 3]


# --- every error names the file and the line ------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "where", "fragment"),
    [
        (b"note a\n", "ford.log:1: ", "no session is open; a log starts with `session N`"),
        (b"# c\n\n  note a\n", "ford.log:3: ", "no session is open; a log starts with `session N`"),
        (b"session end\n", "ford.log:1: ", "no session is open"),
        (b"session 1\nsession end\nnote a\n", "ford.log:3: ", "`session end` on line 2"),
        (b"session 1\nsession end\n\nsession end\n", "ford.log:4: ", "no session is open"),
        (b"session\n", "ford.log:1: ", "`session` needs a number"),
        (b"session 0\n", "ford.log:1: ", "'0' is not a session number"),
        (b"\nsession -1\n", "ford.log:2: ", "'-1' is not a session number"),
        (b"session 1\nsession twelve\n", "ford.log:2: ", "'twelve' is not a session number"),
        (b"session 2.5\n", "ford.log:1: ", "'2.5' is not a session number"),
        ("session \u0663\n".encode(), "ford.log:1: ", "is not a session number"),
        (b"session 1\nnote 'abc\nnote b\n", "ford.log:2: ", "unclosed ' quote at column 6"),
        (
            b'session 1\nnote a \\\n  --cause "abc\nnote b\n',
            "ford.log:3: ",
            'unclosed " quote at column 11',
        ),
        (b'session 1\r\nnote "a\r\n', "ford.log:2: ", 'unclosed " quote at column 6'),
        (b"session 1\nnote a \\", "ford.log:2: ", "backslash at column 8 continues the command"),
        (b"session 1\nnote a \\\n", "ford.log:2: ", "backslash at column 8 continues the command"),
        (b"session 1\nnote caf\xe9\n", "ford.log:2: ", "not valid UTF-8 (byte 0xe9 at column 9)"),
        (b"session 1\r\n\r\nx\xff\r\n", "ford.log:3: ", "not valid UTF-8 (byte 0xff at column 2)"),
        (b"session 1\r\rn \xc3\n", "ford.log:3: ", "not valid UTF-8 (byte 0xc3 at column 3)"),
        (b"#! campaign-log 9\n", "ford.log:1: ", "expected campaign-log 1"),
    ],
)
def test_errors_name_file_and_line(data, where, fragment):
    with pytest.raises(LogSyntaxError) as caught:
        read_log(data, "ford.log")
    error = caught.value
    assert str(error).startswith(where), str(error)
    assert fragment in str(error)
    assert error.field == "line"
    assert error.value == error.line == int(where.split(":")[1])
    assert error.name == "ford.log"
    assert error.expected


def test_default_name():
    with pytest.raises(LogSyntaxError, match=r"^<log>:1: no session is open"):
        read_log("note a")


# --- the plain-line shortcut ----------------------------------------------------------------------

PIECES = ["a", "b1", "-2", "+3", "--opt", "day", "é", "💀", " ", "\t", "\x0b", "\x0c", "\xa0",
          "\u2028", "\r", "=", ":", ",", "x\x00y"]  # fmt: skip
PLAIN_LINES = st.lists(st.sampled_from(PIECES), max_size=12).map("".join)


@given(st.lists(PLAIN_LINES, max_size=6).map("\n".join))
def test_a_line_without_quote_backslash_or_comment_reads_as_the_full_scan_reads_it(text):
    """read_log splits such a line on blanks without scanning it character by character
    (campaign.sessionlog.quoting._SPECIAL); the words are the same as the full scan's."""
    import campaign.sessionlog.quoting as logfile

    text = f"session 1\n{text}"
    fast = read_log(text)
    saved = logfile._SPECIAL
    logfile._SPECIAL = ("",)  # "" is in every line: the full scan for all of them
    try:
        full = read_log(text)
    finally:
        logfile._SPECIAL = saved
    assert fast == full
    assert all(" " not in word and "\t" not in word for line in fast.lines for word in line.tokens)


@pytest.mark.parametrize(
    ("line", "argument"),
    [
        ("session 12", "12"),
        ('session --title "Opening night" 12', "12"),  # refused in a log, read live
        ("session --date=2026-01-01 12 --title x", "12"),
        ("session --note wrap end", "end"),
        ("session -- 12", "12"),
        ("session --title x", None),
    ],
)
def test_a_session_lines_argument_is_found_wherever_its_options_stand(line, argument):
    assert session_argument(tuple(shlex.split(line))) == argument
    if argument is not None and argument != "end":
        (block,) = read_log(f"{line}\nnote a\n".encode(), name="s.log").blocks
        assert block.number == int(argument)


def test_every_option_of_session_takes_a_value():
    """What session_argument assumes: an option word is followed by its value."""
    from typer.main import get_command

    from cli.logging import sessions

    holder = typer.Typer()
    holder.callback()(lambda: None)
    sessions.register(holder)
    session = get_command(holder).commands["session"]
    options = [p for p in session.params if p.param_type_name == "option"]
    assert options and all(not p.is_flag for p in options)
