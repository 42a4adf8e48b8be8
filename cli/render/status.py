"""``status``: the morale board of each encounter, the companies, the characters."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from campaign.rules.d6harmonie import modifier_words
from cli.render.common import Handle, french, printable, signed

STATUS_STYLE = {
    "fighting": "green",
    "fights-to-death": "bold red",
    "fled": "yellow",
    "surrendered": "magenta",
    "will-not-fight": "cyan",
    "out": "dim",
}
ITEM_STYLE = {"intact": "green", "damaged": "yellow", "broken": "red", "destroyed": "bold red"}


def _header(data: dict[str, Any], as_of: str | None) -> Text:
    session = data.get("session")
    text = Text()
    if session is None:
        text.append("No session yet", style="bold")
    else:
        text.append(f"Session {session}", style="bold")
        text.append(" (open)" if data.get("session_open") else " (ended)", style="dim")
    text.append("  ·  ")
    text.append(str(data.get("clock")), style="bold cyan")
    text.append("  ·  ")
    text.append(f"event {data.get('position')}", style="dim")
    if as_of:
        text.append(f"  ·  as of {as_of}", style="bold magenta")
    return text


def _out(group: dict[str, Any]) -> Text:
    killed, incapacitated = group["killed"], group["incapacitated"]
    parts = [f"{killed} killed"] if killed else []
    parts += [f"{incapacitated} incap."] if incapacitated else []
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
        text.append(f"\n{signed(adjustment)} ignored", style="dim")
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
    return f" ({group['successes']} success{'es' if group['successes'] > 1 else ''})"


def _board(encounter: dict[str, Any]) -> Table:
    title = Text(encounter["handle"], style="bold")
    if encounter.get("name"):
        title.append(f" — {encounter['name']}")
    if encounter.get("ended"):
        title.append("  (ended)", style="dim")
    table = Table(title=title, title_justify="left", header_style="bold", pad_edge=False)
    # The numbers never fold away on a narrow terminal: names and statuses wrap instead. A
    # check due goes under the status: a column of its own was the first a narrow terminal
    # squeezed out, leaving the JSON's due check off the board a GM reads mid-fight.
    table.add_column("Group", overflow="fold")
    table.add_column("Kind", style="dim", width=8, no_wrap=True)  # monsters, company: no name
    table.add_column("Count", justify="right", no_wrap=True, min_width=5)
    table.add_column("Out", min_width=8)
    table.add_column("Morale", justify="right", min_width=8)  # "7 -1 = 6"; "12\n-1 ignored"
    table.add_column("Status", overflow="fold", min_width=15)  # fights-to-death
    if not encounter["groups"]:
        table.add_row(Text("no groups yet", style="dim"))
    for group in encounter["groups"]:
        handle = Text(group["handle"], style="bold")
        if group.get("name"):
            handle.append(f"\n{group['name']}", style="dim")
        status = Text(group["status"], style=STATUS_STYLE.get(group["status"], ""))
        status.append(_successes(group), style="dim")
        if group["checks_due"]:
            status.append("\nmorale check: " + ", ".join(group["checks_due"]), style="bold red")
        count, kind = str(group["count"]), group["kind"]
        table.add_row(Handle(handle), kind, count, _out(group), _morale(group), status)
    return table


BOARD_WIDTH = 70  # the board's table needs this many columns; narrower, one line per group
FIXED_WIDTH = 7 + 10 + 7 + 10 + 16  # the borders; Kind, Count, Morale and Status, padded


def _share(table: Table, groups: list[dict[str, Any]], width: int) -> None:
    """Caps the Group and Out columns so that the Status column keeps its 15 on a terminal too
    narrow for the whole board: Rich shrinks the widest columns evenly, then widens again one
    taken below its ``min_width``, past the terminal's edge, where Status was cropped."""
    room = width - FIXED_WIDTH - 3  # Group's padding 1, Out's 2
    names = [line for g in groups for line in [g["handle"], *(g.get("name") or "").split("\n")]]
    group = max(cell_len(line) for line in ["Group", *names])
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
            yield Text("  no groups yet", style="dim")
        for group in self.encounter["groups"]:
            line = Text("  ")
            line.append(group["handle"], style="bold")
            line.append(f" {group['kind']}, {group['count']}: ", style="dim")
            line.append(_out(group))
            morale = _morale(group).plain  # "12\n-1 ignored" on two lines in the table
            line.append(
                ", morale " + (morale.replace("\n", " (") + ")" if "\n" in morale else morale)
            )
            line.append(", ")
            line.append(group["status"], style=STATUS_STYLE.get(group["status"], ""))
            line.append(_successes(group), style="dim")  # the table's, said here too
            if group["checks_due"]:
                due = ", ".join(group["checks_due"])
                line.append(f" — morale check: {due}", style="bold red")
            yield Handle(line)


