"""Given text the log language refuses — a control character (ESC, BEL, DEL, C1) or an invisible
format character (a bidirectional override, a zero-width space: Unicode category Cf) — then no
command records it: a live command, a log line and ``import`` refuse it (exit 2, naming the field,
and the line of a file), ``verify --file`` names the line that holds it; and every output — the
exports (log, jsonl, markdown) and the screens — shows such text escaped (``\\x1b``, ``\\u202e``)
when a store already holds it, never raw (docs/log-language.md#values)."""

from __future__ import annotations

import json
import re
import unicodedata
from uuid import UUID

import pytest

import aggregates.values
from campaign.core.integrity import GENESIS, event_hash
from campaign.history.transfer import row_state
from campaign.service.application import app_transcoder

ESC = "pl\x1b]0;pwned\x07ain"  # an OSC sequence: retitles the terminal's window
RLO = "paid \u202e0001 stnuoc"  # reads "paid tnuocs 1000" on the screen
REFUSED = re.compile(  # what no output may hold raw (among them: those the tests give)
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]"
)


def _ok(campaign, *args: str):
    result = campaign(*args)
    assert result.exit_code == 0, (args, result.output)
    return result


def _events(campaign, db) -> list[dict]:
    return json.loads(_ok(campaign, "--db", db, "history", "--json").stdout)["events"]


@pytest.fixture
def exported(campaign, tmp_path) -> list[str]:
    """The jsonl export of a short history: two notes, the first of them ``plain``."""
    db = str(tmp_path / "source.db")
    for words in (["session", "1"], ["note", "plain"], ["note", "after"], ["session", "end"]):
        _ok(campaign, "--db", db, *words)
    return _ok(campaign, "--db", db, "export", "--format", "jsonl").stdout.splitlines()


def _tampered(
    lines: list[str], text: str, key: str = "text", was: str = "plain"
) -> tuple[list[str], int]:
    """The note ``plain`` (``data[key]`` that ``was``) replaced by ``text`` and the whole chain
    recomputed from there on, as anyone can on a store without ``CAMPAIGN_KEY``
    (campaign/history/chain.py): the line's number is returned."""
    rows = [json.loads(line) for line in lines]
    edited = next(i for i, row in enumerate(rows) if row["data"].get(key) == was)
    rows[edited]["data"][key] = text
    prev = GENESIS
    for row in rows:
        row["prev_hash"] = prev
        state = row_state(app_transcoder(), row)
        row["hash"] = prev = event_hash(
            row["type"], UUID(row["aggregate_id"]), row["aggregate_version"], state, prev
        )
    return [json.dumps(row, ensure_ascii=False) for row in rows], edited + 1


@pytest.mark.parametrize(
    ("text", "code"),
    [(ESC, "U+001B"), ("bell\x07", "U+0007"), ("nel\x85", "U+0085"), (RLO, "U+202E"),
     ("zw\u200bsp", "U+200B"), ("iso\u2066late", "U+2066"), ("alm\u061c", "U+061C")],
    ids=["ESC", "BEL", "C1", "RLO", "ZWSP", "LRI", "ALM"],
)  # fmt: skip
def test_a_rechained_export_with_refused_text_is_refused_by_import_and_verify(
    campaign, tmp_path, exported, text, code
):
    lines, number = _tampered(exported, text)
    path = tmp_path / "tampered.jsonl"
    path.write_text("\n".join(lines) + "\n", "utf-8")
    found = campaign("verify", "--file", str(path), "--json")
    assert found.exit_code == 1, found.output
    verdict = json.loads(found.stdout)
    assert not verdict["intact"] and verdict["line"] == number, verdict
    assert "text" in verdict["reason"] and code in verdict["reason"], verdict
    target = tmp_path / "target.db"
    result = campaign("--db", str(target), "import", str(path))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert f"tampered.jsonl:{number}:" in result.stderr and "text" in result.stderr
    assert code in result.stderr, result.stderr
    assert REFUSED.search(result.stderr) is None  # the error shows it escaped
    assert not target.exists() or _events(campaign, str(target)) == []  # nothing written


