"""Given the ford session of docs/log-language.md#a-log, then the read models give the status of
docs/json.md#status, the morale board and the modifiers; a rebuild equals the incremental state;
``--as-of`` equals the state that was live at that point; every read is caught up; each event is
folded exactly once even with several processes folding at once — on a SQLite file and on
PostgreSQL."""

import subprocess
import sys
import textwrap

import pytest
from sqlalchemy import func, select

from campaign.commands import (
    Adjustment,
    CharacterCreate,
    CharacterStat,
    ClockAdvance,
    CompanyHire,
    FlawRoll,
    SessionEnd,
    SessionOpen,
)
from campaign.core.errors import ImpossibleInput, UnknownSession
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from projections import tables
from tests import answers
from tests.paths import ROOT
from tests.scenario import FORD, FORD_STATUS, contains, play


@pytest.fixture
def ledger(store_url):
    with Ledger(parse_store_url(store_url), gm="ann", seed=11) as opened:
        yield opened


def dump(ledger):
    """Every read-model row, table by table, in key order (what a rebuild must reproduce)."""
    with ledger.queries.reading() as connection:
        return {
            table.name: [
                tuple(row)
                for row in connection.execute(
                    select(table).order_by(*table.primary_key.columns.values())
                )
            ]
            for table in tables.metadata.sorted_tables
            if table is not tables.tracking
        }


def reads(ledger, as_of=None):
    return (
        answers.status(ledger, as_of=as_of),
        answers.history(ledger, as_of=as_of),
        answers.modifiers(ledger, as_of=as_of),
    )


def test_the_status_after_the_loyalty_line_is_the_json_pages_example(ledger):
    play(ledger, FORD[:20])
    status = answers.status(ledger)
    assert contains(status, FORD_STATUS)
    assert status["position"] == ledger.last_position()
    positions = [m["position"] for m in status["companies"][0]["modifiers"]]
    assert positions == [4]  # the campaign's creation, the session, the hire, then the modifier


def test_after_the_clock_and_the_end_the_encounter_is_over_and_the_session_ends_the_phobia(
    ledger,
):
    play(ledger)
    status = answers.status(ledger)
    assert (status["clock"], status["encounters"][0]["ended"]) == ("day 1 02:00", True)
    phobia = FORD_STATUS["characters"][0]["conditions"]
    assert contains(status["characters"][0]["conditions"], phobia)
    ledger.handle(SessionEnd())
    status = answers.status(ledger)
    assert status["characters"][0]["conditions"] == []  # no duration: it ends with the session
    assert status["session"] == 12 and status["session_open"] is False


def test_modifiers_list_each_modifier_with_its_reason_and_position(ledger):
    play(ledger, FORD[:20])
    subjects = {s["subject"]: s for s in answers.modifiers(ledger)}
    goblins = subjects["ford/goblins"]
    assert (goblins["kind"], goblins["rating"], goblins["effective"]) == ("group", 7, 6)
    assert [(m["value"], m["reason"]) for m in goblins["modifiers"]] == [(-1, "leader slain")]
    lances = subjects["red-lances"]
    assert (lances["rating"], lances["effective"]) == (9, 10)
    assert [(m["value"], m["reason"], m["position"]) for m in lances["modifiers"]] == [
        (1, "shared the dragon hoard", 4)
    ]
    brynn = subjects["brynn"]  # Nerfs d'acier: +1 MORAL; the phobia: −1 to all rolls
    assert [(m["value"], m["applies_to"]) for m in brynn["modifiers"]] == [
        (1, "moral"),
        (-1, "all-rolls"),
    ]
    assert brynn["rating"] is None and brynn["effective"] is None  # no MORAL score set
    ledger.handle(CharacterStat(handle="brynn", name="moral", value=3))
    brynn = {s["subject"]: s for s in answers.modifiers(ledger)}["brynn"]
    assert (brynn["rating"], brynn["effective"]) == (3, 3)  # 3 + 1 − 1


def test_a_condition_with_a_duration_expires_by_the_in_game_clock(ledger):
    play(ledger, FORD[:4])
    ledger.handle(CharacterCreate(handle="kit", flaws=["greed"]))
    ledger.handle(
        FlawRoll(handle="kit", key="greed", trigger="missed-chance", result=5, duration="3h")
    )
    (kit,) = [c for c in answers.status(ledger)["characters"] if c["handle"] == "kit"]
    assert [c["until"] for c in kit["conditions"]] == ["day 1 03:00"]
    ledger.handle(ClockAdvance(seconds=3 * 3600))
    (kit,) = [c for c in answers.status(ledger)["characters"] if c["handle"] == "kit"]
    assert kit["conditions"] == []


def test_history_shows_each_event_with_the_rules_beside_the_ruling(ledger):
    play(ledger, FORD[:20])
    history = answers.history(ledger)
    assert [e["position"] for e in history] == list(range(1, ledger.last_position() + 1))
    (morale,) = [e for e in history if e["kind"] == "morale-tested"]
    assert (morale["subject"], morale["rules_say"], morale["ruled"]) == (
        "ford/goblins", "flee", "flee"
    )  # fmt: skip
    (loyalty,) = [e for e in history if e["kind"] == "loyalty-tested"]
    assert (loyalty["subject"], loyalty["ruled"], loyalty["gm"]) == ("cedric", "flee", "ann")
    by_subject = answers.history(ledger, subject="brynn")
    assert {e["subject"] for e in by_subject} == {
        "brynn", "brynn/Tower shield", "brynn/Ring of protection +1"
    }  # fmt: skip
    with pytest.raises(UnknownSession, match="session 11 is not in this history; sessions: 12"):
        answers.history(
            ledger, session=11
        )  # a typo'd session is refused, not answered with nothing


