"""Finding a trait of seed 002: the difficulty ladder's names, the scores' French names, every
accepted spelling of a trait (docs/rules.md#d-10), the catalogue by kind and the sentence a trait
cites."""

from __future__ import annotations

import difflib

from campaign.core.errors import ImpossibleInput
from campaign.core.handles import slug
from campaign.core.i18n import N_
from campaign.core.numbers import BLANKS
from campaign.rules.citation import SEED_D6HARMONIE, Citation
from campaign.rules.d6harmonie.catalogue import (
    ADVANTAGE,
    ADVANTAGES,
    CATALOGUE,
    FLAW,
    FLAWS,
    KINDS,
    MORAL,
    REFLEXION,
    RESISTANCE_A_LA_MALADIE,
    Trait,
    Trigger,
)

SEED = SEED_D6HARMONIE

# --- Difficulty ladder (docs/rules.md#d6harmonie-rolls) -----------------------------------------
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
    DIFFICILE »), None between the rungs: names are labels for numbers
    (docs/rules.md#d6harmonie-rolls)."""
    return None if value is None else _LADDER_NAMES.get(value)


def describe_difficulty(value: int | None) -> str | None:
    """``"NORMALE (9)"`` on a rung, ``"10"`` between rungs — as seed 002 writes its
    difficulties (« difficulté NORMALE (9) »; docs/rules.md#d6harmonie-rolls)."""
    if value is None:
        return None
    name = difficulty_name(value)
    return f"{name} ({value})" if name else str(value)


# The scores flaws roll, by slug (docs/rules.md#d-10: « jet de MORAL », « jet de RÉSISTANCE A LA
# MALADIE », « jet de RÉFLEXION » keep their French names).
SCORE_NAMES: dict[str, str] = {
    MORAL: "MORAL",
    RESISTANCE_A_LA_MALADIE: "RÉSISTANCE À LA MALADIE",
    REFLEXION: "RÉFLEXION",
}


def score_name(score: str | None) -> str | None:
    """The French display name of a score slug: ``moral`` → ``MORAL``."""
    return None if score is None else SCORE_NAMES.get(score, score.upper())


# --- Spellings (docs/rules.md#d-10) ---------------------------------------------------------------


def split_detail(text: str) -> tuple[str, str | None]:
    """``phobie-legere:spiders`` → ``("phobie-legere", "spiders")`` (``KEY[:detail]``,
    docs/log-language.md#characters)."""
    key, sep, detail = text.partition(":")
    return key.strip(BLANKS), (detail.strip(BLANKS) or None) if sep else None


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
    French name, any case; a ``:detail`` suffix is ignored (docs/rules.md#d-10; seed 002's trait
    list).

    An unknown key is impossible input naming the closest keys (difflib).
    """
    if not isinstance(key, str):
        raise ImpossibleInput(
            N_("a trait key is text, not {value}"),
            field="key",
            value=key,
            expected=_KEY_EXAMPLE,
            values={"value": repr(key)},
        )
    name, _detail = split_detail(key)
    wanted = slug(name)
    trait = _INDEX.get(wanted)
    if trait is not None:
        return trait
    close = difflib.get_close_matches(wanted, list(_INDEX), n=6, cutoff=0.6)
    suggestions = list(dict.fromkeys(_INDEX[c].key for c in close))[:3]
    if suggestions:
        words = N_(
            "unknown trait {name}; did you mean {suggestions}? (`campaign rules traits` lists "
            "them all)"
        )
    else:
        words = N_("unknown trait {name} (`campaign rules traits` lists them all)")
    raise ImpossibleInput(
        words,
        field="key",
        value=key,
        expected=_KEY_EXAMPLE,
        values={"name": repr(name), "suggestions": ", ".join(suggestions)},
    )


_KEY_EXAMPLE = N_("a trait key such as phobia-mild, phobia_mild or the French slug phobie-legere")


def catalogue(kind: str | None = None) -> tuple[Trait, ...]:
    """The seed's traits in its order, flaws then advantages (docs/rules.md#flaws, #advantages),
    or one kind."""
    if kind is None:
        return CATALOGUE
    wanted = slug(kind) if isinstance(kind, str) else kind
    if wanted not in KINDS:
        raise ImpossibleInput(
            N_("{value} is not a kind of trait: flaw or advantage"),
            field="kind",
            value=kind,
            expected=N_("flaw or advantage"),
            values={"value": repr(kind)},
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


def of_kind(key: str, kind: str, *, swap: bool = True) -> Trait:
    """The trait ``key``, which must be of ``kind``; ``swap``: where the other kind has an option
    of its own (`rules budget --flaw/--advantage`), the error names it."""
    try:
        trait = find_trait(key)
    except ImpossibleInput as error:
        raise error.of(kind, error.value) from None
    if trait.kind != kind:
        raise ImpossibleInput(
            _NOT_OF_KIND[kind, swap],
            field=kind,
            value=key,
            expected=N_("a flaw key") if kind == FLAW else N_("an advantage key"),
            values={"key": trait.key, "name": trait.name_fr},
        )
    return trait


# a trait given as the other kind: (the kind wanted, whether the other kind has an option)
_NOT_OF_KIND = {
    (FLAW, True): N_("{key} ({name}) is an advantage, not a flaw: give it as --advantage"),
    (FLAW, False): N_("{key} ({name}) is an advantage, not a flaw"),
    (ADVANTAGE, True): N_("{key} ({name}) is a flaw, not an advantage: give it as --flaw"),
    (ADVANTAGE, False): N_("{key} ({name}) is a flaw, not an advantage"),
}
