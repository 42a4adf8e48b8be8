"""Given a history stored by older code, when today's code opens it, then it still loads.

``fixtures/history-v1.jsonl`` holds the stored records (topic, JSON state) of a short history
written while ``Campaign.SessionOpened`` was at ``class_version`` 1, before it had ``source``.
It is inserted as is, through the library's recorder, into a fresh store on each backend: the
events must come back as v2 (``source`` None), the aggregates must fold, and new commands must
carry on after them. Never regenerate the fixture: it is what old stores really hold.
"""

import json
from pathlib import Path
from uuid import UUID

import pytest
from eventsourcing.persistence import StoredEvent

from aggregates.campaign import Campaign
from aggregates.character import Character
from aggregates.company import MercenaryCompany
from aggregates.encounter import Encounter
from campaign.commands import ClockAdvance, CompanyModifier, ConditionEnd, FlawRoll, SessionOpen
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from tests import answers
from tests.paths import FIXTURES

HISTORY_V1 = FIXTURES / "history-v1.jsonl"
SNAPSHOTS_V1 = FIXTURES / "history-v1-snapshots.jsonl"  # none: the v1 history is short
OPENED = "aggregates.campaign:Campaign.SessionOpened"


def rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line]


def stored(row: dict) -> StoredEvent:
    return StoredEvent(
        originator_id=UUID(row["originator_id"]),
        originator_version=row["originator_version"],
        topic=row["topic"],
        state=row["state"].encode("utf-8"),
    )


def open_ledger(url: str) -> Ledger:
    return Ledger(parse_store_url(url), gm="bob", seed=7)


@pytest.fixture
def ledger(store_url):
    """A store holding the v1 history exactly as v1 code stored it."""
    with open_ledger(store_url) as opened:
        opened.opened.app.recorder.insert_events([stored(row) for row in rows(HISTORY_V1)])
        if SNAPSHOTS_V1.exists():
            snapshots = [stored(row) for row in rows(SNAPSHOTS_V1)]
            opened.opened.app.snapshots.recorder.insert_events(snapshots)
        yield opened


def test_the_fixture_is_really_v1():
    """A guard against regenerating it with newer code: then it would test nothing."""
    opened = [json.loads(row["state"]) for row in rows(HISTORY_V1) if row["topic"] == OPENED]
    assert len(opened) == 2
    assert all("source" not in state and "class_version" not in state for state in opened)


def test_v1_sessions_load_as_v2_with_no_source(ledger):
    events = list(ledger.history.events())
    assert [e.position for e in events] == list(range(1, 15))
    opened = [e for e in events if isinstance(e, Campaign.SessionOpened)]
    assert [(e.number, e.title, e.source_hash, e.source) for e in opened] == [
        (1, "Hiring at Thornwick", None, None),
        (2, "The ford at Greywater", None, None),
    ]
    assert [e.originator_version for e in opened] == [2, 5]
    stored_opened = ledger.opened.app.events.get(Campaign.create_id())
    assert [e.source for e in stored_opened if isinstance(e, Campaign.SessionOpened)] == [
        None,
        None,
    ]


def test_the_v1_history_folds_to_the_campaign_it_recorded(ledger):
    campaign = ledger.uow.get(
        Campaign.create_id()
    )  # _open needs ``source``: only an upcast gives it
    assert campaign.version == 7
    assert (campaign.name, campaign.paladin_ability) == ("The Greywater March", "wis")
    assert (campaign.open_session, campaign.last_session, campaign.clock) == (2, 2, 3 * 3600 + 2400)
    first = ledger.uow.get(Campaign.create_id(), version=2)
    assert (first.open_session, first.last_session, first.clock) == (1, 1, 0)
    company = answers.company(ledger, "red-lances")
    assert (company.name, company.morale, company.killed, company.fit) == (
        "The Red Lances",
        10,  # trained 8, mounted +1, paid in advance +1
        2,
        18,
    )
    lances = answers.encounter(ledger, "ford").group_state("red-lances")
    assert (lances.count, lances.killed) == (20, 2)
    assert isinstance(ledger.uow.get(MercenaryCompany.create_id("red-lances")), MercenaryCompany)
    assert isinstance(ledger.uow.get(Encounter.create_id("ford")), Encounter)


