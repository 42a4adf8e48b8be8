"""The commands of characters and retainers: traits, scores, items, saves, healing, conditions."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class CharacterCreate:
    handle: str
    name: str | None = None
    flaws: tuple[str, ...] = ()  # ``KEY[:detail]``
    advantages: tuple[str, ...] = ()
    retainer_of: str | None = None
    employer_cha: int | None = None
    hiring_roll: str | None = None  # 2d6 as typed
    reaction_mod: int = 0
    loyalty: int | None = None  # an explicit loyalty: a ruling when it differs (LOY002)
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class CharacterTrait:
    handle: str
    kind: str  # ``flaw`` or ``advantage``
    key_detail: str
    note: str | None = None
    secret: bool = False  # behind the screen: no players' recap tells it


@dataclass(frozen=True, kw_only=True)
class CharacterFinalize:
    handle: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class CharacterStat:
    handle: str
    name: str
    value: int
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class LoyaltyModifier:
    handle: str
    value: int
    reason: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class CharacterItem:
    handle: str
    name: str
    slot: str
    magic: bool = False
    caster_level: int | None = None
    hardness: int | None = None
    hp: int | None = None
    unattended: bool = False
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class ItemDrop:
    handle: str
    item: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class ItemRepair:
    handle: str
    item: str
    hp: int | None = None
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class CharacterSaves:
    handle: str
    fortitude: int
    reflex: int
    will: int
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class CharacterHeal:
    handle: str
    hp: int | None = None
    location: str = "torso"
    conscience: int | None = None
    damage: int | None = None
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class ConditionEnd:
    handle: str
    source: str
    note: str | None = None
