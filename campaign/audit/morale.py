"""The audit of morale and loyalty rulings (seed 000).

One judgement per event: encounters' morale tests, checks due and lapsed, ratings and
situational adjustments; companies' base morale; retainers' loyalty at hiring and when tested.
Each re-asks :mod:`campaign.rules.morale` from the event's stored inputs. The rules, and the
decisions D-1 … D-5: docs/rules.md#ose-morale-mercenaries-and-retainers.
"""

from __future__ import annotations

from typing import Any

from aggregates.character import Character
from aggregates.company import MercenaryCompany
from aggregates.encounter import Encounter
from campaign.audit.findings import (
    FINAL,
    PENDING,
    RESOLVED,
    Settle,
    Verdict,
    checks_said,
    dice_said,
    finding,
    subject_of,
)
from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_
from campaign.core.worded import Worded
from campaign.rules import morale
from campaign.rules.dice import TWO_D6, Roll

# a morale test's needless inputs (MOR003), by what was given
NEEDLESS = {
    ("roll",): N_("a roll where no test applies ({how}: {rules})"),
    ("ruling",): N_("a ruling where no test applies ({how}: {rules})"),
    ("roll", "ruling"): N_("a roll and a ruling where no test applies ({how}: {rules})"),
}
# a morale check left due, by what decided it (MOR002, final)
LAPSED_BEFORE = {
    "casualty": N_("morale check due ({checks}) and none made before the group's next casualty"),
    "left": N_("morale check due ({checks}) and none made before the company left"),
    "ended": N_("morale check due ({checks}) and none made before the encounter's end"),
}

# Encounters (seed 000; docs/rules.md#monster-morale, #d-1, #d-2, #d-3, #d-4) ---------------------


def morale_tested(verdict: Verdict, e: Encounter.MoraleTested, encounter: Encounter) -> None:
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
    subject = subject_of(encounter, e.group)
    if e.tests and roll is not None:
        how = Worded(
            N_("2d6 {dice} against effective {effective}"),
            {"dice": dice_said(e.roll), "effective": e.effective},
        )
    elif e.successes_before >= 2:
        how = Worded(N_("rated {rating}, two successes"), {"rating": e.rating})
    else:
        how = Worded(N_("rated {rating}"), {"rating": e.rating})
    if contradicts:
        verdict.findings.append(
            finding(
                "MOR001",
                e,
                subject=subject,
                rules_say=rules_say,
                ruled=e.ruled,
                message=Worded(
                    N_("morale: {how} → the rules say {rules}; ruled {ruled}"),
                    {"how": how, "rules": rules_say, "ruled": e.ruled},
                ),
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
                message=Worded(
                    NEEDLESS.get(tuple(given), NEEDLESS[("roll",)]),
                    {"how": how, "rules": rules_say},
                ),
                cite=cite,
            )
        )
    if e.checks_answered:
        verdict.settles.append(Settle("MOR002", RESOLVED, subject=subject))


def morale_check_due(verdict: Verdict, e: Encounter.MoraleCheckDue, encounter: Encounter) -> None:
    cite = morale.FIRST_DEATH_RULE if morale.FIRST_DEATH in e.checks else morale.HALF_OUT_RULE
    verdict.findings.append(
        finding(
            "MOR002",
            e,
            subject=subject_of(encounter, e.group),
            rules_say=list(e.checks),
            ruled=None,
            message=Worded(
                N_("morale check due ({checks}): none made yet"), {"checks": checks_said(e.checks)}
            ),
            cite=cite,
            status=PENDING,
            position=e.due_position,
        )
    )


def _lapsed(group: str, encounter: Encounter, checks: list[str], why: str) -> Settle:
    message = Worded(LAPSED_BEFORE[why], {"checks": checks_said(checks)})
    return Settle("MOR002", FINAL, subject=subject_of(encounter, group), message=message)