@pytest.mark.parametrize(
    ("key", "was", "now"),
    [("handle", "ford", "Ford"), ("handle", "ford", "the ford"), ("handle", "ford", "ford\u200b"),
     ("reason", "unpaid", " ")],
)  # fmt: skip
def test_a_rechained_export_with_a_handle_or_reason_no_command_records_is_refused(
    campaign, tmp_path, key, was, now
):
    db = str(tmp_path / "source.db")
    for words in (
        ["session", "1"],
        ["encounter", "start", "ford"],
        ["company", "hire", "h", "--troop", "militia", "--size", "4"],
        ["company", "modifier", "h", "-1", "--reason", "unpaid"],
        ["note", "after"],
    ):
        _ok(campaign, "--db", db, *words)
    exported = _ok(campaign, "--db", db, "export", "--format", "jsonl").stdout.splitlines()
    lines, number = _tampered(exported, now, key=key, was=was)
    path = tmp_path / "tampered.jsonl"
    path.write_text("\n".join(lines) + "\n", "utf-8")
    result = campaign("--db", str(tmp_path / "target.db"), "import", str(path))
    assert result.exit_code == 2, result.output
    assert f"tampered.jsonl:{number}: field '{key}': " in result.stderr, result.stderr
    verdict = json.loads(campaign("verify", "--file", str(path), "--json").stdout)
    assert not verdict["intact"] and verdict["line"] == number, verdict


@pytest.fixture
def store(campaign, tmp_path) -> str:
    db = str(tmp_path / "campaign.db")
    for words in (
        ["session", "1"],
        ["encounter", "start", "ford"],
        ["encounter", "group", "ford", "gob", "--count", "6", "--morale", "7"],
        ["company", "hire", "lances", "--troop", "trained", "--size", "10"],
        ["character", "create", "pc", "--name", "Brynn"],
    ):
        _ok(campaign, "--db", db, *words)
    return db


@pytest.mark.parametrize(
    ("words", "option", "code"),
    [
        (["note", RLO], None, "U+202E"),
        (["note", "fine", "--note", "a\u200bb"], "--note", "U+200B"),
        (["session", "2", "--title", "\u2067Ford\u2069"], "--title", "U+2067"),
        (["encounter", "start", "hill", "--name", "\ufeffHill"], "--name", "U+FEFF"),
        (["company", "modifier", "lances", "-1", "--reason", "a\u061cb"], "--reason", "U+061C"),
        (["adjust", "ford", "gob", "-1", "--reason", "soft\u00adhyphen"], "--reason", "U+00AD"),
        (["character", "item", "pc", "Sword\u202e", "--slot", "held"], None, "U+202E"),
    ],
)  # fmt: skip
def test_a_live_command_refuses_a_format_character_in_any_text(
    campaign, store, words, option, code
):
    before = _events(campaign, store)
    result = campaign("--db", store, *words)
    assert result.exit_code == 2, result.output
    assert code in result.stderr, result.stderr
    if option is not None:
        assert result.stderr.startswith(f"error: {option}: "), result.stderr
    assert REFUSED.search(result.stderr) is None
    assert _events(campaign, store) == before


def test_a_log_line_with_a_format_character_is_refused_naming_the_line(campaign, tmp_path):
    log = tmp_path / "s1.log"
    log.write_text(f'session 1\nnote fine\nnote "{RLO}"\n', "utf-8")
    db = tmp_path / "campaign.db"
    result = campaign("--db", str(db), "replay", str(log))
    assert result.exit_code == 2, result.output
    assert "s1.log:3:" in result.stderr and "U+202E" in result.stderr
    assert not db.exists() or _events(campaign, str(db)) == []


def test_french_text_is_accepted(campaign, store):
    french = "Œil-de-bœuf, « l’épée » — garçon à l’âme forte ; déjà vu… Ça !"
    _ok(campaign, "--db", store, "note", french, "--note", "Élodie\tNoël\nÇà")
    log = _ok(campaign, "--db", store, "export", "--format", "log").stdout
    assert french in log and "Élodie\tNoël\nÇà" in log


