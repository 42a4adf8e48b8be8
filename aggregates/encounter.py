"""An encounter: its groups' morale, casualties and tests (docs/log-language.md#encounters;
docs/rules.md#ose-morale-mercenaries-and-retainers).

Each group — a monster group or a joined company, one namespace — holds one immutable
:class:`GroupMorale` from ``campaign/rules/morale/``, kept as a plain dict so that snapshots
transcode it. The commands live in the mixin ``encounter_commands`` (each checks for impossible
input first, then records what the rules say beside the GM's ruling; the state follows the ruling,
docs/rules.md#d-0) and the events' fields in ``encounter_events``. The events are nested here and
applied by the ``@event`` methods below: each body replays a transition of the state machine from
the inputs its event stores, so no rule is written here.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from aggregates import encounter_events as events
from aggregates.base import LedgerAggregate, aggregate_id
from aggregates.encounter_commands import COMPANY, MONSTERS, EncounterCommands
from campaign.commands import EncounterStart
from campaign.core.errors import UnknownHandle
from campaign.core.handles import check_handle
from campaign.core.i18n import N_
from campaign.rules.dice import TWO_D6, Roll
from campaign.rules.morale import FIRST_DEATH, GroupMorale

# GroupMorale's fields are flat values: read directly, not through dataclasses.asdict, whose
# recursive deep copy was a quarter of a rebuild's aggregate updates.
_MORALE_FIELDS = tuple(f.name for f in fields(GroupMorale))


class Encounter(EncounterCommands, LedgerAggregate):
    """One fight (it may span sessions); each group in it is its own side (docs/rules.md#d-2)."""

    # --- events: nested here (Encounter.MoraleTested, …), fields in encounter_events -------------

    Event = events.Event
    EncounterStarted = events.EncounterStarted
    Judged = events.Judged
    GroupAdded = events.GroupAdded
    CompanyJoined = events.CompanyJoined
    MoraleCheckLapsed = events.MoraleCheckLapsed
    CasualtyRecorded = events.CasualtyRecorded
    MoraleCheckDue = events.MoraleCheckDue
    AdjustmentMade = events.AdjustmentMade
    GroupRerated = events.GroupRerated
    MoraleTested = events.MoraleTested
    MembersRecovered = events.MembersRecovered
    CompanyLeft = events.CompanyLeft
    EncounterEnded = events.EncounterEnded

    # --- creation --------------------------------------------------------------------------------

    @staticmethod
    def create_id(handle: str) -> UUID:
        return aggregate_id("encounter", handle)

    @classmethod
    def start(cls, command: EncounterStart) -> Encounter:
        """``encounter start``: a fight begins (it may span sessions)."""
        handle = check_handle(command.handle, field="encounter")
        return cls(handle, name=command.name, note=command.note)

    @event(EncounterStarted)
    def __init__(self, handle: str, name: str | None = None, note: str | None = None) -> None:
        self.handle = handle
        self.name = name
        self.ended = False
        # group handle → {"kind", "name", "company", "morale": GroupMorale fields, "due_position"}
        self._groups: dict[str, dict[str, Any]] = {}

    # --- queries ---------------------------------------------------------------------------------

    @property
    def groups(self) -> list[str]:
        """Group handles in creation order, joined companies included."""
        return list(self._groups)

    def group_state(self, group: str) -> GroupMorale:
        stored = self._entry(group)["morale"]
        return GroupMorale(**{**stored, "checks_due": tuple(stored["checks_due"])})

    def group_kind(self, group: str) -> str:
        """``monsters`` or ``company`` (a company's group handle is the company's handle)."""
        return self._entry(group)["kind"]

    def group_name(self, group: str) -> str | None:
        return self._entry(group)["name"]

    def due_position(self, group: str) -> int | None:
        """The position of the casualty that made the group's pending check due, if any."""
        return self._entry(group)["due_position"]

    def _entry(self, group: str) -> dict[str, Any]:
        entry = self._groups.get(group)
        if entry is None:
            known = ", ".join(self._groups)
            raise UnknownHandle(
                N_("encounter {encounter} has no group {group}; its groups: {known}")
                if known
                else N_("encounter {encounter} has no group {group}; its groups: none yet"),
                field="group",
                value=group,
                expected="{known}" if known else N_("none yet"),
                values={"encounter": self.handle, "group": repr(group), "known": known},
            )
        return entry

    @property
    def retired_groups(self) -> tuple[str, ...]:
        """Monster groups whose creation was retracted: their handles stay used
        (docs/log-language.md#handles)."""
        return tuple(self.__dict__.get("_retired", ()))  # absent before any such retraction

    def retract(self, command: int, before: dict[str, Any] | None) -> None:
        """As any aggregate's, except that a monster group the withdrawn command added keeps its
        handle — "a handle stays taken once used" (docs/log-language.md#handles), as a retracted
        encounter, company or character does — whatever earlier state is put back."""
        if before is not None:
            added = [
                group
                for group, entry in self._groups.items()
                if entry["kind"] == MONSTERS and group not in before["_groups"]
            ]
            retired = {*before.get("_retired", ()), *self.retired_groups, *added}
            if retired:
                before = {**before, "_retired": sorted(retired)}
        super().retract(command, before)

    # --- mutations: each event's body is a transition of the rules' state machine ----------------

    def _put(self, group: str, state: GroupMorale) -> None:
        entry = self._groups[group]
        entry["morale"] = {name: getattr(state, name) for name in _MORALE_FIELDS}
        entry["morale"]["checks_due"] = list(state.checks_due)
        if not state.checks_due:
            entry["due_position"] = None

    @event(GroupAdded)
    def _add(self, group, name, count, morale, rules_say, ruled, note) -> None:
        self._groups[group] = {"kind": MONSTERS, "name": name, "company": None}
        self._put(group, GroupMorale.start(count, morale))

    @event(CompanyJoined)
    def _join(self, group, count, morale, rules_say, ruled, note) -> None:
        self._groups[group] = {"kind": COMPANY, "name": None, "company": group}
        self._put(group, GroupMorale.start(count, morale))

    @event(MoraleCheckLapsed)
    def _lapse(self, group, checks, due_position, rules_say, ruled, note) -> None:
        self._put(group, replace(self.group_state(group), checks_due=()))

    @event(CasualtyRecorded)
    def _casualty(
        self, group, n, incapacitated, cause, count, out_before, rules_say, ruled, note,
        first_death_spent=None,
    ) -> None:  # fmt: skip
        before = self.group_state(group)
        after = before.casualty(n, incapacitated=incapacitated).state
        if first_death_spent is None:  # recorded before: only a check made due spent it
            spent = before.first_death_used or FIRST_DEATH in after.checks_due
            after = replace(after, first_death_used=spent)
        self._put(group, after)

    @event(MoraleCheckDue)
    def _due(self, group, checks, due_position, rules_say, ruled, note) -> None:
        self._groups[group]["due_position"] = due_position

    @event(AdjustmentMade)
    def _adjust(self, group, value, reason, rating, adjustment, applies, rules_say, ruled, note):
        self._put(group, self.group_state(group).adjust(value))

    @event(GroupRerated)
    def _rerated(
        self, group, rating_before, rating, reason, checks_dropped, rules_say, ruled, note
    ):
        self._put(group, self.group_state(group).rerated(rating))

    @event(MoraleTested)
    def _tested(
        self, group, rating, adjustment, effective, successes_before, cornered, roll, tests,
        ruling_given, contradicts, roll_without_test, checks_answered, successes_after, status,
        rules_say, ruled, note,
    ) -> None:  # fmt: skip
        state = self.group_state(group)
        dice = Roll.from_record(roll, TWO_D6) if roll is not None else None
        self._put(group, state.tested(state.test(dice, cornered=cornered), ruled))

    @event(MembersRecovered)
    def _recovered(self, group, n, rules_say, ruled, note) -> None:
        self._put(group, self.group_state(group).recover(n))

    @event(CompanyLeft)
    def _left(self, group, lapsed, due_position, rules_say, ruled, note) -> None:
        self._put(group, self.group_state(group).left()[0])

    @event(EncounterEnded)
    def _end(self, lapsed, rules_say, ruled, note) -> None:
        for group in self._groups:
            self._put(group, self.group_state(group).ended()[0])
        self.ended = True
