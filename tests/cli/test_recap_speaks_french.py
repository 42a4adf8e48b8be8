"""Given the bundled example campaign, when a French GM writes its recap (``campaign --lang fr
export --format markdown``, the GM's or the players'), then it is the golden French recap
(tests/golden/example-recap-fr.md): its headings, sentences and words in French, the in-game
clock as ``jour 6, 14 h 00``, and no English word left but the campaign's own data — what the
logs wrote (names, reasons, notes, the log language's words such as ``fight``); the effects a
flaw roll recorded in the rules' catalogue's words are said in French (docs/fr.md). The English
recap stays the golden English one."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from cli.main import app
from tests.paths import GOLDEN, ROOT

LOGS = sorted((ROOT / "examples" / "campaign").glob("*.log"))
WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")
# Words both languages write alike.
SAME_IN_BOTH = {"Session", "session", "Notes", "total", "test"}
# The log language's words the rules answer with, shown as the log writes them (docs/fr.md)
LOG_WORDS = {"success", "failure", "fight", "flee", "surrender", "stay", "quit", "all-rolls"}


def recap(db: str, lang: str, *args: str) -> str:
    """``campaign --lang LANG export --format markdown ARGS…`` of the store ``db``."""
    command = ["--db", db, "--lang", lang, "export", "--format", "markdown", *args]
    result = CliRunner().invoke(app, command)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture(scope="module")
def example(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("example") / "campaign.db")
    replayed = CliRunner().invoke(app, ["--db", db, "replay", *map(str, LOGS)])
    assert replayed.exit_code == 0, replayed.output
    return db


def _data_words() -> set[str]:
    """Every word of the example's log lines (not of their comments)."""
    words = set()
    for log in LOGS:
        lines = log.read_text("utf-8").splitlines()
        words |= {w for line in lines if not line.startswith("#") for w in WORD.findall(line)}
    return words


def test_the_french_recap_of_the_example_is_the_golden_one(example):
    french = recap(example, "fr")
    assert french == (GOLDEN / "example-recap-fr.md").read_text("utf-8")
    assert "*2026-02-07 · heure de jeu à la fin : jour 6, 14 h 00*" in french


def test_the_english_recap_is_still_the_golden_one_after_a_french_one(example):
    recap(example, "fr")
    assert recap(example, "en") == (GOLDEN / "example-recap.md").read_text("utf-8")


@pytest.mark.parametrize("players", [(), ("--players",)], ids=["gm", "players"])
def test_no_english_word_is_left_in_the_french_recap_but_the_data(example, players):
    data = _data_words()
    english = set(WORD.findall(recap(example, "en", *players))) - data - SAME_IN_BOTH - LOG_WORDS
    assert {"Casualties", "against", "retainer", "Fate"} <= english  # the check checks
    if not players:
        assert {"depressed", "composure", "fear"} <= english  # the flaws' recorded effects
    french = set(WORD.findall(recap(example, "fr", *players)))
    assert sorted(french & english) == []
