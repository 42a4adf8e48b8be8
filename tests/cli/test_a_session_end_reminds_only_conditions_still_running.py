"""`session end` reminds the conditions the clock will end (docs/audit.md#at-the-table) — those
still running by the in-game clock, not one the clock already ended — live and in
`replay --verbose`."""

import shlex

import pytest

LOG = """\
session 1
character create brynn --name Brynn --flaw greed
trait brynn greed --result 3 --penalty -1 --duration 3h
clock advance {hours}h
"""


@pytest.mark.parametrize(("hours", "running"), [(2, True), (4, False)])
def test_a_session_end_live(in_store, hours, running):
    for line in LOG.format(hours=hours).splitlines():
        in_store(*shlex.split(line))
    ended = in_store("session", "end")
    assert ("brynn: greed lasts until the clock ends it" in ended) is running, ended


@pytest.mark.parametrize(("hours", "running"), [(2, True), (4, False)])
def test_a_session_end_in_a_replayed_log(in_store, tmp_path, hours, running):
    # the condition started in a log replayed before; this one moves the clock and ends the
    # session in one unit of work, which the read models have not folded when it is judged
    first, second = tmp_path / "1.log", tmp_path / "2.log"
    first.write_text(LOG.format(hours=0).replace("clock advance 0h\n", ""), encoding="utf-8")
    second.write_text(f"session 2\nclock advance {hours}h\nsession end\n", encoding="utf-8")
    in_store("replay", str(first))
    replayed = in_store("--verbose", "replay", str(second))
    assert ("brynn: greed lasts until the clock ends it" in replayed) is running, replayed
