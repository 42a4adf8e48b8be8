"""Given the report of the bundled example campaign (examples/campaign/), the GM's and the
players', when headless Chromium opens it from a file (tests/browser.py), then nothing goes wrong
in the page — no console error, no uncaught exception, no failed load, no Content-Security-Policy
violation — every chart is drawn by Chart.js as the page is rendered (one visible mark per
figure of `stats --json` that is not 0, each bar as tall as its figure on its chart's scale, a
point where a company's figure changed, a session axis named by a few whole numbers, every
chart within the page's width), and a full-page screenshot is taken. The players' report of the
campaign whose GM-only fields hold markers shows none of them, in its rendered text or anywhere
in its document. A generated campaign of 100 sessions opens the same way, in time (slow).
docs/cli.md#report says what the page holds."""

from __future__ import annotations

import json
import struct

import pytest

from tests import browser
from tests.cli.test_player_recap_hides_what_is_behind_the_screen import recorded
from tests.report_figures import bar_figures, line_points
from tests.system.conftest import Runner
from tests.system.test_report_replay_in_a_browser import replay_agrees

__all__ = ["recorded"]  # the marker campaign's fixture, shared with the players' recap

pytestmark = pytest.mark.browser

BARS = ("casualties", "morale-tests", "rulings", "items")
LINES = ("company-morale", "company-fit")

# In the rendered page: each mark Chart.js drew on a chart — a bar's height in pixels, by
# `<chart>-<series>-<session>`, a line's points, by `<chart>-<handle>` — the session axis' labels,
# and whether the chart fits the page.
_MARKS = """(chart) => {
    const figure = document.getElementById(`chart-${chart}`);
    if (!figure) return null;
    const canvas = figure.querySelector("canvas");
    const drawn = Chart.getChart(canvas);
    if (!drawn) return null;
    const marks = {};
    const labels = drawn.data.labels;
    drawn.data.datasets.forEach((dataset, i) => {
        const meta = drawn.getDatasetMeta(i);
        const shown = drawn.isDatasetVisible(i);
        if (meta.type === "line") {
            marks[`${chart}-${dataset.id}`] = shown
                ? meta.data.filter((point) => !point.skip && point.options.radius > 0).length
                : 0;
            return;
        }
        meta.data.forEach((bar, at) => {
            marks[`${chart}-${dataset.id}-${labels[at]}`] = shown ? Math.abs(bar.base - bar.y) : 0;
        });
    });
    const x = drawn.scales.x;
    const ticks = x.ticks.map((tick) => String(x.getLabelForValue(tick.value)));
    const box = canvas.getBoundingClientRect();
    return {marks, ticks, fits: box.width > 0 && box.height > 0
                                && box.right <= document.documentElement.scrollWidth};
}"""


def _expected(stats: dict) -> tuple[dict[str, int], dict[str, int]]:
    """The figure of each bar that `stats --json` says is not 0, by its id, and the number of
    points of each company's line (a session's end where its figure changed), by its id."""
    bars = bar_figures(stats)
    points = {
        f"company-{key}-{company['handle']}": line_points(company[key])
        for company in stats["companies"]
        for key in ("morale", "fit")
    }
    return {mark: value for mark, value in bars.items() if value}, points