def _troop(company: dict[str, Any]) -> str:
    flags = [flag for flag in ("mounted", "elite", "fanatic") if company[flag]]
    return ", ".join([company["troop"], *flags])


def _fit(company: dict[str, Any], apart: str = "\n") -> Text:
    """``18 of 20`` and, on a line below (or after ``apart``), ``2 killed, 2 incap.``."""
    fit = Text(f"{company['fit']} of {company['size']}")
    lost = [f"{company['killed']} killed"] if company["killed"] else []
    lost += [f"{company['incapacitated']} incap."] if company["incapacitated"] else []
    if lost:
        fit.append(apart + ", ".join(lost), style="dim")
    return fit


def _company_morale(company: dict[str, Any], apart: str = "\n") -> Text:
    """``10`` and, on a line below (or after ``apart``), ``table 9`` — or the GM's base beside
    the table's."""
    morale = Text(str(company["morale"]), style="bold")
    if company["base_morale"] != company["table_morale"]:
        base, table = company["base_morale"], company["table_morale"]
        morale.append(f"{apart}base {base} (table {table})", style="yellow")
    else:
        morale.append(f"{apart}table {company['table_morale']}", style="dim")
    return morale


def _working_conditions(company: dict[str, Any]) -> list[Text]:
    """One line per working-conditions modifier: ``+1 shared the dragon hoard  event 4``."""
    lines = []
    for modifier in company["modifiers"]:
        line = Text(signed(modifier["value"]), style="bold")
        line.append(f" {modifier['reason']}")
        line.append(f"  event {modifier.get('position')}", style="dim")
        lines.append(line)
    return lines


