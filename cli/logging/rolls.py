"""Tests of characters: ``loyalty``, ``save``, ``item-save``, ``trait``
(docs/log-language.md#encounters, #saves-and-items, #traits)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from campaign.commands import FlawRoll, ItemSave, LoyaltyTest, SavingThrow
from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_, _
from cli.logging._options import (
    D20RollOption,
    NoteOption,
    RolledOption,
    TwoD6RollOption,
    dice,
    verdict,
)
from cli.state import record

if TYPE_CHECKING:
    from campaign.service.results import FlawResult, SaveResult

Handle = Annotated[str, typer.Argument(help="The character's handle, e.g. brynn.")]


def register(root: typer.Typer) -> None:
    root.command("loyalty")(loyalty)
    root.command("save")(save)
    root.command("item-save")(item_save)
    root.command("trait")(trait)


def loyalty(
    ctx: typer.Context,
    handle: Handle,
    roll: TwoD6RollOption = None,
    peril: Annotated[bool, typer.Option("--peril", help="In peril (the default).")] = False,
    after_adventure: Annotated[
        bool, typer.Option("--after-adventure", help="After an adventure: a failure quits.")
    ] = False,
    ruling: Annotated[
        str | None, typer.Option("--ruling", help="stay, flee or quit (the GM's call).")
    ] = None,
    rolled: RolledOption = False,
    note: NoteOption = None,
) -> None:
    """A retainer's loyalty test: 2d6 ≤ loyalty stays.

    Example: campaign loyalty cedric --roll 4,6 --ruling flee
    """
    if peril and after_adventure:
        raise ImpossibleInput(
            N_("a loyalty test is --peril or --after-adventure, not both"),
            field="after_adventure",
            expected=N_("one occasion"),
            values={},
        )
    occasion = "after-adventure" if after_adventure else "peril"
    record(
        ctx,
        LoyaltyTest(
            handle=handle, roll=roll, rolled=rolled, occasion=occasion, ruling=ruling, note=note
        ),
        lambda t: (
            _("{who}: {dice} vs loyalty {loyalty} — {verdict}").format(
                who=handle,
                dice=dice(t.roll),
                loyalty=t.loyalty,
                verdict=verdict(t.rules_say, t.ruled),
            )
            + ("" if t.in_service else "; " + _("gone"))
        ),
    )


def save(
    ctx: typer.Context,
    handle: Handle,
    vs: Annotated[str, typer.Option("--vs", help="What is saved against.")],
    save_type: Annotated[str, typer.Option("--type", help="fortitude, reflex or will.")],
    effect: Annotated[
        str, typer.Option("--effect", help="negates, partial, half, none or disbelief.")
    ],
    dc: Annotated[int | None, typer.Option("--dc", help="The DC, if stated.")] = None,
    spell_level: Annotated[int | None, typer.Option("--spell-level", help="Spell level.")] = None,
    ability_mod: Annotated[
        int | None, typer.Option("--ability-mod", help="The caster's ability modifier.")
    ] = None,
    class_name: Annotated[
        str | None, typer.Option("--class", help="The caster's class (its ability by the table).")
    ] = None,
    ability_score: Annotated[
        int | None, typer.Option("--ability-score", help="The caster's ability score.")
    ] = None,
    objects: Annotated[bool, typer.Option("--objects", help="The effect harms objects.")] = False,
    harmless: Annotated[bool, typer.Option("--harmless", help="A harmless effect.")] = False,
    bonus: Annotated[int, typer.Option("--bonus", help="An extra bonus, signed.")] = 0,
    damage: Annotated[int | None, typer.Option("--damage", help="The effect's damage.")] = None,
    energy: Annotated[bool, typer.Option("--energy", help="Energy damage.")] = False,
    damage_taken: Annotated[
        int | None, typer.Option("--damage-taken", help="The damage the GM rules taken.")
    ] = None,
    roll: D20RollOption = None,
    voluntary_fail: Annotated[
        bool, typer.Option("--voluntary-fail", help="The target chooses to fail.")
    ] = False,
    item: Annotated[
        str | None, typer.Option("--item", help="The exposed item, on a natural 1.")
    ] = None,
    ruling: Annotated[
        str | None, typer.Option("--ruling", help="success or failure (the GM's call).")
    ] = None,
    rolled: RolledOption = False,
    note: NoteOption = None,
) -> None:
    """A saving throw: natural 20 saves, natural 1 fails, else d20 + bonus ≥ DC.

    Example: campaign save brynn --vs Fireball --type reflex --spell-level 3 --ability-mod 4
    --effect half --damage 24 --energy --objects --roll 1 --item "Tower shield"
    """
    command = SavingThrow(
        handle=handle, vs=vs, save_type=save_type, effect=effect, roll=roll, rolled=rolled, dc=dc,
        spell_level=spell_level, ability_mod=ability_mod, class_name=class_name,
        ability_score=ability_score, objects=objects, harmless=harmless, bonus=bonus,
        damage=damage, energy=energy, damage_taken=damage_taken, voluntary_fail=voluntary_fail,
        item=item, ruling=ruling, note=note,
    )  # fmt: skip
    record(ctx, command, _said_save(handle))


def _said_save(handle: str):
    def say(s: SaveResult) -> str:
        line = f"{handle}: {dice(s.roll)}"
        if s.roll is not None:
            line += ", " + _("total {total} vs DC {dc}").format(total=s.total, dc=s.dc)
        line += f" — {verdict(s.rules_say, s.ruled)}"
        if s.damage_taken:
            line += "; " + _("{n} damage").format(n=s.damage_taken)
        if s.exposed:
            due = _("item-save next") if s.item_save_due else _("destroyed: nothing left to save")
            line += "; " + _("exposed: {item} ({due})").format(item=s.exposed, due=due)
        return line

    return say


def item_save(
    ctx: typer.Context,
    handle: Handle,
    item: Annotated[str | None, typer.Argument(help="The item (default: the exposed one).")] = None,
    roll: D20RollOption = None,
    dc: Annotated[int | None, typer.Option("--dc", help="With no exposure: the DC.")] = None,
    save_type: Annotated[
        str | None, typer.Option("--type", help="With no exposure: the save type.")
    ] = None,
    damage: Annotated[
        int | None, typer.Option("--damage", help="With no exposure: the damage.")
    ] = None,
    energy: Annotated[
        bool, typer.Option("--energy", help="With no exposure: energy damage.")
    ] = False,
    ruling: Annotated[
        str | None,
        typer.Option("--ruling", help="intact, damaged, broken or destroyed (the GM's call)."),
    ] = None,
    hp_left: Annotated[
        int | None, typer.Option("--hp-left", help="Hit points left (the GM's call).")
    ] = None,
    rolled: RolledOption = False,
    note: NoteOption = None,
) -> None:
    """The exposed item's own save, and the damage it takes: against the save that exposed
    it (its type, DC and damage; --dc, --type, --damage and --energy are for an item targeted
    directly, with no exposure pending, or only one whose item is destroyed).

    Example: campaign item-save brynn "Tower shield" --roll 9
    """
    record(
        ctx,
        ItemSave(
            handle=handle,
            item=item,
            roll=roll,
            rolled=rolled,
            dc=dc,
            save_type=save_type,
            damage=damage,
            energy=energy,
            ruling=ruling,
            hp_left=hp_left,
            note=note,
        ),
        lambda s: (
            f"{handle}/{s.item}: {dice(s.roll)} — {verdict(s.rules_say, s.ruled)}"
            + ("" if s.hp is None else "; " + _("{hp} of {most} hp").format(hp=s.hp, most=s.hp_max))
        ),
    )


def trait(
    ctx: typer.Context,
    handle: Handle,
    key: Annotated[str, typer.Argument(help="The flaw, KEY[:detail].")],
    trigger: Annotated[
        str | None, typer.Option("--trigger", help="The situation, for flaws with several.")
    ] = None,
    result: Annotated[
        int | None, typer.Option("--result", help="The roll's final value (entered).")
    ] = None,
    critical: Annotated[bool, typer.Option("--critical", help="A critical failure.")] = False,
    minutes: Annotated[float | None, typer.Option("--minutes", help="Minutes.")] = None,
    hours: Annotated[float | None, typer.Option("--hours", help="Hours.")] = None,
    years: Annotated[float | None, typer.Option("--years", help="Years.")] = None,
    sum_: Annotated[str | None, typer.Option("--sum", help="normal, large or very-large.")] = None,
    difficulty: Annotated[
        int | None, typer.Option("--difficulty", help="The GM's difficulty.")
    ] = None,
    ruling: Annotated[
        str | None, typer.Option("--ruling", help="success or failure (the GM's call).")
    ] = None,
    hp_lost: Annotated[int | None, typer.Option("--hp-lost", help="HP lost (ruled).")] = None,
    conscience_lost: Annotated[
        int | None, typer.Option("--conscience-lost", help="Conscience lost (ruled).")
    ] = None,
    penalty: Annotated[
        int | None, typer.Option("--penalty", help="The penalty, signed (ruled).")
    ] = None,
    duration: Annotated[
        str | None, typer.Option("--duration", help="How long, e.g. 4h (else rolled).")
    ] = None,
    note: NoteOption = None,
) -> None:
    """A D6Harmonie flaw triggered: result ≥ difficulty succeeds (`rules trait KEY --help`
    lists each flaw's triggers and options).

    Example: campaign trait brynn phobia-mild --result 6
    """
    record(
        ctx,
        FlawRoll(
            handle=handle,
            key=key,
            trigger=trigger,
            result=result,
            critical=critical,
            minutes=minutes,
            hours=hours,
            years=years,
            sum=sum_,
            difficulty=difficulty,
            ruling=ruling,
            hp_lost=hp_lost,
            conscience_lost=conscience_lost,
            penalty=penalty,
            duration=duration,
            note=note,
        ),
        _said_flaw(handle),
    )


def _said_flaw(handle: str):
    def say(t: FlawResult) -> str:
        line = f"{handle}: {t.key}" + (f":{t.detail}" if t.detail else "")
        if t.difficulty is not None:
            line += " — " + _("{result} vs {target}").format(result=t.result, target=t.difficulty)
        from campaign.rules.d6harmonie import (  # loaded: judged
            loss_words,
            outcome_word,
            penalty_words,
        )

        rules_say, ruled = (outcome_word(word, t.critical) for word in (t.rules_say, t.ruled))
        line += f" — {verdict(rules_say, ruled)}"
        said = [*penalty_words(t.conditions), *loss_words(t.ruled_consequences)]
        return "; ".join([line, *said])

    return say
