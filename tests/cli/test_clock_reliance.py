"""The in-game clock and the conditions timed from it (docs/log-language.md#the-clock,
#conditions-and-the-clock).

- `retract event:N` of a clock move is refused while a later flaw roll stands whose condition ends
  at an in-game time counted from that clock (docs/log-language.md#retract: only while no later
  command changed the same subjects or relied on it, as a condition later timed from a clock move
  does; the command is then treated "as not having happened"): were it withdrawn, the condition
  would keep its `until` and last an hour longer.
- `condition end` of a condition that ended by itself says so (it is recorded as the GM said:
  logs recorded before hold such lines, and must replay).
"""

import json

import pytest

GREED = ["trait", "ana", "greed", "--trigger", "missed-chance", "--result", "1"]


@pytest.fixture
def run(in_store):
    in_store("session", "1")
    in_store("character", "create", "ana", "--flaw", "greed")  # events 3 and 4
    return in_store


def events(run):
    return json.loads(run("history", "--json"))["events"]


def test_a_clock_move_a_timed_condition_counted_from_is_not_withdrawn(run, campaign):
    run("clock", "advance", "1h")  # event 5
    run(*GREED, "--duration", "2h")  # until day 1 03:00
    before = run("export", "--format", "jsonl")
    refused = campaign("--db", run.db, "retract", "event:5")
    assert refused.exit_code == 2
    assert "event:6 (ana) started a condition timed from the in-game clock" in refused.stderr
    assert run("export", "--format", "jsonl") == before
    run("retract", "last")  # the roll first: then the clock move may go
    run("retract", "event:5")
    assert json.loads(run("status", "--json"))["clock"] == "day 1 00:00"


def test_the_same_in_a_log(run, campaign, tmp_path):
    log = tmp_path / "s2.log"
    lines = ["session 2", "clock advance 1h", " ".join([*GREED, "--duration", "2h"])]
    # `session 2` ends session 1 (event 5) and opens 2 (event 6): the clock move is event 7
    log.write_text("\n".join([*lines, "retract event:7"]) + "\n", encoding="utf-8")
    refused = campaign("--db", run.db, "replay", str(log))
    assert refused.exit_code == 2
    assert "s2.log:4: retract event:7" in refused.stderr
    assert "timed from the in-game clock" in refused.stderr


def test_a_condition_with_no_duration_does_not_hold_the_clock(run):
    run("character", "create", "bo", "--flaw", "phobia-mild:rats")  # events 5 and 6
    run("clock", "advance", "1h")  # event 7
    run("trait", "bo", "phobia-mild:rats", "--result", "1")  # no duration: it ends with the
    run("retract", "event:7")  # session, not at a time of the clock
    assert json.loads(run("status", "--json"))["clock"] == "day 1 00:00"


def test_a_condition_that_ended_by_itself_is_ended_as_said_and_said_so(run):
    run(*GREED, "--duration", "1h")
    run("clock", "advance", "1h")  # it ends at day 1 01:00: now
    said = run("condition", "end", "ana", "greed")  # recorded as the GM said (logs recorded
    assert "had ended by themselves at day 1 01:00" in said  # before say it too), and said so
    assert events(run)[-1]["kind"] == "condition-ended"
    run(*GREED, "--duration", "1h")
    assert run("condition", "end", "ana", "greed").strip() == "ana: greed conditions ended"


def test_a_setting_withdrawn_under_a_timed_condition_is_no_clock_move(run):
    run("setting", "paladin-ability", "cha")  # event 5: the campaign changes, not its clock
    run(*GREED, "--duration", "2h")
    run("retract", "event:5")
    assert "retract event:5" in [e["command"] for e in events(run)]
