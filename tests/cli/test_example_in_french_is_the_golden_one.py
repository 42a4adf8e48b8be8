"""Given the bundled example campaign, when a French GM replays it and asks for ``status --all``
(what ``CAMPAIGN_LANG=fr examples/play.sh`` shows), then the screens are the golden French
transcript (tests/golden/example-play-fr.txt), and no English word is left in them but the
campaign's own data: handles, names, reasons, the log language's words (docs/fr.md)."""

from __future__ import annotations

import contextlib
import json
import re

import pytest
from typer.testing import CliRunner

from campaign.core.errors import ImpossibleInput
from campaign.rules.d6harmonie import find_trait
from cli.main import app
from tests.paths import GOLDEN, ROOT

EXAMPLES = ROOT / "examples"
LOGS = sorted((EXAMPLES / "campaign").glob("*.log"))
TRANSCRIPT = GOLDEN / "example-play-fr.txt"
SCREEN = {"COLUMNS": "100", "NO_COLOR": "1"}

# The status JSON's text that is the campaign's own (a handle, a name, a reason, a log word):
# shown as it is in both languages. The keys of `stats`, `saves` and `hp_lost` are log words too.
DATA_KEYS = {"handle", "name", "reason", "detail", "troop", "slot", "applies_to", "key"}
DATA_KEYS |= {"retainer_of", "source", "subject"}
KEYED = {"stats", "saves", "hp_lost"}
# Words both languages write alike.
SAME_IN_BOTH = {"Session", "session", "audit", "base", "bonus", "conditions", "intact"}
SAME_IN_BOTH |= {"pts", "service", "table", "MORAL"}
WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")


def play(db: str, lang: str) -> str:
    """What examples/play.sh prints: the replay of the logs, then ``status --all``; the logs'
    directory written ``examples``, wherever the repository is."""
    runner = CliRunner()
    env = {**SCREEN, "CAMPAIGN_LANG": lang}
    shown = ""
    for args in (["replay", *map(str, LOGS)], ["status", "--all"]):
        result = runner.invoke(app, ["--db", db, *args], env=env)
        assert result.exit_code == 0, result.output
        shown += result.stdout
    return shown.replace(str(EXAMPLES), "examples")


@pytest.fixture(scope="module")
def screens(tmp_path_factory):
    """The French and the English screens of the example, and its status JSON."""
    where = tmp_path_factory.mktemp("example")
    french = play(str(where / "fr.db"), "fr")
    english = play(str(where / "en.db"), "en")
    status = CliRunner().invoke(app, ["--db", str(where / "en.db"), "status", "--all", "--json"])
    return french, english, json.loads(status.stdout)


def test_the_example_in_french_is_the_golden_transcript(screens):
    french, _english, _status = screens
    assert french == TRANSCRIPT.read_text("utf-8")


def _data_words(value: object, key: str | None = None) -> set[str]:
    """Every word of the campaign's own text in the status JSON (:data:`DATA_KEYS`), and the
    French names the status shows beside trait keys."""
    words: set[str] = set()
    if isinstance(value, dict):
        for name, inner in value.items():
            if key in KEYED:
                words |= set(WORD.findall(name))
            words |= _data_words(inner, name)
    elif isinstance(value, list):
        for inner in value:
            words |= _data_words(inner, key)
    elif isinstance(value, str) and key in DATA_KEYS:
        words |= set(WORD.findall(value))
        if key == "key":
            with contextlib.suppress(ImpossibleInput):  # a key of another kind: no French name
                words |= set(WORD.findall(find_trait(value).name_fr))
    return words


def _words(screen: str, data: set[str]) -> set[str]:
    """The words of a screen but the data's, the log language's (between backticks) and the
    logs' file names."""
    screen = re.sub(r"`[^`]*`|\S*examples/campaign/\S*", " ", screen)
    return set(WORD.findall(screen)) - data


def test_no_english_word_is_left_in_the_french_screens_but_the_data(screens):
    french, english, status = screens
    data = _data_words(status)
    english_words = _words(english, data) - SAME_IN_BOTH
    assert {"Group", "recorded", "killed", "fled", "until"} <= english_words  # the check checks
    assert sorted(_words(french, data) & english_words) == []
