"""In French (``--lang fr``, docs/fr.md): an error is said ``erreur : …`` with its hint and what
was expected in French, and its ``usage :`` line; ``audit --explain CODE`` explains the code in
French, with the seed's own French sentence and no English digest beside it, its example's log
lines as they are and their comments in French; and every ``--json`` output of the example
campaign is byte for byte the English one."""

import re

import pytest
from typer.testing import CliRunner

from campaign.audit.catalogue import ENTRIES
from campaign.audit.examples import EXAMPLE_COMMENTS
from cli.main import app
from tests.paths import ROOT

LOGS = sorted((ROOT / "examples" / "campaign").glob("*.log"))


def _run(*args, lang="fr"):
    return CliRunner().invoke(app, ["--lang", lang, *args], env={"CAMPAIGN_SEED": "7"})


@pytest.fixture(scope="module")
def example(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("example") / "campaign.db")
    done = _run("--db", db, "replay", *map(str, LOGS), lang="en")
    assert done.exit_code == 0, done.output
    return db


def test_an_unknown_session_is_said_in_french(example):
    shown = _run("--db", example, "history", "--session", "9")
    assert shown.exit_code == 2, shown.output
    assert shown.stderr == (
        "erreur : --session : la session 9 n'est pas dans cet historique ; sessions : 1, 2, 3\n"
    )
    assert shown.stdout == ""


def test_a_missing_subcommand_and_its_usage_line_are_said_in_french(tmp_path):
    shown = _run("--db", str(tmp_path / "c.db"), "company")
    assert shown.exit_code == 2, shown.output
    first, usage = shown.stderr.splitlines()
    assert first.startswith("erreur : il manque une sous-commande : l'une de hire, ")
    assert usage == "usage : campaign company COMMANDE …"
    assert not (tmp_path / "c.db").exists()


def test_a_value_refused_says_what_was_expected_in_french(tmp_path):
    db = tmp_path / "c.db"
    shown = _run("--db", str(db), "replay", str(tmp_path / "nowhere.log"))
    assert shown.exit_code == 2, shown.output
    assert shown.stderr.startswith("erreur : ")
    assert "impossible de le lire" in shown.stderr and " ; attendu : " in shown.stderr
    assert not db.exists()


def test_explain_mor002_in_french_cites_the_seed_without_the_digest():
    shown = _run("audit", "--explain", "MOR002")
    assert shown.exit_code == 0, shown.output
    said = " ".join(shown.stdout.split())
    assert "MOR002 — avertissement" in said
    assert "un test de moral était dû et aucun n'a été fait" in said
    assert "Règle : Premier mort de leur côté — seeds/000_c90193fcbc2699d0.txt" in said
    assert "« La première fois qu'un des leurs est tué au combat. »" in said
    assert "A check the first time one of their number is killed." not in said  # the digest
    assert "Exemple :" in said and "casualty ford goblins 1" in said  # log lines stay


def _inside(panel):
    """The words of a panel, without its borders."""
    return " ".join(" ".join(line.strip("│╭╮╰╯─ ") for line in panel.splitlines()).split())


@pytest.mark.parametrize("english", ENTRIES, ids=lambda entry: entry.code)
def test_every_code_is_explained_in_french(english):
    code = english.code
    french = _inside(_run("audit", "--explain", code).stdout)
    english_said = _inside(_run("audit", "--explain", code, lang="en").stdout)
    for text in (english.title, english.trigger, english.explanation, *_comments(english)):
        words = " ".join(text.split())
        assert words in english_said and words not in french, (code, text)
    for line in english.example.splitlines():  # the log lines themselves stay
        assert line.split(" #")[0].strip() in " ".join(shown_lines(code)), (code, line)


def _comments(entry):
    """The comments of an entry's example that hold words (``# 6 < 9`` holds none)."""
    found = [line.split("# ", 1)[1] for line in entry.example.splitlines() if "# " in line]
    return [comment for comment in found if re.search(r"[a-z]{2}", comment)]


def shown_lines(code):
    return [line.strip("│ ") for line in _run("audit", "--explain", code).stdout.splitlines()]


def test_every_example_comment_is_in_the_catalogue():
    assert sorted({c for entry in ENTRIES for c in _comments(entry)}) == sorted(EXAMPLE_COMMENTS)


@pytest.mark.parametrize(
    "command",
    [
        ["status", "--all", "--json"],
        ["status", "--as-of", "event:40", "--json"],
        ["history", "--json"],
        ["history", "--session", "2", "--json"],
        ["audit", "--json"],
        ["audit", "--explain", "MOR002", "--json"],
        ["stats", "--json"],
        ["modifiers", "--json"],
        ["handles", "--json"],
    ],
)
def test_json_is_the_same_in_both_languages(example, command):
    english = _run("--db", example, *command, lang="en")
    french = _run("--db", example, *command, lang="fr")
    assert english.exit_code == french.exit_code, (english.output, french.output)
    assert english.stdout_bytes == french.stdout_bytes
    assert english.stdout_bytes.startswith(b"{")
