"""Given the ford session, when the GM retracts a command, then state and read models are as if
it never happened, the history keeps it marked retracted, and nothing is deleted; companies
follow their modifiers, recoveries and dismissal into open encounters — on SQLite and
PostgreSQL."""

import json
import shlex
from dataclasses import asdict

import pytest

from campaign.commands import (
    Adjustment,
    Casualty,
    CharacterCreate,
    ClockAdvance,
    CompanyDismiss,
    CompanyHire,
    CompanyModifier,
    CompanyRecover,
    EncounterEnd,
    EncounterGroup,
    EncounterJoin,
    EncounterStart,
    FlawRoll,
    Note,
    Retract,
    SessionEnd,
    SessionOpen,
    Setting,
)
from campaign.core.errors import HandleTaken, ImpossibleInput, UnknownHandle
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from tests import answers
from tests.scenario import FORD, play


def comparable(status):
    return {k: v for k, v in status.items() if k != "position"}


def group(ledger, handle, encounter="ford"):
    (found,) = [e for e in answers.status(ledger)["encounters"] if e["handle"] == encounter]
    return {g["handle"]: g for g in found["groups"]}[handle]


@pytest.mark.parametrize("upto", range(1, len(FORD)))
def test_retract_last_undoes_any_command_of_the_ford(ledger, upto):
    play(ledger, FORD[:upto])
    before, modifiers = comparable(answers.status(ledger)), answers.modifiers(ledger)
    events = len(list(ledger.history.events()))
    FORD[upto][1](ledger)
    command = ledger.last_position()
    while (
        answers.history(ledger)[command - 2]["command_position"]
        == answers.history(ledger)[command - 1]["command_position"]
    ):
        command -= 1  # the first event of the command just recorded
    assert asdict(ledger.handle(Retract(ref="last")))["retracted"] == command
    assert comparable(answers.status(ledger)) == before
    assert [(m["subject"], m["modifiers"]) for m in answers.modifiers(ledger)] == [
        (m["subject"], m["modifiers"]) for m in modifiers
    ]
    assert len(list(ledger.history.events())) > events  # nothing deleted: more events, not fewer
    withdrawn = [e for e in answers.history(ledger) if e["command_position"] == command]
    assert withdrawn and all(e["retracted"] for e in withdrawn)


def test_retract_last_twice_withdraws_the_last_two_commands(ledger):
    play(ledger, FORD[:12])
    before = comparable(answers.status(ledger))
    ledger.handle(Casualty(encounter="ford", group="goblins", n=1))
    ledger.handle(Adjustment(encounter="ford", group="goblins", value=-1, reason="leader slain"))
    ledger.handle(Retract(ref="last"))
    ledger.handle(Retract(ref="last"))
    assert comparable(answers.status(ledger)) == before


@pytest.mark.parametrize("position", [999, 2**63 - 1, 2**63, 10**23])
def test_retract_an_event_never_recorded_is_refused(ledger, position):
    # past the largest integer a store holds as well: no SQL overflow, the same refusal
    play(ledger, FORD[:3])
    said = f"there is no event {position}; positions run 1–{ledger.last_position()}$"
    with pytest.raises(ImpossibleInput, match=said) as refused:
        ledger.handle(Retract(ref=f"event:{position}"))
    assert refused.value.field == "retract"


def test_retract_an_earlier_event_only_when_nothing_later_touched_its_subjects(ledger):
    play(ledger, FORD[:15])  # up to the adjustment: the encounter is not touched again
    adjust = next(e for e in answers.history(ledger) if e["kind"] == "adjustment-made")["position"]
    hire = next(e for e in answers.history(ledger) if e["kind"] == "company-hired")["position"]
    ledger.handle(Note(text="the dice were warm"))  # a later command on another subject
    with pytest.raises(ImpossibleInput) as refused:
        ledger.handle(Retract(ref=f"event:{hire}"))  # the company was changed later
    assert "changed the same subject later" in refused.value.message
    assert refused.value.field == "retract"
    ledger.handle(Retract(ref=f"event:{adjust}", note="the leader was only wounded"))
    goblins = group(ledger, "goblins")
    assert (goblins["adjustment"], goblins["effective_morale"]) == (0, 7)
    assert (
        next(m for m in answers.modifiers(ledger) if m["subject"] == "ford/goblins")["modifiers"]
        == []
    )
    with pytest.raises(ImpossibleInput, match="already retracted"):
        ledger.handle(Retract(ref=f"event:{adjust}"))


