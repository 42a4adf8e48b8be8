"""Given a character with two flaws of one key told apart by their detail (phobia-mild:rats and
phobia-mild:bats), when their conditions run, then every view a person reads says which is which
— the status table, `modifiers` (table and JSON) and the live `trait` line — as `status --json`
does; and a detail typed in another Unicode form (``araignées`` as e + a combining accent) is the
same detail, as item names are (docs/log-language.md#handles: names compare
case-insensitively)."""

import json
import unicodedata

from typer.testing import CliRunner

from cli.main import app

RATS_BATS = ["character", "create", "qi", "--flaw", "phobia-mild:rats", "--flaw",
             "phobia-mild:bats"]  # fmt: skip


def run(db, *words, code=0):
    result = CliRunner().invoke(app, ["--db", db, *words], env={"COLUMNS": "120"})
    assert result.exit_code == code, result.output
    return result


def test_each_view_names_the_detail_of_a_condition(store_url):
    run(store_url, "session", "1")
    run(store_url, *RATS_BATS)
    said = run(store_url, "trait", "qi", "phobia-mild:rats", "--result", "4").stdout
    assert said.startswith("qi: phobia-mild:rats — 4 vs 9")
    run(store_url, "trait", "qi", "phobia-mild:bats", "--result", "1", "--critical")
    status = run(store_url, "status").stdout
    assert "Phobie légère): rats" in status and "Phobie légère): bats" in status
    table = run(store_url, "modifiers", "character:qi").stdout
    assert "phobia-mild:rats" in table and "phobia-mild:bats" in table
    (qi,) = json.loads(run(store_url, "modifiers", "character:qi", "--json").stdout)["subjects"]
    assert [(m["reason"], m["detail"]) for m in qi["modifiers"]] == [
        ("phobia-mild", "rats"),
        ("phobia-mild", "bats"),
    ]


def test_a_detail_in_another_unicode_form_is_the_same_detail(store_url):
    composed, decomposed = "araignées", unicodedata.normalize("NFD", "araignées")
    assert composed != decomposed
    run(store_url, "session", "1")
    twice = ["character", "create", "mo", "--flaw", f"phobia-mild:{composed}", "--flaw",
             f"phobia-mild:{decomposed}"]  # fmt: skip
    assert "already taken" in run(store_url, *twice, code=2).stderr
    run(store_url, "character", "create", "mo", "--flaw", f"phobia-mild:{composed}")
    run(store_url, "trait", "mo", f"phobia-mild:{decomposed.upper()}", "--result", "3")
    run(store_url, "condition", "end", "mo", f"phobia-mild:{decomposed}")
    (mo,) = json.loads(run(store_url, "status", "--json").stdout)["characters"]
    assert mo["conditions"] == []
