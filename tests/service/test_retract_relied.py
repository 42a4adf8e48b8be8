"""Given a command that a later one relied on without recording on it — an `encounter end` a later
company command left alone, a `session N` later commands were recorded in — when the GM retracts it
by `retract event:N`, then the tracker refuses (exit 2, nothing written, the later command named),
live and in a log, on SQLite and PostgreSQL (docs/log-language.md#retract); and a history where a
retracted `session N` let the session before it go on reads the same in `history`, every per-session
export and `verify --file`."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from campaign.commands import (
    Casualty,
    CompanyDismiss,
    CompanyHire,
    CompanyModifier,
    CompanyRecover,
    EncounterEnd,
    EncounterJoin,
    EncounterStart,
    MoraleTest,
    Note,
    Retract,
    SessionEnd,
    SessionOpen,
)
from campaign.core.errors import ImpossibleInput
from cli.main import app
from tests import answers


def _fought(ledger):
    """Session 1, a company of 6 that joined encounter e; returns nothing."""
    ledger.handle(SessionOpen(number=1))
    ledger.handle(CompanyHire(handle="co", troop="trained", size=6))
    ledger.handle(EncounterStart(handle="e"))
    ledger.handle(EncounterJoin(encounter="e", company="co"))


# Each: what happens in the encounter before it ends, and the company command after its end —
# one that would have reached the encounter, had it been open (D-4: the rating follows the
# modifiers, recovered members are fit there again, a dismissed company leaves it).
LATER = {
    "modifier": (
        lambda g: None,
        lambda g: g.handle(CompanyModifier(handle="co", value=+4, reason="glory")),
    ),
    "recover": (
        lambda g: (
            g.handle(Casualty(encounter="e", group="co", n=2, incapacitated=True)),
            g.handle(MoraleTest(encounter="e", group="co", roll="2")),
        ),
        lambda g: g.handle(CompanyRecover(handle="co", n=2)),
    ),
    "dismiss": (lambda g: None, lambda g: g.handle(CompanyDismiss(handle="co"))),
}
WHERE = ["live", "log", "stored end, later lines in a log"]


def _end_then(ledger, case, where):
    """The encounter fought and ended, then the company's command, then `retract event:N` of
    the end — each stored, or in one log, as ``where`` says. Returns the end's position."""
    before, later = LATER[case]
    _fought(ledger)
    before(ledger)
    if where == "log":
        ended = []

        def log():
            ledger.handle(EncounterEnd(handle="e"))
            ended.append(ledger.last_position())
            later(ledger)
            ledger.handle(Retract(ref=f"event:{ended[0]}"))

        ledger.unit(log)
        return ended[0]
    ledger.handle(EncounterEnd(handle="e"))
    end = ledger.last_position()
    if where == "live":
        later(ledger)
        ledger.handle(Retract(ref=f"event:{end}"))
    else:

        def rest():
            later(ledger)
            ledger.handle(Retract(ref=f"event:{end}"))

        ledger.unit(rest)
    return end


@pytest.mark.parametrize("where", WHERE)
@pytest.mark.parametrize("case", LATER)
def test_an_encounter_end_a_later_company_command_relied_on_is_not_retracted(ledger, case, where):
    # the encounter reopened with the company as it stood at the end: a group rated 8 for a
    # company now rated 12, members incapacitated there that the company has back, a dismissed
    # company still fighting
    with pytest.raises(ImpossibleInput) as refused:
        _end_then(ledger, case, where)  # in a log: the whole unit, nothing written
    error = refused.value
    assert error.field == "retract"
    assert "cannot be retracted" in error.message
    assert "relied on" in error.message and "company co" in error.message
    assert "encounter e" in error.message
    (e,) = answers.status(ledger)["encounters"]
    assert e["ended"] is (where != "log")  # a log's unit wrote nothing at all


@pytest.mark.parametrize("case", LATER)
def test_the_refusal_names_the_later_command_and_writes_nothing(ledger, case):
    before, later = LATER[case]
    _fought(ledger)
    before(ledger)
    ledger.handle(EncounterEnd(handle="e"))
    end = ledger.last_position()
    later(ledger)
    company_command = next(
        e["command_position"] for e in reversed(answers.history(ledger)) if e["subject"] == "co"
    )
    recorded, state = ledger.last_position(), answers.status(ledger)
    with pytest.raises(ImpossibleInput) as refused:
        ledger.handle(Retract(ref=f"event:{end}"))
    assert f"event:{end} cannot be retracted: event:{company_command} (co)" in (
        refused.value.message
    )
    assert ledger.last_position() == recorded and answers.status(ledger) == state


