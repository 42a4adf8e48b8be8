"""The audit's finding catalogue as data (docs/audit.md#the-codes): each code's severity, title,
exact trigger, the rule it cites, and an explanation with an example for
``campaign audit --explain``.

The judgement that produces the findings lives in :mod:`campaign.audit`; the rules themselves
in :mod:`campaign.rules` (a citation here is the same object the rule cites there).
"""

from __future__ import annotations

from dataclasses import dataclass

from campaign.audit.examples import SETUP_BRYNN, SETUP_GOBLINS
from campaign.core.i18n import N_
from campaign.rules import d6harmonie, morale, saves
from campaign.rules.citation import Citation

WARNING, INFO = N_("warning"), N_("info")  # said translated; stored and --json as written


@dataclass(frozen=True, slots=True)
class Entry:
    """One finding code. ``rule`` is the sentence it cites (None for the GEN codes, which cite
    the tracker's own log language, docs/log-language.md: ``rule_name`` then names it)."""

    code: str
    severity: str
    title: str  # as docs/audit.md#the-codes words it
    trigger: str  # exactly when it fires (and the nearest case where it does not)
    rule: Citation | None
    explanation: str
    example: str  # session-log lines that produce it
    rule_name: str | None = None

    @property
    def cites(self) -> dict[str, str | None]:
        """The JSON ``rule`` key: ``{seed, name}``."""
        if self.rule is not None:
            return self.rule.as_json()
        return {"seed": None, "name": self.rule_name}


