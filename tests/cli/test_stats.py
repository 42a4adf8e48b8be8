"""`campaign stats [--session N] [--json]`: the campaign's figures session by session.

Given the example campaign (examples/campaign/), then `stats --json` counts what the other
reading commands show — the casualties and the morale tests and item saves of `history --json`,
the warnings of `audit --json`, the companies and characters of `status --as-of session:N
--json` — and the table shows the same with a sparkline per column; `--session N` narrows both
to one session, `--as-of REF` to what stood then; a store with no session answers with
nothing, a session not recorded is bad input (exit 2), a missing store exit 1.
"""

import json
import shlex

import pytest

from tests.paths import ROOT

LOGS = sorted((ROOT / "examples" / "campaign").glob("*.log"))


@pytest.fixture
def example(in_store):
    in_store("replay", *map(str, LOGS))
    return in_store


def _expected_from_the_other_commands(example, sessions):
    """Each session's figures as `history`, `audit` and `status` show them."""
    events = json.loads(example("history", "--json"))["events"]
    findings = json.loads(example("audit", "--json"))["findings"]
    last = json.loads(example("status", "--json"))
    kinds = {
        f"{e['handle']}/{g['handle']}": g["kind"] for e in last["encounters"] for g in e["groups"]
    }
    expected = {}
    for number in sessions:
        mine = [e for e in events if e["session"] == number and not e["retracted"]]
        casualties = {s: {"killed": 0, "incapacitated": 0} for s in ("monsters", "companies")}
        for event in mine:
            if event["kind"] == "casualty-recorded":
                # `casualty E G [N] [--incapacitated] …`, as the history writes the command
                words = shlex.split(event["command"])
                n = int(words[3]) if len(words) > 3 and words[3].isdigit() else 1
                side = "monsters" if kinds[event["subject"]] == "monsters" else "companies"
                casualties[side]["incapacitated" if "--incapacitated" in words else "killed"] += n
        outcomes = {o: 0 for o in ("fight", "flee", "surrender", "fights-to-death",
                                   "will-not-fight")}  # fmt: skip
        for event in mine:
            if event["kind"] == "morale-tested":
                outcomes[event["ruled"]] += 1
        codes = {}
        for finding in findings:
            if finding["session"] == number and finding["severity"] == "warning":
                codes[finding["code"]] = codes.get(finding["code"], 0) + 1
        items = {
            state: sum(e["kind"] == f"item-{state}" for e in mine)
            for state in ("damaged", "broken", "destroyed")
        }
        expected[number] = {
            "casualties": casualties,
            "morale_tests": {"tests": sum(outcomes.values()), "outcomes": outcomes},
            "rulings": {"differed": sum(codes.values()), "codes": codes},
            "items": items,
        }
    return expected


def test_stats_json_counts_what_the_other_reading_commands_show(example):
    found = json.loads(example("stats", "--json"))
    assert [s["session"] for s in found["sessions"]] == [1, 2, 3]
    expected = _expected_from_the_other_commands(example, [1, 2, 3])
    for session in found["sessions"]:
        number = session["session"]
        assert {k: v for k, v in session.items() if k not in ("session", "title")} == expected[
            number
        ], number
    # the example has casualties, tests, rulings and an item save to count: not all zeros
    assert expected[1]["casualties"]["monsters"]["killed"] > 0
    assert expected[2]["items"]["broken"] == 1
    assert expected[3]["morale_tests"]["outcomes"]["surrender"] == 1
    # each company and character as `status --as-of session:N` has it
    ends = [json.loads(example("status", "--as-of", f"session:{n}", "--json")) for n in (1, 2, 3)]
    handles = [c["handle"] for c in found["companies"]]
    assert handles == ["grey-company", "blackthorn", "levy"]
    for company in found["companies"]:
        for at, status in enumerate(ends):
            there = [c for c in status["companies"] if c["handle"] == company["handle"]]
            shown = [(c["morale"], c["fit"], c["in_service"]) for c in there] or [(None,) * 3]
            assert (company["morale"][at], company["fit"][at], company["in_service"][at]) == (
                shown[0]
            ), (company["handle"], at)
    for character in found["characters"]:
        for at, status in enumerate(ends):
            (there,) = [c for c in status["characters"] if c["handle"] == character["handle"]]
            assert character["damage_taken"][at] == there["damage_taken"]
            assert character["hp_lost"][at] == sum(there["hp_lost"].values())
            assert character["conscience_lost"][at] == there["conscience_lost"]
    titles = [s["title"] for s in found["sessions"]]
    assert titles == ["Swords for Hire", "Fire on the Causeway", "The Barrow of Morvane"]


