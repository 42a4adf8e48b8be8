"""``status``: a character's block — traits, conditions, items, saves, losses — under the
board and the companies (cli/render/status.py)."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from campaign.core.i18n import _
from campaign.rules.d6harmonie import modifier_words
from cli.render.common import Handle, french, signed
from cli.render.words import clock_said, said

ITEM_STYLE = {"intact": "green", "damaged": "yellow", "broken": "red", "destroyed": "bold red"}


def _condition(condition: dict[str, Any]) -> Text:
    text = Text(modifier_words(condition["value"], condition.get("unit")), style="bold yellow")
    text.append(f" {condition['applies_to']}  ")
    text.append(french(condition["source"]), style="dim")
    if condition.get("detail"):  # which of several such flaws: phobia-mild (…): rats
        text.append(_(": {detail}").format(detail=condition["detail"]), style="dim")
    until = condition.get("until")
    until = (
        _("until {moment}").format(moment=clock_said(until))
        if until
        else _("until the session ends")
    )
    text.append("  " + until, style="cyan")
    return text


def _item(item: dict[str, Any]) -> Text:
    text = Text(item["name"], style="bold")
    text.append(f"  {item['slot']}" + (", " + _("magic") if item.get("magic") else ""), style="dim")
    text.append("  ")
    text.append(said(item["state"]), style=ITEM_STYLE.get(item["state"], ""))
    if item.get("hp_max") is not None:
        text.append("  " + _("{hp}/{most} hp").format(hp=item["hp"], most=item["hp_max"]))
    return text


def _traits(traits: list[dict[str, Any]]) -> Text:
    text = Text()
    for trait in traits:
        if text:
            text.append("\n")
        text.append(french(trait["key"]))
        if trait.get("detail"):
            text.append(_(": {detail}").format(detail=trait["detail"]), style="italic")
        text.append("  " + _("{n} pts").format(n=trait["points"]), style="dim")
    return text


def _losses(character: dict[str, Any]) -> list[str]:
    """``8 damage taken``, ``torso HP −5``, ``conscience −2``: what the character lost."""
    taken = character["damage_taken"]
    losses = [_("{n} damage taken").format(n=taken)] if taken else []
    losses += [
        _("{where} HP −{n}").format(where=where, n=n)
        for where, n in (character["hp_lost"] or {}).items()
        if n
    ]
    if character.get("conscience_lost"):
        losses.append(_("conscience −{n}").format(n=character["conscience_lost"]))
    return losses


def character_block(character: dict[str, Any]) -> Group:
    title = Text(character["name"] or character["handle"], style="bold")
    title.append(f" ({character['handle']})", style="dim")
    employer = character.get("retainer_of")
    if employer and not character["in_service"]:  # a retainer leaves by quitting
        title.append(
            " — " + _("left {employer}'s service (quit)").format(employer=employer), style="red"
        )
        title.append(", " + _("loyalty {n}").format(n=character["loyalty"]))
    elif employer:
        retainer = _("retainer of {employer}, loyalty {n}")
        title.append(" — " + retainer.format(employer=employer, n=character["loyalty"]))
    elif not character["in_service"]:
        title.append("  " + _("not in service"), style="red")
    if not character["finalized"] and (character["flaws"] or character["advantages"]):
        # creation is about the traits (docs/log-language.md#characters): without one, nothing
        # is being created, and a retainer is never finalized
        title.append("  " + _("in creation"), style="dim")
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
        row("  " + _("flaws"), _traits(character["flaws"]))
    if character["advantages"]:
        row("  " + _("advantages"), _traits(character["advantages"]))
    if character.get("stats"):
        row("  " + _("scores"), ", ".join(f"{k} {v}" for k, v in character["stats"].items()))
    if character.get("moral_modifier"):
        bonus = Text(signed(character["moral_modifier"]), style="bold")
        row("  " + _("MORAL bonus"), bonus + Text(" " + _("(advantages)"), style="dim"))
    for index, condition in enumerate(character["conditions"]):
        row("  " + _("conditions") if index == 0 else "", _condition(condition))
    for index, item in enumerate(character["items"]):
        row("  " + _("items") if index == 0 else "", _item(item))
    if character.get("saves"):
        row("  " + _("saves"), ", ".join(f"{k} {signed(v)}" for k, v in character["saves"].items()))
    if losses := _losses(character):
        row("  " + _("losses"), ", ".join(losses))
    return Group(Handle(title), grid)  # a long handle broken after a -, not folded
