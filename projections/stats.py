"""The campaign's figures, session by session (``campaign stats``, docs/json.md#stats): what
a chart of the campaign draws, computed once here for every reader.

Nothing is judged again: the figures are counts of what the read models already hold — the
casualties (``view_casualties``), the timeline's morale tests and item saves with the ruling
recorded, the audit's warnings (``view_findings``) — and the companies and characters as the
state's own fold leaves them at each session's end (:class:`Standings`, one walk over the
events, in memory). A retracted command counts nowhere, as in the audit and the
casualties: its rows are struck out or deleted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, false, func, select

from aggregates.character import Character
from aggregates.company import MercenaryCompany
from projections import tables
from projections.held import Held

# what a morale test's ruling may be (docs/json.md#the-rules-calculator, plus the GM's
# `surrender`): listed in every session, so a chart's series are the same from one to the next
OUTCOMES = ("fight", "flee", "surrender", "fights-to-death", "will-not-fight")
# an item save's outcome, by the timeline's event kind (docs/json.md#history)
ITEM_KINDS = {"item-damaged": "damaged", "item-broken": "broken", "item-destroyed": "destroyed"}
STANDING = ("warning",)  # the audit's rulings that depart from the rules (info: notes, retracts)


def session_figures(connection: Connection, numbers: Sequence[int]) -> list[dict[str, Any]]:
    """Each session of ``numbers``: its title, casualties, morale tests by outcome, the audit's
    warnings by code, item saves by outcome (docs/json.md#stats)."""
    figures = {number: _empty(number) for number in numbers}
    s = tables.sessions.c
    for number, title in connection.execute(select(s.number, s.title).where(s.number.in_(numbers))):
        figures[number]["title"] = title
    _casualties(connection, figures)
    _timeline(connection, figures)
    _rulings(connection, figures)
    return [figures[number] for number in numbers]


def _empty(number: int) -> dict[str, Any]:
    return {
        "session": number,
        "title": None,
        "casualties": {
            side: {"killed": 0, "incapacitated": 0} for side in ("monsters", "companies")
        },
        "morale_tests": {"tests": 0, "outcomes": dict.fromkeys(OUTCOMES, 0)},
        "rulings": {"differed": 0, "codes": {}},
        "items": dict.fromkeys(ITEM_KINDS.values(), 0),
    }


def _casualties(connection: Connection, figures: dict[int, dict[str, Any]]) -> None:
    """Killed and incapacitated, monsters and companies: a company's casualty in an encounter
    is one row (its group's), one outside any encounter another."""
    c = tables.casualties.c
    query = (
        select(c.session, c.company.is_(None), c.incapacitated, func.sum(c.n))
        .where(c.session.in_(list(figures)))
        .group_by(c.session, c.company.is_(None), c.incapacitated)
    )
    for session, monsters, incapacitated, n in connection.execute(query):
        side = figures[session]["casualties"]["monsters" if monsters else "companies"]
        side["incapacitated" if incapacitated else "killed"] += int(n)


def _timeline(connection: Connection, figures: dict[int, dict[str, Any]]) -> None:
    """Morale tests by the outcome recorded (the ruling: the state follows it), and item saves
    by the state they left the item in."""
    t = tables.timeline.c
    kept = (t.session.in_(list(figures)), t.retracted == false())
    tests = select(t.session, t.ruled).where(t.kind == "morale-tested", *kept)
    for session, ruled in connection.execute(tests):
        morale = figures[session]["morale_tests"]
        morale["tests"] += 1
        morale["outcomes"][ruled] = morale["outcomes"].get(ruled, 0) + 1
    saves = (
        select(t.session, t.kind, func.count())
        .where(t.kind.in_(list(ITEM_KINDS)), *kept)
        .group_by(t.session, t.kind)
    )
    for session, kind, n in connection.execute(saves):
        figures[session]["items"][ITEM_KINDS[kind]] = n


def _rulings(connection: Connection, figures: dict[int, dict[str, Any]]) -> None:
    """The audit's warnings standing (final or pending), by code in the catalogue's order."""
    f = tables.findings.c
    query = (
        select(f.session, f.code, func.count())
        .where(
            f.session.in_(list(figures)),
            f.severity.in_(STANDING),
            f.status.in_(("pending", "final")),
        )
        .group_by(f.session, f.code, f.rank)
        .order_by(f.session, f.rank)
    )
    for session, code, n in connection.execute(query):
        rulings = figures[session]["rulings"]
        rulings["codes"][code] = n
        rulings["differed"] += n


def standing(state: Held) -> dict[str, list[dict[str, Any]]]:
    """The companies and characters as the state's fold holds them (at a session's end): the
    figures a chart of them follows."""
    status = state.status(only=())
    companies = [{k: c[k] for k in _COMPANY} for c in status["companies"]]
    characters = [
        {"handle": c["handle"], "name": c["name"], "damage_taken": c["damage_taken"],
         "hp_lost": sum((c["hp_lost"] or {}).values()), "conscience_lost": c["conscience_lost"]}
        for c in status["characters"]
    ]  # fmt: skip
    return {"companies": companies, "characters": characters}


class Standings:
    """:func:`standing` at each position of ``untils``, gathered as a walk over the events (every
    event, in position order, from the first) tells them one by one (:meth:`see`): each company
    and character a row of values, one a point — ``None`` where it was not there (not yet hired
    or created, or its command withdrawn by then) — in the order they first appear. Only the
    companies' and characters' events are folded; a point is gathered as soon as it is passed,
    none is held. A walk that folds every event itself tells :meth:`passed` instead."""

    def __init__(self, untils: Sequence[int]) -> None:
        self.state = Held()
        self.untils = untils
        # the points by position (sessions end in order; were one before the one before it,
        # the points are still taken in the history's order and set at their own place)
        self._order = sorted(range(len(untils)), key=untils.__getitem__)
        self._taken = 0
        self._rows: dict[str, dict[str, dict[str, Any]]] = {kind: {} for kind, _ in _SERIES}
        # :meth:`series`' lists, each row added as it first appears
        self._series: dict[str, list[dict[str, Any]]] = {kind: [] for kind, _ in _SERIES}

    @property
    def done(self) -> bool:
        """Every point is taken: the walk need read no further."""
        return self._taken == len(self._order)

    def see(self, event: Any) -> None:
        """The next event of the walk."""
        if self.done:
            return
        if isinstance(event, (MercenaryCompany.Event, Character.Event)):
            self.state.advance(event)
        self.passed(event.position, self.state)

    def passed(self, position: int, state: Held) -> None:
        """The walk has folded ``state`` up to ``position``: the points it passed are taken."""
        while not self.done and position >= self.untils[self._order[self._taken]]:
            self._take(standing(state), self._order[self._taken])
            self._taken += 1

    def series(self) -> dict[str, list[dict[str, Any]]]:
        """The companies and the characters, each a row of its values at every point: the
        lists the walk fills, whole once it is :attr:`done`."""
        return self._series

    def _take(self, point: dict[str, list[dict[str, Any]]], at: int) -> None:
        for kind, keys in _SERIES:
            for row in point[kind]:
                line = self._rows[kind].get(row["handle"])
                if line is None:
                    line = self._rows[kind][row["handle"]] = {
                        "handle": row["handle"], "name": row["name"],
                        **{key: [None] * len(self.untils) for key in keys},
                    }  # fmt: skip
                    self._series[kind].append(line)
                line["name"] = row["name"]
                for key in keys:
                    line[key][at] = row[key]


_COMPANY = ("handle", "name", "morale", "fit", "in_service")
COMPANY_SERIES = ("morale", "fit", "in_service")
CHARACTER_SERIES = ("damage_taken", "hp_lost", "conscience_lost")
_SERIES = (("companies", COMPANY_SERIES), ("characters", CHARACTER_SERIES))
