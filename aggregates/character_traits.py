"""A character's traits, scores and a retainer's loyalty (SPEC §4 "Characters"; RULES A.5, C.5).

A mixin of :class:`aggregates.character.Character`: the commands, their checks and the rules
calls (:mod:`campaign.rules.d6harmonie` for traits and budgets, :mod:`campaign.rules.morale` for
loyalty). The events and their mutations are on the aggregate itself.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

from aggregates.base import check_reason, check_total
from campaign.core.errors import ImpossibleInput
from campaign.core.handles import check_handle
from campaign.rules import d6harmonie
from campaign.rules.dice import TWO_D6, Roll
from campaign.rules.morale import QUIT, loyalty_test, retainer_loyalty

TRAITS_RULESET = "d6harmonie/1"
LOYALTY_RULESET = "ose-loyalty/1"
# What only a retainer has, as a message names it (the CLI leads with the option itself)
_RETAINERS = {
    "employer_cha": "the employer's CHA",
    "hiring_roll": "a hiring roll",
    "reaction_mod": "a reaction modifier",
    "loyalty": "loyalty",
}
# How a message names a number it refuses: in words, as the GM knows it (the CLI leads the
# message with the option the GM typed, ``--damage-taken``; a Python name is neither).
_WORDS = {"dc": "a DC", "hp": "hit points", "hp_left": "hit points left", "hp_lost": "HP lost"}


def _said(field: str) -> str:
    """``damage_taken`` → ``damage taken``: a field named in a message."""
    return _WORDS.get(field, field.replace("_", " "))


def _option(field: str) -> str:
    """``employer_cha`` → ``--employer-cha``: the option a message tells the GM to give."""
    return "--" + field.replace("_", "-")


def check_whole(value: object, field: str, lowest: int | None = None) -> int:
    """A whole number (never a bool), at least ``lowest`` when given."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ImpossibleInput(
            f"{_said(field)} is a whole number, not {value!r}", field=field, value=value
        )
    if lowest is not None and value < lowest:
        raise ImpossibleInput(
            f"{_said(field)} cannot be below {lowest}, not {value}",
            field=field,
            value=value,
            expected=f"{lowest} or more",
        )
    return value


def retainer_fields(
    handle: str,
    retainer_of: str | None,
    employer_cha: int | None,
    hiring_roll: Roll | None,
    reaction_mod: int,
    loyalty: int | None,
) -> dict[str, Any]:
    """CharacterCreated's retainer fields: loyalty by OSE's CHA table (RULES A.5, D-5), or the
    GM's explicit loyalty recorded beside it (LOY002 when it differs)."""
    fields: dict[str, Any] = {
        "retainer_of": None,
        "employer_cha": employer_cha,
        "hiring_roll": None if hiring_roll is None else hiring_roll.as_record(),
        "reaction_mod": check_whole(reaction_mod, "reaction_mod"),
        "hiring_reaction": None,
        "loyalty": None,
        "rules_say": None,
        "ruled": None,
        "differs": False,
        "ruleset": None,
    }
    if retainer_of is None:
        given = {"employer_cha": employer_cha, "hiring_roll": hiring_roll, "loyalty": loyalty}
        named = [k for k, v in given.items() if v is not None] + ["reaction_mod"] * bool(
            reaction_mod
        )
        if named:
            raise ImpossibleInput(
                f"{_RETAINERS[named[0]]} is a retainer's: give --retainer-of (the employing "
                "character) too",
                field=named[0],
                value=given.get(named[0], reaction_mod),
                expected=f"--retainer-of PC with {_option(named[0])}",
            )
        return fields
    employer = check_handle(retainer_of, field="retainer_of")
    if employer == handle:
        raise ImpossibleInput(
            f"{handle} cannot be its own retainer",
            field="retainer_of",
            value=retainer_of,
            expected="another character's handle",
        )
    if employer_cha is None and loyalty is None:
        raise ImpossibleInput(
            "a retainer's loyalty comes from the employer's CHA (--employer-cha) or is given "
            "(--loyalty)",
            field="employer_cha",
            expected="--employer-cha 3–18, or --loyalty N",
        )
    if loyalty is not None:
        check_whole(loyalty, "loyalty")
    if hiring_roll is not None and (hiring_roll.dice != TWO_D6 or employer_cha is None):
        raise ImpossibleInput(
            "a hiring roll is a 2d6 judged with the employer's CHA (--employer-cha)",
            field="hiring_roll",
            value=str(hiring_roll),
            expected="2d6 (faces such as 3,5 or a total 2–12), with --employer-cha",
        )
    rules_say = None
    if employer_cha is not None:
        try:
            # OSE Retainers: loyalty by the employer's CHA, +1 on a hiring reaction of 12+ (D-5)
            table = retainer_loyalty(
                employer_cha, hiring_roll=hiring_roll, reaction_mod=reaction_mod
            )
        except ImpossibleInput as error:
            raise ImpossibleInput(
                error.message, field="employer_cha", value=employer_cha, expected="3–18"
            ) from None
        rules_say = table.loyalty
        fields["hiring_reaction"] = None if table.reaction is None else table.reaction.total
    ruled = loyalty if loyalty is not None else rules_say
    fields.update(retainer_of=employer, loyalty=ruled, rules_say=rules_say, ruled=ruled)
    fields.update(differs=rules_say is not None and ruled != rules_say, ruleset=LOYALTY_RULESET)
    return fields


