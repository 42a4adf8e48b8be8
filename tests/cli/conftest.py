"""Fixtures of the CLI tier: a fresh SQLite store that every command must succeed on."""

import pytest


@pytest.fixture
def in_store(campaign, tmp_path):
    """``campaign --db <a fresh SQLite file> ARGS…``, which must succeed; returns stdout. Its
    ``db`` attribute is the file, for a command expected to fail."""
    db = str(tmp_path / "campaign.db")

    def run(*args: str) -> str:
        result = campaign("--db", db, *args)
        assert result.exit_code == 0, (args, result.output)
        return result.stdout

    run.db = db  # type: ignore[attr-defined]
    return run
