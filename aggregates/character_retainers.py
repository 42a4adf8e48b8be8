"""A retainer's loyalty: set when it is hired, adjusted, and tested
(docs/log-language.md#characters, #loyalty; docs/rules.md#retainers-and-loyalty, #d-5).

A mixin of :class:`aggregates.character.Character`: the commands, their checks and the rules
calls (:mod:`campaign.rules.morale`, OSE's Retainers). The events and their mutations are on the
aggregate itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aggregates.refusals import renamed
from aggregates.values import check_reason, check_total, check_whole
from campaign.commands import CharacterCreate, LoyaltyModifier, LoyaltyTest
from campaign.core.errors import ImpossibleInput
from campaign.core.handles import check_handle
from campaign.core.i18n import N_
from campaign.rules.dice import TWO_D6, Roll
from campaign.rules.morale import QUIT, loyalty_test, retainer_loyalty

LOYALTY_RULESET = "ose-loyalty/1"
# What only a retainer has, as a message names it (the CLI leads with the option itself)
_RETAINERS = {
    "employer_cha": N_(
        "the employer's CHA is a retainer's: give --retainer-of (the employing character) too"
    ),
    "hiring_roll": N_(
        "a hiring roll is a retainer's: give --retainer-of (the employing character) too"
    ),
    "reaction_mod": N_(
        "a reaction modifier is a retainer's: give --retainer-of (the employing character) too"
    ),
    "loyalty": N_("loyalty is a retainer's: give --retainer-of (the employing character) too"),
}


def _option(field: str) -> str:
    """``employer_cha`` → ``--employer-cha``: the option a message tells the GM to give."""
    return "--" + field.replace("_", "-")


def check_no_retainer_terms(command: CharacterCreate) -> None:
    """A character that is nobody's retainer takes none of a retainer's terms."""
    given = {
        "employer_cha": command.employer_cha,
        "hiring_roll": command.hiring_roll,
        "loyalty": command.loyalty,
    }
    named = [k for k, v in given.items() if v is not None]
    named += ["reaction_mod"] * bool(command.reaction_mod)
    if named:
        raise ImpossibleInput(
            _RETAINERS[named[0]],
            field=named[0],
            value=given.get(named[0], command.reaction_mod),
            expected=N_("--retainer-of PC with {option}"),
            values={"option": _option(named[0])},
        )


def check_retainer_terms(command: CharacterCreate, handle: str, hiring_roll: Roll | None) -> str:
    """A retainer's employer (another character: its handle) and what its loyalty comes from:
    the employer's CHA, with a 2d6 hiring roll if any, or the GM's explicit loyalty."""
    assert command.retainer_of is not None
    employer = check_handle(command.retainer_of, field="retainer_of")
    if employer == handle:
        raise ImpossibleInput(
            N_("{who} cannot be its own retainer"),
            field="retainer_of",
            value=command.retainer_of,
            expected=N_("another character's handle"),
            values={"who": handle},
        )
    if command.employer_cha is None and command.loyalty is None:
        raise ImpossibleInput(
            N_(
                "a retainer's loyalty comes from the employer's CHA (--employer-cha) or is given "
                "(--loyalty)"
            ),
            field="employer_cha",
            expected=N_("--employer-cha 3–18, or --loyalty N"),
            values={},
        )
    if command.loyalty is not None:
        check_whole(command.loyalty, "loyalty")
    if hiring_roll is not None and (hiring_roll.dice != TWO_D6 or command.employer_cha is None):
        raise ImpossibleInput(
            N_("a hiring roll is a 2d6 judged with the employer's CHA (--employer-cha)"),
            field="hiring_roll",
            value=str(hiring_roll),
            expected=N_("2d6 (faces such as 3,5 or a total 2–12), with --employer-cha"),
            values={},
        )
    return employer


def retainer_fields(
    command: CharacterCreate, handle: str, hiring_roll: Roll | None
) -> dict[str, Any]:
    """CharacterCreated's retainer fields: loyalty by OSE's CHA table
    (docs/rules.md#retainers-and-loyalty, #d-5), or the GM's explicit loyalty recorded beside it
    (LOY002 when it differs)."""
    fields: dict[str, Any] = {
        "retainer_of": None,
        "employer_cha": command.employer_cha,
        "hiring_roll": None if hiring_roll is None else hiring_roll.as_record(),
        "reaction_mod": check_whole(command.reaction_mod, "reaction_mod"),
        "hiring_reaction": None,
        "loyalty": None,
        "rules_say": None,
        "ruled": None,
        "differs": False,
        "ruleset": None,
    }
    if command.retainer_of is None:
        check_no_retainer_terms(command)
        return fields
    employer = check_retainer_terms(command, handle, hiring_roll)
    rules_say = None
    if command.employer_cha is not None:
        try:
            # OSE Retainers: loyalty by the employer's CHA, +1 on a hiring reaction of 12+
            # (docs/rules.md#d-5)
            table = retainer_loyalty(
                command.employer_cha, hiring_roll=hiring_roll, reaction_mod=command.reaction_mod
            )
        except ImpossibleInput as error:
            raise renamed(error, "employer_cha", command.employer_cha, "3–18") from None
        rules_say = table.loyalty
        fields["hiring_reaction"] = None if table.reaction is None else table.reaction.total
    ruled = command.loyalty if command.loyalty is not None else rules_say
    fields.update(retainer_of=employer, loyalty=ruled, rules_say=rules_say, ruled=ruled)
    fields.update(differs=rules_say is not None and ruled != rules_say, ruleset=LOYALTY_RULESET)
    return fields


class RetainerCommands:
    """A retainer's loyalty: commands of :class:`~aggregates.character.Character`."""

    handle: str
    retainer_of: str | None
    in_service: bool
    _loyalty: int | None
    trigger_event: Callable[..., None]
    LoyaltyModified: Any
    LoyaltyTested: Any

    @property
    def loyalty(self) -> int | None:
        return self._loyalty

    def check_retainer(self) -> int:
        """A retainer's loyalty: only retainers have one (docs/rules.md#d-5)."""
        if self.retainer_of is None or self._loyalty is None:
            raise ImpossibleInput(
                N_("{who} is not a retainer: only retainers have loyalty"),
                field="handle",
                value=self.handle,
                expected=N_("a retainer (character create … --retainer-of PC)"),
                values={"who": self.handle},
            )
        return self._loyalty

    def check_in_service(self) -> None:
        if not self.in_service:
            raise ImpossibleInput(
                N_("{who} has quit {employer}'s service"),
                field="handle",
                value=self.handle,
                expected=N_("a retainer in service"),
                values={"who": self.handle, "employer": self.retainer_of},
            )

    @staticmethod
    def check_loyalty_roll(roll: Roll | None) -> Roll:
        if roll is None or roll.dice != TWO_D6:
            raise ImpossibleInput(
                N_("a loyalty check is a 2d6 roll"),
                field="roll",
                value=None if roll is None else str(roll),
                expected=N_("2d6: faces such as 3,5 or a total 2–12"),
                values={},
            )
        return roll

    def modify_loyalty(self, command: LoyaltyModifier) -> None:
        """Rescued, rewarded, ill-treated: OSE Retainers, loyalty "may be adjusted"
        (docs/rules.md#d-5)."""
        before = self.check_retainer()
        value = check_whole(command.value, "value")
        check_total(before, value, "value", "loyalty", self.handle)
        check_reason(command.reason, "loyalty")
        self.trigger_event(
            self.LoyaltyModified,
            value=value,
            reason=command.reason.strip(),
            loyalty_before=before,
            loyalty=before + value,
            note=command.note,
        )

    def test_loyalty(self, command: LoyaltyTest, *, roll: Roll | None) -> None:
        """A loyalty check (OSE Retainers: 2d6 ≤ loyalty stays; docs/rules.md#d-5). A ruled ``quit``
        ends the service; ``stay`` and ``flee`` keep it (the state follows the ruling,
        docs/rules.md#d-0)."""
        loyalty = self.check_retainer()
        self.check_in_service()
        roll = self.check_loyalty_roll(roll)
        test = loyalty_test(loyalty, roll, occasion=command.occasion)  # OSE Retainers, "Loyalty"
        ruled = command.ruling if command.ruling is not None else test.outcome
        contradicts = test.contradicted_by(str(ruled))  # LOY001; refuses a word not a ruling
        self.trigger_event(
            self.LoyaltyTested,
            occasion=command.occasion,
            loyalty=loyalty,
            roll=roll.as_record(),
            rules_say=test.outcome,
            ruled=ruled,
            contradicts=contradicts,
            in_service=ruled != QUIT,
            note=command.note,
            ruleset=LOYALTY_RULESET,
        )
