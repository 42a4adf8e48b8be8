"""``status`` as of many points (``Queries.statuses``) reads the state at each from one scratch
fold carried forward: the fold keeps the aggregates it has advanced from one point to the next,
rather than loading each one the next point's events touch from the store again (the campaign:
every session) — and the statuses are what ``status --as-of`` says at each point."""

from dataclasses import asdict

from typer.testing import CliRunner

from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from cli.main import app

SESSIONS = 4


def test_the_fold_to_each_sessions_end_keeps_its_aggregates(tmp_path):
    lines = ["#! campaign-log 1"]
    for n in range(1, SESSIONS + 1):
        lines += [f"session {n}", f'note "session {n} began"', f"encounter start e{n}"]
        lines += [f"encounter group e{n} wolves --count 4 --morale 7"]
        lines += [f"morale e{n} wolves --roll 2,2"]
    log = tmp_path / "sessions.log"
    log.write_text("\n".join(lines) + "\n")
    db = str(tmp_path / "campaign.db")
    result = CliRunner().invoke(app, ["--db", db, "replay", str(log)])
    assert result.exit_code == 0, result.output
    refs = [f"session:{n}" for n in range(1, SESSIONS + 1)]
    with Ledger(parse_store_url(db)) as ledger:
        opened = ledger.queries.opened
        stored, loaded = opened.stored, []

        def counted(aggregate_id, version=None):
            loaded.append(aggregate_id)
            return stored(aggregate_id, version)

        opened.stored = counted  # what a scratch fold loads an aggregate's earlier state with
        statuses = [asdict(status) for status in ledger.queries.statuses(refs)]
        # folded from the first event, the fold made every aggregate itself: it never had to
        # load one from the store (it did, at every session's end, for those it had made)
        assert loaded == []
        opened.stored = stored
        assert statuses == [asdict(ledger.queries.status(as_of=ref)) for ref in refs]
