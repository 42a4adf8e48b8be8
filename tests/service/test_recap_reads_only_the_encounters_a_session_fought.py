"""The recap (``export --format markdown``) reads, at each session's end, the encounters that
session's events name — not every encounter of the campaign so far, hundreds by the end of a
long one (docs/PERFORMANCE.md, B7) — and says the same: an encounter fought over two sessions,
one left open, one started before any session."""

from dataclasses import asdict

from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from tests.stores import replayed as replayed_log

LOG = """\
#! campaign-log 1
session 1
encounter start ford
encounter group ford wolves --count 4 --morale 7
encounter start bridge
encounter group bridge orcs --count 6 --morale 8
casualty bridge orcs 1
session 2
casualty ford wolves 1
morale ford wolves --roll 2,2
encounter start hill
encounter group hill goblins --count 5 --morale 6
session 3
note "nothing fought"
"""


def replayed(tmp_path) -> str:
    return replayed_log(tmp_path, LOG)


def test_each_sessions_status_holds_the_encounters_it_names(tmp_path):
    db = replayed(tmp_path)
    refs = ["session:1", "session:2", "session:3"]
    wanted = [{"ford", "bridge"}, {"ford", "hill"}, set()]
    with Ledger(parse_store_url(db)) as ledger:
        narrowed = list(ledger.history.statuses(refs, wanted))
        whole = [asdict(ledger.queries.status(as_of=ref)) for ref in refs]
    for status, full, handles in zip(narrowed, whole, wanted, strict=True):
        kept = [e for e in full["encounters"] if e["handle"] in handles]  # in the same order
        assert status["encounters"] == kept
        assert {k: v for k, v in status.items() if k != "encounters"} == {
            k: v for k, v in full.items() if k != "encounters"
        }


def test_the_recap_names_what_each_session_fought(tmp_path, campaign):
    db = replayed(tmp_path)
    result = campaign("--db", db, "export", "--format", "markdown")
    assert result.exit_code == 0, result.output
    sessions = result.stdout.split("## Session ")[1:]
    fought = [[line for line in s.splitlines() if line.startswith("### ")] for s in sessions]
    assert [line.split(" (")[0] for line in fought[0]] == [
        "### ford",
        "### bridge",
        "### Casualties",
    ]
    assert [line.split(" (")[0] for line in fought[1]][:2] == ["### ford", "### hill"]
    assert not any(line.startswith(("### ford", "### hill", "### bridge")) for line in fought[2])