def _unshown(text: str) -> str | None:
    found = REFUSED.search(text)
    return None if found is None else f"U+{ord(found.group()):04X} {text[:200]!r}"


def test_a_store_holding_refused_text_exports_and_shows_it_escaped(
    campaign, store, tmp_path, monkeypatch
):
    with monkeypatch.context() as older:  # as a store recorded before such text was refused
        older.setattr(aggregates.values, "_CONTROL", re.compile("(?!)"))
        for words in (
            ["note", ESC],
            ["note", RLO, "--note", "bom\ufeff"],
            ["company", "hire", "h", "--troop", "militia", "--size", "4", "--name", "\u2066H"],
            ["adjust", "ford", "gob", "-1", "--reason", "del\x7f c1\x9b"],
        ):
            _ok(campaign, "--db", store, *words)
    monkeypatch.setenv("COLUMNS", "400")
    for words in (
        ["export", "--format", "log"],
        ["export", "--format", "jsonl"],
        ["export", "--format", "markdown"],
        ["history"],
        ["history", "--json"],
        ["status"],
        ["status", "--json"],
        ["audit"],
        ["audit", "--json"],
        ["modifiers"],
    ):
        result = campaign("--db", store, *words)
        assert result.exit_code in (0, 3), (words, result.output)  # audit: 3 with findings
        assert _unshown(result.stdout) is None, words
    withdrawn = _ok(campaign, "--db", store, "retract", "last").stdout  # says the line withdrawn
    assert _unshown(withdrawn) is None and '"del\\x7f c1\\x9b"' in withdrawn, withdrawn
    log = _ok(campaign, "--db", store, "export", "--format", "log").stdout
    assert "\\x1b]0;pwned\\x07ain" in log and "\\u202e" in log and "\\u2066H" in log
    history = _ok(campaign, "--db", store, "history").stdout
    assert "\\x1b]0;pwned\\x07ain" in history and "\\u202e" in history
    # the jsonl export keeps the exact text (JSON escapes): the store's chain holds, and the file
    # is what import refuses, at the first line holding such text
    jsonl = _ok(campaign, "--db", store, "export", "--format", "jsonl").stdout
    texts = [json.loads(line)["data"].get("text") for line in jsonl.splitlines()]
    assert ESC in texts and RLO in texts
    assert json.loads(_ok(campaign, "--db", store, "verify", "--json").stdout)["intact"]
    path = tmp_path / "copy.jsonl"
    path.write_text(jsonl, "utf-8")
    found = json.loads(campaign("verify", "--file", str(path), "--json").stdout)
    assert found["line"] == texts.index(ESC) + 1 and "U+001B" in found["reason"], found
    # the exported log replays: the text it could not hold comes back written out
    exported = tmp_path / "exported.log"
    exported.write_text(log, "utf-8")
    again = str(tmp_path / "again.db")
    _ok(campaign, "--db", again, "replay", str(exported))
    notes = [e["note"] for e in _events(campaign, again) if e["kind"] == "note-recorded"]
    assert notes == ["pl\\x1b]0;pwned\\x07ain", "bom\\ufeff"], notes  # written out, as text


def test_the_refused_characters_are_every_control_and_format_character():
    """The one rule (campaign/core/text.py) holds C0 but tab and line feed, DEL, C1, and every
    character of Unicode category Cf this Python knows (and those of a later Unicode, which
    this Python's table does not know yet)."""
    from campaign.core.text import refused

    for code in range(0x110000):
        char = chr(code)
        category = unicodedata.category(char)
        if category == "Cs":
            continue
        control = (code < 0x20 or 0x7F <= code <= 0x9F) and char not in "\t\n"
        if control or category == "Cf":
            assert refused(f"a{char}b") == char, f"U+{code:04X}"
        else:
            assert refused(f"a{char}b") is None or category == "Cn", f"U+{code:04X}"


def test_the_calculator_shows_a_name_given_to_it_escaped(campaign):
    result = campaign("rules", "item-candidates", "--item", f"Ring{ESC}\u202e:jewelry")
    assert result.exit_code == 0, result.output
    assert _unshown(result.stdout) is None and "Ringpl\\x1b]0;pwned" in result.stdout
