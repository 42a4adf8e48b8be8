"""Given a session's jsonl export, a log replayed with ``--dry-run``, or a log whose ``session end``
line is malformed, when the GM checks or replays it, then the tracker says what is so
(docs/cli.md#replay, #verify; docs/RELIABILITY.md#tamper-evidence):

- ``verify --file`` takes a file as part of a history (checked from its first event on) only when
  it is consistent with a session's export — it starts with that session's opening, every line
  carries the same ``export_session``, it ends in that session; anything else is checked from
  position 1, so a whole export with its head cut and the lines marked, or a session's export
  with its first lines cut, is a deletion (exit 1);
- ``replay --dry-run`` says exactly what the real replay would do when a session stands in two of
  its files (the second one skipped), or one file is named twice;
- a ``session end`` line the live command refuses (``session end extra``, ``session end --date
  X``) is the error, at its own line, with the live command's words — not the next line's
  "no session is open".
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.paths import ROOT
from tests.service.test_verify import cli, ok

EXAMPLES = sorted((ROOT / "examples" / "campaign").glob("*.log"))


def write(tmp: Path, name: str, rows: list[dict]) -> str:
    path = tmp / name
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), "utf-8")
    return str(path)


def verify_file(path: str, *, exit_code: int) -> dict:
    result = cli("verify", "--file", path, "--json")
    assert result.exit_code == exit_code, result.output
    return json.loads(result.stdout)


# --- 1. verify --file and the unhashed export_session marker ---------------------------------


@pytest.fixture(scope="module")
def example(tmp_path_factory) -> tuple[str, list[dict]]:
    """The example campaign's store, and its whole jsonl export."""
    tmp = tmp_path_factory.mktemp("example")
    db = str(tmp / "a.db")
    ok("--db", db, "replay", *map(str, EXAMPLES))
    rows = [json.loads(line) for line in ok("--db", db, "export", "--format", "jsonl").splitlines()]
    return db, rows


def _session_rows(db: str, number: int) -> list[dict]:
    text = ok("--db", db, "export", "--format", "jsonl", "--session", str(number))
    return [json.loads(line) for line in text.splitlines()]


def test_a_whole_export_with_its_head_cut_and_lines_marked_is_a_deletion(example, tmp_path):
    _, rows = example
    forged = [{**row, "export_session": 1} for row in rows[10:]]  # positions 11…, "session 1"
    found = verify_file(write(tmp_path, "forged.jsonl", forged), exit_code=1)
    assert found["intact"] is False
    assert found["first_bad_position"] == 1 and found["first_position"] == 1
    assert "position 1 is missing (deleted)" in found["reason"]
    assert "export_session" in found["reason"]  # why the marker was not taken as given
    said = cli("verify", "--file", str(tmp_path / "forged.jsonl"))
    assert said.exit_code == 1 and "broken at line 1, position 1" in said.stdout


def test_a_sessions_export_with_its_first_lines_cut_is_a_deletion(example, tmp_path):
    db, _ = example
    rows = _session_rows(db, 2)
    found = verify_file(write(tmp_path, "s2cut.jsonl", rows[5:]), exit_code=1)
    assert found["intact"] is False and found["first_bad_position"] == 1
    assert "missing (deleted)" in found["reason"] and "session 2" in found["reason"]


@pytest.mark.parametrize(
    "forge",
    [
        # a line in the middle not marked, or marked with another session
        lambda rows: [rows[0], {k: v for k, v in rows[1].items() if k != "export_session"},
                      *rows[2:]],
        lambda rows: [rows[0], {**rows[1], "export_session": 3}, *rows[2:]],
        # the first line's marker names another session than its opening's
        lambda rows: [{**row, "export_session": 3} for row in rows],
        # the file goes on past the session's last event (into session 3)
        None,
        # a marker that names no session
        lambda rows: [{**row, "export_session": "2"} for row in rows],
        lambda rows: [{**row, "export_session": True} for row in rows],
    ],
    ids=["unmarked-line", "other-marker", "wrong-number", "past-the-end", "text", "bool"],
)  # fmt: skip
def test_a_marked_file_that_is_not_a_sessions_export_is_checked_from_position_1(
    example, tmp_path, forge
):
    db, whole = example
    rows = _session_rows(db, 2)
    if forge is None:
        start = rows[0]["position"] - 1
        forged = [{**row, "export_session": 2} for row in whole[start:]]
    else:
        forged = forge(rows)
    found = verify_file(write(tmp_path, "forged.jsonl", forged), exit_code=1)
    assert found["first_bad_position"] == 1 and found["first_position"] == 1
    assert "position 1 is missing (deleted)" in found["reason"]
    assert "export_session" in found["reason"]


