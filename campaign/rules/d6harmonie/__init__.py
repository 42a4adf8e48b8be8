"""D6Harmonie flaws and advantages (seed ``002_2aa5301732bfc4fe.txt``).

The rules: docs/rules.md#d6harmonie-flaws-and-advantages. Pure functions over the tables of
:mod:`.catalogue`: find a trait by any of its spellings (docs/rules.md#d-10), resolve a flaw's
trigger against an *entered* result (D6Harmonie rolls are never rolled by the tracker,
docs/rules.md#d-9), and total a character's creation budget. Nothing here refuses a GM's ruling
(docs/rules.md#d-0): only input that cannot have happened raises
:class:`~campaign.core.errors.ImpossibleInput`.

One module per job: :mod:`.catalogue` (the 73 traits as data), :mod:`.traits` (finding one),
:mod:`.flaws` (a flaw triggered) with :mod:`.flaw_inputs` (what it is given), :mod:`.durations`,
:mod:`.passive` (passive modifiers), :mod:`.budget` (the creation budget), :mod:`.words` (how
they are said). Every name is here too.
"""

from campaign.core.handles import slug
from campaign.rules.d6harmonie.budget import (
    AFTER_CREATION_RULE,
    BUDGET_RULE,
    MAX_ADVANTAGE_POINTS,
    MAX_FLAW_POINTS,
    Budget,
    budget,
    crosses_budget,
)
from campaign.rules.d6harmonie.catalogue import (
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
from campaign.rules.d6harmonie.durations import (
    UNIT_SECONDS,
    allowed_seconds,
    check_duration_applies,
    describe_seconds,
    duration_seconds,
)
from campaign.rules.d6harmonie.flaws import (
    FlawOutcome,
    consequences_differ,
    resolve_flaw,
)
from campaign.rules.d6harmonie.passive import (
    bears_on_moral,
    moral_modifier,
    passive_modifier,
)
from campaign.rules.d6harmonie.traits import (
    LADDER,
    SCORE_NAMES,
    SEED,
    catalogue,
    citation,
    describe_difficulty,
    difficulty_name,
    find_trait,
    score_name,
    split_detail,
)
from campaign.rules.d6harmonie.words import (
    loss_words,
    modifier_words,
    outcome_word,
    penalty_words,
)

__all__ = [
    "ADVANTAGE",
    "ADVANTAGES",
    "AFTER_CREATION_RULE",
    "ALL_ROLLS",
    "BUDGET_RULE",
    "CATALOGUE",
    "DICE",
    "FLAT",
    "FLAW",
    "FLAWS",
    "HOURS",
    "KINDS",
    "LADDER",
    "MAX_ADVANTAGE_POINTS",
    "MAX_FLAW_POINTS",
    "MINUTES",
    "MORAL",
    "NOTHING",
    "OPTIONS",
    "REFLEXION",
    "RESISTANCE_A_LA_MALADIE",
    "SCORE_NAMES",
    "SEED",
    "SUM",
    "UNIT_SECONDS",
    "YEARS",
    "Budget",
    "Consequence",
    "DifficultyRule",
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
    "loss_words",
    "modifier_words",
    "moral_modifier",
    "outcome_word",
    "passive_modifier",
    "penalty_words",
    "resolve_flaw",
    "score_name",
    "slug",
    "split_detail",
]
