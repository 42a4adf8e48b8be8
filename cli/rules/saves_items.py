"""Calculator calls for seed 001's items (docs/cli.md#the-rules-calculator):
``rules item-candidates``, ``item-save``, ``object-damage``. Parse → one call into
:mod:`campaign.rules.saves` → render. No rule is written here."""

from __future__ import annotations

from typing import Annotated

import typer

from campaign.core.errors import ImpossibleInput, Phrase
from campaign.core.i18n import N_, _, ngettext, pgettext
from campaign.rules import saves
from cli.output import emit
from cli.render.words import said
from cli.rules._app import JsonOption, app, show, signed, yes_no

ITEM_FORM = "NAME:SLOT[:magic][:unattended]"
_SAVED, _ENERGY = N_("saved: half"), N_("energy: half")  # why damage to an object was halved
_ITEM_FLAGS = ("magic", "unattended")


def _parse_item(text: str) -> saves.CarriedItem:
    """``NAME:SLOT[:magic][:unattended]``; the name may itself hold colons."""
    parts = text.split(":")
    flags: set[str] = set()
    while len(parts) > 2 and parts[-1].strip().lower() in _ITEM_FLAGS:
        flags.add(parts.pop().strip().lower())
    if len(parts) < 2 or not parts[0].strip() or not parts[-1].strip():
        raise _bad_item(text, Phrase(N_("it needs a name and a slot")))
    name, slot = ":".join(parts[:-1]).strip(), parts[-1]
    try:
        row = saves.item_slot(slot)
    except ImpossibleInput:
        raise _bad_item(text, Phrase(N_("unknown slot {slot}"), slot=repr(slot.strip()))) from None
    return saves.CarriedItem(name, row.key, "magic" in flags, "unattended" in flags)


def _bad_item(text: str, why: Phrase) -> ImpossibleInput:
    return ImpossibleInput(
        N_("{text} is not an item: {why}; expected {form} (slots: {slots})"),
        field="item",
        value=text,
        expected="{form}",
        values={"text": repr(text), "why": why, "form": ITEM_FORM, "slots": ", ".join(saves.SLOTS)},
    )