def same_name(name: str) -> str:
    """A name or a trait's detail as they compare: case-insensitive (SPEC §4), and one Unicode
    form — ``Épée`` or ``araignées`` typed as one letter or as a letter and an accent (macOS
    keyboards, some editors) is the same sword, the same phobia."""
    return unicodedata.normalize("NFC", name.strip()).casefold()


def trait_fields(
    kind: str, key_detail: str, taken: Sequence[dict[str, Any]], *, after_creation: bool
) -> dict[str, Any]:
    """TraitTaken's fields for one more trait after ``taken`` (dicts with kind, key, detail).

    Seed 002's budget, « jusqu'à 20 points » each way (RULES C.5): never refused (D-0); the
    event that first takes a total above 20 says so (TRT002/TRT003). The same trait with the
    same detail twice cannot happen.
    """
    d6harmonie.catalogue(kind)  # a kind of trait: flaw or advantage
    if not isinstance(key_detail, str):
        raise ImpossibleInput(f"a trait is KEY[:detail], not {key_detail!r}", field=kind)
    detail = d6harmonie.split_detail(key_detail)[1]
    flaws = [t["key"] for t in taken if t["kind"] == "flaw"]
    advantages = [t["key"] for t in taken if t["kind"] == "advantage"]
    before = d6harmonie.budget(flaws, advantages)
    if kind == "flaw":
        after = d6harmonie.budget([*flaws, key_detail], advantages)  # unknown key, wrong kind
        trait, cap = after.flaws[-1], d6harmonie.MAX_FLAW_POINTS
        total = after.flaw_points
    else:
        after = d6harmonie.budget(flaws, [*advantages, key_detail])
        trait, cap = after.advantages[-1], d6harmonie.MAX_ADVANTAGE_POINTS
        total = after.advantage_points
    if trait.detail_choices and detail is not None:
        if d6harmonie.slug(detail) not in trait.detail_choices:
            raise ImpossibleInput(
                f"{trait.key} takes one of {', '.join(trait.detail_choices)}, not {detail!r}",
                field=kind,
                value=key_detail,
                expected=", ".join(trait.detail_choices),
            )
        detail = d6harmonie.slug(detail)
    wanted = same_name(detail or "")
    for other in taken:
        if other["key"] == trait.key and same_name(other["detail"] or "") == wanted:
            raise ImpossibleInput(
                f"{trait.key}{':' + detail if detail else ''} is already taken",
                field=kind,
                value=key_detail,
                expected="a trait not yet taken (another detail for a second one)",
            )
    return {
        "kind": kind,
        "key": trait.key,
        "name_fr": trait.name_fr,
        "detail": detail,
        "points": trait.points,
        "after_creation": after_creation,
        "flaw_points": after.flaw_points,
        "advantage_points": after.advantage_points,
        "flaws_over_budget_now": d6harmonie.crosses_budget(before, after, d6harmonie.FLAW),
        "advantages_over_budget_now": d6harmonie.crosses_budget(
            before, after, d6harmonie.ADVANTAGE
        ),
        "rules_say": cap,
        "ruled": total,
        "ruleset": TRAITS_RULESET,
    }


