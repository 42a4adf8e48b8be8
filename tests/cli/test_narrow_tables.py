"""Tables on any terminal (docs/cli.md#reading, docs/audit.md): whatever its width, a GM reads every
subject and handle whole and every number — long names break over lines, and below the width a table
needs, the view becomes a few lines per row. Through the CLI at 60, 80 and 200 columns.

What these pin: the audit cuts no subject (at 20 letters two groups of one encounter would both
read ``greywater-ford/red-…``), and a long encounter handle, its group heading in the Code
column, leaves "Rules say → ruled" on an 80-column terminal; the companies' and the modifiers'
first columns wrap, so a long name or handle leaves the numbers whole, not ``…`` nor gone;
the narrow board keeps a group's successes."""

import json
import re

import pytest
from rich.cells import cell_len
from rich.console import Console
from typer.testing import CliRunner

from cli import render
from cli.main import app
from cli.render import plain

WIDTHS = ["60", "80", "200"]
FORD = "greywater-ford"
LEFT, RIGHT = "red-hand-goblins-left", "red-hand-goblins-right"
AMBUSH = "the-ambush-at-the-greywater-ford-crossing-of-the-marches"  # 56 letters
LANCES_NAME = "The Red Lances of the Greywater Marches"
FREE = "free-company"
FREE_NAME = "The Seventy-Two Character Named Free Company of the Greywater Marchlands"
GUARD = "old-guard-of-the-greywater-marches-and-the-higher-fells"  # 55 letters
REEDS = "red-hand-goblins-in-the-western-reeds"  # greywater-ford/…: 52 letters

AUDIT_LOG = f"""\
session 1
encounter start {FORD}
encounter group {FORD} {LEFT} --count 20 --morale 7
encounter group {FORD} {RIGHT} --count 20 --morale 7
casualty {FORD} {LEFT} 1
casualty {FORD} {RIGHT} 1
encounter start {AMBUSH}
encounter group {AMBUSH} {LEFT} --count 12 --morale 7
morale {AMBUSH} {LEFT} --roll 6,6 --ruling fight --note "the war cry of Brynn"
"""

STATUS_LOG = f"""\
session 1
company hire red-lances --troop trained --mounted --size 20 --name "{LANCES_NAME}"
company modifier red-lances +1 --reason "shared the dragon hoard"
company hire {FREE} --troop militia --size 12 --morale 8 --name "{FREE_NAME}"
company hire {GUARD} --troop barbarian --size 9
company modifier {GUARD} -1 --reason "unpaid since the thaw"
encounter start {FORD}
encounter group {FORD} {LEFT} --count 20 --morale 7
encounter group {FORD} {REEDS} --count 14 --morale 8
encounter join {FORD} red-lances
casualty {FORD} {LEFT} 1
morale {FORD} {LEFT} --roll 2,2
adjust {FORD} {REEDS} -1 --reason "their chief falls"
casualty {FORD} red-lances 1
casualty {FORD} red-lances 2 --incapacitated
"""


def replayed(tmp_path_factory, name, text):
    folder = tmp_path_factory.mktemp(name)
    (folder / "session.log").write_text(text, encoding="utf-8")
    db = str(folder / "campaign.db")
    result = CliRunner().invoke(app, ["--db", db, "replay", str(folder / "session.log")])
    assert result.exit_code == 0, result.output
    return db


@pytest.fixture(scope="module")
def audit_db(tmp_path_factory):
    return replayed(tmp_path_factory, "audit", AUDIT_LOG)


@pytest.fixture(scope="module")
def status_db(tmp_path_factory):
    return replayed(tmp_path_factory, "status", STATUS_LOG)


