"""Given a history shown as a table, then a command breaks between its words — an option such
as ``--retainer-of`` is never split at its hyphen while it fits on a line — and a long history
drawn in chunks at 80 columns keeps the rules' answer and the ruling whole (``fighting``, not
``fightin`` over ``g``): its ``#`` column is as wide as the store's last position, not 7."""

from __future__ import annotations

import pytest
from rich.console import Console

from cli.render.common import Handle
from cli.render.history import RULED_WIDTH, RULES_WIDTH, _fixed_widths

COMMAND = 'character create tamsin --name "Tamsin Reed" --retainer-of isolde --employer-cha 13'


def lines(renderable, width: int) -> list[str]:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return [line.rstrip() for line in console.export_text().splitlines()]


@pytest.mark.parametrize("width", range(20, 60))
def test_a_command_breaks_between_words_while_each_fits(width):
    shown = lines(Handle(COMMAND), width)
    assert " ".join(shown) == COMMAND  # every break at a space
    assert all(len(line) <= width for line in shown)


def test_a_word_wider_than_the_line_breaks_after_a_hyphen():
    assert lines(Handle("greywater-ford/red-hand-goblins-right"), 20) == [
        "greywater-ford/red-",
        "hand-goblins-right",
    ]
    assert lines(Handle(COMMAND), 12)[6:8] == ["--retainer-", "of isolde"]


@pytest.mark.parametrize("number", [1, 3, 4, 5, 7])
@pytest.mark.parametrize("width", [80, 100, 120, 200])
def test_the_chunked_tables_columns_fill_the_terminal_and_keep_status_words(width, number):
    widths = _fixed_widths(width, number)
    assert sum(widths) + number + 7 + 2 * 6 == width  # six columns: borders and padding
    assert widths[2] >= RULES_WIDTH >= len("surrender")
    assert widths[3] >= RULED_WIDTH >= len("surrendered")


def test_a_long_history_at_80_columns_keeps_the_rulings_whole(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from cli.main import app

    monkeypatch.setattr("cli.render.history.HISTORY_WHOLE", 5)  # drawn in chunks
    monkeypatch.setattr("cli.render.history.HISTORY_CHUNK", 7)
    log = tmp_path / "one.log"
    groups = [f"encounter group e g{n} --count 4 --morale 7" for n in range(3)]
    tests = [f"morale e g{n} --roll 2,2" for n in range(3)]
    log.write_text("\n".join(["session 1", "encounter start e", *groups, *tests]) + "\n")
    db = str(tmp_path / "campaign.db")
    runner = CliRunner()
    assert runner.invoke(app, ["--db", db, "replay", str(log)]).exit_code == 0
    result = runner.invoke(app, ["--db", db, "history"], env={"COLUMNS": "80", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    rows = [line for line in result.stdout.splitlines() if "encounter group" in line]
    assert len(rows) == 3
    for row in rows:  # a group enters fighting: the rules' answer, the ruling, each whole
        cells = [cell.strip() for cell in row.split("│")]
        assert cells[4:6] == ["fighting", "fighting"], row


def test_the_arrow_of_a_derived_event_stays_with_its_kind():
    assert lines(Handle("  ↳ morale-check-due"), 18) == ["  ↳ morale-check-", "due"]
    assert lines(Handle("  ↳ casualty-recorded"), 30) == ["  ↳ casualty-recorded"]
