"""Given a history with a character's items named in French (``Épée longue``) and with ``_`` or
``/`` in their names, and an encounter's group, when `history --subject` asks for one of them, then
the subject matches as the tracker matches names (docs/log-language.md#handles: case-insensitive;
one Unicode form — ``same_name``): typed as stored, in another case or as letters and combining
accents, on SQLite and PostgreSQL alike; ``_`` and ``%`` are characters, never wildcards; a handle
still includes its groups and items (``ford``, ``ana``), and a subject no event is about exits 2."""

import json
import unicodedata

import pytest
from typer.testing import CliRunner

from cli.main import app

SWORD = "Épée longue"
NFD = unicodedata.normalize("NFD", SWORD)


def run(db, *words, code=0):
    result = CliRunner().invoke(app, ["--db", db, *words], env={"COLUMNS": "120"})
    assert result.exit_code == code, result.output
    return result


def about(db, *words):
    """The subjects and kinds of `history --json` with ``words`` (a subject, filters)."""
    events = json.loads(run(db, "history", "--subject", *words, "--json").stdout)["events"]
    return [(e["subject"], e["kind"]) for e in events]


def nothing_is_about(db, subject):
    result = run(db, "history", "--subject", subject, "--json", code=2)
    assert f"--subject: no event is about {subject!r}" in result.stderr
    assert result.stdout == ""


@pytest.fixture
def ledger(store_url):
    for words in (
        ["session", "1"],
        ["encounter", "start", "ford", "--name", "Ambush at the ford"],
        ["encounter", "group", "ford", "goblins", "--count", "12", "--morale", "7"],
        ["character", "create", "ana"],
        ["character", "item", "ana", SWORD, "--slot", "held"],
        ["character", "item", "ana", "Potion_de_soin", "--slot", "held"],
        ["character", "item", "ana", "Arc/flèches", "--slot", "held"],
        ["session", "2"],
        ["note", "a quiet day"],
    ):
        run(store_url, *words)
    return store_url


SWORD_EVENTS = [(f"ana/{SWORD}", "item-acquired")]


@pytest.mark.parametrize(
    "typed",
    [
        f"ana/{SWORD}",  # as stored
        f"ana/{SWORD.upper()}",  # ÉPÉE LONGUE
        f"Ana/{SWORD.lower()}",
        f"ana/{NFD}",  # E + U+0301, as a macOS keyboard types it
        f"ANA/{NFD.upper()}",
        f"ana/ {SWORD} ",  # a name is trimmed, as the tracker trims it
    ],
)
def test_an_item_with_accented_capitals_is_found_in_any_case_and_form(ledger, typed):
    assert about(ledger, typed) == SWORD_EVENTS


def test_the_filters_and_time_travel_find_it_in_any_form_too(ledger):
    # the item is about session 1: in session 2 its history is empty, not an unknown subject
    assert about(ledger, f"ANA/{NFD}", "--session", "2") == []
    assert about(ledger, f"ana/{NFD}", "--session", "1") == SWORD_EVENTS
    (bought,) = json.loads(run(ledger, "history", "--subject", f"ana/{SWORD}", "--json").stdout)[
        "events"
    ]
    at = f"event:{bought['position']}"
    assert about(ledger, f"ana/{SWORD.upper()}", "--as-of", at) == SWORD_EVENTS
    before = run(ledger, "history", "--subject", f"ana/{NFD}", "--as-of", "event:2", code=2)
    assert f"no event is about 'ana/{NFD}' as of event:2" in before.stderr
    nothing_is_about(ledger, f"ana/{SWORD}".replace("longue", "courte"))


def test_the_rich_table_shows_it_too(ledger):
    table = run(ledger, "history", "--subject", f"ANA/{NFD}").stdout
    assert f"ana/{SWORD}" in table and "character item ana" in table


@pytest.mark.parametrize("typed", ["_ord", "%", "f%", "an%", "_na", "ana/%", "ana/Potion%",
                                   "ana/Potion_de_soi_", "%/goblins", "ford/_oblins"])  # fmt: skip
def test_wildcards_are_literal_characters(ledger, typed):
    nothing_is_about(ledger, typed)


def test_an_underscore_in_a_name_is_matched_as_itself(ledger):
    assert about(ledger, "ana/POTION_DE_SOIN") == [("ana/Potion_de_soin", "item-acquired")]


def test_a_handle_includes_its_groups_and_items_and_an_item_nothing_else(ledger):
    items = [(f"ana/{name}", "item-acquired") for name in (SWORD, "Potion_de_soin", "Arc/flèches")]
    assert about(ledger, "ana") == [("ana", "character-created"), *items]
    assert about(ledger, "ANA") == about(ledger, "ana")
    board = [("ford", "encounter-started"), ("ford/goblins", "group-added")]
    assert [s for s, _ in about(ledger, "Ford")] == [s for s, _ in board]
    assert [s for s, _ in about(ledger, "ford/GOBLINS")] == ["ford/goblins"]
    # a name holding a slash is one item: its first half names no item
    assert about(ledger, "ana/ARC/FLÈCHES") == [("ana/Arc/flèches", "item-acquired")]
    nothing_is_about(ledger, "ana/Arc")
    assert [s for s, _ in about(ledger, "campaign")][:1] == ["campaign"]


@pytest.mark.parametrize("typed", ["goblins", "an", "ana/", "ford/", "ána", "ana/Épée"])
def test_a_subject_nothing_is_about_still_exits_2(ledger, typed):
    nothing_is_about(ledger, typed)
