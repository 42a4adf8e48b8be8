"""`campaign report [--session N | --sessions A..B] [--players] [-o FILE]`: one HTML page.

Given the example campaign (examples/campaign/), when `report` writes its page, then the page is
self-contained — no `http:` or `https:` anywhere, two inline scripts (Chart.js's and the
page's own) and the sessions' data, a Content-Security-Policy of `default-src 'none'`, the
page's inline style and those scripts by their hashes only — and it tells what the reading
commands tell: the sessions of `history --json` with their dates, titles and clocks (`status
--as-of`), the charts' figures those of `stats --json` (each chart's configuration: a bar a
figure, a line's point where its figure changed), the audit's findings. `--session N` and
`--sessions A..B` narrow it, `-o -` writes it to stdout; bad options exit 2 and a missing store
exit 1, with nothing written (docs/cli.md#report).
"""

import base64
import hashlib
import json
import re
import tempfile
from html import unescape

import pytest

from tests.paths import ROOT
from tests.report_figures import bar_figures, line_points

LOGS = sorted((ROOT / "examples" / "campaign").glob("*.log"))


@pytest.fixture
def example(in_store):
    in_store("replay", *map(str, LOGS))
    return in_store


def _page(example, tmp_path, *args: str) -> str:
    out = tmp_path / "report.html"
    said = example("report", "-o", str(out), *args)
    assert said.strip() == f"wrote {out}"
    return out.read_text("utf-8")


def _stats(page: str) -> dict:
    found = re.search(r'<div hidden id="stats" data-stats="([^"]*)"', page)
    assert found is not None
    return json.loads(unescape(found.group(1)))


def _articles(page: str) -> list[dict[str, str]]:
    return [
        {key: unescape(value) for key, value in re.findall(r'data-([a-z-]+)="([^"]*)"', tag)}
        for tag in re.findall(r'<article class="session"[^>]*>', page)
    ]


def test_the_page_is_self_contained_with_a_strict_policy(example, tmp_path):
    page = _page(example, tmp_path)
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r"https?:", page, re.IGNORECASE)
    assert " src=" not in page and "<link" not in page
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", page, re.S)
    code = [body for attributes, body in scripts if 'type="application/json"' not in attributes]
    assert len(code) == 2 and len(scripts) == 2 + 3  # Chart.js, the page's, each session's data
    assert code[0].startswith("/*!\n * Chart.js v4.")
    digests = [base64.b64encode(hashlib.sha256(c.encode()).digest()).decode() for c in code]
    policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', page)
    assert policy is not None
    assert policy.group(1) == (
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
        f"script-src 'sha256-{digests[0]}' 'sha256-{digests[1]}'"
    )
    assert "@media print" in page and "@media (max-width" in page
    markup = re.sub(r"<script[^>]*>.*?</script>", "", page, flags=re.S)  # the HTML's own
    ids = re.findall(r'\bid="([^"]+)"', markup)
    assert len(ids) == len(set(ids)), "an id twice in the page"
    for target in re.findall(r'(?:href="|url\()#([^")]+)', markup):
        assert target in ids, target


def test_the_sessions_are_those_of_the_history_with_their_clocks(example, tmp_path):
    page = _page(example, tmp_path)
    events = json.loads(example("history", "--json"))["events"]
    numbers = sorted({e["session"] for e in events if e["session"] is not None})
    articles = _articles(page)
    assert [int(a["session"]) for a in articles] == numbers
    for article in articles:
        number = int(article["session"])
        opening = next(
            e for e in events if e["kind"] == "session-opened" and e["session"] == number
        )
        assert f"--date {article['date']}" in opening["command"]
        assert f'--title "{article["title"]}"' in opening["command"]
        start = json.loads(example("status", "--as-of", f"event:{opening['position']}", "--json"))
        end = json.loads(example("status", "--as-of", f"session:{number}", "--json"))
        assert (article["clock-start"], article["clock-end"]) == (start["clock"], end["clock"])
    # the recap's words: the rules' answer beside the GM's ruling
    assert "fight (the GM's ruling; the rules said flee)" in unescape(page)


