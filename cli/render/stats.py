"""``stats``: the campaign's figures session by session, with a sparkline where a trend reads
(docs/cli.md#reading). Only ``campaign stats`` imports this module."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from campaign.core.i18n import N_, _
from cli.render.common import printable
from cli.render.words import said

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
        none = _("no session recorded yet: `campaign session N` opens one")
        return Text(none, style="dim")
    shown: list[RenderableType] = [_sessions(sessions)]
    trend = len(sessions) > 1
    if trend:
        shown.append(_trends(sessions))
    if data["companies"]:
        shown.append(_series(_COMPANIES, data["companies"], _COMPANY, trend, company=True))
    if data["characters"]:
        shown.append(_series(_CHARACTERS, data["characters"], _CHARACTER, trend))
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
    return _counted([(n, said(state)) for state, n in items.items()])


# the trends under the sessions' table: one number per session each
_TRENDS = (
    (N_("monsters out"), lambda s: sum(s["casualties"]["monsters"].values())),
    (N_("companies out"), lambda s: sum(s["casualties"]["companies"].values())),
    (N_("morale tests"), lambda s: s["morale_tests"]["tests"]),
    (N_("rulings differed"), lambda s: s["rulings"]["differed"]),
    (N_("items saved"), lambda s: sum(s["items"].values())),
)


def _sessions(sessions: list[dict[str, Any]]) -> Table:
    """One row a session: what its commands recorded."""
    table = Table(
        title=_("Sessions"),
        title_justify="left",
        header_style="bold",
        caption=_("casualties: killed · incapacitated"),
        caption_justify="left",
    )
    table.add_column(_("Session"), justify="right", no_wrap=True)
    table.add_column(_("Title"))
    table.add_column(_("Monsters"), no_wrap=True)
    table.add_column(_("Companies"), no_wrap=True)
    table.add_column(_("Morale tests"))
    table.add_column(_("Rulings differed"))
    table.add_column(_("Items saved"))
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
    trends = _("Trends, one block a session ({first}–{last})").format(first=first, last=last)
    heading = Text(trends, style="italic")
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column()
    for label, figure in _TRENDS:
        table.add_row(_(label), _line([figure(s) for s in sessions], low=0))
    return Group(heading, table)


# a series' column: its heading, its key, where its sparkline starts (None: its smallest value),
# and the heading of its sparkline beside the last value (None: none drawn)
_COMPANY = (
    (N_("Morale"), "morale", None, N_("Morale by session")),
    (N_("Fit"), "fit", 0, N_("Fit by session")),
)
_CHARACTER = (
    (N_("Damage taken"), "damage_taken", 0, N_("Damage taken by session")),
    (N_("HP lost"), "hp_lost", 0, None),
    (N_("Conscience lost"), "conscience_lost", 0, None),
)
# a series' table: its first column's heading, its title with a trend and with one session
_COMPANIES = (N_("Company"), N_("Companies at each session's end"),
              N_("Companies at the session's end"))  # fmt: skip
_CHARACTERS = (N_("Character"), N_("Characters at each session's end"),
               N_("Characters at the session's end"))  # fmt: skip


def _series(
    heading: tuple[str, str, str],
    rows: list[dict[str, Any]],
    columns: Sequence[tuple[str, str, int | None, str | None]],
    trend: bool,
    *,
    company: bool = False,
) -> Table:
    """Each company or character at the last session's end, and where a trend reads, a
    sparkline of it at each session's end."""
    title = _(heading[1] if trend else heading[2])
    table = Table(title=title, title_justify="left", header_style="bold")
    table.add_column(_(heading[0]), min_width=8)
    for label, _key, _low, _line_heading in columns:
        table.add_column(_(label), justify="right", no_wrap=True)
    if company:
        table.add_column(_("In service"), no_wrap=True)
    drawn = [(key, low, line) for _label, key, low, line in columns if line and trend]
    for _key, _low, line in drawn:
        table.add_column(_(line), min_width=8)
    words = {True: _("yes"), False: _("no"), None: "—"}
    for row in rows:
        cells: list[Any] = [printable(row["name"] or row["handle"])]
        for _label, key, _low, _line_heading in columns:
            last = row[key][-1]
            cells.append("—" if last is None else str(last))
        if company:
            cells.append(words[row["in_service"][-1]])
        cells += [_line(row[key], low) for key, low, _line_heading in drawn]
        table.add_row(*cells)
    return table
