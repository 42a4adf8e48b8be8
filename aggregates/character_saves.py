"""A character's saving throws and the items a natural 1 exposes (SPEC §4 "Saves"; RULES B).

A mixin of :class:`aggregates.character.Character`: the ``save`` command, its checks and the
rules calls; the events and their mutations are on the aggregate itself. Every judgement is
:mod:`campaign.rules.saves`'s (seed 001; RULES D-6, D-7); here the rules' answer is put beside
the GM's ruling, and the state follows the ruling (SPEC §2).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from aggregates.character_traits import check_whole
from campaign.core.errors import ImpossibleInput
from campaign.rules import saves as rules
from campaign.rules.dice import D20, Roll

SAVES_RULESET = "d20-saves/1"
SAVE_TYPES = ("fortitude", "reflex", "will")  # seed 001, "Les jets de sauvegarde"
SAVE_RULINGS = ("success", "failure")


def _natural(success: bool) -> Roll:
    """A d20 face that forces ``success`` (natural 20 / 1): to ask the rules what the ruled
    outcome deals, without re-deriving it (RULES D-7: natural 1 fails, natural 20 succeeds)."""
    return Roll(D20, 20 if success else 1)


def _outcome_damage(effect: str, damage: int | None, success: bool) -> int | None:
    """The damage of ``success`` or failure against ``effect``, by the rules (seed 001)."""
    if rules.effect_kind(effect).on_success is None:
        effect = "negates"  # no save exists: a success ruled anyway leaves nothing
    return rules.resolve_save(
        bonus=0, dc=0, roll=_natural(success), effect=effect, damage=damage
    ).damage


class SaveCommands:
    """Saving throws: commands of :class:`~aggregates.character.Character`."""

    handle: str
    _items: list[dict[str, Any]]
    _saves: dict[str, int] | None
    trigger_event: Callable[..., None]
    item_named: Callable[..., dict[str, Any]]
    SaveMade: Any
    SaveFailed: Any
    ItemExposed: Any

    # --- checks ----------------------------------------------------------------------------------

    def check_save_type(self, save_type: object, field: str = "save_type") -> str:
        key = save_type.strip().lower() if isinstance(save_type, str) else None
        if key not in SAVE_TYPES:
            raise ImpossibleInput(
                f"{save_type!r} is not a save type",
                field=field,
                value=save_type,
                expected=", ".join(SAVE_TYPES),
            )
        return key

    def check_saves_set(self, save_type: str) -> int:
        """The character's bonus of that type; missing saves name the command that sets them."""
        if self._saves is None:
            raise ImpossibleInput(
                f"{self.handle} has no save bonuses yet: record them first with "
                f"`character saves {self.handle} --fortitude N --reflex N --will N`",
                field="saves",
                expected=f"character saves {self.handle} … first",
            )
        return self._saves[save_type]

    @staticmethod
    def check_ruling(ruling: str | None, allowed: Sequence[str]) -> None:
        if ruling is not None and ruling not in allowed:
            raise ImpossibleInput(
                f"{ruling!r} is not a ruling here",
                field="ruling",
                value=ruling,
                expected=", ".join(allowed),
            )

    # --- saves -----------------------------------------------------------------------------------

    def save(
        self,
        vs: str,
        save_type: str,
        roll: Roll | None,
        *,
        effect: str,
        dc: int | None = None,
        spell_level: int | None = None,
        ability_mod: int | None = None,
        class_name: str | None = None,
        ability_score: int | None = None,
        paladin_ability: str = "wis",
        objects: bool = False,
        harmless: bool = False,
        bonus: int = 0,
        damage: int | None = None,
        energy: bool = False,
        damage_taken: int | None = None,
        voluntary_fail: bool = False,
        item: str | None = None,
        chooser: Callable[[Sequence[str]], str] | None = None,
        ruling: str | None = None,
        note: str | None = None,
    ) -> None:
        """A saving throw (SPEC §4 "Saves"), judged by seed 001 and recorded as the GM rules.

        ``chooser`` picks the exposed item among the choosable names when ``item`` is not given
        (the application passes its DiceRoller's uniform choice, RULES D-7).
        """
        inputs = {
            "vs": vs, "save_type": save_type, "dc": dc, "spell_level": spell_level,
            "ability_mod": ability_mod, "class_name": class_name, "ability_score": ability_score,
            "paladin_ability": paladin_ability, "effect": effect, "objects": objects,
            "harmless": harmless, "bonus": bonus, "damage": damage, "energy": energy,
            "damage_taken": damage_taken, "voluntary_fail": voluntary_fail, "item": item,
            "ruling": ruling,
        }  # fmt: skip
        if not isinstance(vs, str) or not vs.strip():
            raise ImpossibleInput("a save is against something (--vs)", field="vs", value=vs)
        save_type = self.check_save_type(save_type)
        kind = rules.effect_kind(effect)
        self.check_ruling(ruling, SAVE_RULINGS)
        check_whole(bonus, "bonus")
        if damage_taken is not None:
            check_whole(damage_taken, "damage_taken", 0)
        dc_formula = self.check_dc_formula(
            spell_level, ability_mod, class_name, ability_score, paladin_ability
        )
        if dc is not None:
            check_whole(dc, "dc", 0)
        in_force = dc if dc is not None else dc_formula
        no_save = kind.on_success is None or voluntary_fail or (harmless and roll is None)
        if in_force is None and not no_save:
            raise ImpossibleInput(
                "a save needs its DC: --dc, or --spell-level with --ability-mod (or --class "
                "and --ability-score)",
                field="dc",
                expected="--dc N, or --spell-level L with --ability-mod M or with --class C and "
                "--ability-score S",
            )
        if roll is None and not no_save:
            raise ImpossibleInput(
                "a save needs a d20 roll (the tracker rolls one when none is entered)",
                field="roll",
                expected="one natural face 1–20",
            )
        save_bonus = None
        if roll is not None and not (kind.on_success is None or voluntary_fail):
            save_bonus = self.check_saves_set(save_type)
        total_bonus = None if save_bonus is None else save_bonus + bonus
        # Seed 001, "Les jets de sauvegarde", "Jet de sauvegarde et objets" (RULES B.3, D-7)
        result = rules.resolve_save(
            bonus=total_bonus or 0,
            dc=in_force or 0,
            roll=roll,
            effect=kind.key,
            damage=damage,
            voluntary_fail=voluntary_fail,
            harmless=harmless,
        )
        rules_say = "success" if result.success else "failure"  # no save: the full effect
        ruled = ruling if ruling is not None else rules_say
        ruled_damage = result.damage
        if ruled != rules_say:  # the state follows the ruling (SPEC §2)
            ruled_damage = _outcome_damage(kind.key, damage, ruled == "success")
        exposes = objects and result.natural_one
        if item is not None and not exposes:
            raise ImpossibleInput(
                "an item is exposed only by a natural 1 against an effect that harms objects "
                "(--objects)",
                field="item",
                value=item,
                expected="no --item, or a natural 1 with --objects",
            )
        exposure = self.choose_exposed(item, chooser) if exposes else None
        event_class = self.SaveMade if ruled == "success" else self.SaveFailed
        self.trigger_event(
            event_class,
            vs=vs.strip(),
            save_type=save_type,
            effect=kind.key,
            inputs=inputs,
            roll=None if roll is None else roll.as_record(),
            dc=in_force,
            dc_formula=dc_formula,
            dc_differs=dc is not None and dc_formula is not None and dc != dc_formula,
            save_bonus=save_bonus,
            bonus=total_bonus,
            rolls=result.rolls,
            natural=result.natural,
            total=result.total,
            rules_say=rules_say,
            ruled=ruled,
            contradicts=ruled != rules_say,
            rules_damage=result.damage,
            ruled_damage=ruled_damage,
            damage_taken=damage_taken if damage_taken is not None else ruled_damage,
            damage_differs=(
                damage_taken is not None
                and result.damage is not None
                and damage_taken != result.damage
            ),
            exposes=exposes,
            note=note,
            ruleset=SAVES_RULESET,
        )
        if exposure is not None:
            self.trigger_event(
                self.ItemExposed,
                **exposure,
                save_type=save_type,
                dc=in_force,
                effect=kind.key,
                damage=damage,
                energy=energy,
                save_bonus=total_bonus,
                note=None,
                ruleset=SAVES_RULESET,
            )

    @staticmethod
    def check_dc_formula(
        spell_level: int | None,
        ability_mod: int | None,
        class_name: str | None,
        ability_score: int | None,
        paladin_ability: str,
    ) -> int | None:
        """10 + spell level + ability modifier (seed 001, "Degré de difficulté"; D-6)."""
        if spell_level is None:
            given = [
                what
                for what, value in (
                    ("the ability modifier", ability_mod),
                    ("the class", class_name),
                    ("the ability score", ability_score),
                )
                if value is not None
            ]
            if given:
                raise ImpossibleInput(
                    f"{given[0]} enters the DC with the spell's level: give it too",
                    field="spell_level",
                    expected="--spell-level L with it (10 + L + the ability modifier)",
                )
            return None
        found = rules.spell_dc(
            spell_level,
            ability_mod=ability_mod,
            class_name=class_name,
            ability_score=ability_score,
            paladin_ability=paladin_ability,
        )
        if found.dc < 0:  # said of the formula, not of a --dc the GM never gave
            raise ImpossibleInput(
                f"10 + {found.spell_level} + ({found.ability_mod}) = {found.dc}: a DC cannot be "
                "below 0",
                field="ability_mod" if ability_mod is not None else "ability_score",
                value=ability_mod if ability_mod is not None else ability_score,
                expected="a modifier that gives a DC of 0 or more",
            )
        return found.dc

    def carried_items(self) -> list[rules.CarriedItem]:
        """The items a natural 1 can expose, in acquisition order (a destroyed one is gone;
        the rules leave out the unattended ones): what seed 001's table ranks (RULES D-7)."""
        return [
            rules.CarriedItem(i["name"], i["slot"], i["magic"], i["unattended"])
            for i in self._items
            if i["state"] != "destroyed"
        ]

    def choose_exposed(
        self, item: str | None, chooser: Callable[[Sequence[str]], str] | None
    ) -> dict[str, Any] | None:
        """The ItemExposed fields: the four most likely items carried or worn (seed 001, "Jet
        de sauvegarde et objets"; RULES B-2, D-7), the GM's item or the tracker's choice."""
        ranked = rules.item_candidates(self.carried_items())
        choosable = [i.name for i in ranked.choosable]
        if item is not None:
            chosen, chosen_by = self.item_named(item)["name"], "gm"
        elif not choosable:
            return None  # nothing carried or worn can be exposed
        else:
            if chooser is None:
                raise ImpossibleInput(
                    "name the exposed item, or let the tracker choose among the candidates",
                    field="item",
                    expected=", ".join(choosable),
                )
            chosen, chosen_by = chooser(choosable), "tracker"
            if chosen not in choosable:
                raise ValueError(f"the chooser returned {chosen!r}, not one of {choosable}")
        return {
            "item": chosen,
            "candidates": [i.name for i in ranked.candidates],
            "tied": [i.name for i in ranked.tied],
            "ranks": list(ranked.ranks),
            "among_candidates": chosen in choosable,
            "chosen_by": chosen_by,
            "rules_say": choosable,
            "ruled": chosen,
        }
