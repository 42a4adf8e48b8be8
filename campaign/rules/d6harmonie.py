"""D6Harmonie flaws and advantages (seed ``002_2aa5301732bfc4fe.txt``; RULES Part C, D-9, D-10).

Pure functions over the tables of :mod:`campaign.rules.d6harmonie_catalogue`: find a trait by
any of its spellings, resolve a flaw's trigger against an *entered* result (D6Harmonie rolls are
never rolled by the tracker, RULES D-9), and total a character's creation budget. Nothing here
refuses a GM's ruling (RULES D-0): only input that cannot have happened raises
:class:`~campaign.core.errors.ImpossibleInput`.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from campaign.core.errors import ImpossibleInput
from campaign.core.handles import slug
from campaign.rules.citation import SEED_D6HARMONIE, Citation
from campaign.rules.d6harmonie_catalogue import (
    ADVANTAGE,
    ADVANTAGES,
    ALL_ROLLS,
    CATALOGUE,
    DICE,
    FLAT,
    FLAW,
    FLAWS,
    HOURS,
    KINDS,
    MINUTES,
    MORAL,
    NOTHING,
    OPTIONS,
    REFLEXION,
    RESISTANCE_A_LA_MALADIE,
    SUM,
    YEARS,
    Consequence,
    DifficultyRule,
    Duration,
    Passive,
    Penalty,
    Trait,
    Trigger,
)

__all__ = [
    "ADVANTAGE",
    "ADVANTAGES",
    "AFTER_CREATION_RULE",
    "BUDGET_RULE",
    "CATALOGUE",
    "DICE",
    "FLAT",
    "FLAW",
    "FLAWS",
    "LADDER",
    "MAX_ADVANTAGE_POINTS",
    "MAX_FLAW_POINTS",
    "MORAL",
    "OPTIONS",
    "REFLEXION",
    "RESISTANCE_A_LA_MALADIE",
    "SCORE_NAMES",
    "SEED",
    "UNIT_SECONDS",
    "Budget",
    "Consequence",
    "Duration",
    "FlawOutcome",
    "Passive",
    "Penalty",
    "Trait",
    "Trigger",
    "allowed_seconds",
    "bears_on_moral",
    "budget",
    "catalogue",
    "check_duration_applies",
    "citation",
    "consequences_differ",
    "crosses_budget",
    "describe_difficulty",
    "describe_seconds",
    "difficulty_name",
    "duration_seconds",
    "find_trait",
    "moral_modifier",
    "outcome_word",
    "passive_modifier",
    "resolve_flaw",
    "score_name",
    "slug",
    "split_detail",
]

SEED = SEED_D6HARMONIE

# --- Difficulty ladder (RULES C.3) --------------------------------------------------------------
# Seed 002: « ENFANTIN (1) » (Mémoire déficiente), « FACILE (5) » (Allergie modérée), « SIMPLE (7) »
# (Mal des transports), « NORMALE (9) » (many), « DIFFICILE (11) », « TRÈS DIFFICILE (13) »
# (Avare), « EXTRÊMEMENT DIFFICILE (15 succès a obtenir!) » (Allergie grave example).
LADDER: tuple[tuple[str, int], ...] = (
    ("ENFANTIN", 1),
    ("FACILE", 5),
    ("SIMPLE", 7),
    ("NORMALE", 9),
    ("DIFFICILE", 11),
    ("TRÈS DIFFICILE", 13),
    ("EXTRÊMEMENT DIFFICILE", 15),
)
_LADDER_NAMES = {value: name for name, value in LADDER}


def difficulty_name(value: int | None) -> str | None:
    """The ladder's name for exactly ``value`` (seed 002: « NORMALE (9) + 6, soit EXTRÊMEMENT
    DIFFICILE »), None between the rungs: names are labels for numbers (RULES C.3, D-9)."""
    return None if value is None else _LADDER_NAMES.get(value)


def describe_difficulty(value: int | None) -> str | None:
    """``"NORMALE (9)"`` on a rung, ``"10"`` between rungs — as seed 002 writes its
    difficulties (« difficulté NORMALE (9) »; RULES C.3)."""
    if value is None:
        return None
    name = difficulty_name(value)
    return f"{name} ({value})" if name else str(value)


# The scores flaws roll, by slug (RULES D-10: « jet de MORAL », « jet de RÉSISTANCE A LA
# MALADIE », « jet de RÉFLEXION » keep their French names).
SCORE_NAMES: dict[str, str] = {
    MORAL: "MORAL",
    RESISTANCE_A_LA_MALADIE: "RÉSISTANCE À LA MALADIE",
    REFLEXION: "RÉFLEXION",
}


def score_name(score: str | None) -> str | None:
    """The French display name of a score slug: ``moral`` → ``MORAL``."""
    return None if score is None else SCORE_NAMES.get(score, score.upper())


# --- Spellings (RULES D-10) -----------------------------------------------------------------------


def split_detail(text: str) -> tuple[str, str | None]:
    """``phobie-legere:spiders`` → ``("phobie-legere", "spiders")`` (SPEC §4 ``KEY[:detail]``)."""
    key, sep, detail = text.partition(":")
    return key.strip(), (detail.strip() or None) if sep else None


# Every accepted spelling → trait: the English key (also with ``_``: slug() folds it) and the
# slug of the French name. Checked at import: no spelling may name two traits.
_INDEX: dict[str, Trait] = {}
for _trait in CATALOGUE:
    for _spelling in (_trait.key, slug(_trait.name_fr)):
        if _INDEX.get(_spelling, _trait) is not _trait:
            raise RuntimeError(f"trait spelling {_spelling!r} is ambiguous")
        _INDEX[_spelling] = _trait


def find_trait(key: str) -> Trait:
    """The trait named ``key``: its English kebab key, the same with ``_``, or the slug of its
    French name, any case; a ``:detail`` suffix is ignored (RULES D-10; seed 002's trait list).

    An unknown key is impossible input naming the closest keys (difflib).
    """
    if not isinstance(key, str):
        raise ImpossibleInput(
            f"a trait key is text, not {key!r}", field="key", value=key, expected=_KEY_EXAMPLE
        )
    name, _detail = split_detail(key)
    wanted = slug(name)
    trait = _INDEX.get(wanted)
    if trait is not None:
        return trait
    close = difflib.get_close_matches(wanted, list(_INDEX), n=6, cutoff=0.6)
    suggestions = list(dict.fromkeys(_INDEX[c].key for c in close))[:3]
    hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
    raise ImpossibleInput(
        f"unknown trait {name!r}{hint} (`campaign rules traits` lists them all)",
        field="key",
        value=key,
        expected=_KEY_EXAMPLE,
    )


_KEY_EXAMPLE = "a trait key such as phobia-mild, phobia_mild or the French slug phobie-legere"


def catalogue(kind: str | None = None) -> tuple[Trait, ...]:
    """The seed's traits in its order, flaws then advantages (RULES C.7, C.8), or one kind."""
    if kind is None:
        return CATALOGUE
    wanted = slug(kind) if isinstance(kind, str) else kind
    if wanted not in KINDS:
        raise ImpossibleInput(
            f"{kind!r} is not a kind of trait: flaw or advantage",
            field="kind",
            value=kind,
            expected="flaw or advantage",
        )
    return FLAWS if wanted == FLAW else ADVANTAGES


def citation(trait: Trait, trigger: Trigger | None = None) -> Citation:
    """The seed sentence a trait (or one of its triggers) rests on."""
    if trigger is None:
        return Citation(SEED_D6HARMONIE, trait.name_fr, trait.text_fr, trait.summary)
    return Citation(
        SEED_D6HARMONIE,
        trait.name_fr,
        trigger.text_fr or trait.text_fr,
        f"{trigger.name}: {trigger.when}. {trait.summary}",
    )


# --- Resolving a flaw's trigger (RULES D-9, C-0…C-15) ---------------------------------------------


@dataclass(frozen=True, slots=True)
class FlawOutcome:
    """What the rules say when a flaw triggers (RULES D-9).

    ``rule_difficulty`` is the rule's, ``difficulty`` the one in force (the GM's ``difficulty``
    when given: success is judged against it, SPEC §4). ``success`` and ``failure_points`` are
    None when the trigger does not roll or no result was entered; ``hp_lost`` and
    ``conscience_lost`` are None when they depend on a result not given.
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
        """The calculator's JSON keys (SPEC §5 ``rules trait``), plain values only."""
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
            "effects": list(self.effects),
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
    """A flaw triggered, judged by the seed 002 rule of that flaw (RULES C.7, D-9).

    Success iff ``result`` ≥ difficulty; points of failure = difficulty − result (« Il échoue de
    5 points »); ``critical`` is a failure whatever the result, and its row replaces the failure
    row for the phobias and adds to it for *Maladie incapacitante* (C-7). ``advantages`` are the
    character's advantage keys: *Lève-tôt* halves *Sommeil de plomb*'s lack-of-sleep penalty (C-9).
    """
    trait = find_trait(key)
    # not a flaw: only the character's advantages bear on a flaw's roll (no --flaw to give it to)
    advantages = tuple(_of_kind(taken, ADVANTAGE, swap=False).key for taken in advantages)
    chosen = _trigger_of(trait, trigger)
    given = {MINUTES: minutes, HOURS: hours, YEARS: years, SUM: sum}
    _check_applies(trait, chosen, given, result=result, critical=critical, difficulty=difficulty)
    result = _whole(result, "result")
    ruled = _whole(difficulty, "difficulty")
    if not isinstance(critical, bool):
        raise ImpossibleInput(f"critical is true or false, not {critical!r}", field="critical")
    amounts = {name: _amount(value, name) for name, value in given.items() if name != SUM}
    inputs = {name: value for name, value in given.items() if value is not None}
    if isinstance(sum, str):
        inputs[SUM] = slug(sum)

    rule_difficulty = _rule_difficulty(chosen, amounts, sum)
    in_force = rule_difficulty if ruled is None else ruled
    success: bool | None = None
    points: int | None = None
    if chosen.rolls:
        if critical:
            success = False
        elif result is not None:
            success = result >= in_force
        if result is not None and in_force is not None:
            points = 0 if success else max(0, in_force - result)
    consequence = _consequence(chosen, success, critical)
    penalties, effects = consequence.penalties, consequence.effects
    if chosen.per_period is not None:
        penalties, effects = _deprivation(chosen, amounts[HOURS])
    if chosen.lack_of_sleep and _has_early_riser(advantages):
        penalties = tuple(_halved(p) for p in penalties)
        effects = (*effects, "halved by Lève-tôt (early-riser)")

    per_point = bool(consequence.hp_per_point or consequence.conscience_per_point)
    unknown = (chosen.rolls and success is None) or (per_point and points is None)
    hp_lost = None if unknown else _losses(consequence.hp_per_point, chosen, points)
    conscience = None if unknown else _conscience(consequence, points)
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
        hp_lost=hp_lost,
        conscience_lost=conscience,
        penalties=penalties,
        effects=effects,
        score_changes=dict(consequence.score_changes),
        inputs=inputs,
        cites=(citation(trait, chosen),),
    )