def test_a_retraction_itself_cannot_be_retracted(ledger):
    play(ledger, FORD[:3])
    ledger.handle(Retract(ref="last"))
    retraction = ledger.last_position()
    with pytest.raises(ImpossibleInput, match="is a retraction"):
        ledger.handle(Retract(ref=f"event:{retraction}"))


def test_a_retracted_creation_leaves_its_handle_used(ledger):
    play(ledger, FORD[:3])
    ledger.handle(EncounterStart(handle="hall"))
    ledger.handle(Retract(ref="last"))
    assert [e["handle"] for e in answers.status(ledger)["encounters"]] == []
    with pytest.raises(UnknownHandle, match="was retracted"):
        ledger.handle(EncounterGroup(encounter="hall", group="rats", count=3, morale=6))
    with pytest.raises(HandleTaken):
        ledger.handle(EncounterStart(handle="hall"))


def test_retract_last_inside_one_unit_withdraws_the_previous_line(ledger):
    play(ledger, FORD[:3])

    def log():
        ledger.handle(EncounterStart(handle="hall"))
        ledger.handle(EncounterGroup(encounter="hall", group="rats", count=3, morale=6))
        ledger.handle(Retract(ref="last"))
        ledger.handle(EncounterGroup(encounter="hall", group="bats", count=4, morale=8))
        ledger.handle(Casualty(encounter="hall", group="bats", n=1))
        ledger.handle(Retract(ref="last"))

    ledger.unit(log)
    (hall,) = answers.status(ledger)["encounters"]
    assert [(g["handle"], g["killed"]) for g in hall["groups"]] == [("bats", 0)]
    assert [e["retracted"] for e in answers.history(ledger) if e["subject"] == "hall/rats"] == [
        True
    ]


def test_a_failed_line_leaves_the_store_as_it_was(ledger):
    play(ledger, FORD[:3])
    before, position = answers.status(ledger), ledger.last_position()

    def log():
        ledger.handle(EncounterStart(handle="hall"))
        ledger.handle(EncounterGroup(encounter="hall", group="rats", count=3, morale=6))
        ledger.handle(Casualty(encounter="hall", group="rats", n=9))  # only 3: impossible

    with pytest.raises(ImpossibleInput):
        ledger.unit(log)
    assert ledger.last_position() == position and answers.status(ledger) == before


def test_a_company_modifier_rerates_it_in_the_open_encounter(ledger):
    play(ledger, FORD[:12])
    assert (
        ledger.handle(CompanyModifier(handle="red-lances", value=-3, reason="unpaid for a month"))
        == 7
    )
    lances = group(ledger, "red-lances")
    assert (lances["morale"], lances["effective_morale"]) == (7, 7)
    kinds = [e["kind"] for e in answers.history(ledger)[-2:]]
    assert kinds == ["working-conditions-modified", "group-rerated"]  # one command


def test_a_recovery_reaches_the_encounter_and_a_dismissal_leaves_it(ledger):
    play(ledger, FORD[:16])  # red-lances: 2 incapacitated at the ford
    assert ledger.handle(CompanyRecover(handle="red-lances", n=1)) == 19
    assert group(ledger, "red-lances")["incapacitated"] == 1
    assert ledger.handle(CompanyDismiss(handle="red-lances")) == ["ford"]
    lances = group(ledger, "red-lances")
    assert lances["status"] == "left"
    assert answers.status(ledger)["companies"][0]["in_service"] is False
    with pytest.raises(ImpossibleInput, match="has left"):
        ledger.handle(Casualty(encounter="ford", group="red-lances", n=1))
    ledger.handle(EncounterEnd(handle="ford"))
    with pytest.raises(ImpossibleInput):
        ledger.handle(CompanyDismiss(handle="red-lances"))


