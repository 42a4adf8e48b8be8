"""The recap (``export --format markdown``) reads, at each session's end, the encounters that
session's events name — not every encounter of the campaign so far, hundreds by the end of a
long one (docs/PERFORMANCE.md, B7) — and says the same: an encounter fought over two sessions,
one left open, one started before any session."""

from dataclasses import asdict

from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from projections.held import Held
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
    ends = {1: 0, 2: 0, 3: 0}
    wanted = {1: {"ford", "bridge"}, 2: {"ford", "hill"}, 3: set()}
    narrowed = {}
    with Ledger(parse_store_url(db)) as ledger:
        events = list(ledger.history.events())
        for event in events:
            if event.session is not None:
                ends[event.session] = event.position
        state = Held()  # the recap's fold
        for event in events:
            state.advance(event)
            if event.position in ends.values():
                narrowed[event.session] = state.status(wanted[event.session])
        whole = {n: asdict(ledger.queries.status(as_of=f"session:{n}")) for n in ends}
    for number, status in narrowed.items():
        full, handles = whole[number], wanted[number]
        kept = [e for e in full["encounters"] if e["handle"] in handles]  # in the same order
        assert status["encounters"] == kept
        assert status["clock"] == full["clock"]
        for kind, left_out in (("companies", "modifiers"), ("characters", "conditions")):
            assert status[kind] == [
                {k: v for k, v in entry.items() if k != left_out} for entry in full[kind]
            ]


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