def _companies_table(companies: list[dict[str, Any]]) -> Table:
    table = Table(title=Text("Companies", style="bold"), title_justify="left", header_style="bold")
    # as on the board, the numbers never fold away: the name wraps instead (unwrapped, a long
    # one left Troop, Fit and Morale no width at all on a narrow terminal)
    table.add_column("Company", min_width=10)
    table.add_column("Troop", min_width=8, overflow="fold")  # "trained," over "mounted"
    table.add_column("Fit", justify="right", min_width=8, overflow="fold")  # "18 of 20"
    table.add_column("Morale", justify="right", min_width=8, overflow="fold")  # "(table 6)"
    table.add_column("Working conditions", min_width=10, overflow="fold")
    for company in companies:
        name: list[RenderableType] = [Handle(company["handle"], style="bold")]
        if company.get("name"):
            name.append(Handle(company["name"], style="dim"))
        if not company["in_service"]:
            name.append(Text("not in service", style="red"))
        conditions = Text("\n").join(_working_conditions(company))
        table.add_row(
            Group(*name),
            _troop(company),
            _fit(company),
            _company_morale(company),
            conditions or Text("none", style="dim"),
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
        yield Text("Companies", style="bold")
        for company in self.companies:
            head = Text("  ")
            head.append(company["handle"], style="bold")
            if company.get("name"):
                head.append(f" {company['name']}", style="dim")
            if not company["in_service"]:
                head.append("  not in service", style="red")
            yield Handle(head)
            line = Text(f"    {_troop(company)}; fit ")
            line.append(_fit(company, apart=", "))
            line.append("; morale ")
            line.append(_company_morale(company, apart=", "))
            yield line
            for modifier in _working_conditions(company):
                yield Text("    ") + modifier


def _condition(condition: dict[str, Any]) -> Text:
    text = Text(modifier_words(condition["value"], condition.get("unit")), style="bold yellow")
    text.append(f" {condition['applies_to']}  ")
    text.append(french(condition["source"]), style="dim")
    if condition.get("detail"):  # which of several such flaws: phobia-mild (…): rats
        text.append(f": {condition['detail']}", style="dim")
    until = condition.get("until")
    text.append(f"  until {until}" if until else "  until the session ends", style="cyan")
    return text


def _item(item: dict[str, Any]) -> Text:
    text = Text(item["name"], style="bold")
    text.append(f"  {item['slot']}" + (", magic" if item.get("magic") else ""), style="dim")
    text.append("  ")
    text.append(item["state"], style=ITEM_STYLE.get(item["state"], ""))
    if item.get("hp_max") is not None:
        text.append(f"  {item['hp']}/{item['hp_max']} hp")
    return text


def _traits(traits: list[dict[str, Any]]) -> Text:
    text = Text()
    for trait in traits:
        if text:
            text.append("\n")
        text.append(french(trait["key"]))
        if trait.get("detail"):
            text.append(f": {trait['detail']}", style="italic")
        text.append(f"  {trait['points']} pts", style="dim")
    return text


def _character(character: dict[str, Any]) -> Group:
    title = Text(character["name"] or character["handle"], style="bold")
    title.append(f" ({character['handle']})", style="dim")
    employer = character.get("retainer_of")
    if employer and not character["in_service"]:  # a retainer leaves by quitting
        title.append(f" — left {employer}'s service (quit)", style="red")
        title.append(f", loyalty {character['loyalty']}")
    elif employer:
        title.append(f" — retainer of {employer}, loyalty {character['loyalty']}")
    elif not character["in_service"]:
        title.append("  not in service", style="red")
    if not character["finalized"] and (character["flaws"] or character["advantages"]):
        # creation is about the traits (docs/log-language.md#characters): without one, nothing
        # is being created, and a retainer is never finalized
        title.append("  in creation", style="dim")
    # the title on a line of its own: in the grid's first column (no_wrap) a retainer's long
    # title pushed the values — their items, conditions — off a narrow terminal
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column(overflow="fold")

    def row(label: str, value: str | Text) -> None:
        # a value whole, broken after a space, a / or a - where it must: a flaw's detail
        # (`phobia-mild: spiders-and-all-crawling-…`) wider than the column ended in …
        grid.add_row(label, Handle(value))

    if character["flaws"]:
        row("  flaws", _traits(character["flaws"]))
    if character["advantages"]:
        row("  advantages", _traits(character["advantages"]))
    if character.get("stats"):
        row("  scores", ", ".join(f"{k} {v}" for k, v in character["stats"].items()))
    if character.get("moral_modifier"):
        bonus = Text(signed(character["moral_modifier"]), style="bold")
        row("  MORAL bonus", bonus + Text(" (advantages)", style="dim"))
    for index, condition in enumerate(character["conditions"]):
        row("  conditions" if index == 0 else "", _condition(condition))
    for index, item in enumerate(character["items"]):
        row("  items" if index == 0 else "", _item(item))
    if character.get("saves"):
        row("  saves", ", ".join(f"{k} {signed(v)}" for k, v in character["saves"].items()))
    losses = [f"{character['damage_taken']} damage taken"] if character["damage_taken"] else []
    losses += [f"{where} HP −{n}" for where, n in (character["hp_lost"] or {}).items() if n]
    if character.get("conscience_lost"):
        losses.append(f"conscience −{character['conscience_lost']}")
    if losses:
        row("  losses", ", ".join(losses))
    return Group(Handle(title), grid)  # a long handle broken after a -, not folded


def status_view(data: dict[str, Any], *, show_all: bool, as_of: str | None) -> RenderableType:
    """The morale board of each (open) encounter, the companies, the characters."""
    data = printable(data)  # control characters shown escaped (cli/render/common.py)
    parts: list[RenderableType] = [_header(data, as_of), Text("")]
    shown = [e for e in data["encounters"] if show_all or not e["ended"]]
    for encounter in shown:
        parts += [_Board(encounter), Text("")]
    hidden = len(data["encounters"]) - len(shown)
    if not shown:
        parts += [Text("No encounter open.", style="dim")]
    if hidden:
        parts += [Text(f"{hidden} ended encounter(s) not shown: --all shows them.", style="dim")]
    if not shown or hidden:
        parts.append(Text(""))
    if data["companies"]:
        parts += [_Companies(data["companies"]), Text("")]
    if data["characters"]:
        parts.append(Text("Characters", style="bold"))
        for index, character in enumerate(data["characters"]):
            parts += [Text("")] if index else []
            parts.append(_character(character))
    return Group(*parts)
