"""Given the ford session, when the GM retracts a command, then state and read models are as if
it never happened, the history keeps it marked retracted, and nothing is deleted; companies
follow their modifiers, recoveries and dismissal into open encounters — on SQLite and
PostgreSQL."""

import json
import shlex

import pytest

from campaign.core.errors import HandleTaken, ImpossibleInput, UnknownHandle
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from tests.scenario import FORD, play


@pytest.fixture
def ledger(store_url):
    with Ledger(parse_store_url(store_url), gm="ann", seed=5) as opened:
        yield opened


def comparable(status):
    return {k: v for k, v in status.items() if k != "position"}


def group(ledger, handle, encounter="ford"):
    (found,) = [e for e in ledger.status()["encounters"] if e["handle"] == encounter]
    return {g["handle"]: g for g in found["groups"]}[handle]


@pytest.mark.parametrize("upto", range(1, len(FORD)))
def test_retract_last_undoes_any_command_of_the_ford(ledger, upto):
    play(ledger, FORD[:upto])
    before, modifiers = comparable(ledger.status()), ledger.modifiers()
    events = len(list(ledger.events()))
    FORD[upto][1](ledger)
    command = ledger.last_position()
    while (
        ledger.history()[command - 2]["command_position"]
        == ledger.history()[command - 1]["command_position"]
    ):
        command -= 1  # the first event of the command just recorded
    assert ledger.retract("last")["retracted"] == command
    assert comparable(ledger.status()) == before
    assert [(m["subject"], m["modifiers"]) for m in ledger.modifiers()] == [
        (m["subject"], m["modifiers"]) for m in modifiers
    ]
    assert len(list(ledger.events())) > events  # nothing deleted: more events, not fewer
    withdrawn = [e for e in ledger.history() if e["command_position"] == command]
    assert withdrawn and all(e["retracted"] for e in withdrawn)


def test_retract_last_twice_withdraws_the_last_two_commands(ledger):
    play(ledger, FORD[:12])
    before = comparable(ledger.status())
    ledger.record_casualty("ford", "goblins", 1)
    ledger.adjust("ford", "goblins", -1, "leader slain")
    ledger.retract("last")
    ledger.retract("last")
    assert comparable(ledger.status()) == before


@pytest.mark.parametrize("position", [999, 2**63 - 1, 2**63, 10**23])
def test_retract_an_event_never_recorded_is_refused(ledger, position):
    # past the largest integer a store holds as well: no SQL overflow, the same refusal
    play(ledger, FORD[:3])
    said = f"there is no event {position}; positions run 1–{ledger.last_position()}$"
    with pytest.raises(ImpossibleInput, match=said) as refused:
        ledger.retract(f"event:{position}")
    assert refused.value.field == "retract"


def test_retract_an_earlier_event_only_when_nothing_later_touched_its_subjects(ledger):
    play(ledger, FORD[:15])  # up to the adjustment: the encounter is not touched again
    adjust = next(e for e in ledger.history() if e["kind"] == "adjustment-made")["position"]
    hire = next(e for e in ledger.history() if e["kind"] == "company-hired")["position"]
    ledger.note("the dice were warm")  # a later command on another subject
    with pytest.raises(ImpossibleInput) as refused:
        ledger.retract(f"event:{hire}")  # the company was changed later
    assert "changed the same subject later" in refused.value.message
    assert refused.value.field == "retract"
    ledger.retract(f"event:{adjust}", note="the leader was only wounded")
    goblins = group(ledger, "goblins")
    assert (goblins["adjustment"], goblins["effective_morale"]) == (0, 7)
    assert next(m for m in ledger.modifiers() if m["subject"] == "ford/goblins")["modifiers"] == []
    with pytest.raises(ImpossibleInput, match="already retracted"):
        ledger.retract(f"event:{adjust}")


def test_a_retraction_itself_cannot_be_retracted(ledger):
    play(ledger, FORD[:3])
    ledger.retract("last")
    retraction = ledger.last_position()
    with pytest.raises(ImpossibleInput, match="is a retraction"):
        ledger.retract(f"event:{retraction}")


