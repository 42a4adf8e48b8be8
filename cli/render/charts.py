"""The report's charts (docs/cli.md#report): each a Chart.js configuration the page's script
draws in the browser. Chart.js's own script (``vendor/chart.umd.min.js``) is inlined in the
page and allowed by its hash (docs/ARCHITECTURE.md, the report's charts); nothing is drawn here.

Every figure comes from ``stats --json`` as the service answered it; nothing is counted here.
Each series carries an ``id`` — a bar chart's its series' name, a line chart's its company's
or character's handle — so a test finds a mark as ``<chart>-<id>[-<session>]``.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from campaign.core.i18n import _

LIBRARY = (Path(__file__).parent / "vendor" / "chart.umd.min.js").read_text("utf-8")
LIBRARY_HASH = "sha256-" + base64.b64encode(hashlib.sha256(LIBRARY.encode()).digest()).decode()

# a chart: its id, title, and its series: (series name, the figures of one session → value)
Series = tuple[str, Any]
CASUALTIES: list[Series] = [
    (f"{side}-{fate}", lambda s, side=side, fate=fate: s["casualties"][side][fate])
    for side in ("monsters", "companies")
    for fate in ("killed", "incapacitated")
]
ITEMS: list[Series] = [
    (kind, lambda s, kind=kind: s["items"][kind]) for kind in ("damaged", "broken", "destroyed")
]
LEGEND = 15  # the most series a chart names in its legend
# a series' colour, by its place: the ten of Matplotlib's and Vega's "category10", wrapping
PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
           "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf")  # fmt: skip
POINT = 3  # a line's point, where its figure changed, in pixels


def charts(stats: dict[str, Any], *, rulings: bool) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Each chart of the report as (id, title, Chart.js configuration); ``rulings``: with the
    chart of the rulings that differed from the rules (the GM's version only)."""
    sessions = stats["sessions"]
    yield "casualties", _("Casualties per session"), _bars(sessions, CASUALTIES)
    outcomes = _keys(sessions, "morale_tests", "outcomes")
    yield "morale-tests", _("Morale tests per session, by outcome"), _bars(sessions, outcomes)
    if rulings:
        codes = _keys(sessions, "rulings", "codes")
        yield ("rulings", _("Rulings that differed from the rules, by audit code"),
               _bars(sessions, codes))  # fmt: skip
    numbers = [s["session"] for s in sessions]
    titles = {
        "morale": _("Each company's morale at each session's end"),
        "fit": _("Each company's fit members at each session's end"),
    }
    for key, title in titles.items():
        yield f"company-{key}", title, _lines(numbers, stats["companies"], key)
    yield ("character-damage", _("Each character's damage taken, at each session's end"),
           _lines(numbers, stats["characters"], "damage_taken"))  # fmt: skip
    yield ("items", _("Items damaged, broken and destroyed per session"),
           _bars(sessions, ITEMS))  # fmt: skip


def _keys(sessions: Sequence[dict[str, Any]], group: str, key: str) -> list[Series]:
    """The series of a per-session mapping (``outcomes``, ``codes``), in first-seen order."""
    names: dict[str, None] = {}
    for figures in sessions:
        names.update(dict.fromkeys(figures[group][key]))
    return [(name, lambda s, n=name: s[group][key].get(n, 0)) for name in names]


def _bars(sessions: Sequence[dict[str, Any]], series: list[Series]) -> dict[str, Any]:
    """Stacked bars, one a session at its number, one series a colour."""
    datasets = [
        {"id": name, "label": name, "data": [value(s) for s in sessions],
         "backgroundColor": PALETTE[index % len(PALETTE)]}
        for index, (name, value) in enumerate(series)
    ]  # fmt: skip
    return _chart("bar", [s["session"] for s in sessions], datasets, stacked=True)


def _lines(numbers: list[int], rows: list[dict[str, Any]], key: str) -> dict[str, Any]:
    """One line a company or character (its ``id`` its handle, named as it is called), broken
    where it was not there, with a point only where its value changed from the session before
    (0 where it was not there): otherwise a point at every session's end for each of a long
    campaign's hundreds of companies and characters."""
    datasets = []
    for index, row in enumerate(rows):
        changed = set(_changed(row[key]))
        colour = PALETTE[index % len(PALETTE)]
        datasets.append({
            "id": row["handle"], "label": row["name"] or row["handle"], "data": row[key],
            "pointRadius": [POINT if at in changed else 0 for at in range(len(numbers))],
            "borderColor": colour, "backgroundColor": colour, "borderWidth": 1.5,
        })  # fmt: skip
    return _chart("line", numbers, datasets, stacked=False)


def _changed(values: list[Any]) -> list[int]:
    """The indexes of ``values`` where one differs from the one before (``None``: 0)."""
    found, before = [], 0
    for at, value in enumerate(values):
        if value is not None and value != before:
            found.append(at)
        before = 0 if value is None else value
    return found


def _chart(kind: str, numbers: list[int], datasets: list[dict], *, stacked: bool) -> dict:
    """A configuration: the sessions along x (a few whole numbers named), the figures up y from
    0, the legend beside the chart when it names at most :data:`LEGEND` series (the page's
    data has them all); drawn at once, no animation."""
    return {
        "type": kind,
        "data": {"labels": numbers, "datasets": datasets},
        "options": {
            "animation": False,
            "maintainAspectRatio": False,
            "scales": {
                "x": {
                    "stacked": stacked,
                    "title": {"display": True, "text": _("session")},
                    "ticks": {"autoSkip": True, "maxTicksLimit": 12, "maxRotation": 0},
                },
                "y": {
                    "stacked": stacked,
                    "beginAtZero": True,
                    "grace": "5%",  # room above the top figure: a point is not cut in half
                    "ticks": {"precision": 0},  # whole numbers
                },
            },
            "plugins": {
                "legend": {"display": 0 < len(datasets) <= LEGEND, "position": "right"},
            },
        },
    }
