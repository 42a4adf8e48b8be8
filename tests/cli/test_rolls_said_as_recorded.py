"""Rolls said and recorded as they are: an option that cannot apply is refused, an item's state
agrees with its hit points, a default ruling is no ruling, a critical failure is called one.

docs/cli.md#exit-codes (bad input: exit 2, nothing written); docs/log-language.md#traits (an
option that does not apply is refused), #item-saves (item states, `hp` follows the ruling),
#morale (the default ruling); docs/rules.md#d-8 (broken at ≤ half, destroyed at 0), #d-9 (a
critical failure is a failure whatever the result)."""

from __future__ import annotations

import json
import shlex

import pytest
from typer.testing import CliRunner

from cli.main import app


def run(db: str, *args: str, seed: str = "1"):
    return CliRunner().invoke(app, ["--db", db, *args], env={"CAMPAIGN_SEED": seed})


def ok(db: str, *args: str, seed: str = "1") -> str:
    result = run(db, *args, seed=seed)
    assert result.exit_code == 0, (args, result.output)
    return result.stdout


def typed(db: str, text: str) -> list[str]:
    """Each line typed live; the confirmations printed."""
    return [ok(db, *shlex.split(line)) for line in text.strip().splitlines()]


def events(db: str) -> list[dict]:
    return [json.loads(line) for line in ok(db, "export", "--format", "jsonl").splitlines()]


def refused(db: str, *args: str, option: str) -> str:
    """The command exits 2 naming ``option`` on stderr and records nothing
    (docs/cli.md#exit-codes)."""
    before = events(db)
    result = run(db, *args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"error: {option}:"), result.stderr
    assert events(db) == before
    return result.stderr


def status(db: str) -> dict:
    return json.loads(ok(db, "status", "--json"))


def findings(db: str) -> list[tuple[str, str]]:
    audit = json.loads(ok(db, "audit", "--json"))
    return [(f["code"], f["message"]) for f in audit["findings"]]


