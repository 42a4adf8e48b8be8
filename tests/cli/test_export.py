"""Given a history, when it is exported, then the export brings it back: a log that replays to the
same status and history (the tracker's dice, its choices and the retractions included), JSON lines
that import into an empty store at the same positions (SQLite → PostgreSQL too), and a recap a
GM can post for the players — on SQLite and PostgreSQL (docs/cli.md#export-and-import)."""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from aggregates.encounter import Encounter
from campaign.history.export import command_line, commands, duration, quote
from campaign.history.transfer import plaintext
from campaign.service.ledger import Ledger
from campaign.sessionlog.reading import read_log, tokenize
from campaign.store import parse_store_url
from cli.main import app
from tests.paths import FIXTURES
from tests.scenario import FORD_END
from tests.scenario import FORD_LOG as SCENARIO_LOG

# The example session of docs/log-language.md#a-log, whole.
FORD_LOG = SCENARIO_LOG + FORD_END

# Every logging command of docs/log-language.md#commands, the tracker rolling where no roll is
# given (CAMPAIGN_SEED).
EVERY_COMMAND_LOG = """\
session 1 --date 2026-12-01 --title "All the things"
note "The goblins' leader wore a red hood"
setting paladin-ability cha --note "house rule"
clock set "day 2 08:00"
clock advance 90min --note "the walk"
company hire wolves --troop militia --elite --fanatic --size 10 --morale 8 --note "cheap"
company modifier wolves -2 --reason "unpaid"
company hire lances --troop trained --size 12
company reinforce lances 3
character create ann --name "Ann O'Neil" --flaw phobie-legere:spiders --flaw motion-sickness \
--advantage nerfs-d-acier
character create bob --retainer-of ann --employer-cha 13 --hiring-roll 6,6 --reaction-mod -1 \
--loyalty 5
character create cid --retainer-of ann --loyalty 7 --note "an old friend"
character create dee --retainer-of ann --employer-cha 9 --hiring-roll 8
character finalize ann
character trait ann --flaw heavy-sleeper
character stat ann moral -1
character stat ann cha 16
character loyalty-modifier bob +1 --reason "rescued"
character item ann "Tower shield" --slot shield --hardness 5 --hp 20
character item --slot held --hardness 10 --hp 5 -- ann "-1 sword"
character item ann "Cloak" --slot cloak --magic --caster-level 3
character item ann "Chest" --slot other --unattended
character item ann "Old boots" --slot clothing
character item-drop ann "Old boots"
character saves ann --fortitude 4 --reflex 1 --will 2
save ann --vs "Fireball" --type reflex --spell-level 3 --ability-mod 4 --effect half --damage 24 \
--energy --objects --roll 1
item-save ann
save ann --vs "Hold person" --type will --dc 15 --spell-level 2 --class cleric \
--ability-score 16 --effect negates --bonus -2
save ann --vs "Bless" --type will --effect none --harmless
save ann --vs "Charm" --type will --dc 12 --effect negates --voluntary-fail
save ann --vs "Acid" --type fortitude --dc 14 --effect half --damage 10 --damage-taken 3 \
--roll 15 --ruling failure
item-save ann "Tower shield" --roll 4 --dc 15 --type reflex --damage 30 --energy --ruling broken
item-save ann --roll 2 --dc 15 --type fortitude --damage 8 --hp-left 2 -- "-1 sword"
character item-repair ann "Tower shield" --hp 15
character heal ann --damage 5
trait ann motion-sickness --trigger vehicle --result 3
trait ann phobia-mild --result 4 --duration 4h --penalty -3 --note "a big spider"
condition end ann phobia-mild
encounter start cave --name "The cave"
encounter group cave kobolds --count 8 --morale 6 --name "Kobold band"
encounter rating cave kobolds 8 --reason "in their lair"
encounter join cave wolves
encounter join cave lances
casualty cave kobolds 2 --cause "arrows"
morale cave kobolds
adjust cave kobolds +1 --reason "the chieftain shouts"
adjust cave kobolds -1 --reason "a mistake"
retract last --note "wrong group"
morale cave kobolds --roll 9 --cornered --ruling fight --note "they are cornered"
casualty cave lances 4 --incapacitated
company recover lances 1
company modifier lances +1 --reason "paid"
company dismiss wolves
loyalty bob --after-adventure
loyalty dee --roll 3,4 --ruling quit
encounter end cave
session 2 --title "Back in town"
character heal ann --hp 1 --conscience 1
session end
session 3
note -- "-a note that starts with a dash"
note -- -5
"""