def outcome_word(outcome: str | None, critical: bool) -> str | None:
    """A flaw roll's outcome as it is said: ``critical failure`` for a failure that was critical
    (RULES D-9: « a critical failure is a failure whatever the result », so 12 against 9 reads
    as no contradiction), else ``success``/``failure`` (None: no roll) as recorded."""
    return "critical failure" if critical and outcome == "failure" else outcome


def modifier_words(value: int, unit: str | None) -> str:
    """A condition's modifier as the GM reads it everywhere: ``-2D`` for dice (« -2 dés »), a
    signed number (``-1``) for a flat one (seed 002: « malus de -2 à tous ses jets »)."""
    return f"{value:+d}{'D' if unit == DICE else ''}"


def penalty_words(penalties: Iterable[dict[str, Any]]) -> list[str]:
    """Penalties (a flaw's conditions, or its consequences' ``penalties``) as ``status`` writes
    them: ``-2D relational-rolls``, ``-1 all-rolls`` (:func:`modifier_words`)."""
    return [f"{modifier_words(p['value'], p.get('unit'))} {p['applies_to']}" for p in penalties]


def loss_words(consequences: dict[str, Any]) -> list[str]:
    """The losses a flaw roll's consequences hold (``ruled_consequences``: those the state
    follows and ``status`` counts), written ``−5 torso HP``, ``−5 conscience``; nothing for a
    location that lost none."""
    hp = consequences.get("hp_lost") or {}
    words = [f"−{lost} {location} HP" for location, lost in hp.items() if lost]
    if consequences.get("conscience_lost"):
        words.append(f"−{consequences['conscience_lost']} conscience")
    return words