def _joined_and_retainer(ledger):
    """A company that joins an encounter, and a retainer of a PC: each later command relies on
    an aggregate it records nothing on. Returns the positions of the hire, the company's
    casualty in the first encounter and the PC's creation."""
    ledger.handle(SessionOpen(number=1))
    ledger.handle(CompanyHire(handle="rl", troop="trained", size=4))
    hire = ledger.last_position()
    ledger.handle(EncounterStart(handle="e1"))
    ledger.handle(EncounterJoin(encounter="e1", company="rl"))
    ledger.handle(Casualty(encounter="e1", group="rl", n=2))
    casualty = ledger.last_position()
    ledger.handle(EncounterStart(handle="e2"))
    ledger.handle(
        EncounterJoin(encounter="e2", company="rl")
    )  # its starting count is the 2 members still fit
    ledger.handle(CharacterCreate(handle="brynn"))
    pc = ledger.last_position()
    ledger.handle(CharacterCreate(handle="ced", retainer_of="brynn", employer_cha=12))
    return hire, casualty, pc


def _positions_of(history):
    """The hire, the first casualty and the PC's creation of :func:`_joined_and_retainer`."""
    hire = next(e for e in history if e["kind"] == "company-hired")
    casualty = next(e for e in history if e["kind"] == "company-casualty-recorded")
    pc = next(e for e in history if e["subject"] == "brynn")
    return hire["position"], casualty["position"], pc["position"]


@pytest.mark.parametrize("in_one_unit", [False, True], ids=["live", "log"])
def test_retract_an_earlier_event_that_a_later_command_relied_on_is_refused(ledger, in_one_unit):
    # `encounter join` records on the encounter only, `character create --retainer-of` on the
    # retainer only; withdrawing what they relied on would leave a group of a company that
    # never was, a retainer of nobody, or a starting count the history no longer explains
    refused = []

    def attempt(which):
        positions = _joined_and_retainer(ledger)
        with pytest.raises(ImpossibleInput, match="relied on the same subject later") as no:
            ledger.handle(Retract(ref=f"event:{positions[which]}"))
        refused.append(no.value.field)

    if in_one_unit:
        for which in range(3):  # one refusal fails a log's unit: one log each
            with pytest.raises(RuntimeError, match="nothing was written"):
                ledger.unit(lambda which=which: attempt(which))
        assert ledger.last_position() == 0
    else:
        attempt(0)
        for which in (1, 2):  # the same history: its positions again
            positions = answers.history(ledger)
            with pytest.raises(ImpossibleInput, match="relied on the same subject later") as no:
                ledger.handle(Retract(ref=f"event:{_positions_of(positions)[which]}"))
            refused.append(no.value.field)
        (e2,) = [e for e in answers.status(ledger)["encounters"] if e["handle"] == "e2"]
        assert e2["groups"][0]["count"] == 2  # nothing was put back
        assert [c["handle"] for c in answers.status(ledger)["characters"]] == ["brynn", "ced"]
    assert refused == ["retract"] * 3


def test_what_relied_on_a_command_withdrawn_first_lets_it_be_retracted(ledger):
    _, casualty, pc = _joined_and_retainer(ledger)
    ledger.handle(Retract(ref="last"))  # ced's creation: brynn is relied on by nothing now
    ledger.handle(Retract(ref=f"event:{pc}"))
    joined = next(e for e in answers.history(ledger) if e["subject"] == "e2/rl")["position"]
    ledger.handle(Retract(ref=f"event:{joined}"))  # e2's join: the casualty in e1 may go now
    ledger.handle(Retract(ref=f"event:{casualty}"))
    company = answers.status(ledger)["companies"][0]
    assert (company["fit"], company["killed"]) == (4, 0)


def test_retract_an_earlier_line_of_the_same_log_by_its_position(ledger):
    play(ledger, FORD[:3])
    start = ledger.last_position()

    def log():
        ledger.handle(EncounterStart(handle="hall"))  # start + 1
        ledger.handle(
            EncounterGroup(encounter="hall", group="rats", count=3, morale=6)
        )  # start + 2
        ledger.handle(Note(text="the rats squeak"))  # another subject
        ledger.handle(Retract(ref=f"event:{start + 2}"))
        ledger.handle(EncounterGroup(encounter="hall", group="bats", count=4, morale=8))
        with pytest.raises(ImpossibleInput, match="changed the same subject later"):
            ledger.handle(Retract(ref=f"event:{start + 1}"))  # bats were added to it since

    with pytest.raises(RuntimeError, match="nothing was written"):
        ledger.unit(log)  # the refused line fails the whole unit, even if its error is caught
    assert ledger.last_position() == start

    def good():
        ledger.handle(EncounterStart(handle="hall"))
        ledger.handle(EncounterGroup(encounter="hall", group="rats", count=3, morale=6))
        ledger.handle(Note(text="the rats squeak"))
        ledger.handle(Retract(ref=f"event:{start + 2}"))

    ledger.unit(good)
    (hall,) = answers.status(ledger)["encounters"]
    assert hall["groups"] == []