RETRACTIONS_LOG = """\
session 13 --title "Second thoughts"
encounter start bridge
encounter group bridge orcs --count 6 --morale 8
encounter group bridge wolves --count 3 --morale 7
casualty bridge orcs 2
adjust bridge wolves -1 --reason "howling"
casualty bridge wolves 1 --incapacitated
retract last
retract event:37 --note "that was the wolves"  # the adjustment
morale bridge orcs --roll 2,3
"""


def cli(*args: str, seed: int | None = None):
    env = {"CAMPAIGN_SEED": str(seed)} if seed is not None else {"CAMPAIGN_SEED": ""}
    return CliRunner().invoke(app, list(args), env=env)


def ok(*args: str, seed: int | None = None) -> str:
    result = cli(*args, seed=seed)
    assert result.exit_code == 0, result.output
    return result.stdout


def replay(db: str, text: str, tmp: Path, name: str, seed: int | None = None) -> None:
    path = tmp / name
    path.write_text(text, "utf-8")
    ok("--db", db, "replay", str(path), seed=seed)


def status(db: str) -> dict:
    return json.loads(ok("--db", db, "status", "--json"))


def history(db: str) -> list[dict]:
    return json.loads(ok("--db", db, "history", "--json"))["events"]


def events(db: str) -> list:
    with Ledger(parse_store_url(db)) as ledger:
        return list(ledger.history.events())


def round_trip(store_url: str, second: str, tmp: Path, text: str, seed: int | None = None) -> str:
    """Replay ``text``, export it as a log, replay that elsewhere; the exported log."""
    replay(store_url, text, tmp, "original.log", seed=seed)
    exported = ok("--db", store_url, "export", "--format", "log")
    replay(second, exported, tmp, "exported.log")  # no seed: every die is in the log
    assert status(second) == status(store_url)
    assert history(second) == history(store_url)
    return exported


# --- the log -----------------------------------------------------------------------------------


def test_the_ford_log_exports_to_a_log_that_replays_to_the_same_history(
    store_url, second_store, tmp_path
):
    exported = round_trip(store_url, second_store, tmp_path, FORD_LOG)
    lines = exported.splitlines()
    assert lines[0] == "#! campaign-log 1"
    assert "# Session 12 — The ford at Greywater (2026-11-21)" in lines
    assert 'session 12 --date 2026-11-21 --title "The ford at Greywater"' in lines
    assert "clock advance 2h" in lines
    assert 'casualty ford goblins 1 --cause "Brynn\'s axe"' in lines
    assert "morale ford goblins --roll 3,5" in lines
    assert lines[-1] == "session end"  # the replay ended the session with the file: so does this
    assert read_log(exported).version == 1


def test_every_command_round_trips_with_the_trackers_dice_and_choices(
    store_url, second_store, tmp_path
):
    exported = round_trip(store_url, second_store, tmp_path, EVERY_COMMAND_LOG, seed=7)
    lines = exported.splitlines()
    morale = next(line for line in lines if line.startswith("morale cave kobolds --roll"))
    assert morale.endswith("--rolled")  # the tracker's 2d6, written back
    assert any(line.startswith("loyalty bob --roll") and "--rolled" in line for line in lines)
    assert any(line.startswith("item-save ann --roll") and "--rolled" in line for line in lines)
    fireball = next(line for line in lines if "Fireball" in line)
    assert "--roll 1 --item" in fireball  # the tracker's pick of the exposed item
    sick = next(line for line in lines if "motion-sickness --trigger" in line)
    assert re.fullmatch("[1-6]h", sick.split("--duration ")[1])  # the 1D6 hours it rolled
    assert "retract event:" in exported and "retract last" not in exported
    assert 'note -- "-a note that starts with a dash"' in lines
    assert "note -- -5" in lines and "character stat ann moral -1" in lines
    before, after = events(store_url), events(second_store)
    rolls = [(e.position, e.roll) for e in before if isinstance(e, Encounter.MoraleTested)]
    assert tuple(r["source"] for _, r in rolls) == ("rolled", "entered")
    assert rolls == [(e.position, e.roll) for e in after if isinstance(e, Encounter.MoraleTested)]


