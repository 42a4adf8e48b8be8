"""A character's traits and scores (docs/log-language.md#characters;
docs/rules.md#the-creation-budget, #d-0, #d-10).

A mixin of :class:`aggregates.character.Character`: the commands, their checks and the rules
calls (:mod:`campaign.rules.d6harmonie` for traits and budgets). The events and their mutations
are on the aggregate itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from aggregates.values import check_whole, same_name
from campaign.commands import CharacterFinalize, CharacterStat, CharacterTrait
from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_
from campaign.rules import d6harmonie

TRAITS_RULESET = "d6harmonie/1"


def check_detail(trait: Any, key_detail: str, kind: str, detail: str | None) -> str | None:
    """A trait's detail, as recorded: one of its choices (a slug) when it has choices."""
    if not trait.detail_choices or detail is None:
        return detail
    if d6harmonie.slug(detail) not in trait.detail_choices:
        choices = ", ".join(trait.detail_choices)
        raise ImpossibleInput(
            N_("{key} takes one of {choices}, not {detail}"),
            field=kind,
            value=key_detail,
            expected="{choices}",
            values={"key": trait.key, "choices": choices, "detail": repr(detail)},
        )
    return d6harmonie.slug(detail)


def check_not_taken(
    trait: Any, key_detail: str, kind: str, detail: str | None, taken: Sequence[dict[str, Any]]
) -> None:
    """The same trait with the same detail twice cannot happen."""
    wanted = same_name(detail or "")
    for other in taken:
        if other["key"] == trait.key and same_name(other["detail"] or "") == wanted:
            raise ImpossibleInput(
                N_("{trait} is already taken"),
                field=kind,
                value=key_detail,
                expected=N_("a trait not yet taken (another detail for a second one)"),
                values={"trait": trait.key + (":" + detail if detail else "")},
            )


def trait_fields(
    kind: str, key_detail: str, taken: Sequence[dict[str, Any]], *, after_creation: bool
) -> dict[str, Any]:
    """TraitTaken's fields for one more trait after ``taken`` (dicts with kind, key, detail).

    Seed 002's budget, « jusqu'à 20 points » each way (docs/rules.md#the-creation-budget): never
    refused (docs/rules.md#d-0); the event that first takes a total above 20 says so
    (TRT002/TRT003).
    """
    d6harmonie.catalogue(kind)  # a kind of trait: flaw or advantage
    if not isinstance(key_detail, str):
        raise ImpossibleInput(
            N_("a trait is KEY[:detail], not {given}"),
            field=kind,
            values={"given": repr(key_detail)},
        )
    flaws = [t["key"] for t in taken if t["kind"] == "flaw"]
    advantages = [t["key"] for t in taken if t["kind"] == "advantage"]
    before = d6harmonie.budget(flaws, advantages)
    if kind == "flaw":
        after = d6harmonie.budget([*flaws, key_detail], advantages)  # unknown key, wrong kind
        trait, cap, total = after.flaws[-1], d6harmonie.MAX_FLAW_POINTS, after.flaw_points
    else:
        after = d6harmonie.budget(flaws, [*advantages, key_detail])
        trait, cap = after.advantages[-1], d6harmonie.MAX_ADVANTAGE_POINTS
        total = after.advantage_points
    detail = check_detail(trait, key_detail, kind, d6harmonie.split_detail(key_detail)[1])
    check_not_taken(trait, key_detail, kind, detail, taken)
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


def creation_traits(flaws: Sequence[str], advantages: Sequence[str]) -> list[dict[str, Any]]:
    """The TraitTaken fields of the traits a character is created with, flaws first."""
    taken: list[dict[str, Any]] = []
    for kind, keys in (("flaw", flaws), ("advantage", advantages)):
        for key_detail in keys:
            taken.append(trait_fields(kind, key_detail, taken, after_creation=False))
    return taken


class TraitCommands:
    """Traits and scores: commands of :class:`~aggregates.character.Character`."""

    handle: str
    finalized: bool
    _flaws: list[dict[str, Any]]
    _advantages: list[dict[str, Any]]
    stats: dict[str, int]
    trigger_event: Callable[..., None]
    TraitTaken: Any
    CharacterFinalized: Any
    StatSet: Any

    @property
    def flaws(self) -> list[dict[str, Any]]:
        return [dict(t) for t in self._flaws]

    @property
    def advantages(self) -> list[dict[str, Any]]:
        return [dict(t) for t in self._advantages]

    @property
    def flaw_points(self) -> int:
        return sum(t["points"] for t in self._flaws)

    @property
    def advantage_points(self) -> int:
        return sum(t["points"] for t in self._advantages)

    @property
    def moral_modifier(self) -> int:
        """The passive MORAL bonus of the advantages (seed 002, Nerfs d'acier: +1 MORAL)."""
        return d6harmonie.moral_modifier(t["key"] for t in self._advantages)

    def check_not_finalized(self) -> None:
        if self.finalized:
            raise ImpossibleInput(
                N_("{who} is already finalized"),
                field="handle",
                value=self.handle,
                expected=N_("a character still in creation"),
                values={"who": self.handle},
            )

    def take_trait(self, command: CharacterTrait) -> None:
        """``character trait``: after ``finalize`` it is still recorded, flagged TRT001
        (docs/rules.md#d-0)."""
        taken = [{"kind": "flaw", **t} for t in self._flaws]
        taken += [{"kind": "advantage", **t} for t in self._advantages]
        fields = trait_fields(
            command.kind, command.key_detail, taken, after_creation=self.finalized
        )
        self.trigger_event(self.TraitTaken, **fields, note=command.note, secret=command.secret)

    def finalize(self, command: CharacterFinalize) -> None:
        """Creation is over: seed 002, « Il n'est pas possible d'acheter des avantages ou défauts
        après la création » — a later trait is a ruling (TRT001)."""
        self.check_not_finalized()
        self.trigger_event(self.CharacterFinalized, note=command.note)

    def set_stat(self, command: CharacterStat) -> None:
        """A score (``moral``, ``resistance``, ``cha``…), signed, named by its slug
        (docs/rules.md#d-10)."""
        name = command.name
        stat = d6harmonie.slug(name) if isinstance(name, str) else ""
        if not stat:
            raise ImpossibleInput(
                N_("{name} is not a score name"),
                field="name",
                expected=N_("a name such as moral"),
                values={"name": repr(name)},
            )
        value = check_whole(command.value, "value")
        previous = self.stats.get(stat)
        self.trigger_event(
            self.StatSet, name=stat, value=value, previous=previous, note=command.note
        )
