"""The audit of GM rulings (SPEC §6): one event in, the findings it makes out.

Pure — no I/O: :func:`judge` takes an event and its aggregate *after* the event (as the
projections' fold hands them) and returns a :class:`Verdict`: new findings (plain dicts with
SPEC §5's keys) and the pending findings this event decides. The read model
(:mod:`projections.audit`) stores them and handles retractions.

Every judgement re-asks :mod:`campaign.rules` from the inputs the event stores (rating,
adjustments, dice, DC inputs, items, trait options…), so a fix to a rule shows up in the audit
of an old history; nothing here restates a rule. The few flags used as stored are facts rather
than rule outcomes (``TraitTaken.after_creation``: the character was finalized;
``ItemSaveResolved.other_item``: another item than the exposed one), and where the rules now
refuse stored inputs the judgement recorded at the time is used instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from aggregates.base import LedgerAggregate
from aggregates.campaign import Campaign
from aggregates.character import Character
from aggregates.company import MercenaryCompany
from aggregates.encounter import Encounter
from campaign.audit_catalogue import CATALOGUE, CODES, INFO, WARNING, Entry
from campaign.errors import ImpossibleInput
from campaign.rules import d6harmonie, morale, saves
from campaign.rules.citation import Citation
from campaign.rules.dice import D20, TWO_D6, Roll

__all__ = [
    "CATALOGUE",
    "CODES",
    "FINAL",
    "INFO",
    "PENDING",
    "WARNING",
    "Entry",
    "Settle",
    "Verdict",
    "check_code",
    "entry",
    "judge",
]

PENDING, FINAL = "pending", "final"
RESOLVED = "resolved"  # a pending finding answered in time: no finding (kept to be re-opened)


def check_code(code: str, field: str = "code") -> str:
    """A finding code, case-insensitive; an unknown one is an input error listing them all."""
    wanted = code.strip().upper() if isinstance(code, str) else ""
    if wanted not in CATALOGUE:
        raise ImpossibleInput(
            f"unknown finding code {code!r}",
            field=field,
            value=code,
            expected="one of " + ", ".join(CODES),
        )
    return wanted


def entry(code: str, field: str = "code") -> Entry:
    """The catalogue's entry for ``code`` (``audit --explain``)."""
    return CATALOGUE[check_code(code, field)]


@dataclass(frozen=True, slots=True)
class Settle:
    """A pending finding this event decides: ``final`` (it stands) or ``resolved`` (answered in
    time: no finding). MOR002 is found by ``subject`` (one check pending per group at a time),
    SAV003 by its exposure's ``position``, or every one of a ``session`` at its end."""

    code: str
    status: str
    subject: str | None = None
    position: int | None = None
    session: int | None = None
    message: str | None = None  # the final finding's message


@dataclass
class Verdict:
    findings: list[dict[str, Any]] = field(default_factory=list)
    settles: list[Settle] = field(default_factory=list)
    retracted_subject: str | None = None  # GEN001 names what the retraction command touched


# --- building findings ---------------------------------------------------------------------------


def finding(
    code: str,
    event: Any,
    *,
    subject: str,
    rules_say: Any = None,
    ruled: Any = None,
    message: str,
    cite: Citation | None = None,
    status: str = FINAL,
    position: int | None = None,
) -> dict[str, Any]:
    """A finding with SPEC §5's keys (and ``command_position``: the command that produced it)."""
    listed = CATALOGUE[code]
    return {
        "code": code,
        "severity": listed.severity,
        "status": status,
        "session": event.session,
        "position": event.position if position is None else position,
        "subject": subject,
        "rules_say": rules_say,
        "ruled": ruled,
        "note": note_of(event),
        "rule": cite.as_json() if cite is not None else listed.cites,
        "message": message,
        "command_position": event.command,
    }


def note_of(event: Any) -> str | None:
    """The GM's words on an event: a command's ``--note``, or the text of ``note T``."""
    said = event.text if isinstance(event, Campaign.NoteRecorded) else getattr(event, "note", None)
    return said if isinstance(said, str) and said.strip() else None


def _handle(aggregate: Any) -> str:
    return getattr(aggregate, "handle", None) or "campaign"


def _of(aggregate: Any, part: str | None = None) -> str:
    """``ford/goblins``, ``brynn/Tower shield``, ``brynn``, ``campaign`` (SPEC §5's subjects)."""
    return f"{_handle(aggregate)}/{part}" if part else _handle(aggregate)