def test_a_retraction_round_trips(store_url, second_store, tmp_path):
    replay(store_url, FORD_LOG, tmp_path, "ford.log")
    exported = round_trip(store_url, second_store, tmp_path, RETRACTIONS_LOG)
    retracted = [e["position"] for e in history(second_store) if e["retracted"]]
    assert retracted and retracted == [e["position"] for e in history(store_url) if e["retracted"]]
    assert "retract event:" in exported
    assert "casualty bridge wolves 1 --incapacitated" in exported  # withdrawn, still written


def test_a_session_exports_alone(tmp_path):
    db = str(tmp_path / "campaign.db")
    replay(db, FORD_LOG, tmp_path, "ford.log")
    replay(db, RETRACTIONS_LOG, tmp_path, "more.log")
    only = ok("--db", db, "export", "--session", "13")
    assert "session 13" in only and "session 12" not in only
    for format_ in ("log", "jsonl", "markdown"):  # jsonl printed nothing and exited 0
        result = cli("--db", db, "export", "--format", format_, "--session", "9")
        assert result.exit_code == 2, (format_, result.output)
        assert "session 9 is not in this history; sessions: 12, 13" in result.stderr
        assert result.stdout == ""


def test_the_session_left_open_is_named_after_a_session_line_was_retracted(tmp_path):
    # `session 2` retracted live: session 1 is open again, and the export says so
    db = str(tmp_path / "campaign.db")
    for words in (["session", "1"], ["note", "one"], ["session", "2"], ["retract", "last"]):
        ok("--db", db, *words)
    assert (status(db)["session"], status(db)["session_open"]) == (1, True)
    exported = ok("--db", db, "export")
    assert exported.rstrip().endswith("# session 1 was still open: a replay of this log ends it")
    again = str(tmp_path / "again.db")
    replay(again, exported, tmp_path, "exported.log")
    assert (status(again)["session"], status(again)["session_open"]) == (1, False)  # ended


def test_a_setting_made_outside_a_session_comes_after_the_next_session_line(tmp_path):
    db = str(tmp_path / "campaign.db")
    ok("--db", db, "init", "--paladin-ability", "cha")
    replay(db, "session 1\nnote hi\n", tmp_path, "one.log")
    exported = ok("--db", db, "export")
    assert exported.splitlines()[3:5] == ["session 1", "setting paladin-ability cha"]
    again = str(tmp_path / "again.db")
    replay(again, exported, tmp_path, "exported.log")
    mine, theirs = status(db), status(again)
    assert theirs.pop("position") == mine.pop("position") + 1  # the setting is an event of its own
    assert theirs == mine


def test_a_history_that_cannot_be_a_log_writes_nothing_to_stdout(tmp_path):
    """A setting after the last session is found only at the history's end: the log is
    streamed, yet the error still comes before any line of it."""
    db = str(tmp_path / "campaign.db")
    replay(db, "session 1\nnote hi\n", tmp_path, "one.log")
    ok("--db", db, "init", "--paladin-ability", "cha")
    result = cli("--db", db, "export", "--format", "log")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "after the last session" in result.stderr
    # … and it says how to go on, not only "expected a session after it"
    assert "open session 2 (`campaign session 2`) and export again" in result.stderr
    assert "--format jsonl" in result.stderr
    # one session's log holds no setting after the last session: it is written
    alone = cli("--db", db, "export", "--format", "log", "--session", "1")
    assert alone.exit_code == 0 and "note hi" in alone.stdout


