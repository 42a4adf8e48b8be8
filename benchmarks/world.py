"""What the generated campaigns are made of: the names, monsters, items and spells they draw
from, the state the generator keeps of each company, character and encounter, and how a value is
written in a log line."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

HEADER = "#! campaign-log 1\n"

NAMES = (
    "Isolde", "Anselm", "Tamsin", "Corvin", "Maelis", "Brynn", "Oswin", "Hedda", "Ravel",
    "Sigrun", "Tobiah", "Wenna", "Aldric", "Ysolde", "Garrick", "Liesl",
)  # fmt: skip
MONSTERS = (
    ("goblins", 7, (4, 14)), ("bandits", 8, (5, 12)), ("wolves", 8, (3, 8)),
    ("gnolls", 8, (4, 10)), ("skeletons", 12, (4, 12)), ("kobolds", 6, (6, 16)),
    ("orcs", 8, (4, 10)), ("thralls", 2, (3, 6)), ("hobgoblins", 8, (4, 9)),
    ("cultists", 7, (3, 8)), ("ogre", 10, (1, 2)), ("lizardmen", 9, (4, 10)),
)  # fmt: skip
TROOPS = ("militia", "barbarian", "trained")
PLACES = ("ford", "mill", "barrow", "causeway", "crypt", "bridge", "camp", "tower", "marsh", "gate")
PHOBIAS = ("rats", "spiders", "snakes", "fire", "the-dark", "crowds")
WEAPONS = ("longsword", "spear", "axe", "bow", "mace")
ITEMS = (
    ("Heavy wooden shield", "shield", ""), ("Chain shirt", "armor", ""),
    ("Longsword", "held", ""), ("Cloak of resistance", "cloak", " --magic --caster-level 5"),
    ("Ring of protection", "jewelry", " --magic --caster-level 3"), ("Helm", "head", ""),
    ("Hooded lantern", "held", ""), ("Dagger", "stowed-weapon", ""),
    ("Travelling clothes", "clothing", ""),
    ("Bracers of armour", "bracers", " --magic --caster-level 7"),
)  # fmt: skip
SPELLS = (
    ("Fireball", "reflex", "half", True), ("Lightning bolt", "reflex", "half", True),
    ("Hold person", "will", "negates", False), ("Poison needle", "fortitude", "negates", False),
    ("Cone of cold", "reflex", "half", True), ("Slow", "will", "negates", False),
    ("Acid splash trap", "reflex", "half", True), ("Cause fear", "will", "partial", False),
)  # fmt: skip
REASONS = (
    "paid a month in advance", "unpaid for a fortnight", "shared the loot", "a comrade left behind",
    "fed and rested", "their captain is wounded", "promised double pay", "a hard winter march",
)  # fmt: skip
NOTES = (
    "the party rests at the inn", "rumours of a dragon in the hills", "the elder pays 200 silver",
    "a storm closes the pass", 'the innkeeper says "never again"', "Brynn's player is late",
    "a map to the old barrow", "the rivals' camp is empty", "wolves howl all night",
)  # fmt: skip


@dataclass
class Company:
    handle: str
    size: int
    killed: int = 0
    incapacitated: int = 0
    in_service: bool = True

    @property
    def fit(self) -> int:
        return self.size - self.killed - self.incapacitated


@dataclass
class Character:
    handle: str
    flaws: list[str]  # the trait line's KEY and trigger options, e.g. "greed --trigger temptation"
    retainer: bool = False
    items: list[str] = field(default_factory=list)
    saves: dict[str, int] = field(default_factory=dict)
    item_count: int = 0
    # items with hit points that made an item save: they may be destroyed, and a destroyed item
    # cannot save again (until mended), so they are not exposed again
    spent: set[str] = field(default_factory=set)
    with_hp: set[str] = field(default_factory=set)


@dataclass
class Group:
    handle: str
    able: int
    company: Company | None = None


@dataclass
class Encounter:
    handle: str
    groups: dict[str, Group] = field(default_factory=dict)


def flaw_detail(flaw: str) -> str:
    """The detail of a flaw line's KEY (``:rats`` of ``phobia-mild:rats``), or nothing."""
    key = flaw.split()[0]
    return key[key.index(":") :] if ":" in key else ""


def two_d6(rng: random.Random) -> str:
    """A 2d6 roll as a GM writes it: the two faces mostly, sometimes the total."""
    return (
        f"{rng.randint(1, 6)},{rng.randint(1, 6)}"
        if rng.random() < 0.8
        else str(rng.randint(2, 12))
    )


def quote(text: str) -> str:
    """POSIX double quotes (the log reader's), escaping what needs it."""
    if text and all(ch.isalnum() or ch in "-_.:," for ch in text):
        return text
    escaped = "".join("\\" + ch if ch in '"\\$`' else ch for ch in text)
    return f'"{escaped}"'
