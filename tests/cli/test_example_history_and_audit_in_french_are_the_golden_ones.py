"""Given the bundled example campaign replayed, when a French GM reads its ``history`` and its
``audit`` (``CAMPAIGN_LANG=fr``, 100 columns), then each is its golden French screen
(tests/golden/example-history-fr.txt, example-audit-fr.txt), and no English word is left in them
but the campaign's own text (docs/fr.md): what the logs wrote (names, reasons, notes), and what
``--json`` holds as data — handles, event kinds, the rules' answers and rulings in the log
language's words (``flee``, ``first-death``), the rules' citations (the seeds' French)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from campaign.rules.d6harmonie.catalogue import CATALOGUE
from cli.main import app
from tests.cli.test_example_in_french_is_the_golden_one import WORD
from tests.paths import GOLDEN, ROOT

LOGS = sorted((ROOT / "examples" / "campaign").glob("*.log"))
SCREEN = {"COLUMNS": "100", "NO_COLOR": "1"}
WIDE = {"COLUMNS": "400", "NO_COLOR": "1"}  # no word cut by a wrapped cell
GOLDENS = {"history": "example-history-fr.txt", "audit": "example-audit-fr.txt"}
# words both languages write alike, and those of the audit's own codes and citations
SAME_IN_BOTH = {"Session", "session", "Code", "note", "Note", "info", "MJ", "table"}


def _read(db: str, lang: str, *command: str, screen: dict[str, str] = SCREEN) -> str:
    result = CliRunner().invoke(app, ["--db", db, *command], env={**screen, "CAMPAIGN_LANG": lang})
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture(scope="module")
def example(tmp_path_factory) -> str:
    db = str(tmp_path_factory.mktemp("example") / "campaign.db")
    replayed = CliRunner().invoke(app, ["--db", db, "replay", *map(str, LOGS)])
    assert replayed.exit_code == 0, replayed.output
    return db


def _data_words(db: str) -> set[str]:
    """Every word the example's logs wrote (their lines, not their comments), and every word of
    the data ``history --json`` and ``audit --json`` hold (not a finding's English message)."""
    words: set[str] = set()
    for log in LOGS:
        lines = log.read_text("utf-8").splitlines()
        words |= {w for line in lines if not line.startswith("#") for w in WORD.findall(line)}
    for command, rows in (("history", "events"), ("audit", "findings")):
        for row in json.loads(_read(db, "en", command, "--json"))[rows]:
            words |= _words_of([v for k, v in row.items() if k != "message"])
    # a trait is drawn with the seed's French name beside its key: ``enemy (Ennemi)``
    return words | {w for trait in CATALOGUE for w in WORD.findall(trait.name_fr)}


def _words_of(value: object) -> set[str]:
    """The words of a JSON value, its objects' keys too (a rules' answer ``group gnolls, checks
    first-death`` is drawn with its keys)."""
    if isinstance(value, dict):
        return set(WORD.findall(" ".join(value))) | _words_of(list(value.values()))
    if isinstance(value, list):
        return set().union(*map(_words_of, value)) if value else set()
    return set(WORD.findall(value)) if isinstance(value, str) else set()


@pytest.mark.parametrize("command", sorted(GOLDENS))
def test_the_french_screen_of_the_example_is_the_golden_one(example, command):
    assert _read(example, "fr", command) == (GOLDEN / GOLDENS[command]).read_text("utf-8")


@pytest.mark.parametrize(
    ("command", "english_only"),
    [("history", {"Ruled", "Subject"}), ("audit", {"findings", "warnings", "against"})],
)
def test_no_english_word_is_left_in_the_french_screen_but_the_data(example, command, english_only):
    data = _data_words(example) | SAME_IN_BOTH
    english = set(WORD.findall(_read(example, "en", command, screen=WIDE))) - data
    assert english_only <= english  # the check checks
    french = set(WORD.findall(_read(example, "fr", command, screen=WIDE)))
    assert sorted(french & english) == []
