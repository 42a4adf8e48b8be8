"""Character commands (docs/log-language.md#characters): load → call → save. The commands that roll
are in :mod:`campaign.service.rolls`. Answers are read from the events a command recorded (before
the save collects them), so the CLI prints what was stored, never a value re-derived here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aggregates.character import Character
from aggregates.character_conditions import flaw_named
from campaign.commands import (
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
from campaign.core.errors import UnknownHandle
from campaign.rules.dice import TWO_D6, parse_roll
from campaign.service.results import (
    ConditionsEnded,
    CreateResult,
    HealResult,
    ItemResult,
    RepairResult,
    SaveBonuses,
    StatResult,
    TraitResult,
)

if TYPE_CHECKING:
    from campaign.service.unit import UnitOfWork


def character(uow: UnitOfWork, handle: str) -> Character:
    return uow.load("character", handle, Character)


def create(command: CharacterCreate, uow: UnitOfWork) -> CreateResult:
    """A character with its traits (``KEY[:detail]``); a retainer's employer must exist."""
    uow.new_handle("character", command.handle)
    typed = command.hiring_roll
    hiring = None if typed is None else parse_roll(typed, TWO_D6, field="hiring_roll")
    created = Character.create(command, hiring_roll=hiring)
    if created.retainer_of is not None:  # the employer: a character recorded earlier
        try:
            character(uow, created.retainer_of)
        except UnknownHandle as error:
            raise UnknownHandle(
                error.words or error.message,
                field="retainer_of",
                value=command.retainer_of,
                expected=error.expected_words,
                values=error.values if error.words is not None else None,
            ) from None
    made = created.pending_events[0]
    answer = CreateResult(
        created.handle,
        created.loyalty,
        made.rules_say,  # the CHA table's, or None
        created.flaw_points,
        created.advantage_points,
    )
    uow.save(created)
    return answer


def take_trait(command: CharacterTrait, uow: UnitOfWork) -> TraitResult:
    """A flaw or advantage taken; after ``finalize`` still recorded (TRT001)."""
    found = character(uow, command.handle)
    found.take_trait(command)
    taken = found.pending_events[-1]
    uow.save(found)
    return TraitResult(
        taken.kind, taken.key, taken.detail, taken.points, taken.after_creation,
        taken.flaw_points, taken.advantage_points, taken.rules_say, taken.ruled,
    )  # fmt: skip


def finalize(command: CharacterFinalize, uow: UnitOfWork) -> None:
    found = character(uow, command.handle)
    found.finalize(command)
    uow.save(found)


def set_stat(command: CharacterStat, uow: UnitOfWork) -> StatResult:
    """A score set: its slug, the value and the previous value."""
    found = character(uow, command.handle)
    found.set_stat(command)
    stat = found.pending_events[-1]
    uow.save(found)
    return StatResult(stat.name, stat.value, stat.previous)


def set_saves(command: CharacterSaves, uow: UnitOfWork) -> SaveBonuses:
    found = character(uow, command.handle)
    found.set_saves(command)
    uow.save(found)
    return SaveBonuses(**(found.saves or {}))


def modify_loyalty(command: LoyaltyModifier, uow: UnitOfWork) -> int:
    """A retainer's loyalty adjusted; the new loyalty."""
    found = character(uow, command.handle)
    found.modify_loyalty(command)
    uow.save(found)
    return found.check_retainer()


def add_item(command: CharacterItem, uow: UnitOfWork) -> ItemResult:
    """An item acquired: its name, slot and rank in seed 001's items table."""
    found = character(uow, command.handle)
    found.add_item(command)
    acquired = found.pending_events[-1]
    uow.save(found)
    return ItemResult(acquired.item, acquired.slot, acquired.rank)


def drop_item(command: ItemDrop, uow: UnitOfWork) -> str:
    """An item leaves; its name as recorded."""
    found = character(uow, command.handle)
    found.drop_item(command)
    dropped = found.pending_events[-1]
    uow.save(found)
    return dropped.item


def repair_item(command: ItemRepair, uow: UnitOfWork) -> RepairResult:
    found = character(uow, command.handle)
    found.repair_item(command)
    mended = found.pending_events[-1]
    uow.save(found)
    return RepairResult(mended.item, mended.hp, mended.state)


def heal(command: CharacterHeal, uow: UnitOfWork) -> HealResult:
    """Recovery: what was recovered (never more than was lost)."""
    found = character(uow, command.handle)
    found.heal(command)
    healed = found.pending_events[-1]
    uow.save(found)
    return HealResult(healed.location, healed.hp, healed.conscience, healed.damage)


def end_condition(command: ConditionEnd, uow: UnitOfWork) -> ConditionsEnded:
    """Every condition from the source ends now: the source's key and them, the flaw as
    `condition end` names it, and when they had all ended by themselves already (in-game
    seconds), else None — recorded as the GM said, as logs recorded before say it too."""
    found = character(uow, command.handle)
    found.end_condition(command)
    ended = found.pending_events[-1]
    uow.save(found)
    ends = [c["until"] for c in ended.conditions]
    clock = uow.campaign().clock
    over = max(ends) if None not in ends and max(ends) <= clock else None
    named = flaw_named(ended.source, ended.conditions)
    return ConditionsEnded(ended.source, named, ended.conditions, over)
