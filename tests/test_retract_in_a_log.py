"""A `retract event:N` of a line already withdrawn, or of a retraction, in the same log says so,
as the same commands typed live do (SPEC §4: one grammar for both; SPEC §2: an error names the
line and the field). It said "there is no event N; positions run 1–M", with N inside that range.
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