def test_stats_session_narrows_to_one_session_and_its_end(example):
    whole = json.loads(example("stats", "--json"))
    one = json.loads(example("stats", "--session", "2", "--json"))
    assert one["sessions"] == [whole["sessions"][1]]
    # the Blackthorn Riders' hire was withdrawn in session 2: not there at its end
    assert [(c["handle"], c["morale"], c["fit"]) for c in one["companies"]] == [
        (c["handle"], [c["morale"][1]], [c["fit"][1]])
        for c in whole["companies"]
        if c["handle"] != "blackthorn"
    ]


def test_stats_as_of_a_point_counts_what_stood_then(example):
    whole = json.loads(example("stats", "--json"))
    then = json.loads(example("stats", "--as-of", "session:2", "--json"))
    assert then["sessions"] == whole["sessions"][:2]
    assert then["companies"] == [
        {**c, **{key: c[key][:2] for key in ("morale", "fit", "in_service")}}
        for c in whole["companies"]
    ]
    # event 60 is the bandits' flight, session 1's last test; the Levy's hire at 63 (MOR006,
    # in session 1's whole figures) comes after it
    (first,) = json.loads(example("stats", "--as-of", "event:60", "--json"))["sessions"]
    assert first["morale_tests"] == whole["sessions"][0]["morale_tests"]
    assert first["rulings"] == {"differed": 1, "codes": {"MOR001": 1}}
    assert whole["sessions"][0]["rulings"]["codes"] == {"MOR001": 1, "MOR006": 1}


def test_stats_as_of_refuses_a_point_not_recorded_and_a_later_session(example, campaign):
    result = campaign("--db", example.db, "stats", "--as-of", "event:999")
    assert result.exit_code == 2 and "--as-of" in result.stderr and result.stdout == ""
    result = campaign("--db", example.db, "stats", "--as-of", "event:60", "--session", "2")
    assert result.exit_code == 2
    assert "as of event:60; sessions: 1" in result.stderr


def test_stats_table_shows_each_session_and_the_trends(example):
    shown = example("stats")
    lines = shown.splitlines()
    assert lines[0].strip() == "Sessions"
    # session 1: 5 monsters killed and 3 incapacitated, the Grey Company 1 and 2; MOR001 and
    # MOR006 (what history and audit count: checked above)
    (first,) = [line for line in lines if line.startswith("│       1 │")]
    assert "│ 5 · 3 " in first and "│ 1 · 2 " in first and "MOR001," in first
    assert "casualties: killed · incapacitated" in shown
    # a block a session, from 0 to the column's largest: monsters out 8, 1, 9
    assert "Trends, one block a session (1–3)" in shown
    assert "monsters out      ▇▂█" in lines
    assert "items saved       ▁█▁" in lines
    assert "Companies at each session's end" in shown
    (grey,) = [line for line in lines if "The Grey" in line]
    # its morale 9, 9, 10 (the share of Morvane's silver); fit 9, 13, 6
    cells = [cell.strip() for cell in grey.split("│")]
    assert cells[2:7] == ["10", "6", "yes", "▁▁█", "▆█▄"]
    assert "Characters at each session's end" in shown


def test_stats_table_of_one_session_has_no_trend(example):
    shown = example("stats", "--session", "3")
    assert "Trends" not in shown and "by session" not in shown
    assert "Companies at the session's end" in shown
    assert "Barrow" in shown


def test_stats_of_a_store_with_no_session(in_store):
    in_store("init", "--name", "Nothing yet")
    assert json.loads(in_store("stats", "--json")) == {
        "sessions": [],
        "companies": [],
        "characters": [],
    }
    assert "no session recorded yet" in in_store("stats")


@pytest.mark.parametrize("value", ["4", "0", "-1"])
def test_stats_session_not_recorded_is_bad_input(example, campaign, value):
    result = campaign("--db", example.db, "stats", "--session", value, "--json")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "--session" in result.stderr and "sessions: 1, 2, 3" in result.stderr


def test_stats_session_not_a_number_is_bad_input(example, campaign):
    result = campaign("--db", example.db, "stats", "--session", "two")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "--session" in result.stderr


def test_stats_on_a_missing_store_is_exit_1(campaign, tmp_path):
    result = campaign("--db", str(tmp_path / "none.db"), "stats")
    assert result.exit_code == 1
    assert "no campaign store" in result.stderr
    assert not (tmp_path / "none.db").exists()