def test_a_setting_before_any_session_says_so_and_how_to_go_on(tmp_path):
    db = str(tmp_path / "campaign.db")
    ok("--db", db, "init", "--paladin-ability", "cha")  # the example of `campaign init --help`
    result = cli("--db", db, "export", "--format", "log")
    assert result.exit_code == 2 and result.stdout == ""
    assert "before any session" in result.stderr and "campaign session 1" in result.stderr
    ok("--db", db, "session", "1")
    assert "setting paladin-ability cha" in cli("--db", db, "export", "--format", "log").stdout


def test_reading_commands_need_a_store(tmp_path):
    result = cli("--db", str(tmp_path / "none.db"), "export")
    assert result.exit_code == 1


def test_command_lines_come_from_the_events_alone(tmp_path):
    db = str(tmp_path / "campaign.db")
    replay(db, FORD_LOG, tmp_path, "ford.log")
    written = [line for _, line in commands(events(db))]
    assert written[0] == 'session 12 --date 2026-11-21 --title "The ford at Greywater"'
    assert written[-1] == "session end"
    assert command_line(events(db)[:1]) is None  # the campaign's creation alone: no log form


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(0, "0s"), (30, "30s"), (600, "10min"), (5400, "90min"), (7200, "2h"), (86400, "1d"),
     (115200, "32h"), (1209600, "2w"), (3601, "3601s")],
)  # fmt: skip
def test_clock_durations_in_the_largest_whole_unit(seconds, text):
    assert duration(seconds) == text


@given(st.text(min_size=1).filter(lambda t: "\x00" not in t and "\r" not in t))
def test_a_quoted_word_reads_back_as_itself(word):
    assert tokenize(quote(word)) == [word]


# --- JSON lines and import ---------------------------------------------------------------------


def stored(db: str) -> list[tuple]:
    with Ledger(parse_store_url(db)) as ledger:
        notifications = ledger.opened.app.recorder.select_notifications(start=1, limit=10_000)
        mapper = ledger.opened.app.mapper
        return [(n.originator_id, n.originator_version, n.topic, plaintext(mapper, n.state))
                for n in notifications]  # fmt: skip


def test_jsonl_imports_into_an_empty_store_at_the_same_positions(store_url, tmp_path):
    source = str(tmp_path / "source.db")  # SQLite → SQLite, and SQLite → PostgreSQL
    replay(source, EVERY_COMMAND_LOG, tmp_path, "every.log", seed=11)
    exported = ok("--db", source, "export", "--format", "jsonl")
    rows = [json.loads(line) for line in exported.splitlines()]
    assert [r["position"] for r in rows] == list(range(1, len(rows) + 1))
    assert set(rows[0]) == {
        "position", "session", "type", "subject", "aggregate_id", "aggregate_version",
        "timestamp", "gm", "data", "hash", "prev_hash",
    }  # fmt: skip
    assert rows[0]["type"] == "aggregates.campaign:Campaign.Initialised"
    assert {"cave/kobolds", "ann/Tower shield", "campaign", "wolves"} <= {
        r["subject"] for r in rows
    }
    file = tmp_path / "history.jsonl"
    file.write_text(exported, "utf-8")
    said = ok("--db", store_url, "import", str(file))
    assert f"imported {len(rows)} events" in said
    assert status(store_url) == status(source)
    assert history(store_url) == history(source)
    assert stored(store_url) == stored(source)  # byte for byte, timestamps included
    again = ok("--db", store_url, "export", "--format", "jsonl")
    assert again == exported


def test_postgresql_exports_back_to_sqlite(store_url, tmp_path):
    replay(store_url, FORD_LOG, tmp_path, "ford.log")
    file = tmp_path / "history.jsonl"
    file.write_text(ok("--db", store_url, "export", "--format", "jsonl"), "utf-8")
    target = str(tmp_path / "target.db")
    ok("--db", target, "import", str(file))
    assert status(target) == status(store_url)
    assert history(target) == history(store_url)