def _configurations(page: str) -> dict[str, dict]:
    """Each chart's Chart.js configuration, by the chart's id, in the page's order."""
    found = re.findall(
        r'<figure id="chart-([a-z-]+)".*?<canvas [^>]*data-configuration="([^"]*)"', page
    )
    return {chart: json.loads(unescape(configuration)) for chart, configuration in found}


def _points(dataset: dict) -> int:
    """The points a line's dataset draws: where it has a figure and a radius."""
    return sum(
        value is not None and radius > 0
        for value, radius in zip(dataset["data"], dataset["pointRadius"], strict=True)
    )


def test_the_charts_draw_the_figures_of_stats(example, tmp_path):
    page = _page(example, tmp_path)
    stats = json.loads(example("stats", "--json"))
    assert _stats(page) == stats
    configurations = _configurations(page)
    assert list(configurations) == ["casualties", "morale-tests", "rulings", "company-morale",
                                    "company-fit", "character-damage", "items"]  # fmt: skip
    numbers = [s["session"] for s in stats["sessions"]]
    bars = {}
    for chart in ("casualties", "morale-tests", "rulings", "items"):
        configuration = configurations[chart]
        assert configuration["type"] == "bar" and configuration["data"]["labels"] == numbers
        assert configuration["options"]["scales"]["y"]["stacked"] is True
        for dataset in configuration["data"]["datasets"]:
            for number, value in zip(numbers, dataset["data"], strict=True):
                bars[f"{chart}-{dataset['id']}-{number}"] = value
    expected = bar_figures(stats)
    assert set(expected) <= set(bars)  # a bar a figure, 0 included
    assert {k: v for k, v in bars.items() if v} == {k: v for k, v in expected.items() if v}
    for key in ("morale", "fit"):
        lines = configurations[f"company-{key}"]["data"]["datasets"]
        assert [line["id"] for line in lines] == [c["handle"] for c in stats["companies"]]
        for line, company in zip(lines, stats["companies"], strict=True):
            assert line["data"] == company[key]
            assert _points(line) == line_points(company[key]), company


def test_the_characters_chart_draws_each_characters_damage_of_stats(example, tmp_path):
    # one line a character, of the damage taken that `stats --json` gives at each session's
    # end; a point where it changed from the session before (0 where the character was not
    # there); named in the legend
    page = _page(example, tmp_path)
    stats = json.loads(example("stats", "--json"))
    assert stats["characters"], "the example campaign has characters"
    configuration = _configurations(page)["character-damage"]
    lines = {line["id"]: line for line in configuration["data"]["datasets"]}
    assert set(lines) == {c["handle"] for c in stats["characters"]}
    for character in stats["characters"]:
        line = lines[character["handle"]]
        assert line["data"] == character["damage_taken"]
        damage = [0, *(0 if value is None else value for value in character["damage_taken"])]
        changed = [
            now is not None and now != damage[at]
            for at, now in enumerate(character["damage_taken"])
        ]
        assert _points(line) == sum(changed), character
        assert line["label"] == (character["name"] or character["handle"])
    assert configuration["options"]["plugins"]["legend"]["display"] is True


def test_a_chart_names_no_more_than_legend_series(example, tmp_path, monkeypatch):
    # past LEGEND series a chart's legend would hide it: the page's data holds them all
    from cli.render import charts

    monkeypatch.setattr(charts, "LEGEND", 1)
    page = _page(example, tmp_path)
    assert len(_stats(page)["characters"]) > 1
    legend = _configurations(page)["character-damage"]["options"]["plugins"]["legend"]
    assert legend["display"] is False


def test_the_audit_with_its_citations(example, tmp_path):
    page = _page(example, tmp_path)
    findings = json.loads(example("audit", "--json"))["findings"]
    rows = re.findall(r'<tr class="finding" data-code="([^"]*)">', page)
    assert rows == [f["code"] for f in findings]
    for finding in findings:
        assert finding["rule"]["name"] in unescape(page)