def test_a_note_can_be_retracted_after_later_campaign_commands(ledger):
    play(ledger, FORD[:3])
    ledger.handle(Note(text="the innkeeper lies"))
    noted = ledger.last_position()
    ledger.handle(
        ClockAdvance(seconds=3600)
    )  # the campaign changes later: the note changed nothing
    ledger.handle(Retract(ref=f"event:{noted}"))
    assert answers.status(ledger)["clock"] == "day 1 01:00"  # the clock is not put back
    (row,) = [e for e in answers.history(ledger) if e["position"] == noted]
    assert row["retracted"]
    clock = ledger.last_position() - 1
    ledger.handle(ClockAdvance(seconds=60))
    with pytest.raises(ImpossibleInput, match="changed the same subject later"):
        ledger.handle(
            Retract(ref=f"event:{clock}")
        )  # the first clock move: a later one changed it again


def retraction_trail(ledger):
    """Who the last retraction compensated, in the order it did, and the audit's GEN001 subject."""
    command = answers.history(ledger)[-1]["command_position"]
    trail = [e["subject"] for e in answers.history(ledger) if e["command_position"] == command]
    (gen001,) = [f for f in answers.audit(ledger) if f["code"] == "GEN001"]
    return trail, gen001["subject"]


def test_a_retraction_compensates_in_event_order_whether_in_a_log_or_live(store_url, tmp_path):
    casualty = FORD.index(next(step for step in FORD if step[0] == "casualty red-lances"))
    trails = []
    for in_one_unit, name in ((True, "log.db"), (False, "live.db")):
        url = store_url if in_one_unit else str(tmp_path / name)
        with Ledger(parse_store_url(url), gm="ann", seed=5) as ledger:
            play(ledger, FORD[:casualty])
            lines = [
                lambda: ledger.handle(
                    CompanyModifier(handle="red-lances", value=-1, reason="unpaid")
                ),  # the company first
                lambda: FORD[casualty][1](ledger),  # one command, two aggregates: encounter first
                lambda: ledger.handle(Retract(ref="last")),
            ]
            if in_one_unit:
                ledger.unit(lambda lines=lines: [line() for line in lines])
            else:
                for line in lines:
                    line()
            trails.append(retraction_trail(ledger))
    assert trails[0] == trails[1]
    assert trails[0][1] == "ford"  # the withdrawn command's first event is the encounter's


@pytest.mark.parametrize("upto", range(2, len(FORD)))
def test_retract_last_inside_a_log_undoes_any_command_of_the_ford(ledger, upto, tmp_path):
    """As a live `retract last` does, with the earlier state rebuilt from the unit's staged
    events: half of the ford stored, then one log with the rest, a command and its retraction."""
    stored = upto // 2
    play(ledger, FORD[:stored])

    def log():
        play(ledger, FORD[stored:upto])
        FORD[upto][1](ledger)
        ledger.handle(Retract(ref="last"))

    ledger.unit(log)
    with Ledger(parse_store_url(str(tmp_path / "reference.db")), gm="ann", seed=5) as reference:
        play(reference, FORD[:upto])
        expected = comparable(answers.status(reference))
    assert comparable(answers.status(ledger)) == expected


def test_a_company_modifier_after_a_retracted_encounter_in_the_same_log(ledger):
    play(ledger, FORD[:3])

    def log():
        ledger.handle(EncounterStart(handle="hall"))
        ledger.handle(Retract(ref="last"))  # the encounter never was; the log still holds it
        ledger.handle(CompanyModifier(handle="red-lances", value=-1, reason="unpaid"))

    ledger.unit(log)
    (company,) = answers.status(ledger)["companies"]
    assert [m["value"] for m in company["modifiers"]] == [1, -1]


