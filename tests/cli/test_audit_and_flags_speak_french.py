"""Given the audit's example log (every code), when a French GM (``--lang fr``) reads the audit,
replays the log with ``--verbose`` or records a ruling live, then the audit's table — its
titles, headings, summary and every finding's message — the flags under an answer (``⚑ MOR001
…``) and the reminders after ``session end`` are French, where the English GM reads the same
lines in English; the campaign's own words (handles, reasons, the log's ``fight``/``flee``) stay
as written, and ``audit --json`` is byte-identical in both languages (docs/fr.md)."""

from __future__ import annotations

import json
import sqlite3

import pytest

from tests.paths import ROOT

AUDIT_LOG = ROOT / "examples" / "audit" / "audit.log"


@pytest.fixture
def audited(campaign, tmp_path, monkeypatch):
    """``campaign [--lang LANG] --db <the audit example replayed> ARGS…`` on a wide terminal."""
    monkeypatch.setenv("CAMPAIGN_SEED", "7")
    db = str(tmp_path / "audit.db")
    replayed = campaign("--db", db, "replay", str(AUDIT_LOG))
    assert replayed.exit_code == 0, replayed.output

    def run(lang: str, *args: str, columns: str = "400"):
        monkeypatch.setenv("COLUMNS", columns)
        result = campaign("--lang", lang, "--db", db, "audit", *args)
        assert result.exit_code == 0, result.output
        return result.stdout

    run.db = db  # type: ignore[attr-defined]
    return run


def test_the_audit_table_speaks_french_and_its_json_does_not_change(audited):
    english, french = audited("en"), audited("fr")
    assert english.splitlines()[0] == "31 findings: 24 warnings (1 pending), 7 info"
    assert french.splitlines()[0] == "31 constats : 24 avertissements (1 en attente), 7 info"
    for heading in ("Code", "Subject", "Finding", "Rules say → ruled", "Note"):
        assert heading in english
    for heading in ("Sujet", "Constat", "Les règles disent → décidé", "Note", "Session 2"):
        assert heading in french
    morale = "moral : 2d6 6+4 = 10 contre un moral effectif de 4 → les règles disent flee ; "
    assert morale + "décision fight" in french
    assert "morale: 2d6 6+4 = 10 against effective 4 → the rules say flee; ruled fight" in english
    assert "MOR002 en attente" in french and "MOR002 pending" in english
    assert "Premier mort de leur côté (source 000)" in french
    assert "jet de sauvegarde d'objet de Mace ; l'objet exposé est Breastplate" in french
    ruled = "allergy-severe (presence) résultat 10 contre 15 : conséquences décidées : "
    assert ruled + "PV perdus 2 (la règle : 5)" in french
    findings = json.loads(audited("en", "--json"))["findings"]
    assert {f["code"] for f in findings} >= {"MOR001", "SAV003", "TRT005", "GEN001", "LOY002"}
    # no English message is left on the French screen (GEN002 of a `note` line reads the same)
    left = [f["message"] for f in findings if f["message"] in french and f["message"] != "note"]
    assert left == []
    assert audited("fr", "--json") == audited("en", "--json")


def test_the_narrow_and_the_empty_audit_speak_french(audited):
    narrow = audited("fr", "--session", "2", columns="60")
    assert "  règle : Jet de sauvegarde et objets (source 001)" in narrow
    assert "  rule: " in audited("en", "--session", "2", columns="60")
    none = audited("fr", "--session", "2", "--code", "LOY001")
    assert (
        none == "Aucun constat pour --session 2 --code LOY001 (`campaign audit` les liste tous).\n"
    )
    assert audited("en", "--session", "2", "--code", "LOY001") == (
        "No findings for --session 2 --code LOY001 (`campaign audit` lists them all).\n"
    )


