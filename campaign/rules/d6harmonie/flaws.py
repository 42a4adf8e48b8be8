"""A flaw triggered, judged by its seed 002 rule: success against the difficulty in force,
points of failure, the row of consequences that applies and what it costs (docs/rules.md#flaws,
#where-seed-002-leaves-a-case-open, #d-9), and when the GM's consequences differ from the rule's
(the audit's TRT005)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from campaign.core.errors import ImpossibleInput
from campaign.core.handles import slug
from campaign.core.i18n import N_
from campaign.core.worded import Worded
from campaign.rules.citation import Citation
from campaign.rules.d6harmonie.catalogue import (
    ADVANTAGE,
    HOURS,
    MINUTES,
    NOTHING,
    SUM,
    YEARS,
    Consequence,
    DifficultyRule,
    Penalty,
    Trait,
    Trigger,
)
from campaign.rules.d6harmonie.durations import allowed_seconds
from campaign.rules.d6harmonie.flaw_inputs import (
    amount,
    checked_roll,
    recorded_inputs,
    trigger_of,
)
from campaign.rules.d6harmonie.traits import citation, difficulty_name, find_trait, of_kind

# --- Resolving a flaw's trigger (docs/rules.md#d-9, #where-seed-002-leaves-a-case-open) ----------


@dataclass(frozen=True, slots=True)
class FlawOutcome:
    """What the rules say when a flaw triggers (docs/rules.md#d-9).

    ``rule_difficulty`` is the rule's, ``difficulty`` the one in force (the GM's ``difficulty``
    when given: success is judged against it, docs/log-language.md#traits). ``success`` and
    ``failure_points`` are None when the trigger does not roll or no result was entered; ``hp_lost``
    and ``conscience_lost`` are None when they depend on a result not given.
    """

    trait: Trait
    trigger: Trigger
    score: str | None
    rule_difficulty: int | None
    difficulty: int | None
    difficulty_name: str | None
    result: int | None
    critical: bool
    success: bool | None
    failure_points: int | None
    hp_lost: dict[str, int] | None
    conscience_lost: int | None
    penalties: tuple[Penalty, ...]
    effects: tuple[str, ...]
    score_changes: dict[str, int]
    inputs: dict[str, object]
    cites: tuple[Citation, ...]

    @property
    def rolls(self) -> bool:
        return self.trigger.rolls

    def as_json(self) -> dict[str, object]:
        """The calculator's JSON keys (``rules trait``, docs/json.md#the-rules-calculator), plain
        values only."""
        return {
            "key": self.trait.key,
            "name_fr": self.trait.name_fr,
            "trigger": self.trigger.name,
            "score": self.score,
            "result": self.result,
            "critical": self.critical,
            "rule_difficulty": self.rule_difficulty,
            "difficulty": self.difficulty,
            "difficulty_name": self.difficulty_name,
            "success": self.success,
            "failure_points": self.failure_points,
            "hp_lost": None if self.hp_lost is None else dict(self.hp_lost),
            "conscience_lost": self.conscience_lost,
            "penalties": [p.as_json() for p in self.penalties],
            "effects": [str(effect) for effect in self.effects],  # plain text: data
            "score_changes": dict(self.score_changes),
            "inputs": dict(self.inputs),
            "rule": self.cites[0].as_json(),
        }


def resolve_flaw(
    key: str,
    *,
    trigger: str | None = None,
    result: int | None = None,
    critical: bool = False,
    minutes: float | None = None,
    hours: float | None = None,
    years: float | None = None,
    sum: str | None = None,  # the option is --sum (Avare: « la somme d’argent »)
    difficulty: int | None = None,
    advantages: Iterable[str] = (),
) -> FlawOutcome:
    """A flaw triggered, judged by the seed 002 rule of that flaw (docs/rules.md#flaws, #d-9).

    Success iff ``result`` ≥ difficulty; points of failure = difficulty − result (« Il échoue de 5
    points »); ``critical`` is a failure whatever the result, and its row replaces the failure row
    for the phobias and adds to it for *Maladie incapacitante*. ``advantages`` are the character's
    advantage keys: *Lève-tôt* halves *Sommeil de plomb*'s lack-of-sleep penalty
    (docs/rules.md#where-seed-002-leaves-a-case-open).
    """
    trait = find_trait(key)
    # not a flaw: only the character's advantages bear on a flaw's roll (no --flaw to give it to)
    advantages = tuple(of_kind(taken, ADVANTAGE, swap=False).key for taken in advantages)
    chosen = trigger_of(trait, trigger)
    given = {MINUTES: minutes, HOURS: hours, YEARS: years, SUM: sum}
    result, ruled = checked_roll(
        trait, chosen, given, result=result, critical=critical, difficulty=difficulty
    )
    amounts = {name: amount(value, name) for name, value in given.items() if name != SUM}
    rule_difficulty = _rule_difficulty(chosen, amounts, sum)
    in_force = rule_difficulty if ruled is None else ruled
    success, points = _judged(chosen, result, critical, in_force)
    consequence = _consequence(chosen, success, critical)
    penalties, effects = _penalties(chosen, consequence, amounts[HOURS], advantages)
    per_point = bool(consequence.hp_per_point or consequence.conscience_per_point)
    unknown = (chosen.rolls and success is None) or (per_point and points is None)
    return FlawOutcome(
        trait=trait,
        trigger=chosen,
        score=chosen.score,
        rule_difficulty=rule_difficulty,
        difficulty=in_force,
        difficulty_name=difficulty_name(in_force),
        result=result,
        critical=critical,
        success=success,
        failure_points=points,
        hp_lost=None if unknown else _losses(consequence.hp_per_point, chosen, points),
        conscience_lost=None if unknown else _conscience(consequence, points),
        penalties=penalties,
        effects=effects,
        score_changes=dict(consequence.score_changes),
        inputs=recorded_inputs(given),
        cites=(citation(trait, chosen),),
    )


def _judged(
    trigger: Trigger, result: int | None, critical: bool, difficulty: int | None
) -> tuple[bool | None, int | None]:
    """``success, failure_points`` of a roll: a critical is a failure whatever the result
    (docs/rules.md#d-9); points of failure = difficulty − result. None where nothing is known."""
    success: bool | None = None
    points: int | None = None
    if trigger.rolls:
        if critical:
            success = False
        elif result is not None:
            success = result >= difficulty
        if result is not None and difficulty is not None:
            points = 0 if success else max(0, difficulty - result)
    return success, points


def _penalties(
    trigger: Trigger, consequence: Consequence, hours: float | None, advantages: Iterable[str]
) -> tuple[tuple[Penalty, ...], tuple[str, ...]]:
    """The row's penalties and effects; a deprivation's grow with each full period, and Lève-tôt
    halves a lack of sleep's (docs/rules.md#where-seed-002-leaves-a-case-open)."""
    penalties, effects = consequence.penalties, consequence.effects
    if trigger.per_period is not None:
        penalties, effects = _deprivation(trigger, hours)
    if trigger.lack_of_sleep and _has_early_riser(advantages):
        penalties = tuple(_halved(p) for p in penalties)
        effects = (*effects, N_("halved by Lève-tôt (early-riser)"))
    return penalties, effects


def consequences_differ(
    outcome: FlawOutcome,
    *,
    hp_lost: int | None = None,
    conscience_lost: int | None = None,
    penalty: int | None = None,
    duration: int | None = None,
) -> bool:
    """Whether the GM's consequences differ from the rule's (the audit's TRT005): torso HP,
    conscience, the main penalty, and a duration (in-game seconds) outside what the rule's dice
    allow — a duration inside them is the die the table rolled (docs/log-language.md#traits): 20 s
    is within « 1D6 tours » (10–60 s), 65 s is not, nor 7 hours within « 1D6 heures »."""
    durations = [p.duration for p in outcome.penalties if p.duration is not None]
    allowed = allowed_seconds(durations[0]) if durations else None
    return (
        (hp_lost is not None and hp_lost != (outcome.hp_lost or {}).get("torso", 0))
        or (conscience_lost is not None and conscience_lost != (outcome.conscience_lost or 0))
        or (
            penalty is not None
            and penalty != (outcome.penalties[0].value if outcome.penalties else 0)
        )
        or (
            duration is not None
            and allowed is not None
            and not allowed[0] <= duration <= allowed[1]
        )
    )


def _rule_difficulty(
    trigger: Trigger, amounts: dict[str, float | None], level: str | None
) -> int | None:
    """The rule's difficulty: base, + whole units (capped) or a named level (Avare's sums)."""
    rule: DifficultyRule | None = trigger.difficulty_rule
    if trigger.difficulty is None or rule is None:
        return trigger.difficulty
    if rule.levels:
        levels = dict(rule.levels)
        if level is None:
            return trigger.difficulty
        wanted = slug(level) if isinstance(level, str) else None
        if wanted not in levels:
            raise ImpossibleInput(
                N_("sum is one of {levels}, not {value}"),
                field=SUM,
                value=level,
                expected="{levels}",
                values={"levels": ", ".join(levels), "value": repr(level)},
            )
        return levels[wanted]
    units = math.floor(amounts.get(rule.option) or 0)
    added = units * rule.per_unit
    if rule.cap is not None:
        added = min(added, rule.cap)
    return trigger.difficulty + added


def _consequence(trigger: Trigger, success: bool | None, critical: bool) -> Consequence:
    """The row that applies (docs/rules.md#d-9): critical replaces the failure row when
    ``critical_replaces`` (phobias), else adds to it (Maladie incapacitante)."""
    if not trigger.rolls:
        return trigger.consequence
    if success is None:
        return NOTHING
    if success:
        return trigger.success
    if critical and trigger.critical is not None:
        if trigger.critical_replaces:
            return trigger.critical
        return _combine(trigger.failure, trigger.critical)
    return trigger.failure


def _combine(first: Consequence, second: Consequence) -> Consequence:
    return Consequence(
        penalties=first.penalties + second.penalties,
        effects=first.effects + second.effects,
        hp_per_point=first.hp_per_point + second.hp_per_point,
        conscience_per_point=first.conscience_per_point + second.conscience_per_point,
        conscience_cap=first.conscience_cap
        if second.conscience_cap is None
        else second.conscience_cap,
        score_changes=first.score_changes + second.score_changes,
    )


def _deprivation(
    trigger: Trigger, hours: float | None
) -> tuple[tuple[Penalty, ...], tuple[str, ...]]:
    """Dépendance psychologique/toxique: cumulative −1 die on relational rolls per FULL period,
    plus the −2 dice withdrawal from the first completed period
    (docs/rules.md#where-seed-002-leaves-a-case-open)."""
    assert trigger.per_period is not None and trigger.period_hours is not None
    if hours is None:
        raise ImpossibleInput(
            N_("hours is needed: the penalty grows with each full {hours}-hour period deprived"),
            field=HOURS,
            expected=N_("a number of hours ≥ 0"),
            values={"hours": trigger.period_hours},
        )
    periods = math.floor(hours / trigger.period_hours)
    if periods == 0:
        period = {"hours": trigger.period_hours}
        return (), (Worded(N_("less than one full {hours}-hour period: no penalty yet"), period),)
    per = trigger.per_period
    stacked = Penalty(per.value * periods, per.unit, per.applies_to, per.duration, per.ends)
    deprived = _PERIODS_DEPRIVED if periods > 1 else _PERIOD_DEPRIVED
    line = Worded(deprived, {"periods": periods, "hours": trigger.period_hours})
    return (stacked, *trigger.consequence.penalties), (line, *trigger.consequence.effects)


_PERIOD_DEPRIVED = N_("{periods} full {hours}-hour period deprived")
_PERIODS_DEPRIVED = N_("{periods} full {hours}-hour periods deprived")


def _losses(
    per_point: tuple[tuple[str, int], ...], trigger: Trigger, points: int | None
) -> dict[str, int]:
    """HP lost by location: « Chaque point d’échec entraîne la perte d’un point de vie au torse »
    (Allergie grave). Locations the trigger can hurt are always listed."""
    locations = dict(_hp_locations(trigger))
    for location, per in per_point:
        locations[location] = locations.get(location, 0) + per * (points or 0)
    return locations


def _hp_locations(trigger: Trigger) -> dict[str, int]:
    rows = [trigger.success, trigger.failure, trigger.consequence]
    if trigger.critical is not None:
        rows.append(trigger.critical)
    return {location: 0 for row in rows for location, _ in row.hp_per_point}


def _conscience(consequence: Consequence, points: int | None) -> int:
    """Conscience lost: per point of failure, capped for Allergie modérée (« maximum 8 points de
    conscience perdus », per episode), no cap for Allergie grave
    (docs/rules.md#where-seed-002-leaves-a-case-open)."""
    lost = consequence.conscience_per_point * (points or 0)
    if consequence.conscience_cap is not None:
        lost = min(lost, consequence.conscience_cap)
    return lost


def _has_early_riser(advantages: Iterable[str]) -> bool:
    return any(find_trait(key).key == "early-riser" for key in advantages)


def _halved(penalty: Penalty) -> Penalty:
    """Lève-tôt: « Les malus dus au manque de sommeil sont divisés par 2 », toward zero
    (docs/rules.md#where-seed-002-leaves-a-case-open)."""
    value = int(penalty.value / 2)
    return Penalty(value, penalty.unit, penalty.applies_to, penalty.duration, penalty.ends)
