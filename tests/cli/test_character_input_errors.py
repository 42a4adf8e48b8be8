"""Bad input to the character commands, said as the GM typed it: exit 2, the option the GM
typed (``--employer-cha``, never ``employer_cha``), their own value and what is allowed, and
nothing written (docs/cli.md#exit-codes). An item save answers its exposure with the exposing
save's type, DC and damage (docs/log-language.md#item-saves); a heal that recovers nothing says so
(docs/log-language.md#characters).

Each test runs the real CLI on a SQLite file (tests/conftest.py ``campaign``)."""

from __future__ import annotations

import json
import re

import pytest


@pytest.fixture
def cli(campaign, tmp_path):
    """``campaign --db <a fresh store> ARGS…``."""
    db = str(tmp_path / "errors.db")
    return lambda *args: campaign("--db", db, *args)


def ok(cli, *args: str) -> str:
    result = cli(*args)
    assert result.exit_code == 0, (args, result.output)
    return result.stdout


def written(cli) -> tuple[int, str]:
    """How many events, and the state: what a refused command must leave as it was."""
    events = json.loads(ok(cli, "history", "--json"))["events"]
    return len(events), ok(cli, "status", "--all", "--json")


def refused(cli, *args: str, option: str) -> str:
    """Exit 2, the error led by ``option``, nothing written; returns the message."""
    before = written(cli)
    result = cli(*args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"error: {option}: "), result.stderr
    assert written(cli) == before
    message = " ".join(result.stderr.split())  # as one line, whatever the terminal's width
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", message), message  # no Python name
    return message


def setup(cli, *lines: str) -> None:
    for line in lines:
        ok(cli, *line.split())


EXPOSED = (
    "session 1",
    "character create b",
    "character saves b --fortitude 0 --reflex 0 --will 0",
    "character item b Shield --slot shield --hardness 5 --hp 20",
    "save b --vs Fireball --type reflex --dc 15 --effect half --damage 30 --roll 1 --objects "
    "--item Shield",
)


# --- an exposure pending: the exposing save's type, DC and damage ------------------------------


@pytest.mark.parametrize(
    ("options", "option"),
    [
        (["--dc", "1", "--type", "will", "--damage", "0"], "--dc"),
        (["--dc", "1"], "--dc"),
        (["--type", "will"], "--type"),
        (["--damage", "0"], "--damage"),
        (["--energy"], "--energy"),
    ],
)
def test_an_item_save_refuses_a_direct_save_s_options_while_an_exposure_is_pending(
    cli, options, option
):
    setup(cli, *EXPOSED)
    said = refused(cli, "item-save", "b", "--roll", "5", *options, option=option)
    assert "only when no exposure is pending" in said
    assert "reflex, DC 15, 30 damage" in said  # what the item save is against
    for given in options:
        if given.startswith("--"):
            assert given in said
    # without them, against the save that exposed it: 5 + 0 < 15 fails, 30 − 5 = 25 ≥ 20 hp
    assert "destroyed; 0 of 20 hp" in ok(cli, "item-save", "b", "--roll", "5")


def test_a_log_with_a_direct_save_s_option_while_an_exposure_is_pending_lands_nothing(
    cli, tmp_path
):
    setup(cli, *EXPOSED)
    log = tmp_path / "s2.log"
    log.write_text("session 2\nitem-save b --roll 5 --dc 1\n", encoding="utf-8")
    before = written(cli)
    result = cli("replay", str(log))
    assert result.exit_code == 2, result.output
    assert f"{log}:2:" in result.stderr and "--dc: " in result.stderr
    assert written(cli) == before


def test_an_item_targeted_directly_still_takes_its_dc_type_and_damage(cli):
    setup(cli, *EXPOSED[:4])
    said = ok(cli, "item-save", "b", "Shield", "--roll", "5", "--dc", "15", "--type", "will",
              "--damage", "12")  # fmt: skip
    assert "damaged; 13 of 20 hp" in said  # 5 + 0 < 15: 12 − 5 = 7 lost


# --- options named as the GM types them --------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "option", "words"),
    [
        (["character", "create", "x9", "--employer-cha", "12"], "--employer-cha",
         ["--retainer-of"]),
        (["character", "create", "x9", "--reaction-mod", "2"], "--reaction-mod",
         ["--retainer-of"]),
        (["character", "create", "x9", "--retainer-of", "b"], "--employer-cha",
         ["--employer-cha", "--loyalty"]),
        (["save", "b", "--vs", "X", "--type", "will", "--effect", "negates", "--roll", "4"],
         "--dc", ["--dc", "--spell-level", "--ability-mod", "--class", "--ability-score"]),
        (["save", "b", "--vs", "X", "--type", "will", "--effect", "negates", "--roll", "4",
          "--dc", "10", "--damage-taken", "-1"], "--damage-taken", ["below 0", "-1"]),
        (["save", "b", "--vs", "X", "--type", "will", "--effect", "negates", "--roll", "4",
          "--dc", "10", "--item", "Shield"], "--item", ["--objects"]),
        (["item-save", "b", "Shield", "--roll", "5", "--dc", "15", "--type", "will",
          "--damage", "0", "--hp-left", "-1"], "--hp-left", ["below 0", "-1"]),
        (["trait", "b", "poor-memory", "--result", "3", "--hp-lost", "-1"], "--hp-lost",
         ["below 0", "-1"]),
        (["character", "heal", "b"], "--hp", ["--hp", "--conscience", "--damage"]),
    ],
)  # fmt: skip
def test_an_error_names_options_not_python_names(cli, args, option, words):
    setup(cli, "session 1", "character create b --flaw poor-memory",
          "character saves b --fortitude 0 --reflex 0 --will 0",
          "character item b Shield --slot shield --hardness 5 --hp 20")  # fmt: skip
    said = refused(cli, *args, option=option)
    for word in words:
        assert word in said, said