def test_a_retracted_creation_leaves_its_handle_used(ledger):
    play(ledger, FORD[:3])
    ledger.start_encounter("hall")
    ledger.retract("last")
    assert [e["handle"] for e in ledger.status()["encounters"]] == []
    with pytest.raises(UnknownHandle, match="was retracted"):
        ledger.add_group("hall", "rats", 3, 6)
    with pytest.raises(HandleTaken):
        ledger.start_encounter("hall")


def test_retract_last_inside_one_unit_withdraws_the_previous_line(ledger):
    play(ledger, FORD[:3])

    def log():
        ledger.start_encounter("hall")
        ledger.add_group("hall", "rats", 3, 6)
        ledger.retract("last")
        ledger.add_group("hall", "bats", 4, 8)
        ledger.record_casualty("hall", "bats", 1)
        ledger.retract("last")

    ledger.unit(log)
    (hall,) = ledger.status()["encounters"]
    assert [(g["handle"], g["killed"]) for g in hall["groups"]] == [("bats", 0)]
    assert [e["retracted"] for e in ledger.history() if e["subject"] == "hall/rats"] == [True]


def test_a_failed_line_leaves_the_store_as_it_was(ledger):
    play(ledger, FORD[:3])
    before, position = ledger.status(), ledger.last_position()

    def log():
        ledger.start_encounter("hall")
        ledger.add_group("hall", "rats", 3, 6)
        ledger.record_casualty("hall", "rats", 9)  # only 3: impossible

    with pytest.raises(ImpossibleInput):
        ledger.unit(log)
    assert ledger.last_position() == position and ledger.status() == before


def test_a_company_modifier_rerates_it_in_the_open_encounter(ledger):
    play(ledger, FORD[:12])
    assert ledger.modify_company("red-lances", -3, "unpaid for a month") == 7
    lances = group(ledger, "red-lances")
    assert (lances["morale"], lances["effective_morale"]) == (7, 7)
    kinds = [e["kind"] for e in ledger.history()[-2:]]
    assert kinds == ["working-conditions-modified", "group-rerated"]  # one command


def test_a_recovery_reaches_the_encounter_and_a_dismissal_leaves_it(ledger):
    play(ledger, FORD[:16])  # red-lances: 2 incapacitated at the ford
    assert ledger.recover_company("red-lances", 1) == 19
    assert group(ledger, "red-lances")["incapacitated"] == 1
    assert ledger.dismiss_company("red-lances") == ["ford"]
    lances = group(ledger, "red-lances")
    assert lances["status"] == "left"
    assert ledger.status()["companies"][0]["in_service"] is False
    with pytest.raises(ImpossibleInput, match="has left"):
        ledger.record_casualty("ford", "red-lances", 1)
    ledger.end_encounter("ford")
    with pytest.raises(ImpossibleInput):
        ledger.dismiss_company("red-lances")


def _joined_and_retainer(ledger):
    """A company that joins an encounter, and a retainer of a PC: each later command relies on
    an aggregate it records nothing on. Returns the positions of the hire, the company's
    casualty in the first encounter and the PC's creation."""
    ledger.open_session(1)
    ledger.hire_company("rl", "trained", 4)
    hire = ledger.last_position()
    ledger.start_encounter("e1")
    ledger.join("e1", "rl")
    ledger.record_casualty("e1", "rl", 2)
    casualty = ledger.last_position()
    ledger.start_encounter("e2")
    ledger.join("e2", "rl")  # its starting count is the 2 members still fit
    ledger.create_character("brynn")
    pc = ledger.last_position()
    ledger.create_character("ced", retainer_of="brynn", employer_cha=12)
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
            ledger.retract(f"event:{positions[which]}")
        refused.append(no.value.field)

    if in_one_unit:
        for which in range(3):  # one refusal fails a log's unit: one log each
            with pytest.raises(RuntimeError, match="nothing was written"):
                ledger.unit(lambda which=which: attempt(which))
        assert ledger.last_position() == 0
    else:
        attempt(0)
        for which in (1, 2):  # the same history: its positions again
            positions = ledger.history()
            with pytest.raises(ImpossibleInput, match="relied on the same subject later") as no:
                ledger.retract(f"event:{_positions_of(positions)[which]}")
            refused.append(no.value.field)
        (e2,) = [e for e in ledger.status()["encounters"] if e["handle"] == "e2"]
        assert e2["groups"][0]["count"] == 2  # nothing was put back
        assert [c["handle"] for c in ledger.status()["characters"]] == ["brynn", "ced"]
    assert refused == ["retract"] * 3