def test_every_session_export_of_the_example_still_verifies(example, tmp_path):
    db, whole = example
    last = {row["position"]: row["hash"] for row in whole}
    sessions = sorted({row["session"] for row in whole if row["session"] is not None})
    assert sessions == [1, 2, 3]
    for number in sessions:
        rows = _session_rows(db, number)
        found = verify_file(write(tmp_path, f"s{number}.jsonl", rows), exit_code=0)
        assert found["intact"] is True and found["events"] == len(rows)
        assert found["first_position"] == rows[0]["position"] > 1
        assert found["last_hash"] == last[rows[-1]["position"]]


def test_a_whole_export_still_verifies_and_a_cut_head_unmarked_is_still_a_deletion(
    example, tmp_path
):
    _, rows = example
    found = verify_file(write(tmp_path, "all.jsonl", rows), exit_code=0)
    assert found["intact"] is True and found["first_position"] == 1
    cut = verify_file(write(tmp_path, "cut.jsonl", rows[10:]), exit_code=1)
    assert cut["first_bad_position"] == 1


@pytest.mark.parametrize(
    "lines",
    [
        ["session 1", "note a", "session 2", "retract last", "note b"],
        ["session 1", "note a", "session 3", "retract last", "session 2", "note b"],
        ["session 1", "note a", "session 2", "note x", "retract last", "retract last",
         "note b", "session 3", "note c"],
    ],
    ids=["live", "mistyped", "twice"],
)  # fmt: skip
def test_a_session_that_went_on_after_a_retracted_session_line_still_verifies(tmp_path, lines):
    # the export of such a session holds the retracted session's events, each with its
    # own `session`, all marked with the exported session
    db = str(tmp_path / "ro.db")
    for line in lines:
        ok("--db", db, *line.split())
    whole = [json.loads(x) for x in ok("--db", db, "export", "--format", "jsonl").splitlines()]
    for number in sorted({row["session"] for row in whole if row["session"] is not None}):
        rows = _session_rows(db, number)
        found = verify_file(write(tmp_path, f"s{number}.jsonl", rows), exit_code=0)
        assert found["intact"] is True and found["first_position"] == rows[0]["position"]
    # and one of its lines deleted inside is still found
    rows = _session_rows(db, 1)
    gone = verify_file(write(tmp_path, "gone.jsonl", [rows[0], *rows[2:]]), exit_code=1)
    assert gone["first_bad_position"] == rows[1]["position"]


# --- 2. replay --dry-run and a session in two files ---------------------------------------------


def _log(tmp: Path, name: str, text: str) -> str:
    path = tmp / name
    path.write_text(text, "utf-8")
    return str(path)


def test_a_dry_run_skips_a_session_an_earlier_file_holds_as_the_replay_does(store_url, tmp_path):
    s5 = _log(tmp_path, "s5.log", "session 5\nnote five\n")
    s56 = _log(tmp_path, "s56.log", "session 5\nnote five\nsession 6\nnote six\n")
    dry = cli("--db", store_url, "replay", "--dry-run", s5, s56)
    assert dry.exit_code == 0, dry.output
    assert "s56.log: session 6 — would record" in dry.stdout
    assert "session 5 already recorded from this text: skipped" in dry.stdout
    real = cli("--db", store_url, "replay", s5, s56)
    assert real.exit_code == 0, real.output
    assert "s56.log: session 6 — recorded" in real.stdout
    assert "session 5 already recorded from this text: skipped" in real.stdout


