"""Given commands a later session withdrew — one of two item saves, a note — and a session whose
``session N`` line was retracted, when the recap is written in French, then the marks, the
*Withdrawn* list and the session that never took place are said in French, and the English
recap says them as before (docs/cli.md#export-and-import, docs/fr.md)."""

from __future__ import annotations

import json

SAVE = ("save", "ivo", "--vs", "Fireball", "--type", "reflex", "--dc", "15", "--effect", "half",
        "--damage", "12", "--objects", "--roll", "1", "--item", "Shield")  # fmt: skip
RECAP = ("export", "--format", "markdown")


def _history(in_store) -> None:
    in_store("session", "1")
    in_store("character", "create", "ivo", "--name", "Ivo")
    in_store("character", "saves", "ivo", "--fortitude", "1", "--reflex", "1", "--will", "1")
    in_store("character", "item", "ivo", "Shield", "--slot", "shield", "--hardness", "5",
             "--hp", "20")  # fmt: skip
    for _ in range(2):
        in_store(*SAVE)
        in_store("item-save", "ivo", "--roll", "3")
    in_store("note", "spoken")
    in_store("session", "2")
    events = json.loads(in_store("history", "--json"))["events"]
    item_save = [e["command_position"] for e in events if e["command"].startswith("item-save")]
    note = next(e["command_position"] for e in events if e["command"] == "note spoken")
    in_store("retract", f"event:{item_save[-1]}")
    in_store("retract", f"event:{note}")
    in_store("session", "3", "--title", "Oops")
    in_store("retract", "last")


def test_the_marks_of_what_a_later_session_withdrew_are_french(in_store):
    _history(in_store)
    french = in_store("--lang", "fr", *RECAP)
    assert "- Ivo, Shield : brisé, 6 pr sur 20 *(en partie retiré à la session 2)*" in french
    assert "- spoken *(retiré à la session 2)*" in french
    assert "### Retirés" in french
    assert "— enregistré à la session 1 (événement " in french
    assert "  - sur un 1 naturel, objet exposé : Shield" in french
    alone = in_store("--lang", "fr", *RECAP, "--session", "3")
    assert alone.startswith("## Session 3 — Oops\n\n*Retirée : sa ligne `session 3` a été retirée")
    assert "cette session n'a jamais eu lieu.*" in alone


def test_the_english_marks_are_as_before(in_store):
    _history(in_store)
    english = in_store(*RECAP)
    assert "- Ivo's Shield: broken, 6 of 20 hp *(part of it withdrawn in session 2)*" in english
    assert "- spoken *(withdrawn in session 2)*" in english
    assert "  - a natural 1: the Shield was exposed" in english
    alone = in_store(*RECAP, "--session", "3")
    assert "*Withdrawn: its `session 3` line was retracted (event " in alone