def test_what_relied_on_a_command_withdrawn_first_lets_it_be_retracted(ledger):
    _, casualty, pc = _joined_and_retainer(ledger)
    ledger.retract("last")  # ced's creation: brynn is relied on by nothing now
    ledger.retract(f"event:{pc}")
    joined = next(e for e in ledger.history() if e["subject"] == "e2/rl")["position"]
    ledger.retract(f"event:{joined}")  # e2's join: the casualty in e1 may go now
    ledger.retract(f"event:{casualty}")
    company = ledger.status()["companies"][0]
    assert (company["fit"], company["killed"]) == (4, 0)


def test_retract_an_earlier_line_of_the_same_log_by_its_position(ledger):
    play(ledger, FORD[:3])
    start = ledger.last_position()

    def log():
        ledger.start_encounter("hall")  # start + 1
        ledger.add_group("hall", "rats", 3, 6)  # start + 2
        ledger.note("the rats squeak")  # another subject
        ledger.retract(f"event:{start + 2}")
        ledger.add_group("hall", "bats", 4, 8)
        with pytest.raises(ImpossibleInput, match="changed the same subject later"):
            ledger.retract(f"event:{start + 1}")  # bats were added to it since

    with pytest.raises(RuntimeError, match="nothing was written"):
        ledger.unit(log)  # the refused line fails the whole unit, even if its error is caught
    assert ledger.last_position() == start

    def good():
        ledger.start_encounter("hall")
        ledger.add_group("hall", "rats", 3, 6)
        ledger.note("the rats squeak")
        ledger.retract(f"event:{start + 2}")

    ledger.unit(good)
    (hall,) = ledger.status()["encounters"]
    assert hall["groups"] == []


def test_a_note_can_be_retracted_after_later_campaign_commands(ledger):
    play(ledger, FORD[:3])
    ledger.note("the innkeeper lies")
    noted = ledger.last_position()
    ledger.advance_clock(3600)  # the campaign changes later: the note changed nothing
    ledger.retract(f"event:{noted}")
    assert ledger.status()["clock"] == "day 1 01:00"  # the clock is not put back
    (row,) = [e for e in ledger.history() if e["position"] == noted]
    assert row["retracted"]
    clock = ledger.last_position() - 1
    ledger.advance_clock(60)
    with pytest.raises(ImpossibleInput, match="changed the same subject later"):
        ledger.retract(f"event:{clock}")  # the first clock move: a later one changed it again


def retraction_trail(ledger):
    """Who the last retraction compensated, in the order it did, and the audit's GEN001 subject."""
    command = ledger.history()[-1]["command_position"]
    trail = [e["subject"] for e in ledger.history() if e["command_position"] == command]
    (gen001,) = [f for f in ledger.audit() if f["code"] == "GEN001"]
    return trail, gen001["subject"]