JOINS = {  # what a log does before the company's commands, stored before it: FORD[:3]
    "joined in the log": lambda g: g.handle(EncounterJoin(encounter="hall", company="red-lances")),
    "join retracted in the log": lambda g: (
        g.handle(EncounterJoin(encounter="hall", company="red-lances")),
        g.handle(Retract(ref="last")),
    ),
    "encounter ended in the log": lambda g: (
        g.handle(EncounterJoin(encounter="hall", company="red-lances")),
        g.handle(EncounterEnd(handle="hall")),
    ),
}


@pytest.mark.parametrize("case", JOINS)
def test_company_commands_in_a_log_reach_the_encounters_it_joined_as_live_ones_do(
    ledger, case, tmp_path
):
    """A company modifier rerates, and a dismissal withdraws, the company in the open
    encounters it fights in — those it joined earlier in the same log too, which the read
    models cannot know yet; not those it left, or that ended, in the log."""

    def commands(g):
        g.handle(EncounterStart(handle="hall"))
        g.handle(EncounterStart(handle="yard"))
        g.handle(EncounterJoin(encounter="yard", company="red-lances"))
        JOINS[case](g)
        g.handle(CompanyModifier(handle="red-lances", value=-2, reason="unpaid"))
        g.handle(CompanyDismiss(handle="red-lances"))

    play(ledger, FORD[:3])
    ledger.unit(lambda: commands(ledger))
    with Ledger(parse_store_url(str(tmp_path / "reference.db")), gm="ann", seed=5) as reference:
        play(reference, FORD[:3])
        commands(reference)  # live: one command at a time
        expected = comparable(answers.status(reference))
    found = comparable(answers.status(ledger))
    assert found == expected
    boards = {e["handle"]: e for e in found["encounters"]}
    assert boards["yard"]["groups"][0]["status"] == "left"


AFTER_ASKING = {  # what a log does between two company commands, the encounter stored before it
    "stored encounter ended": lambda g: g.handle(EncounterEnd(handle="yard")),
    "another joined": lambda g: (
        g.handle(EncounterStart(handle="hall")),
        g.handle(EncounterJoin(encounter="hall", company="red-lances")),
    ),
    "first modifier retracted": lambda g: g.handle(Retract(ref="last")),
    "nothing": lambda g: None,
}


@pytest.mark.parametrize("case", AFTER_ASKING)
def test_company_commands_in_a_log_after_the_read_models_were_asked(ledger, case, tmp_path):
    """The read models' answer (which stored encounters a company fights in) is asked once per
    company in a log — the store cannot change under it — and each encounter is then taken as
    the log has it: the second modifier and the dismissal land as live ones do."""

    def stored(g):
        play(g, FORD[:3])
        g.handle(EncounterStart(handle="yard"))
        g.handle(EncounterJoin(encounter="yard", company="red-lances"))

    def commands(g):
        g.handle(
            CompanyModifier(handle="red-lances", value=-1, reason="late pay")
        )  # asks the read models: yard
        AFTER_ASKING[case](g)
        g.handle(CompanyModifier(handle="red-lances", value=-2, reason="unpaid"))
        g.handle(CompanyDismiss(handle="red-lances"))

    stored(ledger)
    ledger.unit(lambda: commands(ledger))
    with Ledger(parse_store_url(str(tmp_path / "reference.db")), gm="ann", seed=5) as reference:
        stored(reference)
        commands(reference)  # live: one command at a time
        expected = comparable(answers.status(reference))
    assert comparable(answers.status(ledger)) == expected


def test_sessions_in_a_log_end_the_stored_characters_conditions_as_live_ones_do(ledger, tmp_path):
    """Which stored characters have conditions to end with the session is asked once per log;
    each is then taken as the log has it (its condition ended by the first `session`, a new
    one rolled after it)."""

    def commands(g):
        g.handle(SessionOpen(number=13))  # ends brynn's phobia (stored): the read models name her
        g.handle(
            FlawRoll(handle="brynn", key="phobia-mild", result=6)
        )  # a new one, until this session ends
        g.handle(SessionOpen(number=14))
        g.handle(FlawRoll(handle="brynn", key="phobia-mild", result=6))
        g.handle(SessionEnd())

    upto = [name for name, _ in FORD].index("trait phobia") + 1
    play(ledger, FORD[:upto])
    ledger.unit(lambda: commands(ledger))
    with Ledger(parse_store_url(str(tmp_path / "reference.db")), gm="ann", seed=5) as reference:
        play(reference, FORD[:upto])
        commands(reference)  # live: one command at a time
        expected = comparable(answers.status(reference))
    found = comparable(answers.status(ledger))
    assert found == expected
    (brynn,) = [c for c in found["characters"] if c["handle"] == "brynn"]
    assert brynn["conditions"] == []


