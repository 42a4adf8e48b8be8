"""The report's bar charts of a long campaign: a bar where a figure is not 0 (its id
``<chart>-<series>-<session>``), at its session's number on an axis that spans every session
and is labelled with a few whole numbers — not one label a session, forty of them crowding
each other (docs/cli.md#report)."""

import re

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
    for chart in ("casualties", "morale-tests", "items"):
        figure = page[page.index(f'<figure id="chart-{chart}"') :]
        figure = figure[: figure.index("</figure>")]
        ticks = re.findall(
            rf'<g id="{chart}\.xtick_\d+">.*?<text[^>]*>([^<]*)</text>', figure, re.S
        )
        labels = [int(tick) for tick in ticks]  # whole numbers: no session 2.5
        assert 3 <= len(labels) <= 12, (chart, labels)
        assert (
            labels == sorted(labels)
            and 1 <= labels[0] <= 5
            and SESSIONS - 5 <= labels[-1] <= SESSIONS
        )
    marks = re.findall(r'<g id="(casualties-[^"]+)"', page)
    assert marks == [f"casualties-monsters-killed-{n}" for n in (5, 15, 25, 35)]
