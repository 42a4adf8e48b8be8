"""The history reads at a glance (docs/cli.md#reading): the GM's name in a column of its own,
not glued to the note; the campaign's creation read as what it is, not as a ``session 1``
command (the ``session 1`` line is the row of the session it opened); a ``session end`` that
ended a condition says so on its row; and at 60 or 80 columns no word is broken inside — lines
break at spaces, and a word wider than its column ends in ``…``. The ``--json`` output is not
touched by any of it."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from cli.main import app
from cli.render import plain

LONG_HANDLE = "brynn-of-the-greywater-marches-and-the-higher-fells"  # 51 letters
LONG_NOTE = (
    "the war cry of Brynn rang out over the water and the goblins held a moment longer, "
    "then broke for the reeds-and-rushes-of-the-western-bank-of-the-greywater-and-beyond"
)
LOG = f"""\
session 1 --date 2026-01-10 --title "Swords for Hire"
clock set "day 1 08:00"
character create anselm --name "Brother Anselm" --flaw phobie-legere:rats
character create {LONG_HANDLE} --name "Brynn" --flaw greed --advantage weapon-master:longsword
trait anselm phobia-mild:rats --result 3
note "{LONG_NOTE}"
encounter start greywater-ford
encounter group greywater-ford red-hand-goblins-right --count 12 --morale 7
morale greywater-ford red-hand-goblins-right --roll 3,5 --ruling fight --note "{LONG_NOTE}"
session end
"""


def replayed(tmp_path, *gm: str) -> str:
    log = tmp_path / "one.log"
    log.write_text(LOG, encoding="utf-8")
    db = str(tmp_path / "campaign.db")
    result = CliRunner().invoke(app, ["--db", db, *gm, "replay", str(log)])
    assert result.exit_code == 0, result.output
    return db


def history(db: str, columns: int, *args: str) -> str:
    result = CliRunner().invoke(
        app, ["--db", db, "history", *args], env={"COLUMNS": str(columns), "NO_COLOR": "1"}
    )
    assert result.exit_code == 0, result.output
    return result.stdout


def events(db: str) -> list[dict]:
    return json.loads(history(db, 80, "--json"))["events"]


def rows(text: str) -> list[list[str]]:
    """The table's rows, the header first, each as its cells' text joined over their lines (a
    row starts where its ``#`` is not blank, or with a session's heading)."""
    found: list[list[list[str]]] = []
    for line in text.splitlines():
        if not line.startswith(("│", "┃")):
            continue
        cells = [cell.strip() for cell in line[1:-1].split(line[0])]
        heading = not any(cells[2:]) and re.fullmatch(r"session \d+|before any session", cells[1])
        header_goes_on = found and line[0] == "┃" == found[-1][0][0]
        if (cells[0] or heading or not found or line[0] != found[-1][0][0]) and not header_goes_on:
            found.append([[line[0]], *[[cell] for cell in cells]])
        else:
            for column, cell in zip(found[-1][1:], cells, strict=True):
                column.append(cell)
    return [[" ".join(part for part in column if part) for column in row[1:]] for row in found]


@pytest.fixture(params=["whole", "streamed"])
def length(request, monkeypatch):
    """A history drawn whole, or as a long one is, a chunk at a time."""
    if request.param == "streamed":
        monkeypatch.setattr("cli.render.history.HISTORY_WHOLE", 5)
        monkeypatch.setattr("cli.render.history.HISTORY_CHUNK", 7)
    return request.param


def test_the_gm_has_a_column_of_their_own(tmp_path, length):
    db = replayed(tmp_path, "--gm", "ann")
    table = rows(history(db, 120))
    heads = table[0]
    assert heads[-1] == "GM" and "Note" in heads
    gm, note = heads.index("GM"), heads.index("Note")
    found = [row for row in table[1:] if row[0]]
    assert found and all(row[gm] == "ann" for row in found)
    assert not any("ann" in row[note] for row in found)  # not "… — ann"
    noted = [row for row in found if row[note]]
    assert noted and all(row[note].startswith("the war cry") for row in noted)


@pytest.mark.parametrize("columns", [80, 99])
def test_narrower_than_the_gm_column_needs_the_gm_is_the_notes_last_line(tmp_path, length, columns):
    # a seventh column at 80 columns left the note four letters wide ("Cam…", "sta…")
    db = replayed(tmp_path, "--gm", "ann")
    table = rows(history(db, columns))
    heads = table[0]
    assert "GM" not in heads
    note = heads.index("Note")
    found = [row for row in table[1:] if row[0]]
    assert found and all(row[note].endswith("gm: ann") for row in found)
    noted = [row for row in found if row[note] != "gm: ann"]
    assert noted and all(row[note].startswith("the war cry") for row in noted)


def test_no_gm_column_when_no_event_has_a_gm(tmp_path):
    db = replayed(tmp_path)
    assert "GM" not in rows(history(db, 120))[0]


def test_the_campaigns_creation_is_not_a_session_1_command(tmp_path, length):
    db = replayed(tmp_path)
    first, second = events(db)[:2]
    assert (first["kind"], first["command_position"]) == ("initialised", 1)  # --json as it was
    assert second["command_position"] == 1
    table = [row for row in rows(history(db, 120))[1:] if row[0]]
    assert table[0][:3] == ["1", "campaign created", "campaign"]
    assert table[1][0] == "2"
    assert table[1][1] == 'session 1 --date 2026-01-10 --title "Swords for Hire"'


def test_a_session_end_that_ended_a_condition_says_so(tmp_path, length):
    db = replayed(tmp_path)
    ended = [event for event in events(db) if event["kind"] == "condition-ended"]
    assert [(event["command"], event["subject"]) for event in ended] == [("session end", "anselm")]
    table = [row for row in rows(history(db, 120))[1:] if row[0]]
    (row,) = [row for row in table if row[0] == str(ended[0]["position"])]
    assert row[1] == "session end ↳ condition-ended" and row[2] == "anselm"


HEADS = "# Command (and what else it recorded) Subject Rules say Ruled Note GM rules say, ruled"


def tokens(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize("columns", [60, 80])
def test_no_word_is_broken_inside_at_80_or_60_columns(tmp_path, length, columns):
    # a handle in the Subject column and a derived event's kind (`↳ morale-check-due`) are
    # shown whole, broken after a - or a / where they must be (tests/cli/test_narrow_tables.py):
    # two groups of one encounter must not read alike; a command's or a note's words are not
    db = replayed(tmp_path, "--gm", "ann")
    text = history(db, columns)
    assert max(len(line) for line in text.splitlines()) <= columns
    known = set()
    for event in events(db):
        for key in ("command", "subject", "note", "kind", "gm"):
            known.update(tokens(event[key] or ""))
        known.update(re.findall(r"[^-]+-?", event["kind"]))  # its pieces
        known.update(tokens(plain(event["rules_say"]) + " " + plain(event["ruled"])))
    known.update(tokens(HEADS + " ↳ ≤ ≠ one of campaign created before any session note: gm:"))
    if columns < 80:  # a block of lines per event
        shown = [token.lstrip("#") for line in text.splitlines() for token in tokens(line)]
    else:
        table = rows(text)
        subject = table[0].index("Subject")
        shown = [token for row in table for cell in row[:subject] + row[subject + 1 :]
                 for token in tokens(cell)]  # fmt: skip
    cut = [token for token in shown if token.endswith("…")]
    for token in shown:
        if token.endswith("…"):  # cut short, not continued on the next line
            assert any(word.startswith(token[:-1]) for word in known), token
        elif not re.fullmatch(r"\d+|—", token):
            assert token in known or token.strip("(),") in known, token
    if columns == 80:
        assert any(token.startswith("weapon-master") for token in cut)  # not `weapon-` alone
