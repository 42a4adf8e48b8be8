"""Given a number no campaign can hold — thousands of digits, past what Python's ``int()`` reads —
when the GM types it as a roll, a position, a session or a point in the history, live, in a log
or to the rules calculator, then it is refused as bad input (exit 2) naming the option, the
value or the log's line, never a traceback, and nothing is written (docs/log-language.md#values:
a number has at most 18 digits)."""

from __future__ import annotations

import json

import pytest

HUGE = "1" * 5000
SETUP = """session 1
encounter start e9
encounter group e9 orcs --count 5 --morale 8
character create boss
character stat boss cha 13
character saves boss --fortitude 1 --reflex 1 --will 1
character create kit --retainer-of boss --loyalty 7
"""

# each command, with the words that must name what was wrong
LIVE = [
    (["morale", "e9", "orcs", "--roll", HUGE], "--roll"),
    (["morale", "e9", "orcs", "--roll", f"3,{HUGE}"], "--roll"),
    (["loyalty", "kit", "--roll", HUGE], "--roll"),
    (["save", "boss", "--vs", "x", "--type", "reflex", "--dc", "14", "--effect", "half",
      "--roll", HUGE], "--roll"),
    (["character", "create", "hired", "--retainer-of", "boss", "--employer-cha", "13",
      "--hiring-roll", HUGE], "--hiring-roll"),
    (["retract", f"event:{HUGE}"], "event:111"),
    (["session", HUGE], "session"),
    (["history", "--as-of", f"event:{HUGE}"], "--as-of"),
    (["status", "--as-of", f"session:{HUGE}"], "--as-of"),
]  # fmt: skip
CALCULATOR = [
    (["rules", "morale", "--morale", "7", "--roll", HUGE], "--roll"),
    (["rules", "loyalty", "--cha", "16", "--roll", HUGE], "--roll"),
    (["rules", "save", "--bonus", "1", "--dc", "17", "--roll", HUGE], "--roll"),
    (["rules", "morale", "--morale", "7", "--roll", f"{HUGE},3"], "--roll"),
]


@pytest.fixture
def store(campaign, store_url, tmp_path):
    """A store with an encounter, a character and a retainer, and session 2 open."""
    log = tmp_path / "setup.log"
    log.write_text(SETUP, encoding="utf-8")
    assert campaign("--db", store_url, "replay", str(log)).exit_code == 0
    assert campaign("--db", store_url, "session", "2").exit_code == 0
    return store_url


def history(campaign, db: str) -> list[dict]:
    result = campaign("--db", db, "history", "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["events"]


def refused(result, named: str) -> None:
    """Exit 2 through the CLI's own error path, naming ``named``, in a message that does not
    echo the thousands of digits."""
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert named in result.stderr, result.stderr
    assert " digits: no " in result.stderr, result.stderr
    assert len(result.stderr) < 600, result.stderr


@pytest.mark.parametrize(("words", "named"), LIVE, ids=[" ".join(w)[:28] for w, _ in LIVE])
def test_a_huge_number_typed_live_is_refused_naming_the_option(campaign, store, words, named):
    before = history(campaign, store)
    refused(campaign("--db", store, *words), named)
    assert history(campaign, store) == before


@pytest.mark.parametrize(
    ("words", "named"), CALCULATOR, ids=[" ".join(w)[:28] for w, _ in CALCULATOR]
)
def test_a_huge_number_given_to_the_calculator_is_refused_naming_the_option(campaign, words, named):
    refused(campaign(*words), named)


@pytest.mark.parametrize(
    "line",
    [f"morale e9 orcs --roll {HUGE}", f"loyalty kit --roll {HUGE}", f"retract event:{HUGE}",
     f"character create hired --retainer-of boss --employer-cha 13 --hiring-roll {HUGE}"],
    ids=["morale", "loyalty", "retract", "hiring-roll"],
)  # fmt: skip
def test_a_huge_number_in_a_log_names_the_line_and_the_files_that_landed(
    campaign, store, tmp_path, line
):
    good = tmp_path / "good.log"
    good.write_text("session 3\nnote fine\nsession end\n", encoding="utf-8")
    bad = tmp_path / "bad.log"
    bad.write_text(f"session 4\nnote fine\n{line}\n", encoding="utf-8")
    before = history(campaign, store)
    result = campaign("--db", store, "replay", str(good), str(bad))
    assert result.exit_code == 2, result.output
    assert f"{bad}:3:" in result.stderr
    assert f"landed before the error: {good}" in result.stdout.replace("\n", "")
    assert "Traceback" not in result.output
    after = history(campaign, store)
    assert after[: len(before)] == before
    landed = {e["session"] for e in after[len(before) :]}
    assert 3 in landed and 4 not in landed  # the good file, and nothing of the bad one


@pytest.mark.parametrize(
    ("text", "line"),
    [(f"session {HUGE}\nnote x\n", 1), (f"#! campaign-log {HUGE}\nsession 5\n", 1),
     (f"session 5\nsession {HUGE}\n", 2)],
    ids=["session", "header", "second-session"],
)  # fmt: skip
def test_a_huge_session_or_grammar_number_names_the_line(campaign, store, tmp_path, text, line):
    log = tmp_path / "huge.log"
    log.write_text(text, encoding="utf-8")
    before = history(campaign, store)
    result = campaign("--db", store, "replay", str(log))
    assert result.exit_code == 2, result.output
    assert f"{log}:{line}:" in result.stderr
    assert "Traceback" not in result.output
    assert history(campaign, store) == before


def test_leading_zeros_are_no_digits_of_the_number(campaign):
    result = campaign("rules", "morale", "--morale", "7", "--roll", "0" * 5000 + "3,05")
    assert result.exit_code == 0, result.output
    assert "3+5" in result.stdout


def test_a_roll_of_19_digits_is_refused_and_18_reach_the_rules(campaign):
    nineteen = campaign("rules", "morale", "--morale", "7", "--roll", "9" * 19)
    assert nineteen.exit_code == 2
    assert "19 digits: no roll is that long" in nineteen.stderr
    eighteen = campaign("rules", "morale", "--morale", "7", "--roll", "9" * 18)
    assert eighteen.exit_code == 2
    assert "2d6 totals 2–12" in eighteen.stderr


def test_a_position_of_41_digits_is_refused_and_40_are_no_such_event(campaign, store):
    refused(campaign("--db", store, "retract", "event:" + "9" * 41), "event:999")
    forty = campaign("--db", store, "retract", "event:" + "9" * 40)
    assert forty.exit_code == 2
    assert f"there is no event {'9' * 40}" in forty.stderr
    past = campaign("--db", store, "history", "--as-of", "event:" + "9" * 40)
    assert past.exit_code == 2
    assert f"there is no event {'9' * 40}" in past.stderr
