"""The sections of a session's recap (``export --format markdown``): encounters and how every
group fared, casualties, saving throws, damaged items, flaws, retainers, notes and the commands
withdrawn, each from the session's events and the state at its end, in the invocation's
language (the words: :mod:`campaign.history.recap_words`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from aggregates.campaign import Campaign
from aggregates.character import Character
from aggregates.encounter import Encounter
from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_, _, pgettext
from campaign.history.players import Screen
from campaign.history.recap_words import (
    FATES,
    fate_said,
    killed,
    md,
    out_of_the_fight,
    roll_said,
    state_said,
)
from campaign.rules.d6harmonie import find_trait, loss_words, outcome_word, penalty_words
from campaign.rules.morale import ruled_as_the_rules_say

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


def _verdict(
    event: Any, screen: Screen, said: Callable[[Any], Any] = lambda outcome: outcome
) -> str:
    """The ruling, and beside it the rules' answer when it differs (not to the players);
    ``said`` words an outcome (a flaw's ``critical failure``)."""
    rules_say, ruled = said(event.rules_say), said(event.ruled)
    if not screen.rules_beside_rulings or ruled_as_the_rules_say(rules_say, ruled):
        return f"{ruled}"
    return _("{ruled} (the GM's ruling; the rules said {rules})").format(
        ruled=ruled, rules=rules_say
    )


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
                who = _("{name} (company)").format(name=names.get(group["handle"], group["handle"]))
            names[(encounter["handle"], group["handle"])] = who
    return names


def _heading(text: str, lines: list[str]) -> list[str]:
    return [f"### {_(text)}", "", *lines, ""] if lines else []


def _marked(marks: list[str], *, partly: bool = False) -> str:
    """The mark of something several events told: theirs when they all carry the same one;
    with ``partly``, ``(part of it withdrawn in session M)`` when only some were withdrawn."""
    if marks and marks[0] and len(set(marks)) == 1:
        return marks[0]
    withdrawn = sorted({m for m in marks if m})
    if partly and withdrawn:
        return withdrawn[0].partly
    return ""


def _encounters(status, events, names, screen) -> list[str]:
    fought: dict[str, list[str]] = {}  # the encounters fought, the marks of their events
    for e, h, mark in events:
        if isinstance(e, Encounter.Event):
            fought.setdefault(h, []).append(mark)
    out: list[str] = []
    for encounter in (e for e in status["encounters"] if e["handle"] in fought):
        name = encounter["name"] or encounter["handle"]
        ended = _("ended") if encounter["ended"] else _("still going")
        mark = _marked(fought[encounter["handle"]])
        columns = (_("Group"), _("Fate"), _("Losses"), _("Morale"))
        out += [f"### {md(name)} ({ended}){mark}", "",
                f"| {' | '.join(columns)} |", "|---|---|---|---|"]  # fmt: skip
        for group in encounter["groups"]:
            out.append(_group_row(group, names[(encounter["handle"], group["handle"])]))
        tests = [(e, mark) for e, h, mark in events if isinstance(e, Encounter.MoraleTested)
                 and h == encounter["handle"]]  # fmt: skip
        if tests:
            out.append("")
        for test, mark in tests:
            who = names[(encounter["handle"], test.group)]
            verdict = md(_verdict(test, screen))
            said = _("Morale of {who}: {test}").format(who=md(who), test=_tested(test, screen))
            out.append(f"- {said} — {verdict}{mark}")
        out.append("")
    return out


def _tested(test: Any, screen: Screen) -> str:
    """``3+5 = 8 against 7``; where no test applies (rated ≤ 2 or ≥ 12, two successes already,
    cornered) a roll decides nothing, which is said rather than set against the rating. Dice
    the screen hides are the GM's roll."""
    if test.tests:
        dice = roll_said(test.roll) if screen.dice(test.roll) else _("the GM's roll")
        return _("{dice} against {rating}").format(dice=dice, rating=test.effective)
    # the rating (≤ 2, ≥ 12) or two successes first: `--cornered` counts only at ≤ 2
    why = FATES.get(test.rules_say) or (N_("cornered, it fights") if test.cornered else "")
    why = _(why) if why else str(test.rules_say)
    if screen.dice(test.roll):
        return _("{dice}, but no test was due ({why})").format(dice=roll_said(test.roll), why=why)
    return _("no test was due ({why})").format(why=why)


def _group_row(group: dict[str, Any], who: str) -> str:
    losses = [killed(group["killed"])] if group["killed"] else []
    losses += [out_of_the_fight(group["incapacitated"])] if group["incapacitated"] else []
    lost = ", ".join(losses) or pgettext("losses", "none")
    morale = str(group["morale"])
    if group["adjustment"] and group["effective_morale"] == group["morale"]:
        # at ≤ 2 or ≥ 12 the adjustment is ignored, as in ``status`` (docs/json.md#status)
        morale += " " + _("({value} ignored)").format(value=f"{group['adjustment']:+d}")
    elif group["adjustment"]:
        said = _("({rating} with adjustments)")
        morale += " " + said.format(rating=group["effective_morale"])
    lost = _("{losses} of {count}").format(losses=lost, count=group["count"])
    return f"| {md(who)} | {fate_said(group['status'])} | {lost} | {morale} |"


def _casualties(status, events, names, screen) -> list[str]:
    lines = []
    for event, encounter, mark in events:
        if isinstance(event, Encounter.CasualtyRecorded):
            lost = (out_of_the_fight if event.incapacitated else killed)(event.n)
            cause = f" — {md(event.cause)}" if event.cause else ""
            who, where = names[(encounter, event.group)], names[(encounter,)]
            said = _("{who} at {where}: {losses}").format(who=md(who), where=md(where), losses=lost)
            lines.append(f"- {said}{cause}{mark}")
    return _heading(N_("Casualties"), lines)


def _saves(status, events, names, screen) -> list[str]:
    lines = []
    dice = True  # whether the last save's die is told (its natural 1 exposes an item)
    for event, handle, mark in events:
        if isinstance(event, Character.SaveMade | Character.SaveFailed):
            dice = screen.dice(event.roll)
            lines.append(_save(event, names.get(handle, handle), dice, screen) + mark)
        elif isinstance(event, Character.ItemExposed):
            said = _("a natural 1: the {item} was exposed") if dice else _("the {item} was exposed")
            lines.append("  - " + said.format(item=md(event.item)))
    return _heading(N_("Saving throws"), lines)


def _save(event: Any, who: str, dice: bool, screen: Screen) -> str:
    """A saving throw's line (without its mark); ``dice``: whether its die is told."""
    line = "- " + _("{who} against {effect} ({save})").format(
        who=md(who), effect=md(event.vs), save=_save_type(event)
    )
    if event.roll is not None and not dice:  # the GM's die, and so its total
        line += f" — {md(_verdict(event, screen))}"
    elif event.roll is not None:
        verdict = md(_verdict(event, screen))
        said = _("{dice}, total {total}").format(dice=roll_said(event.roll), total=event.total)
        line += _(": {said}").format(said=said) + f" — {verdict}"
    elif event.ruled == event.rules_say:
        line += " — " + _("no save: the full effect")
    else:
        line += " — " + _("no save; ruled a {ruled}").format(ruled=event.ruled)
    if event.damage_taken:
        line += _("; {n} damage").format(n=event.damage_taken)
    if event.damage_differs and event.rules_damage is not None:  # SAV005
        line += "" if event.damage_taken else _("; no damage")
        if screen.rules_beside_rulings:
            said = _("(the GM's ruling; the rules said {damage})")
            line += " " + said.format(damage=event.rules_damage)
    return line


def _save_type(event: Any) -> str:
    """``reflex, DC 16``: the save's type (a word of the log) and its DC if stated."""
    if event.dc is None:
        return str(event.save_type)
    return _("{save_type}, DC {dc}").format(save_type=event.save_type, dc=event.dc)


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
                harmed[item]["rulings"].append(_item_ruling(event))
        if item not in harmed:
            continue
        if isinstance(event, Character.ItemDropped):
            harmed[item]["dropped"] = True
        else:  # a harm, a save or a repair: its hit points and state after
            harmed[item] |= {"state": event.state, "hp": event.hp}
            harmed[item] |= {"hp_max": event.hp_max} if hasattr(event, "hp_max") else {}
    lines = []
    for (handle, *_rest), told in harmed.items():
        who, name = md(names[handle]), md(told["name"])
        mark = _marked(told["marks"], partly=True)
        if told["rulings"]:
            mark = "".join(_("; {said}").format(said=r) for r in told["rulings"]) + mark
        if not told["dropped"]:  # still carried: the read side's own state
            character = next(c for c in status["characters"] if c["handle"] == handle)
            held = (i for i in character["items"] if i["name"] == told["name"])
            told = next(held, None)
            if told is None:
                said = _("{who}'s {item}: no longer carried").format(who=who, item=name)
                lines.append(f"- {said}{mark}")
                continue
        lines.append(f"- {_item_state(who, name, told)}{mark}")
    return _heading(N_("Damaged items"), lines)


def _item_ruling(event: Any) -> str:
    """``an item save ruled broken (3 hp) where the rules said damaged (5 hp)``."""
    hp = " " + _("({hp} hp)").format(hp=event.hp) if event.hp is not None else ""
    left = event.rules_hp_left
    left = " " + _("({hp} hp)").format(hp=left) if left is not None else ""
    return _("an item save ruled {ruled} where the rules said {rules}").format(
        ruled=f"{event.ruled}{hp}", rules=f"{event.rules_say}{left}"
    )


def _item_state(who: str, name: str, told: dict[str, Any]) -> str:
    """``Isolde Varga's Heavy wooden shield: broken, 7 of 15 hp`` (``, then dropped``)."""
    said = _("{who}'s {item}: {state}").format(who=who, item=name, state=state_said(told["state"]))
    if told["hp_max"] is not None:
        said += _(", {hp} of {most} hp").format(hp=told["hp"], most=told["hp_max"])
    return said + (_(", then dropped") if told.get("dropped") else "")


def _flaws(status, events, names, screen) -> list[str]:
    lines = []
    for event, handle, mark in events:
        if isinstance(event, Character.FlawRolled):
            trait = event.key + (f" ({event.detail})" if event.detail else "")
            who = md(names.get(handle, handle))
            line = "- " + _("{who}'s {trait}").format(who=who, trait=md(trait))
            if event.result is not None:
                said = partial(outcome_word, critical=event.critical)  # docs/rules.md#d-9
                against = _("{result} against {target}")
                line += _(": {said}").format(
                    said=against.format(result=event.result, target=event.difficulty)
                )
                line += " — " + md(_verdict(event, screen, said))
            effects = _consequence_words(event)
            if effects:
                line += _("; {effects}").format(effects=md(", ".join(effects)))
            lines.append(line + mark)
    return _heading(N_("Flaws triggered"), lines)


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
    # an effect the rules' catalogue words (campaign/rules/d6harmonie/catalogue.py) is said in
    # the reader's language; one it does not hold, as recorded
    return [
        *penalty_words(event.conditions),
        *loss_words(ruled),
        *(_(e) if e else e for e in effects),
    ]


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
        line = "- " + _("{who}, {employer}'s retainer: loyalty {loyalty}").format(
            who=md(names[character["handle"]]), employer=md(employer), loyalty=character["loyalty"]
        )
        line += "" if character["in_service"] else _(", has quit")
        for test, mark in tests.get(character["handle"], []):
            tested = _("; tested ({occasion})").format(occasion=test.occasion)
            if screen.dice(test.roll):
                tested += _(": {said}").format(said=roll_said(test.roll))
            line += f"{tested} — {md(_verdict(test, screen))}{mark}"
        lines.append(line)
    return _heading(N_("Retainers"), lines)


def _notes(status, events, names, screen) -> list[str]:
    lines = [f"- {md(e.text)}{mark}" for e, _, mark in events
             if isinstance(e, Campaign.NoteRecorded)]  # fmt: skip
    return _heading(N_("Notes"), lines)


def _withdrawals(status, events, names, screen) -> list[str]:
    """The commands this session retracted that an earlier session's recap told (marked)."""
    lines = [line for e, _, line in events if isinstance(e, Campaign.CommandRetracted)]
    return _heading(N_("Withdrawn"), lines)


SECTIONS = (_encounters, _casualties, _saves, _items, _flaws, _retainers, _notes, _withdrawals)


def section_lines(status: dict[str, Any], events: list[Told], screen: Screen) -> list[str]:
    """Every section of a session's recap, in order, as ``screen`` lets it be read; a section
    with nothing to tell is left out."""
    names = _names(status)
    out: list[str] = []
    for section in SECTIONS:
        out += section(status, events, names, screen)
    return out