def test_many_retractions_in_one_log_restore_what_live_ones_do(ledger, tmp_path):
    """Each retraction in a log rebuilds the earlier state from where the previous one got to;
    two in a row ask for an earlier state than the one before: both land as live ones do."""

    def commands(g):
        g.handle(Note(text="a"))
        g.handle(Retract(ref="last"))
        g.handle(ClockAdvance(seconds=600))
        g.handle(Note(text="b"))
        g.handle(Retract(ref="last"))
        g.handle(
            Retract(ref="last")
        )  # the clock: an earlier version of the campaign than the note's
        g.handle(CompanyModifier(handle="red-lances", value=-1, reason="late pay"))
        g.handle(Retract(ref="last"))
        g.handle(ClockAdvance(seconds=1200))
        g.handle(CompanyModifier(handle="red-lances", value=+2, reason="plunder"))
        g.handle(Note(text="c"))
        g.handle(Retract(ref="last"))
        g.handle(Retract(ref="last"))
        g.handle(Setting(setting="paladin-ability", value="cha"))
        g.handle(Retract(ref="last"))
        g.handle(ClockAdvance(seconds=300))

    def timeline(g):
        return [(e["command"], e["retracted"]) for e in answers.history(g)]

    play(ledger, FORD[:3])
    ledger.unit(lambda: commands(ledger))
    with Ledger(parse_store_url(str(tmp_path / "reference.db")), gm="ann", seed=5) as reference:
        play(reference, FORD[:3])
        commands(reference)  # live: one command at a time
        expected = (comparable(answers.status(reference)), timeline(reference))
    assert (comparable(answers.status(ledger)), timeline(ledger)) == expected


def test_a_retracted_group_keeps_its_handle_like_any_retracted_creation(ledger):
    # docs/log-language.md#handles: a handle stays taken once used, even when the command that
    # created it is retracted — a group as an encounter, a company or a character: no
    # retraction frees it
    play(ledger, FORD[:3])
    ledger.handle(EncounterStart(handle="hall"))
    ledger.handle(EncounterGroup(encounter="hall", group="rats", count=6, morale=7))
    ledger.handle(Retract(ref="last"))
    with pytest.raises(HandleTaken, match="whose creation was retracted"):
        ledger.handle(EncounterGroup(encounter="hall", group="rats", count=8, morale=9))
    ledger.handle(EncounterGroup(encounter="hall", group="bats", count=3, morale=7))
    bats = ledger.last_position()
    ledger.handle(Adjustment(encounter="hall", group="bats", value=1, reason="echoes"))
    ledger.handle(
        Retract(ref="last")
    )  # the adjustment: an earlier state put back keeps "rats" retired
    ledger.handle(Retract(ref=f"event:{bats}"))  # the bats' creation
    for handle in ("rats", "bats"):
        with pytest.raises(HandleTaken):
            ledger.handle(EncounterGroup(encounter="hall", group=handle, count=2, morale=7))
    (hall,) = [e for e in answers.status(ledger)["encounters"] if e["handle"] == "hall"]
    assert hall["groups"] == []
    ledger.handle(
        EncounterGroup(encounter="hall", group="wolves", count=4, morale=8)
    )  # a new handle is fine


def test_a_retraction_blocked_by_a_line_of_the_same_log_names_that_line(ledger):
    # the line's position, not "event:this log (the same subjects) changed the same subject later"
    ledger.handle(SessionOpen(number=1))
    ledger.handle(EncounterStart(handle="e"))
    started = ledger.last_position()
    ledger.handle(SessionOpen(number=2))

    def log():
        ledger.handle(EncounterGroup(encounter="e", group="g", count=3, morale=7))
        added = ledger.last_position()
        with pytest.raises(ImpossibleInput) as refused:
            ledger.handle(Retract(ref=f"event:{started}"))
        assert f"event:{added} (a line of this log) changed the same subject later" in (
            refused.value.message
        )

    with pytest.raises(RuntimeError, match="nothing was written"):
        ledger.unit(log)


