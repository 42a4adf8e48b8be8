"""The example session at the ford (docs/log-language.md#a-log), as application calls, one
step per log line.

Shared by the projection, time-travel and retraction tests. Its expected status is the
``status --json`` example of docs/json.md#status, which was worked out by hand from docs/rules.md
(see ``FORD_STATUS``).
"""

from campaign.commands import (
    Adjustment,
    Casualty,
    CharacterCreate,
    CharacterFinalize,
    CharacterItem,
    CharacterSaves,
    ClockAdvance,
    CompanyHire,
    CompanyModifier,
    EncounterEnd,
    EncounterGroup,
    EncounterJoin,
    EncounterStart,
    FlawRoll,
    ItemSave,
    LoyaltyTest,
    MoraleTest,
    SavingThrow,
    SessionOpen,
)

FIREBALL = {"spell_level": 3, "ability_mod": 4, "effect": "half", "damage": 24, "energy": True}

FORD = [
    (
        "session 12",
        lambda g: g.handle(
            SessionOpen(number=12, date="2026-11-21", title="The ford at Greywater")
        ),
    ),
    (
        "company hire",
        lambda g: g.handle(
            CompanyHire(
                handle="red-lances", troop="trained", size=20, mounted=True, name="Red Lances"
            )
        ),
    ),
    (
        "company modifier",
        lambda g: g.handle(
            CompanyModifier(handle="red-lances", value=+1, reason="shared the dragon hoard")
        ),
    ),
    (
        "character create brynn",
        lambda g: g.handle(
            CharacterCreate(
                handle="brynn",
                name="Brynn",
                flaws=["phobie-legere:spiders"],
                advantages=["nerfs-d-acier"],
            )
        ),
    ),
    ("character finalize", lambda g: g.handle(CharacterFinalize(handle="brynn"))),
    (
        "character item shield",
        lambda g: g.handle(
            CharacterItem(handle="brynn", name="Tower shield", slot="shield", hardness=5, hp=20)
        ),
    ),
    (
        "character item ring",
        lambda g: g.handle(
            CharacterItem(
                handle="brynn",
                name="Ring of protection +1",
                slot="jewelry",
                magic=True,
                caster_level=5,
            )
        ),
    ),
    (
        "character saves",
        lambda g: g.handle(CharacterSaves(handle="brynn", fortitude=4, reflex=1, will=2)),
    ),
    (
        "character create cedric",
        lambda g: g.handle(
            CharacterCreate(
                handle="cedric", name="Cedric the torchbearer", retainer_of="brynn", employer_cha=16
            )
        ),
    ),
    (
        "encounter start",
        lambda g: g.handle(EncounterStart(handle="ford", name="Ambush at the ford")),
    ),
    (
        "encounter group",
        lambda g: g.handle(EncounterGroup(encounter="ford", group="goblins", count=12, morale=7)),
    ),
    ("encounter join", lambda g: g.handle(EncounterJoin(encounter="ford", company="red-lances"))),
    (
        "casualty goblins",
        lambda g: g.handle(Casualty(encounter="ford", group="goblins", n=1, cause="Brynn's axe")),
    ),
    (
        "morale goblins",
        lambda g: g.handle(MoraleTest(encounter="ford", group="goblins", roll="3,5")),
    ),
    (
        "adjust goblins",
        lambda g: g.handle(
            Adjustment(encounter="ford", group="goblins", value=-1, reason="leader slain")
        ),
    ),
    (
        "casualty red-lances",
        lambda g: g.handle(Casualty(encounter="ford", group="red-lances", n=2, incapacitated=True)),
    ),
    (
        "save brynn",
        lambda g: g.handle(
            SavingThrow(
                handle="brynn",
                vs="Fireball",
                save_type="reflex",
                roll="1",
                objects=True,
                item="Tower shield",
                **FIREBALL,
            )
        ),
    ),
    ("item-save", lambda g: g.handle(ItemSave(handle="brynn", item="Tower shield", roll="9"))),
    ("trait phobia", lambda g: g.handle(FlawRoll(handle="brynn", key="phobia-mild", result=6))),
    ("loyalty cedric", lambda g: g.handle(LoyaltyTest(handle="cedric", roll="4,6", ruling="flee"))),
    ("clock advance", lambda g: g.handle(ClockAdvance(seconds=7200))),
    ("encounter end", lambda g: g.handle(EncounterEnd(handle="ford"))),
]


