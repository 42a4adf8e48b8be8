"""``status`` read at a glance (docs/cli.md#status): a character without D6Harmonie traits is not
"in creation", a retainer who quit reads as gone from their employer's service, and the board
shows a group's handle and kind apart, its name under the handle."""

import json
import shlex

import pytest

LOG = """\
session 1
company hire levy --troop militia --size 10 --name "Hollowmere Levy"
encounter start ford --name "The ford"
encounter group ford bandits --count 12 --morale 7 --name "Redcap bandits"
encounter join ford levy
character create isolde --name "Isolde Varga"
character create brynn --name Brynn --flaw phobie-legere:spiders
character create tamsin --name "Tamsin Reed" --retainer-of isolde --employer-cha 13
character create piet --name "Piet" --retainer-of isolde --employer-cha 13
loyalty tamsin --after-adventure --roll 6,6
"""


@pytest.fixture
def status(in_store, monkeypatch):
    """The ford, typed live; then ``status`` as text at 100 columns, without colour."""
    for line in LOG.splitlines():
        in_store(*shlex.split(line))
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setenv("NO_COLOR", "1")

    def read(*args: str) -> str:
        return in_store("status", *args)

    return read


def _title(text: str, handle: str) -> str:
    return next(line for line in text.splitlines() if f"({handle})" in line)


def test_a_character_without_traits_is_not_in_creation(status):
    text = status()
    assert "in creation" not in _title(text, "isolde")  # a PC never given a trait
    assert "in creation" not in _title(text, "piet")  # a retainer, who never gets one
    assert "in creation" in _title(text, "brynn")  # a flaw taken, creation not finalized


def test_a_retainer_who_quit_reads_as_gone_from_the_service(status):
    quit, staying = _title(status(), "tamsin"), _title(status(), "piet")
    assert "left isolde's service" in quit and "retainer of" not in quit
    assert "retainer of isolde" in staying and "left" not in staying


def test_the_board_shows_the_handle_and_the_kind_apart(status):
    lines = status().splitlines()
    header = next(line for line in lines if "Group" in line and "Count" in line)
    assert "Kind" in header
    bandits = next(line for line in lines if "bandits" in line and "Redcap" not in line)
    cells = [cell.strip() for cell in bandits.split("│")]
    assert "bandits" in cells and "monsters" in cells  # two cells, not "bandits monsters"
    levy = next(line for line in lines if line.startswith("│levy"))
    assert [c.strip() for c in levy.split("│")][1:3] == ["levy", "company"]
    # the name under the handle, in the Group column alone
    name = next(line for line in lines if "Redcap bandits" in line)
    assert [c.strip() for c in name.split("│")][1:3] == ["Redcap bandits", ""]


def test_the_json_keeps_its_keys(in_store):
    for line in LOG.splitlines():
        in_store(*shlex.split(line))
    data = json.loads(in_store("status", "--json"))
    tamsin = next(c for c in data["characters"] if c["handle"] == "tamsin")
    assert tamsin["in_service"] is False and tamsin["retainer_of"] == "isolde"
    assert data["encounters"][0]["groups"][0]["kind"] == "monsters"


MILL = """\
session 1
company hire grey-company --troop trained --size 12 --name "The Grey Company"
encounter start mill --name "The Redcaps at the burnt mill"
encounter group mill bandits --count 10 --morale 6 --name "Redcap bandits"
encounter group mill wolves --count 5 --morale 6 --name "Redcap war-wolves"
encounter join mill grey-company
casualty mill bandits 2
casualty mill bandits 3 --incapacitated
casualty mill wolves 3
encounter group mill skeletons --count 6 --morale 12 --name "Barrow skeletons"
"""


@pytest.mark.parametrize("columns", range(70, 91))
def test_the_board_keeps_its_right_edge_on_a_narrow_terminal(in_store, monkeypatch, columns):
    # Rich shrinks a board too wide for the terminal column by column, then widens the Status
    # column back to its 15 ("fights-to-death"): past the edge, where the terminal cut it off
    for line in MILL.splitlines():
        in_store(*shlex.split(line))
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("NO_COLOR", "1")
    text = in_store("status")
    board = [line for line in text.splitlines() if line and line[0] in "┏┃┡│└"]
    assert board and all(line[-1] in "┓┃┩│┘" for line in board), text
    assert max(len(line) for line in text.splitlines()) <= columns
