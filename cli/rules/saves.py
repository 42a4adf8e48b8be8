"""Calculator calls for seed 001, d20 saving throws and items (SPEC §5): parse → one call into
:mod:`campaign.rules.saves` → render. No rule is written here."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import Annotated

import typer
from rich.console import Console

from campaign.core.errors import ImpossibleInput
from campaign.rules import saves
from campaign.rules.citation import Citation
from campaign.rules.dice import D20, parse_roll
from cli.output import emit, explanation
from cli.rules._app import D20RollOption, JsonOption, app

# Choices come from the rules' own tables, so the CLI never keeps a second list.
ClassName = StrEnum("ClassName", {key: key for key in saves.CLASSES})
CasterName = StrEnum("CasterName", {key: key for key in saves.CASTERS})  # rules dc: casters only
EffectName = StrEnum("EffectName", {key: key for key in saves.EFFECTS})
PaladinAbility = StrEnum("PaladinAbility", {key: key for key in saves.PALADIN_ABILITIES})

ITEM_FORM = "NAME:SLOT[:magic][:unattended]"
_ITEM_FLAGS = ("magic", "unattended")


def _show(
    title: str,
    numbers: Iterable[tuple[str, object]],
    verdict: str,
    cites: Iterable[Citation],
) -> Callable[[Console], None]:
    """A renderer for :func:`emit`: one explanation panel."""

    def render(console: Console) -> None:
        console.print(explanation(title, list(numbers), verdict, cites))

    return render


def _signed(value: int | None) -> str | None:
    return None if value is None else f"{value:+d}"


def _yes_no(value: bool | None) -> str | None:
    return None if value is None else ("yes" if value else "no")


@app.command("ability-mod")
def ability_mod(
    score: Annotated[int, typer.Option("--score", help="The ability score (0 or more).")],
    as_json: JsonOption = False,
) -> None:
    """The modifier of an ability score: ⌊(score − 10) / 2⌋, so 9 gives −1 and 1 gives −5.

    Example: campaign rules ability-mod --score 9
    """
    modifier = saves.ability_modifier(score)
    emit(
        {"modifier": modifier, "score": score},
        as_json=as_json,
        render=_show(
            "Ability modifier",
            [("score", score), ("⌊(score − 10) / 2⌋", _signed(modifier))],
            f"An ability score of {score} gives a modifier of {modifier:+d}.",
            (saves.CITE_ABILITY_BONUS,),
        ),
    )


@app.command("base-save")
def base_save(
    class_: Annotated[
        ClassName,
        typer.Option("--class", case_sensitive=False, help="A Pathfinder 1e core class."),
    ],
    level: Annotated[int, typer.Option("--level", help="The class level, 1–20.")],
    as_json: JsonOption = False,
) -> None:
    """A core class's base Fortitude, Reflex and Will at a level (good 2 + ⌊L/2⌋, poor ⌊L/3⌋).

    Example: campaign rules base-save --class wizard --level 5
    """
    result = saves.base_saves(class_.value, level)
    row = saves.CORE_CLASSES[class_.value]
    emit(
        {**result.as_json(), "class": row.key, "level": level},
        as_json=as_json,
        render=_show(
            "Base saves",
            [
                ("class", f"{row.key} ({row.name_fr}), level {level}"),
                ("fortitude", f"{result.fortitude:+d} ({row.fortitude})"),
                ("reflex", f"{result.reflex:+d} ({row.reflex})"),
                ("will", f"{result.will:+d} ({row.will})"),
            ],
            f"Fortitude {result.fortitude:+d}, Reflex {result.reflex:+d}, Will {result.will:+d}"
            " — add the ability modifiers (Con, Dex, Wis) and other bonuses.",
            result.cites,
        ),
    )


@app.command("dc")
def dc(
    spell_level: Annotated[
        int, typer.Option("--spell-level", help="The spell's level for the caster's class, 0–9.")
    ],
    ability_mod: Annotated[
        int | None,
        typer.Option("--ability-mod", help="The casting ability's modifier, given directly."),
    ] = None,
    class_name: Annotated[  # named as the rules' field, so that their errors say --class
        CasterName | None,
        typer.Option(
            "--class",
            case_sensitive=False,
            help="The caster's class (with --ability-score): a class that casts spells.",
        ),
    ] = None,
    ability_score: Annotated[
        int | None,
        typer.Option("--ability-score", help="The casting ability's score (with --class)."),
    ] = None,
    paladin_ability: Annotated[
        PaladinAbility,
        typer.Option(
            "--paladin-ability",
            case_sensitive=False,
            help="A paladin's casting ability: the seed's wis, or cha as in Pathfinder 1e.",
        ),
    ] = PaladinAbility.wis,
    as_json: JsonOption = False,
) -> None:
    """A spell's save DC: 10 + spell level + the casting ability's modifier.

    Give either --ability-mod, or --class with --ability-score (the class picks the ability:
    wizard int; bard, sorcerer cha; cleric, druid, paladin, ranger wis).

    Example: campaign rules dc --spell-level 3 --ability-mod 4
    """
    result = saves.spell_dc(
        spell_level,
        ability_mod=ability_mod,
        class_name=None if class_name is None else class_name.value,
        ability_score=ability_score,
        paladin_ability=paladin_ability.value,
    )
    numbers: list[tuple[str, object]] = [("spell level", spell_level)]
    if result.ability is not None:
        en, fr = saves.ABILITY_NAMES[result.ability]
        numbers.append(("ability", f"{result.ability} — {en} ({fr}), score {ability_score}"))
    numbers += [("ability modifier", _signed(result.ability_mod)), ("DC", result.dc)]
    emit(
        result.as_json(),
        as_json=as_json,
        render=_show(
            "Save DC",
            numbers,
            f"DC = 10 + {spell_level} + ({result.ability_mod:+d}) = {result.dc}."
            + (f" Flagged: {result.flag}." if result.flag else ""),
            result.cites,
        ),
    )


@app.command("save")
def save(
    bonus: Annotated[int, typer.Option("--bonus", help="The save bonus (signed: --bonus -2).")],
    dc_: Annotated[int, typer.Option("--dc", help="The save's DC.")],
    roll: D20RollOption = None,
    effect: Annotated[
        EffectName,
        typer.Option("--effect", case_sensitive=False, help="What a successful save leaves."),
    ] = EffectName.negates,
    damage: Annotated[
        int | None, typer.Option("--damage", help="The effect's damage (0 or more).")
    ] = None,
    voluntary_fail: Annotated[
        bool, typer.Option("--voluntary-fail", help="The target forgoes the save.")
    ] = False,
    harmless: Annotated[
        bool,
        typer.Option("--harmless", help="A harmless spell: the target saves only if it wants."),
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Judge a saving throw: natural 1 fails, natural 20 succeeds, else d20 + bonus ≥ DC.

    --roll is the d20's natural face (1–20), never "d20 + bonus". Without it an outcome that
    needs a roll is null.

    Example: campaign rules save --bonus 1 --dc 17 --roll 1 --effect half --damage 24
    """
    entered = None if roll is None else parse_roll(roll, D20, field="roll")
    result = saves.resolve_save(
        bonus=bonus,
        dc=dc_,
        roll=entered,
        effect=effect.value,
        damage=damage,
        voluntary_fail=voluntary_fail,
        harmless=harmless,
    )
    emit(
        result.as_json(),
        as_json=as_json,
        render=_show(
            "Saving throw",
            [
                ("effect", f"{result.effect} ({saves.EFFECT_KINDS[result.effect].name_fr})"),
                ("bonus", _signed(bonus)),
                ("DC", dc_),
                ("natural d20", result.natural),
                ("total", result.total),
                ("damage", damage),
            ],
            _save_verdict(result),
            result.cites,
        ),
    )