def shown(campaign, monkeypatch, columns, *args, until=None, cuts=False):
    """``campaign ARGS…`` at ``columns``: its output (up to the line ``until``), checked to
    fit and (unless it ``cuts`` a word too wide, as the history's commands do) to cut
    nothing."""
    monkeypatch.setenv("COLUMNS", columns)
    monkeypatch.setenv("NO_COLOR", "1")
    result = campaign(*args)
    assert result.exit_code in (0, 3), result.output
    text = result.stdout
    if until is not None:
        lines = text.splitlines(keepends=True)
        text = "".join(lines[: [line.rstrip() for line in lines].index(until)])
    assert max(len(line) for line in text.splitlines()) <= int(columns), text
    assert cuts or "…" not in text, text  # no cell, header or name cut short
    return text


def cut_or_whole(text):
    """A pattern of ``text`` with its whitespace removed, each of its words whole or cut short
    with ``…`` (a word wider than its column, in the history's commands)."""
    words = []
    for word in text.split():
        shorter = [re.escape(word[:end]) + "…" for end in range(len(word) - 1, 0, -1)]
        words.append("(?:" + "|".join([re.escape(word), *shorter]) + ")")
    return "".join(words)


def squeezed(text):
    return "".join(text.split())


def tables(text, **keys):
    """Each table in ``text`` as its rows, each ``{header: cell}`` with the whitespace
    removed (a cell's text joined over the lines it wraps to). A row begins after a section's
    rule, or on a line where the table's column among ``keys`` matches its pattern (the first
    line of a row's cell there)."""
    found, lines = [], None
    for line in text.splitlines():
        line = line.rstrip()
        if line.startswith("┏"):
            lines = []
            found.append(lines)
        elif lines is not None and line.startswith(("┃", "│", "├")):
            lines.append((line[0], line[1:-1].split(line[0])))
        elif line.startswith("└"):
            lines = None
    result = []
    for lines in found:
        header = [cells for border, cells in lines if border == "┃"]
        heads = [squeezed("".join(column)) for column in zip(*header, strict=True)]
        named = [(head, keys[head]) for head in heads if head in keys]
        assert len(named) == 1, heads  # a column cut away names nothing
        ((key, starts),) = named
        rows: list[dict[str, str]] = []
        section = True
        for border, cells in lines:
            if border != "│":
                section = border == "├"
                continue
            cells = dict(zip(heads, map(squeezed, cells), strict=True))
            if re.fullmatch(starts, cells[key]) or section or not rows:
                rows.append(cells)
            else:
                rows[-1] = {head: rows[-1][head] + cell for head, cell in cells.items()}
            section = False
        result.append(rows)
    return result


def prose(text):
    """The lines outside any table, whitespace removed."""
    outside, inside = [], False
    for line in text.splitlines():
        inside = (inside or line.startswith("┏")) and not line.startswith("└")
        if not inside and not line.startswith("└"):
            outside.append(line)
    return squeezed("\n".join(outside))


# --- the audit -----------------------------------------------------------------------------------


@pytest.mark.parametrize("columns", WIDTHS)
def test_the_audit_names_each_subject_whole(campaign, monkeypatch, audit_db, columns):
    text = shown(campaign, monkeypatch, columns, "--db", audit_db, "audit")
    expected = [  # position, code, subject, rules say → ruled
        ("6", "MOR002pending", f"{FORD}/{LEFT}", "first-death→none"),
        ("8", "MOR002pending", f"{FORD}/{RIGHT}", "first-death→none"),
        ("12", "MOR001", f"{AMBUSH}/{LEFT}", "flee→fight"),
        ("12", "GEN002", f"{AMBUSH}/{LEFT}", "—"),
    ]
    if int(columns) < 80:  # a block of lines per finding
        flat = prose(text)
        for position, code, subject, verdict in expected:
            assert f"#{position}{code}{subject}" in flat
            assert verdict == "—" or verdict in flat  # a note alone has no verdict line
        assert flat.count("note:thewarcryofBrynn") == 2
        return
    (rows,) = tables(text, Code=r".+")
    assert list(rows[0]) == ["#", "Code", "Subject", "Finding", "Rulessay→ruled", "Note"]
    assert [row["Subject"] for row in rows if not row["Code"]] == [FORD, AMBUSH]  # headings
    rows = [row for row in rows if row["Code"]]
    assert [row["#"] for row in rows] == [position for position, *_ in expected]
    assert [row["Code"] for row in rows] == [code for _, code, *_ in expected]
    for row, (_, _, subject, verdict) in zip(rows, expected, strict=True):
        assert row["Subject"] == subject  # whole
        assert row["Rulessay→ruled"] == verdict
    assert [row["Note"] for row in rows[2:]] == ["thewarcryofBrynn"] * 2