def replayed(db: str, text: str, tmp_path, name: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return ok(db, "replay", str(path))


# --- 1. --duration where nothing lasts -------------------------------------------------------


@pytest.fixture
def greedy(tmp_path):
    db = str(tmp_path / "du.db")
    typed(db, """
session 1
character create i --flaw greed --flaw vertigo --flaw phobia-mild:rats
""")  # fmt: skip
    return db


def test_a_duration_where_the_outcome_starts_no_condition_is_refused(greedy):
    # greed after a missed chance: a success is « pas de déprime », nothing lasts
    # (docs/rules.md#flaws)
    said = refused(
        greedy, "trait", "i", "greed", "--trigger", "missed-chance", "--result", "12",
        "--duration", "2h", option="--duration",
    )  # fmt: skip
    assert "greed (missed-chance)" in said and "success" in said
    # vertigo, entering: a failure is « completely unable », no penalty to last
    refused(
        greedy, "trait", "i", "vertigo", "--trigger", "enter", "--result", "3",
        "--duration", "3h", option="--duration",
    )  # fmt: skip
    refused(greedy, "trait", "i", "phobia-mild", "--result", "9", "--duration", "1h",
            option="--duration")  # fmt: skip


def test_a_duration_where_the_recorded_outcome_starts_a_condition_is_taken(greedy):
    # the state follows the ruling: a success ruled a failure is depressed for the GM's 2 hours
    ok(greedy, "trait", "i", "greed", "--trigger", "missed-chance", "--result", "12",
       "--ruling", "failure", "--duration", "2h")  # fmt: skip
    # a −2 with no stated duration (vertigo in a vertigo situation): the GM's duration ends it
    ok(greedy, "trait", "i", "vertigo", "--result", "3", "--duration", "3h")
    # a penalty the GM rules on a success starts a condition: the duration is its length
    ok(greedy, "trait", "i", "phobia-mild", "--result", "9", "--penalty", "-1", "--duration", "1h")
    (i,) = status(greedy)["characters"]
    assert [(c["source"], c["until"]) for c in i["conditions"]] == [
        ("greed", "day 1 02:00"),
        ("vertigo", "day 1 03:00"),
        ("phobia-mild", "day 1 01:00"),
    ]


def test_a_duration_where_nothing_lasts_is_refused_in_a_log_too(tmp_path):
    db = str(tmp_path / "log.db")
    path = tmp_path / "s1.log"
    path.write_text(
        "session 1\ncharacter create i --flaw greed\n"
        "trait i greed --trigger missed-chance --result 12 --duration 2h\n",
        encoding="utf-8",
    )
    result = run(db, "replay", str(path))
    assert result.exit_code == 2, result.output
    assert "s1.log:3" in result.stderr and "duration" in result.stderr


def test_an_old_duration_that_did_nothing_is_left_out_of_the_exported_log(
    greedy, tmp_path, monkeypatch
):
    # a store recorded before the refusal (the check patched out): its export must replay
    from campaign.rules import d6harmonie

    monkeypatch.setattr(d6harmonie, "check_duration_applies", lambda *a, **k: None, raising=False)
    ok(greedy, "trait", "i", "greed", "--trigger", "missed-chance", "--result", "12",
       "--duration", "2h")  # fmt: skip
    ok(greedy, "trait", "i", "greed", "--trigger", "missed-chance", "--result", "3",
       "--duration", "4h")  # fmt: skip
    monkeypatch.undo()
    (old,) = [e for e in events(greedy) if e["type"].endswith("FlawRolled")][:1]
    assert old["data"]["inputs"]["duration"] == 7200 and old["data"]["conditions"] == []
    exported = ok(greedy, "export")
    assert "trait i greed --trigger missed-chance --result 12\n" in exported
    assert "trait i greed --trigger missed-chance --result 3 --duration 4h\n" in exported
    again = str(tmp_path / "again.db")
    replayed(again, exported, tmp_path, "exported.log")
    assert status(again)["characters"] == status(greedy)["characters"]
    assert findings(again) == findings(greedy)


# --- 2. an item's state and its hit points --------------------------------------------------

SHIELD = """
session 1
character create b
character saves b --fortitude 0 --reflex 0 --will 0
character item b S7 --slot shield --hardness 0 --hp 20
"""
DIRECT = ("item-save", "b", "S7", "--dc", "30", "--type", "reflex", "--damage", "4",
          "--roll", "2")  # fmt: skip


@pytest.fixture
def shield(tmp_path):
    db = str(tmp_path / "y.db")
    typed(db, SHIELD)
    return db


@pytest.mark.parametrize(
    ("ruling", "hp_left", "why"),
    [
        ("destroyed", "3", "destroyed"),  # destroyed at 0 (docs/rules.md#d-8)
        ("broken", "0", "destroyed"),  # 0 hit points is destroyed, not broken
        ("damaged", "0", "destroyed"),
        ("broken", "11", "half"),  # broken at ≤ half the maximum (10 of 20)
        ("damaged", "10", "half"),  # 10 of 20 is broken
        ("intact", "10", "half"),
        ("intact", "19", "no damage"),  # an item ruled intact takes no damage (D-0)
    ],
)
def test_a_ruling_its_hit_points_contradict_is_refused(shield, ruling, hp_left, why):
    said = refused(shield, *DIRECT, "--ruling", ruling, "--hp-left", hp_left, option="--hp-left")
    assert why in said and ruling in said


@pytest.mark.parametrize(
    ("ruling", "hp_left", "state"),
    [
        ("destroyed", "0", "destroyed"),
        ("broken", "10", "broken"),
        ("broken", "1", "broken"),
        ("damaged", "11", "damaged"),
        ("damaged", "20", "damaged"),  # the docs say nothing of a damaged item's hit points
        ("intact", "20", "intact"),
    ],
)
def test_a_ruling_its_hit_points_agree_with_is_recorded(shield, ruling, hp_left, state):
    ok(shield, *DIRECT, "--ruling", ruling, "--hp-left", hp_left)
    (b,) = status(shield)["characters"]
    assert [(i["state"], i["hp"]) for i in b["items"]] == [(state, int(hp_left))]


def test_an_already_broken_item_ruled_intact_keeps_its_hit_points(shield):
    # 8 of 20 already: `intact` is "no damage this time", its state stays broken
    ok(shield, *DIRECT, "--ruling", "broken", "--hp-left", "8")
    ok(shield, *DIRECT, "--ruling", "intact", "--hp-left", "8")
    (b,) = status(shield)["characters"]
    assert [(i["state"], i["hp"]) for i in b["items"]] == [("broken", 8)]


def test_an_old_contradiction_exports_a_log_that_replays(shield, tmp_path, monkeypatch):
    # a store recorded before the refusal: the ruled state is written, the hit points that
    # contradict it are left out (hp then follows the ruling: destroyed → 0,
    # docs/log-language.md#item-saves)
    from campaign.rules import saves

    monkeypatch.setattr(saves, "item_hp_contradiction", lambda *a, **k: None, raising=False)
    ok(shield, *DIRECT, "--ruling", "destroyed", "--hp-left", "3")
    monkeypatch.undo()
    (b,) = status(shield)["characters"]
    assert [(i["state"], i["hp"]) for i in b["items"]] == [("destroyed", 3)]
    exported = ok(shield, "export")
    assert "--ruling destroyed\n" in exported and "--hp-left" not in exported
    again = str(tmp_path / "again.db")
    replayed(again, exported, tmp_path, "exported.log")
    (b,) = status(again)["characters"]
    assert [(i["state"], i["hp"]) for i in b["items"]] == [("destroyed", 0)]
    # SAV006 still (destroyed where the rules say damaged), with the hit points it now has
    assert [code for code, _ in findings(again)] == [code for code, _ in findings(shield)]


def test_an_exposure_with_no_damage_is_damaged_by_the_rules_with_its_hit_points_kept(shield):
    # docs/log-language.md#item-saves: a failed item save takes the save's --damage; none given,
    # no hit point can be taken, and the rules' outcome is `damaged` (as without hardness and hp,
    # docs/rules.md#d-8): the rules' answer, not a default ruling, so no finding
    ok(shield, "save", "b", "--vs", "Disintegrate", "--type", "fortitude", "--dc", "20",
       "--effect", "partial", "--objects", "--roll", "1")  # fmt: skip
    said = ok(shield, "item-save", "b", "--roll", "3")
    assert "the rules say damaged; recorded: damaged; 20 of 20 hp" in said
    (b,) = status(shield)["characters"]
    assert [(i["state"], i["hp"]) for i in b["items"]] == [("damaged", 20)]


# --- 3. a default ruling is no ruling, live too ---------------------------------------------


def test_a_default_ruling_is_no_ruling_in_the_replay_nor_the_live_line(tmp_path):
    db = str(tmp_path / "dr.db")
    path = tmp_path / "dr.log"
    path.write_text(
        "session 1\nencounter start e\nencounter group e trolls --count 3 --morale 12\n"
        "encounter group e serfs --count 4 --morale 2\nmorale e trolls\nmorale e serfs\n",
        encoding="utf-8",
    )
    said = ok(db, "--verbose", "replay", str(path))
    assert "trolls: no roll — the rules say fights-to-death; recorded: fight →" in said
    assert "serfs: no roll — the rules say will-not-fight; recorded: flee →" in said
    assert "(ruling)" not in said


def test_a_live_test_after_two_successes_records_no_ruling(tmp_path):
    db = str(tmp_path / "m.db")
    said = typed(db, """
session 1
encounter start e
encounter group e a --count 10 --morale 7
morale e a --roll 2
morale e a --roll 3
morale e a --roll 12
morale e a --ruling flee
""")  # fmt: skip
    assert said[-2] == (
        "a: 12 — the rules say fights-to-death; recorded: fight → fights-to-death\n"
        "⚑ MOR003 a roll where no test applies (rated 7, two successes: fights-to-death)\n"
    )  # the audit's flag, said live (docs/audit.md#at-the-table)
    first, *flags = said[-1].splitlines()
    assert first.endswith("the rules say fights-to-death; recorded: flee (ruling) → fled")
    assert [flag.split()[:2] for flag in flags] == [["⚑", "MOR001"], ["⚑", "MOR003"]]


# --- 4. a critical failure is called one ----------------------------------------------------


def test_a_critical_failure_is_said_live_and_in_the_recap(greedy):
    said = ok(greedy, "trait", "i", "phobia-mild", "--result", "12", "--critical")
    assert said == (
        "i: phobia-mild:rats — 12 vs 9 — the rules say critical failure; recorded: critical "
        "failure; -2 all-rolls\n"  # the flaw's detail named, as in test_trait_details
    )
    recap = ok(greedy, "export", "--format", "markdown")
    assert "- i's phobia-mild (rats): 12 against 9 — critical failure; -2 all-rolls" in recap


def test_a_critical_failure_ruled_a_success_says_what_the_rules_said(greedy):
    said = ok(greedy, "trait", "i", "phobia-mild", "--result", "12", "--critical",
              "--ruling", "success")  # fmt: skip
    assert "the rules say critical failure; recorded: success (ruling)" in said
    recap = ok(greedy, "export", "--format", "markdown")
    assert "12 against 9 — success (the GM's ruling; the rules said critical failure)" in recap
    # a plain failure is still a plain failure
    said = ok(greedy, "trait", "i", "phobia-mild", "--result", "4")
    assert "4 vs 9 — the rules say failure; recorded: failure; -1 all-rolls" in said
