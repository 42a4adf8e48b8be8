"""The report's charts (docs/cli.md#report), drawn by Matplotlib as SVG inlined in the page:
no script, so the page's Content-Security-Policy allows none (docs/ARCHITECTURE.md, the
report's charts). Only ``campaign report`` imports this module (and so Matplotlib).

Every figure comes from ``stats --json`` as the service answered it; nothing is counted here.
Each bar carries an id — ``<chart>-<series>-<session>`` — and each company's or character's
line one — ``<chart>-<handle>`` — with a ``use`` a point, so a test counts a chart's marks.
"""

from __future__ import annotations

import gc
import io
import re
import warnings
from collections.abc import Iterator, Sequence
from typing import Any

import matplotlib
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure  # no pyplot: no backend, no global figure state
from matplotlib.patches import Patch

from campaign.core.i18n import _

matplotlib.rcParams.update({"svg.hashsalt": "campaign-report", "svg.fonttype": "none"})

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
# what makes an SVG document of a page's part: its prologue, metadata and namespaces
_PROLOGUE = re.compile(
    r"<\?xml.*?\?>|<!DOCTYPE.*?>|<metadata>.*?</metadata>|\s+xmlns(:\w+)?=\"[^\"]*\"", re.S
)


def charts(stats: dict[str, Any], *, rulings: bool) -> Iterator[tuple[str, str, str]]:
    """Each chart of the report as (id, title, inline SVG), drawn as it is asked for (one
    figure held at a time); ``rulings``: with the chart of the rulings that differed from the
    rules (the GM's version only)."""
    # each figure drawn is a web of reference cycles, freed as soon as it is drawn (a long
    # campaign's figures held 25 MB more); what the process holds before the first is moved out
    # of the collector's way (``gc.freeze``), so those collections walk a figure's objects only
    gc.collect()
    frozen = gc.get_freeze_count()
    gc.freeze()
    try:
        for drawn in _charts(stats, rulings=rulings):
            yield drawn
            gc.collect()
    finally:
        if not frozen:  # a process that froze nothing before (a shell, a test) gets it back
            gc.unfreeze()


def _charts(stats: dict[str, Any], *, rulings: bool) -> Iterator[tuple[str, str, str]]:
    sessions = stats["sessions"]
    yield "casualties", _("Casualties per session"), _bars(sessions, CASUALTIES, "casualties")
    outcomes = _keys(sessions, "morale_tests", "outcomes")
    yield ("morale-tests", _("Morale tests per session, by outcome"),
           _bars(sessions, outcomes, "morale-tests"))  # fmt: skip
    if rulings:
        codes = _keys(sessions, "rulings", "codes")
        yield ("rulings", _("Rulings that differed from the rules, by audit code"),
               _bars(sessions, codes, "rulings"))  # fmt: skip
    numbers = [s["session"] for s in sessions]
    titles = {
        "morale": _("Each company's morale at each session's end"),
        "fit": _("Each company's fit members at each session's end"),
    }
    for key, title in titles.items():
        drawn = _lines(numbers, stats["companies"], key, f"company-{key}", changes=True)
        yield f"company-{key}", title, drawn
    damage = _lines(numbers, stats["characters"], "damage_taken", "character-damage", changes=True)
    yield ("character-damage", _("Each character's damage taken, at each session's end"),
           damage)  # fmt: skip
    yield ("items", _("Items damaged, broken and destroyed per session"),
           _bars(sessions, ITEMS, "items"))  # fmt: skip


def _keys(sessions: Sequence[dict[str, Any]], group: str, key: str) -> list[Series]:
    """The series of a per-session mapping (``outcomes``, ``codes``), in first-seen order."""
    names: dict[str, None] = {}
    for figures in sessions:
        names.update(dict.fromkeys(figures[group][key]))
    return [(name, lambda s, n=name: s[group][key].get(n, 0)) for name in names]