def test_a_long_encounter_heading_leaves_the_code_column_alone(campaign, monkeypatch, audit_db):
    text = shown(campaign, monkeypatch, "80", "--db", audit_db, "audit")
    (rows,) = tables(text, Code=r".+")
    assert max(len(row["Code"]) for row in rows) <= len("MOR002pending")
    assert [row["Subject"] for row in rows if not row["Code"]] == [FORD, AMBUSH]


# --- status: the companies, the board -----------------------------------------------------------

COMPANIES = [  # handle and name, troop, fit, morale, working conditions
    (f"red-lances{LANCES_NAME}", "trained,mounted", "17of20", "1killed,2incap.", "10", "table9",
     ["+1sharedthedragonhoard", "event4"]),
    (f"{FREE}{FREE_NAME}", "militia", "12of12", "", "8", "base8(table6)", []),
    (GUARD, "barbarian", "9of9", "", "6", "table7", ["-1unpaidsincethethaw", "event7"]),
]  # fmt: skip


@pytest.mark.parametrize("columns", WIDTHS)
def test_the_companies_keep_their_numbers(campaign, monkeypatch, status_db, columns):
    text = shown(campaign, monkeypatch, columns, "--db", status_db, "status")
    if int(columns) < 70:  # a block of lines per company
        flat = prose(text)
        for name, troop, fit, lost, morale, table, conditions in COMPANIES:
            lost = f",{lost}" if lost else ""
            assert f"{squeezed(name)}{troop};fit{fit}{lost};morale{morale},{table}" in flat
            assert all(squeezed(condition) in flat for condition in conditions)
        return
    _, rows = tables(text, Count=r"\d+", Fit=r"\d+of\d+")  # the board, the companies
    assert list(rows[0]) == ["Company", "Troop", "Fit", "Morale", "Workingconditions"]
    for row, expected in zip(rows, COMPANIES, strict=True):
        name, troop, fit, lost, morale, table, conditions = expected
        assert row["Company"] == squeezed(name)
        assert (row["Troop"], row["Fit"], row["Morale"]) == (troop, fit + lost, morale + table)
        for condition in conditions:
            assert condition in row["Workingconditions"]
        assert row["Workingconditions"] != "none" or not conditions


@pytest.mark.parametrize("columns", WIDTHS)
def test_the_board_says_a_groups_successes(campaign, monkeypatch, status_db, columns):
    # two successes and a group fights to the death: the GM needs the count mid-fight
    text = shown(campaign, monkeypatch, columns, "--db", status_db, "status", until="Companies")
    if int(columns) < 70:  # a line per group
        flat = prose(text)
        assert f"{LEFT}monsters,20:1killed,morale7,fighting(1success)" in flat
        assert f"{REEDS}monsters,14:—,morale8-1=7,fighting" in flat
        return
    (board,) = tables(text, Count=r"\d+")
    assert [(row["Group"], row["Kind"], row["Count"], row["Status"]) for row in board][:2] == [
        (LEFT, "monsters", "20", "fighting(1success)"),
        (REEDS, "monsters", "14", "fighting"),
    ]


# --- modifiers ----------------------------------------------------------------------------------

MODIFIERS = [  # subject, kind, rating, modifiers, effective
    (f"{FORD}/{LEFT}", "group", "7", "none", "7"),
    (f"{FORD}/{REEDS}", "group", "8", "-1theirchieffallsevent15", "7"),
    (f"{FORD}/red-lances", "group", "10", "none", "10"),
    ("red-lances", "company", "9", "+1sharedthedragonhoardevent4", "10"),
    (FREE, "company", "8", "none", "8"),
    (GUARD, "company", "7", "-1unpaidsincethethawevent7", "6"),
]  # fmt: skip


