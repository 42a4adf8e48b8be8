"""``export --format markdown`` (SPEC §5): a session recap a GM can post for the players.

Per session: its title and date, each encounter fought in it with how every group fared, the
casualties, the saves and the items they harmed, the flaws that flared up, the retainers and
their loyalty, the GM's notes. The state is the read side's own (``status --as-of session:N``),
the happenings are the session's events (``history --session N``'s). A penalty is written as
``status`` and ``modifiers`` write it: ``-2D`` for dice, ``-1`` flat (:func:`modifier_words`).
Nothing here judges anything: the rules' answer appears only beside a ruling that differs — a
morale, loyalty or flaw outcome, a save's damage taken, an item save's outcome — and a morale
roll where no test applies is said to decide nothing.

Retracted commands — a session tells what stood at its end, as its table does:

- a command retracted within its own session (before the session's last event) is left out:
  the state at the session's end never held it (a typo undone at the table);
- a command retracted in a later session is told where it happened, marked
  ``*(withdrawn in session M)*``: the session's table, the state at its end, still counts it
  (``status --as-of session:N`` does), and ``history --session N`` shows it, marked retracted;
- the session whose ``retract`` withdrew it lists it under *Withdrawn* (the command's log line,
  where it was recorded); the retraction's own events name no encounter, character or note of
  that session: an encounter only a retraction touched is not one fought there;
- a session whose ``session N`` line was retracted never took place: the recap leaves it out,
  and ``--session N`` (which ``history``, ``audit`` and the other exports accept too) says so.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import closing
from functools import partial
from itertools import chain
from typing import Any, Protocol

from aggregates.campaign import Campaign
from aggregates.character import Character
from aggregates.encounter import Encounter
from aggregates.subjects import Subjects
from campaign.core.errors import ImpossibleInput, UnknownSession
from campaign.rules.d6harmonie import find_trait, loss_words, outcome_word, penalty_words
from campaign.rules.dice import roll_words
from campaign.rules.morale import ruled_as_the_rules_say
from campaign.sessionlog.writing import command_line

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
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")  # C0, DEL, C1: what a terminal obeys
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
    a control character shown escaped (``\\x1b``: a store recorded before they were refused
    may hold one, and a recap printed to a terminal would send it)."""
    flat = _CONTROL.sub(_escaped, " ".join(str(text).split()))
    return _SPECIAL.sub(r"\\\1", flat)


def _escaped(found: re.Match[str]) -> str:
    return f"\\x{ord(found.group()):02x}"


def _verdict(event: Any, said: Callable[[Any], Any] = lambda outcome: outcome) -> str:
    """The ruling, and beside it the rules' answer when it differs; ``said`` words an outcome
    (a flaw's ``critical failure``)."""
    rules_say, ruled = said(event.rules_say), said(event.ruled)
    if ruled_as_the_rules_say(rules_say, ruled):  # `fight` at ≥ 12: as they say
        return f"{ruled}"
    return f"{ruled} (the GM's ruling; the rules said {rules_say})"


class Recapped(Protocol):
    """A store's history, as the recap reads it."""

    def events(self) -> Iterator[Any]:
        """Every recorded event, in position order (a damaged history raises)."""

    def statuses(self, refs: Sequence[str]) -> Iterator[dict[str, Any]]:
        """``status --json`` as of each of ``refs`` (``session:N``), in order."""


def markdown(history: Recapped, session: int | None = None) -> str:
    """The recap of one session, or of every session in order."""
    return "".join(markdown_lines(history, session))


def markdown_lines(history: Recapped, session: int | None = None) -> Iterator[str]:
    """:func:`markdown`, streamed: a first pass over the events notes the sessions and the
    commands withdrawn (a retraction may come sessions after its command), the second writes
    each session's section as soon as its last event is read. A ``session`` not in the history
    is an input error before anything is written; one whose ``session N`` line was retracted
    (``history --session N`` shows it) is a section that says so."""
    survey = _survey(history)
    numbers = [n for n, e in survey.opened.items() if e.command not in survey.withdrawn]
    if session is not None:
        if session not in survey.opened:
            raise UnknownSession(session, sorted(survey.opened))
        if session not in numbers:
            return _joined(_never_held(survey.opened[session], survey.withdrawn))
        numbers = [session]
    head = [] if session is not None else ["# Campaign recap", ""]
    return _joined(chain(head, _sections(history, numbers, survey)))


class _Survey:
    """The first pass: each session's opening (a kept one over a retracted one of the same
    number), the retraction of each command retracted, each session's last position."""

    def __init__(self) -> None:
        self.opened: dict[int, Any] = {}
        self.withdrawn: dict[int, Any] = {}  # a command's position → its CommandRetracted
        self.retractions: set[int] = set()  # the `retract` commands themselves
        self.last: dict[int, int] = {}

    def later(self, event: Any) -> Any:
        """The retraction of ``event``'s command if it came after ``event``'s session had ended
        (that session's recap tells the command, marked), else None."""
        retraction = self.withdrawn.get(event.command)
        if retraction is None or event.session is None:
            return None
        return retraction if retraction.position > self.last[event.session] else None


