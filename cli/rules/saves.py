"""Calculator calls for seed 001's saving throws (docs/cli.md#the-rules-calculator):
``rules ability-mod``, ``base-save``, ``dc``, ``save``. Parse → one call into
:mod:`campaign.rules.saves` → render. No rule is written here."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from campaign.core.i18n import N_, _, language
from campaign.rules import saves
from campaign.rules.dice import D20, parse_roll
from cli.output import emit
from cli.rules._app import D20RollOption, JsonOption, app, flagged, show, signed

# Choices come from the rules' own tables, so the CLI never keeps a second list.
ClassName = StrEnum("ClassName", {key: key for key in saves.CLASSES})
CasterName = StrEnum("CasterName", {key: key for key in saves.CASTERS})  # rules dc: casters only
EffectName = StrEnum("EffectName", {key: key for key in saves.EFFECTS})
PaladinAbility = StrEnum("PaladinAbility", {key: key for key in saves.PALADIN_ABILITIES})
# The words of the answers: a progression (good, poor) and what of an effect applies (JSON values)
WORDS = {
    "good": N_("good"),
    "poor": N_("poor"),
    "full": N_("full"),
    "lesser": N_("lesser"),
    "half": N_("half"),
    "none": N_("none"),
}


def _said(word: str | None) -> str:
    message = WORDS.get(word or "")
    return str(word) if message is None else _(message)


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
        render=show(
            _("Ability modifier"),
            [(_("score"), score), (_("⌊(score − 10) / 2⌋"), signed(modifier))],
            _("An ability score of {score} gives a modifier of {modifier}.").format(
                score=score, modifier=f"{modifier:+d}"
            ),
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
    bonuses = {"fortitude": f"{result.fortitude:+d}", "reflex": f"{result.reflex:+d}"}
    bonuses["will"] = f"{result.will:+d}"
    emit(
        {**result.as_json(), "class": row.key, "level": level},
        as_json=as_json,
        render=show(
            _("Base saves"),
            [
                (_("class"), _("{key} ({name}), level {level}").format(
                    key=row.key, name=row.name_fr, level=level
                )),
                (_("fortitude"), f"{bonuses['fortitude']} ({_said(row.fortitude)})"),
                (_("reflex"), f"{bonuses['reflex']} ({_said(row.reflex)})"),
                (_("will"), f"{bonuses['will']} ({_said(row.will)})"),
            ],
            _(
                "Fortitude {fortitude}, Reflex {reflex}, Will {will} — add the ability "
                "modifiers (Con, Dex, Wis) and other bonuses."
            ).format(**bonuses),
            result.cites,
        ),
    )  # fmt: skip


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
    numbers = _dc_numbers(result, spell_level, ability_score)
    verdict = _("DC = 10 + {level} + ({modifier}) = {dc}.").format(
        level=spell_level, modifier=f"{result.ability_mod:+d}", dc=result.dc
    )
    emit(
        result.as_json(),
        as_json=as_json,
        render=show(_("Save DC"), numbers, verdict + flagged(result.flag), result.cites),
    )


def _dc_numbers(
    result: saves.SpellDc, spell_level: int, score: int | None
) -> list[tuple[str, object]]:
    """The numbers of a save DC: the spell level, the casting ability (its English and French
    names, or the French alone in French) and its modifier, the DC."""
    numbers: list[tuple[str, object]] = [(_("spell level"), spell_level)]
    if result.ability is not None:
        en, fr = saves.ABILITY_NAMES[result.ability]
        name = f"{en} ({fr})" if language() == "en" else fr
        said = _("{ability} — {name}, score {score}")
        numbers.append((_("ability"), said.format(ability=result.ability, name=name, score=score)))
    return [*numbers, (_("ability modifier"), signed(result.ability_mod)), (_("DC"), result.dc)]


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
        render=show(
            _("Saving throw"),
            [
                (_("effect"), f"{result.effect} ({saves.EFFECT_KINDS[result.effect].name_fr})"),
                (_("bonus"), signed(bonus)),
                (_("DC"), dc_),
                (_("natural d20"), result.natural),
                (_("total"), result.total),
                (_("damage"), damage),
            ],
            _save_verdict(result),
            result.cites,
        ),
    )


def _save_verdict(result: saves.SaveResult) -> str:
    if not result.rolls:
        why = _("voluntary failure") if result.success is False else _("no save is made")
        tail = "" if result.damage is None else _(", {n} damage").format(n=result.damage)
        return _("No roll ({why}): the effect applies in full{tail}.").format(why=why, tail=tail)
    if result.success is None:
        return _("A roll is needed: give --roll (the d20's natural face).")
    said = _("The save succeeds") if result.success else _("The save fails")
    if result.natural in (1, 20):
        said += " (" + _("natural {n}").format(n=result.natural) + ")"
    said += _(": effect {effect}").format(effect=_said(result.effect_applies))
    if result.damage is not None:
        said += _("; damage {n}").format(n=result.damage)
    if result.natural == 1:
        return said + ". " + _("An exposed item may be harmed if the effect can harm objects.")
    return said + "."