@pytest.mark.parametrize("columns", WIDTHS)
def test_the_modifiers_keep_their_numbers(campaign, monkeypatch, status_db, columns):
    text = shown(campaign, monkeypatch, columns, "--db", status_db, "modifiers")
    if int(columns) < 70:  # a block of lines per subject
        flat = prose(text)
        for subject, kind, rating, modifiers, effective in MODIFIERS:
            block = f"{subject}{kind}rating{rating},effective{effective}"
            assert block + (modifiers if modifiers != "none" else "") in flat
        return
    (rows,) = tables(text, Rating=r".+")
    assert list(rows[0]) == ["Subject", "Kind", "Rating", "Modifiers", "Effective"]
    rows = {row["Subject"]: row for row in rows}
    for subject, kind, rating, modifiers, effective in MODIFIERS:
        row = rows[subject]  # the handle whole
        assert (row["Kind"], row["Rating"], row["Effective"]) == (kind, rating, effective)
        assert row["Modifiers"].replace("(", "").replace(")", "") == modifiers


# --- the history, the characters ----------------------------------------------------------------

BRYNN = "brynn-of-the-greywater-marches-and-the-higher-fells"  # 51 letters
CEDRIC = "cedric-the-torchbearer-of-the-greywater-marches-company"  # 55
SPIDERS = "spiders-and-all-the-crawling-things-of-the-deep-woods-and-the-marches"  # 69
SHIELD = "Tower shield of the Seventy-Two Wardens of the Greywater Marchlands"
SWORD = "Sword-of-the-Seventy-Two-Wardens-of-the-Greywater-Marchlands-and-Fells"  # one word
WATCH = "the-long-night-watch-on-the-walls-of-the-old-keep-above-the-greywater-ford-crossing"
WAR_CRY = "the war cry of Brynn rang out over the water and the goblins held a moment longer"

CHARACTERS_LOG = f"""\
session 1
character create {BRYNN} --name "Brynn Ironhand" --flaw phobie-legere:{SPIDERS} --flaw vertigo \
--flaw greed
character finalize {BRYNN}
character item {BRYNN} "{SHIELD}" --slot shield --hardness 5 --hp 20
character item {BRYNN} "{SWORD}" --slot held --hardness 10 --hp 30
character saves {BRYNN} --fortitude 4 --reflex 1 --will 2
character create {CEDRIC} --name "Cedric the torchbearer" --retainer-of {BRYNN} --employer-cha 16
encounter start {AMBUSH} --name "Ambush at the ford"
encounter group {AMBUSH} {REEDS} --count 12 --morale 7
casualty {AMBUSH} {REEDS} 1
morale {AMBUSH} {REEDS} --roll 3,5 --ruling fight --note "{WAR_CRY}"
save {BRYNN} --vs "Fireball of the Red Hand Shaman" --type reflex --spell-level 3 --ability-mod 4 \
--effect half --damage 24 --energy --objects --roll 1 --item "{SHIELD}"
item-save {BRYNN} "{SHIELD}" --roll 9
trait {BRYNN} phobia-mild:{SPIDERS} --result 2 --duration 4h
trait {BRYNN} vertigo --trigger situation --result 2 --duration 3h
trait {BRYNN} greed --trigger missed-chance --result 2 --duration 5h
loyalty {CEDRIC} --roll 4,6 --ruling flee
note "a long note that says nothing of use and goes on to wrap over the lines of its column"
retract last --note "the wrong campaign"
encounter start {WATCH}
encounter group {WATCH} gob --count 3 --morale 7
"""


@pytest.fixture(scope="module")
def characters_db(tmp_path_factory):
    return replayed(tmp_path_factory, "characters", CHARACTERS_LOG)


