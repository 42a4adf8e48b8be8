"""The character commands that roll (SPEC §4 "Saves and items", "Traits", "loyalty"): the
tracker rolls the dice the GM did not enter (SPEC §3), never a D6Harmonie result (RULES D-9).

Answers are read from the events a command recorded (before ``save`` collects them), so the
CLI prints what was stored, never a value re-derived here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aggregates.base import Recording
from campaign.commands import FlawRoll, ItemSave, LoyaltyTest, SavingThrow
from campaign.rules.dice import D20, TWO_D6, given_roll

if TYPE_CHECKING:
    from campaign.service.ledger import Ledger


class CharacterRollCommands:
    """Mixed into :class:`campaign.service.characters.CharacterCommands`."""

    def test_loyalty(
        self: Ledger,
        handle: str,
        roll: str | None = None,
        rolled: bool = False,
        *,
        occasion: str = "peril",
        ruling: str | None = None,
        note: str | None = None,
    ) -> dict[str, Any]:
        """A retainer's loyalty check; without ``roll`` the tracker rolls the 2d6."""

        def body(_: Recording) -> dict[str, Any]:
            found = self.character(handle)
            dice = given_roll(roll, TWO_D6, rolled=rolled) or self.dice.roll(TWO_D6)
            found.test_loyalty(
                LoyaltyTest(handle=handle, occasion=occasion, ruling=ruling, note=note), roll=dice
            )
            tested = found.pending_events[-1]
            self.save(found)
            keys = ("roll", "loyalty", "rules_say", "ruled", "in_service")
            return {key: getattr(tested, key) for key in keys}

        return self.command(body)

    def saving_throw(
        self: Ledger,
        handle: str,
        vs: str,
        save_type: str,
        *,
        effect: str,
        roll: str | None = None,
        rolled: bool = False,
        dc: int | None = None,
        spell_level: int | None = None,
        ability_mod: int | None = None,
        class_name: str | None = None,
        ability_score: int | None = None,
        objects: bool = False,
        harmless: bool = False,
        bonus: int = 0,
        damage: int | None = None,
        energy: bool = False,
        damage_taken: int | None = None,
        voluntary_fail: bool = False,
        item: str | None = None,
        ruling: str | None = None,
        note: str | None = None,
    ) -> dict[str, Any]:
        """``save``: the tracker rolls the d20 where a save is rolled, and picks the exposed item
        among the candidates and tied (RULES D-7) unless ``item`` names one. A DC from
        ``class_name`` follows the campaign's paladin-ability setting (RULES D-6)."""

        from campaign.rules import saves as rules  # on demand: start-up (docs/PERFORMANCE.md)

        def body(_: Recording) -> dict[str, Any]:
            found = self.character(handle)
            dice = given_roll(roll, D20, rolled=rolled)
            rolls = rules.resolve_save(
                bonus=0, dc=0, roll=None, effect=effect, voluntary_fail=voluntary_fail,
                harmless=harmless,
            ).rolls  # fmt: skip
            if dice is None and rolls:
                dice = self.dice.roll(D20)
            since = len(found.pending_events)
            found.save(
                SavingThrow(
                    handle=handle,
                    vs=vs,
                    save_type=save_type,
                    effect=effect,
                    dc=dc,
                    spell_level=spell_level,
                    ability_mod=ability_mod,
                    class_name=class_name,
                    ability_score=ability_score,
                    objects=objects,
                    harmless=harmless,
                    bonus=bonus,
                    damage=damage,
                    energy=energy,
                    damage_taken=damage_taken,
                    voluntary_fail=voluntary_fail,
                    item=item,
                    ruling=ruling,
                    note=note,
                ),
                roll=dice,
                paladin_ability=self.campaign().paladin_ability,
                chooser=self.dice.choice,
            )
            save, *exposed = found.pending_events[since:]
            self.save(found)
            exposure = exposed[0] if exposed else None
            due = exposure is not None and found.has_something_to_save(exposure.item)
            return {
                "roll": save.roll,
                "dc": save.dc,
                "bonus": save.bonus,
                "total": save.total,
                "rules_say": save.rules_say,
                "ruled": save.ruled,
                "damage_taken": save.damage_taken,
                "exposed": exposure.item if exposure else None,
                "item_save_due": due,
                "candidates": exposure.candidates if exposure else [],
                "tied": exposure.tied if exposure else [],
                "chosen_by": exposure.chosen_by if exposure else None,
            }

        return self.command(body)

    def item_save(
        self: Ledger,
        handle: str,
        item: str | None = None,
        roll: str | None = None,
        rolled: bool = False,
        *,
        dc: int | None = None,
        save_type: str | None = None,
        damage: int | None = None,
        energy: bool = False,
        ruling: str | None = None,
        hp_left: int | None = None,
        note: str | None = None,
    ) -> dict[str, Any]:
        """``item-save``: the pending exposure's item (or ``item``) saves; the tracker rolls the
        d20 when the item gets a save (not an unattended non-magic one, D-8)."""

        def body(_: Recording) -> dict[str, Any]:
            found = self.character(handle)
            dice = given_roll(roll, D20, rolled=rolled)
            cmd = ItemSave(
                handle=handle,
                item=item,
                dc=dc,
                save_type=save_type,
                damage=damage,
                energy=energy,
                ruling=ruling,
                hp_left=hp_left,
                note=note,
            )
            if dice is None and found.item_gets_a_save(cmd):  # the aggregate's (D-8)
                dice = self.dice.roll(D20)
            found.item_save(cmd, roll=dice)
            saved = found.pending_events[-1]
            self.save(found)
            keys = ("item", "roll", "saves", "bonus", "total", "rules_say", "ruled")
            keys += ("rules_damage", "hp", "hp_max", "state")
            return {key: getattr(saved, key) for key in keys}

        return self.command(body)

    def roll_flaw(
        self: Ledger,
        handle: str,
        key_detail: str,
        *,
        trigger: str | None = None,
        result: int | None = None,
        critical: bool = False,
        minutes: float | None = None,
        hours: float | None = None,
        years: float | None = None,
        sum: str | None = None,  # the option is --sum (Avare's « somme »)
        difficulty: int | None = None,
        ruling: str | None = None,
        hp_lost: int | None = None,
        conscience_lost: int | None = None,
        penalty: int | None = None,
        duration: str | None = None,
        note: str | None = None,
    ) -> dict[str, Any]:
        """``trait H KEY``: a flaw triggered (its ``result`` is entered, never rolled, D-9).
        ``duration`` is the GM's (``4h``, ``2rounds``, ``65s``…, kept to the second); otherwise
        a dice duration such as 1D6 hours is rolled by the tracker when it starts, from the
        campaign's clock (to the second)."""

        def body(_: Recording) -> dict[str, Any]:
            found = self.character(handle)
            found.roll_flaw(
                FlawRoll(
                    handle=handle,
                    key=key_detail,
                    trigger=trigger,
                    result=result,
                    critical=critical,
                    minutes=minutes,
                    hours=hours,
                    years=years,
                    sum=sum,
                    difficulty=difficulty,
                    ruling=ruling,
                    hp_lost=hp_lost,
                    conscience_lost=conscience_lost,
                    penalty=penalty,
                    duration=duration,
                    note=note,
                ),
                clock_seconds=self.campaign().clock,
                duration_roller=self.dice.roll,
            )
            rolled = found.pending_events[-1]
            self.save(found)
            keys = ("key", "detail", "trigger", "difficulty", "result", "critical", "success")
            keys += ("failure_points", "rules_say", "ruled", "conditions", "duration_roll")
            keys += ("ruled_consequences",)  # the losses the state follows (SPEC §2)
            return {key: getattr(rolled, key) for key in keys}

        return self.command(body)