@app.command("item-candidates")
def item_candidates(
    item: Annotated[
        list[str] | None,
        typer.Option(
            "--item",
            help=f"An item carried or worn, in acquisition order: {ITEM_FORM} "
            f"(slots: {', '.join(saves.SLOTS)}). Repeat it for each item.",
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """The items a natural 1 may harm: the four most likely by the seed's table (rank, then
    acquisition), unattended items excluded, plus any tied with the fourth.

    Example: campaign rules item-candidates --item "Tower shield:shield" --item "Ring:jewelry:magic"
    """
    items = [_parse_item(text) for text in item or []]
    seen: set[str] = set()
    for carried in items:
        if carried.name.lower() in seen:
            raise ImpossibleInput(
                N_("two items are named {name}; item names are unique (any case)"),
                field="item",
                value=carried.name,
                expected=N_("unique names"),
                values={"name": repr(carried.name)},
            )
        seen.add(carried.name.lower())
    result = saves.item_candidates(items)
    numbers: list[tuple[str, object]] = [
        (_("rank {rank}").format(rank=rank), _describe(candidate))
        for candidate, rank in zip(result.candidates, result.ranks, strict=True)
    ]
    numbers += [
        (_("tied, rank {rank}").format(rank=saves.item_rank(t.slot, t.magic)), _describe(t))
        for t in result.tied
    ]
    numbers += [(_("excluded (unattended)"), _describe(i)) for i in items if i.unattended]
    if not result.choosable:
        verdict = _("No exposed item: nothing carried or worn.")
    else:
        verdict = _("Choose uniformly among {n}: {items}.").format(
            n=len(result.choosable), items=", ".join(i.name for i in result.choosable)
        )
    emit(
        result.as_json(),
        as_json=as_json,
        render=show(_("Items exposed by a natural 1"), numbers, verdict, result.cites),
    )


def _describe(item: saves.CarriedItem) -> str:
    row = saves.ITEM_SLOTS[item.slot]
    if item.magic:
        words = _("{name} — magic {slot} ({slot_fr})")
    else:
        words = _("{name} — {slot} ({slot_fr})")
    return words.format(name=item.name, slot=item.slot, slot_fr=row.name_fr)


@app.command("item-save")
def item_save(
    magic: Annotated[
        bool, typer.Option("--magic", help="A magic item (needs --caster-level).")
    ] = False,
    caster_level: Annotated[
        int | None, typer.Option("--caster-level", help="A magic item's caster level (0 or more).")
    ] = None,
    bearer_bonus: Annotated[
        int | None,
        typer.Option("--bearer-bonus", help="The bearer's save bonus (signed)."),
    ] = None,
    unattended: Annotated[
        bool, typer.Option("--unattended", help="Neither carried nor worn.")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """An item's save bonus: a magic item 2 + ⌊CL/2⌋; attended, the better of that and its
    bearer's; an unattended non-magical item gets no save.

    Example: campaign rules item-save --magic --caster-level 5 --bearer-bonus 1
    """
    result = saves.item_save_bonus(
        magic=magic, caster_level=caster_level, bearer_bonus=bearer_bonus, unattended=unattended
    )
    if not result.saves:
        verdict = _("No save: an unattended non-magical item simply takes the damage.")
    elif result.bonus is None:
        verdict = _("It saves as its bearer (the bearer's bonus was not given).")
    else:
        verdict = _("It saves with {bonus}.").format(bonus=f"{result.bonus:+d}")
    level = _("yes, caster level {level}").format(level=caster_level)
    emit(
        result.as_json(),
        as_json=as_json,
        render=show(
            _("Item save"),
            [
                (_("magic"), level if magic else _("no")),
                (_("own bonus (2 + ⌊CL/2⌋)"), signed(result.own_bonus)),
                (
                    _("bearer's bonus"),
                    pgettext("bonus", "none (unattended)") if unattended else signed(bearer_bonus),
                ),
                (pgettext("item", "saves"), yes_no(result.saves)),
                (_("bonus"), signed(result.bonus)),
            ],
            verdict,
            result.cites,
        ),
    )


@app.command("object-damage")
def object_damage(
    damage: Annotated[int, typer.Option("--damage", help="The attack's damage (0 or more).")],
    hardness: Annotated[int, typer.Option("--hardness", help="The object's hardness.")],
    hp: Annotated[int, typer.Option("--hp", help="The object's maximum hit points.")],
    hp_left: Annotated[
        int | None, typer.Option("--hp-left", help="Hit points left before (default: --hp).")
    ] = None,
    energy: Annotated[
        bool, typer.Option("--energy", help="An energy attack: halved before hardness.")
    ] = False,
    halved: Annotated[
        bool,
        typer.Option("--halved", help="The item saved against a 'half' effect: halved."),
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Damage to an object: halved (--halved, --energy), minus hardness; broken at hit points
    left ≤ half the maximum, destroyed at 0.

    Example: campaign rules object-damage --damage 24 --energy --hardness 5 --hp 20
    """
    result = saves.object_damage(
        damage=damage, hardness=hardness, hp=hp, hp_left=hp_left, energy=energy, halved=halved
    )
    halvings = [_(label) for on, label in ((halved, _SAVED), (energy, _ENERGY)) if on]
    steps = [str(damage)]
    if halvings:
        steps.append(f"{result.before_hardness} ({', '.join(halvings)})")
    less = _("{damage} (minus hardness {value}, not below 0)")
    steps.append(less.format(damage=result.damage, value=hardness))
    before = hp if hp_left is None else hp_left
    emit(
        result.as_json(),
        as_json=as_json,
        render=show(
            _("Object damage"),
            [
                (_("damage"), " → ".join(steps)),
                (
                    _("hit points"),
                    _("{before} → {left} of {most}").format(
                        before=before, left=result.hp_left, most=hp
                    ),
                ),
                (_("half the maximum"), f"{hp / 2:g}"),
                (_("broken"), yes_no(result.broken)),
                (_("destroyed"), yes_no(result.destroyed)),
            ],
            ngettext(
                "The object takes {damage} damage: {left} hit points left, {state}.",
                "The object takes {damage} damage: {left} hit points left, {state}.",
                result.damage,
            ).format(damage=result.damage, left=result.hp_left, state=said(result.state)),
            result.cites,
        ),
    )