def readings(text):
    """``text`` as it reads top to bottom, whitespace removed, its line breaks kept: the lines
    outside the tables, and each table column's lines."""
    outside, columns, table = [], {}, 0
    for line in text.splitlines():
        if line[:1] in ("│", "┃"):
            for index, cell in enumerate(line[1:-1].split(line[0])):
                columns.setdefault((table, index), []).append(squeezed(cell))
        elif line.startswith("┏"):
            table += 1
        elif not line.startswith(("┡", "└", "├")):
            outside.append(squeezed(line))
    return ["\n".join(outside), *("\n".join(column) for column in columns.values())]


def whole_or_broken_after_dashes(text, *handles):
    """Each handle is shown, and every time it is split over lines, after a - or a /: never
    in the middle of a word (``greywater-marches-and-t`` over ``he-higher-fells``)."""
    for handle in handles:
        pattern = re.compile("\n?".join(map(re.escape, handle)))
        found = [hit.group() for reading in readings(text) for hit in pattern.finditer(reading)]
        assert found, handle
        for shown in found:
            assert all(shown[at - 1] in "-/" for at, c in enumerate(shown) if c == "\n"), shown


@pytest.fixture(params=["whole", "streamed"])
def length(request, monkeypatch):
    """A history drawn whole (up to 1000 events) or, as a longer one is, a chunk at a time."""
    if request.param == "streamed":
        monkeypatch.setattr("cli.render.history.HISTORY_WHOLE", 5)
        monkeypatch.setattr("cli.render.history.HISTORY_CHUNK", 7)
    return request.param


def expected_history(campaign, db, *args):
    """The events of ``history ARGS`` as a person reads them: position, what, subject, the
    rules' answer, the ruling, the note — whitespace removed."""
    result = campaign("--db", db, "history", *args, "--json")
    assert result.exit_code == 0, result.output
    rows, session, creation = [], object(), None
    for event in json.loads(result.stdout)["events"]:
        first = event["command_position"] in (event["position"], creation)
        creation = None
        note = "(retracted)" if event["retracted"] else ""
        note += event["note"] or ""
        what = event["command"] if first else f"↳ {event['kind']}"
        if event["kind"] == "initialised":  # the session it opened shows the command
            what, creation = "campaign created", event["position"]
        elif not first and event["session"] != session:  # it opens the session's rows: the
            what += f" ({event['command']})"  # line that opened it beside it (`session 2 …`)
        session = event["session"]
        rules_say = event["rules_say"]
        rules_say = plain(rules_say) if not isinstance(rules_say, list) or len(rules_say) < 2 else (
            "oneof" + plain(rules_say))  # fmt: skip
        rows.append({"#": str(event["position"]), "what": cut_or_whole(what),
                     "subject": squeezed(event["subject"] or ""), "rules_say": squeezed(rules_say),
                     "ruled": squeezed(plain(event["ruled"])), "note": squeezed(note)})  # fmt: skip
    return rows


