"""Given items harmed in a session, when the recap is written, then each harmed item is told as
it itself was at the session's end: a name dropped and taken again is another item
(docs/cli.md#export-and-import, ``export --format markdown``)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from cli.main import app

START = """\
session 1
character create ivo --name Ivo
character saves ivo --fortitude 1 --reflex 1 --will 1
character item ivo Shield --slot shield --hardness 5 --hp 20
"""
DESTROY = """\
save ivo --vs Fireball --type reflex --dc 15 --effect half --damage 30 --objects --roll 1 \
--item Shield
item-save ivo --roll 3
"""
DAMAGE = """\
save ivo --vs Fireball --type reflex --dc 15 --effect half --damage 12 --objects --roll 1 \
--item Shield
item-save ivo --roll 20
"""
REPLACE = """\
character item-drop ivo Shield
character item ivo Shield --slot shield --hardness 5 --hp 20
"""


def recap_lines(tmp_path, log: str) -> list[str]:
    """``log`` replayed into a new store: the lines of its markdown recap."""
    path = tmp_path / "session.log"
    path.write_text(log, "utf-8")
    db = str(tmp_path / "campaign.db")
    runner = CliRunner()
    result = runner.invoke(app, ["--db", db, "replay", str(path)], env={"CAMPAIGN_SEED": ""})
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["--db", db, "export", "--format", "markdown"])
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


def recap(tmp_path, log: str) -> list[str]:
    """The lines of the recap's *Damaged items*."""
    lines = [*recap_lines(tmp_path, log), ""]
    start = lines.index("### Damaged items") + 2
    return lines[start : lines.index("", start)]


def test_a_destroyed_item_replaced_by_one_of_its_name_is_told_destroyed(tmp_path):
    assert recap(tmp_path, START + DESTROY + REPLACE) == [
        "- Ivo's Shield: destroyed, 0 of 20 hp, then dropped"
    ]


def test_two_harmed_items_of_one_name_each_have_their_line(tmp_path):
    assert recap(tmp_path, START + DESTROY + REPLACE + DAMAGE) == [
        "- Ivo's Shield: destroyed, 0 of 20 hp, then dropped",
        "- Ivo's Shield: damaged, 19 of 20 hp",
    ]


@pytest.mark.parametrize(
    ("log", "told"),
    [
        (START + DAMAGE, "- Ivo's Shield: damaged, 19 of 20 hp"),
        (START + DESTROY, "- Ivo's Shield: destroyed, 0 of 20 hp"),
        (
            START + DAMAGE + "character item-drop ivo Shield\n",
            "- Ivo's Shield: damaged, 19 of 20 hp, then dropped",
        ),
        (
            START + DAMAGE + "character item-repair ivo Shield\n",
            "- Ivo's Shield: intact, 20 of 20 hp",
        ),
    ],
)
def test_a_harmed_item_is_told_as_it_was_at_the_end(tmp_path, log, told):
    assert recap(tmp_path, log) == [told]