def _bars(sessions: Sequence[dict[str, Any]], series: list[Series], chart: str) -> str:
    """Stacked bars, one a session at its number; a bar only where a series' value is not 0
    (one ``bar`` call a series, of its bars only: a hidden bar of 0 was an artist to lay out
    and to skip). A series' colour is its place in the colour cycle, its legend swatch too."""
    figure, axes = _figure()
    numbers = [s["session"] for s in sessions]
    base = [0] * len(sessions)
    swatches = []
    for index, (name, value) in enumerate(series):
        colour = to_rgba(f"C{index}")  # Matplotlib's colour cycle, wrapping around
        heights = [value(s) for s in sessions]
        drawn = [at for at, height in enumerate(heights) if height]
        if drawn:
            bars = axes.bar([numbers[at] for at in drawn], [heights[at] for at in drawn],
                            bottom=[base[at] for at in drawn], color=colour)  # fmt: skip
            for bar, at in zip(bars, drawn, strict=True):
                bar.set_gid(f"{chart}-{name}-{numbers[at]}")
        swatches.append(Patch(facecolor=colour, label=name))
        base = [b + h for b, h in zip(base, heights, strict=True)]
    if numbers:  # every session on the axis, a bar of 0 drawn or not
        axes.set_xlim(min(numbers) - 0.6, max(numbers) + 0.6)
    axes.set_xlabel(_("session"))
    axes.xaxis.get_major_locator().set_params(integer=True, min_n_ticks=1)  # no session 2.5
    axes.yaxis.get_major_locator().set_params(integer=True)
    _legend(axes, len(series), swatches)
    return _svg(figure, chart)


def _lines(
    numbers: list[int], rows: list[dict[str, Any]], key: str, chart: str, *, changes: bool = False
) -> str:
    """One line a company or character (its id ``<chart>-<handle>``, named as it is called),
    a point (an SVG ``use``) a session where it was there; with ``changes``, only where its
    value changed from the session before (0 where it was not there): otherwise a point at
    every session's end for each of a long campaign's hundreds of companies and characters."""
    figure, axes = _figure()
    for row in rows:
        values = [float("nan") if v is None else v for v in row[key]]
        points = _changed(row[key]) if changes else None
        axes.plot(numbers, values, marker="o", markevery=points, label=row["name"] or row["handle"],
                  gid=f"{chart}-{row['handle']}")  # fmt: skip
    axes.set_xlabel(_("session"))
    axes.xaxis.get_major_locator().set_params(integer=True, min_n_ticks=1)
    _legend(axes, len(rows))
    return _svg(figure, chart)


def _changed(values: list[Any]) -> list[int]:
    """The indexes of ``values`` where one differs from the one before (``None``: 0)."""
    found, before = [], 0
    for at, value in enumerate(values):
        if value is not None and value != before:
            found.append(at)
        before = 0 if value is None else value
    return found


def _legend(axes: Any, series: int, handles: list[Any] | None = None) -> None:
    """A legend beside the chart, of a chart with at most :data:`LEGEND` series (the page's
    data has them all)."""
    if 0 < series <= LEGEND:
        shown = {"handles": handles} if handles is not None else {}
        axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1), **shown)


def _figure() -> tuple[Figure, Any]:
    figure = Figure(figsize=(6.4, 3.2), layout="constrained")
    return figure, figure.add_subplot()


def _svg(figure: Figure, chart: str) -> str:
    """The figure as an SVG element to set in an HTML page, Matplotlib's own ids (``patch_1``,
    a marker's or a clip path's) prefixed with the chart's, so that none is found twice in the
    page."""
    out = io.StringIO()
    with warnings.catch_warnings():  # a crowded chart's layout advice is not the GM's business
        warnings.simplefilter("ignore", UserWarning)
        figure.savefig(out, format="svg", metadata={"Date": None})
    svg = _PROLOGUE.sub("", out.getvalue()).strip()
    own = {i for i in re.findall(r'\bid="([^"]+)"', svg) if not i.startswith(f"{chart}-")}
    if not own:
        return svg
    names = "|".join(map(re.escape, sorted(own, key=len, reverse=True)))
    return re.sub(rf'(id="|#)({names})(?=["\)])', rf"\g<1>{chart}.\g<2>", svg)
