"""Synthetic campaigns: session logs of N sessions × about M events, deterministic from a seed.

The mix follows a table's evening (SPEC §4): companies hired, modified, recovered, reinforced and
dismissed; encounters with monster groups and joined companies, casualties, situational
adjustments, re-ratings and morale tests (always with ``--roll``); characters with flaws,
advantages, items and save bonuses, saving throws (a natural 1 against objects is followed by the
item's save), D6Harmonie flaw rolls (``--result``), retainers' loyalty tests; notes, the clock,
and the odd ``retract last``. The generator keeps just enough state (counts, items, who is in
service) for every line to replay without an error; the rules' findings (a ruling against the
dice, an over-budget character…) are part of a realistic history and are left to the audit.

``Campaign(seed).log(sessions, events)`` returns one file's text and keeps the campaign going, so
successive calls write the next files of the same campaign (``benchmarks.run`` builds its big
stores file by file). The event count is an estimate — a casualty may also record a check that
falls due or one that lapses — and the harness counts what the store really holds.

    python -m benchmarks.generate --sessions 100 --events 200 --seed 7 > campaign.log
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass, field

HEADER = "#! campaign-log 1\n"

NAMES = (
    "Isolde", "Anselm", "Tamsin", "Corvin", "Maelis", "Brynn", "Oswin", "Hedda", "Ravel",
    "Sigrun", "Tobiah", "Wenna", "Aldric", "Ysolde", "Garrick", "Liesl",
)  # fmt: skip
MONSTERS = (
    ("goblins", 7, (4, 14)), ("bandits", 8, (5, 12)), ("wolves", 8, (3, 8)),
    ("gnolls", 8, (4, 10)), ("skeletons", 12, (4, 12)), ("kobolds", 6, (6, 16)),
    ("orcs", 8, (4, 10)), ("thralls", 2, (3, 6)), ("hobgoblins", 8, (4, 9)),
    ("cultists", 7, (3, 8)), ("ogre", 10, (1, 2)), ("lizardmen", 9, (4, 10)),
)  # fmt: skip
TROOPS = ("militia", "barbarian", "trained")
PLACES = ("ford", "mill", "barrow", "causeway", "crypt", "bridge", "camp", "tower", "marsh", "gate")
PHOBIAS = ("rats", "spiders", "snakes", "fire", "the-dark", "crowds")
WEAPONS = ("longsword", "spear", "axe", "bow", "mace")
ITEMS = (
    ("Heavy wooden shield", "shield", ""), ("Chain shirt", "armor", ""),
    ("Longsword", "held", ""), ("Cloak of resistance", "cloak", " --magic --caster-level 5"),
    ("Ring of protection", "jewelry", " --magic --caster-level 3"), ("Helm", "head", ""),
    ("Hooded lantern", "held", ""), ("Dagger", "stowed-weapon", ""),
    ("Travelling clothes", "clothing", ""),
    ("Bracers of armour", "bracers", " --magic --caster-level 7"),
)  # fmt: skip
SPELLS = (
    ("Fireball", "reflex", "half", True), ("Lightning bolt", "reflex", "half", True),
    ("Hold person", "will", "negates", False), ("Poison needle", "fortitude", "negates", False),
    ("Cone of cold", "reflex", "half", True), ("Slow", "will", "negates", False),
    ("Acid splash trap", "reflex", "half", True), ("Cause fear", "will", "partial", False),
)  # fmt: skip
REASONS = (
    "paid a month in advance", "unpaid for a fortnight", "shared the loot", "a comrade left behind",
    "fed and rested", "their captain is wounded", "promised double pay", "a hard winter march",
)  # fmt: skip
NOTES = (
    "the party rests at the inn", "rumours of a dragon in the hills", "the elder pays 200 silver",
    "a storm closes the pass", 'the innkeeper says "never again"', "Brynn's player is late",
    "a map to the old barrow", "the rivals' camp is empty", "wolves howl all night",
)  # fmt: skip


@dataclass
class Company:
    handle: str
    size: int
    killed: int = 0
    incapacitated: int = 0
    in_service: bool = True

    @property
    def fit(self) -> int:
        return self.size - self.killed - self.incapacitated


@dataclass
class Character:
    handle: str
    flaws: list[str]  # the trait line's KEY and trigger options, e.g. "greed --trigger temptation"
    retainer: bool = False
    items: list[str] = field(default_factory=list)
    saves: dict[str, int] = field(default_factory=dict)
    item_count: int = 0
    # items with hit points that made an item save: they may be destroyed, and a destroyed item
    # cannot save again (until mended), so they are not exposed again
    spent: set[str] = field(default_factory=set)
    with_hp: set[str] = field(default_factory=set)


@dataclass
class Group:
    handle: str
    able: int
    company: Company | None = None


@dataclass
class Encounter:
    handle: str
    groups: dict[str, Group] = field(default_factory=dict)


class Campaign:
    """One campaign's state, written out session by session as valid log lines."""

    def __init__(self, seed: int = 7) -> None:
        self.rng = random.Random(seed)
        self.session = 0
        self.day = 1
        self.companies: list[Company] = []
        self.characters: list[Character] = []
        self.counter = 0  # for unique handles
        self.lines: list[str] = []
        self.events = 0.0  # the estimate for the session being written

    # --- output ----------------------------------------------------------------------------------

    def log(self, sessions: int, events: int) -> str:
        """The next ``sessions`` sessions of about ``events`` events each, as one file's text."""
        self.lines = [HEADER.rstrip("\n")]
        for _ in range(sessions):
            self._session(events)
        return "\n".join(self.lines) + "\n"

    def _emit(self, line: str, events: float = 1.0) -> None:
        rng = self.rng
        if rng.random() < 0.04 and "--note" not in line and not line.startswith("note "):
            line += f" --note {_quote(rng.choice(NOTES))}"
        if rng.random() < 0.03:
            line += f"   # {rng.choice(NOTES)}"  # a comment at a word's start
        self.lines.append(line)
        self.events += events

    def _new(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}-{self.counter}"

    # --- a session -------------------------------------------------------------------------------

    def _session(self, events: int) -> None:
        rng = self.rng
        self.session += 1
        self.events = 0.0
        self.day += rng.randint(1, 6)
        date = f"2027-{1 + (self.session // 28) % 12:02d}-{1 + self.session % 28:02d}"
        self.lines.append("")
        self.lines.append(f"# Session {self.session}")
        self.lines.append(
            f"session {self.session} --date {date} --title {_quote(f'Session {self.session}')}"
        )
        self.events += 1
        self._emit(f"clock advance {rng.choice(('6h', '8h', '1d', '2d'))}")
        if self.session == 1:
            self._emit("setting paladin-ability cha")
        while self.events < events - 2:
            self._between()
            if self.events < events - 8:
                self._encounter(events - 2)
        # session end: plus the conditions that lasted until it (an estimate)
        self._emit("session end", 1 + 0.3 * len(self.characters))

    def _between(self) -> None:
        """Recruiting, bookkeeping and role-play between fights."""
        rng = self.rng
        pcs = [c for c in self.characters if not c.retainer]
        if len(pcs) < 4 or rng.random() < 0.04:
            self._character()
        elif pcs and rng.random() < 0.15:
            self._retainer(rng.choice(pcs))
        serving = [c for c in self.companies if c.in_service]
        if len(serving) < 2 or rng.random() < 0.08:
            self._hire()
        for _ in range(rng.randint(1, 3)):
            self._bookkeeping()
        if len(serving) > 4:
            dismissed = rng.choice(serving)
            dismissed.in_service = False
            self._emit(f"company dismiss {dismissed.handle}")

    def _bookkeeping(self) -> None:
        rng = self.rng
        serving = [c for c in self.companies if c.in_service]
        roll = rng.random()
        if roll < 0.25 and serving:
            company = rng.choice(serving)
            value = rng.choice((-2, -1, +1, +1, +2))
            reason = _quote(rng.choice(REASONS))
            self._emit(f"company modifier {company.handle} {value:+d} --reason {reason}")
        elif roll < 0.35 and any(c.incapacitated for c in serving):
            company = rng.choice([c for c in serving if c.incapacitated])
            n = rng.randint(1, company.incapacitated)
            company.incapacitated -= n
            self._emit(f"company recover {company.handle} {n}")
        elif roll < 0.45 and serving:
            company = rng.choice(serving)
            n = rng.randint(1, 4)
            company.size += n
            self._emit(f"company reinforce {company.handle} {n}")
        elif roll < 0.6 and self.characters:
            self._item(rng.choice(self.characters))
        elif roll < 0.7 and self.characters:
            character = rng.choice(self.characters)
            self._emit(f"character heal {character.handle} --damage {rng.randint(1, 12)}")
        elif roll < 0.8:
            self._emit(f"note {_quote(rng.choice(NOTES))}")
            if rng.random() < 0.15:
                self._emit("retract last --note 'wrong table'", 1)
        else:
            self._emit(f"clock advance {rng.choice(('30min', '1h', '4turns', '3h'))}")

    def _hire(self) -> None:
        rng = self.rng
        handle = self._new("co")
        size = rng.randint(6, 30)
        flags = " ".join(
            flag for flag, p in (("--mounted", 0.3), ("--elite", 0.15), ("--fanatic", 0.05))
            if rng.random() < p
        )  # fmt: skip
        line = f"company hire {handle} --troop {rng.choice(TROOPS)} {flags} --size {size}"
        line = " ".join(line.split()) + f" --name {_quote(f'The {handle} company')}"
        if rng.random() < 0.1:
            line += f" --morale {rng.randint(6, 10)}"
        self.companies.append(Company(handle, size))
        self._emit(line)

    def _character(self) -> None:
        rng = self.rng
        handle = self._new("pc")
        flaws = [
            "greed --trigger " + rng.choice(("temptation", "missed-chance")),
            "vertigo --trigger situation",
            f"phobia-mild:{rng.choice(PHOBIAS)}",
        ]
        taken = rng.sample(flaws, rng.randint(1, 3))
        keys = {
            "greed": "greed",
            "vertigo": rng.choice(("vertigo", "vertige")),  # the French slug works too
            "phobia-mild": "phobie-legere",
        }
        flaw_args = " ".join(
            f"--flaw {keys[f.split()[0].split(':')[0]]}{_detail(f)}" for f in taken
        )
        advantages = rng.sample(
            ("nerves-of-steel", f"weapon-master:{rng.choice(WEAPONS)}", "ally:the-abbess"), 2
        )
        adv_args = " ".join(f"--advantage {a}" for a in advantages)
        name = f"{rng.choice(NAMES)} {handle}"
        self._emit(f"character create {handle} --name {_quote(name)} {flaw_args} {adv_args}")
        character = Character(handle, [f.split(":")[0] if " " in f else f for f in taken])
        self.characters.append(character)
        if rng.random() < 0.5:
            self._emit(f"character stat {handle} moral {rng.choice((-1, +1, +2)):+d}")
        saves = {t: rng.randint(0, 7) for t in ("fortitude", "reflex", "will")}
        character.saves = saves
        self._emit(
            f"character saves {handle} --fortitude {saves['fortitude']} "
            f"--reflex {saves['reflex']} --will {saves['will']}"
        )
        for _ in range(rng.randint(2, 4)):
            self._item(character)
        self._emit(f"character finalize {handle}")

    def _retainer(self, employer: Character) -> None:
        rng = self.rng
        handle = self._new("ret")
        cha = rng.randint(6, 17)
        line = (
            f"character create {handle} --name {_quote(f'{rng.choice(NAMES)} the torchbearer')} "
            f"--retainer-of {employer.handle} --employer-cha {cha} "
            f"--hiring-roll {rng.randint(1, 6)},{rng.randint(1, 6)}"
        )
        self._emit(line)
        character = Character(handle, [], retainer=True)
        self.characters.append(character)
        self._item(character)

    def _item(self, character: Character) -> None:
        rng = self.rng
        if len(character.items) >= 8:
            dropped = character.items.pop(rng.randrange(len(character.items)))
            self._emit(f"character item-drop {character.handle} {_quote(dropped)}")
            return
        name, slot, magic = rng.choice(ITEMS)
        character.item_count += 1
        name = f"{name} {character.item_count}"
        line = f"character item {character.handle} {_quote(name)} --slot {slot}{magic}"
        if slot == "shield" and rng.random() < 0.5:
            line += f" --hardness 5 --hp {rng.randint(10, 20)}"
            character.with_hp.add(name)
        character.items.append(name)
        self._emit(line)

    # --- an encounter ----------------------------------------------------------------------------

    def _encounter(self, budget: float) -> None:
        rng = self.rng
        encounter = Encounter(self._new(rng.choice(PLACES)))
        self._emit(
            f"encounter start {encounter.handle} --name {_quote(f'At the {encounter.handle}')}"
        )
        for _ in range(rng.randint(1, 3)):
            kind, morale, (low, high) = rng.choice(MONSTERS)
            group = kind if kind not in encounter.groups else self._new(kind)
            count = rng.randint(low, high)
            encounter.groups[group] = Group(group, count)
            self._emit(
                f"encounter group {encounter.handle} {group} --count {count} --morale {morale}"
            )
        ready = [c for c in self.companies if c.in_service and c.fit > 0]
        for company in rng.sample(ready, min(len(ready), rng.randint(0, 2))):
            encounter.groups[company.handle] = Group(company.handle, company.fit, company)
            self._emit(f"encounter join {encounter.handle} {company.handle}")
        for _ in range(rng.randint(6, 30)):
            if self.events >= budget - 2:
                break
            self._fight(encounter)
        self._emit(f"encounter end {encounter.handle}", 1.2)
        self._emit(f"clock advance {rng.choice(('10min', '4turns', '1h', '5rounds'))}")

    def _fight(self, encounter: Encounter) -> None:
        rng = self.rng
        standing = [g for g in encounter.groups.values() if g.able > 0]
        roll = rng.random()
        if roll < 0.3 and standing:
            self._casualty(encounter, rng.choice(standing))
        elif roll < 0.5 and standing:
            group = rng.choice(standing)
            line = f"morale {encounter.handle} {group.handle} --roll {_2d6(rng)}"
            if rng.random() < 0.1:
                line += f" --ruling {rng.choice(('fight', 'flee', 'surrender'))}"
            elif rng.random() < 0.05:
                line += " --cornered"
            self._emit(line)
        elif roll < 0.6 and standing:
            group = rng.choice(standing)
            value = rng.choice((-2, -1, -1, +1, +2))
            reason = rng.choice(("leader slain", "cornered", "outnumbered", "in their lair"))
            self._emit(
                f"adjust {encounter.handle} {group.handle} {value:+d} --reason {_quote(reason)}"
            )
        elif roll < 0.65:
            monsters = [g for g in encounter.groups.values() if g.company is None]
            group = rng.choice(monsters)
            self._emit(
                f"encounter rating {encounter.handle} {group.handle} {rng.randint(4, 10)} "
                f"--reason {_quote('their leader falls')}"
            )
        elif roll < 0.8 and self.characters:
            self._save(rng.choice(self.characters))
        elif roll < 0.9:
            self._trait()
        elif roll < 0.95:
            self._loyalty()
        else:
            self._emit(f"note {_quote(rng.choice(NOTES))}")

    def _casualty(self, encounter: Encounter, group: Group) -> None:
        rng = self.rng
        n = rng.randint(1, min(group.able, 3))
        incapacitated = rng.random() < 0.3
        group.able -= n
        line = f"casualty {encounter.handle} {group.handle}"
        line += f" {n}" if n > 1 or rng.random() < 0.5 else ""
        line += " --incapacitated" if incapacitated else ""
        if rng.random() < 0.4:
            line += f" --cause {_quote(rng.choice(NAMES) + chr(39) + 's blade')}"
        events = 1.6
        if group.company is not None:
            events += 1
            if incapacitated:
                group.company.incapacitated += n
            else:
                group.company.killed += n
        self._emit(line, events)

    def _save(self, character: Character) -> None:
        rng = self.rng
        if not character.saves:
            saves = {t: rng.randint(0, 5) for t in ("fortitude", "reflex", "will")}
            character.saves = saves
            self._emit(
                f"character saves {character.handle} --fortitude {saves['fortitude']} "
                f"--reflex {saves['reflex']} --will {saves['will']}"
            )
        vs, kind, effect, harms_objects = rng.choice(SPELLS)
        natural = rng.randint(1, 20)
        line = f"save {character.handle} --vs {_quote(vs)} --type {kind}"
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
            line += f" --item {_quote(exposable[0])}"
        self._emit(line)
        if exposes:
            self._emit(f"item-save {character.handle} --roll {rng.randint(1, 20)}")
            if exposable[0] in character.with_hp:
                character.spent.add(exposable[0])

    def _trait(self) -> None:
        rng = self.rng
        with_flaws = [c for c in self.characters if c.flaws]
        if not with_flaws:
            return
        character = rng.choice(with_flaws)
        flaw = rng.choice(character.flaws)
        line = f"trait {character.handle} {flaw} --result {rng.randint(2, 18)}"
        self._emit(line)

    def _loyalty(self) -> None:
        retainers = [c for c in self.characters if c.retainer]
        if not retainers:
            return
        retainer = self.rng.choice(retainers)
        self._emit(f"loyalty {retainer.handle} --roll {_2d6(self.rng)}")


