"""One command's events → the one session-log line that records them again (SPEC §4, §5).

Each line is built from what the command's events stored — the options as given (``inputs``,
where an event keeps them), never an answer re-derived by a rule — and carries the tracker's own
contributions: its dice as ``--roll N --rolled``, its choice of an exposed item as ``--item``, a
duration it rolled as ``--duration Nmin``. The grammar is the CLI's (``cli/logging/``): a writer
per event that starts a command, each the mirror of its Typer command. Words are quoted so that
:func:`campaign.logfile.tokenize` reads them back unchanged.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from typing import Any

from aggregates.base import LedgerAggregate
from aggregates.campaign import Campaign
from aggregates.character import Character
from aggregates.company import MercenaryCompany
from aggregates.encounter import Encounter
from campaign.errors import ImpossibleInput
from campaign.subjects import Subjects

Event = LedgerAggregate.Event
_BARE = re.compile(r"^[A-Za-z0-9@%+=:,./_-]+$")  # words shlex leaves unquoted
_UNITS = (("w", 604800), ("d", 86400), ("h", 3600), ("min", 60), ("s", 1))  # campaign/clock.py


class ExportError(ImpossibleInput):
    """A history that cannot be written as a log that replays to it exactly."""


# --- words --------------------------------------------------------------------------------------


def quote(word: str) -> str:
    """A POSIX-shell word (``campaign.logfile.tokenize`` reads it back): bare when safe, else in
    double quotes as a GM writes them (``"Brynn's axe"``), else :func:`shlex.quote`'s quoting."""
    if _BARE.fullmatch(word):
        return word
    if not set('"\\$`\n') & set(word):
        return f'"{word}"'
    return shlex.quote(word)


def signed(value: int) -> str:
    return f"{value:+d}"


def number(value: float | int) -> str:
    """``30`` for 30.0 (Typer reads either back as the same float)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def duration(seconds: int) -> str:
    """In-game seconds in the largest whole unit ``clock advance`` reads: 7200 → ``2h``."""
    if seconds == 0:
        return "0s"
    for unit, size in _UNITS:
        if seconds % size == 0:
            return f"{seconds // size}{unit}"
    raise AssertionError("unreachable: 1 s divides everything")


def dice(record: dict[str, Any]) -> list[str]:
    """``--roll 3,5`` (faces) or ``--roll 8`` (a total), ``--rolled`` when the tracker rolled."""
    faces = record.get("faces")
    text = ",".join(str(f) for f in faces) if faces else str(record["total"])
    return ["--roll", text] + (["--rolled"] if record.get("source") == "rolled" else [])


class Line:
    """One log line being written: the command's words, its arguments, then its options."""

    def __init__(self, *command: str) -> None:
        self.command = list(command)
        self.args: list[str] = []
        self.numbers: set[int] = set()  # indexes of signed values (``adjust ford goblins -1``)
        self.options: list[str] = []

    def arg(self, *values: Any) -> Line:
        self.args += [str(v) for v in values]
        return self

    def value(self, number: int, show: Callable[[int], str] = str) -> Line:
        """A signed value as an argument: its command reads ``-1`` as a value (SPEC §4)."""
        self.numbers.add(len(self.args))
        return self.arg(show(number))

    def opt(self, name: str, value: Any, show: Callable[[Any], str] = str) -> Line:
        """``name value``, left out when the value is None."""
        if value is not None:
            self.options += [name, show(value)]
        return self

    def flag(self, name: str, on: Any) -> Line:
        if on:
            self.options.append(name)
        return self

    def words(self, *words: str) -> Line:
        self.options += words
        return self

    def note(self, event: Any) -> Line:
        return self.opt("--note", getattr(event, "note", None))

    def __str__(self) -> str:
        # An argument that starts with "-" (an item called "-1 sword") would read as an option:
        # options first, then "--" and the arguments (a signed value is read as a value).
        dashed = [i for i, a in enumerate(self.args) if a.startswith("-")]
        if set(dashed) - self.numbers:
            words = [*self.command, *self.options, "--", *self.args]
        else:
            words = [*self.command, *self.args, *self.options]
        return " ".join(quote(w) for w in words)


# --- one command → one line ----------------------------------------------------------------------

Writer = Callable[[Any, list[Any], Subjects, Callable[[int], int]], Line]
_WRITERS: dict[type, Writer] = {}


def _writes(*classes: type) -> Callable[[Writer], Writer]:
    def register(writer: Writer) -> Writer:
        for cls in classes:
            _WRITERS[cls] = writer
        return writer

    return register


