"""Given a value no event may hold — text with a control character, a blank required reason, a
number outside its field's domain — then the command exits 2 with an error naming the option and
what it expects, and nothing is written (docs/cli.md#exit-codes). A store recorded before control
characters were refused still reads, and shows them escaped rather than sending them to the
terminal."""

from __future__ import annotations

import json
import re

import pytest

import aggregates.values

ESC = "a\x1b]0;pwned\x07b"  # an OSC sequence: retitles the terminal's window
CSI = "red\x1b[31m!"


def _events(campaign, db) -> list[dict]:
    result = campaign("--db", db, "history", "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["events"]


@pytest.fixture
def table(campaign, tmp_path):
    """A store with an open session, an encounter with a monster group, a company joined to it
    and a character with saves and an item."""
    db = str(tmp_path / "campaign.db")
    for line in (
        ["session", "1"],
        ["encounter", "start", "ford"],
        ["encounter", "group", "ford", "gob", "--count", "6", "--morale", "7"],
        ["company", "hire", "lances", "--troop", "trained", "--size", "10"],
        ["encounter", "join", "ford", "lances"],
        ["character", "create", "pc", "--name", "Brynn"],
        ["character", "saves", "pc", "--fortitude", "1", "--reflex", "1", "--will", "1"],
    ):
        result = campaign("--db", db, *line)
        assert result.exit_code == 0, result.output
    return db


def _refused(campaign, db, words, *says):
    before = _events(campaign, db)
    result = campaign("--db", db, *words)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    for said in says:
        assert said in result.stderr, result.stderr
    assert "\x1b" not in result.stderr  # the error shows the text escaped, never sends it
    assert _events(campaign, db) == before  # nothing written
    return result.stderr


# --- control characters -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "option"),
    [
        (["session", "2", "--title", ESC], "--title"),
        (["note", CSI], None),
        (["note", "fine", "--note", CSI], "--note"),
        (["encounter", "start", "hill", "--name", ESC], "--name"),
        (["encounter", "group", "ford", "orcs", "--count", "3", "--morale", "8", "--name", CSI],
         "--name"),
        (["company", "hire", "h2", "--troop", "militia", "--size", "5", "--name", ESC], "--name"),
        (["company", "modifier", "lances", "-1", "--reason", CSI], "--reason"),
        (["adjust", "ford", "gob", "-1", "--reason", CSI], "--reason"),
        (["encounter", "rating", "ford", "gob", "5", "--reason", CSI], "--reason"),
        (["casualty", "ford", "gob", "--cause", CSI], "--cause"),
        (["character", "create", "ann", "--name", ESC], "--name"),
        (["character", "item", "pc", CSI, "--slot", "shield"], None),
        (["save", "pc", "--vs", CSI, "--type", "will", "--dc", "10", "--effect", "none"], "--vs"),
    ],
)  # fmt: skip
def test_a_control_character_in_the_gms_text_is_refused(campaign, table, words, option):
    said = _refused(campaign, table, words, "control character (U+001B)")
    if option is not None:
        assert said.startswith(f"error: {option}: "), said
    assert "\\x1b" in said  # the value as repr shows it


@pytest.mark.parametrize(
    ("text", "code"),
    [("del\x7f", "U+007F"), ("csi\x9b31m", "U+009B"), ("bell\x07", "U+0007"),
     ("vt\x0bvt", "U+000B"), ("nel\x85", "U+0085")],
    ids=["DEL", "C1-CSI", "BEL", "VT", "C1-NEL"],
)  # fmt: skip
def test_del_and_c1_and_other_c0_are_refused_in_a_name(campaign, table, text, code):
    _refused(campaign, table, ["encounter", "start", "hill", "--name", text], "--name", code)


def _recorded_then_replayed(campaign, db, tmp_path, *lines: list[str]) -> str:
    """Record ``lines`` in ``db``, export its log and replay it into a new store (returned)."""
    for words in lines:
        result = campaign("--db", db, *words)
        assert result.exit_code == 0, result.output
    return exported_then_replayed(campaign, db, tmp_path)


def exported_then_replayed(campaign, db, tmp_path) -> str:
    """Export ``db``'s log and replay it into a new store (returned); both must succeed."""
    exported = campaign("--db", db, "export", "--format", "log")
    assert exported.exit_code == 0, exported.output
    log = tmp_path / "exported.log"
    log.write_text(exported.stdout, encoding="utf-8")
    again = str(tmp_path / "again.db")
    replayed = campaign("--db", again, "replay", str(log))
    assert replayed.exit_code == 0, replayed.output
    return again