# Seconds per duration unit; D6Harmonie « tours » are combat rounds of 10 seconds (RULES D-9).
UNIT_SECONDS = {"rounds": 10, "minutes": 60, "hours": 3600, "days": 86400, "weeks": 604800}

# How a length is spelled for the GM, in the words ``clock advance`` and ``--duration`` read
# (SPEC §4): each unit of UNIT_SECONDS, largest first; « tours » are rounds (RULES D-9).
_SPELLINGS = {"weeks": "w", "days": "d", "hours": "h", "minutes": "min", "rounds": "rounds"}


def allowed_seconds(duration: Duration) -> tuple[int, int]:
    """The shortest and longest a duration can be: its dice's range, or its fixed length."""
    dice = duration.dice
    low, high = (duration.count, duration.count) if dice is None else (dice.lowest, dice.highest)
    return low * UNIT_SECONDS[duration.unit], high * UNIT_SECONDS[duration.unit]


def duration_seconds(duration: Duration, rolled: int | None = None) -> int:
    """How long a penalty lasts, in in-game seconds: its fixed length, or ``rolled`` (the total
    of its dice, rolled when it starts: « durant 1D6 tours » of 10 seconds each, « durant 1D6
    heures »; RULES C.6, D-9). Exact: a round is never rounded to a minute."""
    if duration.dice is None:
        return duration.count * UNIT_SECONDS[duration.unit]
    if rolled is None:
        raise ImpossibleInput(
            f"the {duration} needs its {duration.dice.name} rolled",
            field="duration",
            expected=f"a roll of {duration.dice.name}",
        )
    return rolled * UNIT_SECONDS[duration.unit]


