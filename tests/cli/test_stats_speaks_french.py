"""`campaign --lang fr stats`: the tables' titles, headings, trends and words in French (an
item's state as `status` says it), the data as written; `--json` the same in both languages
(docs/fr.md)."""

import pytest

from tests.paths import ROOT

LOGS = sorted((ROOT / "examples" / "campaign").glob("*.log"))
ENGLISH = (
    "Title", "Monsters", "Morale tests", "Rulings differed", "Items saved",
    "casualties:", "Trends", "monsters out", "at each session's end", "In service",
    "Damage taken", "Conscience lost", "by session",
)  # fmt: skip


@pytest.fixture
def example(in_store):
    in_store("replay", *map(str, LOGS))
    return in_store


def test_the_tables_speak_french(example, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    english, french = example("stats"), example("--lang", "fr", "stats")
    for words in ENGLISH:
        assert words in english, words
        assert words not in french, words
    for words in ("Sessions", "Titre", "Monstres", "Tests de moral", "Décisions différentes",
                  "pertes : tués · hors de combat", "Tendances, un bloc par session (1–3)",
                  "monstres hors combat", "Les compagnies à la fin de chaque session",
                  "Les personnages à la fin de chaque session", "En service", "oui",
                  "Dégâts subis par session", "The Grey Company", "Swords for Hire"):  # fmt: skip
        assert words in french, words
    assert example("--lang", "fr", "stats", "--json") == example("stats", "--json")


def test_one_session_in_french(example):
    french = example("--lang", "fr", "stats", "--session", "2")
    assert "Les compagnies à la fin de la session" in french
    assert "Tendances" not in french