def test_a_dry_run_of_one_file_named_twice_skips_the_second(store_url, tmp_path):
    s5 = _log(tmp_path, "s5.log", "session 5\nnote five\n")
    dry = cli("--db", store_url, "replay", "--dry-run", s5, s5)
    assert dry.exit_code == 0, dry.output
    assert "s5.log: nothing new. session 5 already recorded from this text: skipped" in dry.stdout
    assert cli("--db", store_url, "replay", s5, s5).exit_code == 0


def test_a_dry_run_refuses_a_session_an_earlier_file_holds_from_another_text(store_url, tmp_path):
    s5 = _log(tmp_path, "s5.log", "session 5\nnote five\n")
    other = _log(tmp_path, "other.log", "session 5\nnote FIVE\n")
    dry = cli("--db", store_url, "replay", "--dry-run", s5, other)
    real = cli("--db", store_url, "replay", s5, other)
    assert dry.exit_code == real.exit_code == 2
    said = "other.log:1: session 5 is already recorded (from s5.log) from a different text"
    assert said in dry.stderr and said in real.stderr


def test_a_dry_run_knows_a_session_an_earlier_file_retracted(store_url, tmp_path):
    # the first file opens session 5 and withdraws it: the second file's session 5 is new, and its
    # block, recorded from the same text once, is skipped (docs/cli.md#replay: retracted ones too)
    first = _log(tmp_path, "a.log", "session 4\nnote four\nsession 5\nretract last\nnote b\n")
    second = _log(tmp_path, "b.log", "session 5\nnote five\n")
    dry = cli("--db", store_url, "replay", "--dry-run", first, second)
    assert dry.exit_code == 0, dry.output
    assert "b.log: session 5 — would record" in dry.stdout
    real = cli("--db", store_url, "replay", first, second)
    assert real.exit_code == 0, real.output
    assert "b.log: session 5 — recorded" in real.stdout


# --- 3. a bad `session end` line is the error, at its own line ----------------------------------


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("session end extra", "Got unexpected extra argument(s) (extra)"),
        ("session end --date 2026-01-01", "`session end` takes no --date or --title"),
        ("session --title x end", "`session end` takes no --date or --title"),
        ("session end --note", "Option '--note' requires an argument"),
        ("session end --bogus x", "No such option: --bogus"),
    ],
)
def test_a_session_end_line_the_live_command_refuses_is_the_error_at_its_line(tmp_path, line, said):
    log = _log(tmp_path, "ex3.log", f"session 1\nnote z\n{line}\nnote after\n")
    for dry in ([], ["--dry-run"]):
        result = cli("--db", str(tmp_path / "y.db"), "replay", *dry, log)
        assert result.exit_code == 2, result.output
        assert f"ex3.log:3: {line}: {said}" in result.stderr, result.stderr
        assert "no session is open" not in result.stderr


@pytest.mark.parametrize(
    "line", ["session end", "session end --note done", "session --note=done end", "session END"]
)
def test_a_well_formed_session_end_still_closes_the_session_in_a_log(tmp_path, line):
    log = _log(tmp_path, "ex3.log", f"session 1\nnote z\n{line}\nnote after\n")
    result = cli("--db", str(tmp_path / "y.db"), "replay", log)
    assert result.exit_code == 2, result.output
    assert "ex3.log:4: no session is open: `session end` on line 3 closed it" in result.stderr
    # and ends the session where the file goes on with the next one
    ok_log = _log(tmp_path, "ok.log", f"session 1\nnote z\n{line}\nsession 2\nnote b\n")
    ok("--db", str(tmp_path / "z.db"), "replay", ok_log)


def test_the_structure_pass_leaves_a_malformed_session_end_in_its_block():
    from campaign.sessionlog.reading import read_log

    log = read_log(b"session 1\nnote z\nsession end extra\nnote after\n", name="ex3.log")
    (block,) = log.blocks
    assert [line.number for line in block.lines] == [1, 2, 3, 4]