# --- out of range: the GM's option, value and units --------------------------------------------


@pytest.mark.parametrize(
    ("args", "option", "value", "allowed", "internal"),
    [
        (["dependency-toxic", "--hours", "30000000000"], "--hours", "30000000000 hours",
         "fewer than 25769803776 hours", "2500000000"),
        (["poor-memory", "--result", "3", "--years", "3000000000"], "--years",
         "3000000000 years", "fewer than 2147483647 years", "3000000001"),
        (["poor-memory", "--result", "3", "--years", "1e300"], "--years", "1e+300 years",
         "fewer than 2147483647 years", "0000000000"),
    ],
)  # fmt: skip
def test_an_amount_a_store_cannot_keep_is_said_in_the_gm_s_units(
    cli, args, option, value, allowed, internal
):
    setup(cli, "session 1", "character create b --flaw dependency-toxic --flaw poor-memory")
    said = refused(cli, "trait", "b", *args, option=option)
    assert value in said and allowed in said, said
    assert internal not in said.replace(value, "").replace(allowed, ""), said
    assert "out of range" not in said


def test_the_largest_amount_a_store_keeps_is_recorded(cli):
    setup(cli, "session 1", "character create b --flaw dependency-toxic --flaw poor-memory")
    assert "3 vs 2147483647" in ok(cli, "trait", "b", "poor-memory", "--result", "3", "--years",
                                   "2147483646.5")  # fmt: skip
    ok(cli, "trait", "b", "dependency-toxic", "--hours", "25769803775")
    refused(cli, "trait", "b", "dependency-toxic", "--hours", "25769803776", option="--hours")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["phobia-mild:rats", "--result", "3", "--duration", "5h"], "5h from day 1000000 23:59"),
        (
            ["greed", "--trigger", "missed-chance", "--result", "3"],
            "the 1D6 hours of greed, rolled",
        ),
    ],
)
def test_a_condition_past_the_last_time_a_store_keeps_is_refused_as_the_clock_is(cli, args, said):
    setup(cli, "session 1", "character create b --flaw phobia-mild:rats --flaw greed")
    ok(cli, "clock", "set", "day 1000000 23:59")  # the clock's last day (campaign/core/clock.py)
    message = refused(cli, "trait", "b", *args, option="--duration")
    assert said in message
    assert "past the last time a store keeps (day 1000000 23:59:59)" in message
    assert "expected a duration of at most 59s" in message
    assert "86399999999" not in message and "out of range" not in message
    ok(cli, "trait", "b", "phobia-mild:rats", "--result", "3", "--duration", "59s")


# --- heal: what was recovered, and what was never lost ------------------------------------------


def test_a_heal_of_nothing_lost_says_nothing_was_healed(cli):
    setup(cli, "session 1", "character create pc --flaw allergy-severe:cats")
    said = ok(cli, "character", "heal", "pc", "--hp", "5", "--location", "leg")
    assert said.strip() == "pc: nothing healed — 0 hp at leg (5 given, none lost there)"
    ok(cli, "trait", "pc", "allergy-severe", "--result", "3", "--minutes", "2")  # 11 − 3: 8 hp
    said = ok(cli, "character", "heal", "pc", "--hp", "10", "--damage", "4")
    assert said.strip() == (
        "pc: healed 8 hp at torso (10 given, only 8 lost), 0 damage (4 given, none taken)"
    )


# --- item-repair: what is expected --------------------------------------------------------------


def test_a_repair_beyond_an_item_s_hit_points_says_what_is_expected(cli):
    setup(cli, *EXPOSED[:4])
    said = refused(cli, "character", "item-repair", "b", "shield", "--hp", "99", option="--hp")
    assert said == (
        "error: --hp: Shield has at most 20 hit points, not 99; expected 20 (its maximum, also "
        "without --hp)"
    )
    ok(cli, "item-save", "b", "Shield", "--roll", "5", "--dc", "15", "--type", "will",
       "--damage", "12")  # fmt: skip
    said = refused(cli, "character", "item-repair", "b", "shield", "--hp", "3", option="--hp")
    assert said.endswith("cannot leave it 3; expected hit points from 13 to 20 (without --hp: 20)")