def describe_seconds(seconds: int, unit: str | None = None) -> str:
    """A length as ``--duration`` reads it back: in ``unit`` (a duration's own, such as a
    roll's: 6 of 1D6 rounds is ``6rounds``) when it is a whole number of them, else in its
    largest whole unit — 14400 → ``4h``, 20 → ``2rounds`` (RULES D-9), 65 → ``65s``."""
    units = ([unit] if unit is not None else []) + list(_SPELLINGS)
    for name in units:
        size = UNIT_SECONDS[name]
        if seconds and seconds % size == 0:
            count = seconds // size
            return f"{count}{'round' if name == 'rounds' and count == 1 else _SPELLINGS[name]}"
    return f"{seconds}s"


# A duration is how long a penalty lasts: « durant 1D6 heures », rolled « when the effect
# starts » (RULES C.6, D-9), or the GM's length for a penalty whose duration the seed leaves
# unstated (C-6). Where the outcome recorded starts no penalty — Cupidité's chance missed but
# resisted, Vertige's « completely unable », Phobie légère resisted (C-8) — nothing lasts, and
# an option that does not apply is impossible input (SPEC §4 "Traits").
def check_duration_applies(
    duration: object, penalties: Iterable[Penalty], where: str, outcome: str | None
) -> None:
    """Refuse a ``duration`` when ``penalties`` (the ruled ones, the GM's ``penalty`` in them)
    start no condition; ``where`` is ``greed (missed-chance)``, ``outcome`` the recorded
    ``success``/``failure`` (None for a flaw that does not roll)."""
    if duration is None or any(p.value for p in penalties):
        return
    on = f" on a {outcome}" if outcome is not None else ""
    raise ImpossibleInput(
        f"duration does not apply to {where}{on}: it starts no condition, so nothing lasts "
        "(a duration is how long a penalty lasts)",
        field="duration",
        value=duration,
        expected="no duration here",
    )


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
    allow — a duration inside them is the die the table rolled (SPEC §4 "Traits"): 20 s is
    within « 1D6 tours » (10–60 s), 65 s is not, nor 7 hours within « 1D6 heures »."""
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


def _trigger_of(trait: Trait, name: str | None) -> Trigger:
    """The named trigger of a flaw, or its default (the first)."""
    if trait.kind != FLAW:
        raise ImpossibleInput(
            f"{trait.key} ({trait.name_fr}) is an advantage: only flaws trigger",
            field="key",
            value=trait.key,
            expected=_TRIGGERED_HINT,
        )
    if not trait.triggers:
        raise ImpossibleInput(
            f"{trait.key} ({trait.name_fr}) never rolls nor triggers: its effect is passive "
            "or narrative",
            field="key",
            value=trait.key,
            expected=_TRIGGERED_HINT,
        )
    if name is None:
        return trait.default_trigger  # not None: a flaw without triggers is refused above
    wanted = slug(name) if isinstance(name, str) else None
    for candidate in trait.triggers:
        if candidate.name == wanted:
            return candidate
    raise ImpossibleInput(
        f"{trait.key} has no trigger {name!r}; its triggers: {', '.join(trait.trigger_names)}",
        field="trigger",
        value=name,
        expected=", ".join(trait.trigger_names),
    )


_TRIGGERED_HINT = "a flaw that rolls or triggers (`campaign rules trait --help` lists them)"


def _check_applies(trait: Trait, trigger: Trigger, given: dict[str, object], **roll) -> None:
    """An option that does not apply to this trait's trigger is impossible input (SPEC §4)."""
    takes = ", ".join(trigger.accepted_options) or "no option"
    where = f"{trait.key} ({trigger.name})"
    for name, value in given.items():
        if value is not None and name not in trigger.options:
            raise ImpossibleInput(
                f"{name} does not apply to {where}; it takes: {takes}",
                field=name,
                value=value,
                expected=takes,
            )
    if not trigger.rolls:
        for name in ("result", "difficulty"):
            if roll[name] is not None:
                raise ImpossibleInput(
                    f"{where} does not roll, so {name} does not apply; it takes: {takes}",
                    field=name,
                    value=roll[name],
                    expected=takes,
                )
        if roll["critical"]:
            raise ImpossibleInput(
                f"{where} does not roll, so it cannot fail critically; it takes: {takes}",
                field="critical",
                value=True,
                expected=takes,
            )