@pytest.mark.parametrize("args", [("--session", "2"), ("--sessions", "2..2")])
def test_one_session(example, tmp_path, args):
    page = _page(example, tmp_path, *args)
    assert [a["session"] for a in _articles(page)] == ["2"]
    stats = json.loads(example("stats", "--session", "2", "--json"))
    assert _stats(page)["sessions"] == stats["sessions"]
    findings = json.loads(example("audit", "--session", "2", "--json"))["findings"]
    rows = re.findall(r'<tr class="finding" data-code="([^"]*)">', page)
    assert rows == [f["code"] for f in findings]


def test_a_range_of_sessions(example, tmp_path):
    page = _page(example, tmp_path, "--sessions", "2..3")
    assert [a["session"] for a in _articles(page)] == ["2", "3"]
    assert [s["session"] for s in _stats(page)["sessions"]] == [2, 3]


def test_to_stdout_and_to_the_default_file(example, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    page = example("report", "-o", "-")
    assert page.startswith("<!DOCTYPE html>") and page.endswith("</html>\n")
    assert not (tmp_path / "campaign-report.html").exists()
    assert example("report").strip() == "wrote campaign-report.html"
    assert (tmp_path / "campaign-report.html").read_text("utf-8") == page


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (("--session", "9"), "--session"),
        (("--sessions", "3..1"), "--sessions"),
        (("--sessions", "1..9"), "--session"),
        (("--sessions", "two"), "--sessions"),
        (("--sessions", "1.." + "1" * 5000), "--sessions"),  # no traceback past 4,300 digits
        (("--sessions", "1..99999999999999999999"), "--sessions"),
        (("--session", "1", "--sessions", "1..2"), "--sessions"),
        (("-o", "no-such-directory/report.html"), "--output"),
    ],
)
def test_bad_options_exit_2_and_write_nothing(example, campaign, tmp_path, monkeypatch, args,
                                              names):  # fmt: skip
    monkeypatch.chdir(tmp_path)
    before = sorted(p.name for p in tmp_path.iterdir())
    result = campaign("--db", example.db, "report", *args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert names in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_a_scratch_file_that_cannot_be_made_is_said_and_nothing_is_written(
    example, campaign, tmp_path, monkeypatch
):
    # the sessions go to a scratch file before the page (its charts, above them, need the
    # walk's figures): where none can be made, the page is not begun
    not_a_directory = tmp_path / "not-a-directory"
    not_a_directory.write_text("")
    monkeypatch.setattr(tempfile, "tempdir", str(not_a_directory))
    result = campaign("--db", example.db, "report", "-o", "-")
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert "--output" in result.stderr and f"scratch file in {not_a_directory}" in result.stderr
    assert "Traceback" not in result.output


def test_a_missing_store_exits_1_and_writes_nothing(campaign, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = campaign("--db", str(tmp_path / "missing.db"), "report")
    assert result.exit_code == 1, result.output
    assert list(tmp_path.iterdir()) == []


def test_every_series_of_a_bar_chart_has_its_swatch_in_the_legend(example, tmp_path):
    # a series whose first bar is 0 (MOR002 in session 1) is still named in the legend, with a
    # colour of its own
    page = _page(example, tmp_path)
    sessions = _stats(page)["sessions"]
    codes = {code for figures in sessions for code in figures["rulings"]["codes"]}
    expected = {"rulings": len(codes), "morale-tests": 5, "items": 3}  # outcomes, item states
    configurations = _configurations(page)
    for chart, series in expected.items():
        configuration = configurations[chart]
        assert configuration["options"]["plugins"]["legend"]["display"] is True, chart
        colours = [d["backgroundColor"] for d in configuration["data"]["datasets"]]
        assert len(set(colours)) == len(colours) == series, (chart, colours)
