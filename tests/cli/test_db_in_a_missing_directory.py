"""Given a ``--db`` whose directory does not exist (``/no/such/dir/x.db``: a typo, not a new
campaign), when a command that would create the store runs — a logging command, ``init``,
``replay`` (its dry run too), ``import``, ``shell`` — then it is refused as bad input (exit 2),
naming the directory, and nothing is created: no directory, no file, no lock. Only the store's
own file is ever created, in a directory that is there. A reading command keeps its answer: exit
1, "no campaign store" (docs/cli.md#stores)."""

from __future__ import annotations

from pathlib import Path

import pytest

LOGGING = [["note", "hi"], ["session", "1"], ["init"], ["replay", "LOG"],
           ["replay", "--dry-run", "LOG"], ["import", "JSONL"], ["shell"]]  # fmt: skip
READING = [["status"], ["history", "--json"], ["verify"], ["audit"]]


@pytest.fixture
def files(tmp_path, campaign) -> dict[str, str]:
    """A session log and a jsonl export to give ``replay`` and ``import``, outside the place."""
    log = tmp_path / "first.log"
    log.write_text("session 1\nnote hello\n")
    source = str(tmp_path / "source.db")
    assert campaign("--db", source, "session", "1").exit_code == 0
    export = tmp_path / "first.jsonl"
    export.write_text(campaign("--db", source, "export", "--format", "jsonl").stdout)
    return {"LOG": str(log), "JSONL": str(export)}


def _words(words: list[str], files: dict[str, str]) -> list[str]:
    return [files.get(word, word) for word in words]


@pytest.fixture
def place(tmp_path) -> Path:
    where = tmp_path / "place"
    where.mkdir()
    return where


@pytest.mark.parametrize("words", LOGGING, ids=" ".join)
def test_a_command_that_creates_the_store_refuses_a_missing_directory(
    campaign, place, files, words
):
    db = place / "no" / "such" / "campaign.db"
    args = _words(words, files)
    result = campaign("--db", str(db), *args, input="exit\n" if words == ["shell"] else None)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.stderr.startswith("error: --db: "), result.stderr
    said = f"the directory '{db.parent}' does not exist ('{place / 'no'}' is not there)"
    assert said in result.stderr, result.stderr
    assert "expected" in result.stderr
    assert list(place.iterdir()) == []  # nothing created


@pytest.mark.parametrize("words", [["note", "hi"], ["init"]], ids=" ".join)
def test_a_file_where_the_directory_should_be_is_refused_too(campaign, place, words):
    (place / "campaign.db").write_text("a file")
    db = place / "campaign.db" / "x.db"
    result = campaign("--db", str(db), *words)
    assert result.exit_code == 2, result.output
    assert f"{place / 'campaign.db'}' is not a directory" in result.stderr, result.stderr
    assert [p.name for p in place.iterdir()] == ["campaign.db"]


@pytest.mark.parametrize("words", READING, ids=" ".join)
def test_a_reading_command_still_says_there_is_no_store(campaign, place, words):
    db = place / "no" / "such" / "campaign.db"
    result = campaign("--db", str(db), *words)
    assert result.exit_code == 1, result.output
    assert f"no campaign store at {db}" in result.stderr, result.stderr
    assert list(place.iterdir()) == []


def test_the_store_file_is_created_in_a_directory_that_is_there(campaign, place):
    db = place / "campaign.db"
    assert campaign("--db", str(db), "session", "1").exit_code == 0
    assert db.is_file()
