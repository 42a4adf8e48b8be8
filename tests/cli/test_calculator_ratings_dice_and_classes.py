"""`campaign rules …`: ratings, dice, classes and messages, through the real CLI
(docs/cli.md#the-rules-calculator).

1. `rules morale` takes a company's rating outside 2–12 (docs/rules.md#d-1, #d-4), as the tracker
   does;
   a monster group's recorded rating is still refused outside 2–12.
2. Each `--roll` help names only the dice its command takes.
3. `rules dc --class` lists only the classes that cast (`rules base-save` keeps all eleven).
4. Messages: `rules dc` names `--class`, `rules trait` names its argument KEY, a signed roll is
   said to be signed.
5. `rules trait heavy-sleeper --help` says its short-night trigger takes `--advantage`.
"""

import json

import pytest

from campaign.rules import saves

# --- 1. a company's rating outside 2–12 ----------------------------------------------------------


def _json(result):
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_tracker_rates_a_company_13_and_1(campaign):
    # docs/rules.md#mercenary-companies: trained 8 + mounted 1 + elite 1 + fanatic 2 = 12; D-4:
    # + the modifier +1 = 13
    data = _json(
        campaign(
            "rules", "company-morale", "--troop", "trained", "--mounted", "--elite", "--fanatic",
            "--modifier", "1", "--json",
        )
    )  # fmt: skip
    assert (data["table_morale"], data["morale"], data["tests"]) == (12, 13, False)
    # militia 6, modifier −5: 1
    data = _json(
        campaign("rules", "company-morale", "--troop", "militia", "--modifier", "-5", "--json")
    )
    assert (data["table_morale"], data["morale"], data["tests"]) == (6, 1, False)


@pytest.mark.parametrize(
    ("rating", "outcome"),
    [
        ("13", "fights-to-death"),  # D-1: ≥ 12 never tests and fights to the death
        ("1", "will-not-fight"),  # D-1: ≤ 2 never tests and will not fight
        ("-3", "will-not-fight"),  # unbounded modifiers (D-4): still ≤ 2
        ("20", "fights-to-death"),
    ],
)
def test_rules_morale_takes_a_company_rating_outside_2_12(campaign, rating, outcome):
    result = campaign("rules", "morale", "--morale", rating, "--adjust", "-1", "--json")
    data = _json(result)
    # the keys of docs/json.md#the-rules-calculator, unchanged
    assert {"tests", "effective", "outcome", "roll", "successes_after"} <= data.keys()
    # D-1: no test, the adjustment never applies (effective = the rating alone), nothing rolled
    assert data["tests"] is False
    assert data["effective"] == int(rating)
    assert data["outcome"] == outcome
    assert data["roll"] is None and data["successes_after"] == 0


def test_rules_morale_1_cornered_fights_without_a_test(campaign):
    # D-1: the seed's « à moins d'y être acculé » is --cornered, which lets the group fight,
    # still without a test
    data = _json(campaign("rules", "morale", "--morale", "1", "--cornered", "--json"))
    assert (data["tests"], data["outcome"]) == (False, "fight")


def test_rules_morale_13_answers_as_the_tracker_records_it(campaign, tmp_path):
    # the same company in an encounter: its morale is recorded as fights-to-death
    db = str(tmp_path / "c.db")
    for line in (
        ["session", "1"],
        ["company", "hire", "zealots", "--troop", "trained", "--mounted", "--elite", "--fanatic",
         "--size", "10"],
        ["company", "modifier", "zealots", "+1", "--reason", "paid double"],
        ["encounter", "start", "ford"],
        ["encounter", "join", "ford", "zealots"],
    ):  # fmt: skip
        result = campaign("--db", db, *line)
        assert result.exit_code == 0, (line, result.output)
    status = _json(campaign("--db", db, "status", "--json"))
    (group,) = status["encounters"][0]["groups"]
    assert (group["morale"], group["status"]) == (13, "fights-to-death")
    calculator = _json(campaign("rules", "morale", "--morale", "13", "--json"))
    assert calculator["outcome"] == group["status"]


