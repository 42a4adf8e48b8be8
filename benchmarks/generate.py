"""Synthetic campaigns: session logs of N sessions × about M events, deterministic from a seed.

The mix follows a table's evening (docs/log-language.md#a-log): companies hired, modified,
recovered, reinforced and dismissed; encounters with monster groups and joined companies,
casualties, situational adjustments, re-ratings and morale tests (always with ``--roll``);
characters with flaws, advantages, items and save bonuses, saving throws (a natural 1 against
objects is followed by the item's save), D6Harmonie flaw rolls (``--result``), retainers' loyalty
tests; notes, the clock, and the odd ``retract last``. The generator keeps just enough state
(counts, items, who is in service) for every line to replay without an error; the rules' findings (a
ruling against the dice, an over-budget character…) are part of a realistic history and are left to
the audit.

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

from benchmarks.encounters import Fight
from benchmarks.world import (
    HEADER,
    ITEMS,
    NAMES,
    NOTES,
    PHOBIAS,
    REASONS,
    TROOPS,
    WEAPONS,
    Character,
    Company,
    flaw_detail,
    quote,
)


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

    def emit(self, line: str, events: float = 1.0) -> None:
        """One log line, now and then with a note or a comment; ``events``: what it records."""
        rng = self.rng
        if rng.random() < 0.04 and "--note" not in line and not line.startswith("note "):
            line += f" --note {quote(rng.choice(NOTES))}"
        if rng.random() < 0.03:
            line += f"   # {rng.choice(NOTES)}"  # a comment at a word's start
        self.lines.append(line)
        self.events += events

    def new(self, prefix: str) -> str:
        """A handle nothing has yet: ``prefix-N``."""
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
            f"session {self.session} --date {date} --title {quote(f'Session {self.session}')}"
        )
        self.events += 1
        self.emit(f"clock advance {rng.choice(('6h', '8h', '1d', '2d'))}")
        if self.session == 1:
            self.emit("setting paladin-ability cha")
        while self.events < events - 2:
            self._between()
            if self.events < events - 8:
                Fight(self).write(events - 2)
        # session end: plus the conditions that lasted until it (an estimate)
        self.emit("session end", 1 + 0.3 * len(self.characters))

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
            self.emit(f"company dismiss {dismissed.handle}")

    def _bookkeeping(self) -> None:
        rng = self.rng
        serving = [c for c in self.companies if c.in_service]
        roll = rng.random()
        if roll < 0.25 and serving:
            company = rng.choice(serving)
            value = rng.choice((-2, -1, +1, +1, +2))
            reason = quote(rng.choice(REASONS))
            self.emit(f"company modifier {company.handle} {value:+d} --reason {reason}")
        elif roll < 0.35 and any(c.incapacitated for c in serving):
            company = rng.choice([c for c in serving if c.incapacitated])
            n = rng.randint(1, company.incapacitated)
            company.incapacitated -= n
            self.emit(f"company recover {company.handle} {n}")
        elif roll < 0.45 and serving:
            company = rng.choice(serving)
            n = rng.randint(1, 4)
            company.size += n
            self.emit(f"company reinforce {company.handle} {n}")
        elif roll < 0.6 and self.characters:
            self._item(rng.choice(self.characters))
        elif roll < 0.7 and self.characters:
            character = rng.choice(self.characters)
            self.emit(f"character heal {character.handle} --damage {rng.randint(1, 12)}")
        elif roll < 0.8:
            self.emit(f"note {quote(rng.choice(NOTES))}")
            if rng.random() < 0.15:
                self.emit("retract last --note 'wrong table'", 1)
        else:
            self.emit(f"clock advance {rng.choice(('30min', '1h', '4turns', '3h'))}")

    def _hire(self) -> None:
        rng = self.rng
        handle = self.new("co")
        size = rng.randint(6, 30)
        flags = " ".join(
            flag for flag, p in (("--mounted", 0.3), ("--elite", 0.15), ("--fanatic", 0.05))
            if rng.random() < p
        )  # fmt: skip
        line = f"company hire {handle} --troop {rng.choice(TROOPS)} {flags} --size {size}"
        line = " ".join(line.split()) + f" --name {quote(f'The {handle} company')}"
        if rng.random() < 0.1:
            line += f" --morale {rng.randint(6, 10)}"
        self.companies.append(Company(handle, size))
        self.emit(line)

    def _character(self) -> None:
        rng = self.rng
        handle = self.new("pc")
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
            f"--flaw {keys[f.split()[0].split(':')[0]]}{flaw_detail(f)}" for f in taken
        )
        advantages = rng.sample(
            ("nerves-of-steel", f"weapon-master:{rng.choice(WEAPONS)}", "ally:the-abbess"), 2
        )
        adv_args = " ".join(f"--advantage {a}" for a in advantages)
        name = f"{rng.choice(NAMES)} {handle}"
        self.emit(f"character create {handle} --name {quote(name)} {flaw_args} {adv_args}")
        character = Character(handle, [f.split(":")[0] if " " in f else f for f in taken])
        self.characters.append(character)
        if rng.random() < 0.5:
            self.emit(f"character stat {handle} moral {rng.choice((-1, +1, +2)):+d}")
        saves = {t: rng.randint(0, 7) for t in ("fortitude", "reflex", "will")}
        character.saves = saves
        self.emit(
            f"character saves {handle} --fortitude {saves['fortitude']} "
            f"--reflex {saves['reflex']} --will {saves['will']}"
        )
        for _ in range(rng.randint(2, 4)):
            self._item(character)
        self.emit(f"character finalize {handle}")

    def _retainer(self, employer: Character) -> None:
        rng = self.rng
        handle = self.new("ret")
        cha = rng.randint(6, 17)
        line = (
            f"character create {handle} --name {quote(f'{rng.choice(NAMES)} the torchbearer')} "
            f"--retainer-of {employer.handle} --employer-cha {cha} "
            f"--hiring-roll {rng.randint(1, 6)},{rng.randint(1, 6)}"
        )
        self.emit(line)
        character = Character(handle, [], retainer=True)
        self.characters.append(character)
        self._item(character)

    def _item(self, character: Character) -> None:
        rng = self.rng
        if len(character.items) >= 8:
            dropped = character.items.pop(rng.randrange(len(character.items)))
            self.emit(f"character item-drop {character.handle} {quote(dropped)}")
            return
        name, slot, magic = rng.choice(ITEMS)
        character.item_count += 1
        name = f"{name} {character.item_count}"
        line = f"character item {character.handle} {quote(name)} --slot {slot}{magic}"
        if slot == "shield" and rng.random() < 0.5:
            line += f" --hardness 5 --hp {rng.randint(10, 20)}"
            character.with_hp.add(name)
        character.items.append(name)
        self.emit(line)


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
        lines.append(f"company modifier big {(-1) ** n:+d} --reason {quote(REASONS[n % 8])}")
    return "\n".join(lines) + "\n"


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
