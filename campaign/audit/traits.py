"""The audit of D6Harmonie trait rulings (seed 002).

One judgement per event: a flaw or advantage taken (after creation, beyond the points budget)
and a flaw triggered (its difficulty, outcome and consequences). Each re-asks
:mod:`campaign.rules.d6harmonie` from the event's stored inputs. The rules, and the decision
D-9: docs/rules.md#d6harmonie-flaws-and-advantages.
"""

from __future__ import annotations

from typing import Any

from aggregates.character import Character
from campaign.audit.findings import Verdict, finding, subject_of
from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_
from campaign.core.worded import COMMA, SEMICOLON, Worded, joined
from campaign.rules import d6harmonie

TAKEN_LATE = {
    "flaw": N_("flaw {trait} taken after creation"),
    "advantage": N_("advantage {trait} taken after creation"),
}
OVER_BUDGET = {
    "flaw": N_("flaws worth {points} points after {trait}: above the {cap} allowed"),
    "advantage": N_("advantages worth {points} points after {trait}: above the {cap} allowed"),
}
# a consequence of a flaw roll the GM gave (TRT005), as the message names it
CONSEQUENCES = {
    "hp_lost": N_("hp lost"),
    "conscience_lost": N_("conscience lost"),
    "penalty": N_("penalty"),
    "duration": N_("duration"),
}

CONSEQUENCE = N_("{name} {shown}{rule}")  # ``hp lost 2 (the rule: 5)``
# the lengths a rule's duration allows, by its unit: ``1D6 hours: 1h–6h`` (the lengths are the
# log's words, docs/log-language.md#traits)
ALLOWED = {
    "hours": N_("{dice} hours: {low}–{high}"),
    "weeks": N_("{dice} weeks: {low}–{high}"),
    "rounds": N_("{dice} rounds: {low}–{high}"),
}
THE_RULE = N_(" (the rule: {rule})")
NONE = "none"  # no penalty by the rule


def _said_none(value: str) -> str:
    """A rule's consequence, ``none`` said in the reader's language."""
    return Worded(N_("none")) if value == NONE else value


# Traits (seed 002; docs/rules.md#d6harmonie-flaws-and-advantages, #d-9) --------------------------


def trait_taken(verdict: Verdict, e: Character.TraitTaken, character: Character) -> None:
    subject = subject_of(character)
    trait = f"{e.key} ({e.name_fr})" + (f": {e.detail}" if e.detail else "")
    if e.after_creation:  # a fact: the character was finalized before this trait
        verdict.findings.append(
            finding(
                "TRT001",
                e,
                subject=subject,
                rules_say="at-creation",
                ruled="after-creation",
                message=Worded(TAKEN_LATE[e.kind], {"trait": trait}),
                cite=d6harmonie.AFTER_CREATION_RULE,
            )
        )
    flaws = [t["key"] for t in character.flaws]
    advantages = [t["key"] for t in character.advantages]
    try:  # the character's traits after this one (the event appends it last of its kind)
        after = d6harmonie.budget(flaws, advantages)
        if e.kind == "flaw":
            before = d6harmonie.budget(flaws[:-1], advantages)
            code, points, cap = "TRT002", after.flaw_points, d6harmonie.MAX_FLAW_POINTS
        else:
            before = d6harmonie.budget(flaws, advantages[:-1])
            code, points = "TRT003", after.advantage_points
            cap = d6harmonie.MAX_ADVANTAGE_POINTS
        crossed = d6harmonie.crosses_budget(before, after, e.kind)
    except ImpossibleInput:
        flaw = e.kind == "flaw"
        crossed = e.flaws_over_budget_now if flaw else e.advantages_over_budget_now
        code = "TRT002" if flaw else "TRT003"
        points = e.flaw_points if flaw else e.advantage_points
        cap = e.rules_say
    if crossed:
        words = OVER_BUDGET["flaw" if e.kind == "flaw" else "advantage"]
        verdict.findings.append(
            finding(
                code,
                e,
                subject=subject,
                rules_say=cap,
                ruled=points,
                message=Worded(words, {"points": points, "trait": trait, "cap": cap}),
                cite=d6harmonie.BUDGET_RULE,
            )
        )


def flaw_rolled(verdict: Verdict, e: Character.FlawRolled, character: Character) -> None:
    inputs = e.inputs
    subject = subject_of(character)
    outcome = _by_the_rules(e, character)
    if outcome is not None:
        rule_difficulty, cite = outcome.rule_difficulty, outcome.cites[0]
        rules_say = None if not outcome.rolls else ("success" if outcome.success else "failure")
        differ = d6harmonie.consequences_differ(
            outcome,
            hp_lost=inputs.get("hp_lost"),
            conscience_lost=inputs.get("conscience_lost"),
            penalty=inputs.get("penalty"),
            duration=inputs.get("duration"),
        )
    else:
        rule_difficulty, rules_say, differ = e.rule_difficulty, e.rules_say, e.consequences_differ
        cite = d6harmonie.citation(d6harmonie.find_trait(e.key))
    trait = f"{e.key} ({e.trigger})"
    stated = inputs.get("difficulty")
    if stated is not None and stated != rule_difficulty:
        verdict.findings.append(
            finding(
                "TRT004",
                e,
                subject=subject,
                rules_say=rule_difficulty,
                ruled=stated,
                message=Worded(
                    N_("{trait}: difficulty {stated}; the rule's is {rule}"),
                    {
                        "trait": trait,
                        "stated": stated,
                        "rule": d6harmonie.describe_difficulty(rule_difficulty),
                    },
                ),
                cite=cite,
            )
        )
    if e.ruled != rules_say or differ:
        verdict.findings.append(
            finding(
                "TRT005",
                e,
                subject=subject,
                rules_say=rules_say,
                ruled=e.ruled,
                message=_ruled_otherwise(e, trait, rules_say, differ, outcome),
                cite=cite,
            )
        )


