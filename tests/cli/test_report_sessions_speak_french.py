"""Given the bundled example campaign, when a French GM writes its report (``campaign --lang fr
report``), then each session's text — the recap's section (``export --format markdown``) — is
French too, for the GM and for the players (docs/cli.md#report, docs/fr.md)."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.paths import ROOT

LOGS = sorted((ROOT / "examples" / "campaign").glob("*.log"))


@pytest.fixture
def example(in_store):
    in_store("replay", *map(str, LOGS))
    return in_store


def _sessions(example, tmp_path, lang: str, players: tuple[str, ...]) -> str:
    """The sessions' text of the report in ``lang``: its articles, as read."""
    out = tmp_path / "report.html"
    example("--lang", lang, "report", *players, "-o", str(out))
    page = unescape(out.read_text("utf-8"))
    return "\n".join(re.findall(r"<article.*?</article>", page, flags=re.S))


@pytest.mark.parametrize("players", [(), ("--players",)], ids=["gm", "players"])
def test_the_sessions_text_is_french(example, tmp_path, players):
    french = _sessions(example, tmp_path, "fr", players)
    for words in ("Test de moral de", "Pertes", "Suivants", "Jets de sauvegarde", "1 naturel",
                  "toujours au combat", "2 tués, 3 hors de combat sur 10"):  # fmt: skip
        assert words in french, words
    for words in ("Morale of", "Casualties", "Retainers", "Saving throws", "still fighting",
                  " killed", "natural 1", "against"):  # fmt: skip
        assert words not in french, words
    english = _sessions(example, tmp_path, "en", players)
    assert "Morale of" in english and "Casualties" in english