# A withdrawn command whose retraction has nothing to undo (a morale test, a loyalty test or a
# trait ruled as the rules say changes no state): GEN001 names what the command was about, not
# `campaign`, and a --note on the retraction puts its GEN002 there too.
NOTHING_TO_UNDO = [
    ("e", "morale e t --roll 3,3"),  # a morale 12 group: it fights on, as before
    ("e", "morale e g --roll 6,6 --ruling fight"),  # MOR003 ruled, state unchanged
    ("r", "loyalty r --roll 7 --ruling stay"),  # loyalty 7 (CHA 10): 7 stays
    ("p", "trait p phobia-mild --result 5 --difficulty 4 --ruling success"),
]
SET_UP = [
    "session 1",
    "encounter start e",
    "encounter group e t --count 10 --morale 12",
    "encounter group e g --count 5 --morale 7",
    "character create p --flaw phobia-mild:spiders",
    "character create r --retainer-of p --employer-cha 10 --hiring-roll 3,4",
]


@pytest.mark.parametrize(("subject", "line"), NOTHING_TO_UNDO)
@pytest.mark.parametrize("read_between", [False, True], ids=["one-fold", "folded-before"])
def test_gen001_names_what_a_command_with_nothing_to_undo_was_about(
    store_url, subject, line, read_between
):
    from tests.service.test_verify import ok

    for words in SET_UP:
        ok("--db", store_url, *shlex.split(words))
    ok("--db", store_url, *shlex.split(line))
    if read_between:  # the withdrawn command folded by an earlier catch-up: read back
        ok("--db", store_url, "audit", "--json")
    ok("--db", store_url, "retract", "last", "--note", "misread the die")
    findings = json.loads(ok("--db", store_url, "audit", "--json"))["findings"]
    named = {f["code"]: f["subject"] for f in findings if f["code"] in ("GEN001", "GEN002")}
    assert named == {"GEN001": subject, "GEN002": subject}


def test_gen001_in_a_log_names_what_the_withdrawn_command_was_about(tmp_path):
    from tests.service.test_verify import ok

    db, log = tmp_path / "campaign.db", tmp_path / "one.log"
    lines = [*SET_UP]
    for _, line in NOTHING_TO_UNDO:
        lines += [line, "retract last"]
    log.write_text("#! campaign-log 1\n" + "\n".join(lines) + "\n")
    ok("--db", str(db), "replay", str(log))
    findings = json.loads(ok("--db", str(db), "audit", "--json"))["findings"]
    assert [f["subject"] for f in findings if f["code"] == "GEN001"] == [
        subject for subject, _ in NOTHING_TO_UNDO
    ]


@pytest.mark.parametrize("batch", [3, 5000])
def test_gen001_as_of_a_point_names_what_the_live_audit_names(store_url, monkeypatch, batch):
    """An audit folded up to a point (``Ledger.audit(as_of=…)``) folds the timeline too, where
    GEN001 finds what a command withdrawn in an earlier batch touched, not `campaign`."""
    import projections.readmodel
    from tests.service.test_verify import ok

    monkeypatch.setattr(projections.readmodel, "BATCH", batch)
    for words in SET_UP:
        ok("--db", store_url, *shlex.split(words))
    for _, line in NOTHING_TO_UNDO:
        ok("--db", store_url, *shlex.split(line))
    withdrawn = [e for e in ledger_history(store_url) if e["kind"] == "morale-tested"]
    ok("--db", store_url, "retract", f"event:{withdrawn[0]['position']}", "--note", "misread")
    with Ledger(parse_store_url(store_url)) as opened:
        live = answers.audit(opened)
        last = opened.last_position()
        assert answers.audit(opened, as_of=f"event:{last}") == live
    named = {f["code"]: f["subject"] for f in live if f["code"] in ("GEN001", "GEN002")}
    assert named == {"GEN001": "e", "GEN002": "e"}


def ledger_history(store_url):
    with Ledger(parse_store_url(store_url)) as opened:
        return answers.history(opened)
