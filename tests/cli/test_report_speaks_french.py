"""`campaign --lang fr report`: the page's own words in French — its headings, the replay's
tables and sentences, the charts' titles, an in-game time as `jour 6, 14 h 00` — and its data
the same in both languages (docs/cli.md#report, docs/fr.md). The sessions' recap, French too,
is checked in tests/cli/test_report_sessions_speak_french.py."""

import json
import re
from html import unescape

import pytest

from tests.paths import ROOT

LOGS = sorted((ROOT / "examples" / "campaign").glob("*.log"))
ENGLISH = (
    "Campaign report", "the GM's version", "Replay a session", "The morale board",
    "The companies", "The characters", "Effective morale", "In-game time", "Casualties per",
    "Morale tests per session", "at each session's end", "No findings", "before the session",
)  # fmt: skip


@pytest.fixture
def example(in_store):
    in_store("replay", *map(str, LOGS))
    return in_store


def _page(example, tmp_path, *args: str) -> str:
    out = tmp_path / f"report{len(args)}.html"
    example(*args, "report", "-o", str(out))
    return unescape(out.read_text("utf-8"))


def _data(page: str) -> dict[str, dict]:
    found = re.findall(r'id="replay-data-(\d+)">(.*?)</script>', page, re.S)
    return {number: json.loads(data) for number, data in found}


def test_the_pages_own_words_are_french(example, tmp_path):
    page = _page(example, tmp_path, "--lang", "fr")
    assert '<html lang="fr">' in page
    for words in ("Rapport de campagne", "la version du MJ", "Rejouer une session",
                  "Le tableau du moral", "Moral effectif", "Heure de jeu", "Pertes par session",
                  "Tests de moral par session", "jour 1, 14 h 40"):  # fmt: skip
        assert words in page, words
    section = re.search(r'<section id="replay"([^>]*)>', page).group(1)
    assert 'data-before="avant la première commande de la session (événement {event})"' in section
    shown = re.sub(r"<script.*?</script>|<svg.*?</svg>|<article.*?</article>", "", page, flags=re.S)
    for words in ENGLISH:
        assert words not in shown, words


def test_the_data_is_the_same_in_both_languages(example, tmp_path):
    english, french = _page(example, tmp_path), _page(example, tmp_path, "--lang", "fr")
    assert '<html lang="en">' in english
    for words in ENGLISH[:6]:
        assert words in english
    en, fr = _data(english), _data(french)
    assert en.keys() == fr.keys() == {"1", "2", "3"}
    for number in en:
        assert en[number]["start"] == fr[number]["start"]
        assert [s["changes"] for s in en[number]["steps"]] == [
            s["changes"] for s in fr[number]["steps"]
        ]
        assert [s["line"] for s in en[number]["steps"]] == [s["line"] for s in fr[number]["steps"]]
    said = [w for s in fr["1"]["steps"] for w in s["said"] if "décision" in w]
    assert said and all(", ruled" not in w for s in fr["1"]["steps"] for w in s["said"])
    stats = re.compile(r'data-stats="([^"]*)"')
    assert stats.search(english).group(1) == stats.search(french).group(1)
