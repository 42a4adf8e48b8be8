"""Rich views of the reading commands: plain dicts from the application's queries in, tables out.

Nothing here decides anything about the game; it only lays out what ``status``, ``history``,
``modifiers`` and ``projections status`` returned, so that a GM can read it at a glance.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain, islice
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.segment import Segment, SegmentLines
from rich.table import Table
from rich.text import Text

from campaign.errors import ImpossibleInput
from campaign.rules.d6harmonie import find_trait

STATUS_STYLE = {
    "fighting": "green",
    "fights-to-death": "bold red",
    "fled": "yellow",
    "surrendered": "magenta",
    "will-not-fight": "cyan",
    "out": "dim",
}
ITEM_STYLE = {"intact": "green", "damaged": "yellow", "broken": "red", "destroyed": "bold red"}
# history: where ``rules_say`` is a bound or a choice rather than an outcome to compare
_CEILING_KINDS = {"trait-taken"}  # rules_say: the points cap of the kind; ruled: the total


def signed(value: int | None) -> str:
    return "—" if value is None else f"{value:+d}"


def plain(value: Any) -> str:
    """A JSON value as a person reads it: lists joined, nothing for null."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(plain(v) for v in value) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {plain(v)}" for k, v in value.items())
    return str(value)


def french(key: str) -> str:
    """``phobia-mild (Phobie légère)``: the English key with the seed's French name beside it."""
    try:
        return f"{key} ({find_trait(key).name_fr})"
    except ImpossibleInput:  # a key from another catalogue version: the key alone
        return key


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
    """``7 -1 = 6``: the rating, the encounter's adjustments, the effective morale in bold."""
    adjustment = group["adjustment"]
    text = Text()
    if adjustment or group["effective_morale"] != group["morale"]:
        text.append(f"{group['morale']} ", style="dim")
        text.append(signed(adjustment), style="yellow")
        text.append(" = ", style="dim")
    text.append(str(group["effective_morale"]), style="bold")
    return text


def _board(encounter: dict[str, Any]) -> Table:
    title = Text(encounter["handle"], style="bold")
    if encounter.get("name"):
        title.append(f" — {encounter['name']}")
    if encounter.get("ended"):
        title.append("  (ended)", style="dim")
    table = Table(title=title, title_justify="left", header_style="bold")
    # The numbers never fold away on a narrow terminal: names and statuses wrap instead.
    table.add_column("Group", overflow="fold", ratio=3)
    table.add_column("Count", justify="right", no_wrap=True, min_width=5)
    table.add_column("Out", min_width=8, ratio=2)
    table.add_column("Morale", justify="right", no_wrap=True, min_width=8)
    table.add_column("Status", overflow="fold", ratio=2, min_width=15)  # fights-to-death
    table.add_column("Check due", overflow="fold", ratio=1)
    if not encounter["groups"]:
        table.add_row(Text("no groups yet", style="dim"))
    for group in encounter["groups"]:
        handle = Text(group["handle"], style="bold")
        handle.append(f" {group['kind']}", style="dim")
        if group.get("name"):
            handle.append(f"\n{group['name']}", style="dim")
        status = Text(group["status"], style=STATUS_STYLE.get(group["status"], ""))
        if group["successes"]:
            plural = "es" if group["successes"] > 1 else ""
            status.append(f" ({group['successes']} success{plural})", style="dim")
        due = group["checks_due"]
        table.add_row(
            handle,
            str(group["count"]),
            _out(group),
            _morale(group),
            status,
            Text("morale check: " + ", ".join(due), style="bold red") if due else "",
        )
    return table