def _dice(record: dict[str, Any] | None) -> str:
    if record is None:
        return "no roll"
    faces = record.get("faces")
    if faces and len(faces) > 1:
        return "+".join(str(f) for f in faces) + f" = {record['total']}"
    return str(record["total"])


def _words(value: Any) -> str:
    if isinstance(value, list):
        return " and ".join(str(v) for v in value)
    return str(value)


# --- the judgement -------------------------------------------------------------------------------


def judge(event: Any, aggregate: Any) -> Verdict:
    """What the audit makes of one event (``aggregate``: its aggregate after the event)."""
    verdict = Verdict()
    judges = _judges_of(type(event))
    if judges is not None:
        judges(verdict, event, aggregate)
    if isinstance(event, LedgerAggregate.Retracted) and not isinstance(aggregate, Campaign):
        verdict.retracted_subject = _handle(aggregate)
    note = note_of(event)
    if note is not None:  # once per command: the read model keeps the first (GEN002)
        said = "note" if isinstance(event, Campaign.NoteRecorded) else "the GM's note"
        verdict.findings.append(
            finding("GEN002", event, subject=_of(aggregate, _part(event)), message=said)
        )
    return verdict


@cache
def _judges_of(kind: type) -> Any:
    """The judgement for one event class, found once: by ancestry, since the library subclasses
    an event once more for the ``@event`` method that triggers it."""
    return next((judges for judged, judges in _JUDGES if issubclass(kind, judged)), None)


def _part(event: Any) -> str | None:
    return getattr(event, "group", None) or getattr(event, "item", None)


# Encounters (seed 000; RULES Part A, D-1…D-4) ----------------------------------------------------


def _morale_tested(verdict: Verdict, e: Encounter.MoraleTested, encounter: Encounter) -> None:
    roll = Roll.from_record(e.roll, TWO_D6) if e.roll is not None else None
    try:
        test = morale.morale_test(
            e.rating,
            adjustment=e.adjustment,
            roll=roll,
            successes=e.successes_before,
            cornered=e.cornered,
        )
        rules_say, cite = test.outcome, test.cites[0]
        contradicts = test.contradicted_by(e.ruled)
        needless = test.given_without_test(ruling_given=e.ruling_given)
    except ImpossibleInput:  # inputs the rules now refuse: the judgement recorded then
        rules_say, cite = e.rules_say, morale.TEST
        contradicts, needless = e.contradicts, e.roll_without_test
    subject = _of(encounter, e.group)
    if e.tests and roll is not None:
        how = f"2d6 {_dice(e.roll)} against effective {e.effective}"
    else:
        how = f"rated {e.rating}" + (", two successes" if e.successes_before >= 2 else "")
    if contradicts:
        verdict.findings.append(
            finding(
                "MOR001",
                e,
                subject=subject,
                rules_say=rules_say,
                ruled=e.ruled,
                message=f"morale: {how} → the rules say {rules_say}; ruled {e.ruled}",
                cite=cite,
            )
        )
    if needless:
        given = [w for w, on in (("roll", roll is not None), ("ruling", e.ruling_given)) if on]
        verdict.findings.append(
            finding(
                "MOR003",
                e,
                subject=subject,
                rules_say="no-test",
                ruled="-and-".join(given),
                message=f"a {' and a '.join(given)} where no test applies ({how}: {rules_say})",
                cite=cite,
            )
        )
    if e.checks_answered:
        verdict.settles.append(Settle("MOR002", RESOLVED, subject=subject))


def _morale_check_due(verdict: Verdict, e: Encounter.MoraleCheckDue, encounter: Encounter) -> None:
    cite = morale.FIRST_DEATH_RULE if morale.FIRST_DEATH in e.checks else morale.HALF_OUT_RULE
    verdict.findings.append(
        finding(
            "MOR002",
            e,
            subject=_of(encounter, e.group),
            rules_say=list(e.checks),
            ruled=None,
            message=f"morale check due ({_words(e.checks)}): none made yet",
            cite=cite,
            status=PENDING,
            position=e.due_position,
        )
    )


def _lapsed(group: str, encounter: Encounter, checks: list[str], why: str) -> Settle:
    message = f"morale check due ({_words(checks)}) and none made before {why}"
    return Settle("MOR002", FINAL, subject=_of(encounter, group), message=message)


def _check_lapsed(verdict: Verdict, e: Encounter.MoraleCheckLapsed, encounter: Encounter) -> None:
    verdict.settles.append(_lapsed(e.group, encounter, e.checks, "the group's next casualty"))


