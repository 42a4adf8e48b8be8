"""Given a French GM (``--lang fr``), when a log is replayed — for real, again, or as a dry run —
and ``status`` is asked on a wide or a narrow terminal, then every word the tracker adds is
French, counted as French counts (``0 avertissement``, ``2 tués``), the clock reads
``jour 1, 8 h 20``, and the campaign's own words (handles, names, log words) stay as they are
(docs/fr.md)."""

from __future__ import annotations

import pytest

LOG = """#! campaign-log 1
session 1
clock set "day 1 08:00"
encounter start ford --name "The ford"
encounter group ford goblins --count 6 --morale 7 --name "Goblin raiders"
casualty ford goblins 2
clock advance 20min
encounter start hill
encounter end hill
encounter end ford
character create brynn --name Brynn
character item brynn "Tower shield" --slot shield --hp 20 --hardness 5
"""


@pytest.fixture
def fr(campaign, tmp_path, monkeypatch):
    """``campaign --lang fr --db <a fresh store> ARGS…`` on a terminal ``columns`` wide."""
    db = str(tmp_path / "c.db")
    log = tmp_path / "s1.log"
    log.write_text(LOG, encoding="utf-8")

    def run(*args: str, columns: str = "100"):
        monkeypatch.setenv("COLUMNS", columns)
        result = campaign("--lang", "fr", "--db", db, *args)
        assert result.exit_code == 0, result.output
        return result.stdout

    run.log = str(log)  # type: ignore[attr-defined]
    return run


def test_a_replay_is_summed_up_in_french(fr):
    dry = fr("replay", "--dry-run", fr.log)
    assert "s1.log : session 1 — enregistrerait 14 événements" in dry
    first = fr("replay", fr.log)
    assert "s1.log : session 1 — 14 événements enregistrés" in first
    assert "audit : 1 constat (1 avertissement) — `campaign audit --session 1`" in first
    assert "avertissement : test de moral dû pour goblins (premier mort), aucun fait" in first
    again = fr("replay", fr.log)
    assert "s1.log : rien de nouveau. session 1 déjà enregistrée depuis ce texte : ignorée" in again


def test_status_is_drawn_in_french(fr):
    fr("replay", fr.log)
    shown = fr("status")
    assert "Session 1 (terminée)  ·  jour 1, 8 h 20  ·  événement " in shown
    assert "2 rencontres terminées non affichées : --all les affiche." in shown
    assert "Aucune rencontre ouverte." in shown
    assert "Tower shield  shield  intact  20/20 pr" in shown  # the name and the slot as given
    board = fr("status", "--all")
    for word in ("Groupe", "Type", "Effectif", "Hors combat", "Moral", "État", "monstres"):
        assert word in board
    assert "2 tués" in board and "au combat" in board
    assert "ford — The ford  (terminée)" in board
    assert "pas encore de groupe" in board  # the hill


def test_the_narrow_board_is_in_french_too(fr):
    fr("replay", fr.log)
    narrow = fr("status", "--all", columns="50")
    assert "goblins monstres, 6: 2 tués, moral 7, au combat" in narrow.replace("\n", " ")