def test_every_read_is_caught_up_and_rebuild_equals_the_incremental_state(ledger):
    for _, step in FORD:
        step(ledger)
        answers.status(ledger)  # fold in small batches, as a GM reading between commands does
    ledger.handle(SessionEnd())
    incremental, rows = reads(ledger), dump(ledger)
    assert incremental[0]["position"] == ledger.last_position()
    folded = ledger.queries.rebuild()
    assert folded == ledger.last_position()
    assert reads(ledger) == incremental
    assert dump(ledger) == rows
    assert {p.behind for p in ledger.queries.projection_positions()} == {0}


@pytest.mark.slow
def test_as_of_an_event_equals_the_state_that_was_live_then(ledger):
    live = {}
    for _, step in FORD:
        step(ledger)
        live[ledger.last_position()] = reads(ledger)
    for position, then in live.items():
        assert reads(ledger, f"event:{position}") == then, position
    # event:N snaps to the end of the command that recorded N: the casualty of a company is
    # two events of one command
    casualty = next(e for e in answers.history(ledger) if e["kind"] == "company-casualty-recorded")
    assert (
        answers.status(ledger, as_of=f"event:{casualty['position'] - 1}")
        == live[casualty["position"]][0]
    )


def test_as_of_a_session_is_its_end_and_the_live_models_are_untouched(ledger):
    play(ledger)
    ledger.handle(SessionOpen(number=13, title="After the ford"))
    ledger.handle(CompanyHire(handle="grey-cloaks", troop="militia", size=10))
    rows = dump(ledger)
    old = answers.status(ledger, as_of="session:12")
    assert [c["handle"] for c in old["companies"]] == ["red-lances"]
    assert old["characters"][0]["conditions"] == []  # session 12 ended the phobia
    assert old["session"] == 12 and old["session_open"] is False
    assert dump(ledger) == rows  # time travel never touches the live read models
    assert [c["handle"] for c in answers.status(ledger)["companies"]] == [
        "red-lances",
        "grey-cloaks",
    ]


@pytest.mark.slow
def test_statuses_carry_one_fold_forward_to_the_same_states(ledger):
    """The recap's many points in one fold: each equals its own `--as-of` (and the state live
    then), and a point before the previous one starts a fold of its own."""
    live = {}
    for _, step in FORD:
        step(ledger)
        live[ledger.last_position()] = answers.status(ledger)
    ledger.handle(SessionOpen(number=13, title="After the ford"))
    ledger.handle(CompanyHire(handle="grey-cloaks", troop="militia", size=10))
    refs = [f"event:{position}" for position in live] + ["session:12", "session:13"]
    refs.sort(key=ledger.queries.as_of_position)
    found = list(answers.statuses(ledger, refs))
    assert found == [answers.status(ledger, as_of=ref) for ref in refs]
    assert found[: len(live)] == list(live.values())
    assert list(answers.statuses(ledger, [])) == []
    backwards = ["session:13", "session:12", "session:13"]
    assert list(answers.statuses(ledger, backwards)) == [
        answers.status(ledger, as_of=ref) for ref in backwards
    ]


@pytest.mark.parametrize("ref", ["session:99", "event:999", "yesterday", "event:-1", "session:"])
def test_a_point_not_in_the_history_is_an_input_error(ledger, ref):
    play(ledger, FORD[:3])
    with pytest.raises(ImpossibleInput) as raised:
        answers.status(ledger, as_of=ref)
    assert raised.value.field == "as-of"


@pytest.mark.subprocess
def test_each_event_is_folded_exactly_once_by_concurrent_processes(ledger, store_url):
    play(ledger)

    def many() -> None:
        for n in range(150):
            ledger.handle(ClockAdvance(seconds=60, note=f"minute {n}"))

    ledger.unit(many)
    ledger.opened.read_model.drop()
    ledger.opened.read_model.set_up()  # everything unfolded: four processes race to fold it
    script = textwrap.dedent(
        f"""
        from campaign.service.ledger import Ledger
        from campaign.store import parse_store_url
        with Ledger(parse_store_url({store_url!r})) as ledger:
            for _ in range(3):
                ledger.queries.catch_up()
        """
    )
    racers = [
        subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stderr=subprocess.PIPE)
        for _ in range(4)
    ]
    for racer in racers:
        _, error = racer.communicate(timeout=120)
        assert racer.returncode == 0, error.decode()
    with ledger.opened.read_model.reading() as connection:
        t = tables.timeline.c
        count = connection.scalar(select(func.count()).select_from(tables.timeline))
        distinct = connection.scalar(select(func.count(func.distinct(t.position))))
    assert count == distinct == ledger.last_position()
    assert answers.status(ledger)["clock"] == "day 1 04:30"  # 2 h + 150 min, each minute once


def test_as_of_and_rebuild_across_many_batches(ledger):
    """A history longer than one read-model batch (500 events): the fold carries its
    aggregates from batch to batch, for --as-of (a scratch fold) as for a rebuild."""
    play(ledger, FORD[:12])

    def long_evening() -> None:
        for n in range(300):
            ledger.handle(
                Adjustment(
                    encounter="ford", group="goblins", value=1 if n % 2 else -1, reason=f"swing {n}"
                )
            )
            ledger.handle(ClockAdvance(seconds=60))

    ledger.unit(long_evening)
    live = reads(ledger)
    assert ledger.last_position() > 2 * 500 // 2
    assert reads(ledger, f"event:{ledger.last_position()}") == live
    middle = ledger.last_position() - 101  # an adjustment after the first batch
    before = reads(ledger, f"event:{middle}")[0]
    assert before["clock"] != live[0]["clock"]
    ledger.queries.rebuild()
    assert reads(ledger) == live