def test_retract_last_of_an_encounter_end_is_still_fine(ledger):
    # nothing came after it: the encounter is open again, the company as it is
    _fought(ledger)
    ledger.handle(EncounterEnd(handle="e"))
    ledger.handle(Retract(ref="last"))
    (e,) = answers.status(ledger)["encounters"]
    assert e["ended"] is False
    ledger.handle(
        CompanyModifier(handle="co", value=+4, reason="glory")
    )  # reaches the reopened encounter (D-4)
    (group,) = answers.status(ledger)["encounters"][0]["groups"]
    assert (group["morale"], group["status"]) == (12, "fights-to-death")


def test_once_the_later_company_command_is_withdrawn_the_end_may_go(ledger):
    _fought(ledger)
    ledger.handle(EncounterEnd(handle="e"))
    end = ledger.last_position()
    ledger.handle(CompanyModifier(handle="co", value=+4, reason="glory"))
    ledger.handle(Retract(ref="last"))  # the modifier: nothing relies on the end now
    ledger.handle(Retract(ref=f"event:{end}"))
    (e,) = answers.status(ledger)["encounters"]
    (group,) = e["groups"]
    assert (
        e["ended"] is False and group["morale"] == answers.status(ledger)["companies"][0]["morale"]
    )


def test_a_later_command_on_another_company_does_not_stand_in_the_way(ledger):
    _fought(ledger)
    ledger.handle(CompanyHire(handle="other", troop="militia", size=5))
    ledger.handle(EncounterEnd(handle="e"))
    end = ledger.last_position()
    ledger.handle(CompanyModifier(handle="other", value=+1, reason="paid"))  # never fought in e
    ledger.handle(Retract(ref=f"event:{end}"))
    assert answers.status(ledger)["encounters"][0]["ended"] is False


def cli(*args: str):
    return CliRunner().invoke(app, list(args), env={"CAMPAIGN_SEED": ""})


def test_the_cli_and_a_replayed_log_refuse_with_exit_2(tmp_path):
    db = str(tmp_path / "f1.db")
    for words in (
        "session 1", "company hire co --troop trained --size 6", "encounter start e",
        "encounter join e co", "encounter end e", "company modifier co +4 --reason glory",
    ):  # fmt: skip
        assert cli("--db", db, *words.split()).exit_code == 0
    history = json.loads(cli("--db", db, "history", "--json").stdout)["events"]
    end = next(e["position"] for e in history if e["kind"] == "encounter-ended")
    result = cli("--db", db, "retract", f"event:{end}")
    assert result.exit_code == 2, result.output
    assert f"event:{end} cannot be retracted: event:{end + 1} (co) relied on it" in result.stderr
    assert cli("--db", db, "retract", "last").exit_code == 0  # the modifier
    # the same lines in one log, the retraction among them: the whole file is refused
    log = tmp_path / "f1.log"
    log.write_text(
        "session 1\ncompany hire co --troop trained --size 6\nencounter start e\n"
        "encounter join e co\nencounter end e\ncompany dismiss co\nretract event:6\n",
        "utf-8",
    )
    other = str(tmp_path / "other.db")
    result = cli("--db", other, "replay", str(log))
    assert result.exit_code == 2, result.output
    assert "relied on it" in result.stderr and "company co" in result.stderr
    assert "event:7 (a line of this log)" in result.stderr


@pytest.mark.parametrize("in_one_unit", [False, True], ids=["live", "log"])
def test_a_later_line_withdrawn_in_the_same_log_does_not_stand_in_the_way(ledger, in_one_unit):
    # the end stored; the company command and its `retract last` in a log, then the end's
    # `retract event:N`: allowed, as it is live (the withdrawn line, and the retraction's own
    # compensation, are no later commands on the company)
    _fought(ledger)
    ledger.handle(EncounterEnd(handle="e"))
    end = ledger.last_position()

    def lines():
        ledger.handle(CompanyModifier(handle="co", value=+4, reason="glory"))
        ledger.handle(Retract(ref="last"))
        ledger.handle(Retract(ref=f"event:{end}"))

    ledger.unit(lines) if in_one_unit else lines()
    (e,) = answers.status(ledger)["encounters"]
    (group,) = e["groups"]
    assert e["ended"] is False and group["morale"] == 8