def test_new_commands_carry_on_after_the_v1_history(ledger, store_url):
    assert ledger.last_position() == 14
    ledger.handle(SessionOpen(number=3, title="Back to Thornwick", source="logs/session-03.log"))
    assert (
        ledger.handle(
            CompanyModifier(handle="red-lances", value=-2, reason="two of theirs fell at the ford")
        )
        == 8
    )
    with open_ledger(store_url) as reopened:  # another process, later
        events = list(reopened.history.events())
        campaign = reopened.uow.campaign()
    assert [e.position for e in events] == list(range(1, len(events) + 1))
    new = events[14:]
    assert [type(e).__name__ for e in new[:2]] == ["SessionEnded", "SessionOpened"]
    assert [(e.session, e.command) for e in new[:2]] == [(2, 15), (3, 15)]  # 2 ends, 3 opens
    modified = [e for e in new if isinstance(e, MercenaryCompany.WorkingConditionsModified)]
    assert [(e.originator_version, e.modifier_sum, e.session) for e in modified] == [(4, -1, 3)]
    assert {e.gm for e in new} == {"bob"}
    assert [e.source for e in events if isinstance(e, Campaign.SessionOpened)] == [
        None,
        None,
        "logs/session-03.log",
    ]
    assert (campaign.version, campaign.open_session, campaign.last_session) == (9, 3, 3)


def test_verify_says_a_history_older_than_the_chain_cannot_be_verified(ledger, store_url, campaign):
    """v1 events carry no hash: not "edited" — recorded before the chain was kept."""
    assert ledger.last_position() == 14
    checked = campaign("--db", store_url, "verify", "--json")
    assert checked.exit_code == 1
    verdict = json.loads(checked.stdout)
    assert (verdict["intact"], verdict["first_bad_position"]) == (False, 1)
    assert "carries no hash" in verdict["reason"] and "edited" not in verdict["reason"]


def test_a_v2_session_round_trips_its_source(store_url):
    with open_ledger(store_url) as ledger:
        ledger.handle(
            SessionOpen(
                number=1, date="2026-12-05", source="logs/session-01.log", source_hash="ab12"
            )
        )
        ledger.handle(SessionOpen(number=2))  # opened live
    with open_ledger(store_url) as ledger:
        opened = [e for e in ledger.history.events() if isinstance(e, Campaign.SessionOpened)]
        records = ledger.opened.app.recorder.select_notifications(start=1, limit=10)
    assert [(e.number, e.source, e.source_hash) for e in opened] == [
        (1, "logs/session-01.log", "ab12"),
        (2, None, None),
    ]
    states = [json.loads(r.state) for r in records if r.topic == OPENED]
    assert [(s["class_version"], s["source"]) for s in states] == [
        (2, "logs/session-01.log"),
        (2, None),
    ]


HISTORY_V2 = FIXTURES / "history-v2.jsonl"  # chained; its notes lack `note` (make_v2_fixture.py)


def test_the_v2_fixture_really_predates_the_note_s_own_note():
    noted = [
        json.loads(r["state"]) for r in rows(HISTORY_V2) if r["topic"].endswith("NoteRecorded")
    ]
    assert len(noted) == 2
    assert all("note" not in state and "hash" in state for state in noted)