def test_a_store_whose_findings_were_stored_before_their_words_is_rebuilt(audited):
    """A store whose read models an older tracker built (no words kept beside the messages)
    is rebuilt before it is read (docs/ARCHITECTURE.md: versioned read models), so its audit
    speaks French too."""
    with sqlite3.connect(audited.db) as connection:
        connection.execute("UPDATE view_findings SET message_words = NULL")
        connection.execute("UPDATE view_tracking SET version = version - 1")
    assert "moral : 2d6 6+4 = 10 contre un moral effectif de 4" in audited("fr")


@pytest.fixture
def replayed(campaign, tmp_path, monkeypatch):
    """``campaign --lang LANG --db <fresh> --verbose replay <the audit example>``: its lines."""
    monkeypatch.setenv("CAMPAIGN_SEED", "7")

    def run(lang: str):
        db = str(tmp_path / f"{lang}.db")
        result = campaign("--lang", lang, "--db", db, "--verbose", "replay", str(AUDIT_LOG))
        assert result.exit_code == 0, result.output
        return result.stdout.splitlines()

    return run


def test_the_flags_and_reminders_of_a_replay_speak_french(replayed):
    english, french = replayed("en"), replayed("fr")
    flags_en = [line.strip() for line in english if line.strip().startswith("⚑")]
    flags_fr = [line.strip() for line in french if line.strip().startswith("⚑")]
    assert [f.split()[1] for f in flags_fr] == [f.split()[1] for f in flags_en]
    assert len(flags_en) >= 20
    assert [f for f in flags_fr if f in flags_en] == []  # each one said in French
    assert "⚑ MOR006 moral de base 8 ; la table des types de troupe donne militia 6" in flags_fr
    assert "⚑ MOR006 base morale 8; the troop table gives militia 6" in flags_en
    assert (
        "⚑ MOR002 ford/goblins : test de moral dû depuis l'événement 32 (premier mort), aucun fait"
        in flags_fr
    )
    assert (
        "⚑ SAV003 brynn/Backpack : exposé à l'événement 51, aucun jet de sauvegarde d'objet "
        "pendant cette session" in flags_fr
    )
    reminder_fr = (
        "bridge/wolves : test de moral dû depuis l'événement 65, aucun fait pour l'instant"
    )
    reminder_en = "bridge/wolves: morale check due since event 65, none made yet"
    assert reminder_fr in [line.strip() for line in french]
    assert reminder_en in [line.strip() for line in english]


def test_a_live_flag_speaks_french(campaign, tmp_path):
    db = str(tmp_path / "live.db")
    for args in (
        ("session", "1"),
        ("encounter", "start", "tower"),
        ("encounter", "group", "tower", "cultists", "--count", "5", "--morale", "8"),
        ("encounter", "group", "tower", "zealots", "--count", "5", "--morale", "8"),
    ):
        assert campaign("--db", db, *args).exit_code == 0
    said = campaign(
        "--lang", "fr", "--db", db, "adjust", "tower", "cultists", "+3", "--reason", "x"
    )
    assert said.exit_code == 0, said.output
    assert said.stdout.splitlines()[1] == (
        "⚑ MOR005 somme des ajustements +3 après +3 (x) : au-delà de −2…+2, appliquée telle que "
        "décidée"
    )
    english = campaign("--db", db, "adjust", "tower", "zealots", "+3", "--reason", "y")
    assert english.stdout.splitlines()[1] == (
        "⚑ MOR005 adjustments sum +3 after +3 (y): beyond −2…+2, used as ruled"
    )


def test_the_report_s_findings_speak_french(campaign, audited, tmp_path):
    pages = {}
    for lang in ("en", "fr"):
        page = tmp_path / f"{lang}.html"
        made = campaign("--lang", lang, "--db", audited.db, "report", "--output", str(page))
        assert made.exit_code == 0, made.output
        pages[lang] = page.read_text(encoding="utf-8")
    assert (
        "<td>morale: 2d6 6+4 = 10 against effective 4 → the rules say flee; ruled fight</td>"
        in (pages["en"])
    )
    assert (
        "<td>moral : 2d6 6+4 = 10 contre un moral effectif de 4 → les règles disent flee ; "
        "décision fight</td>" in pages["fr"]
    )