def test_a_name_title_or_reason_may_hold_tabs_and_line_breaks_and_round_trips_through_a_log(
    campaign, table, tmp_path
):
    # no escape sequence: allowed in any text, as in a note. Stores recorded before control
    # characters were refused hold such names (a name from a CRLF file kept its line break),
    # and their log exports must replay (docs/cli.md#export-and-import): a quote spans lines
    # in a log.
    again = _recorded_then_replayed(
        campaign, table, tmp_path,
        ["session", "2", "--title", "The\tford"],
        ["adjust", "ford", "gob", "-1", "--reason", "two\nlines"],
        ["company", "hire", "h", "--troop", "militia", "--size", "2", "--name", "Grim\nand\tGay"],
    )  # fmt: skip
    status = json.loads(campaign("--db", again, "status", "--json").stdout)
    before = json.loads(campaign("--db", table, "status", "--json").stdout)
    assert (before["companies"], before["encounters"]) == (
        status["companies"],
        status["encounters"],
    )
    assert [c["name"] for c in status["companies"] if c["handle"] == "h"] == ["Grim\nand\tGay"]


def test_a_note_may_span_lines_and_hold_tabs_and_round_trips_through_a_log(
    campaign, table, tmp_path
):
    again = _recorded_then_replayed(
        campaign, table, tmp_path,
        ["note", "the ford:\n\tdeep\n\tcold"],
        ["adjust", "ford", "gob", "-1", "--reason", "outnumbered", "--note", "line1\nline2\tx"],
    )  # fmt: skip
    notes = [(e["kind"], e["note"]) for e in _events(campaign, again) if e["note"]]
    assert ("note-recorded", "the ford:\n\tdeep\n\tcold") in notes
    assert ("adjustment-made", "line1\nline2\tx") in notes


def test_a_control_character_in_a_note_is_still_refused(campaign, table):
    expected = "text without control characters (tabs and line breaks may stay)"
    _refused(campaign, table, ["note", "ok\nthen\x1b[2J"], expected)
    _refused(campaign, table, ["note", "ok", "--note", "x\x00y"], "--note", "NUL")


def test_a_log_line_with_a_control_character_is_refused_naming_it(campaign, tmp_path):
    log = tmp_path / "s1.log"
    log.write_text(f'session 1\nnote fine\nencounter start hill --name "{CSI}"\n', "utf-8")
    db = tmp_path / "campaign.db"
    result = campaign("--db", str(db), "replay", str(log))
    assert result.exit_code == 2, result.output
    assert "s1.log:3:" in result.stderr and "U+001B" in result.stderr
    assert not db.exists() or _events(campaign, str(db)) == []  # the file is atomic


def _record_unchecked(monkeypatch):
    """As a store recorded before control characters were refused."""
    never = re.compile("(?!)")
    monkeypatch.setattr(aggregates.values, "_CONTROL", never, raising=False)
    monkeypatch.setattr(aggregates.values, "_CONTROL_IN_NOTE", never, raising=False)


def test_a_store_recorded_before_reads_and_shows_control_characters_escaped(
    campaign, table, monkeypatch
):
    with monkeypatch.context() as old:
        _record_unchecked(old)
        for words in (
            ["session", "2", "--title", ESC],
            ["company", "hire", "h", "--troop", "militia", "--size", "4", "--name", CSI],
            ["company", "modifier", "h", "+1", "--reason", CSI, "--note", ESC],
            ["encounter", "start", "hill", "--name", CSI],
            ["encounter", "group", "hill", "orcs", "--count", "3", "--morale", "8",
             "--name", CSI],
            ["adjust", "hill", "orcs", "-1", "--reason", CSI],
            ["note", f"line\n{CSI}"],
        ):  # fmt: skip
            result = campaign("--db", table, *words)
            assert result.exit_code == 0, result.output
    monkeypatch.setenv("COLUMNS", "400")  # each text on one line of the tables
    for words in (
        ["history"],
        ["status"],
        ["modifiers"],
        ["export", "--format", "markdown"],
        ["history", "--json"],
        ["status", "--json"],
    ):
        result = campaign("--db", table, *words)
        assert result.exit_code == 0, (words, result.output)
        assert "\x1b" not in result.stdout, words
        assert "\x07" not in result.stdout, words
    history = campaign("--db", table, "history").stdout
    assert "\\x1b]0;pwned\\x07b" in history and "red\\x1b[31m!" in history
    assert "\\x1b" in campaign("--db", table, "export", "--format", "markdown").stdout
    # writing on goes on: a retraction restores the state as recorded, escape sequences and all
    result = campaign("--db", table, "company", "modifier", "h", "+1", "--reason", "paid")
    assert result.exit_code == 0, result.output
    result = campaign("--db", table, "retract", "last")
    assert result.exit_code == 0, result.output
    status = json.loads(campaign("--db", table, "status", "--json").stdout)
    company = next(c for c in status["companies"] if c["handle"] == "h")
    assert company["name"] == CSI and company["morale"] == 7  # militia 6, +1