def test_an_old_store_moves_through_jsonl_as_it_is(store_url, campaign, tmp_path):
    """Its notes lack ``note`` (the field came later, read as none): the export carries the data
    as stored, and the import takes it as the store would — the chain intact, the same export."""
    with open_ledger(store_url) as opened:
        opened.opened.app.recorder.insert_events([stored(row) for row in rows(HISTORY_V2)])
    assert campaign("--db", store_url, "verify").exit_code == 0
    exported = campaign("--db", store_url, "export", "--format", "jsonl")
    assert exported.exit_code == 0, exported.output
    assert len(exported.stdout.splitlines()) == 7
    dump = tmp_path / "old.jsonl"
    dump.write_text(exported.stdout, encoding="utf-8")
    checked = campaign("verify", "--file", str(dump))
    assert checked.exit_code == 0, checked.output
    moved = str(tmp_path / "moved.db")
    imported = campaign("--db", moved, "import", str(dump))
    assert imported.exit_code == 0, imported.output
    assert campaign("--db", moved, "verify").exit_code == 0
    assert campaign("--db", moved, "export", "--format", "jsonl").stdout == exported.stdout
    with open_ledger(moved) as reopened:
        notes = [
            (e.text, e.note)
            for e in reopened.history.events()
            if isinstance(e, Campaign.NoteRecorded)
        ]
    assert notes == [
        ("the innkeeper knows the Red Lances", None),
        ("the goblins smell of wet dog", None),
    ]


HISTORY_V3 = FIXTURES / "history-v3.jsonl"  # a withdrawn note compensated (make_v3_fixture.py)


def test_an_old_store_with_compensated_notes_exports_a_log_that_replays(
    store_url, campaign, campaign_json, tmp_path
):
    """Its log's `retract`s of a note each recorded a needless `Retracted` on the campaign
    (positions 5 and 10), which a replay of that log does not record: the export's `retract event:N`
    must name the replayed log's positions — the note at 8 is at 7 there, the modifier at 7 at
    6 — not the store's."""
    kinds = [r["topic"].rsplit(".", 1)[1] for r in rows(HISTORY_V3)]
    assert kinds[3:5] == kinds[8:10] == ["CommandRetracted", "Retracted"]
    with open_ledger(store_url) as opened:
        opened.opened.app.recorder.insert_events([stored(row) for row in rows(HISTORY_V3)])
    exported = campaign("--db", store_url, "export")
    assert exported.exit_code == 0, exported.output
    lines = [line for line in exported.stdout.splitlines() if line.startswith("retract")]
    assert lines == [
        'retract event:3 --note "wrong table"',
        'retract event:7 --note "wrong campaign"',
        'retract event:6 --note "the pay never came"',
    ]
    log = tmp_path / "exported.log"
    log.write_text(exported.stdout, encoding="utf-8")
    replayed = str(tmp_path / "replayed.db")
    done = campaign("--db", replayed, "replay", str(log))
    assert done.exit_code == 0, done.output
    for db in (store_url, replayed):
        companies = campaign_json("--db", db, "status")["companies"]
        assert [(c["handle"], c["modifiers"], c["morale"]) for c in companies] == [
            ("red-lances", [], 8),  # trained: 8 on the troop table; the +1 withdrawn
            ("grey-cloaks", [], 6),  # militia: 6
        ]
    history = campaign_json("--db", replayed, "history")["events"]
    withdrawn = [e["position"] for e in history if e["retracted"]]
    assert withdrawn == [3, 6, 7]
    assert len(history) == 12  # 14 stored, less the two needless compensations


HISTORY_V4 = FIXTURES / "history-v4.jsonl"  # conditions' times in minutes (make_v4_fixture.py)
SNAPSHOTS_V4 = FIXTURES / "history-v4-snapshots.jsonl"  # gil at version 50, in minutes too
ROLLED, ENDED = "aggregates.character:Character.FlawRolled", "Character.ConditionEnded"
DAZE = {"value": -3, "unit": "flat", "applies_to": "all-rolls", "source": "heavy-sleeper",
        "duration": "1D6 rounds", "detail": None}  # fmt: skip
GREED = {"value": -2, "unit": "flat", "applies_to": "all-rolls", "source": "greed",
         "duration": "1D6 hours", "detail": None}  # fmt: skip
RATS = {"value": -1, "unit": "flat", "applies_to": "all-rolls", "source": "phobia-mild",
        "duration": None, "detail": "rats", "until": None}  # fmt: skip