def _whole(value: object, field: str) -> int | None:
    """A result or difficulty: a whole number ≥ 0 (RULES D-9: « Difficulties are integers »)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ImpossibleInput(
            f"{field} is a whole number, not {value!r}",
            field=field,
            value=value,
            expected="a whole number ≥ 0",
        )
    if value < 0:
        raise ImpossibleInput(
            f"{field} cannot be negative ({value})",
            field=field,
            value=value,
            expected="a whole number ≥ 0",
        )
    return value


def _amount(value: object, field: str) -> float | None:
    """Minutes, hours or years: a finite number ≥ 0 (partial units are floored, C-1, C-15)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ImpossibleInput(
            f"{field} is a number, not {value!r}",
            field=field,
            value=value,
            expected="a number ≥ 0",
        )
    if value < 0:
        raise ImpossibleInput(
            f"{field} cannot be negative ({value})",
            field=field,
            value=value,
            expected="a number ≥ 0",
        )
    return value


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
                f"sum is one of {', '.join(levels)}, not {level!r}",
                field=SUM,
                value=level,
                expected=", ".join(levels),
            )
        return levels[wanted]
    units = math.floor(amounts.get(rule.option) or 0)
    added = units * rule.per_unit
    if rule.cap is not None:
        added = min(added, rule.cap)
    return trigger.difficulty + added