def _companies(companies: list[dict[str, Any]]) -> Table:
    table = Table(title=Text("Companies", style="bold"), title_justify="left", header_style="bold")
    table.add_column("Company", no_wrap=True)
    table.add_column("Troop")
    table.add_column("Fit", justify="right")
    table.add_column("Morale", justify="right")
    table.add_column("Working conditions")
    for company in companies:
        name = Text(company["handle"], style="bold")
        if company.get("name"):
            name.append(f"\n{company['name']}", style="dim")
        if not company["in_service"]:
            name.append("\nnot in service", style="red")
        troop = ", ".join(
            [company["troop"]] + [flag for flag in ("mounted", "elite", "fanatic") if company[flag]]
        )
        fit = Text(f"{company['fit']} of {company['size']}")
        lost = [f"{company['killed']} killed"] if company["killed"] else []
        lost += [f"{company['incapacitated']} incap."] if company["incapacitated"] else []
        if lost:
            fit.append("\n" + ", ".join(lost), style="dim")
        morale = Text(str(company["morale"]), style="bold")
        if company["base_morale"] != company["table_morale"]:
            morale.append(
                f"\nbase {company['base_morale']} (table {company['table_morale']})", style="yellow"
            )
        else:
            morale.append(f"\ntable {company['table_morale']}", style="dim")
        conditions = Text()
        for modifier in company["modifiers"]:
            if conditions:
                conditions.append("\n")
            conditions.append(signed(modifier["value"]), style="bold")
            conditions.append(f" {modifier['reason']}")
            conditions.append(f"  event {modifier.get('position')}", style="dim")
        table.add_row(name, troop, fit, morale, conditions or Text("none", style="dim"))
    return table


def _condition(condition: dict[str, Any]) -> Text:
    unit = "D" if condition.get("unit") == "dice" else ""
    text = Text(f"{signed(condition['value'])}{unit}", style="bold yellow")
    text.append(f" {condition['applies_to']}  ")
    text.append(french(condition["source"]), style="dim")
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


def _character(character: dict[str, Any]) -> Table:
    title = Text(character["name"] or character["handle"], style="bold")
    title.append(f" ({character['handle']})", style="dim")
    if character.get("retainer_of"):
        title.append(f" — retainer of {character['retainer_of']}, loyalty {character['loyalty']}")
    if not character["in_service"]:
        title.append("  not in service", style="red")
    if not character["finalized"]:
        title.append("  in creation", style="dim")
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column()
    grid.add_row(title, "")
    if character["flaws"]:
        grid.add_row("  flaws", _traits(character["flaws"]))
    if character["advantages"]:
        grid.add_row("  advantages", _traits(character["advantages"]))
    if character.get("stats"):
        scores = ", ".join(f"{k} {v}" for k, v in character["stats"].items())
        grid.add_row("  scores", scores)
    if character.get("moral_modifier"):
        bonus = Text(signed(character["moral_modifier"]), style="bold")
        grid.add_row("  MORAL bonus", bonus + Text(" (advantages)", style="dim"))
    for index, condition in enumerate(character["conditions"]):
        grid.add_row("  conditions" if index == 0 else "", _condition(condition))
    for index, item in enumerate(character["items"]):
        grid.add_row("  items" if index == 0 else "", _item(item))
    if character.get("saves"):
        saves = ", ".join(f"{k} {signed(v)}" for k, v in character["saves"].items())
        grid.add_row("  saves", saves)
    losses = [f"{character['damage_taken']} damage taken"] if character["damage_taken"] else []
    losses += [f"{where} HP −{n}" for where, n in (character["hp_lost"] or {}).items() if n]
    if character.get("conscience_lost"):
        losses.append(f"conscience −{character['conscience_lost']}")
    if losses:
        grid.add_row("  losses", ", ".join(losses))
    return grid