def _survey(history: Recapped) -> _Survey:
    survey = _Survey()
    for event in history.events():
        if isinstance(event, Campaign.CommandRetracted):
            survey.withdrawn[event.retracted] = event
            survey.retractions.add(event.command)
        if isinstance(event, Campaign.SessionOpened):
            kept = survey.opened.get(event.number)
            if kept is None or kept.command in survey.withdrawn:
                survey.opened[event.number] = event
        if event.session is not None:
            survey.last[event.session] = event.position
    return survey


def _never_held(opened: Any, withdrawn: dict[int, Any]) -> list[str]:
    """The section of a session whose ``session N`` line was retracted: it never took place."""
    title = f"## Session {opened.number}" + (f" — {md(opened.title)}" if opened.title else "")
    retraction = withdrawn[opened.command]
    return [title, "", f"*Withdrawn: its `session {opened.number}` line was retracted (event "
            f"{retraction.position}); this session never took place.*"]  # fmt: skip


def _sections(history: Recapped, numbers: list[int], survey: _Survey) -> Iterator[str]:
    """The sessions' sections in order, each written once its last event has been read: only
    the sessions still being read are held (one, unless a session number was reopened), and
    the commands a later session withdrew, for its *Withdrawn* list."""
    subjects = Subjects()
    held: dict[int, list[Told]] = {number: [] for number in numbers}
    told_later: dict[int, list[Any]] = {}  # a command withdrawn after its session: its events
    waiting = deque(numbers)
    with closing(history.statuses([f"session:{n}" for n in numbers])) as statuses:  # one fold
        for event in history.events():
            handle = subjects.handle(event)
            later = survey.later(event)
            if later is not None:
                told_later.setdefault(event.command, []).append(event)
            told = _told(event, handle, later, survey, told_later, subjects)
            if event.session in held and told is not None:
                held[event.session].append(told)
            while waiting and survey.last[waiting[0]] <= event.position:
                number = waiting.popleft()
                yield from _session(survey.opened[number], next(statuses), held.pop(number))


def _told(
    event: Any,
    handle: str,
    later: Any,
    survey: _Survey,
    told_later: dict[int, list[Any]],
    subjects: Subjects,
) -> Told | None:
    """What the session's recap makes of ``event``: a retraction names only the commands an
    earlier recap told (its compensations are no happening of their own); a command withdrawn
    is told only when its session ended first, marked."""
    if event.command in survey.retractions:
        if isinstance(event, Campaign.CommandRetracted) and event.retracted in told_later:
            return event, handle, _withdrawal(told_later.pop(event.retracted), subjects)
        return None
    if event.command in survey.withdrawn and later is None:
        return None
    return event, handle, _withdrawn_in(later, survey)


def _withdrawn_in(retraction: Any, survey: _Survey) -> str:
    """The mark of a command a later session withdrew: that session, where its recap says so."""
    if retraction is None:
        return ""
    opened = survey.opened.get(retraction.session)
    if opened is None or opened.command in survey.withdrawn:  # no session, or one never held
        return " *(withdrawn later)*"
    return f" *(withdrawn in session {retraction.session})*"


def _withdrawal(events: list[Any], subjects: Subjects) -> str:
    """A command an earlier session's recap told, as the log line that recorded it."""
    line = command_line(events, subjects) or type(events[0]).__qualname__
    return f"- {md(line)} — recorded in session {events[0].session} (event {events[0].position})"


def _joined(parts: Iterable[str]) -> Iterator[str]:
    """``"\\n".join(parts).rstrip() + "\\n"``, written as the parts come: only the parts that
    might be trailing blanks are held back."""
    pending: list[str] = []
    started = False
    for part in parts:
        if part.strip() and pending:
            yield ("\n" if started else "") + "\n".join(pending)
            started, pending = True, []
        pending.append(part)
    tail = "\n".join(pending).rstrip()
    yield ("\n" if started and tail else "") + tail + "\n"


def _session(opened: Any, status: dict[str, Any], events: list[Told]) -> list[str]:
    title = f"## Session {opened.number}" + (f" — {md(opened.title)}" if opened.title else "")
    when = [md(opened.date)] if opened.date else []
    when.append(f"in-game time at the end: {status['clock']}")
    out = [title, "", f"*{' · '.join(when)}*", ""]
    names = _names(status)
    sections = (_encounters, _casualties, _saves, _items, _flaws, _retainers, _notes, _withdrawals)
    for section in sections:
        out += section(status, events, names)
    return out


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


def _encounters(status, events, names) -> list[str]:
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
            out.append(f"- Morale of {md(who)}: {_tested(test)} — {md(_verdict(test))}{mark}")
        out.append("")
    return out