def _every_chart_is_drawn(page, stats: dict, charts: tuple[str, ...]) -> None:
    bars, points = _expected(stats)
    for chart in charts:
        drawn = page.evaluate(_MARKS, chart)
        assert drawn is not None, f"no chart {chart} in the page"
        assert drawn["fits"], f"the chart {chart} is cut at the page's edge"
        marks = drawn["marks"]
        # the session axis: a few whole numbers, in order, from the first sessions to the last
        ticks = [int(tick) for tick in drawn["ticks"]]
        sessions = [s["session"] for s in stats["sessions"]]
        assert ticks == sorted(ticks) and set(ticks) <= set(sessions), (chart, ticks)
        assert len(ticks) == len(sessions) or 3 <= len(ticks) <= 12, (chart, ticks)
        assert ticks[0] <= sessions[min(4, len(sessions) - 1)], (chart, ticks)
        assert ticks[-1] >= sessions[max(-5, -len(sessions))], (chart, ticks)
        if chart in LINES:
            assert marks == {k: v for k, v in points.items() if k.startswith(chart)}, chart
            continue
        expected = {mark: value for mark, value in bars.items() if mark.startswith(f"{chart}-")}
        assert {mark for mark, height in marks.items() if height} == set(expected), chart
        # one scale a chart: each bar is as tall as its figure, to a pixel and a half
        top = max(expected, key=expected.__getitem__)
        scale = marks[top] / expected[top]
        for mark, value in expected.items():
            assert abs(marks[mark] - value * scale) <= 1.5, (mark, marks[mark], value * scale)


def _png_size(path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", head[16:24])


def _report(run: Runner, tmp_path, *args: str):
    out = tmp_path / "report.html"
    run("report", "-o", str(out), *args)
    return out


@pytest.mark.parametrize(
    ("args", "charts"), [((), BARS + LINES), (("--players",), ("casualties", "morale-tests",
                                                                "items", *LINES))],
    ids=["gm", "players"],
)  # fmt: skip
def test_the_example_report_draws_every_chart_and_nothing_goes_wrong(
    example_campaign, open_report, tmp_path, args, charts
):
    page = open_report(_report(example_campaign, tmp_path, *args))
    stats = json.loads(example_campaign("stats", "--json"))
    _every_chart_is_drawn(page, stats, charts)
    if args:
        assert page.locator("#chart-rulings").count() == 0
    shot = browser.screenshot(page, tmp_path / "report.png")
    width, height = _png_size(shot)
    assert width == browser.VIEWPORT["width"] and height >= browser.VIEWPORT["height"]
    assert shot.stat().st_size > 50_000, "a blank page"
    assert browser.problems(page) == []


def test_the_players_report_shows_no_marker(recorded, open_report, tmp_path):
    out = tmp_path / "players.html"
    recorded("report", "--players", "-o", str(out))
    page = open_report(out)
    shown = page.evaluate("document.body.innerText")
    document = page.evaluate("document.documentElement.outerHTML")
    assert "Ambush at the ford" in shown and "The party crossed the ford at dusk" in shown
    assert "MARKER" not in shown and "MARKER" not in document
    assert "rules said" not in shown
    assert browser.problems(page) == []
    # the GM's page shows them: the check above had markers to find
    gm = tmp_path / "gm.html"
    recorded("report", "-o", str(gm))
    gm_page = open_report(gm)
    assert "MARKER-SECRET-NOTE" in gm_page.evaluate("document.body.innerText")


@pytest.mark.slow
def test_a_report_of_100_sessions_opens_in_time_and_replays_a_late_session(open_report, tmp_path):
    from benchmarks.generate import Campaign

    log = tmp_path / "campaign.log"
    log.write_text(Campaign(7).log(100, 200), "utf-8")
    run = Runner(str(tmp_path / "campaign.db"))
    run("replay", str(log))
    page = open_report(_report(run, tmp_path))  # within browser.TIMEOUT_MS, or it fails
    stats = json.loads(run("stats", "--json"))
    assert len(stats["sessions"]) == 100
    _every_chart_is_drawn(page, stats, BARS + LINES)
    assert page.locator("article.session").count() == 100
    # the replay of a late session: its data decoded when picked, its states those of status
    assert page.locator("script[type='application/json']").count() == 100
    page.select_option("#replay-session", "97")
    page.focus("#replay-slider")
    for key in ("ArrowRight", "ArrowRight", "End"):
        page.keyboard.press(key)
        assert replay_agrees(page, run) > 0
    shot = browser.screenshot(page, tmp_path / "report.png", full_page=False)
    assert shot.stat().st_size > 50_000
    assert browser.problems(page) == []
