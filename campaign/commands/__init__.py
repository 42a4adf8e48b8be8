"""The logging commands' inputs, one frozen dataclass per command of the log language.

The CLI builds one from a typed or replayed line; the service hands it whole to its handler and
the handler to the aggregate, which records its fields in the command's events. Each is named
after its command (``company hire`` → ``CompanyHire``); docs/log-language.md says what each
option means. Dice are kept as typed (``roll``: ``3,5``, ``8`` or ``None``; ``rolled``: the tracker
rolled them); the service parses them, or rolls the dice the GM did not enter.

The classes live in one module per area, imported on first use: a live command defines only its
own area's classes (start-up, docs/PERFORMANCE.md). ``from campaign.commands import FlawRoll``
works for every class.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from campaign.core.lazy import module_attributes

# each command's class → the module of its area
AREAS: dict[str, str] = {
    "Init": "sessions",
    "SessionOpen": "sessions",
    "SessionEnd": "sessions",
    "ClockAdvance": "sessions",
    "ClockSet": "sessions",
    "Setting": "sessions",
    "Note": "sessions",
    "Retract": "sessions",
    "CompanyHire": "companies",
    "CompanyModifier": "companies",
    "CompanyRecover": "companies",
    "CompanyReinforce": "companies",
    "CompanyDismiss": "companies",
    "CharacterCreate": "characters",
    "CharacterTrait": "characters",
    "CharacterFinalize": "characters",
    "CharacterStat": "characters",
    "LoyaltyModifier": "characters",
    "CharacterItem": "characters",
    "ItemDrop": "characters",
    "ItemRepair": "characters",
    "CharacterSaves": "characters",
    "CharacterHeal": "characters",
    "ConditionEnd": "characters",
    "EncounterStart": "encounters",
    "EncounterEnd": "encounters",
    "EncounterGroup": "encounters",
    "EncounterRating": "encounters",
    "EncounterJoin": "encounters",
    "Casualty": "encounters",
    "Adjustment": "encounters",
    "MoraleTest": "encounters",
    "LoyaltyTest": "rolls",
    "SavingThrow": "rolls",
    "ItemSave": "rolls",
    "FlawRoll": "rolls",
}


__getattr__ = module_attributes(__name__, AREAS)


if TYPE_CHECKING:
    from campaign.commands.characters import (
        CharacterCreate,
        CharacterFinalize,
        CharacterHeal,
        CharacterItem,
        CharacterSaves,
        CharacterStat,
        CharacterTrait,
        ConditionEnd,
        ItemDrop,
        ItemRepair,
        LoyaltyModifier,
    )
    from campaign.commands.companies import (
        CompanyDismiss,
        CompanyHire,
        CompanyModifier,
        CompanyRecover,
        CompanyReinforce,
    )
    from campaign.commands.encounters import (
        Adjustment,
        Casualty,
        EncounterEnd,
        EncounterGroup,
        EncounterJoin,
        EncounterRating,
        EncounterStart,
        MoraleTest,
    )
    from campaign.commands.rolls import (
        FlawRoll,
        ItemSave,
        LoyaltyTest,
        SavingThrow,
    )
    from campaign.commands.sessions import (
        ClockAdvance,
        ClockSet,
        Init,
        Note,
        Retract,
        SessionEnd,
        SessionOpen,
        Setting,
    )

    LoggingCommand = (
        Init | SessionOpen | SessionEnd | ClockAdvance | ClockSet | Setting | Note | Retract
        | CompanyHire | CompanyModifier | CompanyRecover | CompanyReinforce | CompanyDismiss
        | CharacterCreate | CharacterTrait | CharacterFinalize | CharacterStat | LoyaltyModifier
        | CharacterItem | ItemDrop | ItemRepair | CharacterSaves | CharacterHeal | ConditionEnd
        | EncounterStart | EncounterEnd | EncounterGroup | EncounterRating | EncounterJoin
        | Casualty | Adjustment | MoraleTest | LoyaltyTest | SavingThrow | ItemSave | FlawRoll
    )  # fmt: skip