def test_a_monster_groups_rating_is_still_2_12(campaign, tmp_path):
    db = str(tmp_path / "m.db")
    for line in (["session", "1"], ["encounter", "start", "ford"]):
        assert campaign("--db", db, *line).exit_code == 0
    result = campaign("--db", db, "encounter", "group", "ford", "orcs", "--count", "3",
                      "--morale", "13")  # fmt: skip
    assert result.exit_code == 2 and "monsters are rated 2–12" in result.stderr
    ok = campaign("--db", db, "encounter", "group", "ford", "orcs", "--count", "3", "--morale", "7")
    assert ok.exit_code == 0, ok.output
    result = campaign("--db", db, "encounter", "rating", "ford", "orcs", "1", "--reason", "x")
    assert result.exit_code == 2 and "monsters are rated 2–12" in result.stderr


@pytest.fixture
def option_help(campaign, monkeypatch):
    """The row of ``campaign COMMAND… --help`` for one option, drawn wide enough for one line."""
    monkeypatch.setenv("COLUMNS", "400")

    def row(*command: str, option: str) -> str:
        result = campaign(*command, "--help")
        assert result.exit_code == 0, result.output
        for line in result.stdout.splitlines():
            if not line.startswith("│"):
                continue  # the description, not the options table
            words = line.strip("│ ").removeprefix("* ").split()
            if words and words[0] == option:
                return " ".join(words[1:])
        raise AssertionError(f"{option} not in {command} --help")

    return row


def test_rules_morale_help_says_which_ratings(option_help):
    said = option_help("rules", "morale", option="--morale")
    assert "a monster group is rated 2–12" in said
    assert "a company's rating can leave that range" in said


# --- 2. each --roll help names only its dice ------------------------------------------------------


@pytest.mark.parametrize(("command", "option"), [
    (("rules", "morale"), "--roll"),
    (("rules", "loyalty"), "--roll"),
    (("rules", "loyalty"), "--hiring-roll"),
])  # fmt: skip
def test_a_2d6_command_offers_no_d20(option_help, command, option):
    said = option_help(*command, option=option)
    assert "2d6" in said and "3,5" in said and "total 2–12" in said  # faces 3,5 or a total
    assert "d20" not in said and "1–20" not in said


def test_rules_save_offers_no_2d6(option_help):
    said = option_help("rules", "save", option="--roll")
    assert "one natural face 1–20" in said
    assert "2d6" not in said and "3,5" not in said and "total" not in said


# --- 3. rules dc --class: casters only ------------------------------------------------------------


def _class_choices(option_help, *command):
    said = option_help(*command, option="--class")  # <bard|cleric|…> The caster's class…
    return said.split()[0].strip("<>").split("|")


def test_rules_dc_lists_only_casters(option_help):
    # seed 001's DC table: wizard int; bard, sorcerer cha; cleric, druid, paladin, ranger wis
    casters = ["bard", "cleric", "druid", "paladin", "ranger", "sorcerer", "wizard"]
    assert _class_choices(option_help, "rules", "dc") == casters == list(saves.CASTERS)


def test_rules_base_save_keeps_every_class(campaign, option_help):
    assert _class_choices(option_help, "rules", "base-save") == list(saves.CLASSES)
    assert "fighter" in saves.CLASSES  # base saves exist for non-casters too
    data = _json(campaign("rules", "base-save", "--class", "fighter", "--level", "1", "--json"))
    # docs/rules.md#saving-throws: fighter good Fortitude 2 + ⌊1/2⌋ = 2, poor ⌊1/3⌋ = 0
    assert (data["fortitude"], data["reflex"], data["will"]) == (2, 0, 0)


def test_rules_dc_refuses_a_non_caster_naming_class(campaign):
    result = campaign("rules", "dc", "--spell-level", "1", "--class", "fighter",
                      "--ability-score", "12")  # fmt: skip
    assert result.exit_code == 2 and result.stdout == ""
    assert "--class" in result.stderr and "wizard" in result.stderr


def test_rules_dc_by_caster_class_still_works(campaign):
    # 10 + 3 + Int 17's modifier ⌊(17 − 10)/2⌋ = 3 → 16
    data = _json(campaign("rules", "dc", "--spell-level", "3", "--class", "Wizard",
                          "--ability-score", "17", "--json"))  # fmt: skip
    assert (data["dc"], data["ability"]) == (16, "int")


# --- 4. messages ----------------------------------------------------------------------------------


def _refused(result):
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and "Traceback" not in result.output
    return " ".join(result.stderr.split())


def test_rules_dc_without_class_names_class(campaign):
    said = _refused(campaign("rules", "dc", "--spell-level", "3", "--ability-score", "17"))
    assert said.startswith("error: --class: the DC by class needs the class that casts")


