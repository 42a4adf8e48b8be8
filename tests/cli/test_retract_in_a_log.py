"""A `retract event:N` of a line already withdrawn, or of a retraction, in the same log says so, as
the same commands typed live do (docs/log-language.md: one grammar for both; docs/cli.md#exit-codes:
an error names the line and the field) — not "there is no event N; positions run 1–M", with N
inside that range.
"""

import shlex

import pytest
from typer.testing import CliRunner

from cli.main import app

HIRES = ["session 1", "company hire a --troop trained --size 5",
         "company hire b --troop trained --size 5"]  # fmt: skip
CASES = {
    # positions: 1 the store's start, 2 the session, 3 and 4 the hires
    "withdrawn twice": (["retract event:3", "retract event:3"],
                        "the command at event:3 is already retracted"),
    "a retraction": (["retract event:3", "retract event:5"],
                     "event:5 is a retraction; record the command again instead"),
}  # fmt: skip


def cli(db, line):
    return CliRunner().invoke(app, ["--db", str(db), *shlex.split(line)])


@pytest.mark.parametrize("case", CASES)
def test_a_log_says_what_the_live_commands_say(tmp_path, case):
    lines, says = CASES[case]
    typed = tmp_path / "typed.db"
    for line in HIRES + lines[:-1]:
        assert cli(typed, line).exit_code == 0
    live = cli(typed, lines[-1])
    assert live.exit_code == 2 and says in live.stderr, live.stderr
    log = tmp_path / "s.log"
    log.write_text("\n".join(HIRES + lines) + "\n", encoding="utf-8")
    replayed = cli(tmp_path / "log.db", f"replay {log}")
    assert replayed.exit_code == 2
    assert f"s.log:{len(HIRES) + len(lines)}: {lines[-1]}: {says}" in replayed.stderr
    assert "there is no event" not in replayed.stderr


def test_withdrawing_a_retracted_creation_says_to_make_it_under_a_new_handle(tmp_path):
    # "record the command again" cannot be done for a creation: `company hire a …` again is
    # refused, since a retracted company keeps its handle; the answer says what can be done
    db = tmp_path / "c.db"
    for line in [*HIRES, "retract last"]:
        assert cli(db, line).exit_code == 0
    refused = cli(db, "retract event:5")
    assert refused.exit_code == 2
    assert "keeps its handle: make it again under a new one" in refused.stderr, refused.stderr
    again = cli(db, "company hire b --troop trained --size 5")
    assert again.exit_code == 2 and "a retracted one keeps its handle" in again.stderr
    assert cli(db, "company hire b2 --troop trained --size 5").exit_code == 0
