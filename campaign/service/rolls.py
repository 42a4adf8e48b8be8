"""The character commands that roll (docs/log-language.md#saves-and-items, #traits, and ``loyalty``
in #encounters): the tracker rolls the dice the GM did not enter (docs/log-language.md#dice), never
a D6Harmonie result (docs/rules.md#d-9).

Answers are read from the events a command recorded (before the save collects them), so the CLI
prints what was stored, never a value re-derived here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from campaign.commands import FlawRoll, ItemSave, LoyaltyTest, SavingThrow
from campaign.rules import saves as rules
from campaign.rules.dice import D20, TWO_D6, given_roll
from campaign.service.characters import character
from campaign.service.results import FlawResult, ItemSaveResult, LoyaltyResult, SaveResult

if TYPE_CHECKING:
    from campaign.service.unit import UnitOfWork


def test_loyalty(command: LoyaltyTest, uow: UnitOfWork) -> LoyaltyResult:
    """A retainer's loyalty check; without a roll the tracker rolls the 2d6."""
    found = character(uow, command.handle)
    dice = given_roll(command.roll, TWO_D6, rolled=command.rolled) or uow.dice.roll(TWO_D6)
    found.test_loyalty(command, roll=dice)
    tested = found.pending_events[-1]
    uow.save(found)
    return LoyaltyResult(
        tested.roll, tested.loyalty, tested.rules_say, tested.ruled, tested.in_service
    )


def saving_throw(command: SavingThrow, uow: UnitOfWork) -> SaveResult:
    """``save``: the tracker rolls the d20 where a save is rolled, and picks the exposed item
    among the candidates and tied (docs/rules.md#d-7) unless ``--item`` names one. A DC from
    ``--class`` follows the campaign's paladin-ability setting (docs/rules.md#d-6)."""
    found = character(uow, command.handle)
    dice = given_roll(command.roll, D20, rolled=command.rolled)
    rolls = rules.resolve_save(
        bonus=0, dc=0, roll=None, effect=command.effect, voluntary_fail=command.voluntary_fail,
        harmless=command.harmless,
    ).rolls  # fmt: skip
    if dice is None and rolls:
        dice = uow.dice.roll(D20)
    since = len(found.pending_events)
    paladin_ability = uow.campaign().paladin_ability
    found.save(command, roll=dice, paladin_ability=paladin_ability, chooser=uow.dice.choice)
    save, *exposed = found.pending_events[since:]
    uow.save(found)
    exposure = exposed[0] if exposed else None
    if exposure is None:
        return SaveResult(
            save.roll, save.dc, save.bonus, save.total, save.rules_say, save.ruled,
            save.damage_taken, None, False,
        )  # fmt: skip
    return SaveResult(
        save.roll, save.dc, save.bonus, save.total, save.rules_say, save.ruled,
        save.damage_taken, exposure.item, found.has_something_to_save(exposure.item),
        exposure.candidates, exposure.tied, exposure.chosen_by,
    )  # fmt: skip


def item_save(command: ItemSave, uow: UnitOfWork) -> ItemSaveResult:
    """``item-save``: the pending exposure's item (or the one named) saves; the tracker rolls
    the d20 when the item gets a save (not an unattended non-magic one, docs/rules.md#d-8)."""
    found = character(uow, command.handle)
    dice = given_roll(command.roll, D20, rolled=command.rolled)
    if dice is None and found.item_gets_a_save(command):  # the aggregate's (docs/rules.md#d-8)
        dice = uow.dice.roll(D20)
    found.item_save(command, roll=dice)
    saved = found.pending_events[-1]
    uow.save(found)
    return ItemSaveResult(
        saved.item, saved.roll, saved.saves, saved.bonus, saved.total, saved.rules_say,
        saved.ruled, saved.rules_damage, saved.hp, saved.hp_max, saved.state,
    )  # fmt: skip


def roll_flaw(command: FlawRoll, uow: UnitOfWork) -> FlawResult:
    """``trait H KEY``: a flaw triggered (its result is entered, never rolled,
    docs/rules.md#d-9). A dice duration such as 1D6 hours is rolled by the tracker when it starts,
    from the campaign's clock (to the second), unless the GM gives ``--duration``."""
    found = character(uow, command.handle)
    clock = uow.campaign().clock
    found.roll_flaw(command, clock_seconds=clock, duration_roller=uow.dice.roll)
    rolled = found.pending_events[-1]
    uow.save(found)
    return FlawResult(
        rolled.key, rolled.detail, rolled.trigger, rolled.difficulty, rolled.result,
        rolled.critical, rolled.success, rolled.failure_points, rolled.rules_say, rolled.ruled,
        rolled.conditions, rolled.duration_roll, rolled.ruled_consequences,
    )  # fmt: skip