@pytest.mark.parametrize(
    ("key", "says"),
    [
        ("foo", "unknown trait 'foo'"),
        ("amnesia", "never rolls nor triggers"),
        ("nerves-of-steel", "is an advantage: only flaws trigger"),
    ],
)
def test_rules_trait_names_its_argument_key(campaign, key, says):
    said = _refused(campaign("rules", "trait", key))
    assert said.startswith("error: KEY: ") and says in said


MORALE = ("morale", "--morale", "7")
SAVE = ("save", "--bonus", "0", "--dc", "10")
LOYALTY = ("loyalty", "--cha", "12")
NO_SIGN = "without a sign"


@pytest.mark.parametrize(
    ("command", "roll", "says"),
    [
        (MORALE, "-3,5", f"'-3,5' is not a 2d6 roll: a face is 1–6, {NO_SIGN}"),
        (SAVE, "-5", f"'-5' is not a d20 face: a face is 1–20, {NO_SIGN}"),
        (SAVE, "+8", f"'+8' is not a d20 face: a face is 1–20, {NO_SIGN}"),
        (MORALE, "+8", f"'+8' is not a 2d6 total: a total is 2–12, {NO_SIGN}"),
        (LOYALTY, "-4", f"'-4' is not a 2d6 total: a total is 2–12, {NO_SIGN}"),
    ],
)
def test_a_signed_roll_is_said_signed(campaign, command, roll, says):
    said = _refused(campaign("rules", *command, "--roll", roll))
    assert said.startswith("error: --roll: ") and says in said
    assert "not a number" not in said


def test_a_word_is_still_not_a_number(campaign):
    said = _refused(campaign("rules", "save", "--bonus", "0", "--dc", "10", "--roll", "x"))
    assert "'x' is not a d20 roll: it is not a number" in said


# --- 5. rules trait heavy-sleeper --help: --advantage where it applies ----------------------------


def _trigger_lines(campaign, key):
    lines = campaign("rules", "trait", key, "--help").stdout.splitlines()
    return [line.strip() for line in lines]


def test_heavy_sleeper_short_night_takes_advantage(campaign):
    lines = _trigger_lines(campaign, "heavy-sleeper")
    short = lines.index(next(x for x in lines if x.startswith("short-night (default):")))
    assert lines[short + 1].startswith("options: --advantage early-riser")
    assert "Lève-tôt" in lines[short + 1] and "none" not in lines[short + 1]
    brutal = lines.index(next(x for x in lines if x.startswith("brutal-awakening:")))
    # Lève-tôt does not halve the brutal-awakening −3
    # (docs/rules.md#where-seed-002-leaves-a-case-open): no --advantage there
    assert lines[brutal + 1] == "options: --result N, --critical, --difficulty N"


def test_what_the_help_offers_works(campaign):
    # Sommeil de plomb's −2 halved by Lève-tôt, toward zero: −1 (the same open case)
    data = _json(
        campaign("rules", "trait", "heavy-sleeper", "--advantage", "early-riser", "--json")
    )
    assert [p["value"] for p in data["penalties"]] == [-1]
    plain = _json(campaign("rules", "trait", "heavy-sleeper", "--json"))
    assert [p["value"] for p in plain["penalties"]] == [-2]


def test_a_trigger_without_options_still_says_none(campaign):
    # Clément (merciful) after a kill: no roll, no option, and no advantage bears on it
    lines = _trigger_lines(campaign, "merciful")
    kill = lines.index(next(x for x in lines if x.startswith("kill (default):")))
    assert lines[kill + 1] == "options: none"


def test_a_flaw_given_as_the_characters_advantage_is_not_sent_to_a_missing_option(campaign):
    # `rules trait` has no --flaw: the error does not send the GM to it ("give it as --flaw"), a
    # hint written for `rules budget`, which has both options and gives it
    given = ("phobia-mild", "--advantage", "phobia-mild", "--result", "9")
    result = campaign("rules", "trait", *given)
    assert result.exit_code == 2
    assert "phobia-mild (Phobie légère) is a flaw, not an advantage" in result.stderr
    assert "--flaw" not in result.stderr
    budget = campaign("rules", "budget", "--advantage", "phobia-mild")
    assert budget.exit_code == 2
    assert "is a flaw, not an advantage: give it as --flaw" in budget.stderr