def _tested(test: Any) -> str:
    """``3+5 = 8 against 7``; where no test applies (rated ≤ 2 or ≥ 12, two successes already,
    cornered) a roll decides nothing, which is said rather than set against the rating."""
    if test.tests:
        return f"{roll_words(test.roll)} against {test.effective}"
    # the rating (≤ 2, ≥ 12) or two successes first: `--cornered` counts only at ≤ 2
    why = FATES.get(test.rules_say) or ("cornered, it fights" if test.cornered else "")
    why = why or str(test.rules_say)
    rolled = f"{roll_words(test.roll)}, but " if test.roll is not None else ""
    return f"{rolled}no test was due ({why})"


def _group_row(group: dict[str, Any], who: str) -> str:
    losses = [f"{group['killed']} killed"] if group["killed"] else []
    losses += [f"{group['incapacitated']} out of the fight"] if group["incapacitated"] else []
    lost = ", ".join(losses) or "none"
    morale = str(group["morale"])
    if group["adjustment"] and group["effective_morale"] == group["morale"]:
        morale += f" ({group['adjustment']:+d} ignored)"  # at ≤ 2 or ≥ 12 (SPEC §5, as status)
    elif group["adjustment"]:
        morale += f" ({group['effective_morale']} with adjustments)"
    fate = FATES.get(group["status"], group["status"])
    return f"| {md(who)} | {fate} | {lost} of {group['count']} | {morale} |"


def _casualties(status, events, names) -> list[str]:
    lines = []
    for event, encounter, mark in events:
        if isinstance(event, Encounter.CasualtyRecorded):
            what = "out of the fight" if event.incapacitated else "killed"
            cause = f" — {md(event.cause)}" if event.cause else ""
            who, where = names[(encounter, event.group)], names[(encounter,)]
            lines.append(f"- {md(who)} at {md(where)}: {event.n} {what}{cause}{mark}")
    return _heading("Casualties", lines)


def _saves(status, events, names) -> list[str]:
    lines = []
    for event, handle, mark in events:
        if isinstance(event, Character.SaveMade | Character.SaveFailed):
            line = f"- {md(names.get(handle, handle))} against {md(event.vs)} ({event.save_type}"
            line += f", DC {event.dc})" if event.dc is not None else ")"
            if event.roll is not None:
                line += f": {roll_words(event.roll)}, total {event.total} — {md(_verdict(event))}"
            elif event.ruled == event.rules_say:
                line += " — no save: the full effect"
            else:
                line += f" — no save; ruled a {event.ruled}"
            if event.damage_taken:
                line += f"; {event.damage_taken} damage"
            if event.damage_differs and event.rules_damage is not None:  # SAV005
                line += "" if event.damage_taken else "; no damage"
                line += f" (the GM's ruling; the rules said {event.rules_damage})"
            lines.append(line + mark)
        elif isinstance(event, Character.ItemExposed):
            lines.append(f"  - a natural 1: the {md(event.item)} was exposed")
    return _heading("Saving throws", lines)


def _items(status, events, names) -> list[str]:
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
            if ruled:  # what was ruled then, beside what the rules said then
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


def _flaws(status, events, names) -> list[str]:
    lines = []
    for event, handle, mark in events:
        if isinstance(event, Character.FlawRolled):
            trait = event.key + (f" ({event.detail})" if event.detail else "")
            line = f"- {md(names.get(handle, handle))}'s {md(trait)}"
            if event.result is not None:
                said = partial(outcome_word, critical=event.critical)  # RULES D-9
                line += f": {event.result} against {event.difficulty} — "
                line += md(_verdict(event, said))
            effects = _consequence_words(event)
            if effects:
                line += "; " + md(", ".join(effects))
            lines.append(line + mark)
    return _heading("Flaws triggered", lines)


def _consequence_words(event: Any) -> list[str]:
    """What a flaw roll did, as the state follows it (SPEC §2): the conditions it started, the
    losses and the effects ruled — less the rules' notes on how they reached their penalty when
    the GM's ``--penalty`` replaced it: « halved by Lève-tôt » said of a −2 the GM did not halve,
    « no penalty yet » beside the GM's −1, would be untrue."""
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
    """The rules' notes on how they reached their penalty — Lève-tôt halved it (RULES C-9), a
    dependency's full periods stacked it (C-3) —, as the event holds them: its effects that no
    row of the flaw's trigger states (campaign.rules.d6harmonie.resolve_flaw adds them)."""
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


def _retainers(status, events, names) -> list[str]:
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
            line += f"; tested ({test.occasion}): {roll_words(test.roll)} — {md(_verdict(test))}"
            line += mark
        lines.append(line)
    return _heading("Retainers", lines)


def _notes(status, events, names) -> list[str]:
    lines = [f"- {md(e.text)}{mark}" for e, _, mark in events
             if isinstance(e, Campaign.NoteRecorded)]  # fmt: skip
    return _heading("Notes", lines)


def _withdrawals(status, events, names) -> list[str]:
    """The commands this session retracted that an earlier session's recap told (marked)."""
    lines = [line for e, _, line in events if isinstance(e, Campaign.CommandRetracted)]
    return _heading("Withdrawn", lines)