@pytest.mark.parametrize("ref", ["last", "event"])
def test_a_stored_command_a_log_withdrew_is_not_withdrawn_again_by_the_same_log(ledger, ref):
    # the timeline does not know the log's own retractions yet: a second `retract last` takes
    # the note before it, as live, not the same stored note again (two retractions of event:4);
    # a second `retract event:4` is refused
    ledger.handle(SessionOpen(number=1))
    ledger.handle(Note(text="a"))
    ledger.handle(Note(text="b"))
    b = ledger.last_position()

    def log():
        ledger.handle(Retract(ref="last" if ref == "last" else f"event:{b}"))
        ledger.handle(Retract(ref="last" if ref == "last" else f"event:{b}"))

    if ref == "last":
        ledger.unit(log)
        withdrawn = [e["command"] for e in answers.history(ledger) if e["retracted"]]
        assert withdrawn == ["note a", "note b"]
    else:
        with pytest.raises(ImpossibleInput, match=f"the command at event:{b} is already"):
            ledger.unit(log)
        assert ledger.last_position() == b


@pytest.mark.parametrize("in_one_unit", [False, True], ids=["live", "log"])
def test_a_stored_later_command_a_log_withdrew_does_not_stand_in_the_way(ledger, in_one_unit):
    # the end and the company command stored; a log withdraws the company command, then the
    # end by its position: allowed, as live (the timeline does not know the log's retraction)
    _fought(ledger)
    ledger.handle(EncounterEnd(handle="e"))
    end = ledger.last_position()
    ledger.handle(CompanyModifier(handle="co", value=+4, reason="glory"))

    def lines():
        ledger.handle(Retract(ref="last"))
        ledger.handle(Retract(ref=f"event:{end}"))

    ledger.unit(lines) if in_one_unit else lines()
    (e,) = answers.status(ledger)["encounters"]
    assert e["ended"] is False and e["groups"][0]["morale"] == 8


# --- a retracted `session N` that had ended the session before it -------------------------------
# docs/log-language.md#retract: state, read models and the audit then treat a withdrawn command as
# not having happened: the session that `session N` ended was never ended, and goes on (a mistyped
# session number is undone so). What the retracted line left behind must read the same everywhere.

REOPENED = {
    "live": ["session 1", "note a", "session 2", "retract last", "note b"],
    "mistyped": ["session 1", "note a", "session 3", "retract last", "session 2", "note b"],
    "twice": ["session 1", "note a", "session 2", "note x", "retract last", "retract last",
              "note b", "session 3", "note c"],
}  # fmt: skip


def _record(db, lines, how, tmp_path):
    if how == "log":
        path = tmp_path / "s.log"
        path.write_text("".join(f"{line}\n" for line in lines), "utf-8")
        assert cli("--db", db, "replay", str(path)).exit_code == 0
        return
    for line in lines:
        result = cli("--db", db, *line.split())
        assert result.exit_code == 0, (line, result.output)


