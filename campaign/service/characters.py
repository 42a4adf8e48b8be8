"""Character commands of the application service (SPEC §4 "Characters"): load → call → save.

The commands that roll — loyalty, save, item-save, trait — are in :mod:`campaign.service.rolls`.
Answers are read from the events a command recorded (before ``save`` collects them), so the
CLI prints what was stored, never a value re-derived here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from aggregates.base import Recording
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
from campaign.service.rolls import CharacterRollCommands

if TYPE_CHECKING:
    from aggregates.character import Character
    from campaign.service.ledger import Ledger


class CharacterCommands(CharacterRollCommands):
    """Mixed into :class:`campaign.service.ledger.Ledger`."""

    def character(self: Ledger, handle: str) -> Character:
        from aggregates.character import Character  # on demand: start-up (docs/PERFORMANCE.md)

        return self.load("character", handle, Character)

    def create_character(
        self: Ledger,
        handle: str,
        name: str | None = None,
        flaws: Sequence[str] = (),
        advantages: Sequence[str] = (),
        *,
        retainer_of: str | None = None,
        employer_cha: int | None = None,
        hiring_roll: str | None = None,
        reaction_mod: int = 0,
        loyalty: int | None = None,
        note: str | None = None,
    ) -> dict[str, Any]:
        """A character with its traits (``KEY[:detail]``); a retainer's employer must exist."""

        from aggregates.character import Character

        def body(_: Recording) -> dict[str, Any]:
            free = self.new_handle("character", handle)
            hiring = (
                None
                if hiring_roll is None
                else parse_roll(hiring_roll, TWO_D6, field="hiring_roll")
            )
            created = Character.create(
                CharacterCreate(
                    handle=free,
                    name=name,
                    flaws=tuple(flaws),
                    advantages=tuple(advantages),
                    retainer_of=retainer_of,
                    employer_cha=employer_cha,
                    hiring_roll=hiring_roll,
                    reaction_mod=reaction_mod,
                    loyalty=loyalty,
                    note=note,
                ),
                hiring_roll=hiring,
            )
            if created.retainer_of is not None:  # the employer: a character recorded earlier
                try:
                    self.character(created.retainer_of)
                except UnknownHandle as error:
                    raise UnknownHandle(
                        error.message,
                        field="retainer_of",
                        value=retainer_of,
                        expected=error.expected,
                    ) from None
            answer = {
                "handle": created.handle,
                "loyalty": created.loyalty,
                "rules_say": created.pending_events[0].rules_say,  # the CHA table's, or None
                "flaw_points": created.flaw_points,
                "advantage_points": created.advantage_points,
            }
            self.save(created)
            return answer

        return self.command(body)

    def take_trait(
        self: Ledger, handle: str, kind: str, key_detail: str, note: str | None = None
    ) -> dict[str, Any]:
        """A flaw or advantage taken; after ``finalize`` still recorded (TRT001)."""

        def body(_: Recording) -> dict[str, Any]:
            found = self.character(handle)
            found.take_trait(
                CharacterTrait(handle=handle, kind=kind, key_detail=key_detail, note=note)
            )
            taken = found.pending_events[-1]
            self.save(found)
            keys = ("kind", "key", "detail", "points", "after_creation", "flaw_points")
            keys += ("advantage_points", "rules_say", "ruled")
            return {key: getattr(taken, key) for key in keys}

        return self.command(body)

    def finalize_character(self: Ledger, handle: str, note: str | None = None) -> None:
        def body(_: Recording) -> None:
            found = self.character(handle)
            found.finalize(CharacterFinalize(handle=handle, note=note))
            self.save(found)

        self.command(body)

    def set_stat(
        self: Ledger, handle: str, name: str, value: int, note: str | None = None
    ) -> tuple[str, int, int | None]:
        """A score set; returns its slug, the value and the previous value."""

        def body(_: Recording) -> tuple[str, int, int | None]:
            found = self.character(handle)
            found.set_stat(CharacterStat(handle=handle, name=name, value=value, note=note))
            stat = found.pending_events[-1]
            self.save(found)
            return stat.name, stat.value, stat.previous

        return self.command(body)

    def set_saves(
        self: Ledger, handle: str, fortitude: int, reflex: int, will: int, note: str | None = None
    ) -> dict[str, int]:
        def body(_: Recording) -> dict[str, int]:
            found = self.character(handle)
            found.set_saves(
                CharacterSaves(
                    handle=handle, fortitude=fortitude, reflex=reflex, will=will, note=note
                )
            )
            self.save(found)
            return found.saves or {}

        return self.command(body)

    def modify_loyalty(
        self: Ledger, handle: str, value: int, reason: str, note: str | None = None
    ) -> int:
        """A retainer's loyalty adjusted; returns the new loyalty."""

        def body(_: Recording) -> int:
            found = self.character(handle)
            found.modify_loyalty(
                LoyaltyModifier(handle=handle, value=value, reason=reason, note=note)
            )
            self.save(found)
            return found.check_retainer()

        return self.command(body)

    def add_item(
        self: Ledger,
        handle: str,
        name: str,
        slot: str,
        *,
        magic: bool = False,
        caster_level: int | None = None,
        hardness: int | None = None,
        hp: int | None = None,
        unattended: bool = False,
        note: str | None = None,
    ) -> dict[str, Any]:
        """An item acquired; returns its name, slot and rank in seed 001's items table."""

        def body(_: Recording) -> dict[str, Any]:
            found = self.character(handle)
            found.add_item(
                CharacterItem(
                    handle=handle,
                    name=name,
                    slot=slot,
                    magic=magic,
                    caster_level=caster_level,
                    hardness=hardness,
                    hp=hp,
                    unattended=unattended,
                    note=note,
                )
            )
            acquired = found.pending_events[-1]
            self.save(found)
            return {"item": acquired.item, "slot": acquired.slot, "rank": acquired.rank}

        return self.command(body)

    def drop_item(self: Ledger, handle: str, item: str, note: str | None = None) -> str:
        """An item leaves; returns its name as recorded."""

        def body(_: Recording) -> str:
            found = self.character(handle)
            found.drop_item(ItemDrop(handle=handle, item=item, note=note))
            dropped = found.pending_events[-1]
            self.save(found)
            return dropped.item

        return self.command(body)

    def repair_item(
        self: Ledger, handle: str, item: str, hp: int | None = None, note: str | None = None
    ) -> dict[str, Any]:
        def body(_: Recording) -> dict[str, Any]:
            found = self.character(handle)
            found.repair_item(ItemRepair(handle=handle, item=item, hp=hp, note=note))
            mended = found.pending_events[-1]
            self.save(found)
            return {"item": mended.item, "hp": mended.hp, "state": mended.state}

        return self.command(body)

    def heal(
        self: Ledger,
        handle: str,
        hp: int | None = None,
        location: str = "torso",
        conscience: int | None = None,
        damage: int | None = None,
        note: str | None = None,
    ) -> dict[str, Any]:
        """Recovery; returns what was recovered (never more than was lost)."""

        def body(_: Recording) -> dict[str, Any]:
            found = self.character(handle)
            found.heal(
                CharacterHeal(
                    handle=handle,
                    hp=hp,
                    location=location,
                    conscience=conscience,
                    damage=damage,
                    note=note,
                )
            )
            healed = found.pending_events[-1]
            self.save(found)
            keys = ("location", "hp", "conscience", "damage")
            return {key: getattr(healed, key) for key in keys}

        return self.command(body)

    def end_condition(
        self: Ledger, handle: str, source: str, note: str | None = None
    ) -> dict[str, Any]:
        """Every condition from ``source`` ends now; returns the source's key and them, the
        flaw as `condition end` names it (``named``: ``phobia-mild:rats`` for one such flaw's),
        and ``over``: when they had all ended by themselves already (in-game seconds), else None
        — recorded as the GM said, as logs recorded before say it too."""
        from aggregates.character_conditions import flaw_named

        def body(_: Recording) -> dict[str, Any]:
            found = self.character(handle)
            found.end_condition(ConditionEnd(handle=handle, source=source, note=note))
            ended = found.pending_events[-1]
            self.save(found)
            ends = [c["until"] for c in ended.conditions]
            clock = self.campaign().clock
            over = max(ends) if None not in ends and max(ends) <= clock else None
            named = flaw_named(ended.source, ended.conditions)
            return {
                "source": ended.source,
                "named": named,
                "conditions": ended.conditions,
                "over": over,
            }

        return self.command(body)