def _save_verdict(result: saves.SaveResult) -> str:
    if not result.rolls:
        why = "voluntary failure" if result.success is False else "no save is made"
        tail = "" if result.damage is None else f", {result.damage} damage"
        return f"No roll ({why}): the effect applies in full{tail}."
    if result.success is None:
        return "A roll is needed: give --roll (the d20's natural face)."
    word = "succeeds" if result.success else "fails"
    if result.natural in (1, 20):
        word += f" (natural {result.natural})"
    tail = "" if result.damage is None else f"; damage {result.damage}"
    extra = " An exposed item may be harmed if the effect can harm objects." * (result.natural == 1)
    return f"The save {word}: effect {result.effect_applies}{tail}.{extra}"


def _parse_item(text: str) -> saves.CarriedItem:
    """``NAME:SLOT[:magic][:unattended]``; the name may itself hold colons."""
    parts = text.split(":")
    flags: set[str] = set()
    while len(parts) > 2 and parts[-1].strip().lower() in _ITEM_FLAGS:
        flags.add(parts.pop().strip().lower())
    if len(parts) < 2 or not parts[0].strip() or not parts[-1].strip():
        raise _bad_item(text, "it needs a name and a slot")
    name, slot = ":".join(parts[:-1]).strip(), parts[-1]
    try:
        row = saves.item_slot(slot)
    except ImpossibleInput:
        raise _bad_item(text, f"unknown slot {slot.strip()!r}") from None
    return saves.CarriedItem(name, row.key, "magic" in flags, "unattended" in flags)