@pytest.fixture
def v4(store_url):
    """A store holding the v4 history (and gil's snapshot) exactly as that code stored them."""
    with open_ledger(store_url) as opened:
        opened.opened.app.recorder.insert_events([stored(row) for row in rows(HISTORY_V4)])
        opened.opened.app.snapshots.recorder.insert_events([stored(r) for r in rows(SNAPSHOTS_V4)])
        yield opened


def test_the_v4_fixture_really_keeps_minutes():
    """A guard against regenerating it with newer code: then it would test nothing."""
    states = {topic: [] for topic in (ROLLED, ENDED)}
    for row in rows(HISTORY_V4):
        for topic in states:
            if row["topic"].endswith(topic):
                states[topic].append(json.loads(row["state"]))
    rolled, ended = states[ROLLED], states[ENDED]
    assert [s["clock_minutes"] for s in rolled] == [0, 0, 0, 120]  # 50 s and 2 h 50 s, floored
    assert [[c["until"] for c in s["conditions"]] for s in rolled] == [[1], [2], [None], [300]]
    assert [s["inputs"]["duration"] for s in rolled] == [None, 2, None, None]  # 65 s: 2 min
    assert [[c["until"] for c in s["conditions"]] for s in ended] == [[2], [None]]
    assert not any("class_version" in s or "seconds" in s for s in rolled + ended)
    (snapshot,) = [json.loads(row["state"]) for row in rows(SNAPSHOTS_V4)]
    assert "class_version" not in snapshot["state"]
    assert [c["until"] for c in snapshot["state"]["_conditions"]] == [1, None]


def test_v4_conditions_load_with_their_times_in_seconds(v4):
    """What v1 meant, in seconds: minute 1 is 60 s, 2 min is 120 s, minute 300 is 18,000 s."""
    events = list(v4.history.events())
    rolled = [e for e in events if isinstance(e, Character.FlawRolled)]
    assert [e.seconds for e in rolled] == [0, 0, 0, 7200]
    assert [[c["until"] for c in e.conditions] for e in rolled] == [[60], [120], [None], [18000]]
    assert [e.inputs["duration"] for e in rolled] == [None, 120, None, None]  # the GM's 65 s
    ended = [e for e in events if isinstance(e, Character.ConditionEnded)]
    assert [(e.by, e.conditions) for e in ended] == [
        ("gm", [{**GREED, "until": 120}]),  # equal to the one FlawRolled started: it is removed
        ("session-end", [RATS]),
    ]
    (retracted,) = [e for e in events if isinstance(e, Character.Retracted)]
    assert retracted.restored["_conditions"] == [{**DAZE, "until": 60}, RATS]


def test_the_v4_character_folds_with_its_conditions_in_seconds(v4):
    gil = Character.create_id("gil")
    daze = {**DAZE, "until": 60}
    assert v4.uow.get(gil, version=7).conditions == [daze, {**GREED, "until": 120}]
    assert v4.uow.get(gil, version=8).conditions == [daze]  # `condition end gil greed` removed it
    assert v4.uow.get(gil, version=11).conditions == [daze, RATS]  # the retraction's state
    (snapshot,) = v4.opened.app.snapshots.get(gil)
    assert snapshot.originator_version == 50
    assert snapshot.mutate(None).conditions == [daze, RATS]  # the v1 snapshot, upcast
    assert v4.uow.get(gil, version=50).conditions == [daze, RATS]
    latest = answers.character(
        v4, "gil"
    )  # from the snapshot: the daze went at the roll of 02:00:50
    assert (latest.version, latest.conditions) == (57, [{**GREED, "until": 18000}])


