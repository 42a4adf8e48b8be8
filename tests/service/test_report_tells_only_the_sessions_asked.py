"""``campaign report --session N`` / ``--sessions A..B`` writes the recap's sections of those
sessions only: the state is folded to their ends only, and the events are read once, by the one
walk of the sections and the replays, which stops at the first event after them (the recap's
first pass reads the read models);
each section is the one ``export --format markdown --session N`` writes (docs/cli.md#report,
docs/PERFORMANCE.md)."""

from typer.testing import CliRunner

from campaign.history.report import report_sessions
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from cli.main import app
from tests.stores import replayed as replayed_log

LOG = """\
#! campaign-log 1
session 1 --title "The ford"
encounter start ford
encounter group ford wolves --count 4 --morale 7
casualty ford wolves 1
session 2 --title "The bridge"
encounter start bridge
encounter group bridge orcs --count 6 --morale 8
casualty bridge orcs 2
note "a toll paid"
session 3 --title "The hill"
note "nothing fought"
session 4
note "home again"
"""


class Counted:
    """A store's history as the recap reads it, counting what is read from it."""

    def __init__(self, history):
        self.history, self.read = history, 0

    def events(self):
        for event in self.history.events():
            self.read += 1
            yield event

    def rows_in_order(self):
        return self.history.rows_in_order()

    def campaign_events(self):
        return self.history.campaign_events()

    def session_ends(self):
        return self.history.session_ends()

    def session_encounters(self):
        return self.history.session_encounters()


def replayed(tmp_path) -> str:
    return replayed_log(tmp_path, LOG)


def test_only_the_sessions_asked_are_written_and_folded(tmp_path):
    db = replayed(tmp_path)
    with Ledger(parse_store_url(db)) as ledger:
        events = ledger.last_position()
        counted = Counted(ledger.history)
        told = list(report_sessions(counted, range(2, 3)))
        ends = [e.position for e in ledger.history.events() if e.session == 2]
    assert [s.number for s in told] == [2]
    # one walk, for the sections and the replays, up to the first event after session 2's end
    assert max(ends) + 1 < events
    assert counted.read == max(ends) + 1


def test_each_section_is_that_of_the_recap(tmp_path):
    db = replayed(tmp_path)
    runner = CliRunner()
    with Ledger(parse_store_url(db)) as ledger:
        told = list(report_sessions(ledger.history))
        some = list(report_sessions(ledger.history, range(2, 4)))
    assert [s.number for s in told] == [1, 2, 3, 4]
    assert [s.number for s in some] == [2, 3]
    for session in told:
        args = ["--db", db, "export", "--format", "markdown", "--session", str(session.number)]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        heading, *lines = result.stdout.splitlines()
        assert heading.startswith(f"## Session {session.number}")
        assert [line for line in session.lines if line] == [line for line in lines if line]
    assert some == told[1:3]


def test_each_session_is_made_as_it_is_asked_for(tmp_path):
    """A long campaign's report holds one session at a time: before any session is asked for,
    no event has been read (the survey reads the read models); the first session is made
    reading no further than the command after it (its replay ends as that command begins)."""
    db = replayed(tmp_path)
    with Ledger(parse_store_url(db)) as ledger:
        events = ledger.last_position()
        first_end = max(e.position for e in ledger.history.events() if e.session == 1)
        counted = Counted(ledger.history)
        sessions = report_sessions(counted)
        assert [(h.number, h.title) for h in sessions.headings] == [
            (1, "The ford"), (2, "The bridge"), (3, "The hill"), (4, None)
        ]  # fmt: skip
        assert counted.read == 0  # the survey reads the read models
        made = iter(sessions)
        assert next(made).number == 1
        every = list(ledger.history.events())
        following = every[first_end].command  # the event after session 1: `session 2`'s
        next_command_end = max(e.position for e in every if e.command == following)
        assert counted.read <= next_command_end + 1 < events
        assert [s.number for s in made] == [2, 3, 4]
