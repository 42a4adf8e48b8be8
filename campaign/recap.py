"""``export --format markdown`` (SPEC §5): a session recap a GM can post for the players.

Per session: its title and date, each encounter fought in it with how every group fared, the
casualties, the saves and the items they harmed, the flaws that flared up, the retainers and
their loyalty, the GM's notes. The state is the read side's own (``status --as-of session:N``),
the happenings are the session's events; a retracted command did not happen and is left out.
Nothing here judges anything: the rules' answer appears only beside a ruling that differs.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import closing
from functools import partial
from itertools import chain
from typing import TYPE_CHECKING, Any

from aggregates.campaign import Campaign
from aggregates.character import Character
from aggregates.encounter import Encounter
from campaign.errors import UnknownSession
from campaign.rules.d6harmonie import outcome_word
from campaign.rules.morale import ruled_as_the_rules_say
from campaign.subjects import Subjects

if TYPE_CHECKING:
    from campaign.application import Ledger

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


def _roll(record: dict[str, Any] | None) -> str:
    if record is None:
        return "no roll"
    faces = record.get("faces") or []
    if len(faces) > 1:
        return f"{'+'.join(map(str, faces))} = {record['total']}"
    return f"natural {faces[0]}" if faces else str(record["total"])


def _verdict(event: Any, said: Callable[[Any], Any] = lambda outcome: outcome) -> str:
    """The ruling, and beside it the rules' answer when it differs; ``said`` words an outcome
    (a flaw's ``critical failure``)."""
    rules_say, ruled = said(event.rules_say), said(event.ruled)
    if ruled_as_the_rules_say(rules_say, ruled):  # `fight` at ≥ 12: as they say
        return f"{ruled}"
    return f"{ruled} (the GM's ruling; the rules said {rules_say})"


def markdown(ledger: Ledger, session: int | None = None) -> str:
    """The recap of one session, or of every session in order."""
    return "".join(markdown_lines(ledger, session))


def markdown_lines(ledger: Ledger, session: int | None = None) -> Iterator[str]:
    """:func:`markdown`, streamed: a first pass over the events notes the sessions and the
    commands withdrawn (a retraction may come sessions after its command), the second writes
    each session's section as soon as its last event is read. A ``session`` not in the history
    is an input error before anything is written."""
    opened, withdrawn, last = _survey(ledger)
    numbers = [n for n, e in opened.items() if e.command not in withdrawn]
    if session is not None:
        if session not in numbers:
            raise UnknownSession(session, numbers)
        numbers = [session]
    head = [] if session is not None else ["# Campaign recap", ""]
    return _joined(chain(head, _sections(ledger, numbers, opened, withdrawn, last)))


def _survey(ledger: Ledger) -> tuple[dict[int, Any], set[int], dict[int, int]]:
    """Each session's opening, the commands retracted, and each session's last position."""
    opened: dict[int, Any] = {}
    withdrawn: set[int] = set()
    last: dict[int, int] = {}
    for event in ledger.events():
        if isinstance(event, Campaign.CommandRetracted):
            withdrawn.add(event.retracted)
        if isinstance(event, Campaign.SessionOpened):
            opened[event.number] = event
        if event.session is not None:
            last[event.session] = event.position
    return opened, withdrawn, last


def _sections(
    ledger: Ledger,
    numbers: list[int],
    opened: dict[int, Any],
    withdrawn: set[int],
    last: dict[int, int],
) -> Iterator[str]:
    """The sessions' sections in order, each written once its last event has been read: only
    the sessions still being read are held (one, unless a session number was reopened)."""
    subjects = Subjects()
    held: dict[int, list[tuple[Any, str]]] = {number: [] for number in numbers}
    waiting = deque(numbers)
    with closing(ledger.statuses([f"session:{n}" for n in numbers])) as statuses:  # one fold
        for event in ledger.events():
            handle = subjects.handle(event)
            kept = event.command not in withdrawn
            if event.session in held and kept and not isinstance(event, Campaign.CommandRetracted):
                held[event.session].append((event, handle))
            while waiting and last[waiting[0]] <= event.position:
                number = waiting.popleft()
                yield from _session(opened[number], next(statuses), held.pop(number))


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


def _session(opened: Any, status: dict[str, Any], events: list[tuple[Any, str]]) -> list[str]:
    title = f"## Session {opened.number}" + (f" — {md(opened.title)}" if opened.title else "")
    when = [md(opened.date)] if opened.date else []
    when.append(f"in-game time at the end: {status['clock']}")
    out = [title, "", f"*{' · '.join(when)}*", ""]
    names = _names(status)
    for section in (_encounters, _casualties, _saves, _items, _flaws, _retainers, _notes):
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


def _encounters(status, events, names) -> list[str]:
    fought = dict.fromkeys(h for e, h in events if isinstance(e, Encounter.Event))
    out: list[str] = []
    for encounter in (e for e in status["encounters"] if e["handle"] in fought):
        name = encounter["name"] or encounter["handle"]
        ended = "ended" if encounter["ended"] else "still going"
        out += [f"### {md(name)} ({ended})", "",
                "| Group | Fate | Losses | Morale |", "|---|---|---|---|"]  # fmt: skip
        for group in encounter["groups"]:
            out.append(_group_row(group, names[(encounter["handle"], group["handle"])]))
        tests = [e for e, h in events if isinstance(e, Encounter.MoraleTested)
                 and h == encounter["handle"]]  # fmt: skip
        if tests:
            out.append("")
        for test in tests:
            who = names[(encounter["handle"], test.group)]
            out.append(f"- Morale of {md(who)}: {_roll(test.roll)} against {test.effective}"
                       f" — {md(_verdict(test))}")  # fmt: skip
        out.append("")
    return out


def _group_row(group: dict[str, Any], who: str) -> str:
    losses = [f"{group['killed']} killed"] if group["killed"] else []
    losses += [f"{group['incapacitated']} out of the fight"] if group["incapacitated"] else []
    lost = ", ".join(losses) or "none"
    morale = str(group["morale"])
    if group["adjustment"]:
        morale += f" ({group['effective_morale']} with adjustments)"
    fate = FATES.get(group["status"], group["status"])
    return f"| {md(who)} | {fate} | {lost} of {group['count']} | {morale} |"


def _casualties(status, events, names) -> list[str]:
    lines = []
    for event, encounter in events:
        if isinstance(event, Encounter.CasualtyRecorded):
            what = "out of the fight" if event.incapacitated else "killed"
            cause = f" — {md(event.cause)}" if event.cause else ""
            who, where = names[(encounter, event.group)], names[(encounter,)]
            lines.append(f"- {md(who)} at {md(where)}: {event.n} {what}{cause}")
    return _heading("Casualties", lines)


def _saves(status, events, names) -> list[str]:
    lines = []
    for event, handle in events:
        if isinstance(event, Character.SaveMade | Character.SaveFailed):
            line = f"- {md(names.get(handle, handle))} against {md(event.vs)} ({event.save_type}"
            line += f", DC {event.dc})" if event.dc is not None else ")"
            if event.roll is not None:
                line += f": {_roll(event.roll)}, total {event.total} — {md(_verdict(event))}"
            elif event.ruled == event.rules_say:
                line += " — no save: the full effect"
            else:
                line += f" — no save; ruled a {event.ruled}"
            if event.damage_taken:
                line += f"; {event.damage_taken} damage"
            lines.append(line)
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
    for event, handle in events:
        if not isinstance(event, ITEM_EVENTS):
            continue
        name = (handle, event.item)  # as the aggregate holds it
        if isinstance(event, Character.ItemAcquired):
            acquired[name] = acquired.get(name, 0) + 1
            continue
        item = (*name, acquired.get(name, 0))
        if isinstance(event, ITEM_HARM):
            harmed.setdefault(item, {"name": event.item, "dropped": False})
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
        if not told["dropped"]:  # still carried: the read side's own state
            character = next(c for c in status["characters"] if c["handle"] == handle)
            held = (i for i in character["items"] if i["name"] == told["name"])
            told = next(held, None)
            if told is None:
                lines.append(f"- {who}'s {name}: no longer carried")
                continue
        hp = f", {told['hp']} of {told['hp_max']} hp" if told["hp_max"] is not None else ""
        then = ", then dropped" if told.get("dropped") else ""
        lines.append(f"- {who}'s {name}: {told['state']}{hp}{then}")
    return _heading("Damaged items", lines)


def _flaws(status, events, names) -> list[str]:
    lines = []
    for event, handle in events:
        if isinstance(event, Character.FlawRolled):
            trait = event.key + (f" ({event.detail})" if event.detail else "")
            line = f"- {md(names.get(handle, handle))}'s {md(trait)}"
            if event.result is not None:
                said = partial(outcome_word, critical=event.critical)  # RULES D-9
                line += f": {event.result} against {event.difficulty} — "
                line += md(_verdict(event, said))
            effects = [f"{c['value']:+d} {c['applies_to']}" for c in event.conditions]
            effects += event.ruled_consequences.get("effects", [])
            if effects:
                line += "; " + md(", ".join(effects))
            lines.append(line)
    return _heading("Flaws triggered", lines)


def _retainers(status, events, names) -> list[str]:
    tests: dict[str, list[Any]] = {}
    for event, handle in events:
        if isinstance(event, Character.Event):  # a retainer met this session
            tests.setdefault(handle, [])
        if isinstance(event, Character.LoyaltyTested):
            tests[handle].append(event)
    lines = []
    retainers = (c for c in status["characters"] if c["retainer_of"] is not None)
    for character in (c for c in retainers if c["handle"] in tests):
        employer = names.get(character["retainer_of"], character["retainer_of"])
        line = f"- {md(names[character['handle']])}, {md(employer)}'s retainer: loyalty "
        line += f"{character['loyalty']}" + ("" if character["in_service"] else ", has quit")
        for test in tests.get(character["handle"], []):
            line += f"; tested ({test.occasion}): {_roll(test.roll)} — {md(_verdict(test))}"
        lines.append(line)
    return _heading("Retainers", lines)


def _notes(status, events, names) -> list[str]:
    lines = [f"- {md(e.text)}" for e, _ in events if isinstance(e, Campaign.NoteRecorded)]
    return _heading("Notes", lines)