def test_import_refuses_a_store_that_holds_events(tmp_path):
    db = str(tmp_path / "campaign.db")
    replay(db, FORD_LOG, tmp_path, "ford.log")
    file = tmp_path / "history.jsonl"
    file.write_text(ok("--db", db, "export", "--format", "jsonl"), "utf-8")
    before = history(db)
    result = cli("--db", db, "import", str(file))
    assert result.exit_code == 2
    assert "empty store" in result.stderr
    assert history(db) == before


@pytest.mark.parametrize(
    ("broken", "said"),
    [
        (lambda rows: rows.__setitem__(1, "{not json"), "history.jsonl:2"),
        (lambda rows: rows.pop(1), "history.jsonl:2: position 3 where 2 was expected"),
        (lambda rows: rows.__setitem__(2, rows[2].replace('"type": "', '"type": "nowhere.')),
         "history.jsonl:3"),
        (lambda rows: rows.__setitem__(3, rows[3].replace('"aggregate_version": ',
                                                          '"aggregate_version": 1')),
         "history.jsonl:4"),
        (lambda rows: rows.__setitem__(4, rows[4].replace('"note": null, ', '')),
         "history.jsonl:5: data lacks note"),
    ],
)  # fmt: skip
def test_import_names_a_malformed_line_and_writes_nothing(tmp_path, broken, said):
    source = str(tmp_path / "source.db")
    replay(source, FORD_LOG, tmp_path, "ford.log")
    rows = ok("--db", source, "export", "--format", "jsonl").splitlines()
    broken(rows)
    file = tmp_path / "history.jsonl"
    file.write_text("\n".join(rows) + "\n", "utf-8")
    target = str(tmp_path / "target.db")
    result = cli("--db", target, "import", str(file))
    assert result.exit_code == 2, result.output
    assert said in result.stderr
    with Ledger(parse_store_url(target)) as ledger:
        assert ledger.last_position() == 0


# --- the recap ---------------------------------------------------------------------------------


def test_the_markdown_recap_tells_the_players_how_the_fight_went(tmp_path):
    db = str(tmp_path / "campaign.db")
    replay(db, FORD_LOG, tmp_path, "ford.log")
    recap = ok("--db", db, "export", "--format", "markdown", "--session", "12")
    assert recap.startswith("## Session 12 — The ford at Greywater")
    assert "2026-11-21" in recap
    assert "| goblins | fled | 1 killed of 12 | 7 (6 with adjustments) |" in recap
    assert "| Red Lances (company) | still fighting | 2 out of the fight of 20 | 10 |" in recap
    assert "Brynn against Fireball (reflex, DC 17): natural 1, total 2 — failure" in recap
    assert "Brynn's Tower shield: damaged, 13 of 20 hp" in recap
    assert "Brynn's phobia-mild (spiders): 6 against 9 — failure" in recap
    assert "Cedric the torchbearer, Brynn's retainer: loyalty 9" in recap
    everything = ok("--db", db, "export", "--format", "markdown")
    assert everything.startswith("# Campaign recap")


def test_a_retracted_command_is_not_in_the_recap(tmp_path):
    db = str(tmp_path / "campaign.db")
    replay(db, FORD_LOG, tmp_path, "ford.log")
    replay(db, RETRACTIONS_LOG, tmp_path, "more.log")
    recap = ok("--db", db, "export", "--format", "markdown", "--session", "13")
    assert "| orcs | still fighting | 2 killed of 6 |" in recap
    assert "| wolves | still fighting | none of 3 | 7 |" in recap  # both wolves lines withdrawn


# --- property: replaying the exported history gives the same state ------------------------------

TROOPS = ("militia", "barbarian", "trained")


