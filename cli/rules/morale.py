"""Calculator calls for seed 000: ``rules morale``, ``rules company-morale``, ``rules loyalty``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_, _, language, pgettext
from campaign.rules import morale as rules
from campaign.rules.dice import TWO_D6, Roll, entry_form, parse_roll
from cli.output import emit, explanation
from cli.render.words import said
from cli.rules._app import JsonOption, TwoD6RollOption, app, flagged, ruled_by

if TYPE_CHECKING:
    from rich.panel import Panel

RatingOption = Annotated[
    int,
    typer.Option(
        "--morale",
        help="The group's rating: a monster group is rated 2–12; a company's rating can "
        "leave that range through working-conditions modifiers (≤ 2 will not fight, ≥ 12 "
        "fights to the death, neither tests).",
    ),
]
AdjustOption = Annotated[
    int, typer.Option("--adjust", help="The sum of situational adjustments (signed).")
]
SuccessesOption = Annotated[
    int, typer.Option("--successes", help="Successful tests already made in this encounter.")
]
CorneredOption = Annotated[
    bool,
    typer.Option("--cornered", help="A group rated 2 or less, cornered: it fights, no roll."),
]
ChaOption = Annotated[int, typer.Option("--cha", help="The employer's CHA, 3–18.")]
HiringRollOption = Annotated[
    str | None,
    typer.Option(
        "--hiring-roll", help=f"The raw 2d6 of the hiring reaction: {entry_form(TWO_D6)}."
    ),
]
ReactionModOption = Annotated[
    int,
    typer.Option("--reaction-mod", help="Other hiring modifiers: generosity, reputation."),
]
PerilOption = Annotated[
    bool, typer.Option("--peril", help="A test in peril (the default): a failure flees.")
]
AfterAdventureOption = Annotated[
    bool,
    typer.Option("--after-adventure", help="A test after an adventure: a failure quits."),
]


def _two_d6(text: str | None, field: str = "roll") -> Roll | None:
    return None if text is None else parse_roll(text, TWO_D6, field=field)


def _roll_json(roll: Roll | None) -> dict[str, object] | None:
    return None if roll is None else roll.as_json()


@app.command("morale")
def morale(
    rating: RatingOption,
    adjust: AdjustOption = 0,
    roll: TwoD6RollOption = None,
    successes: SuccessesOption = 0,
    cornered: CorneredOption = False,
    as_json: JsonOption = False,
) -> None:
    """A group's morale test: 2d6 ≤ rating + adjustments keeps fighting (OSE morale).

    A monster group's or a company's: a company's rating may leave 2–12
    (docs/rules.md#d-1, docs/rules.md#d-4).

    Example: campaign rules morale --morale 7 --adjust -1 --roll 3,5
    """
    test = rules.morale_test(
        rating, adjustment=adjust, roll=_two_d6(roll), successes=successes, cornered=cornered
    )
    data = {
        "tests": test.tests,
        "effective": test.effective,
        "outcome": test.outcome,
        "roll": _roll_json(test.roll),
        "successes_after": test.successes_after,
        "rating": test.rating,
        "adjustment": test.adjustment,
        "default_ruling": test.default_ruling,
        "flag": test.flag,
    }
    emit(data, as_json=as_json, render=lambda c: c.print(_morale_explanation(test)))


def _morale_explanation(test: rules.MoraleTest) -> Panel:
    ignored = "" if test.tests else " " + _("(ignored)")
    return explanation(
        _("Morale test"),
        [
            (_("rating"), test.rating),
            (_("adjustment"), f"{test.adjustment:+d}" + ignored),
            (_("effective"), test.effective),
            ("2d6", test.roll),
            (_("successes"), f"{test.successes_before} → {test.successes_after}"),
        ],
        _morale_verdict(test),
        test.cites,
    )


def _morale_verdict(test: rules.MoraleTest) -> str:
    if not test.tests:
        return _("No test: {outcome}.").format(outcome=test.outcome)
    if test.roll is None:
        said = _("A test applies: 2d6 ≤ {rating} keeps fighting (give --roll to judge).")
        return said.format(rating=test.effective) + flagged(test.flag)
    sign = "≤" if test.outcome == rules.FIGHT else ">"
    return ruled_by(test.roll.total, sign, test.effective, test.outcome) + flagged(test.flag)


@app.command("company-morale")
def company_morale(
    troop: Annotated[str, typer.Option("--troop", help="militia, barbarian or trained.")],
    mounted: Annotated[bool, typer.Option("--mounted", help="Mounted: +1.")] = False,
    elite: Annotated[bool, typer.Option("--elite", help="Elite: +1.")] = False,
    fanatic: Annotated[bool, typer.Option("--fanatic", help="Fanatics, berserkers: +2.")] = False,
    modifier: Annotated[
        list[int] | None,
        typer.Option("--modifier", help="A working-conditions modifier (signed; repeatable)."),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """A mercenary company's morale: the troop table plus working conditions (CHA never enters).

    Example: campaign rules company-morale --troop trained --mounted --modifier +1
    """
    table = rules.troop_morale(troop, mounted=mounted, elite=elite, fanatic=fanatic)
    modifiers = modifier or []
    rating = rules.company_rating(table, modifiers)
    data = {
        "table_morale": table,
        "morale": rating,
        "tests": not rules.never_tests(rating),
        "modifiers": modifiers,
    }
    status = rules.rating_status(rating)
    qualities = [
        q for q, on in (("mounted", mounted), ("elite", elite), ("fanatic", fanatic)) if on
    ]
    rows = [rules.TROOP_TYPES[troop], *(rules.TROOP_QUALITIES[q] for q in qualities)]
    parts = [f"{_troop_name(rows[0])} {rows[0].morale}"]
    parts += [f"{_troop_name(row)} +{row.morale}" for row in rows[1:]]
    if data["tests"]:
        verdict = _("Morale {rating}: it tests like a monster group.").format(rating=rating)
    else:
        said_status = said(status)
        verdict = _("Morale {rating}: no test ({status}).").format(
            rating=rating, status=said_status
        )
    conditions = ", ".join(f"{m:+d}" for m in modifiers) or pgettext("conditions", "none")
    numbers = [
        (_("troop table"), " + ".join(parts) + f" = {table}"),
        (_("working conditions"), conditions),
        (_("morale"), rating),
    ]
    cites = (rules.MERCENARIES,)
    emit(
        data,
        as_json=as_json,
        render=lambda c: c.print(explanation(_("Mercenary morale"), numbers, verdict, cites)),
    )


def _troop_name(row: rules.TroopRow) -> str:
    """A troop type or quality as the table names it: the seed's French name in French."""
    return row.name_en if language() == "en" else row.name_fr


@app.command("loyalty")
def loyalty(
    cha: ChaOption,
    hiring_roll: HiringRollOption = None,
    reaction_mod: ReactionModOption = 0,
    roll: TwoD6RollOption = None,
    peril: PerilOption = False,
    after_adventure: AfterAdventureOption = False,
    as_json: JsonOption = False,
) -> None:
    """A retainer's loyalty from the employer's CHA, and a loyalty test (2d6 ≤ loyalty).

    Example: campaign rules loyalty --cha 16 --roll 4,6 --peril
    """
    if peril and after_adventure:
        raise ImpossibleInput(
            N_("--peril and --after-adventure exclude each other"),
            field="after_adventure",
            expected=N_("one occasion"),
            values={},
        )
    occasion = rules.AFTER_ADVENTURE if after_adventure else rules.PERIL
    rated = rules.retainer_loyalty(
        cha, hiring_roll=_two_d6(hiring_roll, "hiring_roll"), reaction_mod=reaction_mod
    )
    test = rules.loyalty_test(rated.loyalty, _two_d6(roll), occasion=occasion)
    reaction = rated.reaction
    data = {
        "loyalty": rated.loyalty,
        "outcome": test.outcome,
        "table_loyalty": rated.table_loyalty,
        "hiring_reaction": None
        if reaction is None
        else {
            "raw": reaction.raw,
            "modifier": reaction.modifier,
            "total": reaction.total,
            "band": reaction.band,
        },
        "occasion": occasion,
        "roll": _roll_json(test.roll),
    }
    emit(data, as_json=as_json, render=lambda c: c.print(_loyalty_explanation(cha, rated, test)))


def _loyalty_explanation(cha: int, rated: rules.RetainerLoyalty, test: rules.LoyaltyTest) -> Panel:
    reaction = rated.reaction
    reaction_text = (
        _("not known (no bonus)")
        if reaction is None
        else f"{reaction.raw} {reaction.modifier:+d} = {reaction.total} ({reaction.band})"
    )
    if test.roll is None:
        verdict = _("Loyalty {loyalty}: give --roll to judge a test.").format(loyalty=rated.loyalty)
    else:
        sign = "≤" if test.outcome == rules.STAY else ">"
        verdict = ruled_by(test.roll.total, sign, rated.loyalty, test.outcome)
    by_cha = _("{cha} → loyalty {loyalty}").format(cha=cha, loyalty=rated.table_loyalty)
    return explanation(
        _("Retainer loyalty"),
        [
            (_("employer CHA"), by_cha),
            (_("hiring reaction"), reaction_text),
            (_("loyalty"), f"{rated.table_loyalty} + {rated.bonus} = {rated.loyalty}"),
            (_("occasion"), test.occasion),
            ("2d6", test.roll),
        ],
        verdict,
        test.cites,
    )
