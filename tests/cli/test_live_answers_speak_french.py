"""Given a French GM (``--lang fr``), when the logging commands of the example campaign are
typed at the table, then each answers in French — ``session 1 ouverte``, ``2 tués (2 sur 6 hors
combat)``, ``les règles disent flee ; enregistré : fight (décision)`` — with the handles, names,
reasons and the log's words (``fight``, ``shield``) as typed (docs/fr.md)."""

from __future__ import annotations

import pytest


@pytest.fixture
def fr(campaign, tmp_path):
    db = str(tmp_path / "c.db")

    def run(*args: str) -> str:
        result = campaign("--lang", "fr", "--db", db, *args)
        assert result.exit_code == 0, result.output
        return result.stdout.strip()

    return run


def test_the_table_s_answers_in_french(fr):
    assert fr("session", "1", "--title", "The ford") == "session 1 ouverte — The ford"
    assert fr("note", "they camp by the river") == "noté"
    hired = fr("company", "hire", "levy", "--troop", "militia", "--size", "10", "--morale", "8")
    assert hired.splitlines()[0] == (
        "levy engagée : militia, 10 membres — moral 8 (base décidée 8 ; la table du type de "
        "troupe dit 6)"
    )
    assert fr("encounter", "start", "ford", "--name", "The ford") == (
        "rencontre ford commencée — The ford"
    )
    group = fr("encounter", "group", "ford", "goblins", "--count", "6", "--morale", "7")
    assert group == "ford : goblins ×6, moral 7 (au combat)"
    assert fr("encounter", "join", "ford", "levy") == "ford : levy se joint, 10 valides, moral 8"
    hurt = fr("casualty", "ford", "goblins", "2")
    assert hurt.startswith("goblins : 2 tués (2 sur 6 hors combat) — au combat; premier mort : ")
    assert "test de moral dû (moral 7)" in hurt
    tested = fr("morale", "ford", "goblins", "--roll", "6,5", "--ruling", "fight")
    assert tested.startswith(
        "goblins: 6+5 = 11 — les règles disent flee ; enregistré : fight (décision) → au combat"
    )
    assert fr("encounter", "end", "ford").startswith("rencontre ford terminée")
    fr("character", "create", "brynn", "--name", "Brynn")
    item = fr("character", "item", "brynn", "Tower shield", "--slot", "shield", "--hp", "20",
                "--hardness", "5")  # fmt: skip
    assert item == "brynn : Tower shield (shield, rang 1)"
    fr("character", "saves", "brynn", "--fortitude", "4", "--reflex", "1", "--will", "2")
    saved = fr("save", "brynn", "--vs", "Fireball", "--type", "reflex", "--dc", "15", "--roll", "1",
               "--objects", "--effect", "half", "--damage", "10", "--energy")  # fmt: skip
    assert saved.startswith("brynn: 1 naturel, total 2 contre DD 15 — les règles disent failure ;")
    assert "exposé : Tower shield (`item-save` à suivre)" in saved
    assert fr("retract", "last").startswith("commande retirée à event:")
    assert fr("session", "end").startswith("session 1 terminée")
