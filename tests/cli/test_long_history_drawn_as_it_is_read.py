"""A long history's table starts printing at once and is drawn row by row (docs/PERFORMANCE.md,
B7): a history of a few hundred events is no longer one table measured whole before its first
line; the rows drawn at fixed widths are the rows Rich's ``Table`` draws at those widths — the
same text, every character in the same style (where a space's style shows: struck through,
underlined, reversed, a background) — wrapped at spaces, a word too wide cut with …, a
subject's handle folded after a - or a /. No timing here."""

from __future__ import annotations

import io

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.style import Style

from cli import render
from cli.render.common import printable
from cli.render.history import _fixed_widths, _history_rows, _history_table
from cli.render.history_cells import Seen, plain_row
from cli.render.rows import body_lines, plain_body
from tests.service.test_streaming import Spy, events

LONG_COMMAND = (
    'character create tamsin --name "Tamsin Reed" --retainer-of isolde --employer-cha 13 '
    "--flaw phobia-mild:greywater-marches-and-the-higher-fells --advantage ally:the-abbess"
)


def varied(n: int) -> list[dict]:
    """``n`` history rows with what a table meets: long commands and handles, derived events,
    rulings that depart from the rules, a points cap, choices, notes with a GM, a tab, a line
    break, wide characters, text that looks like console markup, retracted commands."""
    commands = [LONG_COMMAND, "note [bold]not markup[/bold] :smile:", "morale e g --roll 2,2",
                "save brynn --roll 1 --item brynn/Tower shield"]  # fmt: skip
    kinds = ["trait-taken", "morale-tested", "note-taken", "item-saved"]
    subjects = ["greywater-ford/red-hand-goblins-right", "campaign", "", "中文字-兵"]
    rules_say = [4, ["flee", "fight"], "surrender", None, "fight"]
    ruled = [6, "fight", "surrendered", None, "fight"]
    notes = [None, "a note that runs on and on past the width of its column, twice over",
             "tab\there", "line\nbreak", "短い"]  # fmt: skip
    rows = []
    for position in range(1, n + 1):
        first = position % 3 != 2
        rows.append({
            "position": position, "session": 1 + position // 25,
            "command": commands[position % 4],
            "command_position": position if first else position - 1,
            "kind": kinds[position % 4], "subject": subjects[position % 4],
            "rules_say": rules_say[position % 5], "ruled": ruled[position % 5],
            "note": notes[position % 5], "gm": ["gm", None, "Anna-Lena"][position % 3],
            "retracted": position % 7 == 0,
        })  # fmt: skip
    return rows


def styled_characters(lines: list[list[Segment]]) -> list[list[tuple[str, object]]]:
    """Each line as its characters, each with its style — for a space, only what shows."""
    shown = []
    for line in lines:
        characters = []
        for text, style, _ in line:
            style = style or Style.null()
            for character in text:
                seen = (style.strike, style.underline, style.reverse, style.bgcolor)
                characters.append((character, seen if character == " " else style))
        shown.append(characters)
    return shown


@pytest.mark.parametrize("color_system", [None, "truecolor"])
@pytest.mark.parametrize("width", [80, 81, 100, 137, 200])
def test_the_rows_drawn_at_fixed_widths_are_the_rows_rich_draws(width, color_system):
    console = Console(width=width, color_system=color_system, file=io.StringIO())
    widths = _fixed_widths(width, 3)
    table = _history_table(True, widths=widths, number=3)
    header = len(console.render_lines(table, console.options)) - 1  # edge, header, separator
    _history_rows(table, varied(120), True, Seen())
    expected = console.render_lines(table, console.options)[header:-1]
    drawn = body_lines(console, console.options, table)
    assert ["".join(s.text for s in line) for line in drawn] == [
        "".join(s.text for s in line) for line in expected
    ]
    if color_system:
        assert styled_characters(drawn) == styled_characters(expected)