def long_history(long: int, short: int = 100, per_session: int = 1000) -> str:
    """B4's campaign: company ``big`` with ``long`` events and ``small`` with ``short`` (its
    hire and working-conditions modifiers, alternating so its rating stays in range), in
    sessions of ``per_session`` commands."""
    lines = [HEADER.rstrip("\n"), "session 1", "company hire big --troop trained --size 20"]
    lines.append("company hire small --troop trained --size 20")
    lines += [f"company modifier small {(-1) ** n:+d} --reason r{n}" for n in range(short - 1)]
    session = 1
    for n in range(long - 1):
        if n and n % per_session == 0:
            session += 1
            lines.append(f"session {session}")
        lines.append(f"company modifier big {(-1) ** n:+d} --reason {_quote(REASONS[n % 8])}")
    return "\n".join(lines) + "\n"


def _detail(flaw: str) -> str:
    key = flaw.split()[0]
    return key[key.index(":") :] if ":" in key else ""


def _2d6(rng: random.Random) -> str:
    return (
        f"{rng.randint(1, 6)},{rng.randint(1, 6)}"
        if rng.random() < 0.8
        else str(rng.randint(2, 12))
    )


def _quote(text: str) -> str:
    """POSIX double quotes (the log reader's), escaping what needs it."""
    if text and all(ch.isalnum() or ch in "-_.:," for ch in text):
        return text
    escaped = "".join("\\" + ch if ch in '"\\$`' else ch for ch in text)
    return f'"{escaped}"'


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=10)
    parser.add_argument("--events", type=int, default=200, help="events per session (about)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--files", type=int, default=1, help="write FILES files to --out")
    parser.add_argument("--out", help="a directory (with --files); stdout otherwise")
    args = parser.parse_args(argv)
    campaign = Campaign(args.seed)
    if args.out is None:
        sys.stdout.write(campaign.log(args.sessions, args.events))
        return
    from pathlib import Path

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for n in range(1, args.files + 1):
        (out / f"part-{n:03d}.log").write_text(campaign.log(args.sessions, args.events))


if __name__ == "__main__":
    main()
