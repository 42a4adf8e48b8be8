"""The sections of a session's recap (``export --format markdown``): encounters and how every
group fared, casualties, saving throws, damaged items, flaws, retainers, notes and the commands
withdrawn, each from the session's events and the state at its end; and :func:`md`, free text
made inert in Markdown."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Any

from aggregates.campaign import Campaign
from aggregates.character import Character
from aggregates.encounter import Encounter
from campaign.core.errors import ImpossibleInput
from campaign.core.text import escaped
from campaign.history.players import Screen
from campaign.rules.d6harmonie import find_trait, loss_words, outcome_word, penalty_words
from campaign.rules.dice import roll_words
from campaign.rules.morale import ruled_as_the_rules_say

FATES = {
    "fighting": "still fighting",
    "fled": "fled",
    "surrendered": "surrendered",
    "fights-to-death": "fights to the death",
    "will-not-fight": "would not fight",
    "out": "all down",
    "left": "left the field (dismissed)",
}
_SPECIAL = re.compile(r"([\\`*_\[\]<>|#])")
ITEM_HARM = (Character.ItemDamaged, Character.ItemBroken, Character.ItemDestroyed)
# An event of the session, its subject's handle and its mark if a later session withdrew it (a
# retraction of such a command: "campaign" and the line of its *Withdrawn* list instead).
Told = tuple[Any, str, str]
ITEM_EVENTS = (
    Character.ItemAcquired,
    Character.ItemDropped,
    Character.ItemRepaired,
    Character.ItemSaveResolved,
)


def md(text: Any) -> str:
    """Free text made inert in Markdown (a name such as ``*Grim*`` stays as typed), on one line,
    a control or format character shown escaped (``\\x1b``: a store recorded before they were
    refused may hold one, and a recap printed to a terminal would send it)."""
    flat = escaped(" ".join(str(text).split()))
    return _SPECIAL.sub(r"\\\1", flat)


def _verdict(
    event: Any, screen: Screen, said: Callable[[Any], Any] = lambda outcome: outcome
) -> str:
    """The ruling, and beside it the rules' answer when it differs (not to the players);
    ``said`` words an outcome (a flaw's ``critical failure``)."""
    rules_say, ruled = said(event.rules_say), said(event.ruled)
    if not screen.rules_beside_rulings or ruled_as_the_rules_say(rules_say, ruled):
        return f"{ruled}"
    return f"{ruled} (the GM's ruling; the rules said {rules_say})"


def _names(status: dict[str, Any]) -> dict[Any, str]:
    """What the players call things: characters and companies by handle, an encounter's groups
    by ``(encounter, group)``, encounters by ``(encounter,)``."""
    names: dict[Any, str] = {c["handle"]: c["name"] or c["handle"] for c in status["characters"]}
    names |= {c["handle"]: c["name"] or c["handle"] for c in status["companies"]}
    for encounter in status["encounters"]:
        names[(encounter["handle"],)] = encounter["name"] or encounter["handle"]
        for group in encounter["groups"]:
            who = group["name"] or group["handle"]
            if group["kind"] == "company":
                who = f"{names.get(group['handle'], group['handle'])} (company)"
            names[(encounter["handle"], group["handle"])] = who
    return names


def _heading(text: str, lines: list[str]) -> list[str]:
    return [f"### {text}", "", *lines, ""] if lines else []


def _marked(marks: list[str], *, partly: bool = False) -> str:
    """The mark of something several events told: theirs when they all carry the same one;
    with ``partly``, ``(part of it withdrawn in session M)`` when only some were withdrawn."""
    if marks and marks[0] and len(set(marks)) == 1:
        return marks[0]
    withdrawn = sorted({m for m in marks if m})
    if partly and withdrawn:
        return withdrawn[0].replace("*(withdrawn", "*(part of it withdrawn", 1)
    return ""


def _encounters(status, events, names, screen) -> list[str]:
    fought: dict[str, list[str]] = {}  # the encounters fought, the marks of their events
    for e, h, mark in events:
        if isinstance(e, Encounter.Event):
            fought.setdefault(h, []).append(mark)
    out: list[str] = []
    for encounter in (e for e in status["encounters"] if e["handle"] in fought):
        name = encounter["name"] or encounter["handle"]
        ended = "ended" if encounter["ended"] else "still going"
        mark = _marked(fought[encounter["handle"]])
        out += [f"### {md(name)} ({ended}){mark}", "",
                "| Group | Fate | Losses | Morale |", "|---|---|---|---|"]  # fmt: skip
        for group in encounter["groups"]:
            out.append(_group_row(group, names[(encounter["handle"], group["handle"])]))
        tests = [(e, mark) for e, h, mark in events if isinstance(e, Encounter.MoraleTested)
                 and h == encounter["handle"]]  # fmt: skip
        if tests:
            out.append("")
        for test, mark in tests:
            who = names[(encounter["handle"], test.group)]
            verdict = md(_verdict(test, screen))
            out.append(f"- Morale of {md(who)}: {_tested(test, screen)} — {verdict}{mark}")
        out.append("")
    return out


def _tested(test: Any, screen: Screen) -> str:
    """``3+5 = 8 against 7``; where no test applies (rated ≤ 2 or ≥ 12, two successes already,
    cornered) a roll decides nothing, which is said rather than set against the rating. Dice
    the screen hides are the GM's roll."""
    if test.tests:
        dice = roll_words(test.roll) if screen.dice(test.roll) else "the GM's roll"
        return f"{dice} against {test.effective}"
    # the rating (≤ 2, ≥ 12) or two successes first: `--cornered` counts only at ≤ 2
    why = FATES.get(test.rules_say) or ("cornered, it fights" if test.cornered else "")
    why = why or str(test.rules_say)
    rolled = f"{roll_words(test.roll)}, but " if screen.dice(test.roll) else ""
    return f"{rolled}no test was due ({why})"


def _group_row(group: dict[str, Any], who: str) -> str:
    losses = [f"{group['killed']} killed"] if group["killed"] else []
    losses += [f"{group['incapacitated']} out of the fight"] if group["incapacitated"] else []
    lost = ", ".join(losses) or "none"
    morale = str(group["morale"])
    if group["adjustment"] and group["effective_morale"] == group["morale"]:
        # at ≤ 2 or ≥ 12 the adjustment is ignored, as in ``status`` (docs/json.md#status)
        morale += f" ({group['adjustment']:+d} ignored)"
    elif group["adjustment"]:
        morale += f" ({group['effective_morale']} with adjustments)"
    fate = FATES.get(group["status"], group["status"])
    return f"| {md(who)} | {fate} | {lost} of {group['count']} | {morale} |"


def _casualties(status, events, names, screen) -> list[str]:
    lines = []
    for event, encounter, mark in events:
        if isinstance(event, Encounter.CasualtyRecorded):
            what = "out of the fight" if event.incapacitated else "killed"
            cause = f" — {md(event.cause)}" if event.cause else ""
            who, where = names[(encounter, event.group)], names[(encounter,)]
            lines.append(f"- {md(who)} at {md(where)}: {event.n} {what}{cause}{mark}")
    return _heading("Casualties", lines)


def _saves(status, events, names, screen) -> list[str]:
    lines = []
    dice = True  # whether the last save's die is told (its natural 1 exposes an item)
    for event, handle, mark in events:
        if isinstance(event, Character.SaveMade | Character.SaveFailed):
            line = f"- {md(names.get(handle, handle))} against {md(event.vs)} ({event.save_type}"
            line += f", DC {event.dc})" if event.dc is not None else ")"
            dice = screen.dice(event.roll)
            if event.roll is not None and not dice:  # the GM's die, and so its total
                line += f" — {md(_verdict(event, screen))}"
            elif event.roll is not None:
                verdict = md(_verdict(event, screen))
                line += f": {roll_words(event.roll)}, total {event.total} — {verdict}"
            elif event.ruled == event.rules_say:
                line += " — no save: the full effect"
            else:
                line += f" — no save; ruled a {event.ruled}"
            if event.damage_taken:
                line += f"; {event.damage_taken} damage"
            if event.damage_differs and event.rules_damage is not None:  # SAV005
                line += "" if event.damage_taken else "; no damage"
                if screen.rules_beside_rulings:
                    line += f" (the GM's ruling; the rules said {event.rules_damage})"
            lines.append(line + mark)
        elif isinstance(event, Character.ItemExposed):
            natural = "a natural 1: " if dice else ""
            lines.append(f"  - {natural}the {md(event.item)} was exposed")
    return _heading("Saving throws", lines)


def _items(status, events, names, screen) -> list[str]:
    """Each item harmed this session, as it itself was at the session's end: as the status shows
    it while still carried, as it was when dropped otherwise. A name dropped and taken again is
    another item (``drop_item``), so an item here is its character, its name and how many times
    that name was acquired before the event in this session: the one a harm event names."""
    acquired: dict[tuple[str, str], int] = {}
    harmed: dict[tuple[str, str, int], dict[str, Any]] = {}  # the item's last known state
    for event, handle, mark in events:
        if not isinstance(event, ITEM_EVENTS):
            continue
        name = (handle, event.item)  # as the aggregate holds it
        if isinstance(event, Character.ItemAcquired):
            acquired[name] = acquired.get(name, 0) + 1
            continue
        item = (*name, acquired.get(name, 0))
        ruled = isinstance(event, Character.ItemSaveResolved) and event.differs  # SAV006
        if isinstance(event, ITEM_HARM) or ruled:
            told = {"name": event.item, "dropped": False, "marks": [], "rulings": []}
            harmed.setdefault(item, told)
            harmed[item]["marks"].append(mark)
            if ruled and screen.rules_beside_rulings:  # what was ruled, what the rules said
                hp = f" ({event.hp} hp)" if event.hp is not None else ""
                left = f" ({event.rules_hp_left} hp)" if event.rules_hp_left is not None else ""
                harmed[item]["rulings"].append(
                    f"an item save ruled {event.ruled}{hp} where the rules said "
                    f"{event.rules_say}{left}"
                )
        if item not in harmed:
            continue
        if isinstance(event, Character.ItemDropped):
            harmed[item]["dropped"] = True
        else:  # a harm, a save or a repair: its hit points and state after
            harmed[item] |= {"state": event.state, "hp": event.hp}
            harmed[item] |= {"hp_max": event.hp_max} if hasattr(event, "hp_max") else {}
    lines = []
    for (handle, _, _), told in harmed.items():
        who, name = md(names[handle]), md(told["name"])
        mark = _marked(told["marks"], partly=True)
        if told["rulings"]:
            mark = f"; {'; '.join(told['rulings'])}{mark}"
        if not told["dropped"]:  # still carried: the read side's own state
            character = next(c for c in status["characters"] if c["handle"] == handle)
            held = (i for i in character["items"] if i["name"] == told["name"])
            told = next(held, None)
            if told is None:
                lines.append(f"- {who}'s {name}: no longer carried{mark}")
                continue
        hp = f", {told['hp']} of {told['hp_max']} hp" if told["hp_max"] is not None else ""
        then = ", then dropped" if told.get("dropped") else ""
        lines.append(f"- {who}'s {name}: {told['state']}{hp}{then}{mark}")
    return _heading("Damaged items", lines)


def _flaws(status, events, names, screen) -> list[str]:
    lines = []
    for event, handle, mark in events:
        if isinstance(event, Character.FlawRolled):
            trait = event.key + (f" ({event.detail})" if event.detail else "")
            line = f"- {md(names.get(handle, handle))}'s {md(trait)}"
            if event.result is not None:
                said = partial(outcome_word, critical=event.critical)  # docs/rules.md#d-9
                line += f": {event.result} against {event.difficulty} — "
                line += md(_verdict(event, screen, said))
            effects = _consequence_words(event)
            if effects:
                line += "; " + md(", ".join(effects))
            lines.append(line + mark)
    return _heading("Flaws triggered", lines)


def _consequence_words(event: Any) -> list[str]:
    """What a flaw roll did, as the state follows it (docs/rules.md#d-0): the conditions it
    started, the losses and the effects ruled — less the rules' notes on how they reached their
    penalty when the GM's ``--penalty`` replaced it: « halved by Lève-tôt » said of a −2 the GM did
    not halve, « no penalty yet » beside the GM's −1, would be untrue."""
    ruled = event.ruled_consequences
    effects = ruled["effects"]
    rules_penalties = penalty_words(event.rules_consequences["penalties"])
    if (
        event.inputs.get("penalty") is not None
        and penalty_words(ruled["penalties"]) != rules_penalties
    ):
        notes = _penalty_notes(event)
        effects = [effect for effect in effects if effect not in notes]
    return [*penalty_words(event.conditions), *loss_words(ruled), *effects]


def _penalty_notes(event: Any) -> list[str]:
    """The rules' notes on how they reached their penalty — Lève-tôt halved it, a dependency's
    full periods stacked it (docs/rules.md#where-seed-002-leaves-a-case-open) —, as the event
    holds them: its effects that no row of the flaw's trigger states
    (campaign.rules.d6harmonie.resolve_flaw adds them)."""
    try:
        triggers = find_trait(event.key).triggers
    except ImpossibleInput:  # a key no catalogue knows any more
        return []
    trigger = next((t for t in triggers if t.name == event.trigger), None)
    if trigger is None:
        return []
    rows = (trigger.consequence, trigger.success, trigger.failure, trigger.critical)
    stated = {effect for row in rows if row is not None for effect in row.effects}
    return [e for e in event.ruled_consequences["effects"] if e not in stated]


def _retainers(status, events, names, screen) -> list[str]:
    tests: dict[str, list[tuple[Any, str]]] = {}
    for event, handle, mark in events:
        if isinstance(event, Character.Event):  # a retainer met this session
            tests.setdefault(handle, [])
        if isinstance(event, Character.LoyaltyTested):
            tests[handle].append((event, mark))
    lines = []
    retainers = (c for c in status["characters"] if c["retainer_of"] is not None)
    for character in (c for c in retainers if c["handle"] in tests):
        employer = names.get(character["retainer_of"], character["retainer_of"])
        line = f"- {md(names[character['handle']])}, {md(employer)}'s retainer: loyalty "
        line += f"{character['loyalty']}" + ("" if character["in_service"] else ", has quit")
        for test, mark in tests.get(character["handle"], []):
            dice = f": {roll_words(test.roll)}" if screen.dice(test.roll) else ""
            line += f"; tested ({test.occasion}){dice} — {md(_verdict(test, screen))}"
            line += mark
        lines.append(line)
    return _heading("Retainers", lines)


def _notes(status, events, names, screen) -> list[str]:
    lines = [f"- {md(e.text)}{mark}" for e, _, mark in events
             if isinstance(e, Campaign.NoteRecorded)]  # fmt: skip
    return _heading("Notes", lines)


def _withdrawals(status, events, names, screen) -> list[str]:
    """The commands this session retracted that an earlier session's recap told (marked)."""
    lines = [line for e, _, line in events if isinstance(e, Campaign.CommandRetracted)]
    return _heading("Withdrawn", lines)


SECTIONS = (_encounters, _casualties, _saves, _items, _flaws, _retainers, _notes, _withdrawals)


def section_lines(status: dict[str, Any], events: list[Told], screen: Screen) -> list[str]:
    """Every section of a session's recap, in order, as ``screen`` lets it be read; a section
    with nothing to tell is left out."""
    names = _names(status)
    out: list[str] = []
    for section in SECTIONS:
        out += section(status, events, names, screen)
    return out
