"""A character's flaws triggered and the conditions they start (docs/log-language.md#flaw-rolls).

A mixin of :class:`aggregates.character.Character`: the ``trait`` command, its checks and the rules
calls; the events and their mutations are on the aggregate itself. Every judgement is
:func:`campaign.rules.d6harmonie.resolve_flaw`'s (seed 002;
docs/rules.md#d6harmonie-flaws-and-advantages, #d-9); here the rules' answer is put beside the GM's
ruling, and the state follows the ruling (docs/rules.md#d-0).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from aggregates.character_conditions import start_conditions
from aggregates.values import INT_LIMIT, check_whole, options_given, same_name
from campaign.commands import FlawRoll
from campaign.core.clock import parse_duration
from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_
from campaign.core.numbers import BLANKS
from campaign.rules import d6harmonie
from campaign.rules.d6harmonie import FlawOutcome, Penalty
from campaign.rules.dice import Dice, Roll

TRAITS_RULESET = "d6harmonie/1"
FLAW_RULINGS = ("success", "failure")


def _kept(outcome: FlawOutcome) -> bool:
    """Whether a store keeps the numbers an outcome records (aggregates.values.INT_LIMIT)."""
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
        return  # not an amount's doing: aggregates.values names what is out of range
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
    sentence = (
        N_("{amount} {name}: the penalty of {key} ({trigger}) would be more than a store keeps")
        if difficulty is None or difficulty <= INT_LIMIT
        else N_(
            "{amount} {name}: the difficulty of {key} ({trigger}) would be more than a store keeps"
        )
    )
    raise ImpossibleInput(
        sentence,
        field=name,
        value=amount,
        expected=N_("fewer than {high} {name}"),
        values={
            "amount": _typed(amount),
            "name": name,
            "key": key,
            "trigger": outcome.trigger.name,
            "high": high,
        },
    )


def check_flaw_ruling(key: str, outcome: FlawOutcome, command: FlawRoll) -> None:
    """A flaw that rolls needs the GM's result (never rolled by the tracker, docs/rules.md#d-9);
    only such a flaw has an outcome to rule, success or failure."""
    ruling = command.ruling
    if outcome.rolls and command.result is None:  # a critical failure too (docs/rules.md#d-9)
        raise ImpossibleInput(
            N_(
                "{key} rolls {score}: enter the result "
                "(D6Harmonie rolls are never rolled by the tracker)"
            ),
            field="result",
            expected=N_("the obtained result, a whole number ≥ 0"),
            values={"key": key, "score": d6harmonie.score_name(outcome.score)},
        )
    if ruling is not None and not outcome.rolls:
        raise ImpossibleInput(
            N_("{key} ({trigger}) does not roll: no outcome to rule"),
            field="ruling",
            value=ruling,
            expected=N_("no ruling"),
            values={"key": key, "trigger": outcome.trigger.name},
        )
    if ruling is not None and ruling not in FLAW_RULINGS:
        raise ImpossibleInput(
            N_("{ruling} is not a flaw ruling"),
            field="ruling",
            value=ruling,
            expected="{choices}",
            values={"ruling": repr(ruling), "choices": ", ".join(FLAW_RULINGS)},
        )


def flaw_options(command: FlawRoll) -> dict[str, Any]:
    """The options that choose a flaw's trigger and move its difficulty (seed 002)."""
    return {
        "trigger": command.trigger, "minutes": command.minutes, "hours": command.hours,
        "years": command.years, "sum": command.sum, "difficulty": command.difficulty,
    }  # fmt: skip


def resolver(command: FlawRoll, key: str, advantages: list[str]) -> Callable[..., FlawOutcome]:
    """The rules' answer for this roll of the flaw ``key``, given its options."""

    def resolve(**options: Any) -> FlawOutcome:
        return d6harmonie.resolve_flaw(
            key, result=command.result, critical=command.critical, advantages=advantages,
            **options,
        )  # fmt: skip

    return resolve


def ruled_flaw(
    key: str, outcome: FlawOutcome, success: bool, options: dict[str, Any]
) -> FlawOutcome:
    """The rules' consequences of the *ruled* outcome: the same roll judged against a
    difficulty that gives it (a ruled failure fails by one point when the rules saw none)."""
    result = outcome.result if outcome.result is not None else outcome.difficulty or 0
    forced = {**options, "difficulty": result if success else result + 1}
    return d6harmonie.resolve_flaw(key, result=result, critical=False, **forced)


def ruled_penalties(outcome: FlawOutcome, penalty: int | None) -> list[Penalty]:
    """The ruled outcome's penalties, the GM's ``penalty`` replacing the main one (or added)."""
    penalties = list(outcome.penalties)
    if penalty is None:
        return penalties
    if penalties:
        penalties[0] = replace(penalties[0], value=penalty)
    else:
        penalties.append(Penalty(penalty, d6harmonie.FLAT, "all-rolls"))
    return [p for p in penalties if p.value]