def status_view(data: dict[str, Any], *, show_all: bool, as_of: str | None) -> RenderableType:
    """The morale board of each (open) encounter, the companies, the characters."""
    parts: list[RenderableType] = [_header(data, as_of), Text("")]
    shown = [e for e in data["encounters"] if show_all or not e["ended"]]
    for encounter in shown:
        parts += [_board(encounter), Text("")]
    hidden = len(data["encounters"]) - len(shown)
    if not shown:
        parts += [Text("No encounter open.", style="dim")]
    if hidden:
        parts += [Text(f"{hidden} ended encounter(s) not shown: --all shows them.", style="dim")]
    if not shown or hidden:
        parts.append(Text(""))
    if data["companies"]:
        parts += [_companies(data["companies"]), Text("")]
    if data["characters"]:
        parts.append(Text("Characters", style="bold"))
        for index, character in enumerate(data["characters"]):
            parts += [Text("")] if index else []
            parts.append(_character(character))
    return Group(*parts)


def _differs(event: dict[str, Any]) -> bool:
    """Whether the ruling departs from what the rules said (laid out, not judged: the audit
    judges)."""
    rules_say, ruled = event["rules_say"], event["ruled"]
    if rules_say is None or ruled is None or rules_say == ruled:
        return False
    if event["kind"] in _CEILING_KINDS and isinstance(rules_say, int) and isinstance(ruled, int):
        return ruled > rules_say
    if isinstance(rules_say, list) and not isinstance(ruled, list):
        return ruled not in rules_say  # a choice among candidates
    return True


def _rules_cell(event: dict[str, Any]) -> str:
    rules_say = event["rules_say"]
    if event["kind"] in _CEILING_KINDS and isinstance(rules_say, int):
        return f"≤ {rules_say}"
    ruled = event["ruled"]
    if rules_say and isinstance(rules_say, list) and not isinstance(ruled, list | None):
        return "one of " + plain(rules_say)  # a choice among candidates
    return plain(rules_say)


HISTORY_WHOLE = 1000  # up to this many events, one table sized to its content
HISTORY_CHUNK = 500  # beyond it, the table is drawn this many rows at a time


def history_view(events: list[dict[str, Any]]) -> RenderableType:
    """One line per event; a ruling that departs from the rules in bold yellow; retracted
    events struck through."""
    if not events:
        return Text("No events.", style="dim")
    notes = any(event["note"] or event.get("gm") or event["retracted"] for event in events)
    table = _history_table(notes)
    _history_rows(table, events, notes, [object()])
    return table


def print_history(console: Console, events: Iterable[dict[str, Any]]) -> None:
    """:func:`history_view` of a stream of events, printed as it is read.

    A history of up to :data:`HISTORY_WHOLE` events is the one table of :func:`history_view`.
    A longer one is never held whole (in memory, or in Rich's layout): it is drawn
    :data:`HISTORY_CHUNK` rows at a time as one continuous table whose columns are sized by
    the terminal's width rather than by their content, with the Note column always shown.
    """
    events = iter(events)
    head = list(islice(events, HISTORY_WHOLE + 1))
    if len(head) <= HISTORY_WHOLE:
        console.print(history_view(head))
        return
    session: list[object] = [object()]
    bottom: list[Segment] | None = None  # the last chunk's bottom edge, held back
    first = True
    for chunk in _chunks(chain(head, events), HISTORY_CHUNK):
        width = max(7, len(str(chunk[-1]["position"])))  # positions only grow
        table = _history_table(True, streamed=width, header=first)
        _history_rows(table, chunk, True, session)
        lines = console.render_lines(table, console.options)
        if not first:
            lines = lines[1:]  # the top edge: the rows continue the table above
        bottom = lines.pop()
        console.print(SegmentLines(lines, new_lines=True))
        first = False
    if bottom is not None:
        console.print(SegmentLines([bottom], new_lines=True))


def _chunks(items: Iterator[dict[str, Any]], size: int) -> Iterator[list[dict[str, Any]]]:
    while chunk := list(islice(items, size)):
        yield chunk


