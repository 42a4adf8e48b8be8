"""Calculator calls for seed 002 (D6Harmonie): ``rules traits``, ``rules budget``, ``rules trait``.

Thin: parse → one call into :mod:`campaign.rules.d6harmonie` → render. ``rules trait KEY --help``
lists that flaw's triggers and the options each takes (docs/log-language.md#traits), through
:class:`TraitCommand`.
"""

from __future__ import annotations

import math
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_, _, pgettext
from campaign.rules import d6harmonie as rules
from cli.output import emit, explanation, to_the_terminal
from cli.parsing import ParsedCommand
from cli.rules._app import JsonOption, app
from cli.rules.trait_words import consequences_said, input_said, penalty_said, text_said

_HELP_TRAIT = "campaign.rules.trait.help-key"
_KEY = "KEY"  # `rules trait`'s argument, as its usage line and its errors name it

# What each trigger option means, for --help (the rule itself is in the catalogue).
_OPTION_HELP = {
    "result": "--result N",
    "critical": "--critical",
    "difficulty": "--difficulty N",
    "minutes": N_("--minutes N (+1 per whole minute, at most +12)"),
    "hours": N_("--hours N (required: each full period deprived counts)"),
    "years": N_("--years N (+1 per whole year)"),
    "sum": "--sum normal|large|very-large",
}
# A trait's kind (a JSON value), as the table says it
_KINDS = {"flaw": N_("flaw"), "advantage": N_("advantage")}


def _kind(kind: str) -> str:
    message = _KINDS.get(kind)
    return kind if message is None else _(message)


# The catalogue's mark of an advantage that halves a lack-of-sleep penalty (Lève-tôt,
# docs/rules.md#where-seed-002-leaves-a-case-open): `--advantage` bears on the triggers marked
# ``lack_of_sleep``, and only on them.
_LACK_OF_SLEEP = "lack-of-sleep-penalties"


def _trigger_options(trigger: rules.Trigger) -> str:
    """The options one trigger takes, ``--advantage`` included where an advantage bears on it."""
    options = [_(_OPTION_HELP[o]) for o in trigger.accepted_options]
    if trigger.lack_of_sleep:
        halves = _("--advantage {key} ({name} halves the penalty, toward zero)")
        options += [
            halves.format(key=a.key, name=a.name_fr)
            for a in rules.ADVANTAGES
            if any(p.applies_to == _LACK_OF_SLEEP for p in a.passive)
        ]
    return ", ".join(options) or pgettext("options", "none")


def _trait_help(trait: rules.Trait) -> str:
    """The triggers of one flaw and the options each takes."""
    points = _("{points} points, {kind}").format(points=trait.points, kind=_kind(trait.kind))
    lines = [f"{trait.key} — {trait.name_fr} ({points})"]
    lines.append(f"  {text_said(trait.summary)}")
    if not trait.triggers:
        lines.append(
            "  " + _("It never rolls nor triggers: nothing to resolve with `rules trait`.")
        )
        return "\n".join(lines)
    lines.append("  " + _("Triggers (--trigger; the first is the default):"))
    for index, trigger in enumerate(trait.triggers):
        default = " " + _("(default)") if index == 0 else ""
        if trigger.rolls:
            roll = _("rolls {score} vs {target}").format(
                score=rules.score_name(trigger.score),
                target=rules.describe_difficulty(trigger.difficulty),
            )
        else:
            roll = _("no roll")
        said = _("{trigger}: {situation} — {roll}.")
        lines.append(
            "    "
            + said.format(
                trigger=trigger.name + default, situation=text_said(trigger.when), roll=roll
            )
        )
        lines.append("        " + _("options: {options}").format(options=_trigger_options(trigger)))
    return "\n".join(lines)


def _all_triggers_help() -> str:
    lines = [_("Flaws that roll or trigger, with their triggers (the first is the default):")]
    for trait in rules.FLAWS:
        if trait.triggers:
            lines.append(f"  {trait.key}: {', '.join(trait.trigger_names)}")
    lines.append(
        _("`campaign rules trait KEY --help` shows one flaw's triggers and their options.")
    )
    return "\n".join(lines)


def _trait_among(args: list[str]) -> rules.Trait | None:
    """The first argument that names a trait (option values never do)."""
    for arg in args:
        if arg.startswith("-"):
            continue
        try:
            return rules.find_trait(arg)
        except ImpossibleInput:
            continue
    return None


