"""Given a line typed live, replayed from a log or typed at the shell, when it repeats an option,
sets the clock to the second, leaves a quote open at the prompt or opens the open session again,
then it is refused with exit 2 naming the line, the option and what was expected, and nothing
is written — or, for a time the clock itself shows, recorded."""

import json
import shlex

import pytest

from tests.scenario import FORD_LOG


@pytest.fixture
def run(campaign, store_url):
    def invoke(*args, input=None):
        return campaign("--db", store_url, *args, input=input)

    return invoke


def position(run) -> int:
    result = run("status", "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["position"]


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


HALL = ["encounter start hall", "encounter group hall rats --count 6 --morale 7"]

# (line, what stderr says): an option that takes one value, or a flag, given twice
ONCE = "; expected it once"
TWICE = [
    ("morale hall rats --roll 3,5 --roll 1,1", "--roll is given twice (3,5 and 1,1)" + ONCE),
    ("note x --note y --note z", "--note is given twice (y and z)" + ONCE),
    ("encounter start e16 --name A --name B", "--name is given twice (A and B)" + ONCE),
    (
        "encounter start e --name 'Red Lances' --name=B",
        "--name is given twice ('Red Lances' and B)",
    ),
    ("morale hall rats --cornered --cornered", "--cornered is given twice" + ONCE),
    ("casualty hall rats 1 --incapacitated --cause a --incapacitated", "--incapacitated is given"),
]


@pytest.mark.parametrize(("line", "says"), TWICE, ids=[t[0] for t in TWICE])
def test_an_option_given_twice_is_refused_live(run, line, says):
    for setup in ["session 1", *HALL, "casualty hall rats 1"]:
        assert run(*shlex.split(setup)).exit_code == 0
    before = position(run)
    result = run(*shlex.split(line))
    assert result.exit_code == 2, result.output
    assert says in result.stderr, result.stderr
    assert "Traceback" not in result.output
    assert position(run) == before


@pytest.mark.parametrize(("line", "says"), TWICE, ids=[t[0] for t in TWICE])
def test_an_option_given_twice_in_a_log_names_the_line_and_nothing_is_written(
    run, tmp_path, line, says
):
    assert run("replay", write(tmp_path, "ford.log", FORD_LOG)).exit_code == 0
    before = position(run)
    text = "session 13\n" + "".join(f"{s}\n" for s in HALL) + f"{line}\nnote after\n"
    result = run("replay", write(tmp_path, "hall.log", text))
    assert result.exit_code == 2, result.output
    assert f"hall.log:4: {' '.join(shlex.split(line))}: {says}" in result.stderr, result.stderr
    assert position(run) == before


def test_an_option_given_twice_at_the_shell_is_refused_and_the_shell_goes_on(
    run, store_url, tmp_path, monkeypatch
):
    monkeypatch.setenv("CAMPAIGN_SHELL_HISTORY", str(tmp_path / "history"))
    assert run("session", "1").exit_code == 0
    before = position(run)
    result = run("shell", input="note x --note y --note z\nexit\n")
    assert result.exit_code == 2, result.output  # the line's status; the shell went on
    said = "error: stdin:1: note x --note y --note z: --note is given twice (y and z); expected"
    assert said in result.stderr  # the piped line named, as a replay names a log's
    assert position(run) == before


def test_options_declared_repeatable_stay_repeatable_live_and_in_a_log(run, tmp_path):
    line = (
        "character create isolde --flaw greed --flaw vertige "
        "--advantage nerfs-d-acier --advantage weapon-master:longsword"
    )
    assert run("session", "1").exit_code == 0
    assert run(*shlex.split(line)).exit_code == 0
    log = write(tmp_path, "s.log", "session 2\n" + line.replace("isolde", "vera") + "\n")
    assert run("replay", log).exit_code == 0
    result = run("status", "--json")
    assert result.exit_code == 0, result.output
    characters = {c["handle"]: c for c in json.loads(result.stdout)["characters"]}
    for handle in ("isolde", "vera"):
        traits = characters[handle]["flaws"] + characters[handle]["advantages"]
        assert [t["key"] for t in traits] == [
            "greed", "vertigo", "nerves-of-steel", "weapon-master"
        ]  # fmt: skip


# --- clock set takes the seconds the clock shows ----------------------------------------------


@pytest.mark.parametrize("how", ["live", "log"])
def test_clock_set_takes_the_time_the_clock_shows_with_its_seconds(run, tmp_path, how):
    lines = ["session 1", "clock advance 30s", "clock set 'day 3 10:00:30'"]
    if how == "live":
        for line in lines:
            result = run(*shlex.split(line))
            assert result.exit_code == 0, result.output
    else:
        log = write(tmp_path, "s.log", "".join(f"{line}\n" for line in lines))
        result = run("--verbose", "replay", log)
        assert result.exit_code == 0, result.output
    assert "clock: day 3 10:00:30" in result.stdout, result.stdout
    result = run("history", "--json")
    assert result.exit_code == 0, result.output
    moved = [e for e in json.loads(result.stdout)["events"] if e["kind"] == "clock-moved"]
    assert len(moved) == 2  # the advance and the set, to the second


MALFORMED = [
    ("day 3 10:00:3", "'day 3 10:00:3' is not an in-game time"),
    ("day 3 10:00:60", "'day 3 10:00:60' is not an in-game time"),
    ("day 3 10:00:30:00", "'day 3 10:00:30:00' is not an in-game time"),
    ("day 3 24:00:00", "'day 3 24:00:00' is not an in-game time"),
    ("day 1 00:00:20", "day 1 00:00:20 is before the clock's day 1 00:00:30"),
]


@pytest.mark.parametrize("how", ["live", "log"])
@pytest.mark.parametrize(("moment", "says"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_clock_set_still_refuses_a_malformed_time_and_writes_nothing(
    run, tmp_path, how, moment, says
):
    assert run("session", "1").exit_code == 0
    assert run("clock", "advance", "30s").exit_code == 0
    before = position(run)
    if how == "live":
        result = run("clock", "set", moment)
    else:
        text = f"session 2\nnote before\nclock set '{moment}'\n"
        result = run("replay", write(tmp_path, "s.log", text))
        assert f"s.log:3: clock set {moment}: " in result.stderr, result.stderr
    assert result.exit_code == 2, result.output
    assert says in result.stderr, result.stderr
    if "before the clock" not in says:
        assert 'expected "day N HH:MM" or "day N HH:MM:SS"' in result.stderr
    assert position(run) == before


# --- the shell cannot continue a line -----------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ('note "abc', 'unclosed " quote at column 6; expected a closing " on the same line'),
        ("note 'abc", "unclosed ' quote at column 6; expected a closing ' on the same line"),
        ("note abc\\", "past the end of the line; expected no final backslash"),
    ],
)  # fmt: skip
def test_the_shell_says_a_quote_must_close_on_its_line(run, tmp_path, monkeypatch, typed, says):
    monkeypatch.setenv("CAMPAIGN_SHELL_HISTORY", str(tmp_path / "history"))
    assert run("session", "1").exit_code == 0
    before = position(run)
    result = run("shell", input=f'{typed}\nnote "the next line"\nexit\n')
    assert result.exit_code == 2, result.output  # the first line's status
    said = " ".join(result.stderr.split())  # Rich wraps long lines
    assert says in said, said
    assert "may span lines" not in said and "another line" not in said
    assert position(run) == before + 1  # the next line, not the unclosed one


# --- session N while session N is open ----------------------------------------------------------


@pytest.mark.parametrize("how", ["live", "log"])
def test_opening_the_open_session_again_says_it_is_open(run, tmp_path, how):
    assert run("session", "4").exit_code == 0
    before = position(run)
    if how == "live":
        result = run("session", "4")
    else:
        result = run("replay", write(tmp_path, "s.log", "session 5\nnote a\nsession 5\n"))
        assert "s.log:3: session 5: " in result.stderr, result.stderr
    number = 4 if how == "live" else 5
    assert result.exit_code == 2, result.output
    said = " ".join(result.stderr.split())
    assert f"session {number} is already open" in said, said
    assert "never reopened" not in said
    assert position(run) == before


def test_opening_an_ended_session_again_says_it_has_ended(run):
    assert run("session", "4").exit_code == 0
    assert run("session", "end").exit_code == 0
    before = position(run)
    result = run("session", "4")
    assert result.exit_code == 2, result.output
    said = " ".join(result.stderr.split())
    assert "session 4 cannot open again: it has ended" in said, said
    assert position(run) == before


def test_a_global_option_or_a_calculators_option_given_twice_is_refused(
    campaign, tmp_path, monkeypatch
):
    # the root's options (--db, --gm) and `rules trait` (its own command class) parse as every
    # logging command does: Click alone keeps the last --db, and would write to b.db unsaid
    monkeypatch.chdir(tmp_path)
    result = campaign("--db", "a.db", "--db", "b.db", "session", "1")
    assert result.exit_code == 2, result.output
    assert f"--db is given twice (a.db and b.db){ONCE}" in result.output
    assert not (tmp_path / "a.db").exists() and not (tmp_path / "b.db").exists()
    result = campaign("--gm", "ann", "--gm", "bo", "--db", "a.db", "session", "1")
    assert result.exit_code == 2 and "--gm is given twice (ann and bo)" in result.output
    result = campaign("rules", "trait", "greed", "--result", "3", "--result", "4")
    assert result.exit_code == 2 and f"--result is given twice (3 and 4){ONCE}" in result.output
    assert campaign("rules", "trait", "greed", "--result", "3").exit_code == 0
