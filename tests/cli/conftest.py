"""Fixtures of the CLI tier: a fresh SQLite store that every command must succeed on."""

import pytest

from tests.stores import succeeding


@pytest.fixture
def in_store(campaign, tmp_path):
    """``campaign --db <a fresh SQLite file> ARGS…``, which must succeed; returns stdout. Its
    ``db`` attribute is the file, for a command expected to fail."""
    db = str(tmp_path / "campaign.db")
    run = succeeding(campaign, db)
    run.db = db  # type: ignore[attr-defined]
    return run