def test_the_v4_history_reads_and_verifies(v4, store_url, campaign, campaign_json):
    assert campaign("--db", store_url, "verify").exit_code == 0  # upcasting rewrites nothing
    status = campaign_json("--db", store_url, "status", "--as-of", "event:9")  # the daze
    assert [(c["source"], c["until"]) for c in status["characters"][0]["conditions"]] == [
        ("heavy-sleeper", "day 1 00:01")
    ]
    status = campaign_json("--db", store_url, "status")
    assert status["clock"] == "day 1 02:00"
    assert [(c["source"], c["until"]) for c in status["characters"][0]["conditions"]] == [
        ("greed", "day 1 05:00")
    ]
    (gil,) = campaign_json("--db", store_url, "modifiers", "character:gil")["subjects"]
    assert [(m["reason"], m["until"]) for m in gil["modifiers"]] == [("greed", "day 1 05:00")]
    commands = [e["command"] for e in campaign_json("--db", store_url, "history")["events"]]
    assert "trait gil greed --trigger missed-chance --result 5 --duration 2min" in commands
    assert "trait gil greed --trigger missed-chance --result 4 --duration 3h" in commands
    audit = campaign_json("--db", store_url, "audit", "--code", "TRT005")["findings"]
    assert [f["message"] for f in audit] == [
        "greed (missed-chance) result 5 vs 9: consequences ruled: "
        "duration 2min (the rule: 1D6 hours: 1h–6h)"
    ]


def test_new_commands_carry_on_after_the_v4_history_in_seconds(v4, store_url, campaign_json):
    assert v4.last_position() == 65
    v4.handle(SessionOpen(number=3, title="Awake at last"))
    v4.handle(ClockAdvance(seconds=5))  # day 1 02:00:55
    v4.handle(
        FlawRoll(
            handle="gil",
            key="heavy-sleeper",
            trigger="brutal-awakening",
            result=4,
            duration="2rounds",
        )
    )
    gil = answers.character(v4, "gil")
    assert gil.conditions == [{**GREED, "until": 18000}, {**DAZE, "until": 7275}]
    v4.handle(ConditionEnd(handle="gil", source="greed"))  # a v1 condition, ended by v2 code
    assert answers.character(v4, "gil").conditions == [{**DAZE, "until": 7275}]
    v4.handle(ClockAdvance(seconds=19))
    conditions = campaign_json("--db", store_url, "status")["characters"][0]["conditions"]
    assert [c["source"] for c in conditions] == ["heavy-sleeper"]  # 7274 s: one second left
    v4.handle(ClockAdvance(seconds=1))
    assert campaign_json("--db", store_url, "status")["characters"][0]["conditions"] == []
    with open_ledger(store_url) as reopened:  # another process, later
        records = reopened.opened.app.recorder.select_notifications(start=1, limit=10_000)
    states = [json.loads(r.state) for r in records if r.topic.endswith((ROLLED, ENDED))]
    states = [s for s in states if s["position"] > 65]  # what today's code stored
    assert [(s["class_version"], s.get("seconds")) for s in states] == [(2, 7255), (2, None)]
    assert [c["until"] for s in states for c in s["conditions"]] == [7275, 18000]


def test_the_v4_history_exports_a_log_that_replays_to_the_same_status(
    v4, store_url, campaign, campaign_json, tmp_path
):
    """v1 kept minutes: the export says the lengths v1 kept (the daze rolled 2 rounds, which v1
    ended at minute 1, as ``1min``; the GM's 65 s as ``2min``), and the replay starts them at the
    clock's second. Where v1 rounded, the times differ by less than its minute; the status at the
    end, the audit and every line of the history are the same."""
    exported = campaign("--db", store_url, "export")
    assert exported.exit_code == 0, exported.output
    traits = [line for line in exported.stdout.splitlines() if line.startswith("trait ")]
    assert [t.split("--duration ")[1] if "--duration" in t else None for t in traits] == [
        "1min",
        "2min",
        None,
        "3h",
    ]
    log = tmp_path / "exported.log"
    log.write_text(exported.stdout, encoding="utf-8")
    replayed = str(tmp_path / "replayed.db")
    done = campaign("--db", replayed, "replay", str(log))
    assert done.exit_code == 0, done.output
    assert campaign_json("--db", replayed, "status") == campaign_json("--db", store_url, "status")
    assert campaign_json("--db", replayed, "audit") == campaign_json("--db", store_url, "audit")
    lines = [[e["command"] for e in campaign_json("--db", db, "history")["events"]]
             for db in (store_url, replayed)]  # fmt: skip
    assert lines[0] == lines[1]
