"""The encounters of a generated campaign: groups, companies joining, casualties, morale tests,
adjustments, saving throws, flaws and loyalty tests, each a valid log line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from benchmarks.world import (
    MONSTERS,
    NAMES,
    NOTES,
    PLACES,
    SPELLS,
    Character,
    Encounter,
    Group,
    quote,
    two_d6,
)

if TYPE_CHECKING:
    from benchmarks.generate import Campaign


class Fight:
    """One encounter written out as log lines, with the campaign's dice (its ``rng``)."""

    def __init__(self, campaign: Campaign) -> None:
        self.campaign = campaign
        self.rng = campaign.rng

    def write(self, budget: float) -> None:
        """An encounter: its groups, the companies that join it, blows until ``budget``."""
        rng = self.rng
        encounter = Encounter(self.campaign.new(rng.choice(PLACES)))
        self.campaign.emit(
            f"encounter start {encounter.handle} --name {quote(f'At the {encounter.handle}')}"
        )
        for _ in range(rng.randint(1, 3)):
            kind, morale, (low, high) = rng.choice(MONSTERS)
            group = kind if kind not in encounter.groups else self.campaign.new(kind)
            count = rng.randint(low, high)
            encounter.groups[group] = Group(group, count)
            self.campaign.emit(
                f"encounter group {encounter.handle} {group} --count {count} --morale {morale}"
            )
        ready = [c for c in self.campaign.companies if c.in_service and c.fit > 0]
        for company in rng.sample(ready, min(len(ready), rng.randint(0, 2))):
            encounter.groups[company.handle] = Group(company.handle, company.fit, company)
            self.campaign.emit(f"encounter join {encounter.handle} {company.handle}")
        for _ in range(rng.randint(6, 30)):
            if self.campaign.events >= budget - 2:
                break
            self._blow(encounter)
        self.campaign.emit(f"encounter end {encounter.handle}", 1.2)
        self.campaign.emit(f"clock advance {rng.choice(('10min', '4turns', '1h', '5rounds'))}")

    def _blow(self, encounter: Encounter) -> None:
        rng = self.rng
        standing = [g for g in encounter.groups.values() if g.able > 0]
        roll = rng.random()
        if roll < 0.3 and standing:
            self._casualty(encounter, rng.choice(standing))
        elif roll < 0.5 and standing:
            group = rng.choice(standing)
            line = f"morale {encounter.handle} {group.handle} --roll {two_d6(rng)}"
            if rng.random() < 0.1:
                line += f" --ruling {rng.choice(('fight', 'flee', 'surrender'))}"
            elif rng.random() < 0.05:
                line += " --cornered"
            self.campaign.emit(line)
        elif roll < 0.6 and standing:
            group = rng.choice(standing)
            value = rng.choice((-2, -1, -1, +1, +2))
            reason = rng.choice(("leader slain", "cornered", "outnumbered", "in their lair"))
            self.campaign.emit(
                f"adjust {encounter.handle} {group.handle} {value:+d} --reason {quote(reason)}"
            )
        elif roll < 0.65:
            monsters = [g for g in encounter.groups.values() if g.company is None]
            group = rng.choice(monsters)
            self.campaign.emit(
                f"encounter rating {encounter.handle} {group.handle} {rng.randint(4, 10)} "
                f"--reason {quote('their leader falls')}"
            )
        elif roll < 0.8 and self.campaign.characters:
            self._save(rng.choice(self.campaign.characters))
        elif roll < 0.9:
            self._trait()
        elif roll < 0.95:
            self._loyalty()
        else:
            self.campaign.emit(f"note {quote(rng.choice(NOTES))}")

    def _casualty(self, encounter: Encounter, group: Group) -> None:
        rng = self.rng
        n = rng.randint(1, min(group.able, 3))
        incapacitated = rng.random() < 0.3
        group.able -= n
        line = f"casualty {encounter.handle} {group.handle}"
        line += f" {n}" if n > 1 or rng.random() < 0.5 else ""
        line += " --incapacitated" if incapacitated else ""
        if rng.random() < 0.4:
            line += f" --cause {quote(rng.choice(NAMES) + chr(39) + 's blade')}"
        events = 1.6
        if group.company is not None:
            events += 1
            if incapacitated:
                group.company.incapacitated += n
            else:
                group.company.killed += n
        self.campaign.emit(line, events)

    def _save(self, character: Character) -> None:
        rng = self.rng
        if not character.saves:
            saves = {t: rng.randint(0, 5) for t in ("fortitude", "reflex", "will")}
            character.saves = saves
            self.campaign.emit(
                f"character saves {character.handle} --fortitude {saves['fortitude']} "
                f"--reflex {saves['reflex']} --will {saves['will']}"
            )
        vs, kind, effect, harms_objects = rng.choice(SPELLS)
        natural = rng.randint(1, 20)
        line = f"save {character.handle} --vs {quote(vs)} --type {kind}"
        if rng.random() < 0.5:
            line += f" --dc {rng.randint(11, 19)}"
        else:
            line += f" --spell-level {rng.randint(1, 5)} --ability-mod {rng.randint(1, 5)}"
        line += f" --effect {effect}"
        if effect == "half":
            line += f" --damage {rng.randint(6, 40)}"
            if rng.random() < 0.5:
                line += " --energy"
        exposable = [item for item in character.items if item not in character.spent]
        exposes = harms_objects and natural == 1 and exposable
        if harms_objects:
            line += " --objects"
        line += f" --roll {natural}"
        if exposes:
            line += f" --item {quote(exposable[0])}"
        self.campaign.emit(line)
        if exposes:
            self.campaign.emit(f"item-save {character.handle} --roll {rng.randint(1, 20)}")
            if exposable[0] in character.with_hp:
                character.spent.add(exposable[0])

    def _trait(self) -> None:
        rng = self.rng
        with_flaws = [c for c in self.campaign.characters if c.flaws]
        if not with_flaws:
            return
        character = rng.choice(with_flaws)
        flaw = rng.choice(character.flaws)
        line = f"trait {character.handle} {flaw} --result {rng.randint(2, 18)}"
        self.campaign.emit(line)

    def _loyalty(self) -> None:
        retainers = [c for c in self.campaign.characters if c.retainer]
        if not retainers:
            return
        retainer = self.rng.choice(retainers)
        self.campaign.emit(f"loyalty {retainer.handle} --roll {two_d6(self.rng)}")