def _consequence(trigger: Trigger, success: bool | None, critical: bool) -> Consequence:
    """The row that applies (RULES C-7): critical replaces the failure row when
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
    plus the −2 dice withdrawal from the first completed period (RULES C-3, C-4)."""
    assert trigger.per_period is not None and trigger.period_hours is not None
    if hours is None:
        raise ImpossibleInput(
            f"hours is needed: the penalty grows with each full {trigger.period_hours}-hour "
            "period deprived",
            field=HOURS,
            expected="a number of hours ≥ 0",
        )
    periods = math.floor(hours / trigger.period_hours)
    if periods == 0:
        return (), (f"less than one full {trigger.period_hours}-hour period: no penalty yet",)
    per = trigger.per_period
    stacked = Penalty(per.value * periods, per.unit, per.applies_to, per.duration, per.ends)
    line = f"{periods} full {trigger.period_hours}-hour period{'s' if periods > 1 else ''} deprived"
    return (stacked, *trigger.consequence.penalties), (line, *trigger.consequence.effects)


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
    conscience perdus », per episode, SPEC §4); no cap for Allergie grave (RULES C-2)."""
    lost = consequence.conscience_per_point * (points or 0)
    if consequence.conscience_cap is not None:
        lost = min(lost, consequence.conscience_cap)
    return lost


def _has_early_riser(advantages: Iterable[str]) -> bool:
    return any(find_trait(key).key == "early-riser" for key in advantages)


def _halved(penalty: Penalty) -> Penalty:
    """Lève-tôt: « Les malus dus au manque de sommeil sont divisés par 2 », toward zero (C-9)."""
    value = int(penalty.value / 2)
    return Penalty(value, penalty.unit, penalty.applies_to, penalty.duration, penalty.ends)


# --- Passive effects --------------------------------------------------------------------------


def passive_modifier(keys: Iterable[str], applies_to: str, unit: str = FLAT) -> int:
    """The sum of the passive ``unit`` modifiers on ``applies_to`` from these traits, each trait
    counted once (a trait bought twice does not stack: RULES C.5 leaves duplicates open)."""
    traits = {find_trait(key).key: find_trait(key) for key in keys}
    return sum(
        p.value or 0
        for trait in traits.values()
        for p in trait.passive
        if p.applies_to == applies_to and p.unit == unit
    )


def bears_on_moral(applies_to: str | None, unit: str | None = FLAT) -> bool:
    """Whether a flat modifier counts on a MORAL roll: its own scope, or « tous ses jets »
    (RULES C.6: an all-rolls penalty applies to every roll, MORAL included)."""
    return unit == FLAT and applies_to in (MORAL, ALL_ROLLS)


def moral_modifier(advantage_keys: Iterable[str]) -> int:
    """The passive MORAL bonus: Nerfs d’acier « reçoit un bonus de +1 a son MORAL » (seed 002)."""
    return passive_modifier(advantage_keys, MORAL, FLAT)


# --- Creation budget (RULES C.5) --------------------------------------------------------------
# Seed 002: « Il est possible de dépenser jusqu’à 20 points de compétence pour acheter des
# avantages et il est possible de gagner jusqu’à 20 points de compétence en donnant des défauts ».
MAX_FLAW_POINTS = 20
MAX_ADVANTAGE_POINTS = 20

BUDGET_RULE = Citation(
    SEED_D6HARMONIE,
    "Avantages et défauts : points de compétence",
    "Il est possible de dépenser jusqu’à 20 points de compétence pour acheter des avantages et "
    "il est possible de gagner jusqu’à 20 points de compétence en donnant des défauts à son "
    "personnage.",
    "Up to 20 skill points may be spent on advantages, and up to 20 gained from flaws: two "
    "separate caps. Over budget is recorded and flagged by the audit (TRT002, TRT003), never "
    "refused (RULES D-0).",
)


AFTER_CREATION_RULE = Citation(
    SEED_D6HARMONIE,
    "Avantages et défauts : après la création",
    "Il n’est pas possible d’acheter des avantages ou défauts après la création du personnage.",
    "No advantage or flaw may be taken once the character's creation is over (`character "
    "finalize`). A later one is recorded as the GM rules and flagged by the audit (TRT001), "
    "never refused (RULES D-0).",
)


@dataclass(frozen=True, slots=True)
class Budget:
    """A character's trait points against the two caps of 20 (``within_budget``: both hold)."""

    flaws: tuple[Trait, ...]
    advantages: tuple[Trait, ...]
    flaw_points: int
    advantage_points: int
    flaws_within_budget: bool
    advantages_within_budget: bool
    cites: tuple[Citation, ...] = (BUDGET_RULE,)

    @property
    def within_budget(self) -> bool:
        return self.flaws_within_budget and self.advantages_within_budget

    def as_json(self) -> dict[str, object]:
        return {
            "flaws": [t.key for t in self.flaws],
            "advantages": [t.key for t in self.advantages],
            "flaw_points": self.flaw_points,
            "advantage_points": self.advantage_points,
            "max_flaw_points": MAX_FLAW_POINTS,
            "max_advantage_points": MAX_ADVANTAGE_POINTS,
            "flaws_within_budget": self.flaws_within_budget,
            "advantages_within_budget": self.advantages_within_budget,
            "within_budget": self.within_budget,
        }