ENTRIES: tuple[Entry, ...] = (
    Entry(
        "MOR001",
        WARNING,
        N_("a morale ruling contradicts the rules' outcome"),
        N_(
            "A `morale` test whose ruling contradicts what the rules say: `fight` after a "
            "failed roll (2d6 above the effective morale) or for a group rated ≤ 2 that is not "
            "`--cornered`; `flee`/`surrender` after a passed roll, at a rating ≥ 12 or after "
            "two successes. `surrender` instead of `flee` on a failure, and either ruling for a "
            "cornered group rated ≤ 2, are the referee's choice: no finding."
        ),
        morale.TEST,
        N_(
            "The tracker records the GM's ruling and the state follows it (a ruled `fight` even "
            "counts as a success, docs/rules.md#d-2); the audit sets the rules' outcome beside it, "
            "judged again from the stored rating, adjustments, successes and dice."
        ),
        SETUP_GOBLINS + "morale ford goblins --roll 6,4 --ruling fight   # 10 > 7: flee",
    ),
    Entry(
        "MOR002",
        WARNING,
        N_("a morale check was due and none was made"),
        N_(
            "A check fell due (the group's first death — its first killed member, even one killed "
            "while no test applied, so a later death never is — or 2 × out ≥ its starting count; "
            "docs/rules.md#d-2) and no `morale` test of that group came before its next casualty, "
            "the encounter's end or its company leaving. Recorded at the casualty that made it "
            "due; `pending` until one of those events decides it (an encounter may span sessions), "
            "then `final`. A test before them answers it: no finding. A new rating that makes the "
            "check moot (≤ 2, ≥ 12) drops it: no finding."
        ),
        morale.FIRST_DEATH_RULE,
        N_(
            "The seed says when monsters check morale; the tracker tells the GM when a check is "
            "due but never forces one. The finding cites the trigger that made it due (first "
            "death or half out)."
        ),
        SETUP_GOBLINS + "casualty ford goblins 1        # first death: a check is due\n"
        "casualty ford goblins 1        # no test came first: MOR002 (final) at the first",
    ),
    Entry(
        "MOR003",
        WARNING,
        N_("a roll or a ruling given where no test applies"),
        N_(
            "A `morale` command with `--roll` or `--ruling` for a group that does not test: rated "
            "≤ 2 (not `--cornered`), rated ≥ 12, or after two successes in this encounter. A "
            "rating of 11 with +2 in adjustments still tests (the 2 and 12 rules are about the "
            "rating, docs/rules.md#d-1): no finding. A plain `morale` there (no roll, no ruling) "
            "records the rules' outcome: no finding."
        ),
        morale.SCORE_12,
        N_(
            "No test applies, so the dice decide nothing; the tracker records them anyway and "
            "the audit says so, citing the rule that stops the test (score 2, score 12 or the "
            "double success)."
        ),
        "encounter group ford trolls --count 3 --morale 12\n"
        "morale ford trolls --roll 3,5          # rated 12: never checks",
    ),
    Entry(
        "MOR004",
        WARNING,
        N_("an adjustment applied to a group rated ≤ 2 or ≥ 12"),
        N_(
            "An `adjust` on a group whose rating is then ≤ 2 or ≥ 12: the seed says adjustments "
            "never apply there. One finding per such adjustment."
        ),
        morale.ADJUSTMENTS_2_12,
        N_(
            "The adjustment is recorded (and counted in the group's sum) but never enters its "
            "effective morale while the rating stays ≤ 2 or ≥ 12."
        ),
        "encounter group ford trolls --count 3 --morale 12\n"
        'adjust ford trolls -1 --reason "their chief fell"',
    ),
    Entry(
        "MOR005",
        WARNING,
        N_("a group's adjustments sum beyond −2…+2"),
        N_(
            "The `adjust` that takes a group's raw adjustment sum (in this encounter) from within "
            "−2…+2 to beyond it, or across it to the other side; further adjustments that keep it "
            "beyond are not flagged again (as TRT002). The sum is used as ruled, never clamped "
            "(docs/rules.md#d-1, docs/rules.md#d-3). Whatever the rating: at ≤ 2 or ≥ 12 each "
            "adjustment is also MOR004."
        ),
        morale.ADJUSTMENTS,
        N_("`rules_say` is the nearest sum the range allows, `ruled` the sum the tracker uses."),
        SETUP_GOBLINS + 'adjust ford goblins -2 --reason "outnumbered"\n'
        'adjust ford goblins -1 --reason "their shaman fled"   # sum -3',
    ),
    Entry(
        "MOR006",
        WARNING,
        N_("a company's base morale differs from the troop table"),
        N_(
            "`company hire … --morale M` where M differs from the troop table (militia 6, "
            "barbarian 7, trained 8; +1 mounted, +1 elite, +2 fanatic). Working-conditions "
            "modifiers are the GM's discretion and never a finding."
        ),
        morale.MERCENARIES,
        N_(
            "The GM's base is used (plus the working-conditions modifiers); the table's is kept "
            "beside it."
        ),
        "company hire levy --troop militia --size 10 --morale 8   # the table says 6",
    ),
    Entry(
        "LOY001",
        WARNING,
        N_("a loyalty ruling contradicts the rules"),
        N_(
            "A `loyalty` test whose ruling differs from the rules' outcome: `stay` when 2d6 ≤ "
            "loyalty, else `flee` in peril (the default occasion) or `quit` after an adventure."
        ),
        morale.RETAINERS,
        N_(
            "The state follows the ruling (a ruled `quit` ends the service); the rules' outcome "
            "is judged again from the stored loyalty, occasion and dice."
        ),
        "character create cedric --retainer-of brynn --employer-cha 16\n"
        "loyalty cedric --roll 6,5 --ruling stay      # 11 > 9: the rules say flee",
    ),
    Entry(
        "LOY002",
        WARNING,
        N_("a retainer's loyalty differs from the employer's CHA table"),
        N_(
            "`character create … --retainer-of PC --employer-cha N --loyalty L` where L differs "
            "from the CHA table's loyalty, +1 when the hiring reaction (raw 2d6 + CHA's "
            "reaction modifier + `--reaction-mod`) is 12 or more. A `--loyalty` given without "
            "`--employer-cha` has no table to differ from: no finding."
        ),
        morale.RETAINERS,
        N_(
            "OSE's Retainers: the hiring character's CHA sets the loyalty; the tracker keeps "
            "the GM's figure and sets the table's beside it."
        ),
        "character create cedric --retainer-of brynn --employer-cha 16 --loyalty 11  # table 9",
    ),
    Entry(
        "SAV001",
        WARNING,
        N_("a stated DC differs from 10 + spell level + ability modifier"),
        N_(
            "A `save` with both `--dc` and the formula's inputs (`--spell-level` with "
            "`--ability-mod`, or `--class` with `--ability-score`, the paladin's ability from "
            "the campaign setting) where the two differ. The save is judged against the stated "
            "DC. `--dc` alone is no finding."
        ),
        saves.CITE_DC,
        N_("`rules_say` is the formula's DC, `ruled` the DC in force."),
        SETUP_BRYNN + 'save brynn --vs "Hold person" --type will --dc 17 --spell-level 3 '
        "--ability-mod 3 --effect negates --roll 12   # 10 + 3 + 3 = 16",
    ),
    Entry(
        "SAV002",
        WARNING,
        N_("a save ruling contradicts the rules"),
        N_(
            "A `save --ruling` that differs from the rules: success iff natural 20, or not "
            "natural 1 and d20 + bonus ≥ DC; no save at all (`--effect none`, "
            "`--voluntary-fail`, an unrolled `--harmless`) is a failure."
        ),
        saves.CITE_NATURAL,
        N_("The state follows the ruling: a save ruled a success deals the damage of a success."),
        SETUP_BRYNN + 'save brynn --vs "Fireball" --type reflex --dc 16 --effect half '
        "--damage 24 --roll 1 --ruling success   # a natural 1 always fails",
    ),
    Entry(
        "SAV003",
        WARNING,
        N_(
            "a natural 1 against an object-harming effect, and no item save before the session "
            "ended"
        ),
        N_(
            "A save with a natural 1 against an effect that harms objects (`--objects`) exposes "
            "an item; no `item-save` resolved that exposure before the session ended (`session "
            "end`, the next `session`, or the end of a replayed log). `pending` from the "
            "exposure until the session ends, then `final`; an item save in the same session "
            "answers it (also one that saves another item: that is SAV004). An item save "
            "withdrawn by `retract` after the session ended leaves it `final` (the session "
            "ended without one). Dropping the exposed item (`character item-drop`) ends the "
            "exposure, and a destroyed item has nothing left to save: named with `--item`, or "
            "exposed twice and destroyed by the first item save, no item save is expected, no "
            "SAV003. Recorded at the exposure, subject the exposed item."
        ),
        saves.CITE_OBJECT_DAMAGE,
        N_(
            "The seed says the exposed item must save and take the attack's damage; the tracker "
            "waits for that item save until the session ends."
        ),
        SETUP_BRYNN + 'save brynn --vs "Fireball" --type reflex --dc 16 --effect half '
        "--damage 24 --objects --roll 1\nsession end   # no item-save came",
    ),
    Entry(
        "SAV004",
        WARNING,
        N_("the exposed item is not among the candidates (or tied)"),
        N_(
            "`save … --item NAME` naming an item that is neither among the four most likely "
            "items carried or worn (seed 001's table by rank, then acquisition; unattended "
            "items excluded) nor tied with the fourth; or an `item-save` of another item than "
            "the exposed one. An item tied with the fourth is a candidate: no finding."
        ),
        saves.CITE_ITEM_CHOICE,
        N_(
            "Judged again from the character's items at the time of the save (what the rules "
            "ranked then), so a fix to the table shows up."
        ),
        SETUP_BRYNN + 'character item brynn "Breastplate" --slot armor\n'
        'character item brynn "Mace" --slot held\n'
        'character item brynn "Dagger" --slot stowed-weapon\n'
        'character item brynn "Backpack" --slot other\n'
        'save brynn --vs "Fireball" --type reflex --dc 16 --effect half --damage 24 --objects '
        '--roll 1 --item "Backpack"   # rank 10, fifth: not a candidate',
    ),
    Entry(
        "SAV005",
        WARNING,
        N_("damage taken differs from the effect"),
        N_(
            "`save … --damage-taken N` where N differs from the damage the rules give: the full "
            "`--damage` on a failure, ⌊damage/2⌋ on a saved `half` (1 → 0), 0 on a saved "
            "`negates`/`disbelief`. A saved `partial` has no known damage: no finding."
        ),
        saves.CITE_HALF,
        N_(
            "The damage taken is the GM's ruling and is what the character's `damage_taken` counts."
        ),
        SETUP_BRYNN + 'save brynn --vs "Fireball" --type reflex --dc 16 --effect half '
        "--damage 25 --roll 15 --damage-taken 13   # ⌊25/2⌋ = 12",
    ),
    Entry(
        "SAV006",
        WARNING,
        N_("an item's save outcome or damage differs from the rules"),
        N_(
            "An `item-save` whose ruling (`--ruling`, or `--hp-left`) differs from the rules: "
            "with hardness and hit points known, the outcome word or the hit points left; "
            "without them the outcome word, except that a failure's `damaged` may be ruled "
            "`broken` or `destroyed` (the rules cannot tell: docs/rules.md#d-8)."
        ),
        saves.CITE_OBJECT_DAMAGE,
        N_("The item's hit points follow the ruling (`destroyed` → 0, `broken` → at most half)."),
        SETUP_BRYNN + 'save brynn --vs "Fireball" --type reflex --dc 16 --effect half '
        '--damage 24 --energy --objects --roll 1 --item "Tower shield"\n'
        'item-save brynn "Tower shield" --roll 9 --ruling intact   # 12 − 5 = 7 hp lost',
    ),
    Entry(
        "TRT001",
        WARNING,
        N_("a trait taken after creation"),
        N_(
            "`character trait` after `character finalize`. Traits given at `character create` "
            "or added before `finalize` are creation: no finding."
        ),
        d6harmonie.AFTER_CREATION_RULE,
        N_("The trait is recorded and counts like any other (budget, MORAL bonus)."),
        "character create brynn\ncharacter finalize brynn\n"
        'character trait brynn --flaw "enemy:Baron Aldric"',
    ),
    Entry(
        "TRT002",
        WARNING,
        N_("flaws worth more than 20 points"),
        N_(
            "The trait event that first takes a character's flaw points above 20 (at creation "
            "or later); later flaws while it stays above are not flagged again. Exactly 20 is "
            "the maximum allowed: no finding."
        ),
        d6harmonie.BUDGET_RULE,
        N_("`rules_say` is the cap (20), `ruled` the total after the trait."),
        "character create brynn --flaw memoire-deficiente --flaw allergie-grave:peanuts "
        "--flaw vertige   # 12 + 8 + 3 = 23",
    ),
    Entry(
        "TRT003",
        WARNING,
        N_("advantages worth more than 20 points"),
        N_("The trait event that first takes a character's advantage points above 20; as TRT002."),
        d6harmonie.BUDGET_RULE,
        N_("`rules_say` is the cap (20), `ruled` the total after the trait."),
        "character create brynn --advantage beaute-accrue --advantage nerfs-d-acier   # 30",
    ),
    Entry(
        "TRT004",
        WARNING,
        N_("a flaw roll at a difficulty other than the rule's"),
        N_(
            "`trait … --difficulty N` where N differs from the flaw's own difficulty (with its "
            "minutes, years or sum). The outcome is judged against the GM's difficulty."
        ),
        d6harmonie.citation(d6harmonie.find_trait("phobia-mild")),
        N_("Cites the flaw's own sentence in seed 002; `rules_say` is the rule's difficulty."),
        SETUP_BRYNN + "trait brynn phobia-mild --result 8 --difficulty 7   # NORMALE (9)",
    ),
    Entry(
        "TRT005",
        WARNING,
        N_("a flaw roll's ruling or consequences differ from the rule"),
        N_(
            "A `trait` roll whose `--ruling` differs from the rules' outcome (success iff "
            "result ≥ difficulty; a critical failure fails), or whose `--hp-lost`, "
            "`--conscience-lost` or `--penalty` differs from the rule's consequences, or whose "
            "`--duration` lies outside what the rule's dice allow (5 hours for 1D6 hours is the "
            "die: no finding; 7 is a finding). One finding per roll."
        ),
        d6harmonie.citation(d6harmonie.find_trait("phobia-mild")),
        N_(
            "The state follows the ruling (the ruled outcome's consequences, or the GM's own); "
            "the audit re-judges the roll from the stored result, difficulty and options."
        ),
        SETUP_BRYNN + "trait brynn phobia-mild --result 6 --ruling success   # 6 < 9",
    ),
    Entry(
        "GEN001",
        INFO,
        N_("a command was retracted"),
        N_(
            "Every `retract last` / `retract event:N`: one finding at the retraction, naming "
            "the command withdrawn (`ruled`: its position). The withdrawn command's own "
            "findings leave the audit, and what it had decided (a MOR002 or SAV003 made final "
            "or answered) is pending again — unless its deadline has passed since: a SAV003 "
            "answered by an item save withdrawn after the session ended is `final` at once."
        ),
        None,
        N_("Nothing is deleted: the audit lists each correction so that an auditor sees it."),
        'company modifier red-lances +2 --reason "paid"\nretract last --note "it was +1"',
        rule_name="retract (docs/log-language.md#retract)",
    ),
    Entry(
        "GEN002",
        INFO,
        N_("a note recorded by the GM"),
        N_(
            "One finding per `note T` and per command given `--note T`, whatever else was found "
            "(so an auditor reads every stated reason). `--reason` and `--cause` are not notes. "
            "A retracted command's note leaves the audit with it."
        ),
        None,
        N_(
            "The GM's reasons, listed so that an auditor reads them beside the rulings they "
            "explain."
        ),
        'note "The goblins\' leader wore a red hood"\n'
        'morale ford goblins --roll 6,4 --ruling fight --note "Brynn rallied them"',
        rule_name="--note (docs/log-language.md#notes)",
    ),
)

CATALOGUE: dict[str, Entry] = {entry.code: entry for entry in ENTRIES}
CODES: tuple[str, ...] = tuple(CATALOGUE)