def _ruled_otherwise(
    e: Character.FlawRolled,
    trait: str,
    rules_say: str | None,
    differ: bool,
    outcome: d6harmonie.FlawOutcome | None,
) -> Worded:
    """TRT005's message: ``phobia-mild (presence) result 6 vs 9: the rules say failure; ruled
    success``, and the consequences ruled that differ from the rule's."""
    parts: list[Worded] = []
    if e.ruled != rules_say:
        said = {"rules": rules_say, "ruled": e.ruled}
        parts.append(Worded(N_("the rules say {rules}; ruled {ruled}"), said))
    if differ:
        listed = joined(_consequences(e.inputs, outcome), COMMA)
        parts.append(Worded(N_("consequences ruled: {consequences}"), {"consequences": listed}))
    result = ""
    if e.result is not None:
        against = {"result": e.result, "target": e.difficulty}
        result = Worded(N_(" result {result} vs {target}"), against)
    said = {"trait": trait, "result": result, "parts": joined(parts, SEMICOLON)}
    return Worded(N_("{trait}{result}: {parts}"), said)


def _by_the_rules(e: Character.FlawRolled, character: Character) -> d6harmonie.FlawOutcome | None:
    """The flaw roll judged again from its stored inputs and the character's advantages; None
    where this code refuses the inputs (what the event recorded stands)."""
    inputs = e.inputs
    options = {name: inputs.get(name) for name in ("minutes", "hours", "years", "sum")}
    try:
        return d6harmonie.resolve_flaw(
            e.key,
            trigger=e.trigger,
            result=inputs.get("result"),
            critical=bool(inputs.get("critical")),
            difficulty=inputs.get("difficulty"),
            advantages=[t["key"] for t in character.advantages],
            **options,
        )
    except ImpossibleInput:
        return None


def _consequences(inputs: dict[str, Any], outcome: d6harmonie.FlawOutcome | None) -> list[Worded]:
    """``hp lost 2 (the rule: 5)``: each consequence the GM gave that differs from the rule's,
    beside it — one that agrees (a duration the dice allow) is no ruling to list, so the
    message is the same whether the tracker rolled a duration or its export names it."""
    rules: dict[str, str] = {}
    allowed: tuple[int, int] | None = None
    if outcome is not None:
        penalties = outcome.penalties
        rules = {
            "hp_lost": str((outcome.hp_lost or {}).get("torso", 0)),
            "conscience_lost": str(outcome.conscience_lost or 0),
            "penalty": f"{penalties[0].value:+d}" if penalties else NONE,
        }
        timed = [p.duration for p in penalties if p.duration is not None]
        if timed:
            allowed = d6harmonie.allowed_seconds(timed[0])
            rules["duration"] = _allowed_said(timed[0], *allowed)
    said, agreeing = [], []
    for name in ("hp_lost", "conscience_lost", "penalty", "duration"):
        value = inputs.get(name)
        if value is None:
            continue
        if name == "duration":  # in-game seconds (FlawRolled v2), and the GM's words for them
            shown = inputs.get("duration_words") or d6harmonie.describe_seconds(value)
            agrees = allowed is not None and allowed[0] <= value <= allowed[1]
        else:
            shown = f"{value:+d}" if name == "penalty" else str(value)
            agrees = name in rules and shown == rules[name]
        rule = Worded(THE_RULE, {"rule": _said_none(rules[name])}) if name in rules else ""
        named = Worded(
            CONSEQUENCE, {"name": Worded(CONSEQUENCES[name]), "shown": shown, "rule": rule}
        )
        (agreeing if agrees else said).append(named)
    return said or agreeing  # none differs by these words: say what was given


def _allowed_said(duration: d6harmonie.Duration, low: int, high: int) -> str:
    """``1D6 hours: 1h–6h`` (« 1D6 heures : 1h–6h »): a duration's dice, or its fixed count, and
    the shortest and longest lengths they allow."""
    spelled = {
        "low": d6harmonie.describe_seconds(low, duration.unit),
        "high": d6harmonie.describe_seconds(high, duration.unit),
    }
    sides = "" if duration.sides is None else f"D{duration.sides}"
    dice = f"{duration.count}{sides}"  # as the duration says it: 1D6, or a count
    words = ALLOWED.get(duration.unit)
    if words is None:  # a unit no rule's duration has: said as written
        return f"{duration}: {spelled['low']}–{spelled['high']}"
    return Worded(words, {"dice": dice, **spelled})
