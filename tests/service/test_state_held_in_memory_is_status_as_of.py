"""The state a walk over the events holds in memory (projections/held.py: the recap's, ``stats``'
and the report's) is ``status --as-of`` at the same point — every encounter, company and
character, with their modifiers' and conditions' lists left out (a history, not a mirror) —
through the example campaign and a session of retractions: an encounter, a hire and a
character's item withdrawn, a casualty undone."""

from dataclasses import asdict

from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from projections.held import Held
from tests.paths import ROOT
from tests.stores import replayed

LOGS = sorted((ROOT / "examples" / "campaign").glob("*.log"))
WITHDRAWN = """
session 4 --title "Second thoughts"
encounter start marsh
encounter group marsh frogs --count 6 --morale 6
casualty marsh frogs 2
retract last
company hire pikes --name "The Pikes" --troop trained --size 10
retract last
encounter start bog
retract last
note "nothing stayed"
"""


def _without(entries: list[dict], key: str) -> list[dict]:
    return [{k: v for k, v in entry.items() if k != key} for entry in entries]


def test_the_state_held_is_status_as_of_at_every_session_end_and_some_commands(tmp_path):
    log = "".join(path.read_text() for path in LOGS) + WITHDRAWN
    db = replayed(tmp_path, log)
    with Ledger(parse_store_url(db)) as ledger:
        events = list(ledger.history.events())
        following = [*events[1:], None]
        ends = [e.position for e, n in zip(events, following, strict=True)
                if n is None or n.command != e.command]  # fmt: skip
        sessions = {e.session: e.position for e in events if e.session is not None}
        points = set(ends[::7]) | set(sessions.values())
        state, held = Held(), {}
        for event in events:
            state.advance(event)
            if event.position in points:
                held[event.position] = state.status()
        assert len(held) == len(points) > 10
        for position, status in held.items():
            full = asdict(ledger.queries.status(as_of=f"event:{position}"))
            assert status["clock"] == full["clock"], position
            assert status["encounters"] == full["encounters"], position
            assert status["companies"] == _without(full["companies"], "modifiers"), position
            assert status["characters"] == _without(full["characters"], "conditions"), position