def command_line(
    events: list[Event],
    subjects: Subjects | None = None,
    *,
    renumber: Callable[[int], int] | None = None,
) -> str | None:
    """The one log line that records ``events`` — all of one command's, in order — again.

    None for a command with no log form (``init``, which only created the campaign). Handles
    come from ``subjects`` (fed every earlier event: :func:`commands` does it); without it only
    a creation is named. ``renumber`` maps a position of this history to the replayed log's,
    for ``retract event:N`` (identity by default).
    """
    subjects = subjects if subjects is not None else Subjects()
    for event in events:
        subjects.learn(event)
    acting = [e for e in events if not isinstance(e, Campaign.Initialised)]
    if not acting:
        return None
    primary = _primary(acting)
    writer = _WRITERS[type(primary)]
    return str(writer(primary, acting, subjects, renumber or (lambda p: p)))


def _primary(events: list[Any]) -> Any:
    """The event that says which command this was; the others are its consequences."""
    for event in events:
        if isinstance(event, Campaign.SessionOpened):
            return event  # `session N` may end the open session (and its conditions) first
    for event in events:
        if isinstance(event, Character.ConditionEnded) and event.by != "gm":
            continue  # ended with the session: `session end` or `session N`
        if type(event) in _WRITERS:
            return event
    kinds = ", ".join(type(e).__qualname__ for e in events)
    raise ExportError(
        f"event {events[0].position}: no log line records {kinds}",
        field=None,
        value=events[0].position,
        expected="events recorded by the logging commands of SPEC §4",
    )


# Sessions, time, corrections


@_writes(Campaign.SessionOpened)
def _session(e, events, subjects, renumber) -> Line:
    return Line("session").arg(e.number).opt("--date", e.date).opt("--title", e.title).note(e)


@_writes(Campaign.SessionEnded)
def _session_end(e, events, subjects, renumber) -> Line:
    return Line("session").arg("end").note(e)


@_writes(Campaign.ClockMoved)
def _clock(e, events, subjects, renumber) -> Line:
    return Line("clock", "advance").arg(duration(e.by)).note(e)


@_writes(Campaign.SettingChanged)
def _setting(e, events, subjects, renumber) -> Line:
    return Line("setting").arg(e.setting, e.value).note(e)


@_writes(Campaign.NoteRecorded)
def _note(e, events, subjects, renumber) -> Line:
    return Line("note").arg(e.text).note(e)


@_writes(Campaign.CommandRetracted)
def _retract(e, events, subjects, renumber) -> Line:
    return Line("retract").arg(f"event:{renumber(e.retracted)}").note(e)


# Companies


@_writes(MercenaryCompany.CompanyHired)
def _hire(e, events, subjects, renumber) -> Line:
    line = Line("company", "hire").arg(e.handle).opt("--troop", e.troop)
    line.flag("--mounted", e.mounted).flag("--elite", e.elite).flag("--fanatic", e.fanatic)
    return line.opt("--size", e.size).opt("--name", e.name).opt("--morale", e.morale).note(e)


@_writes(MercenaryCompany.WorkingConditionsModified)
def _modifier(e, events, subjects, renumber) -> Line:
    line = Line("company", "modifier").arg(subjects.handle(e)).value(e.value, signed)
    return line.opt("--reason", e.reason).note(e)


@_writes(MercenaryCompany.MembersRecovered)
def _recover(e, events, subjects, renumber) -> Line:
    return Line("company", "recover").arg(subjects.handle(e), e.n).note(e)


@_writes(MercenaryCompany.MembersReinforced)
def _reinforce(e, events, subjects, renumber) -> Line:
    return Line("company", "reinforce").arg(subjects.handle(e), e.n).note(e)


@_writes(MercenaryCompany.CompanyDismissed)
def _dismiss(e, events, subjects, renumber) -> Line:
    return Line("company", "dismiss").arg(subjects.handle(e)).note(e)


# Characters


def _trait(trait: Any) -> str:
    return trait.key + (f":{trait.detail}" if trait.detail is not None else "")


@_writes(Character.CharacterCreated)
def _create(e, events, subjects, renumber) -> Line:
    line = Line("character", "create").arg(e.handle).opt("--name", e.name)
    taken = [t for t in events if isinstance(t, Character.TraitTaken)]
    for kind in ("flaw", "advantage"):  # Character.create takes flaws, then advantages
        for trait in (t for t in taken if t.kind == kind):
            line.opt(f"--{kind}", _trait(trait))
    if e.retainer_of is not None:
        line.opt("--retainer-of", e.retainer_of).opt("--employer-cha", e.employer_cha)
        if e.hiring_roll is not None:
            line.opt("--hiring-roll", dice(e.hiring_roll)[1])  # always entered: never rolled
        if e.reaction_mod:
            line.opt("--reaction-mod", e.reaction_mod, signed)
        # The GM's loyalty: the only one without a CHA, or one that differs from the table's
        # (one equal to the table's records the very same event as none).
        if e.employer_cha is None or e.differs:
            line.opt("--loyalty", e.loyalty)
    return line.note(e)