class TraitCommands:
    """Traits, scores, saves and loyalty: commands of :class:`~aggregates.character.Character`."""

    handle: str
    finalized: bool
    retainer_of: str | None
    in_service: bool
    _loyalty: int | None
    _flaws: list[dict[str, Any]]
    _advantages: list[dict[str, Any]]
    stats: dict[str, int]
    trigger_event: Callable[..., None]
    TraitTaken: Any
    CharacterFinalized: Any
    StatSet: Any
    SavesSet: Any
    LoyaltyModified: Any
    LoyaltyTested: Any

    def check_retainer(self) -> int:
        """A retainer's loyalty: only retainers have one (RULES D-5)."""
        if self.retainer_of is None or self._loyalty is None:
            raise ImpossibleInput(
                f"{self.handle} is not a retainer: only retainers have loyalty",
                field="handle",
                value=self.handle,
                expected="a retainer (character create … --retainer-of PC)",
            )
        return self._loyalty

    def take_trait(self, kind: str, key_detail: str, note: str | None = None) -> None:
        """``character trait``: after ``finalize`` it is still recorded, flagged TRT001 (D-0)."""
        taken = [{"kind": "flaw", **t} for t in self._flaws]
        taken += [{"kind": "advantage", **t} for t in self._advantages]
        fields = trait_fields(kind, key_detail, taken, after_creation=self.finalized)
        self.trigger_event(self.TraitTaken, **fields, note=note)

    def finalize(self, note: str | None = None) -> None:
        """Creation is over: seed 002, « Il n'est pas possible d'acheter des avantages ou défauts
        après la création » — a later trait is a ruling (TRT001)."""
        if self.finalized:
            raise ImpossibleInput(
                f"{self.handle} is already finalized",
                field="handle",
                value=self.handle,
                expected="a character still in creation",
            )
        self.trigger_event(self.CharacterFinalized, note=note)

    def set_stat(self, name: str, value: int, note: str | None = None) -> None:
        """A score (``moral``, ``resistance``, ``cha``…), signed, named by its slug (D-10)."""
        stat = d6harmonie.slug(name) if isinstance(name, str) else ""
        if not stat:
            raise ImpossibleInput(
                f"{name!r} is not a score name", field="name", expected="a name such as moral"
            )
        check_whole(value, "value")
        previous = self.stats.get(stat)
        self.trigger_event(self.StatSet, name=stat, value=value, previous=previous, note=note)

    def set_saves(self, fortitude: int, reflex: int, will: int, note: str | None = None) -> None:
        """The character's save bonuses, as the GM computed them (RULES B.4)."""
        for field, value in (("fortitude", fortitude), ("reflex", reflex), ("will", will)):
            check_whole(value, field)
        self.trigger_event(self.SavesSet, fortitude=fortitude, reflex=reflex, will=will, note=note)

    def modify_loyalty(self, value: int, reason: str, note: str | None = None) -> None:
        """Rescued, rewarded, ill-treated: OSE Retainers, loyalty "may be adjusted" (D-5)."""
        before = self.check_retainer()
        check_whole(value, "value")
        check_total(before, value, "value", f"{value:+d}: {self.handle}'s loyalty")
        check_reason(reason, "a loyalty modifier")
        self.trigger_event(
            self.LoyaltyModified,
            value=value,
            reason=reason.strip(),
            loyalty_before=before,
            loyalty=before + value,
            note=note,
        )

    def test_loyalty(
        self,
        roll: Roll | None,
        occasion: str = "peril",
        ruling: str | None = None,
        note: str | None = None,
    ) -> None:
        """A loyalty check (OSE Retainers: 2d6 ≤ loyalty stays; D-5). A ruled ``quit`` ends the
        service; ``stay`` and ``flee`` keep it (the state follows the ruling, SPEC §2)."""
        loyalty = self.check_retainer()
        if not self.in_service:
            raise ImpossibleInput(
                f"{self.handle} has quit {self.retainer_of}'s service",
                field="handle",
                value=self.handle,
                expected="a retainer in service",
            )
        if roll is None or roll.dice != TWO_D6:
            raise ImpossibleInput(
                "a loyalty check is a 2d6 roll",
                field="roll",
                value=None if roll is None else str(roll),
                expected="2d6: faces such as 3,5 or a total 2–12",
            )
        test = loyalty_test(loyalty, roll, occasion=occasion)  # OSE Retainers, "Loyalty"
        ruled = ruling if ruling is not None else test.outcome
        contradicts = test.contradicted_by(str(ruled))  # LOY001; refuses a word not a ruling
        self.trigger_event(
            self.LoyaltyTested,
            occasion=occasion,
            loyalty=loyalty,
            roll=roll.as_record(),
            rules_say=test.outcome,
            ruled=ruled,
            contradicts=contradicts,
            in_service=ruled != QUIT,
            note=note,
            ruleset=LOYALTY_RULESET,
        )
