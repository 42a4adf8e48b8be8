"""`campaign handles [--json]`: every handle the store knows, by kind, with its name.

Given a store (SQLite or PostgreSQL) with encounters and groups (a joined company among them), a
company, and characters with items and traits, then `handles --json` lists them kind after kind,
each kind in creation order, a group and an item or trait `of` its encounter or character; the
table shows the same handles with their names; a missing store is exit 1, as for every reading
command.
"""

import json

SETUP = [
    ["session", "1"],
    ["encounter", "start", "ford", "--name", "Ambush at the ford"],
    ["encounter", "group", "ford", "goblins", "--count", "12", "--morale", "7"],
    ["company", "hire", "red-lances", "--troop", "trained", "--size", "20", "--name", "Red Lances"],
    ["encounter", "join", "ford", "red-lances"],
    ["encounter", "start", "tower"],
    ["character", "create", "brynn", "--name", "Brynn", "--flaw", "phobie-legere:spiders",
     "--advantage", "nerfs-d-acier"],
    ["character", "create", "bob"],
    ["character", "item", "bob", "Torch", "--slot", "held"],
    ["character", "item", "brynn", "Tower shield", "--slot", "shield"],
]  # fmt: skip


def _store(in_store):
    for words in SETUP:
        in_store(*words)


def test_handles_json_lists_every_handle_by_kind_with_its_name(campaign, store_url):
    for words in SETUP:
        assert campaign("--db", store_url, *words).exit_code == 0, words
    answer = campaign("--db", store_url, "handles", "--json")
    assert answer.exit_code == 0, answer.output
    listed = json.loads(answer.stdout)["handles"]
    assert [(h["kind"], h["handle"], h["name"], h["of"]) for h in listed] == [
        ("encounter", "ford", "Ambush at the ford", None),
        ("encounter", "tower", None, None),
        ("group", "goblins", None, "ford"),
        ("group", "red-lances", "Red Lances", "ford"),
        ("company", "red-lances", "Red Lances", None),
        ("character", "brynn", "Brynn", None),
        ("character", "bob", None, None),
        ("item", "Tower shield", "Tower shield", "brynn"),
        ("item", "Torch", "Torch", "bob"),
        ("flaw", "phobia-mild:spiders", "Phobie légère", "brynn"),
        ("advantage", "nerves-of-steel", "Nerfs d’acier", "brynn"),
    ]
    assert all(list(h) == ["kind", "handle", "name", "of"] for h in listed)


def test_handles_shows_each_handle_with_its_kind_and_name(in_store):
    _store(in_store)
    shown = in_store("handles")
    for kind, handle, name in [
        ("encounter", "ford", "Ambush at the ford"),
        ("group", "ford/red-lances", "Red Lances"),
        ("company", "red-lances", "Red Lances"),
        ("item", "brynn/Tower shield", "Tower shield"),
        ("flaw", "brynn/phobia-mild:spiders", "Phobie légère"),
    ]:
        assert any(kind in line and handle in line and name in line for line in shown.splitlines())


def test_handles_of_an_empty_campaign_and_of_a_missing_store(in_store, campaign, tmp_path):
    in_store("session", "1")
    assert json.loads(in_store("handles", "--json")) == {"handles": []}
    missing = campaign("--db", str(tmp_path / "none.db"), "handles", "--json")
    assert missing.exit_code == 1 and "no campaign store" in missing.stderr
    assert missing.stdout == "" and not (tmp_path / "none.db").exists()


def test_the_root_help_lists_handles(campaign):
    listed = campaign("--help").stdout
    assert "handles" in listed and "Every handle the store knows" in listed