def _company_left(verdict: Verdict, e: Encounter.CompanyLeft, encounter: Encounter) -> None:
    if e.lapsed:
        verdict.settles.append(_lapsed(e.group, encounter, e.lapsed, "the company left"))


def _encounter_ended(verdict: Verdict, e: Encounter.EncounterEnded, encounter: Encounter) -> None:
    for lapse in e.lapsed:
        settle = _lapsed(lapse["group"], encounter, lapse["checks"], "the encounter's end")
        verdict.settles.append(settle)


def _rerated(verdict: Verdict, e: Encounter.GroupRerated, encounter: Encounter) -> None:
    if e.checks_dropped:  # the new rating makes the check moot (≤ 2, ≥ 12): nothing was missed
        verdict.settles.append(Settle("MOR002", RESOLVED, subject=_of(encounter, e.group)))


def _adjusted(verdict: Verdict, e: Encounter.AdjustmentMade, encounter: Encounter) -> None:
    subject = _of(encounter, e.group)
    if morale.never_tests(e.rating):  # "Valeur de 2 ou 12"
        verdict.findings.append(
            finding(
                "MOR004",
                e,
                subject=subject,
                rules_say=0,
                ruled=e.value,
                message=f"adjustment {e.value:+d} to a group rated {e.rating}: adjustments "
                "never apply at ≤ 2 or ≥ 12",
                cite=morale.ADJUSTMENTS_2_12,
            )
        )
    before, after = e.adjustment - e.value, e.adjustment
    allowed = morale.allowed_adjustment(after)
    taken_beyond = not morale.adjustment_within_range(after) and (
        morale.adjustment_within_range(before) or morale.allowed_adjustment(before) != allowed
    )  # from within −2…+2, or across it to the other side: once, as TRT002
    if taken_beyond:
        verdict.findings.append(
            finding(
                "MOR005",
                e,
                subject=subject,
                rules_say=allowed,
                ruled=after,
                message=f"adjustments sum {after:+d} after {e.value:+d} ({e.reason}): beyond "
                f"−2…+2, used as ruled",
                cite=morale.ADJUSTMENTS,
            )
        )


# Companies and retainers (seed 000; RULES A.4, A.5, D-4, D-5) ----------------------------------


def _hired(verdict: Verdict, e: MercenaryCompany.CompanyHired, company: Any) -> None:
    if e.morale is None:
        return
    try:
        table = morale.troop_morale(e.troop, mounted=e.mounted, elite=e.elite, fanatic=e.fanatic)
    except ImpossibleInput:
        table = e.table_morale
    if e.morale != table:
        qualities = [q for q in ("mounted", "elite", "fanatic") if getattr(e, q)]
        troop = " ".join([*qualities, e.troop])
        verdict.findings.append(
            finding(
                "MOR006",
                e,
                subject=_of(company),
                rules_say=table,
                ruled=e.morale,
                message=f"base morale {e.morale}; the troop table gives {troop} {table}",
                cite=morale.MERCENARIES,
            )
        )


def _loyalty_tested(verdict: Verdict, e: Character.LoyaltyTested, character: Any) -> None:
    roll = Roll.from_record(e.roll, TWO_D6)
    try:
        test = morale.loyalty_test(e.loyalty, roll, occasion=e.occasion)
        rules_say, contradicts = test.outcome, test.contradicted_by(e.ruled)
    except ImpossibleInput:
        rules_say, contradicts = e.rules_say, e.contradicts
    if contradicts:
        verdict.findings.append(
            finding(
                "LOY001",
                e,
                subject=_of(character),
                rules_say=rules_say,
                ruled=e.ruled,
                message=f"loyalty ({e.occasion}): 2d6 {_dice(e.roll)} against {e.loyalty} → "
                f"the rules say {rules_say}; ruled {e.ruled}",
                cite=morale.RETAINERS,
            )
        )


def _created(verdict: Verdict, e: Character.CharacterCreated, character: Any) -> None:
    if e.employer_cha is None or e.ruled is None:
        return
    hiring = Roll.from_record(e.hiring_roll, TWO_D6) if e.hiring_roll is not None else None
    try:
        table = morale.retainer_loyalty(
            e.employer_cha, hiring_roll=hiring, reaction_mod=e.reaction_mod
        ).loyalty
    except ImpossibleInput:
        table = e.rules_say
    if e.ruled != table:
        reaction = "" if e.hiring_reaction is None else f", hiring reaction {e.hiring_reaction}"
        verdict.findings.append(
            finding(
                "LOY002",
                e,
                subject=_of(character),
                rules_say=table,
                ruled=e.ruled,
                message=f"loyalty {e.ruled}; the employer's CHA {e.employer_cha}{reaction} "
                f"gives {table}",
                cite=morale.RETAINERS,
            )
        )