# --- a required --reason ------------------------------------------------------------------------


@pytest.mark.parametrize("reason", ["", "   ", "\u00a0"])
@pytest.mark.parametrize(
    "words",
    [
        ["adjust", "ford", "gob", "-1"],
        ["encounter", "rating", "ford", "gob", "5"],
        ["company", "modifier", "lances", "-1"],
    ],
    ids=["adjust", "encounter-rating", "company-modifier"],
)
def test_a_blank_required_reason_is_refused(campaign, table, words, reason):
    said = _refused(campaign, table, [*words, "--reason", reason], "error: --reason: ", "blank")
    assert "expected a reason that is not blank" in said


def test_a_reason_is_kept_as_typed(campaign, table):
    result = campaign("--db", table, "adjust", "ford", "gob", "-1", "--reason", " leader slain ")
    assert result.exit_code == 0, result.output
    assert "(' leader slain ')" not in result.stdout
    assert _events(campaign, table)[-1]["command"].endswith('--reason " leader slain "')


# --- the domain a refusal states ----------------------------------------------------------------


def test_a_session_number_beyond_the_store_says_from_1(campaign, table):
    said = _refused(campaign, table, ["session", "99999999999999"],
                    "expected a whole number from 1 to 2147483647")  # fmt: skip
    assert "-2147483647" not in said


def test_a_group_count_beyond_the_store_says_from_1(campaign, table):
    words = ["encounter", "group", "ford", "orcs", "--count", "99999999999999", "--morale", "8"]
    said = _refused(campaign, table, words, "--count", "from 1 to 2147483647")
    assert "-2147483647" not in said


def test_a_company_size_beyond_the_store_says_from_1(campaign, table):
    words = ["company", "hire", "h", "--troop", "militia", "--size", "99999999999999"]
    _refused(campaign, table, words, "--size", "from 1 to 2147483647")


@pytest.mark.parametrize("morale", ["13", "1", "99999999999999"])
def test_a_companys_explicit_base_morale_is_said_as_a_companys(campaign, table, morale):
    words = ["company", "hire", "h", "--troop", "militia", "--size", "4", "--morale", morale]
    said = _refused(campaign, table, words, "--morale", "a company's base morale", "2–12")
    assert "monsters" not in said


def test_a_monster_rating_still_says_monsters(campaign, table):
    words = ["encounter", "group", "ford", "orcs", "--count", "3", "--morale", "13"]
    _refused(campaign, table, words, "--morale", "monsters are rated 2–12")


@pytest.mark.parametrize(
    ("raw", "why"),
    [("99999999999999999999", "is out of range"), ("1e6", "is out of range"),
     ("-1", "is out of range"), ("soon", "is not a number of seconds")],
)  # fmt: skip
def test_a_lock_timeout_out_of_range_states_its_maximum(campaign, table, monkeypatch, raw, why):
    monkeypatch.setenv("CAMPAIGN_LOCK_TIMEOUT", raw)
    result = campaign("--db", table, "note", "hi")
    assert result.exit_code == 2, result.output
    assert f"CAMPAIGN_LOCK_TIMEOUT={raw!r} {why}" in result.stderr
    assert "above 0 and below 1000000" in result.stderr
    monkeypatch.delenv("CAMPAIGN_LOCK_TIMEOUT")
    assert all(e["command"] != "note hi" for e in _events(campaign, table))


def test_a_log_whose_file_name_holds_a_control_character_says_to_rename_it(campaign, tmp_path):
    # the file's name is kept on its session (``source``) and shown by `replay` and `history`
    log = tmp_path / "we\x1bird.log"
    log.write_text("session 1\nnote hi\n", encoding="utf-8")
    db = tmp_path / "campaign.db"
    result = campaign("--db", str(db), "replay", str(log))
    assert result.exit_code == 2, result.output
    assert "'we\\x1bird.log' holds a control character (U+001B)" in result.stderr
    assert "rename the file" in result.stderr
    assert not db.exists() or _events(campaign, str(db)) == []
