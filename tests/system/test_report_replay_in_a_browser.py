"""The report's session replay, in Debian's headless Chromium: the slider moves the board.

Given the example campaign's report (the GM's and the players'), when a reader picks a session
and moves the slider with the arrow keys, then at each position the page names the event it
stands after, and every number of the board, the companies and the characters is the one
`status --as-of event:N --json` gives; no console error, no policy violation on the way
(docs/cli.md#report).
"""

import json

import pytest

from tests import browser

pytestmark = pytest.mark.browser
__all__ = ["replay_agrees"]  # shared with the 100-session report's test
STEPS = 12  # slider positions checked a session, from its start on


def _report(example_campaign, tmp_path, *args: str):
    out = tmp_path / "report.html"
    example_campaign("report", "-o", str(out), *args)
    return out


def _cells(row) -> dict[str, str]:
    return {
        cell.get_attribute("data-key"): cell.inner_text() for cell in row.query_selector_all("td")
    }


def _rows(page, kind: str, listed: list[dict]) -> list[tuple[dict, dict[str, str]]]:
    """Each row of the replay's table of ``kind`` (company, character) with the entry of
    ``status --json`` it names (a session shows those it touched)."""
    entries = {entry["handle"]: entry for entry in listed}
    table = {"company": "replay-companies", "character": "replay-characters"}[kind]
    rows = page.query_selector_all(f"#{table} tbody tr")
    named = [row.get_attribute(f"data-{kind}") for row in rows]
    assert set(named) <= entries.keys() and len(set(named)) == len(named), kind
    return [(entries[name], _cells(row)) for name, row in zip(named, rows, strict=True)]


def replay_agrees(page, example_campaign) -> int:
    """The page's numbers against `status --as-of` at the event it names; how many it checked."""
    position = page.get_attribute("#replay-position", "data-position")
    status = json.loads(example_campaign("status", "--json", "--as-of", f"event:{position}"))
    assert page.inner_text("#replay-clock") == status["clock"]
    groups = {f"{e['handle']}/{g['handle']}": g for e in status["encounters"] for g in e["groups"]}
    checked = 0
    for row in page.query_selector_all("#replay-board tbody tr"):
        group = groups[row.get_attribute("data-group")]
        for key, shown in _cells(row).items():
            if key in ("count", "killed", "incapacitated", "out", "effective_morale", "status"):
                assert shown == str(group[key]), (position, key)
                checked += 1
    for company, cells in _rows(page, "company", status["companies"]):
        for key in ("size", "fit", "killed", "incapacitated", "morale"):
            assert cells[key] == str(company[key]), (position, key)
            checked += 1
    for character, cells in _rows(page, "character", status["characters"]):
        assert cells["damage_taken"] == str(character["damage_taken"])
        for item in character["items"]:
            assert f"{item['name']}: {item['state']}" in cells["items"]
            checked += 1
    return checked


@pytest.mark.parametrize("version", [(), ("--players",)], ids=["gm", "players"])
def test_the_slider_moves_the_board_to_the_state_status_as_of_gives(
    open_report, example_campaign, tmp_path, version
):
    page = open_report(_report(example_campaign, tmp_path, *version))
    checked = 0
    for session in ("1", "2", "3"):
        page.select_option("#replay-session", session)
        page.focus("#replay-slider")
        last = int(page.get_attribute("#replay-slider", "max"))
        assert last > STEPS
        seen = set()
        for _ in range(STEPS):
            page.keyboard.press("ArrowRight")
            checked += replay_agrees(page, example_campaign)
            seen.add(page.get_attribute("#replay-position", "data-position"))
        page.keyboard.press("End")
        assert page.input_value("#replay-slider") == str(last)
        checked += replay_agrees(page, example_campaign)
        assert len(seen) == STEPS  # each key press moved on by one command
    assert checked > 300
    assert browser.problems(page) == []


def test_a_step_shows_its_log_line_and_what_it_recorded(open_report, example_campaign, tmp_path):
    page = open_report(_report(example_campaign, tmp_path))
    page.select_option("#replay-session", "2")
    page.focus("#replay-slider")
    page.keyboard.press("End")
    assert page.inner_text("#replay-line") == "session end"
    assert "session-ended" in page.inner_text("#replay-said")
    assert browser.problems(page) == []
