"""``campaign rules morale|company-morale|loyalty`` through the CLI
(docs/cli.md#the-rules-calculator)."""

import pytest


def test_morale_json_keys_and_values(campaign_json):
    data = campaign_json("rules", "morale", "--morale", "7", "--roll", "3,5")
    assert data["tests"] is True
    assert data["effective"] == 7
    assert data["outcome"] == "flee"  # 8 > 7
    assert data["roll"] == {"faces": [3, 5], "total": 8}
    assert data["successes_after"] == 0


def test_morale_signed_adjustment_and_total(campaign_json):
    data = campaign_json("rules", "morale", "--morale", "7", "--adjust", "-1", "--roll", "6")
    assert (data["effective"], data["outcome"], data["successes_after"]) == (6, "fight", 1)
    assert data["roll"] == {"faces": None, "total": 6}
    plus = campaign_json("rules", "morale", "--morale", "7", "--adjust", "+2", "--roll", "9")
    assert (plus["effective"], plus["outcome"]) == (9, "fight")


def test_morale_without_roll_needs_one(campaign_json):
    data = campaign_json("rules", "morale", "--morale", "7")
    assert data["tests"] is True and data["outcome"] is None and data["roll"] is None


@pytest.mark.parametrize(
    ("args", "outcome"),
    [
        (["--morale", "2"], "will-not-fight"),
        (["--morale", "2", "--cornered"], "fight"),
        (["--morale", "12", "--adjust", "-2"], "fights-to-death"),
        (["--morale", "8", "--successes", "2", "--roll", "12"], "fights-to-death"),
    ],
)
def test_morale_where_no_test_applies(campaign_json, args, outcome):
    data = campaign_json("rules", "morale", *args)
    assert data["tests"] is False and data["outcome"] == outcome


def test_morale_two_successes(campaign_json):
    data = campaign_json("rules", "morale", "--morale", "8", "--successes", "1", "--roll", "4,4")
    assert data["successes_after"] == 2


def test_morale_rich_explanation_names_the_rule(campaign):
    result = campaign("rules", "morale", "--morale", "7", "--roll", "3,5")
    assert result.exit_code == 0
    assert "8 > 7" in result.stdout and "flee" in result.stdout
    assert "000_c90193fcbc2699d0.txt" in result.stdout and "Test de moral" in result.stdout


@pytest.mark.parametrize(
    ("args", "option"),
    [
        # (a rating of 15 or 1 is a company's beyond 2–12: answered, docs/rules.md#d-1, #d-4)
        (["--morale", "7.5"], "--morale"),
        (["--morale", "7", "--roll", "13"], "--roll"),
        (["--morale", "7", "--roll", "3,7"], "--roll"),
        (["--morale", "7", "--roll", "1,2,3"], "--roll"),
        (["--morale", "seven"], "--morale"),
    ],
)
def test_morale_bad_input_is_exit_2_naming_the_option(campaign, args, option):
    result = campaign("rules", "morale", *args)
    assert result.exit_code == 2
    assert option in result.output
    assert "Traceback" not in result.output


def test_company_morale(campaign_json):
    data = campaign_json(
        "rules",
        "company-morale",
        "--troop",
        "trained",
        "--mounted",
        "--modifier",
        "+1",
        "--modifier",
        "-2",
    )
    assert (data["table_morale"], data["morale"], data["tests"]) == (9, 8, True)


def test_company_morale_at_twelve_does_not_test(campaign_json):
    data = campaign_json(
        "rules", "company-morale", "--troop", "trained", "--mounted", "--elite", "--fanatic"
    )
    assert (data["table_morale"], data["morale"], data["tests"]) == (12, 12, False)


def test_company_morale_unknown_troop(campaign):
    result = campaign("rules", "company-morale", "--troop", "knights")
    assert result.exit_code == 2
    assert "--troop" in result.output and "militia" in result.output


@pytest.mark.parametrize(
    ("args", "loyalty", "outcome"),
    [
        (["--cha", "16"], 9, None),
        # Cedric in docs/log-language.md#a-log: 10 > 9
        (["--cha", "16", "--roll", "4,6"], 9, "flee"),
        (["--cha", "16", "--roll", "4,6", "--after-adventure"], 9, "quit"),
        (["--cha", "16", "--hiring-roll", "5,6", "--roll", "10"], 10, "stay"),  # 11+1 = 12 → +1
        (["--cha", "10", "--hiring-roll", "12", "--reaction-mod", "-1"], 7, None),
        (["--cha", "3", "--roll", "4", "--peril"], 4, "stay"),
    ],
)
def test_loyalty(campaign_json, args, loyalty, outcome):
    data = campaign_json("rules", "loyalty", *args)
    assert (data["loyalty"], data["outcome"]) == (loyalty, outcome)


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["--cha", "19"], "--cha"),
        (["--cha", "10", "--hiring-roll", "1"], "--hiring-roll"),
        (["--cha", "10", "--peril", "--after-adventure"], "--after-adventure"),
    ],
)
def test_loyalty_bad_input(campaign, args, option):
    result = campaign("rules", "loyalty", *args)
    assert result.exit_code == 2 and option in result.output