def plain_rows(n: int) -> list[dict]:
    """:func:`varied` rows, and rows of ASCII text the way a table with no colours lays out
    from the text alone: the campaign's creation and the session it opened, a `session end`
    that ended a condition, words wider than their column in a command and a note, a long GM."""
    rows = varied(n)
    words = "character create isolde --advantage weapon-master:longsword-of-the-marches --x 1"
    more = [
        {"kind": "initialised", "command": "session 1 --title x", "session": None, "gm": "ann"},
        {"kind": "session-opened", "command": "session 1 --title x", "session": 1,
         "gm": "anna-lena-of-the-marches"},
        {"kind": "condition-ended", "command": "session end", "note": "cut-short-a-b-c-d-e-f-g"},
        {"kind": "session-ended", "command": "session end", "note": words},
        {"kind": "trait-taken", "command": words, "subject": "isolde", "rules_say": 20,
         "ruled": 30},
    ]  # fmt: skip
    for row, extra in zip(rows[-len(more) :], more, strict=True):
        row.update(extra, command_position=row["position"] - (extra["kind"].endswith("ended")))
    rows[-4]["command_position"] = rows[-5]["position"]
    return rows


@pytest.mark.parametrize("gm", [0, 3, 24])
@pytest.mark.parametrize("width", [80, 81, 100, 137, 200])
def test_a_table_with_no_colours_is_drawn_from_the_cells_text_as_rich_draws_it(width, gm):
    # where no style reaches the output, a long history's rows are laid out from each cell's
    # text (rows.plain_body): the same lines Rich's Table draws from the cells' renderables
    console = Console(width=width, color_system=None, file=io.StringIO())
    widths = _fixed_widths(width, 3, gm=gm)
    table = _history_table(True, gm=bool(gm), widths=widths, number=3)
    header = len(console.render_lines(table, console.options)) - 1  # edge, header, separator
    events = plain_rows(120)
    _history_rows(table, events, True, Seen(), gm=bool(gm))
    expected = console.render_lines(table, console.options)[header:-1]
    columns = _history_table(True, gm=bool(gm), widths=widths, number=3)
    seen = Seen()
    rows = (row for event in map(printable, events) for row in plain_row(event, seen, bool(gm)))
    drawn = plain_body(console, console.options, columns, rows)
    assert drawn == ["".join(segment.text for segment in line) for line in expected]
    assert any("created" in line for line in drawn) and any("↳" in line for line in drawn)
    assert width > 100 or any("…" in line for line in drawn)  # a word cut short


def test_a_history_of_a_few_hundred_events_starts_printing_before_it_is_read_whole():
    consumed = []
    spy = Spy(consumed)
    render.print_history(Console(file=spy, width=100, color_system=None), events(600, consumed))
    assert spy.at[0] < 600  # the first lines were out while the rest were unread
    lines = spy.getvalue().split("\n")[:-1]  # not splitlines(): a note holds U+2028
    assert lines[0].startswith("┏") and lines[-1].startswith("└")  # one table
    numbers = [line.split("│")[1].strip() for line in lines if line.startswith("│")]
    assert [int(n) for n in numbers if n] == list(range(1, 601))  # every row


def test_a_long_history_at_80_columns_breaks_at_spaces_and_cuts_only_words_too_wide(monkeypatch):
    monkeypatch.setattr("cli.render.history.HISTORY_WHOLE", 20)
    out = io.StringIO()
    render.print_history(Console(file=out, width=80, color_system=None), iter(varied(60)), last=60)
    text = out.getvalue()
    assert {cell_len(line) for line in text.split("\n")[:-1]} == {80}
    rows = [line.split("│")[1:-1] for line in text.split("\n") if line.startswith("│")]
    assert {len(row) for row in rows} == {6}  # no GM column at 80: the GM is the note's last line
    columns = ["".join("".join(row[n].split()) for row in rows) for n in range(6)]
    assert [int(n) for n in rows_numbers(rows)] == list(range(1, 61))  # every row
    assert columns[2].count("greywater-ford/red-hand-goblins-right") == 15  # folded after a -
    # the command over several lines, broken at its spaces; a word wider than the column is
    # cut short with … on a line of its own, not continued on the next
    command = _fixed_widths(80, 2)[0]
    words = [w if len(w) <= command else w[: command - 1] + "…" for w in LONG_COMMAND.split()]
    assert columns[1].count("".join(words)) == 10
    assert columns[3].count("oneofflee,fight") == 12
    assert columns[4].count("surrendered≠") == 12
    assert columns[5].count("(retracted)") == 60 // 7
    assert columns[5].count("gm:Anna-Lena") == 20 and columns[5].count("gm:gm") == 20


def rows_numbers(rows: list[list[str]]) -> list[str]:
    return [row[0].strip() for row in rows if row[0].strip()]
