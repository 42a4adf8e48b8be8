"""A character's flaws triggered and the conditions they start (SPEC §4 "Traits").

A mixin of :class:`aggregates.character.Character`: the commands, their checks and the rules
calls; the events and their mutations are on the aggregate itself. Every judgement is
:func:`campaign.rules.d6harmonie.resolve_flaw`'s (seed 002; RULES Part C, D-9); here the rules'
answer is put beside the GM's ruling, and the state follows the ruling (SPEC §2).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from aggregates.base import INT_LIMIT, WIDE_LIMIT
from aggregates.character_traits import check_whole, same_name
from campaign.core.clock import format_moment
from campaign.core.errors import ImpossibleInput
from campaign.rules import d6harmonie
from campaign.rules.d6harmonie import FlawOutcome, Penalty
from campaign.rules.dice import Dice, Roll

TRAITS_RULESET = "d6harmonie/1"
FLAW_RULINGS = ("success", "failure")


def _kept(outcome: FlawOutcome) -> bool:
    """Whether a store keeps the numbers an outcome records (aggregates.base.INT_LIMIT)."""
    numbers = [outcome.rule_difficulty, outcome.difficulty, outcome.failure_points]
    numbers += [p.value for p in outcome.penalties]
    numbers += [*(outcome.hp_lost or {}).values(), outcome.conscience_lost]
    return all(n is None or -INT_LIMIT <= n <= INT_LIMIT for n in numbers)


def _typed(amount: float) -> str:
    """A number of minutes, hours or years as the GM typed it: ``3000000000``, ``2.5``,
    ``1e+300`` (never the 301 digits of its whole part)."""
    if isinstance(amount, float) and amount.is_integer() and abs(amount) < 1e16:
        return str(int(amount))
    return repr(amount)


def check_amount_kept(
    key: str, outcome: FlawOutcome, given: dict[str, Any], resolve: Callable[..., FlawOutcome]
) -> None:
    """Minutes, hours or years whose difficulty or penalty a store cannot keep (a 3-billion-year
    memory, 30 billion hours deprived) are refused naming the option, the GM's value and how
    far it may go, in the GM's unit. ``given`` holds the options passed to ``resolve`` (which
    resolves the same flaw with others); how far is asked of the rules, never re-derived."""
    if _kept(outcome):
        return
    named = [(name, given[name]) for name in ("minutes", "hours", "years") if given.get(name)]
    if not named:
        return  # not an amount's doing: aggregates.base names what is out of range
    name, amount = named[0]
    if not _kept(resolve(**{**given, name: 0})):
        return
    low, high = 0, math.floor(amount)  # the most whole units kept lies in [low, high)
    while high - low > 1:
        middle = (low + high) // 2
        if _kept(resolve(**{**given, name: middle})):
            low = middle
        else:
            high = middle
    difficulty = outcome.rule_difficulty
    what = "penalty" if difficulty is None or difficulty <= INT_LIMIT else "difficulty"
    raise ImpossibleInput(
        f"{_typed(amount)} {name}: the {what} of {key} ({outcome.trigger.name}) would be more "
        "than a store keeps",
        field=name,
        value=amount,
        expected=f"fewer than {high} {name}",
    )


def _consequences(outcome: FlawOutcome) -> dict[str, Any]:
    return {
        "penalties": [p.as_json() for p in outcome.penalties],
        "effects": list(outcome.effects),
        "hp_lost": None if outcome.hp_lost is None else dict(outcome.hp_lost),
        "conscience_lost": outcome.conscience_lost,
        "score_changes": dict(outcome.score_changes),
    }


class FlawCommands:
    """Flaw rolls and the conditions they start: commands of ``Character``."""

    handle: str
    _flaws: list[dict[str, Any]]
    _advantages: list[dict[str, Any]]
    trigger_event: Callable[..., None]
    FlawRolled: Any

    # --- checks ----------------------------------------------------------------------------------

    def flaw_taken(self, key_detail: str) -> dict[str, Any]:
        """The character's flaw named ``KEY[:detail]`` (the detail picks one of several)."""
        trait = d6harmonie.find_trait(key_detail)
        _key, detail = d6harmonie.split_detail(key_detail)
        mine = [f for f in self._flaws if f["key"] == trait.key]
        if detail is not None:
            mine = [f for f in mine if same_name(f["detail"] or "") == same_name(detail)]
        if len(mine) != 1:
            had = ", ".join(
                f["key"] + (f":{f['detail']}" if f["detail"] else "") for f in self._flaws
            )
            why = "several: name one as KEY:detail" if mine else "not that flaw"
            raise ImpossibleInput(
                f"{self.handle} has {why} ({trait.key}); its flaws: {had or 'none'}",
                field="key",
                value=key_detail,
                expected=had or "a flaw the character has",
            )
        return mine[0]

    # --- commands --------------------------------------------------------------------------------

    def roll_flaw(
        self,
        key_detail: str,
        trigger: str | None = None,
        result: int | None = None,
        critical: bool = False,
        minutes: float | None = None,
        hours: float | None = None,
        years: float | None = None,
        sum: str | None = None,  # the option is --sum (Avare's « somme »)
        difficulty: int | None = None,
        ruling: str | None = None,
        hp_lost: int | None = None,
        conscience_lost: int | None = None,
        penalty: int | None = None,
        duration: int | None = None,
        duration_words: str | None = None,
        duration_roll: Roll | None = None,
        clock_seconds: int = 0,
        duration_roller: Callable[[Dice], Roll] | None = None,
        note: str | None = None,
    ) -> None:
        """``trait H KEY``: a flaw triggered (seed 002; RULES D-9, C-7). ``duration`` is the GM's
        length in in-game seconds (``duration_words``: as the GM wrote it, ``2rounds``, kept so
        the log's line says it again); otherwise a dice duration is ``duration_roll`` (or rolled
        with ``duration_roller``); ``clock_seconds`` is the in-game time now (the campaign's
        clock, seconds since day 1 00:00), when the conditions start."""
        inputs = {
            "key": key_detail, "trigger": trigger, "result": result, "critical": critical,
            "minutes": minutes, "hours": hours, "years": years, "sum": sum,
            "difficulty": difficulty, "ruling": ruling, "hp_lost": hp_lost,
            "conscience_lost": conscience_lost, "penalty": penalty, "duration": duration,
            "duration_words": duration_words,
        }  # fmt: skip
        flaw = self.flaw_taken(key_detail)
        for field, value in (("hp_lost", hp_lost), ("conscience_lost", conscience_lost)):
            if value is not None:
                check_whole(value, field, 0)
        if penalty is not None:
            check_whole(penalty, "penalty")
        if duration is not None:
            check_whole(duration, "duration", 0)
        check_whole(clock_seconds, "clock_seconds", 0)
        options = {"trigger": trigger, "minutes": minutes, "hours": hours, "years": years}
        options |= {"sum": sum, "difficulty": difficulty}
        advantages = [a["key"] for a in self._advantages]  # Lève-tôt halves Sommeil de plomb

        def resolve(**given: Any) -> FlawOutcome:
            return d6harmonie.resolve_flaw(
                flaw["key"], result=result, critical=critical, advantages=advantages, **given
            )

        outcome = resolve(**options)
        check_amount_kept(flaw["key"], outcome, options, resolve)
        if outcome.rolls and result is None:  # a critical failure too (SPEC §4, D-9)
            raise ImpossibleInput(
                f"{flaw['key']} rolls {d6harmonie.score_name(outcome.score)}: enter the result "
                "(D6Harmonie rolls are never rolled by the tracker)",
                field="result",
                expected="the obtained result, a whole number ≥ 0",
            )
        if ruling is not None and not outcome.rolls:
            raise ImpossibleInput(
                f"{flaw['key']} ({outcome.trigger.name}) does not roll: no outcome to rule",
                field="ruling",
                value=ruling,
                expected="no ruling",
            )
        if ruling is not None and ruling not in FLAW_RULINGS:
            raise ImpossibleInput(
                f"{ruling!r} is not a flaw ruling",
                field="ruling",
                value=ruling,
                expected=", ".join(FLAW_RULINGS),
            )
        rules_say = None if not outcome.rolls else ("success" if outcome.success else "failure")
        ruled = ruling if ruling is not None else rules_say
        ruled_outcome = outcome
        if ruled != rules_say:  # the state follows the ruling: the ruled outcome's own row
            ruled_outcome = self.ruled_flaw(flaw["key"], outcome, ruled == "success", options)
        ruled_penalties = list(ruled_outcome.penalties)
        if penalty is not None:  # the GM's penalty replaces the main one (or is added)
            if ruled_penalties:
                ruled_penalties[0] = replace(ruled_penalties[0], value=penalty)
            else:
                ruled_penalties.append(Penalty(penalty, d6harmonie.FLAT, "all-rolls"))
            ruled_penalties = [p for p in ruled_penalties if p.value]
        d6harmonie.check_duration_applies(  # nothing to last: refused (SPEC §4 "Traits")
            duration if duration_words is None else duration_words,
            ruled_penalties,
            f"{flaw['key']} ({outcome.trigger.name})",
            ruled,
        )
        conditions, rolled = self.start_conditions(
            flaw["key"], ruled_penalties, duration, duration_roll, duration_roller, clock_seconds,
            duration_words,
        )  # fmt: skip
        for condition in conditions:  # which of several such flaws (phobia-mild:rats, …:spiders)
            condition["detail"] = flaw["detail"]
        rules_consequences = _consequences(outcome)
        ruled_consequences = _consequences(ruled_outcome)
        ruled_consequences["penalties"] = [p.as_json() for p in ruled_penalties]
        if hp_lost is not None:
            ruled_consequences["hp_lost"] = {**(ruled_outcome.hp_lost or {}), "torso": hp_lost}
        if conscience_lost is not None:
            ruled_consequences["conscience_lost"] = conscience_lost
        differ = d6harmonie.consequences_differ(
            outcome,
            hp_lost=hp_lost,
            conscience_lost=conscience_lost,
            penalty=penalty,
            duration=duration,
        )
        self.trigger_event(
            self.FlawRolled,
            key=flaw["key"],
            detail=flaw["detail"],
            trigger=outcome.trigger.name,
            inputs=inputs,
            score=outcome.score,
            rule_difficulty=outcome.rule_difficulty,
            difficulty=outcome.difficulty,
            difficulty_differs=difficulty is not None and difficulty != outcome.rule_difficulty,
            result=outcome.result,
            critical=outcome.critical,
            success=outcome.success,
            failure_points=outcome.failure_points,
            rules_say=rules_say,
            ruled=ruled,
            contradicts=ruled != rules_say,
            rules_consequences=rules_consequences,
            ruled_consequences=ruled_consequences,
            consequences_differ=differ,  # TRT005
            conditions=conditions,
            duration_roll=None if rolled is None else rolled.as_record(),
            seconds=clock_seconds,
            note=note,
            ruleset=TRAITS_RULESET,
        )

    @staticmethod
    def ruled_flaw(
        key: str, outcome: FlawOutcome, success: bool, options: dict[str, Any]
    ) -> FlawOutcome:
        """The rules' consequences of the *ruled* outcome: the same roll judged against a
        difficulty that gives it (a ruled failure fails by one point when the rules saw none)."""
        result = outcome.result if outcome.result is not None else outcome.difficulty or 0
        forced = {**options, "difficulty": result if success else result + 1}
        return d6harmonie.resolve_flaw(key, result=result, critical=False, **forced)

    @staticmethod
    def start_conditions(
        source: str,
        penalties: list[Penalty],
        duration: int | None,
        duration_roll: Roll | None,
        duration_roller: Callable[[Dice], Roll] | None,
        clock_seconds: int,
        duration_words: str | None = None,
    ) -> tuple[list[dict[str, Any]], Roll | None]:
        """The conditions the penalties start, each with its ``until`` (the in-game second it
        ends: ``clock_seconds`` + its length, exact — two rounds are 20 s, RULES D-9 — or None
        when no duration is stated: it lasts until ended or the session ends, RULES C-6). An
        ``until`` past the last time a store keeps is refused, as ``clock advance`` refuses to
        go there (``duration_words``: the GM's ``duration`` as typed, for the message)."""
        conditions: list[dict[str, Any]] = []
        rolled: Roll | None = None
        for penalty in penalties:
            spec, length = penalty.duration, None
            if duration is not None:
                length = duration
            elif spec is not None and spec.dice is None:
                length = d6harmonie.duration_seconds(spec)
            elif spec is not None and spec.dice is not None:
                if rolled is None:  # « 1D6 heures »: rolled when it starts (RULES D-9, C.6)
                    rolled = duration_roll
                    if rolled is None and duration_roller is not None:
                        rolled = duration_roller(spec.dice)
                    if rolled is None:
                        raise ImpossibleInput(
                            f"the {spec} of {source} needs a duration or a {spec.dice.name} roll",
                            field="duration",
                            expected=f"a duration (4h, 2rounds), or a roll of {spec.dice.name}",
                        )
                    dice = spec.dice
                    if rolled.dice != dice or not dice.lowest <= rolled.total <= dice.highest:
                        raise ImpossibleInput(
                            f"the {spec} of {source} is a {dice.name}, not {rolled}",
                            field="duration",
                            value=str(rolled),
                            expected=f"{dice.name}: {dice.lowest}–{dice.highest}",
                        )
                length = d6harmonie.duration_seconds(spec, rolled.total)
            if length is not None and clock_seconds + length > WIDE_LIMIT:
                if duration is not None:
                    what = duration_words or d6harmonie.describe_seconds(duration)
                else:
                    assert spec is not None  # a length comes from the GM's or the penalty's
                    shown = d6harmonie.describe_seconds(length, spec.unit)
                    what = f"the {spec} of {source}" + (
                        f", rolled {rolled.total} ({shown})," if rolled is not None else ""
                    )
                raise ImpossibleInput(
                    f"{what} from {format_moment(clock_seconds, exact=True)} would end at "
                    f"{format_moment(clock_seconds + length, exact=True)}, past the last time "
                    f"a store keeps ({format_moment(WIDE_LIMIT, exact=True)})",
                    field="duration",
                    value=duration_words if duration is not None else None,
                    expected="a duration of at most "
                    + d6harmonie.describe_seconds(max(0, WIDE_LIMIT - clock_seconds)),
                )
            conditions.append(
                {
                    "value": penalty.value,
                    "unit": penalty.unit,
                    "applies_to": penalty.applies_to,
                    "source": source,
                    "duration": None if spec is None else str(spec),
                    "until": None if length is None else clock_seconds + length,
                }
            )
        return conditions, rolled
