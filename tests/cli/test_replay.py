"""Given session logs, when the GM replays them, then each file lands whole or not at all, a
session already recorded from the same text is skipped, a bad line is named with its file and
line and nothing is written; and the same lines work live — on SQLite and PostgreSQL."""

import json
import shlex

import pytest

from tests.scenario import FORD_END, FORD_STATUS, contains
from tests.scenario import FORD_LOG as SCENARIO_LOG

FORD_LOG = "#! campaign-log 1\n" + SCENARIO_LOG  # with the grammar's header


@pytest.fixture
def db(store_url):
    return store_url


@pytest.fixture
def run(campaign, db):
    def invoke(*args):
        return campaign("--db", db, *args)

    return invoke


def status(run):
    result = run("status", "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def positions(run):
    return status(run)["position"]


def nothing_recorded(run) -> bool:
    """No event in the store: an empty one, or none at all (a PostgreSQL database with no event
    is no campaign store, as a SQLite file that is not there)."""
    result = run("status", "--json")
    if result.exit_code == 1:
        return "no campaign store at" in result.stderr
    return json.loads(result.stdout)["position"] == 0


def write(tmp_path, name, text, encoding="utf-8"):
    path = tmp_path / name
    path.write_bytes(text.encode(encoding) if isinstance(text, str) else text)
    return str(path)


def test_replaying_the_ford_log_gives_the_json_pages_status_with_the_session_ended(run, tmp_path):
    log = write(tmp_path, "ford.log", FORD_LOG + FORD_END)
    result = run("replay", log)
    assert result.exit_code == 0, result.output
    assert "session 12 — recorded" in result.stdout
    got = status(run)
    expected = json.loads(json.dumps(FORD_STATUS))
    expected.update(clock="day 1 02:00")
    expected["encounters"][0]["ended"] = True
    expected["characters"][0]["conditions"] = []  # no duration: it ended with the file
    assert contains(got, expected)
    assert got["session_open"] is False


def test_the_log_as_the_json_page_shows_it_before_the_clock_line(run, tmp_path):
    result = run("replay", write(tmp_path, "ford.log", FORD_LOG + "session end\n"))
    assert result.exit_code == 0, result.output
    history = json.loads(run("history", "--json").stdout)["events"]
    loyalty = next(e["position"] for e in history if e["kind"] == "loyalty-tested")
    got = json.loads(run("status", "--as-of", f"event:{loyalty}", "--json").stdout)
    assert contains(got, FORD_STATUS)


def test_replaying_twice_records_nothing_new_and_says_so(run, tmp_path):
    log = write(tmp_path, "ford.log", FORD_LOG)
    assert run("replay", log).exit_code == 0
    before = positions(run)
    again = run("replay", log)
    assert again.exit_code == 0, again.output
    assert "already recorded from this text: skipped" in again.stdout
    assert positions(run) == before
    crlf_text = b"\xef\xbb\xbf" + FORD_LOG.replace("\n", "\r\n").encode()
    crlf = write(tmp_path, "ford-crlf.log", crlf_text)
    assert "skipped" in run("replay", crlf).stdout  # BOM and CRLF: the same text
    assert positions(run) == before


def test_a_session_grows_a_new_session_and_only_the_new_one_is_recorded(run, tmp_path):
    log = write(tmp_path, "campaign.log", FORD_LOG)
    assert run("replay", log).exit_code == 0
    before = positions(run)
    write(tmp_path, "campaign.log", FORD_LOG + '\n# Session 13\nsession 13\nnote "a quiet day"\n')
    result = run("replay", log)
    assert result.exit_code == 0, result.output
    assert "session 12 already recorded" in result.stdout and "session 13 —" in result.stdout
    assert positions(run) == before + 3  # opened, the note, ended with the file


def test_the_same_session_from_another_text_is_refused(run, tmp_path):
    assert run("replay", write(tmp_path, "a.log", FORD_LOG)).exit_code == 0
    before = positions(run)
    result = run("replay", write(tmp_path, "b.log", "session 12\nnote other\n"))
    assert result.exit_code == 2
    assert "b.log:1: session 12 is already recorded (from a.log) from a different text" in (
        result.stderr
    )
    assert positions(run) == before


BAD_LINES = [
    ("casualty hall rats 9", "casualty hall rats 9: 9 casualties: rats has 3 members able"),
    ("morale hall rats --roll 13", "--roll: '13' is not a 2d6 roll"),
    ("morale hall rats --roll 3,9", "a d6 shows 1–6, not 9"),
    ("encounter start cave --frob", "No such option: --frob"),
    ("adjust hall rats --frob", "No such option: --frob"),  # only -1, -2 … are signed values
    ("encounter group hall bats --count 3 --morale 15", "--morale"),
    ("casualty hall wolves", "has no group 'wolves'"),
    ("company modifier nobody +1 --reason x", "company 'nobody'"),
    ('note "unclosed', 'unclosed " quote'),
    ("status", "`status` is a reading command"),
    ("frobnicate", "`frobnicate` is not a command"),
    ("init --name x", "`init` is not a logging command"),  # it records, but not in a log
    ("replay other.log", "`replay` is not a logging command"),
    ("save brynn --vs x --type reflex --effect half --dc 10 --roll 21", "a d20 shows 1–20"),
    ("encounter group hall Été --count 3 --morale 7", "ASCII"),
]


@pytest.mark.parametrize(("line", "says"), BAD_LINES, ids=[b[0] for b in BAD_LINES])
def test_a_bad_line_is_named_and_nothing_of_the_file_is_written(run, tmp_path, line, says):
    assert run("replay", write(tmp_path, "ford.log", FORD_LOG)).exit_code == 0
    before = status(run)
    text = (
        "session 13\nencounter start hall\nencounter group hall rats --count 3 --morale 6\n"
        f"{line}\nnote after\n"
    )
    result = run("replay", write(tmp_path, "hall.log", text))
    assert result.exit_code == 2, result.output
    assert "hall.log:4:" in result.stderr and says in result.stderr, result.stderr
    assert "Traceback" not in result.output
    assert status(run) == before  # the whole file or nothing


def test_several_files_stop_at_the_first_bad_one_and_say_which_landed(run, tmp_path):
    good = write(tmp_path, "12.log", FORD_LOG)
    bad = write(tmp_path, "13.log", "session 13\ncasualty ford goblins 99\n")
    never = write(tmp_path, "14.log", "session 14\nnote later\n")
    result = run("replay", good, bad, never)
    assert result.exit_code == 2
    assert "landed before the error" in result.stdout and "12.log" in result.stdout
    assert "13.log:2:" in result.stderr
    assert [s for s in [status(run)["session"]]] == [12]


def test_dry_run_shows_what_would_be_recorded_and_writes_nothing(run, tmp_path, db):
    assert run("init").exit_code == 0  # an existing store (a missing one: the test below)
    before = positions(run)
    result = run("replay", "--dry-run", write(tmp_path, "ford.log", FORD_LOG))
    assert result.exit_code == 0, result.output
    assert "would record" in result.stdout and "the rules say flee" in result.stdout
    assert positions(run) == before


def test_verbose_replay_confirms_each_line_and_a_plain_one_only_sums_up(campaign, tmp_path):
    log = write(tmp_path, "ford.log", FORD_LOG)
    plain = campaign("--db", str(tmp_path / "plain.db"), "replay", log)
    told = campaign("--db", str(tmp_path / "told.db"), "--verbose", "replay", log)
    assert plain.exit_code == told.exit_code == 0, plain.output + told.output
    morale = next(n for n, line in enumerate(FORD_LOG.splitlines(), 1) if line.startswith("morale"))
    assert f"ford.log:{morale}: " in told.stdout and "the rules say flee" in told.stdout
    assert "ford.log:" not in plain.stdout.replace("ford.log: session", "")
    assert "the rules say flee" not in plain.stdout
    assert "recorded" in plain.stdout and "audit:" in plain.stdout


def test_dry_run_on_a_missing_store_leaves_no_store_behind(campaign, tmp_path):
    db = tmp_path / "campaign.db"
    result = campaign("--db", str(db), "replay", "--dry-run", write(tmp_path, "ford.log", FORD_LOG))
    assert result.exit_code == 0, result.output
    assert "would record" in result.stdout and "the rules say flee" in result.stdout
    assert list(tmp_path.iterdir()) == [tmp_path / "ford.log"]  # no store, no lock file
    bad = campaign("--db", str(db), "replay", "--dry-run", write(tmp_path, "bad.log", "note x\n"))
    assert bad.exit_code == 2 and "bad.log:1:" in bad.stderr
    assert not db.exists()


def test_commands_before_a_session_or_after_its_end_are_refused(run, tmp_path):
    result = run("replay", write(tmp_path, "a.log", "# notes\nnote too early\n"))
    assert result.exit_code == 2 and "a.log:2:" in result.stderr
    result = run("replay", write(tmp_path, "b.log", "session 1\nsession end\nnote late\n"))
    assert result.exit_code == 2 and "b.log:3:" in result.stderr


def test_a_lapsed_morale_check_is_a_warning_of_the_summary(run, tmp_path):
    text = "session 1\nencounter start hall\nencounter group hall rats --count 4 --morale 6\n"
    text += "casualty hall rats 1\nencounter end hall\n"
    result = run("replay", write(tmp_path, "hall.log", text))
    assert result.exit_code == 0, result.output
    assert "warning: morale check due for rats (first-death), none made" in result.stdout


def test_a_long_list_of_lapsed_checks_is_cut_and_points_to_the_audit(run, tmp_path):
    # 25 encounters, each with one casualty and no test: 25 first-death checks lapse
    text = "session 1\n" + "".join(
        f"encounter start e{n}\nencounter group e{n} rats --count 4 --morale 6\n"
        f"casualty e{n} rats 1\nencounter end e{n}\n"
        for n in range(25)
    )
    log = write(tmp_path, "many.log", text)
    result = run("replay", "--dry-run", log)  # a dry run lists every one
    assert result.stdout.count("warning: morale check due for rats") == 25
    result = run("replay", log)
    assert result.exit_code == 0, result.output
    assert result.stdout.count("warning: morale check due for rats") == 20
    assert "… and 5 more lapsed morale checks: `campaign audit --code MOR002`" in result.stdout
    found = json.loads(run("audit", "--code", "MOR002", "--json").stdout)["findings"]
    assert len(found) == 25
    assert "audit: 25 findings (25 warnings) — `campaign audit --session 1`" in result.stdout


def test_a_block_whose_session_line_was_retracted_is_still_skipped_the_next_time(
    run, campaign, tmp_path
):
    # a mistyped session number withdrawn with `retract last`: its block was still recorded
    # from this text, so replaying the file again (or its export) records nothing new
    text = "session 1\nnote a\nsession 3\nretract last\nsession 2\nnote b\n"
    log = write(tmp_path, "w.log", text)
    first = run("replay", log)
    assert first.exit_code == 0, first.output
    assert "for sessions 1–3" in first.stdout  # the file's sessions, whatever their order
    recorded = positions(run)
    again = run("replay", log)
    assert again.exit_code == 0, again.output
    assert "nothing new" in again.stdout and "session 3 already recorded" in again.stdout
    assert positions(run) == recorded
    # its export replays into another store, and again into that one: skipped as well
    other = lambda *args: campaign("--db", str(tmp_path / "other.db"), *args)  # noqa: E731
    exported = write(tmp_path, "x.log", run("export").stdout)
    assert other("replay", exported).exit_code == 0
    again = other("replay", exported)
    assert again.exit_code == 0 and again.stdout.count("skipped") == 3, again.output
    assert positions(other) == recorded
    # the same number twice in one file, the first withdrawn
    text = "session 4\nretract last\nsession 4\nnote c\n"
    assert run("replay", write(tmp_path, "v.log", text)).exit_code == 0
    recorded = positions(run)
    again = run("replay", write(tmp_path, "v.log", text))
    assert again.exit_code == 0 and "nothing new" in again.stdout, again.output
    assert positions(run) == recorded
    # another text for a session in force is still refused
    refused = run("replay", write(tmp_path, "y.log", "session 4\nnote written afresh\n"))
    assert refused.exit_code == 2 and "from a different text" in refused.stderr


@pytest.mark.parametrize("line", ["note a --help", "company --help", "company hire --help"])
def test_help_in_a_log_is_an_error_on_stderr_and_prints_no_help(run, tmp_path, line):
    # Click alone prints the command's help to stdout (into a --dry-run's listing too), then
    # refuses the line
    log = write(tmp_path, "h.log", f"session 1\n{line}\n")
    for dry in ([], ["--dry-run"]):
        result = run("replay", *dry, log)
        assert result.exit_code == 2 and "h.log:2:" in result.stderr
        assert "--help has no place in a log" in result.stderr
        assert "Usage" not in result.stdout and "Options" not in result.stdout


@pytest.mark.parametrize("line", ["casualty hall rats\u00a01", "morale hall rats --roll\u00a03,5"])
def test_a_non_breaking_space_in_a_refused_line_is_named(run, tmp_path, line):
    # POSIX blanks are spaces and tabs: a pasted U+00A0 joins two words, and the error says so,
    # where "'rats\xa01' is not a handle" or "No such option: --roll 3,5" alone would not say why
    text = "session 1\nencounter start hall\nencounter group hall rats --count 4 --morale 6\n"
    result = run("replay", write(tmp_path, "nb.log", text + line + "\n"))
    assert result.exit_code == 2 and "nb.log:4:" in result.stderr
    assert "U+00A0 no-break space, which a log does not read as a blank" in result.stderr


def test_a_lapse_the_same_file_retracts_is_no_warning_of_the_summary(run, tmp_path):
    # the second casualty lapses the first-death check, then `retract last` withdraws it: the
    # summary gives no warning of it, above "audit: … (0 warnings)" or anywhere
    text = "session 1\nencounter start x\nencounter group x gobs --count 6 --morale 7\n"
    text += "casualty x gobs 1\ncasualty x gobs 1\nretract last\nmorale x gobs --roll 2,2\n"
    result = run("replay", write(tmp_path, "x.log", text))
    assert result.exit_code == 0, result.output
    assert "warning:" not in result.stdout
    assert "(0 warnings)" in result.stdout


def test_retract_last_in_a_log_withdraws_the_previous_line(run, tmp_path):
    text = "session 1\nencounter start hall\nencounter group hall rats --count 4 --morale 6\n"
    text += "casualty hall rats 2\nretract last --note 'it was the bats'\n"
    assert run("replay", write(tmp_path, "hall.log", text)).exit_code == 0
    (rats,) = status(run)["encounters"][0]["groups"]
    assert (rats["killed"], rats["out"]) == (0, 0)


# --- live --------------------------------------------------------------------------------------


def test_live_commands_take_signed_values_and_confirm_in_one_line(run):
    assert run("session", "1").exit_code == 0
    assert run("company", "hire", "h", "--troop", "militia", "--size", "10").exit_code == 0
    result = run("company", "modifier", "h", "-2", "--reason", "unpaid")
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == "h: -2 (unpaid) → morale 4"
    assert run("encounter", "start", "hall").exit_code == 0
    assert run("encounter", "group", "hall", "rats", "--count", "3", "--morale", "6").exit_code == 0
    adjusted = run("adjust", "hall", "rats", "-1", "--reason", "torchlight")
    assert adjusted.stdout.strip() == "rats: -1 (torchlight) → effective morale 5"
    assert run("character", "create", "kit").exit_code == 0
    assert run("character", "stat", "kit", "moral", "-1").exit_code == 0
    morale = run("morale", "hall", "rats")  # the tracker rolls and shows the faces
    assert morale.exit_code == 0 and "rolled by the tracker" in morale.stdout


def test_a_negative_number_is_a_value_for_every_command_and_a_typo_is_no_option(run, tmp_path):
    assert run("session", "1").exit_code == 0
    assert run("encounter", "start", "hall").exit_code == 0
    assert run("encounter", "group", "hall", "rats", "--count", "3", "--morale", "6").exit_code == 0
    # a count is no signed value, but -1 reaches the command, which says what it may be
    result = run("casualty", "hall", "rats", "-1")
    assert result.exit_code == 2
    assert "-1 casualties: rats has 3 members able to fight; expected 1–3" in result.stderr
    result = run("clock", "advance", "-1h")
    assert (result.exit_code, "'-1h' is not a duration" in result.stderr) == (2, True)
    # on a command that takes a signed value, a mistyped option is still no option
    result = run("adjust", "hall", "rats", "-1", "--reasn", "torchlight")
    assert result.exit_code == 2 and "No such option: --reasn" in result.stderr
    # … and so in a log, naming its line
    before = positions(run)
    text = "session 2\nadjust hall rats -1 --reason dark\ncasualty hall rats -2\n"
    result = run("replay", write(tmp_path, "a.log", text))
    assert result.exit_code == 2 and "a.log:3:" in result.stderr
    assert "-2 casualties" in result.stderr
    assert positions(run) == before  # nothing of a.log


def test_a_flaw_that_triggers_without_a_roll_says_so(run):
    assert run("session", "1").exit_code == 0
    assert run("character", "create", "p", "--flaw", "merciful").exit_code == 0
    result = run("trait", "p", "merciful")  # not "the rules say None; recorded: None"
    assert result.stdout.strip() == "p: merciful — no roll; -3 all-rolls"


def test_a_live_command_without_a_session_says_how_to_open_one(run, db):
    result = run("note", "hello")
    assert result.exit_code == 2
    assert "campaign session N" in result.stderr
    # the SQLite store the failed command made is gone again, and a PostgreSQL one holds no
    # event: both are no campaign store (tests/service/test_store.py)
    assert "no campaign store" in run("status").stderr


def test_a_live_error_writes_nothing(run):
    run("session", "1")
    run("encounter", "start", "hall")
    before = positions(run)
    result = run("encounter", "group", "hall", "rats", "--count", "0", "--morale", "6")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert positions(run) == before


def test_a_sessions_notes_are_kept_and_exported(run, tmp_path):
    text = 'session 1 --note "played at Ann\'s"\nnote "quiet"\nsession end --note "early night"\n'
    assert run("replay", write(tmp_path, "s.log", text)).exit_code == 0
    history = json.loads(run("history", "--json").stdout)["events"]
    notes = [(e["kind"], e["note"]) for e in history if e["note"]]
    assert notes == [
        ("session-opened", "played at Ann's"),
        ("note-recorded", "quiet"),
        ("session-ended", "early night"),
    ]
    exported = run("export").stdout
    assert '--note "played at Ann\'s"' in exported and '--note "early night"' in exported


def test_the_summary_counts_the_audit_findings_of_the_sessions_recorded(run, tmp_path):
    text = "session 1\nencounter start hall\nencounter group hall rats --count 4 --morale 6\n"
    text += 'morale hall rats --roll 6,6 --ruling fight --note "they smell cheese"\n'
    result = run("replay", write(tmp_path, "hall.log", text))
    assert result.exit_code == 0, result.output
    # MOR001 (fight on a failed test, 12 > 6) and GEN002 (the note)
    assert "audit: 2 findings (1 warning) — `campaign audit --session 1`" in result.stdout


def test_the_summary_counts_only_the_sessions_the_file_recorded(run, tmp_path):
    two = "session 1\nencounter start hall\nencounter group hall rats --count 4 --morale 6\n"
    two += 'morale hall rats --roll 6,6 --ruling fight --note "they smell cheese"\n'
    two += "session 2\nencounter group hall bats --count 3 --morale 7\ncasualty hall bats\n"
    result = run("replay", write(tmp_path, "a.log", two))
    assert result.exit_code == 0, result.output
    # session 1: MOR001 (fight on 12 > 6, a warning) and GEN002 (the note, info); session 2:
    # MOR002 (the bats' first death, no check yet: a warning, pending while the encounter lasts)
    # two sessions: the hint names both ends (`--session 1` alone would hide session 2's)
    assert (
        "audit: 3 findings (2 warnings, 1 pending) — `campaign audit --session N` for sessions 1–2"
        in result.stdout
    )
    three = two + "session 3\nmorale hall rats --roll 2,2 --ruling flee\n"
    result = run("replay", write(tmp_path, "b.log", three))
    assert result.exit_code == 0, result.output
    # only session 3 is new: MOR001 (flee on 4 <= 6); the bats' MOR002 belongs to session 2
    assert "audit: 1 finding (1 warning) — `campaign audit --session 3`" in result.stdout
    assert "session 2 already recorded from this text: skipped" in result.stdout
    found = json.loads(run("audit", "--session", "3", "--json").stdout)["findings"]
    assert [(f["code"], f["severity"]) for f in found] == [("MOR001", "warning")]
    # a subject with no event in a session it was not yet in: an empty answer, not an error
    empty = run("history", "--subject", "hall/bats", "--session", "1", "--json")
    assert (empty.exit_code, empty.stdout) == (0, '{"events": []}\n')
    # as of the end of session 2, session 3 is not yet in the history
    before = run("history", "--session", "3", "--as-of", "session:2", "--json")
    assert before.exit_code == 2 and before.stdout == ""
    assert "session 3 is not in this history as of session:2; sessions: 1, 2" in before.stderr


@pytest.mark.parametrize("text", ["", "# the players cancelled\n", "\n\n"])
def test_a_log_with_no_session_says_so_and_records_nothing(run, tmp_path, text):
    result = run("replay", write(tmp_path, "empty.log", text))
    assert result.exit_code == 0, result.output
    assert "empty.log: no session in it (a session starts with a `session N` line)" in (
        result.stdout
    )
    assert nothing_recorded(run)


@pytest.mark.parametrize("how", ["live", "log"])
def test_an_error_names_the_option_as_the_command_spells_it(run, tmp_path, how):
    # the rules call the save type `save_type`; `save` and `item-save` spell it --type
    assert run("session", "1").exit_code == 0
    assert run("character", "create", "brynn").exit_code == 0
    line = "save brynn --vs trap --type sideways --dc 15 --effect negates --roll 5"
    if how == "live":
        result = run(*line.split())
    else:
        result = run("replay", write(tmp_path, "s.log", f"session 2\n{line}\n"))
    assert result.exit_code == 2, result.output
    assert "--type: 'sideways' is not a save type" in result.stderr
    assert "--save-type" not in result.stderr


ERRORS_NAMED = [
    # (line, what stderr says, what it must not say): an option is named as typed; an argument,
    # or an input the command has no parameter for, is not passed off as an option
    ("note hi", "no session is open", "--session"),
    ("casualty cave rats 1", "the encounter 'cave' is not in this campaign", "--encounter"),
    ("casualty hall rats 9", "rats has 3 members able to fight", "--count"),
    ("clock set 'day 0 10:00'", "'day 0 10:00' is not an in-game time", "--time"),
    ("encounter group hall bats --count 3 --morale 15", "--morale: ", None),
]


@pytest.mark.parametrize("how", ["live", "log"])
@pytest.mark.parametrize(
    ("line", "says", "not_said"), ERRORS_NAMED, ids=[e[0] for e in ERRORS_NAMED]
)
def test_an_error_names_an_option_only_when_the_command_has_it(
    run, tmp_path, how, line, says, not_said
):
    opening = [
        "session 1",
        "encounter start hall",
        "encounter group hall rats --count 3 --morale 6",
    ]
    if line != "note hi":
        for setup in opening:
            assert run(*shlex.split(setup)).exit_code == 0
    if how == "live":
        result = run(*shlex.split(line))
    else:
        first = "" if line == "note hi" else "session 2\n"
        result = run("replay", write(tmp_path, "e.log", f"{first}{line}\n"))
    assert result.exit_code == 2, result.output
    assert says in result.stderr
    if not_said is not None:
        assert not_said not in result.stderr


@pytest.mark.parametrize(
    "words",
    [["retract", "event:٣"], ["clock", "advance", "١h"], ["session", "١١"],
     ["morale", "hall", "rats", "--roll", "٣,٥"], ["clock", "set", "day ١ 08:00"]],
)  # fmt: skip
def test_digits_of_other_scripts_are_no_numbers_live_or_in_a_log(run, tmp_path, words):
    # Python's \d and int() take Arabic-Indic digits: read so, `retract event:٣` would withdraw
    # event 3 and `session ١١` open session 11 live, where a log refuses them
    assert run("session", "1").exit_code == 0
    assert run("encounter", "start", "hall").exit_code == 0
    assert run("encounter", "group", "hall", "rats", "--count", "4", "--morale", "6").exit_code == 0
    before = positions(run)
    result = run(*words)
    assert result.exit_code == 2, result.output
    assert positions(run) == before
