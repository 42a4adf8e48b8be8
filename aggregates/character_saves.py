"""A character's saving throws and the items a natural 1 exposes (docs/log-language.md#saves;
docs/rules.md#d20-saving-throws-and-items).

A mixin of :class:`aggregates.character.Character`: the ``save`` command, its checks and the rules
calls; the events and their mutations are on the aggregate itself. Every judgement is
:mod:`campaign.rules.saves`'s (seed 001; docs/rules.md#d-6, #d-7); here the rules' answer is put
beside the GM's ruling, and the state follows the ruling (docs/rules.md#d-0).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from aggregates.values import check_whole
from campaign.commands import CharacterSaves, SavingThrow
from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_
from campaign.rules import saves as rules
from campaign.rules.dice import D20, Roll

SAVES_RULESET = "d20-saves/1"
SAVE_TYPES = ("fortitude", "reflex", "will")  # seed 001, "Les jets de sauvegarde"
SAVE_RULINGS = ("success", "failure")
# A save's ``inputs``: its options and the campaign's paladin ability (the DC of ``--class``
# follows it), in the order stored saves hold them (an export writes them so).
SAVE_INPUTS = (
    "vs", "save_type", "dc", "spell_level", "ability_mod", "class_name", "ability_score",
    "paladin_ability", "effect", "objects", "harmless", "bonus", "damage", "energy",
    "damage_taken", "voluntary_fail", "item", "ruling",
)  # fmt: skip


def _natural(success: bool) -> Roll:
    """A d20 face that forces ``success`` (natural 20 / 1): to ask the rules what the ruled outcome
    deals, without re-deriving it (docs/rules.md#d-7: natural 1 fails, natural 20 succeeds)."""
    return Roll(D20, 20 if success else 1)


def _outcome_damage(effect: str, damage: int | None, success: bool) -> int | None:
    """The damage of ``success`` or failure against ``effect``, by the rules (seed 001)."""
    if rules.effect_kind(effect).on_success is None:
        effect = "negates"  # no save exists: a success ruled anyway leaves nothing
    return rules.resolve_save(
        bonus=0, dc=0, roll=_natural(success), effect=effect, damage=damage
    ).damage


def no_save_rolled(command: SavingThrow, kind: Any, roll: Roll | None) -> bool:
    """Whether the save rolls no d20: no save exists against the effect, the target fails on
    purpose, or a harmless effect is accepted (no roll given)."""
    return kind.on_success is None or command.voluntary_fail or (command.harmless and roll is None)


def check_dc_formula(command: SavingThrow, paladin_ability: str) -> int | None:
    """10 + spell level + ability modifier (seed 001, "Degré de difficulté"; docs/rules.md#the-dc,
    #d-6)."""
    if command.spell_level is None:
        if command.ability_mod is not None:
            given = N_("the ability modifier enters the DC with the spell's level: give it too")
        elif command.class_name is not None:
            given = N_("the class enters the DC with the spell's level: give it too")
        elif command.ability_score is not None:
            given = N_("the ability score enters the DC with the spell's level: give it too")
        else:
            return None
        raise ImpossibleInput(
            given,
            field="spell_level",
            expected=N_("--spell-level L with it (10 + L + the ability modifier)"),
            values={},
        )
    found = rules.spell_dc(
        command.spell_level,
        ability_mod=command.ability_mod,
        class_name=command.class_name,
        ability_score=command.ability_score,
        paladin_ability=paladin_ability,
    )
    if found.dc < 0:  # said of the formula, not of a --dc the GM never gave
        by_mod = command.ability_mod is not None
        raise ImpossibleInput(
            N_("10 + {level} + ({mod}) = {dc}: a DC cannot be below 0"),
            field="ability_mod" if by_mod else "ability_score",
            value=command.ability_mod if by_mod else command.ability_score,
            expected=N_("a modifier that gives a DC of 0 or more"),
            values={"level": found.spell_level, "mod": found.ability_mod, "dc": found.dc},
        )
    return found.dc


def check_dc(command: SavingThrow, paladin_ability: str) -> tuple[int | None, int | None]:
    """The DC of the spell's formula (None without one) and the DC in force: the GM's when
    given (SAV001 when they differ), else the formula's."""
    dc_formula = check_dc_formula(command, paladin_ability)
    if command.dc is not None:
        check_whole(command.dc, "dc", 0)
    return dc_formula, command.dc if command.dc is not None else dc_formula


def check_dc_and_roll(in_force: int | None, roll: Roll | None, no_save: bool) -> None:
    """A save that is rolled needs its DC and its d20."""
    if in_force is None and not no_save:
        raise ImpossibleInput(
            N_(
                "a save needs its DC: --dc, or --spell-level with --ability-mod (or --class "
                "and --ability-score)"
            ),
            field="dc",
            expected=N_(
                "--dc N, or --spell-level L with --ability-mod M or with --class C and "
                "--ability-score S"
            ),
            values={},
        )
    if roll is None and not no_save:
        raise ImpossibleInput(
            N_("a save needs a d20 roll (the tracker rolls one when none is entered)"),
            field="roll",
            expected=N_("one natural face 1–20"),
            values={},
        )


def check_item_exposed(item: str | None, exposes: bool) -> None:
    if item is not None and not exposes:
        raise ImpossibleInput(
            N_(
                "an item is exposed only by a natural 1 against an effect that harms objects "
                "(--objects)"
            ),
            field="item",
            value=item,
            expected=N_("no --item, or a natural 1 with --objects"),
            values={},
        )


def judged_save(command: SavingThrow, result: Any, effect: str) -> dict[str, Any]:
    """SaveResolved's judgement: the rules' outcome and damage beside the GM's ruling, and the
    damage the character takes — the ruled outcome's, unless the GM says (docs/rules.md#d-0)."""
    rules_say = "success" if result.success else "failure"  # no save: the full effect
    ruled = command.ruling if command.ruling is not None else rules_say
    ruled_damage = result.damage
    if ruled != rules_say:  # the state follows the ruling (docs/rules.md#d-0)
        ruled_damage = _outcome_damage(effect, command.damage, ruled == "success")
    taken = command.damage_taken
    return {
        "rolls": result.rolls,
        "natural": result.natural,
        "total": result.total,
        "rules_say": rules_say,
        "ruled": ruled,
        "contradicts": ruled != rules_say,
        "rules_damage": result.damage,
        "ruled_damage": ruled_damage,
        "damage_taken": taken if taken is not None else ruled_damage,
        "damage_differs": taken is not None and result.damage not in (None, taken),
    }


class SaveCommands:
    """Saving throws: commands of :class:`~aggregates.character.Character`."""

    handle: str
    _items: list[dict[str, Any]]
    _saves: dict[str, int] | None
    trigger_event: Callable[..., None]
    item_named: Callable[..., dict[str, Any]]
    SavesSet: Any
    SaveMade: Any
    SaveFailed: Any
    ItemExposed: Any

    @property
    def saves(self) -> dict[str, int] | None:
        return None if self._saves is None else dict(self._saves)

    # --- checks ----------------------------------------------------------------------------------

    def check_save_type(self, save_type: object, field: str = "save_type") -> str:
        key = save_type.strip().lower() if isinstance(save_type, str) else None
        if key not in SAVE_TYPES:
            raise ImpossibleInput(
                N_("{save_type} is not a save type"),
                field=field,
                value=save_type,
                expected="{choices}",
                values={"save_type": repr(save_type), "choices": ", ".join(SAVE_TYPES)},
            )
        return key

    def check_saves_set(self, save_type: str) -> int:
        """The character's bonus of that type; missing saves name the command that sets them."""
        if self._saves is None:
            raise ImpossibleInput(
                N_(
                    "{who} has no save bonuses yet: record them first with "
                    "`character saves {who} --fortitude N --reflex N --will N`"
                ),
                field="saves",
                expected=N_("character saves {who} … first"),
                values={"who": self.handle},
            )
        return self._saves[save_type]

    @staticmethod
    def check_ruling(ruling: str | None, allowed: Sequence[str]) -> None:
        if ruling is not None and ruling not in allowed:
            raise ImpossibleInput(
                N_("{ruling} is not a ruling here"),
                field="ruling",
                value=ruling,
                expected="{choices}",
                values={"ruling": repr(ruling), "choices": ", ".join(allowed)},
            )

    def check_save_options(self, command: SavingThrow) -> tuple[str, Any]:
        """The save's type and the kind of its effect (seed 001), its options checked."""
        if not isinstance(command.vs, str) or not command.vs.strip():
            raise ImpossibleInput(
                N_("a save is against something (--vs)"), field="vs", value=command.vs, values={}
            )
        save_type = self.check_save_type(command.save_type)
        kind = rules.effect_kind(command.effect)
        self.check_ruling(command.ruling, SAVE_RULINGS)
        check_whole(command.bonus, "bonus")
        if command.damage_taken is not None:
            check_whole(command.damage_taken, "damage_taken", 0)
        return save_type, kind

    # --- commands --------------------------------------------------------------------------------

    def set_saves(self, command: CharacterSaves) -> None:
        """The character's save bonuses, as the GM computed them (docs/rules.md#saving-throws)."""
        bonuses = {"fortitude": command.fortitude, "reflex": command.reflex, "will": command.will}
        for field, value in bonuses.items():
            check_whole(value, field)
        self.trigger_event(self.SavesSet, **bonuses, note=command.note)

    def save(
        self,
        command: SavingThrow,
        *,
        roll: Roll | None,
        paladin_ability: str = "wis",
        chooser: Callable[[Sequence[str]], str] | None = None,
    ) -> None:
        """A saving throw (docs/log-language.md#saves): judged by seed 001, recorded as ruled.

        ``roll``: the d20 (None where none is rolled); ``paladin_ability``: the campaign's setting,
        which a DC from ``--class`` follows (docs/rules.md#d-6); ``chooser`` picks the exposed item
        among the choosable names when ``--item`` is not given (the tracker's uniform choice,
        docs/rules.md#d-7).
        """
        given = {**vars(command), "paladin_ability": paladin_ability}
        inputs = {name: given[name] for name in SAVE_INPUTS}
        save_type, kind = self.check_save_options(command)
        dc_formula, in_force = check_dc(command, paladin_ability)
        check_dc_and_roll(in_force, roll, no_save_rolled(command, kind, roll))
        save_bonus = None
        if roll is not None and not (kind.on_success is None or command.voluntary_fail):
            save_bonus = self.check_saves_set(save_type)
        total_bonus = None if save_bonus is None else save_bonus + command.bonus
        # Seed 001, "Les jets de sauvegarde", "Jet de sauvegarde et objets"
        # (docs/rules.md#saving-throws, #d-7)
        result = rules.resolve_save(
            bonus=total_bonus or 0, dc=in_force or 0, roll=roll, effect=kind.key,
            damage=command.damage, voluntary_fail=command.voluntary_fail,
            harmless=command.harmless,
        )  # fmt: skip
        exposes = command.objects and result.natural_one
        check_item_exposed(command.item, exposes)
        exposure = self.choose_exposed(command.item, chooser) if exposes else None
        judged = judged_save(command, result, kind.key)
        self.trigger_event(
            self.SaveMade if judged["ruled"] == "success" else self.SaveFailed,
            vs=command.vs.strip(),
            save_type=save_type,
            effect=kind.key,
            inputs=inputs,
            roll=None if roll is None else roll.as_record(),
            dc=in_force,
            dc_formula=dc_formula,
            dc_differs=command.dc is not None and dc_formula not in (None, command.dc),
            save_bonus=save_bonus,
            bonus=total_bonus,
            **judged,
            exposes=exposes,
            note=command.note,
            ruleset=SAVES_RULESET,
        )
        # the save's terms: its item saves against them (docs/log-language.md#item-saves)
        if exposure is not None:
            terms = {"save_type": save_type, "dc": in_force, "effect": kind.key}
            terms |= {"damage": command.damage, "energy": command.energy, "save_bonus": total_bonus}
            self.trigger_event(
                self.ItemExposed, **exposure, **terms, note=None, ruleset=SAVES_RULESET
            )
