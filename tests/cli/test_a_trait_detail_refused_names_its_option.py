"""A trait's detail refused (a control character in `--flaw enemy:…`) is said after the option it
was typed in, as every refused option value is (found by the fuzz harness's slow profile: the
message named the detail alone)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("words", "option"),
    [
        (["character", "trait", "isolde", "--flaw", "enemy:\x1b[2JBaron"], "--flaw"),
        (["character", "trait", "isolde", "--advantage", "ally:\x07Abbess"], "--advantage"),
        (
            ["character", "create", "bob", "--flaw", "greed", "--advantage", "ally:\x1bx"],
            "--advantage",
        ),
    ],
    ids=["trait --flaw", "trait --advantage", "create, one of two options"],
)
def test_a_refused_detail_is_said_after_its_option(campaign, tmp_path, words, option):
    db = str(tmp_path / "c.db")
    assert campaign("--db", db, "session", "1").exit_code == 0
    assert campaign("--db", db, "character", "create", "isolde").exit_code == 0
    result = campaign("--db", db, *words)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"error: {option}: '"), result.stderr
    assert "holds a control character" in result.stderr
