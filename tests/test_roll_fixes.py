"""Rolls said and recorded as they are: an option that cannot apply is refused, an item's state
agrees with its hit points, a default ruling is no ruling, a critical failure is called one.

SPEC §2 (bad input: exit 2, nothing written), §4 "Traits" (an option that does not apply is
exit 2), §4 "Saves" (item states, `hp` follows the ruling), §4 "Default ruling"; RULES D-8
(broken at ≤ half, destroyed at 0), D-9 (a critical failure is a failure whatever the result)."""

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
    """The command exits 2 naming ``option`` on stderr and records nothing (SPEC §2)."""
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


# --- Bug 1: --duration where nothing lasts ---------------------------------------------------


@pytest.fixture
def greedy(tmp_path):
    db = str(tmp_path / "du.db")
    typed(db, """
session 1
character create i --flaw greed --flaw vertigo --flaw phobia-mild:rats
""")  # fmt: skip
    return db


def test_a_duration_where_the_outcome_starts_no_condition_is_refused(greedy):
    # greed after a missed chance: a success is « pas de déprime », nothing lasts (RULES C.7)
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
