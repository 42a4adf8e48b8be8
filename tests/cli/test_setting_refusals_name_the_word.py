"""A refused `setting` names the word that was wrong, quoted, so a blank or a control character
shows (the fuzz harness found `setting '' '\\x1b[2Jcha'` said as "unknown setting  \\x1b[2Jcha")."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["", "\x1b[2Jcha"], "error: unknown setting ''; expected paladin-ability wis|cha"),
        (["x", "cha"], "error: unknown setting 'x'; expected paladin-ability wis|cha"),
        (["paladin-ability", "str"], "error: 'str' is no paladin ability; expected"),
    ],
    ids=["blank setting", "unknown setting", "unknown ability"],
)
def test_a_refused_setting_names_its_word(campaign, tmp_path, words, said):
    db = str(tmp_path / "c.db")
    assert campaign("--db", db, "session", "1").exit_code == 0
    result = campaign("--db", db, "setting", *words)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(said), result.stderr