class TraitCommand(ParsedCommand):
    """``rules trait``: its --help appends the named flaw's triggers (or all flaws' triggers)."""

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:
        if any(arg in ctx.help_option_names for arg in args):
            ctx.meta[_HELP_TRAIT] = _trait_among(args)
        return super().parse_args(ctx, args)

    def format_help(self, ctx: typer.Context, formatter: Any) -> None:
        super().format_help(ctx, formatter)
        trait = ctx.meta.get(_HELP_TRAIT)
        text = _all_triggers_help() if trait is None else _trait_help(trait)
        formatter.write("\n" + to_the_terminal(text) + "\n")


@app.command("traits")
def traits(
    kind: Annotated[
        str | None, typer.Option("--kind", help="Only flaws or only advantages: flaw|advantage.")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """The D6Harmonie flaws and advantages of seed 002, with their points and triggers.

    Example: campaign rules traits --kind flaw
    """
    chosen = rules.catalogue(kind)
    data = {
        "traits": [
            {
                "key": t.key,
                "name_fr": t.name_fr,
                "kind": t.kind,
                "points": t.points,
                "triggers": list(t.trigger_names),
                "needs_detail": t.needs_detail,
                "adults_only": t.adults_only,
            }
            for t in chosen
        ]
    }
    emit(data, as_json=as_json, render=lambda console: _render_traits(console, chosen))


def _render_traits(console: Console, chosen: tuple[rules.Trait, ...]) -> None:
    table = Table(title=_("D6Harmonie flaws and advantages (seeds/{seed})").format(seed=rules.SEED))
    table.add_column(_("key"), overflow="fold")
    table.add_column(_("French name"), min_width=16)
    table.add_column(_("kind"))
    table.add_column(_("points"), justify="right")
    table.add_column(_("triggers (first: default)"))
    for t in chosen:
        table.add_row(t.key, t.name_fr, _kind(t.kind), str(t.points), ", ".join(t.trigger_names))
    console.print(table)


@app.command("budget")
def budget(
    flaw: Annotated[
        list[str] | None,
        typer.Option("--flaw", help="A flaw taken: KEY or KEY:detail (repeatable)."),
    ] = None,
    advantage: Annotated[
        list[str] | None,
        typer.Option("--advantage", help="An advantage taken: KEY or KEY:detail (repeatable)."),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Trait points at creation: up to 20 gained from flaws and 20 spent on advantages.

    Example: campaign rules budget --flaw phobia-mild --advantage nerves-of-steel
    """
    result = rules.budget(flaw or [], advantage or [])
    emit(
        result.as_json(),
        as_json=as_json,
        render=lambda console: console.print(
            explanation(
                _("D6Harmonie creation budget"),
                [
                    (_("flaws"), _listing(result.flaws)),
                    (_("flaw points"), f"{result.flaw_points} / {rules.MAX_FLAW_POINTS}"),
                    (_("advantages"), _listing(result.advantages)),
                    (
                        _("advantage points"),
                        f"{result.advantage_points} / {rules.MAX_ADVANTAGE_POINTS}",
                    ),
                ],
                _budget_verdict(result),
                result.cites,
            )
        ),
    )


def _listing(taken: tuple[rules.Trait, ...]) -> str:
    return ", ".join(f"{t.key} ({t.name_fr}, {t.points})" for t in taken) or pgettext(
        "traits", "none"
    )


def _budget_verdict(result: rules.Budget) -> str:
    if result.within_budget:
        return _("Within budget: at most 20 points each way.")
    if not result.flaws_within_budget and not result.advantages_within_budget:
        over = _("flaws and advantages")
    else:
        over = _("flaws") if not result.flaws_within_budget else _("advantages")
    return _(
        "Over budget ({which} above 20): recorded as ruled, and flagged by the audit "
        "(TRT002/TRT003)."
    ).format(which=over)


# `rules trait`'s argument and options (its --help appends the flaw's triggers: TraitCommand).
KeyArgument = Annotated[
    str,
    typer.Argument(
        metavar=_KEY,
        help="The flaw: English key (phobia-mild), with _ , or French slug (phobie-legere).",
        show_default=False,
    ),
]
TriggerOption = Annotated[
    str | None,
    typer.Option("--trigger", help="The situation, for flaws with several (see below)."),
]
ResultOption = Annotated[
    int | None,
    typer.Option("--result", help="The obtained result, final (nothing is added to it)."),
]
CriticalOption = Annotated[
    bool, typer.Option("--critical", help="A critical failure (a failure whatever the result).")
]
MinutesOption = Annotated[
    float | None, typer.Option("--minutes", help="Allergies: minutes of exposure.")
]
HoursOption = Annotated[float | None, typer.Option("--hours", help="Dependencies: hours deprived.")]
YearsOption = Annotated[
    float | None, typer.Option("--years", help="Poor memory: how old the memory is, in years.")
]
SumOption = Annotated[
    str | None,
    typer.Option("--sum", help="Miser: how large the sum is: normal|large|very-large."),
]
DifficultyOption = Annotated[
    int | None,
    typer.Option("--difficulty", help="The GM's difficulty (the rule's is shown beside it)."),
]
AdvantageOption = Annotated[
    list[str] | None,
    typer.Option(
        "--advantage",
        help="An advantage the character has (Lève-tôt halves sleep penalties); repeatable.",
    ),
]


@app.command("trait", cls=TraitCommand)
def trait(
    key: KeyArgument,
    trigger: TriggerOption = None,
    result: ResultOption = None,
    critical: CriticalOption = False,
    minutes: MinutesOption = None,
    hours: HoursOption = None,
    years: YearsOption = None,
    sum_: SumOption = None,
    difficulty: DifficultyOption = None,
    advantage: AdvantageOption = None,
    as_json: JsonOption = False,
) -> None:
    """What a D6Harmonie flaw's trigger costs: the roll, its difficulty, and the consequences.

    Example: campaign rules trait phobia-mild --result 6
    """
    try:
        outcome = rules.resolve_flaw(
            key,
            trigger=trigger,
            result=result,
            critical=critical,
            minutes=_number(minutes),
            hours=_number(hours),
            years=_number(years),
            sum=sum_,
            difficulty=difficulty,
            advantages=advantage or (),
        )
    except ImpossibleInput as error:
        if error.field == "key":  # the argument, named as Click names one: KEY: unknown trait…
            error.option = _KEY
        raise
    emit(
        outcome.as_json(),
        as_json=as_json,
        render=lambda console: console.print(
            explanation(
                f"{outcome.trait.name_fr} ({outcome.trait.key}) — {outcome.trigger.name}",
                _trait_numbers(outcome),
                _trait_verdict(outcome),
                outcome.cites,
            )
        ),
    )


def _number(value: float | None) -> float | int | None:
    """6.0 → 6, so that echoed inputs read as typed (nan and inf are left to the rules)."""
    if value is not None and math.isfinite(value) and value.is_integer():
        return int(value)
    return value


def _trait_numbers(o: rules.FlawOutcome) -> list[tuple[str, object]]:
    numbers: list[tuple[str, object]] = [(_("situation"), text_said(o.trigger.when))]
    numbers += [(input_said(name), value) for name, value in o.inputs.items()]
    if o.rolls:
        roll = _("{score} vs {target}").format(
            score=rules.score_name(o.score), target=rules.describe_difficulty(o.difficulty)
        )
        numbers.append((_("roll"), roll))
        if o.difficulty != o.rule_difficulty:
            numbers.append((_("rule's difficulty"), rules.describe_difficulty(o.rule_difficulty)))
        numbers.append((_("result"), o.result))
        if o.critical:
            numbers.append((_("critical failure"), _("yes")))
        numbers.append((_("failure points"), o.failure_points))
    if o.hp_lost:
        lost = ", ".join(f"{k} {v}" for k, v in o.hp_lost.items())
        numbers.append((pgettext("rules", "HP lost"), lost))
    if o.conscience_lost:
        numbers.append((_("conscience lost"), o.conscience_lost))
    for penalty in o.penalties:
        numbers.append((_("penalty"), penalty_said(penalty)))
    if o.effects:
        numbers.append((_("effects"), consequences_said((), o.effects)))
    return numbers


def _trait_verdict(o: rules.FlawOutcome) -> str:
    if not o.rolls:
        return _("No roll: the flaw's consequences apply.")
    if o.success is None:
        failure = o.trigger.failure
        what = consequences_said(failure.penalties, failure.effects)
        return _(
            "Give --result to judge. Success iff result ≥ {target}; on a failure: {what}."
        ).format(target=o.difficulty, what=what or _("see the rule"))
    if o.success:
        return _("{result} ≥ {target}: success.").format(result=o.result, target=o.difficulty)
    if o.critical and o.failure_points is None:  # no result: what a critical failure does
        return _("Critical failure; give --result for the points of failure.")
    if o.critical:
        return _("Critical failure (failed by {n}).").format(n=o.failure_points)
    return _("{result} < {target}: failed by {n}.").format(
        result=o.result, target=o.difficulty, n=o.failure_points
    )