def check_lapsed(verdict: Verdict, e: Encounter.MoraleCheckLapsed, encounter: Encounter) -> None:
    verdict.settles.append(_lapsed(e.group, encounter, e.checks, "casualty"))


def company_left(verdict: Verdict, e: Encounter.CompanyLeft, encounter: Encounter) -> None:
    if e.lapsed:
        verdict.settles.append(_lapsed(e.group, encounter, e.lapsed, "left"))


def encounter_ended(verdict: Verdict, e: Encounter.EncounterEnded, encounter: Encounter) -> None:
    for lapse in e.lapsed:
        settle = _lapsed(lapse["group"], encounter, lapse["checks"], "ended")
        verdict.settles.append(settle)


def rerated(verdict: Verdict, e: Encounter.GroupRerated, encounter: Encounter) -> None:
    if e.checks_dropped:  # the new rating makes the check moot (≤ 2, ≥ 12): nothing was missed
        verdict.settles.append(Settle("MOR002", RESOLVED, subject=subject_of(encounter, e.group)))


def adjusted(verdict: Verdict, e: Encounter.AdjustmentMade, encounter: Encounter) -> None:
    subject = subject_of(encounter, e.group)
    if morale.never_tests(e.rating):  # "Valeur de 2 ou 12"
        verdict.findings.append(
            finding(
                "MOR004",
                e,
                subject=subject,
                rules_say=0,
                ruled=e.value,
                message=Worded(
                    N_(
                        "adjustment {value:+d} to a group rated {rating}: adjustments never "
                        "apply at ≤ 2 or ≥ 12"
                    ),
                    {"value": e.value, "rating": e.rating},
                ),
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
                message=Worded(
                    N_(
                        "adjustments sum {after:+d} after {value:+d} ({reason}): beyond −2…+2, "
                        "used as ruled"
                    ),
                    {"after": after, "value": e.value, "reason": e.reason},
                ),
                cite=morale.ADJUSTMENTS,
            )
        )


# Companies and retainers (seed 000; docs/rules.md#mercenary-companies, #d-4, #d-5) --------------


def hired(verdict: Verdict, e: MercenaryCompany.CompanyHired, company: Any) -> None:
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
                subject=subject_of(company),
                rules_say=table,
                ruled=e.morale,
                message=Worded(
                    N_("base morale {morale}; the troop table gives {troop} {table}"),
                    {"morale": e.morale, "troop": troop, "table": table},
                ),
                cite=morale.MERCENARIES,
            )
        )


def loyalty_tested(verdict: Verdict, e: Character.LoyaltyTested, character: Any) -> None:
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
                subject=subject_of(character),
                rules_say=rules_say,
                ruled=e.ruled,
                message=Worded(
                    N_(
                        "loyalty ({occasion}): 2d6 {dice} against {loyalty} → the rules say "
                        "{rules}; ruled {ruled}"
                    ),
                    {
                        "occasion": e.occasion,
                        "dice": dice_said(e.roll),
                        "loyalty": e.loyalty,
                        "rules": rules_say,
                        "ruled": e.ruled,
                    },
                ),
                cite=morale.RETAINERS,
            )
        )


def created(verdict: Verdict, e: Character.CharacterCreated, character: Any) -> None:
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
        if e.hiring_reaction is None:
            words = N_("loyalty {ruled}; the employer's CHA {cha} gives {table}")
        else:
            words = N_(
                "loyalty {ruled}; the employer's CHA {cha}, hiring reaction {reaction} "
                "gives {table}"
            )
        verdict.findings.append(
            finding(
                "LOY002",
                e,
                subject=subject_of(character),
                rules_say=table,
                ruled=e.ruled,
                message=Worded(
                    words,
                    {
                        "ruled": e.ruled,
                        "cha": e.employer_cha,
                        "reaction": e.hiring_reaction,
                        "table": table,
                    },
                ),
                cite=morale.RETAINERS,
            )
        )
