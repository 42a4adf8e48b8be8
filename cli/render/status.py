"""``status``: the morale board of each encounter, the companies, the characters."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from campaign.core.i18n import _, ngettext
from cli.render.common import Handle, printable, signed
from cli.render.status_characters import character_block
from cli.render.words import clock_said, said

STATUS_STYLE = {
    "fighting": "green",
    "fights-to-death": "bold red",
    "fled": "yellow",
    "surrendered": "magenta",
    "will-not-fight": "cyan",
    "out": "dim",
}


def _header(data: dict[str, Any], as_of: str | None) -> Text:
    session = data.get("session")
    text = Text()
    if session is None:
        text.append(_("No session yet"), style="bold")
    else:
        text.append(_("Session {number}").format(number=session), style="bold")
        text.append(_(" (open)") if data.get("session_open") else _(" (ended)"), style="dim")
    text.append("  ·  ")
    text.append(clock_said(data.get("clock")), style="bold cyan")
    text.append("  ·  ")
    text.append(_("event {position}").format(position=data.get("position")), style="dim")
    if as_of:
        text.append("  ·  " + _("as of {moment}").format(moment=as_of), style="bold magenta")
    return text


def _lost(killed: int, incapacitated: int) -> list[str]:
    """``2 killed``, ``3 incap.``: the members out, by how (none: nothing)."""
    parts = [ngettext("{n} killed", "{n} killed", killed).format(n=killed)] if killed else []
    if incapacitated:
        parts.append(ngettext("{n} incap.", "{n} incap.", incapacitated).format(n=incapacitated))
    return parts


def _out(group: dict[str, Any]) -> Text:
    parts = _lost(group["killed"], group["incapacitated"])
    if not parts:
        return Text("—", style="dim")
    if len(parts) == 1:
        return Text(parts[0])
    return Text(f"{group['out']} ({', '.join(parts)})")


def _morale(group: dict[str, Any]) -> Text:
    """``7 -1 = 6``: the rating, the encounter's adjustments, the effective morale in bold; ``12``
    over a dim ``-1 ignored`` at ≤ 2 or ≥ 12, where adjustments never apply (docs/rules.md#d-1): the
    projection's effective morale is the rating despite an adjustment."""
    adjustment = group["adjustment"]
    text = Text()
    if adjustment and group["effective_morale"] == group["morale"]:
        text.append(str(group["effective_morale"]), style="bold")
        text.append("\n" + _("{value} ignored").format(value=signed(adjustment)), style="dim")
        return text
    if adjustment or group["effective_morale"] != group["morale"]:
        text.append(f"{group['morale']} ", style="dim")
        text.append(signed(adjustment), style="yellow")
        text.append(" = ", style="dim")
    text.append(str(group["effective_morale"]), style="bold")
    return text


def _successes(group: dict[str, Any]) -> str:
    """`` (1 success)``: after two, a group fights to the death (docs/rules.md#monster-morale) —
    the GM needs the count."""
    if not group["successes"]:
        return ""
    n = group["successes"]
    return " (" + ngettext("{n} success", "{n} successes", n).format(n=n) + ")"


def _board(encounter: dict[str, Any]) -> Table:
    title = Text(encounter["handle"], style="bold")
    if encounter.get("name"):
        title.append(f" — {encounter['name']}")
    if encounter.get("ended"):
        title.append(" " + _(" (ended)"), style="dim")
    table = Table(title=title, title_justify="left", header_style="bold", pad_edge=False)
    # The numbers never fold away on a narrow terminal: names and statuses wrap instead. A
    # check due goes under the status: a column of its own was the first a narrow terminal
    # squeezed out, leaving the JSON's due check off the board a GM reads mid-fight.
    table.add_column(_("Group"), overflow="fold")
    # monsters, company: no name; as wide as the language's words for them (8 in English)
    table.add_column(_("Kind"), style="dim", width=_kind_width(), no_wrap=True)
    table.add_column(_("Count"), justify="right", no_wrap=True, min_width=_count_width())
    table.add_column(_("Out"), min_width=8)
    table.add_column(_("Morale"), justify="right", min_width=8)  # "7 -1 = 6"; "12\n-1 ignored"
    table.add_column(_("Status"), overflow="fold", min_width=15)  # fights-to-death
    if not encounter["groups"]:
        table.add_row(Text(_("no groups yet"), style="dim"))
    for group in encounter["groups"]:
        handle = Text(group["handle"], style="bold")
        if group.get("name"):
            handle.append(f"\n{group['name']}", style="dim")
        status = Text(said(group["status"]), style=STATUS_STYLE.get(group["status"], ""))
        status.append(_successes(group), style="dim")
        if group["checks_due"]:
            status.append("\n" + _checks(group), style="bold red")
        count, kind = str(group["count"]), said(group["kind"])
        table.add_row(Handle(handle), kind, count, _out(group), _morale(group), status)
    return table


def _checks(group: dict[str, Any]) -> str:
    """``morale check: first-death, half-out``: the checks due."""
    due = ", ".join(said(check) for check in group["checks_due"])
    return _("morale check: {checks}").format(checks=due)


BOARD_WIDTH = 70  # the board's table needs this many columns; narrower, one line per group


def _kind_width() -> int:
    return max(8, *(cell_len(said(kind)) for kind in ("monsters", "company")))


def _count_width() -> int:
    return max(5, cell_len(_("Count")))


def _fixed_width() -> int:
    """The board's columns but Group and Out: the borders; Kind, Count, Morale and Status,
    padded (50 in English)."""
    return 7 + _kind_width() + 2 + _count_width() + 2 + 10 + 16


def _share(table: Table, groups: list[dict[str, Any]], width: int) -> None:
    """Caps the Group and Out columns so that the Status column keeps its 15 on a terminal too
    narrow for the whole board: Rich shrinks the widest columns evenly, then widens again one
    taken below its ``min_width``, past the terminal's edge, where Status was cropped."""
    room = width - _fixed_width() - 3  # Group's padding 1, Out's 2
    names = [line for g in groups for line in [g["handle"], *(g.get("name") or "").split("\n")]]
    group = max(cell_len(line) for line in [_("Group"), *names])
    out = max((cell_len(_out(g).plain) for g in groups), default=3)
    if group + out <= room:
        return
    half = room // 2
    if group <= half:
        out = room - group
    elif out <= room - half:
        group = room - out
    else:
        group, out = half, room - half
    table.columns[0].max_width, table.columns[3].max_width = group, max(out, 8)


class _Board:
    """An encounter's morale board: its table, or, on a terminal too narrow for it, one line
    per group — Rich crops a table it cannot fit, and the columns cut off were the ones that
    say what is due."""

    def __init__(self, encounter: dict[str, Any]) -> None:
        self.encounter = encounter

    def __rich_console__(self, console: Any, options: Any) -> Any:
        table = _board(self.encounter)
        # the title above the table rather than in it: there it wrapped to the table's width
        # (the groups' columns), a long encounter handle folded in the middle of a word even
        # on a wide terminal; here it is whole, or broken after a -
        yield Handle(table.title or "")
        table.title = None
        if options.max_width >= BOARD_WIDTH:
            _share(table, self.encounter["groups"], options.max_width)
            yield table
            return
        if not self.encounter["groups"]:
            yield Text("  " + _("no groups yet"), style="dim")
        for group in self.encounter["groups"]:
            line = Text("  ")
            line.append(group["handle"], style="bold")
            line.append(f" {said(group['kind'])}, {group['count']}: ", style="dim")
            line.append(_out(group))
            morale = _morale(group).plain  # "12\n-1 ignored" on two lines in the table
            morale = morale.replace("\n", " (") + ")" if "\n" in morale else morale
            line.append(", " + _("morale {morale}").format(morale=morale))
            line.append(", ")
            line.append(said(group["status"]), style=STATUS_STYLE.get(group["status"], ""))
            line.append(_successes(group), style="dim")  # the table's, said here too
            if group["checks_due"]:
                line.append(" — " + _checks(group), style="bold red")
            yield Handle(line)


def _troop(company: dict[str, Any]) -> str:
    flags = [flag for flag in ("mounted", "elite", "fanatic") if company[flag]]
    return ", ".join([company["troop"], *flags])


def _fit(company: dict[str, Any], apart: str = "\n") -> Text:
    """``18 of 20`` and, on a line below (or after ``apart``), ``2 killed, 2 incap.``."""
    fit = Text(_("{fit} of {size}").format(fit=company["fit"], size=company["size"]))
    lost = _lost(company["killed"], company["incapacitated"])
    if lost:
        fit.append(apart + ", ".join(lost), style="dim")
    return fit


def _company_morale(company: dict[str, Any], apart: str = "\n") -> Text:
    """``10`` and, on a line below (or after ``apart``), ``table 9`` — or the GM's base beside
    the table's."""
    morale = Text(str(company["morale"]), style="bold")
    if company["base_morale"] != company["table_morale"]:
        base, table = company["base_morale"], company["table_morale"]
        words = _("base {base} (table {table})").format(base=base, table=table)
        morale.append(apart + words, style="yellow")
    else:
        words = _("table {table}").format(table=company["table_morale"])
        morale.append(apart + words, style="dim")
    return morale


def _working_conditions(company: dict[str, Any]) -> list[Text]:
    """One line per working-conditions modifier: ``+1 shared the dragon hoard  event 4``."""
    lines = []
    for modifier in company["modifiers"]:
        line = Text(signed(modifier["value"]), style="bold")
        line.append(f" {modifier['reason']}")
        line.append(
            "  " + _("event {position}").format(position=modifier.get("position")), style="dim"
        )
        lines.append(line)
    return lines


def _companies_table(companies: list[dict[str, Any]]) -> Table:
    title = Text(_("Companies"), style="bold")
    table = Table(title=title, title_justify="left", header_style="bold")
    # as on the board, the numbers never fold away: the name wraps instead (unwrapped, a long
    # one left Troop, Fit and Morale no width at all on a narrow terminal)
    table.add_column(_("Company"), min_width=10)
    table.add_column(_("Troop"), min_width=8, overflow="fold")  # "trained," over "mounted"
    table.add_column(_("Fit"), justify="right", min_width=8, overflow="fold")  # "18 of 20"
    table.add_column(_("Morale"), justify="right", min_width=8, overflow="fold")  # "(table 6)"
    table.add_column(_("Working conditions"), min_width=10, overflow="fold")
    for company in companies:
        name: list[RenderableType] = [Handle(company["handle"], style="bold")]
        if company.get("name"):
            name.append(Handle(company["name"], style="dim"))
        if not company["in_service"]:
            name.append(Text(_("not in service"), style="red"))
        conditions = Text("\n").join(_working_conditions(company))
        table.add_row(
            Group(*name),
            _troop(company),
            _fit(company),
            _company_morale(company),
            conditions or Text(_("none"), style="dim"),
        )
    return table


COMPANIES_WIDTH = 70  # the companies' table needs this many columns; narrower, a block each


class _Companies:
    """The companies: a table, or on a terminal too narrow for one, a few lines per company —
    the table's five columns do not fit there, and Rich crops what it cannot fit: the numbers
    on the right went first (as on the board and in the audit, :class:`_Board`)."""

    def __init__(self, companies: list[dict[str, Any]]) -> None:
        self.companies = companies

    def __rich_console__(self, console: Any, options: Any) -> Any:
        if options.max_width >= COMPANIES_WIDTH:
            yield _companies_table(self.companies)
            return
        yield Text(_("Companies"), style="bold")
        for company in self.companies:
            head = Text("  ")
            head.append(company["handle"], style="bold")
            if company.get("name"):
                head.append(f" {company['name']}", style="dim")
            if not company["in_service"]:
                head.append("  " + _("not in service"), style="red")
            yield Handle(head)
            line = Text(f"    {_troop(company)}; " + _("fit") + " ")
            line.append(_fit(company, apart=", "))
            line.append("; " + _("morale") + " ")
            line.append(_company_morale(company, apart=", "))
            yield line
            for modifier in _working_conditions(company):
                yield Text("    ") + modifier


def status_view(data: dict[str, Any], *, show_all: bool, as_of: str | None) -> RenderableType:
    """The morale board of each (open) encounter, the companies, the characters."""
    data = printable(data)  # control characters shown escaped (cli/render/common.py)
    parts: list[RenderableType] = [_header(data, as_of), Text("")]
    shown = [e for e in data["encounters"] if show_all or not e["ended"]]
    for encounter in shown:
        parts += [_Board(encounter), Text("")]
    hidden = len(data["encounters"]) - len(shown)
    if not shown:
        parts += [Text(_("No encounter open."), style="dim")]
    if hidden:
        # one English sentence for any number, as it always read; French counts by ngettext
        said = ngettext(
            "{n} ended encounter(s) not shown: --all shows them.",
            "{n} ended encounter(s) not shown: --all shows them.",
            hidden,
        )
        parts += [Text(said.format(n=hidden), style="dim")]
    if not shown or hidden:
        parts.append(Text(""))
    if data["companies"]:
        parts += [_Companies(data["companies"]), Text("")]
    if data["characters"]:
        parts.append(Text(_("Characters"), style="bold"))
        for index, character in enumerate(data["characters"]):
            parts += [Text("")] if index else []
            parts.append(character_block(character))
    return Group(*parts)