@_writes(Character.TraitTaken)
def _trait_taken(e, events, subjects, renumber) -> Line:
    line = Line("character", "trait").arg(subjects.handle(e))
    return line.opt(f"--{e.kind}", _trait(e)).note(e)


@_writes(Character.CharacterFinalized)
def _finalize(e, events, subjects, renumber) -> Line:
    return Line("character", "finalize").arg(subjects.handle(e)).note(e)


@_writes(Character.StatSet)
def _stat(e, events, subjects, renumber) -> Line:
    return Line("character", "stat").arg(subjects.handle(e), e.name).value(e.value).note(e)


@_writes(Character.SavesSet)
def _saves(e, events, subjects, renumber) -> Line:
    line = Line("character", "saves").arg(subjects.handle(e))
    line.opt("--fortitude", e.fortitude).opt("--reflex", e.reflex).opt("--will", e.will)
    return line.note(e)


@_writes(Character.LoyaltyModified)
def _loyalty_modifier(e, events, subjects, renumber) -> Line:
    line = Line("character", "loyalty-modifier").arg(subjects.handle(e)).value(e.value, signed)
    return line.opt("--reason", e.reason).note(e)


@_writes(Character.ItemAcquired)
def _item(e, events, subjects, renumber) -> Line:
    line = Line("character", "item").arg(subjects.handle(e), e.item).opt("--slot", e.slot)
    line.flag("--magic", e.magic).opt("--caster-level", e.caster_level)
    line.opt("--hardness", e.hardness).opt("--hp", e.hp).flag("--unattended", e.unattended)
    return line.note(e)


@_writes(Character.ItemDropped)
def _item_drop(e, events, subjects, renumber) -> Line:
    return Line("character", "item-drop").arg(subjects.handle(e), e.item).note(e)


@_writes(Character.ItemRepaired)
def _item_repair(e, events, subjects, renumber) -> Line:
    line = Line("character", "item-repair").arg(subjects.handle(e), e.item)
    return line.opt("--hp", e.hp).note(e)  # the hit points it was mended to (default: full)


@_writes(Character.Healed)
def _heal(e, events, subjects, renumber) -> Line:
    given = e.inputs  # as the GM gave them: the event also keeps what was really recovered
    line = Line("character", "heal").arg(subjects.handle(e)).opt("--hp", given.get("hp"))
    if given.get("location", "torso") != "torso":
        line.opt("--location", given["location"])
    line.opt("--conscience", given.get("conscience")).opt("--damage", given.get("damage"))
    return line.note(e)


@_writes(Character.ConditionEnded)
def _condition_end(e, events, subjects, renumber) -> Line:
    return Line("condition", "end").arg(subjects.handle(e), e.source).note(e)


@_writes(Character.LoyaltyTested)
def _loyalty(e, events, subjects, renumber) -> Line:
    line = Line("loyalty").arg(subjects.handle(e)).words(*dice(e.roll))
    line.flag("--after-adventure", e.occasion == "after-adventure")
    # LoyaltyTested keeps no `ruling_given`: a ruling equal to the rules' answer records the
    # very same event as none, so only a differing one is written.
    return line.opt("--ruling", e.ruled if e.ruled != e.rules_say else None).note(e)


@_writes(Character.SaveMade, Character.SaveFailed)
def _save(e, events, subjects, renumber) -> Line:
    given = e.inputs
    exposed = [x for x in events if isinstance(x, Character.ItemExposed)]
    item = given.get("item")
    if item is None and exposed:
        item = exposed[0].item  # the tracker's choice, written back (SPEC §5)
    line = Line("save").arg(subjects.handle(e)).opt("--vs", given["vs"])
    line.opt("--type", given["save_type"]).opt("--dc", given.get("dc"))
    line.opt("--spell-level", given.get("spell_level"))
    line.opt("--ability-mod", given.get("ability_mod"))
    line.opt("--class", given.get("class_name"))
    line.opt("--ability-score", given.get("ability_score"))
    line.opt("--effect", given["effect"])
    line.flag("--objects", given.get("objects")).flag("--harmless", given.get("harmless"))
    line.opt("--bonus", given.get("bonus") or None, signed)
    line.opt("--damage", given.get("damage")).flag("--energy", given.get("energy"))
    line.opt("--damage-taken", given.get("damage_taken"))
    if e.roll is not None:
        line.words(*dice(e.roll))
    line.flag("--voluntary-fail", given.get("voluntary_fail"))
    return line.opt("--item", item).opt("--ruling", given.get("ruling")).note(e)


