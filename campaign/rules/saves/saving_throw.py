"""One saving throw against a spell: the five kinds of save line, natural 1 and 20, and the
effect and damage a save leaves (seed 001, "Les jets de sauvegarde"; docs/rules.md#saving-throws,
#d-7)."""

from __future__ import annotations

from dataclasses import dataclass

from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_
from campaign.core.numbers import BLANKS
from campaign.rules.citation import Citation
from campaign.rules.dice import Roll
from campaign.rules.saves.citations import (
    CITE_DISBELIEF,
    CITE_HALF,
    CITE_HARMLESS,
    CITE_NATURAL,
    CITE_NEGATES,
    CITE_NO_SAVE,
    CITE_PARTIAL,
    CITE_VOLUNTARY,
)
from campaign.rules.saves.inputs import at_least, check_d20, check_damage, table_row

FULL = "full"
LESSER = "lesser"
HALF = "half"
NONE = "none"


@dataclass(frozen=True, slots=True)
class EffectKind:
    """One kind of spell save line: French keyword, what a success leaves, the sentence."""

    key: str
    name_fr: str
    on_success: str | None  # effect_applies after a success; None: the kind allows no save
    cite: Citation


# Seed 001, "Les jets de sauvegarde": Annule, Partiel, 1/2 dégâts, Aucun, Dévoile
# (docs/rules.md#saving-throws).
EFFECT_KINDS: dict[str, EffectKind] = {
    e.key: e
    for e in (
        EffectKind("negates", "Annule", NONE, CITE_NEGATES),
        EffectKind("partial", "Partiel", LESSER, CITE_PARTIAL),
        EffectKind("half", "1/2 dégâts", HALF, CITE_HALF),
        EffectKind("none", "Aucun", None, CITE_NO_SAVE),
        EffectKind("disbelief", "Dévoile", NONE, CITE_DISBELIEF),
    )
}
EFFECTS: tuple[str, ...] = tuple(EFFECT_KINDS)


# Seed 001, "Les jets de sauvegarde" (Annule, Partiel, 1/2 dégâts, Aucun, Dévoile).
def effect_kind(effect: str) -> EffectKind:
    """The effect kind named ``effect``, or ImpossibleInput listing the kinds."""
    key = str(effect).strip(BLANKS).lower()
    return table_row(
        EFFECT_KINDS,
        key,
        effect,
        field="effect",
        unknown=N_("unknown effect {given}; the kinds are {keys}"),
    )


# Seed 001, "1/2 dégâts": "réduits de moitié (en arrondissant à l’entier inférieur)".
def half_damage(damage: int) -> int:
    """⌊damage/2⌋ (1 → 0, docs/rules.md#d-7)."""
    return damage // 2


# Seed 001, "Jet de sauvegarde et objets" (natural 1), with docs/rules.md#saving-throws and #d-7
# (natural 20).
def save_succeeds(natural: int, bonus: int, dc: int) -> bool:
    """Natural 1 always fails, natural 20 always succeeds, else d20 + bonus ≥ DC."""
    if natural == 1:
        return False
    if natural == 20:
        return True
    return natural + bonus >= dc


@dataclass(frozen=True, slots=True)
class SaveResult:
    """A save judged by the rules.

    ``rolls``: a save is rolled at all; ``success`` None when a roll is needed but not given (or
    no save exists: ``none``, unrolled harmless); ``effect_applies``: ``full``, ``lesser``,
    ``half``, ``none`` or None when unknown; ``damage`` None when unknown or not given.
    """

    rolls: bool
    success: bool | None
    natural: int | None
    total: int | None
    effect_applies: str | None
    damage: int | None
    cites: tuple[Citation, ...]
    effect: str = "negates"
    bonus: int | None = None
    dc: int | None = None

    @property
    def natural_one(self) -> bool:
        """A natural 1: an exposed item may be harmed if the effect can harm objects
        (docs/rules.md#d-7)."""
        return self.natural == 1

    def as_json(self) -> dict[str, object]:
        return {
            "rolls": self.rolls,
            "success": self.success,
            "natural": self.natural,
            "total": self.total,
            "effect_applies": self.effect_applies,
            "damage": self.damage,
            "effect": self.effect,
        }


# Seed 001, "Les jets de sauvegarde" (the five kinds), "(Inoffensif)", "Échec volontaire au jet
# de sauvegarde" and "Jet de sauvegarde et objets" (natural 1); docs/rules.md#saving-throws, #d-7.
def resolve_save(
    *,
    bonus: int,
    dc: int,
    roll: Roll | None,
    effect: str = "negates",
    damage: int | None = None,
    voluntary_fail: bool = False,
    harmless: bool = False,
) -> SaveResult:
    """Judge one saving throw: whether it is rolled, its success, the effect and damage left.

    A roll where no save exists (``none``, voluntary failure) is ImpossibleInput: it cannot have
    happened (docs/log-language.md#saves).
    """
    kind = effect_kind(effect)
    check_damage(damage)
    # one check: `save` and `rules save` both refuse `--dc -1`
    at_least(dc, 0, "dc", N_("a DC cannot be below {lowest}, not {value}"))
    if roll is not None:
        check_d20(roll)
    common = {"effect": kind.key, "bonus": bonus, "dc": dc}

    if kind.on_success is None:
        if roll is not None:
            raise _no_roll(N_("an effect with no save ({kind}) allows no roll"), roll, kind.key)
        return SaveResult(False, None, None, None, FULL, damage, (kind.cite,), **common)
    if voluntary_fail:
        if roll is not None:
            voluntary = N_("a voluntary failure forgoes the save: no roll is made (voluntary-fail)")
            raise _no_roll(voluntary, roll, kind.key)
        return SaveResult(False, False, None, None, FULL, damage, (CITE_VOLUNTARY,), **common)
    if harmless and roll is None:
        return SaveResult(False, None, None, None, FULL, damage, (CITE_HARMLESS,), **common)

    cites = ((CITE_HARMLESS,) if harmless else ()) + (kind.cite,)
    if roll is None:
        return SaveResult(True, None, None, None, None, None, cites, **common)
    natural = roll.natural
    success = save_succeeds(natural, bonus, dc)
    if natural in (1, 20):
        cites += (CITE_NATURAL,)
    if not success:
        return SaveResult(True, False, natural, natural + bonus, FULL, damage, cites, **common)
    applies = kind.on_success
    if damage is None or applies == LESSER:
        left = None  # partial: the lesser effect's damage is the spell's own text
    elif applies == HALF:
        left = half_damage(damage)
    else:
        left = 0
    return SaveResult(True, True, natural, natural + bonus, applies, left, cites, **common)


def _no_roll(words: str, roll: Roll, kind: str) -> ImpossibleInput:
    """A roll given where the rules make none (``words``: why, marked ``N_``)."""
    return ImpossibleInput(
        words, field="roll", value=str(roll), expected=N_("no roll"), values={"kind": kind}
    )