# Saves and items (seed 001; RULES Part B, D-6…D-8) -----------------------------------------------


def _saved(verdict: Verdict, e: Any, character: Character) -> None:
    inputs = e.inputs
    subject = _of(character)
    roll = Roll.from_record(e.roll, D20) if e.roll is not None else None
    try:
        formula = None
        if inputs.get("spell_level") is not None:
            formula = saves.spell_dc(
                inputs["spell_level"],
                ability_mod=inputs.get("ability_mod"),
                class_name=inputs.get("class_name"),
                ability_score=inputs.get("ability_score"),
                paladin_ability=inputs.get("paladin_ability") or "wis",
            ).dc
        result = saves.resolve_save(
            bonus=e.bonus or 0,
            dc=e.dc or 0,
            roll=roll,
            effect=e.effect,
            damage=inputs.get("damage"),
            voluntary_fail=bool(inputs.get("voluntary_fail")),
            harmless=bool(inputs.get("harmless")),
        )
        rules_say = "success" if result.success else "failure"  # no save: the full effect
        damage = result.damage
        cite = saves.effect_kind(e.effect).cite
    except ImpossibleInput:
        formula, rules_say, damage = e.dc_formula, e.rules_say, e.rules_damage
        cite = saves.CITE_HALF
    stated = inputs.get("dc")
    if stated is not None and formula is not None and stated != formula:
        verdict.findings.append(
            finding(
                "SAV001",
                e,
                subject=subject,
                rules_say=formula,
                ruled=stated,
                message=f"save vs {e.vs}: DC {stated} stated; 10 + spell level "
                f"{inputs['spell_level']} + the ability modifier = {formula}",
                cite=saves.CITE_DC,
            )
        )
    if e.ruled != rules_say:
        if e.natural is not None:
            how = f"d20 {e.natural} + {e.bonus} = {e.total} against DC {e.dc}"
        else:
            how = "no save"
        verdict.findings.append(
            finding(
                "SAV002",
                e,
                subject=subject,
                rules_say=rules_say,
                ruled=e.ruled,
                message=f"save vs {e.vs}: {how} → the rules say {rules_say}; ruled {e.ruled}",
                cite=saves.CITE_NATURAL,
            )
        )
    taken = inputs.get("damage_taken")
    if taken is not None and damage is not None and taken != damage:
        verdict.findings.append(
            finding(
                "SAV005",
                e,
                subject=subject,
                rules_say=damage,
                ruled=taken,
                message=f"save vs {e.vs} ({e.effect}, {rules_say}): {taken} damage taken; "
                f"the effect deals {damage}",
                cite=cite,
            )
        )


def _exposed(verdict: Verdict, e: Character.ItemExposed, character: Character) -> None:
    subject = _of(character, e.item)
    try:  # the items carried when the save was made: this event changes none of them
        choosable = [i.name for i in saves.item_candidates(character.carried_items()).choosable]
    except ImpossibleInput:
        choosable = list(e.rules_say)
    if e.item not in choosable:
        verdict.findings.append(
            finding(
                "SAV004",
                e,
                subject=subject,
                rules_say=choosable,
                ruled=e.item,
                message=f"{e.item} exposed; the candidates are {', '.join(choosable) or 'none'}",
                cite=saves.CITE_ITEM_CHOICE,
            )
        )
    verdict.findings.append(
        finding(
            "SAV003",
            e,
            subject=subject,
            rules_say="item-save",
            ruled=None,
            message=f"natural 1: {e.item} exposed, no item save yet",
            cite=saves.CITE_OBJECT_DAMAGE,
            status=PENDING,
        )
    )


