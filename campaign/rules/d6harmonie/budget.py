"""A character's creation budget: flaw points gained and advantage points spent, each against
its cap of 20, and the trait that crosses a cap (seed 002; docs/rules.md#the-creation-budget;
TRT001…TRT003)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from campaign.rules.citation import SEED_D6HARMONIE, Citation
from campaign.rules.d6harmonie.catalogue import ADVANTAGE, FLAW, Trait
from campaign.rules.d6harmonie.traits import of_kind

# --- Creation budget (docs/rules.md#the-creation-budget) --------------------------------------
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
    "refused (docs/rules.md#d-0).",
)


AFTER_CREATION_RULE = Citation(
    SEED_D6HARMONIE,
    "Avantages et défauts : après la création",
    "Il n’est pas possible d’acheter des avantages ou défauts après la création du personnage.",
    "No advantage or flaw may be taken once the character's creation is over (`character "
    "finalize`). A later one is recorded as the GM rules and flagged by the audit (TRT001), "
    "never refused (docs/rules.md#d-0).",
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
    (20) « le maximum qui puisse être dépensé »). Evaluated, never capped (docs/rules.md#d-0).

    Keys may carry ``:detail`` (ignored here). A flaw listed as an advantage, or the reverse, is
    impossible input on ``flaw``/``advantage`` (the CLI's ``--flaw``/``--advantage``).
    """
    taken_flaws = tuple(of_kind(key, FLAW) for key in flaws)
    taken_advantages = tuple(of_kind(key, ADVANTAGE) for key in advantages)
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


# Seed 002, "Avantages et défauts : points de compétence" (« jusqu'à 20 points »,
# docs/rules.md#the-creation-budget): recorded, never refused (docs/rules.md#d-0); the trait that
# first takes a total above 20 is flagged.
def crosses_budget(before: Budget, after: Budget, kind: str) -> bool:
    """Whether taking one more trait takes ``kind``'s points (flaws for ``flaw``, advantages
    otherwise) from within their cap of 20 to above it: the event the audit flags (TRT002,
    TRT003), once — a budget already exceeded is not crossed again."""
    if kind == FLAW:
        return before.flaws_within_budget and not after.flaws_within_budget
    return before.advantages_within_budget and not after.advantages_within_budget
