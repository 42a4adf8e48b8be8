"""What a report's charts must draw, from ``stats --json`` (docs/cli.md#report): the figure of
each bar, by the id the page gives it (``<chart>-<series>-<session>``), and the points of each
line — for the tests that read the page's SVG and those that look at it in a browser."""

from __future__ import annotations

from typing import Any


def bar_figures(stats: dict[str, Any]) -> dict[str, int]:
    """Every bar's figure, 0 included, by its id."""
    bars = {}
    for s in stats["sessions"]:
        n = s["session"]
        for side, fates in s["casualties"].items():
            for fate, value in fates.items():
                bars[f"casualties-{side}-{fate}-{n}"] = value
        for outcome, value in s["morale_tests"]["outcomes"].items():
            bars[f"morale-tests-{outcome}-{n}"] = value
        for code, value in s.get("rulings", {"codes": {}})["codes"].items():
            bars[f"rulings-{code}-{n}"] = value
        for kind, value in s["items"].items():
            bars[f"items-{kind}-{n}"] = value
    return bars


def line_points(values: list[int | None]) -> int:
    """The points of a company's or character's line: one at each session's end where its
    figure differs from the one before (0 before it was there, and where it was not)."""
    points, before = 0, 0
    for value in values:
        now = 0 if value is None else value
        points += value is not None and now != before
        before = now
    return points
