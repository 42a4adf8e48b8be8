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
from campaign.rules import d6harmonie

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
                message=f"{e.kind} {trait} taken after creation",
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
        kind = "flaws" if e.kind == "flaw" else "advantages"
        verdict.findings.append(
            finding(
                code,
                e,
                subject=subject,
                rules_say=cap,
                ruled=points,
                message=f"{kind} worth {points} points after {trait}: above the {cap} allowed",
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
                message=f"{trait}: difficulty {stated}; the rule's is "
                f"{d6harmonie.describe_difficulty(rule_difficulty)}",
                cite=cite,
            )
        )
    if e.ruled != rules_say or differ:
        parts = []
        if e.ruled != rules_say:
            parts.append(f"the rules say {rules_say}; ruled {e.ruled}")
        if differ:
            parts.append("consequences ruled: " + ", ".join(_consequences(inputs, outcome)))
        result = "" if e.result is None else f" result {e.result} vs {e.difficulty}"
        verdict.findings.append(
            finding(
                "TRT005",
                e,
                subject=subject,
                rules_say=rules_say,
                ruled=e.ruled,
                message=f"{trait}{result}: " + "; ".join(parts),
                cite=cite,
            )
        )


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


def _consequences(inputs: dict[str, Any], outcome: d6harmonie.FlawOutcome | None) -> list[str]:
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
            "penalty": f"{penalties[0].value:+d}" if penalties else "none",
        }
        timed = [p.duration for p in penalties if p.duration is not None]
        if timed:
            low, high = allowed = d6harmonie.allowed_seconds(timed[0])  # "1D6 hours: 1h–6h"
            unit, spelled = timed[0].unit, d6harmonie.describe_seconds
            rules["duration"] = f"{timed[0]}: {spelled(low, unit)}–{spelled(high, unit)}"
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
        rule = f" (the rule: {rules[name]})" if name in rules else ""
        (agreeing if agrees else said).append(f"{name.replace('_', ' ')} {shown}{rule}")
    return said or agreeing  # none differs by these words: say what was given
