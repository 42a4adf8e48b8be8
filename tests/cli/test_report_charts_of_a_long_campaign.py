"""The report's bar charts of a long campaign: a bar a session, at its session's number on an
axis that spans every session, a figure only where it is not 0, and an axis that names a few
whole numbers — not one label a session, forty of them crowding each other
(docs/cli.md#report). The labels Chromium draws are counted in
tests/system/test_report_in_a_browser.py."""

import json
import re
from html import unescape

SESSIONS = 40


def test_the_session_axis_spans_every_session_with_a_few_labels(in_store, tmp_path):
    log = tmp_path / "long.log"
    lines = ["#! campaign-log 1"]
    for n in range(1, SESSIONS + 1):
        lines += [f"session {n}", f'note "day {n}"']
        if n % 10 == 5:  # a casualty in sessions 5, 15, 25 and 35 only
            lines += [f"encounter start e{n}", f"encounter group e{n} wolves --count 4 --morale 7",
                      f"casualty e{n} wolves 1"]  # fmt: skip
    log.write_text("\n".join(lines) + "\n")
    in_store("replay", str(log))
    out = tmp_path / "report.html"
    in_store("report", "-o", str(out))
    page = out.read_text("utf-8")
    found = dict(re.findall(
        r'<figure id="chart-([a-z-]+)".*?<canvas [^>]*data-configuration="([^"]*)"', page
    ))  # fmt: skip
    for chart in ("casualties", "morale-tests", "items"):
        configuration = json.loads(unescape(found[chart]))
        assert configuration["data"]["labels"] == list(range(1, SESSIONS + 1)), chart
        x = configuration["options"]["scales"]["x"]
        assert x["ticks"]["autoSkip"] is True and 3 <= x["ticks"]["maxTicksLimit"] <= 12
        assert configuration["options"]["scales"]["y"]["ticks"]["precision"] == 0  # whole
    casualties = json.loads(unescape(found["casualties"]))["data"]["datasets"]
    marks = [
        f"casualties-{d['id']}-{n}"
        for d in casualties
        for n, value in zip(range(1, SESSIONS + 1), d["data"], strict=True)
        if value
    ]
    assert marks == [f"casualties-monsters-killed-{n}" for n in (5, 15, 25, 35)]
