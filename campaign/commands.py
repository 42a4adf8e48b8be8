"""The logging commands' inputs, one frozen dataclass per command of the log language.

The CLI builds one from a typed or replayed line; the service hands it whole to its handler and
the handler to the aggregate, which records its fields in the command's events. Each is named
after its command (``company hire`` → :class:`CompanyHire`); docs/log-language.md says what each
option means. Dice are kept as typed (``roll``: ``3,5``, ``8`` or ``None``, ``rolled``: the tracker
rolled them); the service parses them, or rolls the dice the GM did not enter.
"""

from __future__ import annotations

from dataclasses import dataclass

# --- the campaign, sessions, time, corrections --------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Init:
    name: str | None = None
    paladin_ability: str | None = None


@dataclass(frozen=True, kw_only=True)
class SessionOpen:
    number: int
    date: str | None = None
    title: str | None = None
    source_hash: str | None = None  # the session block's digest, when replayed from a log
    source: str | None = None  # the log file's name, when replayed
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class SessionEnd:
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class ClockAdvance:
    seconds: int
    words: str | None = None  # the duration as the GM wrote it (``2h``), for the history
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class ClockSet:
    seconds: int
    words: str | None = None  # the moment as the GM wrote it (``day 2 08:00``)
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class Setting:
    setting: str
    value: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class Note:
    text: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class Retract:
    ref: str = "last"  # ``last`` or ``event:N``
    note: str | None = None


# --- companies ----------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class CompanyHire:
    handle: str
    troop: str
    size: int
    mounted: bool = False
    elite: bool = False
    fanatic: bool = False
    name: str | None = None
    morale: int | None = None  # an explicit base morale: a ruling when it differs (MOR006)
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class CompanyModifier:
    handle: str
    value: int
    reason: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class CompanyRecover:
    handle: str
    n: int
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class CompanyReinforce:
    handle: str
    n: int
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class CompanyDismiss:
    handle: str
    note: str | None = None


# --- characters ---------------------------------------------------------------------------------


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


# --- encounters ---------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class EncounterStart:
    handle: str
    name: str | None = None
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class EncounterEnd:
    handle: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class EncounterGroup:
    encounter: str
    group: str
    count: int
    morale: int
    name: str | None = None
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class EncounterRating:
    encounter: str
    group: str
    rating: int
    reason: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class EncounterJoin:
    encounter: str
    company: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class Casualty:
    encounter: str
    group: str
    n: int = 1
    incapacitated: bool = False
    cause: str | None = None
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class Adjustment:
    encounter: str
    group: str
    value: int
    reason: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class MoraleTest:
    encounter: str
    group: str
    roll: str | None = None
    rolled: bool = False
    cornered: bool = False
    ruling: str | None = None  # fight, flee or surrender
    note: str | None = None


# --- rolls of characters ------------------------------------------------------------------------


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


LoggingCommand = (
    Init | SessionOpen | SessionEnd | ClockAdvance | ClockSet | Setting | Note | Retract
    | CompanyHire | CompanyModifier | CompanyRecover | CompanyReinforce | CompanyDismiss
    | CharacterCreate | CharacterTrait | CharacterFinalize | CharacterStat | LoyaltyModifier
    | CharacterItem | ItemDrop | ItemRepair | CharacterSaves | CharacterHeal | ConditionEnd
    | EncounterStart | EncounterEnd | EncounterGroup | EncounterRating | EncounterJoin
    | Casualty | Adjustment | MoraleTest | LoyaltyTest | SavingThrow | ItemSave | FlawRoll
)  # fmt: skip
