"""A first command that fails removes the store it created (nothing is written); when that
clean-up itself fails — a Ctrl-C that broke the connection in the middle of a read, after a
replay's first file had landed — the GM is told the command's own outcome, not a traceback of
the clean-up (which would hide the replay's "interrupted: … landed" and exit 130 behind exit 1)."""

import sqlite3

from campaign.service.ledger import Ledger


def test_a_failing_clean_up_does_not_hide_the_commands_error(campaign, tmp_path, monkeypatch):
    def broken(self):
        raise sqlite3.OperationalError("cannot start a transaction within a transaction")

    monkeypatch.setattr(Ledger, "discard_if_empty", broken)
    db = str(tmp_path / "new.db")
    result = campaign("--db", db, "casualty", "e", "g", "1")  # no session open: exit 2
    assert result.exit_code == 2, result.output
    assert "no session is open" in result.stderr
    assert isinstance(result.exception, SystemExit)  # not the clean-up's OperationalError
