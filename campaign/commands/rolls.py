"""The commands that roll for a character: loyalty, saving throws, item saves, flaws."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class LoyaltyTest:
    handle: str
    roll: str | None = None
    rolled: bool = False
    occasion: str = "peril"  # or ``after-adventure``
    ruling: str | None = None  # stay, flee or quit
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class SavingThrow:
    handle: str
    vs: str
    save_type: str  # fortitude, reflex or will (the option ``--type``)
    effect: str
    roll: str | None = None
    rolled: bool = False
    dc: int | None = None
    spell_level: int | None = None
    ability_mod: int | None = None
    class_name: str | None = None  # the option ``--class``
    ability_score: int | None = None
    objects: bool = False
    harmless: bool = False
    bonus: int = 0
    damage: int | None = None
    energy: bool = False
    damage_taken: int | None = None
    voluntary_fail: bool = False
    item: str | None = None  # the exposed item, named by the GM
    ruling: str | None = None  # success or failure
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class ItemSave:
    handle: str
    item: str | None = None
    roll: str | None = None
    rolled: bool = False
    dc: int | None = None  # dc, save_type and damage: an item targeted directly
    save_type: str | None = None
    damage: int | None = None
    energy: bool = False
    ruling: str | None = None  # intact, damaged, broken or destroyed
    hp_left: int | None = None
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class FlawRoll:
    handle: str
    key: str  # the flaw, ``KEY[:detail]``
    trigger: str | None = None
    result: int | None = None  # the D6Harmonie roll as entered: never rolled by the tracker
    critical: bool = False
    minutes: float | None = None
    hours: float | None = None
    years: float | None = None
    sum: str | None = None  # the option ``--sum`` (Avare's « somme »)
    difficulty: int | None = None
    ruling: str | None = None
    hp_lost: int | None = None
    conscience_lost: int | None = None
    penalty: int | None = None
    duration: str | None = None  # the GM's duration as typed (``4h``, ``2rounds``)
    note: str | None = None