def _item_saved(verdict: Verdict, e: Any, character: Character) -> None:
    subject = _of(character, e.item)
    if e.exposure is not None:
        verdict.settles.append(Settle("SAV003", RESOLVED, position=e.exposure))
    if e.other_item:  # a fact, not a rule: the item saved is not the one exposed
        verdict.findings.append(
            finding(
                "SAV004",
                e,
                subject=subject,
                rules_say=None,  # the projection names the exposed item (SAV003's subject)
                ruled=e.item,
                message=f"item save of {e.item}, not of the exposed item",
                cite=saves.CITE_ITEM_CHOICE,
            )
        )
    roll = Roll.from_record(e.roll, D20) if e.roll is not None else None
    item = character.item_named(e.item)
    try:
        result = saves.resolve_item_save(
            dc=e.dc,
            roll=roll,
            effect=e.effect,
            damage=e.damage,
            energy=e.energy,
            magic=item["magic"],
            caster_level=item["caster_level"],
            bearer_bonus=e.bearer_bonus,
            unattended=item["unattended"],
            hardness=item["hardness"],
            hp=e.hp_max,
            hp_left=e.hp_before,
        )
        rules_say = saves.item_save_outcome(result, e.hp_before)
        rules_hp = result.hp_left
        differs = saves.item_ruling_differs(result, rules_say, e.ruled, e.inputs.get("hp_left"))
    except ImpossibleInput:
        rules_say, rules_hp, differs = e.rules_say, e.rules_hp_left, e.differs
    if differs:
        hp = "" if rules_hp is None else f", {rules_hp} hp left"
        ruled_hp = "" if e.hp is None else f", {e.hp} hp left"
        verdict.findings.append(
            finding(
                "SAV006",
                e,
                subject=subject,
                rules_say=rules_say,
                ruled=e.ruled,
                message=f"item save: the rules say {rules_say}{hp}; ruled {e.ruled}{ruled_hp}",
                cite=saves.CITE_OBJECT_DAMAGE,
            )
        )


# Traits (seed 002; RULES Part C, D-9) -------------------------------------------------------------


def _trait_taken(verdict: Verdict, e: Character.TraitTaken, character: Character) -> None:
    subject = _of(character)
    trait = f"{e.key} ({e.name_fr})" + (f": {e.detail}" if e.detail else "")
    if e.after_creation:  # a fact: the character was finalized before this trait
        verdict.findings.append(
            finding(
                "TRT001",
                e,
                subject=subject,
                rules_say="at-creation",
                ruled="after-creation",
                message=f"{e.kind} {trait} taken after creation",
                cite=d6harmonie.AFTER_CREATION_RULE,
            )
        )
    flaws = [t["key"] for t in character.flaws]
    advantages = [t["key"] for t in character.advantages]
    try:  # the character's traits after this one (the event appends it last of its kind)
        after = d6harmonie.budget(flaws, advantages)
        if e.kind == "flaw":
            before = d6harmonie.budget(flaws[:-1], advantages)
            crossed = before.flaws_within_budget and not after.flaws_within_budget
            code, points, cap = "TRT002", after.flaw_points, d6harmonie.MAX_FLAW_POINTS
        else:
            before = d6harmonie.budget(flaws, advantages[:-1])
            crossed = before.advantages_within_budget and not after.advantages_within_budget
            code, points = "TRT003", after.advantage_points
            cap = d6harmonie.MAX_ADVANTAGE_POINTS
    except ImpossibleInput:
        flaw = e.kind == "flaw"
        crossed = e.flaws_over_budget_now if flaw else e.advantages_over_budget_now
        code = "TRT002" if flaw else "TRT003"
        points = e.flaw_points if flaw else e.advantage_points
        cap = e.rules_say
    if crossed:
        kind = "flaws" if e.kind == "flaw" else "advantages"
        verdict.findings.append(
            finding(
                code,
                e,
                subject=subject,
                rules_say=cap,
                ruled=points,
                message=f"{kind} worth {points} points after {trait}: above the {cap} allowed",
                cite=d6harmonie.BUDGET_RULE,
            )
        )