def test_a_retraction_compensates_in_event_order_whether_in_a_log_or_live(store_url, tmp_path):
    casualty = FORD.index(next(step for step in FORD if step[0] == "casualty red-lances"))
    trails = []
    for in_one_unit, name in ((True, "log.db"), (False, "live.db")):
        url = store_url if in_one_unit else str(tmp_path / name)
        with Ledger(parse_store_url(url), gm="ann", seed=5) as ledger:
            play(ledger, FORD[:casualty])
            lines = [
                lambda: ledger.modify_company("red-lances", -1, "unpaid"),  # the company first
                lambda: FORD[casualty][1](ledger),  # one command, two aggregates: encounter first
                lambda: ledger.retract("last"),
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
        ledger.retract("last")

    ledger.unit(log)
    with Ledger(parse_store_url(str(tmp_path / "reference.db")), gm="ann", seed=5) as reference:
        play(reference, FORD[:upto])
        expected = comparable(reference.status())
    assert comparable(ledger.status()) == expected


def test_a_company_modifier_after_a_retracted_encounter_in_the_same_log(ledger):
    play(ledger, FORD[:3])

    def log():
        ledger.start_encounter("hall")
        ledger.retract("last")  # the encounter never was; the log still holds it
        ledger.modify_company("red-lances", -1, "unpaid")

    ledger.unit(log)
    (company,) = ledger.status()["companies"]
    assert [m["value"] for m in company["modifiers"]] == [1, -1]


JOINS = {  # what a log does before the company's commands, stored before it: FORD[:3]
    "joined in the log": lambda g: g.join("hall", "red-lances"),
    "join retracted in the log": lambda g: (g.join("hall", "red-lances"), g.retract("last")),
    "encounter ended in the log": lambda g: (g.join("hall", "red-lances"), g.end_encounter("hall")),
}


@pytest.mark.parametrize("case", JOINS)
def test_company_commands_in_a_log_reach_the_encounters_it_joined_as_live_ones_do(
    ledger, case, tmp_path
):
    """A company modifier rerates, and a dismissal withdraws, the company in the open
    encounters it fights in — those it joined earlier in the same log too, which the read
    models cannot know yet; not those it left, or that ended, in the log."""

    def commands(g):
        g.start_encounter("hall")
        g.start_encounter("yard")
        g.join("yard", "red-lances")
        JOINS[case](g)
        g.modify_company("red-lances", -2, "unpaid")
        g.dismiss_company("red-lances")

    play(ledger, FORD[:3])
    ledger.unit(lambda: commands(ledger))
    with Ledger(parse_store_url(str(tmp_path / "reference.db")), gm="ann", seed=5) as reference:
        play(reference, FORD[:3])
        commands(reference)  # live: one command at a time
        expected = comparable(reference.status())
    found = comparable(ledger.status())
    assert found == expected
    boards = {e["handle"]: e for e in found["encounters"]}
    assert boards["yard"]["groups"][0]["status"] == "left"


AFTER_ASKING = {  # what a log does between two company commands, the encounter stored before it
    "stored encounter ended": lambda g: g.end_encounter("yard"),
    "another joined": lambda g: (g.start_encounter("hall"), g.join("hall", "red-lances")),
    "first modifier retracted": lambda g: g.retract("last"),
    "nothing": lambda g: None,
}


@pytest.mark.parametrize("case", AFTER_ASKING)
def test_company_commands_in_a_log_after_the_read_models_were_asked(ledger, case, tmp_path):
    """The read models' answer (which stored encounters a company fights in) is asked once per
    company in a log — the store cannot change under it — and each encounter is then taken as
    the log has it: the second modifier and the dismissal land as live ones do."""

    def stored(g):
        play(g, FORD[:3])
        g.start_encounter("yard")
        g.join("yard", "red-lances")

    def commands(g):
        g.modify_company("red-lances", -1, "late pay")  # asks the read models: yard
        AFTER_ASKING[case](g)
        g.modify_company("red-lances", -2, "unpaid")
        g.dismiss_company("red-lances")

    stored(ledger)
    ledger.unit(lambda: commands(ledger))
    with Ledger(parse_store_url(str(tmp_path / "reference.db")), gm="ann", seed=5) as reference:
        stored(reference)
        commands(reference)  # live: one command at a time
        expected = comparable(reference.status())
    assert comparable(ledger.status()) == expected


def test_sessions_in_a_log_end_the_stored_characters_conditions_as_live_ones_do(ledger, tmp_path):
    """Which stored characters have conditions to end with the session is asked once per log;
    each is then taken as the log has it (its condition ended by the first `session`, a new
    one rolled after it)."""

    def commands(g):
        g.open_session(13)  # ends brynn's phobia (stored): the read models name her
        g.roll_flaw("brynn", "phobia-mild", result=6)  # a new one, until this session ends
        g.open_session(14)
        g.roll_flaw("brynn", "phobia-mild", result=6)
        g.end_session()

    upto = [name for name, _ in FORD].index("trait phobia") + 1
    play(ledger, FORD[:upto])
    ledger.unit(lambda: commands(ledger))
    with Ledger(parse_store_url(str(tmp_path / "reference.db")), gm="ann", seed=5) as reference:
        play(reference, FORD[:upto])
        commands(reference)  # live: one command at a time
        expected = comparable(reference.status())
    found = comparable(ledger.status())
    assert found == expected
    (brynn,) = [c for c in found["characters"] if c["handle"] == "brynn"]
    assert brynn["conditions"] == []


def test_many_retractions_in_one_log_restore_what_live_ones_do(ledger, tmp_path):
    """Each retraction in a log rebuilds the earlier state from where the previous one got to;
    two in a row ask for an earlier state than the one before: both land as live ones do."""

    def commands(g):
        g.note("a")
        g.retract("last")
        g.advance_clock(600)
        g.note("b")
        g.retract("last")
        g.retract("last")  # the clock: an earlier version of the campaign than the note's
        g.modify_company("red-lances", -1, "late pay")
        g.retract("last")
        g.advance_clock(1200)
        g.modify_company("red-lances", +2, "plunder")
        g.note("c")
        g.retract("last")
        g.retract("last")
        g.change_setting("paladin-ability", "cha")
        g.retract("last")
        g.advance_clock(300)

    def timeline(g):
        return [(e["command"], e["retracted"]) for e in g.history()]

    play(ledger, FORD[:3])
    ledger.unit(lambda: commands(ledger))
    with Ledger(parse_store_url(str(tmp_path / "reference.db")), gm="ann", seed=5) as reference:
        play(reference, FORD[:3])
        commands(reference)  # live: one command at a time
        expected = (comparable(reference.status()), timeline(reference))
    assert (comparable(ledger.status()), timeline(ledger)) == expected


def test_a_retracted_group_keeps_its_handle_like_any_retracted_creation(ledger):
    # SPEC §5: "A retracted creation leaves its handle used" — a group was freed by its
    # retraction, unlike an encounter, a company or a character
    play(ledger, FORD[:3])
    ledger.start_encounter("hall")
    ledger.add_group("hall", "rats", 6, 7)
    ledger.retract("last")
    with pytest.raises(HandleTaken, match="whose creation was retracted"):
        ledger.add_group("hall", "rats", 8, 9)
    ledger.add_group("hall", "bats", 3, 7)
    bats = ledger.last_position()
    ledger.adjust("hall", "bats", 1, "echoes")
    ledger.retract("last")  # the adjustment: an earlier state put back keeps "rats" retired
    ledger.retract(f"event:{bats}")  # the bats' creation
    for handle in ("rats", "bats"):
        with pytest.raises(HandleTaken):
            ledger.add_group("hall", handle, 2, 7)
    (hall,) = [e for e in ledger.status()["encounters"] if e["handle"] == "hall"]
    assert hall["groups"] == []
    ledger.add_group("hall", "wolves", 4, 8)  # a new handle is fine


def test_a_retraction_blocked_by_a_line_of_the_same_log_names_that_line(ledger):
    # it said "event:this log (the same subjects) changed the same subject later"
    ledger.open_session(1)
    ledger.start_encounter("e")
    started = ledger.last_position()
    ledger.open_session(2)

    def log():
        ledger.add_group("e", "g", 3, 7)
        added = ledger.last_position()
        with pytest.raises(ImpossibleInput) as refused:
            ledger.retract(f"event:{started}")
        assert f"event:{added} (a line of this log) changed the same subject later" in (
            refused.value.message
        )

    with pytest.raises(RuntimeError, match="nothing was written"):
        ledger.unit(log)


# A withdrawn command whose retraction had nothing to undo (a morale test, a loyalty test or a
# trait ruled as the rules say changes no state): GEN001 named `campaign`, not what the command
# was about, and a --note on the retraction put its GEN002 there too.
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
    GEN001 finds what a command withdrawn in an earlier batch touched: it named `campaign`."""
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
        live = opened.audit()
        last = opened.last_position()
        assert opened.audit(as_of=f"event:{last}") == live
    named = {f["code"]: f["subject"] for f in live if f["code"] in ("GEN001", "GEN002")}
    assert named == {"GEN001": "e", "GEN002": "e"}


def ledger_history(store_url):
    with Ledger(parse_store_url(store_url)) as opened:
        return opened.history()