def budget(flaws: Sequence[str] = (), advantages: Sequence[str] = ()) -> Budget:
    """Flaw points gained and advantage points spent, each against its cap of 20 (seed 002:
    *Mémoire déficiente* 12 + *Allergie grave* 8 = 20 « le maximum autorisé »; *Beauté accrue*
    (20) « le maximum qui puisse être dépensé »). Evaluated, never capped (RULES D-0).

    Keys may carry ``:detail`` (ignored here). A flaw listed as an advantage, or the reverse, is
    impossible input on ``flaw``/``advantage`` (the CLI's ``--flaw``/``--advantage``).
    """
    taken_flaws = tuple(_of_kind(key, FLAW) for key in flaws)
    taken_advantages = tuple(_of_kind(key, ADVANTAGE) for key in advantages)
    flaw_points = sum(t.points for t in taken_flaws)
    advantage_points = sum(t.points for t in taken_advantages)
    return Budget(
        flaws=taken_flaws,
        advantages=taken_advantages,
        flaw_points=flaw_points,
        advantage_points=advantage_points,
        flaws_within_budget=flaw_points <= MAX_FLAW_POINTS,
        advantages_within_budget=advantage_points <= MAX_ADVANTAGE_POINTS,
    )


# Seed 002, "Avantages et défauts : points de compétence" (« jusqu'à 20 points », RULES C.5):
# recorded, never refused (D-0); the trait that first takes a total above 20 is flagged.
def crosses_budget(before: Budget, after: Budget, kind: str) -> bool:
    """Whether taking one more trait takes ``kind``'s points (flaws for ``flaw``, advantages
    otherwise) from within their cap of 20 to above it: the event the audit flags (TRT002,
    TRT003), once — a budget already exceeded is not crossed again."""
    if kind == FLAW:
        return before.flaws_within_budget and not after.flaws_within_budget
    return before.advantages_within_budget and not after.advantages_within_budget


def _of_kind(key: str, kind: str, *, swap: bool = True) -> Trait:
    """The trait ``key``, which must be of ``kind``; ``swap``: where the other kind has an option
    of its own (`rules budget --flaw/--advantage`), the error names it."""
    try:
        trait = find_trait(key)
    except ImpossibleInput as error:
        raise ImpossibleInput(
            error.message, field=kind, value=error.value, expected=error.expected
        ) from None
    if trait.kind != kind:
        raise ImpossibleInput(
            f"{trait.key} ({trait.name_fr}) is {'a flaw' if trait.kind == FLAW else 'an advantage'}"
            f", not {'a flaw' if kind == FLAW else 'an advantage'}"
            + (f": give it as --{trait.kind}" if swap else ""),
            field=kind,
            value=key,
            expected=f"a{'n' if kind == ADVANTAGE else ''} {kind} key",
        )
    return trait
