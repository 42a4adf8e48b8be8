"""Given the example campaign and a French GM (``--lang fr``), when ``history`` and
``modifiers`` are drawn — a table, blocks on a narrow terminal, a long history in chunks — then
their headings, labels and words are French (``Les règles disent``, ``avant toute session``,
``MJ``, ``jusqu'au jour 6, 17 h 00``), the campaign's own text and the log's words as written;
and ``rules_cell``, which the report uses, still says what it said (docs/fr.md)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from campaign.core import i18n
from cli.main import app
from cli.render import history_cells
from tests.paths import ROOT

LOGS = sorted((ROOT / "examples" / "campaign").glob("*.log"))


@pytest.fixture(scope="module")
def example(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("example") / "c.db")
    result = CliRunner().invoke(
        app, ["--db", db, "replay", *map(str, LOGS)], env={"CAMPAIGN_GM": "gm"}
    )
    assert result.exit_code == 0, result.output
    return db


def french(db: str, *args: str, columns: int = 100) -> str:
    result = CliRunner().invoke(
        app, ["--lang", "fr", "--db", db, *args], env={"COLUMNS": str(columns)}
    )
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_history_table_in_french(example):
    shown = french(example, "history", columns=130)
    words = set(shown.replace("│", " ").replace("┃", " ").split())
    headings = {"Commande", "(et", "qu'elle", "enregistré", "d'autre)", "Sujet", "Les", "règles"}
    assert headings | {"disent", "Décidé", "Note", "MJ"} <= words
    assert "avant toute session" in shown and "campagne créée" in shown
    assert "(retiré)" in words
    assert not {"Command", "Subject", "Rules", "Ruled", "GM", "(retracted)"} & words


def test_the_history_blocks_in_french(example):
    shown = french(example, "history", columns=60)
    assert "les règles disent fight, décidé fight" in shown
    assert "MJ : gm" in shown
    assert "(retiré)" in shown
    assert "rules say" not in shown and "gm: " not in shown


def test_a_long_history_drawn_in_chunks_in_french(tmp_path):
    log = tmp_path / "long.log"
    log.write_text("#! campaign-log 1\nsession 1\n" + "note n\n" * 210, encoding="utf-8")
    db = str(tmp_path / "c.db")
    assert CliRunner().invoke(app, ["--db", db, "replay", str(log)]).exit_code == 0
    shown = french(db, "history")
    assert "Les règles" in shown and "campagne créée" in shown and "Rules say" not in shown
    assert "avant toute session" in shown


def test_modifiers_in_french(example):
    shown = french(example, "modifiers", columns=130)
    for words in ("Sujet", "Type", "Score", "Modificateurs", "Résultat", "groupe", "compagnie",
                  "personnage", "jusqu'au jour 6, 17 h 00", "événement 57"):  # fmt: skip
        assert words in shown, words
    assert " aucun " in shown  # no modifier: "aucun", as French says it of modifiers
    narrow = french(example, "modifiers", columns=50)
    assert "mill/bandits groupe" in narrow and "score 6, résultat 5" in narrow


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_report_s_rules_cell_is_unchanged_and_the_history_says_it_in_its_language(lang):
    event = {"kind": "morale-tested", "rules_say": ["flee", "surrender"], "ruled": "fight"}
    rules_cell, rules_said = history_cells.rules_cell, history_cells.rules_said
    i18n.use(lang)
    try:
        assert rules_cell(event) == "one of flee, surrender"
        said = "one of flee, surrender" if lang == "en" else "l'un de flee, surrender"
        assert rules_said(event) == said
        ceiling = {"kind": "trait-taken", "rules_say": 20, "ruled": 6}
        assert rules_said(ceiling) == rules_cell(ceiling) == "≤ 20"
    finally:
        i18n.use("en")