def _consequences(outcome: FlawOutcome) -> dict[str, Any]:
    return {
        "penalties": [p.as_json() for p in outcome.penalties],
        "effects": [str(effect) for effect in outcome.effects],  # plain text (data)
        "hp_lost": None if outcome.hp_lost is None else dict(outcome.hp_lost),
        "conscience_lost": outcome.conscience_lost,
        "score_changes": dict(outcome.score_changes),
    }


def ruled_consequences(
    command: FlawRoll, ruled: FlawOutcome, penalties: list[Penalty]
) -> dict[str, Any]:
    """The consequences the state follows: the ruled outcome's, with the GM's losses."""
    consequences = _consequences(ruled)
    consequences["penalties"] = [p.as_json() for p in penalties]
    if command.hp_lost is not None:
        consequences["hp_lost"] = {**(ruled.hp_lost or {}), "torso": command.hp_lost}
    if command.conscience_lost is not None:
        consequences["conscience_lost"] = command.conscience_lost
    return consequences


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
            if mine:
                words = N_("{who} has several: name one as KEY:detail ({key}); its flaws: {had}")
            elif had:
                words = N_("{who} has not that flaw ({key}); its flaws: {had}")
            else:
                words = N_("{who} has not that flaw ({key}); its flaws: none")
            raise ImpossibleInput(
                words,
                field="key",
                value=key_detail,
                expected="{had}" if had else N_("a flaw the character has"),
                values={"who": self.handle, "key": trait.key, "had": had},
            )
        return mine[0]

    @staticmethod
    def check_losses(command: FlawRoll, duration: int | None, clock_seconds: int) -> None:
        """The GM's losses, penalty and duration are whole numbers, as is the clock."""
        for field in ("hp_lost", "conscience_lost"):
            value = getattr(command, field)
            if value is not None:
                check_whole(value, field, 0)
        if command.penalty is not None:
            check_whole(command.penalty, "penalty")
        if duration is not None:
            check_whole(duration, "duration", 0)
        check_whole(clock_seconds, "clock_seconds", 0)

    # --- commands --------------------------------------------------------------------------------

    def roll_flaw(
        self,
        command: FlawRoll,
        *,
        clock_seconds: int = 0,
        duration_roller: Callable[[Dice], Roll] | None = None,
    ) -> None:
        """``trait H KEY``: a flaw triggered (seed 002; docs/rules.md#d-9). Its ``--duration`` is
        the GM's (``4h``, ``2rounds``, kept as written so the log's line says it again);
        otherwise a dice duration such as 1D6 hours is rolled with ``duration_roller`` when it
        starts, at ``clock_seconds``: the campaign's clock, seconds since day 1 00:00."""
        typed = command.duration
        duration = None if typed is None else parse_duration(typed)  # in-game seconds
        words = None if typed is None else typed.strip(BLANKS).lower()  # as it parsed
        inputs = options_given(command, duration=duration, duration_words=words)
        flaw = self.flaw_taken(command.key)
        self.check_losses(command, duration, clock_seconds)
        options = flaw_options(command)
        key = flaw["key"]
        # Lève-tôt halves Sommeil de plomb: the advantages enter the rules' answer
        resolve = resolver(command, key, [a["key"] for a in self._advantages])
        outcome = resolve(**options)
        check_amount_kept(key, outcome, options, resolve)
        check_flaw_ruling(key, outcome, command)
        rules_say = None if not outcome.rolls else ("success" if outcome.success else "failure")
        ruled = command.ruling if command.ruling is not None else rules_say
        ruled_outcome = outcome
        if ruled != rules_say:  # the state follows the ruling: the ruled outcome's own row
            ruled_outcome = ruled_flaw(key, outcome, ruled == "success", options)
        penalties = ruled_penalties(ruled_outcome, command.penalty)
        where = f"{key} ({outcome.trigger.name})"
        # nothing to last: refused (docs/log-language.md#traits)
        d6harmonie.check_duration_applies(words or duration, penalties, where, ruled)
        conditions, rolled = start_conditions(
            key, penalties, duration, duration_roller, clock_seconds, words
        )
        for condition in conditions:  # which of several such flaws (phobia-mild:rats, …:spiders)
            condition["detail"] = flaw["detail"]
        self.trigger_event(
            self.FlawRolled,
            key=key, detail=flaw["detail"], trigger=outcome.trigger.name, inputs=inputs,
            score=outcome.score, rule_difficulty=outcome.rule_difficulty,
            difficulty=outcome.difficulty,
            difficulty_differs=command.difficulty not in (None, outcome.rule_difficulty),
            result=outcome.result, critical=outcome.critical, success=outcome.success,
            failure_points=outcome.failure_points, rules_say=rules_say, ruled=ruled,
            contradicts=ruled != rules_say,
            rules_consequences=_consequences(outcome),
            ruled_consequences=ruled_consequences(command, ruled_outcome, penalties),
            consequences_differ=d6harmonie.consequences_differ(  # TRT005
                outcome, hp_lost=command.hp_lost, conscience_lost=command.conscience_lost,
                penalty=command.penalty, duration=duration,
            ),
            conditions=conditions,
            duration_roll=None if rolled is None else rolled.as_record(),
            seconds=clock_seconds, note=command.note, ruleset=TRAITS_RULESET,
        )  # fmt: skip