@_writes(Character.ItemSaved, Character.ItemDamaged, Character.ItemBroken, Character.ItemDestroyed)
def _item_save(e, events, subjects, renumber) -> Line:
    given = e.inputs
    line = Line("item-save").arg(subjects.handle(e))
    if given.get("item") is not None:
        line.arg(given["item"])
    if e.roll is not None:
        line.words(*dice(e.roll))
    line.opt("--dc", given.get("dc")).opt("--type", given.get("save_type"))
    line.opt("--damage", given.get("damage")).flag("--energy", given.get("energy"))
    return line.opt("--ruling", given.get("ruling")).opt("--hp-left", given.get("hp_left")).note(e)


@_writes(Character.FlawRolled)
def _flaw(e, events, subjects, renumber) -> Line:
    given = e.inputs
    line = Line("trait").arg(subjects.handle(e), given["key"])
    line.opt("--trigger", given.get("trigger"))
    line.opt("--result", given.get("result")).flag("--critical", given.get("critical"))
    for unit in ("minutes", "hours", "years"):
        line.opt(f"--{unit}", given.get(unit), number)
    line.opt("--sum", given.get("sum")).opt("--difficulty", given.get("difficulty"))
    line.opt("--ruling", given.get("ruling")).opt("--hp-lost", given.get("hp_lost"))
    line.opt("--conscience-lost", given.get("conscience_lost"))
    line.opt("--penalty", given.get("penalty"), signed)
    return line.opt("--duration", _flaw_minutes(e), lambda m: f"{m}min").note(e)


def _flaw_minutes(e: Any) -> int | None:
    """The condition's length in minutes: the GM's ``--duration``, or the one the tracker rolled
    (``trait`` has no ``--rolled``: the length is written back, the dice are not)."""
    if e.inputs.get("duration") is not None:
        return e.inputs["duration"]
    if e.duration_roll is None:
        return None
    lengths = {c["until"] - e.clock_minutes if c["until"] is not None else None
               for c in e.conditions}  # fmt: skip
    if len(lengths) != 1 or None in lengths:
        raise ExportError(
            f"event {e.position}: the conditions of {e.key} last "
            f"{', '.join(sorted(map(str, lengths)))} minutes; one --duration cannot give them all",
            field=None,
            value=e.position,
            expected="one rolled duration for every condition a flaw roll starts",
        )
    return lengths.pop()


# Encounters


@_writes(Encounter.EncounterStarted)
def _start(e, events, subjects, renumber) -> Line:
    return Line("encounter", "start").arg(e.handle).opt("--name", e.name).note(e)


@_writes(Encounter.EncounterEnded)
def _end(e, events, subjects, renumber) -> Line:
    return Line("encounter", "end").arg(subjects.handle(e)).note(e)


@_writes(Encounter.GroupAdded)
def _group(e, events, subjects, renumber) -> Line:
    line = Line("encounter", "group").arg(subjects.handle(e), e.group)
    return line.opt("--count", e.count).opt("--morale", e.morale).opt("--name", e.name).note(e)


@_writes(Encounter.GroupRerated)
def _rating(e, events, subjects, renumber) -> Line:
    # Alone it is `encounter rating`; after a company's modifier it is that command's echo.
    line = Line("encounter", "rating").arg(subjects.handle(e), e.group, e.rating)
    return line.opt("--reason", e.reason).note(e)


@_writes(Encounter.CompanyJoined)
def _join(e, events, subjects, renumber) -> Line:
    return Line("encounter", "join").arg(subjects.handle(e), e.group).note(e)


@_writes(Encounter.CasualtyRecorded)
def _casualty(e, events, subjects, renumber) -> Line:
    line = Line("casualty").arg(subjects.handle(e), e.group, e.n)
    return line.flag("--incapacitated", e.incapacitated).opt("--cause", e.cause).note(e)


@_writes(Encounter.AdjustmentMade)
def _adjust(e, events, subjects, renumber) -> Line:
    line = Line("adjust").arg(subjects.handle(e), e.group).value(e.value, signed)
    return line.opt("--reason", e.reason).note(e)


@_writes(Encounter.MoraleTested)
def _morale(e, events, subjects, renumber) -> Line:
    line = Line("morale").arg(subjects.handle(e), e.group)
    if e.roll is not None:
        line.words(*dice(e.roll))
    line.flag("--cornered", e.cornered)
    return line.opt("--ruling", e.ruled if e.ruling_given else None).note(e)