def _json(db, *args):
    result = cli("--db", db, *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("how", ["typed", "log"])
@pytest.mark.parametrize("case", REOPENED)
def test_history_exports_and_verify_agree_on_a_session_that_went_on(store_url, tmp_path, case, how):
    db = store_url
    _record(db, REOPENED[case], how, tmp_path)
    events = _json(db, "history")["events"]
    sessions = sorted({e["session"] for e in events if e["session"] is not None})
    written: list[str] = []
    for number in sessions:
        in_history = [
            e["position"] for e in _json(db, "history", "--session", str(number))["events"]
        ]
        assert in_history == [e["position"] for e in events if e["session"] == number]
        # jsonl: the session's events, its own lines marked with it; the chain verifies
        result = cli("--db", db, "export", "--format", "jsonl", "--session", str(number))
        assert result.exit_code == 0, result.output
        rows = [json.loads(line) for line in result.stdout.splitlines()]
        assert [r["position"] for r in rows if r["session"] == number] == in_history
        path = tmp_path / f"s{number}.jsonl"
        path.write_text(result.stdout, "utf-8")
        checked = cli("verify", "--file", str(path), "--json")
        assert checked.exit_code == 0, checked.output
        assert json.loads(checked.stdout)["intact"] is True
        # log: the session's blocks of the whole log, a retracted `session` line's block with the
        # session that went on (docs/cli.md#export-and-import: the sessions' logs replay as the
        # whole log does; tests/cli/test_recap_agrees_with_the_reading_commands.py replays them)
        result = cli("--db", db, "export", "--format", "log", "--session", str(number))
        assert result.exit_code == 0, result.output
        written += [x for x in result.stdout.splitlines() if x and not x.startswith("#")]
    whole = cli("--db", db, "export", "--format", "log").stdout.splitlines()
    assert written == [x for x in whole if x and not x.startswith("#")]


def test_a_note_after_a_retracted_session_line_is_in_the_session_export_history_shows(tmp_path):
    db = str(tmp_path / "ro.db")
    _record(db, REOPENED["live"], "typed", tmp_path)
    status = _json(db, "status")
    assert (status["session"], status["session_open"]) == (1, True)
    one = cli("--db", db, "export", "--format", "log", "--session", "1").stdout
    two = cli("--db", db, "export", "--format", "log", "--session", "2").stdout
    assert "note b" in one and "note b" not in two
    # and the whole log still replays to the same history
    exported = tmp_path / "all.log"
    exported.write_text(cli("--db", db, "export").stdout, "utf-8")
    again = str(tmp_path / "again.db")
    assert cli("--db", again, "replay", str(exported)).exit_code == 0
    mine = [(e["position"], e["session"], e["kind"]) for e in _json(db, "history")["events"]]
    theirs = [(e["position"], e["session"], e["kind"]) for e in _json(again, "history")["events"]]
    assert theirs[: len(mine)] == mine  # the replay then ends the session left open


@pytest.mark.parametrize("in_one_unit", [False, True], ids=["live", "log"])
def test_a_session_line_later_commands_were_recorded_in_is_not_retracted(ledger, in_one_unit):
    # `company hire` records nothing on the campaign, yet it was recorded in session 2: withdrawn,
    # session 2 would never have opened and still hold a company hired in it
    ledger.handle(SessionOpen(number=1))
    ledger.handle(Note(text="a"))
    positions = []

    def lines():
        ledger.handle(SessionOpen(number=2))
        positions.append(ledger.last_position() - 1)  # its first event ends session 1
        ledger.handle(CompanyHire(handle="co", troop="trained", size=6))
        hired = ledger.last_position()
        with pytest.raises(ImpossibleInput) as refused:
            ledger.handle(Retract(ref=f"event:{positions[0]}"))
        message = refused.value.message
        assert f"event:{positions[0]} cannot be retracted: event:{hired}" in message
        assert "relied on it later" in message and "session 2" in message

    if in_one_unit:
        with pytest.raises(RuntimeError, match="nothing was written"):
            ledger.unit(lines)
        assert answers.status(ledger)["session"] == 1
    else:
        lines()
        assert (
            answers.status(ledger)["session"],
            answers.status(ledger)["companies"][0]["handle"],
        ) == (2, "co")
        ledger.handle(Retract(ref="last"))  # the hire: nothing is recorded in session 2 now
        ledger.handle(Retract(ref=f"event:{positions[0]}"))
        assert (
            answers.status(ledger)["session"] == 1
            and answers.status(ledger)["session_open"] is True
        )


def test_a_session_line_a_later_note_changed_the_campaign_after_is_not_retracted(ledger):
    ledger.handle(SessionOpen(number=1))
    ledger.handle(Note(text="a"))
    ledger.handle(SessionOpen(number=2))
    opened = ledger.last_position() - 1
    ledger.handle(Note(text="x"))
    with pytest.raises(ImpossibleInput, match="changed the same subject later"):
        ledger.handle(Retract(ref=f"event:{opened}"))


def test_a_session_line_after_session_end_leaves_no_session_open_when_retracted(ledger):
    # `session end` is a command of its own, still in force: nothing is open again
    ledger.handle(SessionOpen(number=1))
    ledger.handle(SessionEnd())
    ledger.handle(SessionOpen(number=2))
    ledger.handle(Retract(ref="last"))
    status = answers.status(ledger)
    assert status["session_open"] is False
    ledger.handle(SessionOpen(number=2))  # the number is free again