def _bad_item(text: str, why: str) -> ImpossibleInput:
    return ImpossibleInput(
        f"{text!r} is not an item: {why}; expected {ITEM_FORM} (slots: {', '.join(saves.SLOTS)})",
        field="item",
        value=text,
        expected=ITEM_FORM,
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
                f"two items are named {carried.name!r}; item names are unique (any case)",
                field="item",
                value=carried.name,
                expected="unique names",
            )
        seen.add(carried.name.lower())
    result = saves.item_candidates(items)
    numbers: list[tuple[str, object]] = [
        (f"rank {rank}", _describe(candidate))
        for candidate, rank in zip(result.candidates, result.ranks, strict=True)
    ]
    numbers += [
        (f"tied, rank {saves.item_rank(t.slot, t.magic)}", _describe(t)) for t in result.tied
    ]
    numbers += [("excluded (unattended)", _describe(i)) for i in items if i.unattended]
    if not result.choosable:
        verdict = "No exposed item: nothing carried or worn."
    else:
        verdict = (
            f"Choose uniformly among {len(result.choosable)}: "
            + ", ".join(i.name for i in result.choosable)
            + "."
        )
    emit(
        result.as_json(),
        as_json=as_json,
        render=_show("Items exposed by a natural 1", numbers, verdict, result.cites),
    )


def _describe(item: saves.CarriedItem) -> str:
    row = saves.ITEM_SLOTS[item.slot]
    magic = "magic " if item.magic else ""
    return f"{item.name} — {magic}{item.slot} ({row.name_fr})"


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
        verdict = "No save: an unattended non-magical item simply takes the damage."
    elif result.bonus is None:
        verdict = "It saves as its bearer (the bearer's bonus was not given)."
    else:
        verdict = f"It saves with {result.bonus:+d}."
    emit(
        result.as_json(),
        as_json=as_json,
        render=_show(
            "Item save",
            [
                ("magic", f"yes, caster level {caster_level}" if magic else "no"),
                ("own bonus (2 + ⌊CL/2⌋)", _signed(result.own_bonus)),
                ("bearer's bonus", "none (unattended)" if unattended else _signed(bearer_bonus)),
                ("saves", _yes_no(result.saves)),
                ("bonus", _signed(result.bonus)),
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
    halvings = [label for on, label in ((halved, "saved: half"), (energy, "energy: half")) if on]
    steps = [str(damage)]
    if halvings:
        steps.append(f"{result.before_hardness} ({', '.join(halvings)})")
    steps.append(f"{result.damage} (minus hardness {hardness}, not below 0)")
    emit(
        result.as_json(),
        as_json=as_json,
        render=_show(
            "Object damage",
            [
                ("damage", " → ".join(steps)),
                ("hit points", f"{hp if hp_left is None else hp_left} → {result.hp_left} of {hp}"),
                ("half the maximum", f"{hp / 2:g}"),
                ("broken", _yes_no(result.broken)),
                ("destroyed", _yes_no(result.destroyed)),
            ],
            f"The object takes {result.damage} damage: {result.hp_left} hit points left, "
            f"{result.state}.",
            result.cites,
        ),
    )
