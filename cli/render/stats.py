"""``stats``: the campaign's figures session by session, with a sparkline where a trend reads
(docs/cli.md#reading). Only ``campaign stats`` imports this module."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cli.render.common import printable

BLOCKS = "▁▂▃▄▅▆▇█"


def sparkline(values: Sequence[int | None], low: int | None = None) -> str:
    """One block a value, from ``low`` (the smallest value when not given) to the largest; a
    space where there is no value (a company not hired yet)."""
    known = [v for v in values if v is not None]
    if not known:
        return " " * len(values)
    low = min(known) if low is None else min(low, *known)
    span = max(known) - low
    top = len(BLOCKS) - 1
    return "".join(
        " " if v is None else BLOCKS[0 if span == 0 else round((v - low) * top / span)]
        for v in values
    )


def stats_view(data: dict[str, Any]) -> RenderableType:
    sessions = data["sessions"]
    if not sessions:
        return Text("no session recorded yet: `campaign session N` opens one", style="dim")
    shown: list[RenderableType] = [_sessions(sessions)]
    trend = len(sessions) > 1
    if trend:
        shown.append(_trends(sessions))
    if data["companies"]:
        shown.append(_series(("Company", "Companies"), data["companies"], _COMPANY, trend))
    if data["characters"]:
        named = ("Character", "Characters")
        shown.append(_series(named, data["characters"], _CHARACTER, trend))
    return Group(*shown)


def _counted(parts: Sequence[tuple[int, str]]) -> str:
    return ", ".join(f"{n} {word}" for n, word in parts if n) or "—"


def _casualties(side: dict[str, int]) -> str:
    """``5 · 3``: killed · incapacitated."""
    killed, incapacitated = side["killed"], side["incapacitated"]
    return f"{killed} · {incapacitated}" if killed or incapacitated else "—"


def _morale(tests: dict[str, Any]) -> str:
    return _counted([(n, outcome) for outcome, n in tests["outcomes"].items()])


def _rulings(rulings: dict[str, Any]) -> str:
    if not rulings["differed"]:
        return "—"
    return ", ".join(c if n == 1 else f"{c} ×{n}" for c, n in rulings["codes"].items())


def _items(items: dict[str, int]) -> str:
    return _counted([(n, state) for state, n in items.items()])


# the trends under the sessions' table: one number per session each
_TRENDS = (
    ("monsters out", lambda s: sum(s["casualties"]["monsters"].values())),
    ("companies out", lambda s: sum(s["casualties"]["companies"].values())),
    ("morale tests", lambda s: s["morale_tests"]["tests"]),
    ("rulings differed", lambda s: s["rulings"]["differed"]),
    ("items saved", lambda s: sum(s["items"].values())),
)


def _sessions(sessions: list[dict[str, Any]]) -> Table:
    """One row a session: what its commands recorded."""
    table = Table(
        title="Sessions",
        title_justify="left",
        header_style="bold",
        caption="casualties: killed · incapacitated",
        caption_justify="left",
    )
    table.add_column("Session", justify="right", no_wrap=True)
    table.add_column("Title")
    table.add_column("Monsters", no_wrap=True)
    table.add_column("Companies", no_wrap=True)
    table.add_column("Morale tests")
    table.add_column("Rulings differed")
    table.add_column("Items saved")
    for session in sessions:
        table.add_row(
            str(session["session"]),
            printable(session["title"] or ""),
            _casualties(session["casualties"]["monsters"]),
            _casualties(session["casualties"]["companies"]),
            _morale(session["morale_tests"]),
            _rulings(session["rulings"]),
            _items(session["items"]),
        )
    return table


def _line(values: Sequence[int | None], low: int | None) -> Text:
    """A sparkline in a cell: folded onto more lines where the sessions outnumber its width."""
    return Text(sparkline(values, low), style="cyan", overflow="fold")


def _trends(sessions: list[dict[str, Any]]) -> Group:
    first, last = sessions[0]["session"], sessions[-1]["session"]
    heading = Text(f"Trends, one block a session ({first}–{last})", style="italic")
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column()
    for label, figure in _TRENDS:
        table.add_row(label, _line([figure(s) for s in sessions], low=0))
    return Group(heading, table)


# a series' column: its heading, its key, where its sparkline starts (None: its smallest value),
# and whether a sparkline of it is drawn beside the last value
_COMPANY = (("Morale", "morale", None, True), ("Fit", "fit", 0, True))
_CHARACTER = (
    ("Damage taken", "damage_taken", 0, True),
    ("HP lost", "hp_lost", 0, False),
    ("Conscience lost", "conscience_lost", 0, False),
)


def _series(
    heading: tuple[str, str],
    rows: list[dict[str, Any]],
    columns: Sequence[tuple[str, str, int | None, bool]],
    trend: bool,
) -> Table:
    """Each company or character at the last session's end, and where a trend reads, a
    sparkline of it at each session's end."""
    title = f"{heading[1]} at each session's end" if trend else f"{heading[1]} at the session's end"
    table = Table(title=title, title_justify="left", header_style="bold")
    table.add_column(heading[0], min_width=8)
    company = heading[0] == "Company"
    for label, _, _, _ in columns:
        table.add_column(label, justify="right", no_wrap=True)
    if company:
        table.add_column("In service", no_wrap=True)
    drawn = [(label, key, low) for label, key, low, drawn in columns if drawn and trend]
    for label, _, _ in drawn:
        table.add_column(f"{label} by session", min_width=8)
    for row in rows:
        cells: list[Any] = [printable(row["name"] or row["handle"])]
        for _, key, _, _ in columns:
            last = row[key][-1]
            cells.append("—" if last is None else str(last))
        if company:
            cells.append({True: "yes", False: "no", None: "—"}[row["in_service"][-1]])
        cells += [_line(row[key], low) for _, key, low in drawn]
        table.add_row(*cells)
    return table