@st.composite
def small_logs(draw) -> str:
    """A session at a fight: groups and companies, casualties within the members able to fight,
    adjustments, morale tests (rolled at the table or by the tracker), company modifiers."""
    lines = ["session 1"]
    companies = {}
    for n in range(draw(st.integers(0, 2))):
        size = draw(st.integers(1, 8))
        mounted = " --mounted" if draw(st.booleans()) else ""
        lines.append(f"company hire c{n} --troop {draw(st.sampled_from(TROOPS))}{mounted} "
                     f"--size {size}")  # fmt: skip
        companies[f"c{n}"] = size
    lines.append("encounter start e")
    able = {}
    for n in range(draw(st.integers(1, 3))):
        count = draw(st.integers(1, 10))
        lines.append(f"encounter group e g{n} --count {count} --morale {draw(st.integers(2, 12))}")
        able[f"g{n}"] = count
    for company, size in companies.items():
        if draw(st.booleans()):
            lines.append(f"encounter join e {company}")
            able[company] = size
    for _ in range(draw(st.integers(0, 10))):
        action = draw(st.sampled_from(["casualty", "adjust", "morale", "modifier"]))
        group = draw(st.sampled_from(sorted(able)))
        if action == "casualty" and able[group]:
            n = draw(st.integers(1, able[group]))
            hurt = " --incapacitated" if draw(st.booleans()) else ""
            lines.append(f"casualty e {group} {n}{hurt}")
            able[group] -= n
        elif action == "adjust":
            value = draw(st.integers(-3, 3).filter(bool))
            lines.append(f"adjust e {group} {value:+d} --reason why")
        elif action == "morale":
            roll = draw(st.one_of(st.none(), st.tuples(st.integers(1, 6), st.integers(1, 6))))
            line = f"morale e {group}" + (f" --roll {roll[0]},{roll[1]}" if roll else "")
            ruling = draw(st.sampled_from([None, "fight", "flee", "surrender"]))
            lines.append(line + (f" --ruling {ruling}" if ruling else ""))
        elif action == "modifier" and companies:
            company = draw(st.sampled_from(sorted(companies)))
            lines.append(f"company modifier {company} {draw(st.integers(-2, 2)):+d} --reason pay")
    if draw(st.booleans()):
        lines.append("encounter end e")
    return "\n".join(lines) + "\n"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=small_logs(), seed=st.integers(0, 1000))
@pytest.mark.slow
def test_replaying_the_exported_log_gives_the_same_state(text, seed):
    with tempfile.TemporaryDirectory() as tmp:
        here = Path(tmp)
        first, second = str(here / "first.db"), str(here / "second.db")
        replay(first, text, here, "small.log", seed=seed)
        exported = ok("--db", first, "export")
        replay(second, exported, here, "exported.log")
        assert status(second) == status(first)
        keys = ("position", "kind", "subject", "rules_say", "ruled")
        assert [{k: e[k] for k in keys} for e in history(second)] == [
            {k: e[k] for k in keys} for e in history(first)
        ]


def test_values_typed_in_other_spellings_are_written_back_in_the_commands_own(tmp_path):
    # docs/log-language.md#values, docs/rules.md#d-10: enumerated values are lowercase kebab-case
    # and output uses the English
    # key — `--type Reflex`, `--effect Half`, a French trait key, `--trigger PRESENCE` and
    # `--location Torso` are written back by export (and `history`) in that spelling, not as typed
    db = str(tmp_path / "campaign.db")
    text = (
        "session 1\ncharacter create br --flaw phobie-legere:spiders\n"
        "character saves br --fortitude 1 --reflex 1 --will 1\n"
        "save br --vs F --type Reflex --spell-level 1 --class Wizard --ability-score 12 "
        "--effect Half --damage 3 --roll 5\n"
        'trait br "Phobie légère:spiders" --trigger PRESENCE --result 3\n'
        "character heal br --hp 1 --location Torso\n"
    )
    replay(db, text, tmp_path, "typed.log")
    exported = ok("--db", db, "export")
    assert "save br --vs F --type reflex --spell-level 1 --class wizard --ability-score 12 " \
        "--effect half --damage 3 --roll 5\n" in exported  # fmt: skip
    assert "trait br phobia-mild:spiders --trigger presence --result 3\n" in exported
    assert "character heal br --hp 1\n" in exported  # torso is the default
    commands = [e["command"] for e in json.loads(ok("--db", db, "history", "--json"))["events"]]
    assert "trait br phobia-mild:spiders --trigger presence --result 3" in commands
    again = str(tmp_path / "again.db")
    replay(again, exported, tmp_path, "exported.log")
    assert status(again) == status(db)