def _flaw_rolled(verdict: Verdict, e: Character.FlawRolled, character: Character) -> None:
    inputs = e.inputs
    subject = _of(character)
    options = {name: inputs.get(name) for name in ("minutes", "hours", "years", "sum")}
    advantages = [t["key"] for t in character.advantages]
    outcome: d6harmonie.FlawOutcome | None = None
    try:
        outcome = d6harmonie.resolve_flaw(
            e.key,
            trigger=e.trigger,
            result=inputs.get("result"),
            critical=bool(inputs.get("critical")),
            difficulty=inputs.get("difficulty"),
            advantages=advantages,
            **options,
        )
        rule_difficulty, cite = outcome.rule_difficulty, outcome.cites[0]
        rules_say = None if not outcome.rolls else ("success" if outcome.success else "failure")
        differ = d6harmonie.consequences_differ(
            outcome,
            hp_lost=inputs.get("hp_lost"),
            conscience_lost=inputs.get("conscience_lost"),
            penalty=inputs.get("penalty"),
            duration=inputs.get("duration"),
        )
    except ImpossibleInput:
        rule_difficulty, rules_say, differ = e.rule_difficulty, e.rules_say, e.consequences_differ
        cite = d6harmonie.citation(d6harmonie.find_trait(e.key))
    trait = f"{e.key} ({e.trigger})"
    stated = inputs.get("difficulty")
    if stated is not None and stated != rule_difficulty:
        verdict.findings.append(
            finding(
                "TRT004",
                e,
                subject=subject,
                rules_say=rule_difficulty,
                ruled=stated,
                message=f"{trait}: difficulty {stated}; the rule's is "
                f"{d6harmonie.describe_difficulty(rule_difficulty)}",
                cite=cite,
            )
        )
    if e.ruled != rules_say or differ:
        parts = []
        if e.ruled != rules_say:
            parts.append(f"the rules say {rules_say}; ruled {e.ruled}")
        if differ:
            parts.append("consequences ruled: " + ", ".join(_consequences(inputs, outcome)))
        result = "" if e.result is None else f" result {e.result} vs {e.difficulty}"
        verdict.findings.append(
            finding(
                "TRT005",
                e,
                subject=subject,
                rules_say=rules_say,
                ruled=e.ruled,
                message=f"{trait}{result}: " + "; ".join(parts),
                cite=cite,
            )
        )


def _consequences(inputs: dict[str, Any], outcome: d6harmonie.FlawOutcome | None) -> list[str]:
    """``hp lost 2 (the rule: 5)``: each consequence the GM gave, beside the rule's."""
    rules: dict[str, str] = {}
    if outcome is not None:
        penalties = outcome.penalties
        rules = {
            "hp_lost": str((outcome.hp_lost or {}).get("torso", 0)),
            "conscience_lost": str(outcome.conscience_lost or 0),
            "penalty": f"{penalties[0].value:+d}" if penalties else "none",
        }
        timed = [p.duration for p in penalties if p.duration is not None]
        if timed:
            low, high = d6harmonie.allowed_seconds(timed[0])
            rules["duration"] = f"{timed[0]}: {low // 60}–{high // 60} min"
    said = []
    for name in ("hp_lost", "conscience_lost", "penalty", "duration"):
        value = inputs.get(name)
        if value is None:
            continue
        shown = {"penalty": f"{value:+d}", "duration": f"{value} min"}.get(name, str(value))
        rule = f" (the rule: {rules[name]})" if name in rules else ""
        said.append(f"{name.replace('_', ' ')} {shown}{rule}")
    return said


# The campaign: sessions and retractions -----------------------------------------------------------


def _session_ended(verdict: Verdict, e: Campaign.SessionEnded, campaign: Campaign) -> None:
    message = f"natural 1: the exposed item made no item save before session {e.number} ended"
    verdict.settles.append(Settle("SAV003", FINAL, session=e.number, message=message))


def _retracted(verdict: Verdict, e: Campaign.CommandRetracted, campaign: Campaign) -> None:
    verdict.findings.append(
        finding(
            "GEN001",
            e,
            subject="campaign",  # the read model names what the command touched
            ruled=e.retracted,
            message=f"the command at event:{e.retracted} was retracted",
        )
    )


_JUDGES: tuple[tuple[type, Any], ...] = (
    (Encounter.MoraleTested, _morale_tested),
    (Encounter.MoraleCheckDue, _morale_check_due),
    (Encounter.MoraleCheckLapsed, _check_lapsed),
    (Encounter.CompanyLeft, _company_left),
    (Encounter.EncounterEnded, _encounter_ended),
    (Encounter.GroupRerated, _rerated),
    (Encounter.AdjustmentMade, _adjusted),
    (MercenaryCompany.CompanyHired, _hired),
    (Character.LoyaltyTested, _loyalty_tested),
    (Character.CharacterCreated, _created),
    (Character.SaveMade, _saved),
    (Character.SaveFailed, _saved),
    (Character.ItemExposed, _exposed),
    (Character.ItemSaved, _item_saved),
    (Character.ItemDamaged, _item_saved),
    (Character.ItemBroken, _item_saved),
    (Character.ItemDestroyed, _item_saved),
    (Character.TraitTaken, _trait_taken),
    (Character.FlawRolled, _flaw_rolled),
    (Campaign.SessionEnded, _session_ended),
    (Campaign.CommandRetracted, _retracted),
)
