"""Given the bundled campaigns and a generated one, when the read models are rebuilt in batches
of any size, then every row equals the incrementally maintained state — on a SQLite file and on
PostgreSQL.

The projections write set-based per batch (docs/PERFORMANCE.md B2): new rows are held and inserted
at the batch's end, the audit decides pending findings in memory, the modifiers end conditions after
the batch's inserts. Batches of one command put every read of an earlier event's rows in the
database; one large batch keeps them in memory; sizes between cut the history anywhere a command
ends. On SQLite, the inserts that bypass SQLAlchemy's per-row binding must store what the plain
``insert()`` does."""

import pytest

import projections.fold
import projections.readmodel
from benchmarks.generate import Campaign
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from tests.paths import ROOT
from tests.service.test_read_models import dump

LOGS = {
    "example": sorted((ROOT / "examples" / "campaign").glob("*.log")),
    "audit": [ROOT / "examples" / "audit" / "audit.log"],
}


@pytest.fixture(params=[*LOGS, pytest.param("generated", marks=pytest.mark.slow)])
def replayed(request, campaign, store_url, tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPAIGN_SEED", "1")  # the tracker's own dice, as the benchmarks
    if request.param == "generated":
        log = tmp_path / "generated.log"
        log.write_text(Campaign(7).log(10, 200), encoding="utf-8")
        logs = [log]
    else:
        logs = LOGS[request.param]
    result = campaign("--db", store_url, "replay", *map(str, logs))
    assert result.exit_code == 0, result.output
    with Ledger(parse_store_url(store_url), gm="ann") as ledger:
        yield ledger


def test_a_rebuild_in_batches_of_any_size_equals_the_incremental_state(replayed, monkeypatch):
    ledger = replayed
    ledger.queries.catch_up()
    live = dump(ledger)
    assert live["view_timeline"] and live["view_findings"]
    for size in (1, 7, 64, 500, 5000):
        monkeypatch.setattr(projections.readmodel, "BATCH", size)
        ledger.queries.rebuild()
        assert dump(ledger) == live, f"batches of {size}"


def test_the_sqlite_insert_shortcut_stores_what_sqlalchemy_does(replayed, monkeypatch):
    ledger = replayed
    ledger.queries.rebuild()
    fast = dump(ledger)
    monkeypatch.setattr(projections.fold, "_compiled_insert", lambda *_: None)
    ledger.queries.rebuild()
    assert dump(ledger) == fast