# The same session as docs/log-language.md#a-log writes it, as a log: up to the `loyalty` line
# (where the status example of docs/json.md#status stands), and its last two lines.
FORD_LOG = """\
# Session 12 — the ford at Greywater
session 12 --date 2026-11-21 --title "The ford at Greywater"

company hire red-lances --troop trained --mounted --size 20 --name "Red Lances"
company modifier red-lances +1 --reason "shared the dragon hoard"

character create brynn --name "Brynn" --flaw phobie-legere:spiders --advantage nerfs-d-acier
character finalize brynn
character item brynn "Tower shield" --slot shield --hardness 5 --hp 20
character item brynn "Ring of protection +1" --slot jewelry --magic --caster-level 5
character saves brynn --fortitude 4 --reflex 1 --will 2
character create cedric --name "Cedric the torchbearer" --retainer-of brynn --employer-cha 16

encounter start ford --name "Ambush at the ford"
encounter group ford goblins --count 12 --morale 7
encounter join ford red-lances

casualty ford goblins 1 --cause "Brynn's axe"            # first death: a morale check is now due
morale ford goblins --roll 3,5                            # 8 > 7: the rules say they give way
adjust ford goblins -1 --reason "leader slain"
casualty ford red-lances 2 --incapacitated
save brynn --vs "Fireball" --type reflex --spell-level 3 --ability-mod 4 --effect half \
--damage 24 --energy --objects --roll 1 --item "Tower shield"
item-save brynn "Tower shield" --roll 9                   # the exposed item's own save
trait brynn phobia-mild --result 6                        # MORAL vs NORMALE (9): failed by 3
loyalty cedric --roll 4,6 --ruling flee                   # peril: 10 > 9, he runs
"""
FORD_END = """clock advance 2h
encounter end ford
"""


def play(ledger, steps=FORD):
    for _, step in steps:
        step(ledger)


def condition(value, applies_to, source, until=None):
    return {"value": value, "unit": "flat", "applies_to": applies_to, "source": source,
            "until": until}  # fmt: skip


# docs/json.md#status: ``status --json`` as of the ``loyalty`` line.
FORD_STATUS = {
    "session": 12,
    "clock": "day 1 00:00",
    "encounters": [{"handle": "ford", "name": "Ambush at the ford", "ended": False, "groups": [
        {"handle": "goblins", "kind": "monsters", "count": 12, "killed": 1, "incapacitated": 0,
         "out": 1, "morale": 7, "adjustment": -1, "effective_morale": 6, "successes": 0,
         "status": "fled", "checks_due": []},
        {"handle": "red-lances", "kind": "company", "count": 20, "killed": 0,
         "incapacitated": 2, "out": 2, "morale": 10, "adjustment": 0, "effective_morale": 10,
         "successes": 0, "status": "fighting", "checks_due": []}]}],
    "companies": [{"handle": "red-lances", "troop": "trained", "mounted": True, "elite": False,
                   "fanatic": False, "size": 20, "killed": 0, "incapacitated": 2, "fit": 18,
                   "table_morale": 9, "base_morale": 9,
                   "modifiers": [{"value": 1, "reason": "shared the dragon hoard"}],
                   "morale": 10, "in_service": True}],
    "characters": [
        {"handle": "brynn", "name": "Brynn", "finalized": True, "retainer_of": None,
         "loyalty": None, "in_service": True,
         "flaws": [{"key": "phobia-mild", "detail": "spiders", "points": 4}],
         "advantages": [{"key": "nerves-of-steel", "detail": None, "points": 10}],
         "flaw_points": 4, "advantage_points": 10, "moral_modifier": 1,
         "conditions": [condition(-1, "all-rolls", "phobia-mild")],
         "hp_lost": {"torso": 0}, "conscience_lost": 0, "damage_taken": 24,
         "saves": {"fortitude": 4, "reflex": 1, "will": 2},
         "items": [{"name": "Tower shield", "slot": "shield", "magic": False,
                    "state": "damaged", "hp": 13, "hp_max": 20},
                   {"name": "Ring of protection +1", "slot": "jewelry", "magic": True,
                    "state": "intact", "hp": None, "hp_max": None}]},
        {"handle": "cedric", "name": "Cedric the torchbearer", "finalized": False,
         "retainer_of": "brynn", "loyalty": 9, "in_service": True, "flaws": [],
         "advantages": [], "flaw_points": 0, "advantage_points": 0, "moral_modifier": 0,
         "conditions": [], "hp_lost": {"torso": 0}, "conscience_lost": 0, "damage_taken": 0,
         "saves": None, "items": []}]}  # fmt: skip


def contains(actual, expected):
    """Whether ``actual`` has every key of ``expected`` with that value (more keys may be
    added to the JSON shapes, docs/json.md), recursively; lists must match item by item."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            k in actual and contains(actual[k], v) for k, v in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(actual) == len(expected)
            and all(contains(a, e) for a, e in zip(actual, expected, strict=True))
        )
    return actual == expected