def _history_table(notes: bool, *, streamed: int | None = None, header: bool = True) -> Table:
    """The history's columns; ``streamed``: the width of ``#`` in a table drawn in chunks,
    where every column's width is fixed so that the chunks line up."""
    fixed = streamed is not None
    table = Table(header_style="bold", expand=fixed, show_header=header)
    table.add_column("#", justify="right", style="dim", no_wrap=True, width=streamed)
    table.add_column(
        "Command (and what else it recorded)", overflow="fold", ratio=4 if fixed else None
    )
    table.add_column("Subject", overflow="fold", ratio=2 if fixed else None)
    table.add_column("Rules say", ratio=2 if fixed else None)
    table.add_column("Ruled", ratio=2 if fixed else None)
    if notes:
        table.add_column("Note", ratio=3 if fixed else None)
    return table


def _history_rows(
    table: Table, events: Iterable[dict[str, Any]], notes: bool, session: list[object]
) -> None:
    """Add the events' rows, and a heading row where each session starts (``session`` holds
    the session of the row before, across chunks)."""
    for event in events:
        if event["session"] != session[0]:  # a heading row where each session starts
            session[0] = event["session"]
            heading = "before any session" if session[0] is None else f"session {session[0]}"
            table.add_row("", Text(heading, style="bold cyan"), end_section=False)
        first = event.get("command_position") == event["position"]
        what = Text(event["command"] or event["kind"]) if first else Text(f"  ↳ {event['kind']}")
        if not first:
            what.stylize("dim")
        differs = _differs(event)
        ruled = Text(plain(event["ruled"]), style="bold yellow" if differs else "")
        if differs:
            ruled.append(" ≠", style="bold yellow")
        cells: list[RenderableType] = [
            str(event["position"]),
            what,
            event["subject"] or "",
            _rules_cell(event),
            ruled,
        ]
        if notes:
            note = Text("(retracted) " if event["retracted"] else "", style="bold")
            note.append(event["note"] or "", style="italic")
            if event.get("gm"):
                note.append(f" — {event['gm']}" if event["note"] else event["gm"], style="dim")
            cells.append(note)
        table.add_row(*cells, style="dim strike" if event["retracted"] else None)


def modifiers_view(subjects: list[dict[str, Any]]) -> RenderableType:
    """Each subject's rating, its modifiers with their reasons and events, and the result."""
    table = Table(header_style="bold")
    table.add_column("Subject", no_wrap=True)
    table.add_column("Kind", style="dim")
    table.add_column("Rating", justify="right")
    table.add_column("Modifiers")
    table.add_column("Effective", justify="right")
    for subject in subjects:
        lines = Text()
        for modifier in subject["modifiers"]:
            if lines:
                lines.append("\n")
            unit = "D" if modifier.get("unit") == "dice" else ""
            lines.append(f"{signed(modifier['value'])}{unit}", style="bold")
            lines.append(f" {modifier['reason']}")
            if modifier.get("applies_to"):
                lines.append(f" ({modifier['applies_to']})", style="cyan")
            if modifier.get("until"):
                lines.append(f" until {modifier['until']}", style="cyan")
            lines.append(f"  event {modifier['position']}", style="dim")
        table.add_row(
            Text(subject["subject"], style="bold"),
            subject["kind"],
            plain(subject["rating"]) or "—",
            lines or Text("none", style="dim"),
            Text(plain(subject["effective"]) or "—", style="bold"),
        )
    return table


def projections_view(projections: list[dict[str, Any]]) -> RenderableType:
    table = Table(header_style="bold")
    table.add_column("Read model", no_wrap=True)
    table.add_column("Position", justify="right")
    table.add_column("Behind", justify="right")
    for row in projections:
        behind = row["behind"]
        table.add_row(
            row["name"],
            str(row["position"]),
            Text(str(behind), style="yellow" if behind else "green"),
        )
    return table


def show(renderable: RenderableType):
    """A ``render`` callback for :func:`cli.output.emit`."""

    def render(console: Console) -> None:
        console.print(renderable)

    return render