def test_text_typed_live_with_carriage_returns_round_trips_through_a_log(tmp_path):
    # a note from a CRLF file (`--note "$(cat notes.txt)"`) holds a CR, which a log reads as a
    # line end: kept, the export would replay to "Ann\n" and "line1\nline2", not the same status
    # and audit (docs/cli.md#export-and-import). Text typed live reads its line ends as a log does.
    db = str(tmp_path / "campaign.db")
    for words in (
        ["session", "1"],
        ["note", "line1\rline2"],
        ["note", "a\r\nb", "--note", "x\ry"],
        ["character", "create", "ann", "--name", "Ann\r\nVarga"],
        ["session", "end"],
    ):
        ok("--db", db, *words)  # fmt: skip
    history = json.loads(ok("--db", db, "history", "--json"))["events"]
    assert [e["note"] for e in history if e["kind"] == "note-recorded"] == ["line1\nline2", "x\ny"]
    again = str(tmp_path / "again.db")
    replay(again, ok("--db", db, "export"), tmp_path, "exported.log")
    assert status(again) == status(db)
    assert status(db)["characters"][0]["name"] == "Ann\nVarga"
    assert ok("--db", again, "audit", "--json") == ok("--db", db, "audit", "--json")


def test_a_rolled_duration_written_back_leaves_the_audit_as_it_was(tmp_path):
    # Clément after a kill: −3 for 1D6 weeks, the weeks rolled by the tracker; the GM rules −2. The
    # export writes the rolled weeks as `--duration`, which the replay takes as the GM's: TRT005's
    # message does not list that duration, which the dice allow (docs/cli.md#export-and-import)
    db = str(tmp_path / "campaign.db")
    replay(db, "session 1\ncharacter create p --flaw merciful\ntrait p merciful --penalty -2\n",
           tmp_path, "one.log", seed=4)  # fmt: skip
    exported = ok("--db", db, "export")
    assert "trait p merciful --penalty -2 --duration " in exported
    again = str(tmp_path / "again.db")
    replay(again, exported, tmp_path, "exported.log", seed=99)
    mine = json.loads(ok("--db", db, "audit", "--json"))["findings"]
    theirs = json.loads(ok("--db", again, "audit", "--json"))["findings"]
    assert [f["message"] for f in theirs] == [f["message"] for f in mine]
    assert [f["message"] for f in mine if f["code"] == "TRT005"] == [
        "merciful (kill): consequences ruled: penalty -2 (the rule: -3)"
    ]


def test_an_item_save_given_its_own_dc_while_exposed_exports_a_log_that_replays(tmp_path):
    # Recorded by code before `item-save` refused --dc/--type/--damage/--energy with an exposure
    # pending (tests/fixtures/make_item_save_options_fixture.sh): the Shield kept "intact, 20 hp"
    # against the options' DC 1 and 0 damage. The replay refuses those options written back, so
    # the export writes the save against the exposure and the recorded state as the ruling: the
    # same items (docs/cli.md#export-and-import), and SAV006 says the rules' answer.
    fixture = FIXTURES / "item-save-options-during-exposure.jsonl"
    db = str(tmp_path / "old.db")
    ok("--db", db, "import", str(fixture))
    exported = ok("--db", db, "export")
    assert "--dc 1 " not in exported and "--ruling intact --hp-left 20" in exported
    again = str(tmp_path / "again.db")
    replay(again, exported, tmp_path, "exported.log")
    assert status(again)["characters"] == status(db)["characters"]
    [shield] = [i for i in status(again)["characters"][0]["items"] if i["name"] == "Shield"]
    assert (shield["state"], shield["hp"]) == ("intact", 20)
    audit = json.loads(ok("--db", again, "audit", "--json"))["findings"]
    assert [(f["code"], f["rules_say"], f["ruled"]) for f in audit] == [
        ("SAV006", "destroyed", "intact")
    ]
