"""A character: traits, saves, items, conditions and a retainer's loyalty
(docs/log-language.md#characters).

The aggregate records what happened at the table; the rules modules judge it. A command takes its
command dataclass (:mod:`campaign.commands`), checks for impossible input first (raising before
anything is triggered), asks the rules, then records the rules' answer beside the GM's ruling, and
the state follows the ruling (docs/rules.md#d-0). The state is current values only (traits, items,
save bonuses, losses, active conditions, pending exposures); histories belong to the projections.

The commands live in mixins by concern — ``character_traits`` (traits, scores),
``character_retainers`` (loyalty), ``character_items``, ``character_item_saves``,
``character_saves``, ``character_flaws`` (flaw rolls), ``character_conditions`` (conditions,
healing) — and the events' fields in ``character_events``, derived from that module's ``Event``,
which is this aggregate's own (so the library redefines none of them at import). The events are
nested here and applied by the ``@event`` methods below, whose bodies are the mutations: the
library registers only the ``@event`` methods of the aggregate's own class body.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from aggregates import character_events as events
from aggregates.base import LedgerAggregate, aggregate_id
from aggregates.character_conditions import ConditionCommands
from aggregates.character_flaws import FlawCommands
from aggregates.character_item_saves import ItemSaveCommands
from aggregates.character_items import ItemCommands
from aggregates.character_retainers import RetainerCommands, retainer_fields
from aggregates.character_saves import SaveCommands
from aggregates.character_traits import TraitCommands, creation_traits
from campaign.commands import CharacterCreate
from campaign.core.handles import check_handle
from campaign.rules.dice import Roll


class Character(
    TraitCommands,
    RetainerCommands,
    ItemCommands,
    ItemSaveCommands,
    SaveCommands,
    FlawCommands,
    ConditionCommands,
    LedgerAggregate,
):
    """A player character or a retainer (docs/log-language.md#characters; docs/rules.md:
    #retainers-and-loyalty, #d20-saving-throws-and-items, #d6harmonie-flaws-and-advantages)."""

    # v2: its conditions' ``until`` in in-game seconds, not minutes (snapshots hold them)
    class_version = 2

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        """A v1 snapshot's conditions, as ``FlawRolled``'s upcast gives them."""
        state["_conditions"] = events.conditions_in_seconds(state["_conditions"])

    # --- events: nested here (Character.SaveMade, …), fields in character_events -------------

    Event = events.Event
    CharacterCreated = events.CharacterCreated
    Judged = events.Judged
    TraitTaken = events.TraitTaken
    CharacterFinalized = events.CharacterFinalized
    StatSet = events.StatSet
    SavesSet = events.SavesSet
    LoyaltyModified = events.LoyaltyModified
    LoyaltyTested = events.LoyaltyTested
    ItemAcquired = events.ItemAcquired
    ItemDropped = events.ItemDropped
    ItemRepaired = events.ItemRepaired
    SaveResolved = events.SaveResolved
    SaveMade = events.SaveMade
    SaveFailed = events.SaveFailed
    ItemExposed = events.ItemExposed
    ItemSaveResolved = events.ItemSaveResolved
    ItemSaved = events.ItemSaved
    ItemDamaged = events.ItemDamaged
    ItemBroken = events.ItemBroken
    ItemDestroyed = events.ItemDestroyed
    FlawRolled = events.FlawRolled
    ConditionEnded = events.ConditionEnded
    Healed = events.Healed

    # --- creation --------------------------------------------------------------------------------

    @staticmethod
    def create_id(handle: str) -> UUID:
        return aggregate_id("character", handle)

    @classmethod
    def create(cls, command: CharacterCreate, *, hiring_roll: Roll | None = None) -> Character:
        """``character create``: traits are ``KEY[:detail]``; a retainer's loyalty comes from
        the employer's CHA (``hiring_roll``: its 2d6 hiring reaction, as entered) or an explicit
        ``loyalty`` (a ruling, LOY002 when it differs).

        Everything is checked before anything is recorded. The creation event holds the
        results, so replaying never re-asks the rules; the traits follow as TraitTaken events of
        the same command, so TRT002/TRT003 find the one that took a total above 20.
        """
        handle = check_handle(command.handle)
        retainer = retainer_fields(command, handle, hiring_roll)
        taken = creation_traits(command.flaws, command.advantages)
        character = cls._create(
            cls.CharacterCreated, handle=handle, name=command.name, **retainer, note=command.note
        )
        for fields in taken:
            character.trigger_event(character.TraitTaken, **fields, note=None)
        return character

    @event(CharacterCreated)
    def __init__(
        self, handle: str, name: str | None, retainer_of: str | None, loyalty: int | None
    ) -> None:
        self.handle = handle
        self._name = name
        self.finalized = False
        self.retainer_of = retainer_of
        self._loyalty = loyalty
        self.in_service = True
        self._flaws: list[dict[str, Any]] = []  # {key, detail, points}
        self._advantages: list[dict[str, Any]] = []
        self.stats: dict[str, int] = {}
        self._saves: dict[str, int] | None = None
        self._items: list[dict[str, Any]] = []  # in acquisition order (docs/rules.md#d-7)
        self._exposures: list[dict[str, Any]] = []  # unresolved, the most recent last
        self._conditions: list[dict[str, Any]] = []
        self._hp_lost: dict[str, int] = {"torso": 0}
        self.conscience_lost = 0
        self.damage_taken = 0

    # --- queries -------------------------------------------------------------------------------

    @property
    def name(self) -> str | None:
        return self._name

    def as_status(self) -> dict[str, Any]:
        """This character as ``status --json`` shows it (docs/json.md#status)."""
        return {
            "handle": self.handle,
            "name": self.name,
            "finalized": self.finalized,
            "retainer_of": self.retainer_of,
            "loyalty": self.loyalty,
            "in_service": self.in_service,
            "flaws": self.flaws,
            "advantages": self.advantages,
            "flaw_points": self.flaw_points,
            "advantage_points": self.advantage_points,
            "moral_modifier": self.moral_modifier,
            "conditions": self.conditions,
            "hp_lost": self.hp_lost,
            "conscience_lost": self.conscience_lost,
            "damage_taken": self.damage_taken,
            "saves": self.saves,
            "stats": dict(self.stats),  # the scores set with `character stat` (moral, cha, …)
            "items": self.items,
        }

    # --- mutations: each event's body changes the state, nothing else ----------------------------

    @event(TraitTaken)
    def _trait_taken(self, kind: str, key: str, detail: str | None, points: int) -> None:
        traits = self._flaws if kind == "flaw" else self._advantages
        traits.append({"key": key, "detail": detail, "points": points})

    @event(CharacterFinalized)
    def _finalized(self) -> None:
        self.finalized = True

    @event(StatSet)
    def _stat_set(self, name: str, value: int) -> None:
        self.stats[name] = value

    @event(SavesSet)
    def _saves_set(self, fortitude: int, reflex: int, will: int) -> None:
        self._saves = {"fortitude": fortitude, "reflex": reflex, "will": will}

    @event(LoyaltyModified)
    def _loyalty_modified(self, loyalty: int) -> None:
        self._loyalty = loyalty

    @event(LoyaltyTested)
    def _loyalty_tested(self, in_service: bool) -> None:
        self.in_service = in_service

    @event(ItemAcquired)
    def _item_acquired(
        self, item: str, slot: str, magic: bool, caster_level: int | None,
        hardness: int | None, hp: int | None, unattended: bool,
    ) -> None:  # fmt: skip
        self._items.append(
            {"name": item, "slot": slot, "magic": magic, "caster_level": caster_level,
             "hardness": hardness, "hp": hp, "hp_max": hp, "unattended": unattended,
             "state": "intact"}
        )  # fmt: skip

    @event(ItemDropped)
    def _item_dropped(self, item: str) -> None:
        self._items = [i for i in self._items if i["name"] != item]
        self._exposures = [e for e in self._exposures if e["item"] != item]  # nothing to save

    @event(ItemRepaired)
    def _item_repaired(self, item: str, hp: int | None, state: str) -> None:
        self._set_item(item, hp, state)

    @event(SaveMade)
    def _save_made(self, damage_taken: int | None) -> None:
        self.damage_taken += damage_taken or 0

    @event(SaveFailed)
    def _save_failed(self, damage_taken: int | None) -> None:
        self.damage_taken += damage_taken or 0

    @event(ItemExposed)
    def _item_exposed(
        self, item: str, save_type: str, dc: int | None, effect: str, damage: int | None,
        energy: bool, position: int, save_bonus: int | None = None,
    ) -> None:  # fmt: skip
        exposure = {"item": item, "save_type": save_type, "dc": dc, "effect": effect}
        self._exposures.append(
            {**exposure, "damage": damage, "energy": energy, "position": position,
             "save_bonus": save_bonus}
        )  # fmt: skip

    @event(ItemSaved)
    def _item_saved(self, item: str, hp: int | None, state: str, exposure: int | None) -> None:
        self._item_save_resolved(item, hp, state, exposure)

    @event(ItemDamaged)
    def _item_damaged(self, item: str, hp: int | None, state: str, exposure: int | None) -> None:
        self._item_save_resolved(item, hp, state, exposure)

    @event(ItemBroken)
    def _item_broken(self, item: str, hp: int | None, state: str, exposure: int | None) -> None:
        self._item_save_resolved(item, hp, state, exposure)

    @event(ItemDestroyed)
    def _item_destroyed(self, item: str, hp: int | None, state: str, exposure: int | None) -> None:
        self._item_save_resolved(item, hp, state, exposure)

    def _set_item(self, name: str, hp: int | None, state: str) -> None:
        for item in self._items:
            if item["name"] == name:
                item["hp"], item["state"] = hp, state

    def _item_save_resolved(
        self, item: str, hp: int | None, state: str, exposure: int | None
    ) -> None:
        self._set_item(item, hp, state)
        self._exposures = [e for e in self._exposures if e["position"] != exposure]

    @event(FlawRolled)
    def _flaw_rolled(
        self,
        ruled_consequences: dict[str, Any],
        conditions: list[dict[str, Any]],
        seconds: int,
    ) -> None:
        self._conditions = self.conditions_at(seconds)  # those past their time are gone
        self._conditions.extend(dict(c) for c in conditions)
        for location, lost in (ruled_consequences["hp_lost"] or {}).items():
            self._hp_lost[location] = self._hp_lost.get(location, 0) + lost
        self.conscience_lost += ruled_consequences["conscience_lost"] or 0
        for score, change in ruled_consequences["score_changes"].items():
            if score in self.stats:
                self.stats[score] += change

    @event(ConditionEnded)
    def _condition_ended(self, conditions: list[dict[str, Any]]) -> None:
        self._conditions = [c for c in self._conditions if c not in conditions]

    @event(Healed)
    def _healed(self, location: str, hp: int, conscience: int, damage: int) -> None:
        if hp:
            self._hp_lost[location] -= hp
        self.conscience_lost -= conscience
        self.damage_taken -= damage


# The library makes Character.Retracted (aggregates.base's, under Character.Event) when it makes
# the class, as for every aggregate; it gets its schema version and upcast here, so it is still
# made once (tests/aggregates/test_event_topics.py), and keeps its topic.
Character.Retracted.class_version = 2
Character.Retracted.upcast_v1_v2 = staticmethod(events.restored_in_seconds)