@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize("args", [[], ["--session", "1"], ["--subject", BRYNN]])
def test_the_history_shows_every_subject_and_ruling_whole(
    campaign, monkeypatch, characters_db, columns, args, length
):
    # 60 columns: the table's six columns would cut the rules' answer and the ruling to
    # `fighti…`; at any width a subject never folds mid-word (`…-marches-and-t` over
    # `he-higher-fells`); a command breaks at its spaces, a word wider than its column cut
    # short with … (tests/cli/test_history_reads_at_a_glance.py)
    text = shown(campaign, monkeypatch, columns, "--db", characters_db, "history", *args, cuts=True)
    expected = expected_history(campaign, characters_db, *args)
    whole_or_broken_after_dashes(text, BRYNN, *(() if args else (CEDRIC, AMBUSH, REEDS)))
    morale = "--subject" not in args  # the morale test, whose ruling departs from the rules
    if int(columns) < 80:  # a block of lines per event
        flat = prose(text)
        assert not morale or f"rulessayflee,ruledfight≠note:{squeezed(WAR_CRY)}" in flat
        for row in expected:
            block = f"#{re.escape(row['#'])}{row['what']}{re.escape(row['subject'])}"
            if row["rules_say"] or row["ruled"]:  # ≤ a trait's points cap; ≠ a departure
                rules_say, ruled = (re.escape(row[key] or "—") for key in ("rules_say", "ruled"))
                block += f"rulessay≤?{rules_say},ruled{ruled}≠?"
            if row["note"]:
                retracted = row["note"].startswith("(retracted)")
                note = row["note"].removeprefix("(retracted)")
                block += re.escape("(retracted)" * retracted + "note:" * bool(note) + note)
            assert re.search(block, flat), block
        return
    (rows,) = tables(text, **{"#": r"\d+"})
    heads = ["#", "Command(andwhatelseitrecorded)", "Subject", "Rulessay", "Ruled"]
    assert list(rows[0])[:5] == heads
    rows = [row for row in rows if row["#"]]  # not the session headings
    assert [row["#"] for row in rows] == [row["#"] for row in expected]
    for row, event in zip(rows, expected, strict=True):
        assert re.match(event["what"], row["Command(andwhatelseitrecorded)"])  # then a heading
        assert row["Subject"] == event["subject"]  # whole
        assert row["Rulessay"].removeprefix("≤") == event["rules_say"]
        assert row["Ruled"].removesuffix("≠") == event["ruled"]
        assert row.get("Note", "") == event["note"]
    marked = [(row["Rulessay"], row["Ruled"]) for row in rows if row["Ruled"].endswith("≠")]
    assert marked == ([("flee", "fight≠")] if morale else [])


@pytest.mark.parametrize("columns", WIDTHS)
def test_the_characters_keep_every_item_condition_and_handle_whole(
    campaign, monkeypatch, characters_db, columns
):
    # a flaw's detail, a condition's and a one-word item name wider than the column never end
    # in …; a long encounter handle never folds mid-word in its board's title, even at 200 columns
    text = shown(campaign, monkeypatch, columns, "--db", characters_db, "status")
    whole_or_broken_after_dashes(text, BRYNN, CEDRIC, SPIDERS, SWORD, AMBUSH, WATCH)
    flat = squeezed(text[text.index("\nCharacters\n") :])
    for expected in [
        f"BrynnIronhand({BRYNN})",
        f"phobia-mild(Phobielégère):{SPIDERS}4pts",
        "-2all-rollsvertigo(Vertige)untilday103:00",
        f"-1all-rollsphobia-mild(Phobielégère):{SPIDERS}untilday104:00",
        f"items{squeezed(SHIELD)}shielddamaged13/20hp",
        f"{SWORD}heldintact30/30hp",
        f"Cedricthetorchbearer({CEDRIC})—retainerof{BRYNN},loyalty9",
    ]:
        assert expected in flat, expected
    assert flat.count("untilday1") == 3  # greed's too


def test_a_long_history_on_a_narrow_terminal_is_printed_as_it_is_read(monkeypatch):
    # below 80 columns a long history is blocks of lines, still written a chunk at a time
    # (docs/PERFORMANCE.md B5: the history is never held whole)
    from tests.service.test_streaming import Spy, events

    monkeypatch.setattr("cli.render.history.HISTORY_WHOLE", 20)
    monkeypatch.setattr("cli.render.history.HISTORY_CHUNK", 15)
    consumed = []
    spy = Spy(consumed)
    render.print_history(Console(file=spy, width=60, color_system=None), events(200, consumed))
    assert spy.at[0] < 200  # the first events were out while the rest were unread
    lines = spy.getvalue().split("\n")[:-1]  # not splitlines(): a note holds U+2028
    assert max(map(cell_len, lines)) <= 60
    numbers = [int(line.split()[0][1:]) for line in lines if line.startswith("#")]
    assert numbers == list(range(1, 201))
    assert sum(line.startswith("session ") for line in lines) == 6  # where each one starts
    assert sum("(retracted)" in line for line in lines) == 200 // 11
