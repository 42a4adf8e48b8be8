"""Tests of characters — the table of docs/log-language.md#saves-and-items, the ``loyalty`` row of
#encounters and the ``trait`` command of #traits, as ``cli/logging/rolls.py`` groups them:
``loyalty``, ``save``, ``item-save``, ``trait``."""

from __future__ import annotations

from typing import Any

from aggregates.character import Character
from campaign.core.i18n import N_
from campaign.rules import d6harmonie, saves
from campaign.sessionlog.writing.registry import ExportError, writes
from campaign.sessionlog.writing.words import Line, dice, number, signed


@writes(Character.LoyaltyTested)
def _loyalty(e, events, subjects, renumber) -> Line:
    line = Line("loyalty").arg(subjects.handle(e)).words(*dice(e.roll))
    line.flag("--after-adventure", e.occasion == "after-adventure")
    # LoyaltyTested keeps no `ruling_given`: a ruling equal to the rules' answer records the
    # very same event as none, so only a differing one is written.
    return line.opt("--ruling", e.ruled if e.ruled != e.rules_say else None).note(e)


@writes(Character.SaveMade, Character.SaveFailed)
def _save(e, events, subjects, renumber) -> Line:
    given = e.inputs
    exposed = [x for x in events if isinstance(x, Character.ItemExposed)]
    item = given.get("item")
    if item is None and exposed:
        # the tracker's choice, written back (docs/cli.md#export-and-import)
        item = exposed[0].item
    # enumerated values as the event holds them, lowercase (docs/log-language.md#values):
    # `--type Reflex` was written back as typed
    line = Line("save").arg(subjects.handle(e)).opt("--vs", given["vs"])
    line.opt("--type", e.save_type).opt("--dc", given.get("dc"))
    line.opt("--spell-level", given.get("spell_level"))
    line.opt("--ability-mod", given.get("ability_mod"))
    line.opt("--class", _lower(given.get("class_name")))
    line.opt("--ability-score", given.get("ability_score"))
    line.opt("--effect", e.effect)
    line.flag("--objects", given.get("objects")).flag("--harmless", given.get("harmless"))
    line.opt("--bonus", given.get("bonus") or None, signed)
    line.opt("--damage", given.get("damage")).flag("--energy", given.get("energy"))
    line.opt("--damage-taken", given.get("damage_taken"))
    if e.roll is not None:
        line.words(*dice(e.roll))
    line.flag("--voluntary-fail", given.get("voluntary_fail"))
    return line.opt("--item", item).opt("--ruling", given.get("ruling")).note(e)


@writes(Character.ItemSaved, Character.ItemDamaged, Character.ItemBroken, Character.ItemDestroyed)
def _item_save(e, events, subjects, renumber) -> Line:
    given = e.inputs
    line = Line("item-save").arg(subjects.handle(e))
    if given.get("item") is not None:
        line.arg(given["item"])
    if e.roll is not None:
        line.words(*dice(e.roll))
    ruling, hp_left = given.get("ruling"), given.get("hp_left")
    against = (given.get("dc"), given.get("save_type"), given.get("damage"), given.get("energy"))
    if e.exposure is not None and any(against):
        # A store recorded before `item-save` refused --dc/--type/--damage/--energy with an
        # exposure pending (they apply only without one) holds them, and the state they led to.
        # That line would now be refused: the save is written against the exposure, and what
        # the event recorded as a ruling, so the item replays to the same state and hit points.
        ruling = ruling or e.ruled
        hp_left = hp_left if hp_left is not None else e.hp
    else:
        line.opt("--dc", given.get("dc")).opt("--type", _lower(given.get("save_type")))
        line.opt("--damage", given.get("damage")).flag("--energy", given.get("energy"))
    # A store recorded before `item-save` refused hit points left that contradict the ruling
    # (saves.item_hp_contradiction: destroyed at 0, broken at ≤ half, docs/rules.md#d-8) may hold
    # both; that line would now be refused. The ruled state is written (it decides what may happen
    # to the item next), the hit points then follow it (docs/log-language.md#item-saves); the event
    # keeps them (jsonl).
    if saves.item_hp_contradiction(ruling, e.state, hp_left, e.hp_before, e.hp_max):
        hp_left = None
    return line.opt("--ruling", ruling).opt("--hp-left", hp_left).note(e)


@writes(Character.FlawRolled)
def _flaw(e, events, subjects, renumber) -> Line:
    given = e.inputs
    key = e.key + (f":{e.detail}" if ":" in given["key"] and e.detail else "")  # English key
    line = Line("trait").arg(subjects.handle(e), key)
    line.opt("--trigger", e.trigger if given.get("trigger") is not None else None)
    line.opt("--result", given.get("result")).flag("--critical", given.get("critical"))
    for unit in ("minutes", "hours", "years"):
        line.opt(f"--{unit}", given.get(unit), number)
    line.opt("--sum", given.get("sum")).opt("--difficulty", given.get("difficulty"))
    line.opt("--ruling", given.get("ruling")).opt("--hp-lost", given.get("hp_lost"))
    line.opt("--conscience-lost", given.get("conscience_lost"))
    line.opt("--penalty", given.get("penalty"), signed)
    return line.opt("--duration", _flaw_duration(e)).note(e)


def _flaw_duration(e: Any) -> str | None:
    """The conditions' length as ``--duration`` gives it again: the GM's words (``2rounds``,
    ``65s``), or the length the tracker rolled in its dice's unit (a 6 on 1D6 rounds is
    ``6rounds``: ``trait`` has no ``--rolled``, so the length is written back, exact, and the
    dice are not). Events recorded before the words were kept hold the GM's length in seconds
    (minutes before FlawRolled v2, upcast): its largest whole unit says it.

    A roll that started no condition lasts nothing: a store recorded before ``trait`` refused a
    duration there (``d6harmonie.check_duration_applies``) may hold one, which did nothing; it is
    left out, as the line is then refused (the event keeps it, ``export --format jsonl``)."""
    given = e.inputs
    if not e.conditions:
        return None
    if given.get("duration") is not None:
        return given.get("duration_words") or d6harmonie.describe_seconds(given["duration"])
    if e.duration_roll is None:
        return None
    lengths = {c["until"] - e.seconds if c["until"] is not None else None
               for c in e.conditions}  # fmt: skip
    if len(lengths) != 1 or None in lengths:
        raise ExportError(
            N_(
                "event {position}: the conditions of {key} last {lengths} seconds; one "
                "--duration cannot give them all"
            ),
            field=None,
            value=e.position,
            expected=N_("one rolled duration for every condition a flaw roll starts"),
            values={
                "position": e.position,
                "key": e.key,
                "lengths": ", ".join(sorted(map(str, lengths))),
            },
        )
    length, total = lengths.pop(), e.duration_roll["total"]
    units = [u for u, size in d6harmonie.UNIT_SECONDS.items() if size * total == length]
    return d6harmonie.describe_seconds(length, units[0] if units else None)


def _lower(value: str | None) -> str | None:
    """An enumerated value the GM may type in any case, as the log writes it: lowercase."""
    return None if value is None else value.lower()
