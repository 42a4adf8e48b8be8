"""Given a store encrypted with CAMPAIGN_KEY whose stored rows were altered behind the tracker's
back — one byte of the first or the last event's encrypted state changed, or an event stored in
clear appended — when ``campaign verify`` runs with the store's key, then it names the damaged
position (exit 1, its JSON answer), not a wrong key; every other command either runs or fails
pointing at ``campaign verify``, never claiming the key is wrong or the store not encrypted; and
a key that opens no event is still a wrong key (docs/RELIABILITY.md#security-at-rest). A SQLite
state rewritten as text that is not UTF-8, at the first or the last event, is named by position
too, its bytes never echoed. On SQLite and PostgreSQL."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from campaign.store.keys import generate_key
from cli.main import app
from tests.service.test_verify import EVENTS, EventTable, replay


@pytest.fixture
def key():
    return generate_key()


@pytest.fixture
def encrypted(store_url, tmp_path, key, monkeypatch):
    """``store_url`` holding the ford log (30 events), encrypted with ``key``."""
    monkeypatch.setenv("CAMPAIGN_KEY", key)
    replay(store_url, tmp_path)
    monkeypatch.delenv("CAMPAIGN_KEY")
    return store_url


def cli(url: str, *args: str, key: str | None):
    """``campaign --db URL ARGS…`` with CAMPAIGN_KEY set to ``key`` (None: unset)."""
    env = {"CAMPAIGN_SEED": "5", "CAMPAIGN_KEY": key}
    result = CliRunner().invoke(app, ["--db", url, *args], env=env)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


def flip_a_byte(url: str, which: int) -> None:
    """One byte of the encrypted state of the first (0) or last (-1) stored event changed."""
    table = EventTable(url)
    try:
        row = table.rows()[which]
        state = bytearray(row.state)
        state[len(state) // 2] ^= 0x01
        table.set_state(row, bytes(state))
    finally:
        table.close()


def append_in_clear(url: str, key: str) -> None:
    """The last event stored again in clear, as a new version after the last row."""
    with Ledger(parse_store_url(url, key=key)) as ledger:
        cipher = ledger.opened.app.mapper.cipher
        table = EventTable(url)
        try:
            row = table.rows()[-1]
            state = json.loads(cipher.decrypt(row.state))
            state["position"] = EVENTS + 1
            row.state = json.dumps(state, separators=(",", ":")).encode()
            table.insert(row, version=row.version + 1)
        finally:
            table.close()


def verified(url: str, key: str) -> dict:
    result = cli(url, "verify", "--json", key=key)
    assert result.exit_code == 1, result.output
    assert "does not open" not in result.output and "not encrypted" not in result.output
    return json.loads(result.stdout)


def others_point_at_verify(url: str, key: str) -> None:
    for words in (["status"], ["history"], ["export"], ["projections", "rebuild"], ["note", "x"]):
        result = cli(url, *words, key=key)
        said = " ".join(result.stderr.split())
        assert "does not open the store" not in said, (words, said)
        assert "is not encrypted" not in said, (words, said)
        if result.exit_code != 0:
            assert result.exit_code == 1, (words, result.output)
            assert "campaign verify" in said, (words, said)


@pytest.mark.parametrize(("which", "position"), [(0, 1), (-1, EVENTS)], ids=["first", "last"])
def test_a_byte_changed_in_an_encrypted_event_is_named_not_called_a_wrong_key(
    encrypted, key, which, position
):
    flip_a_byte(encrypted, which)
    found = verified(encrypted, key)
    assert (found["intact"], found["first_bad_position"]) == (False, position), found
    assert "cannot be decrypted" in found["reason"], found
    shown = cli(encrypted, "verify", key=key)
    assert f"broken at position {position}" in " ".join(shown.stdout.split())
    others_point_at_verify(encrypted, key)
    assert cli(encrypted, "export", key=key).exit_code == 1  # it reads every event


def test_an_event_appended_in_clear_is_named_not_called_a_plaintext_store(encrypted, key):
    append_in_clear(encrypted, key)
    found = verified(encrypted, key)
    assert (found["intact"], found["first_bad_position"]) == (False, EVENTS + 1), found
    assert "in clear" in found["reason"], found
    others_point_at_verify(encrypted, key)
    without = cli(encrypted, "status", key=None)  # the store is encrypted: it needs its key
    assert without.exit_code == 1
    assert "is encrypted: set CAMPAIGN_KEY" in without.stderr


@pytest.mark.parametrize("which", [0, -1], ids=["first", "last"])
def test_a_key_that_opens_no_event_is_still_a_wrong_key(encrypted, key, which):
    flip_a_byte(encrypted, which)
    wrong = generate_key()
    for words in (["verify", "--json"], ["status"], ["note", "x"]):
        result = cli(encrypted, *words, key=wrong)
        assert result.exit_code == 1, result.output
        assert "CAMPAIGN_KEY does not open the store" in result.stderr


@pytest.mark.parametrize(("which", "position"), [(0, 1), (-1, EVENTS)], ids=["first", "last"])
def test_a_state_that_is_not_utf8_text_at_either_end_is_named(tmp_path, which, position):
    url = str(tmp_path / "campaign.db")
    replay(url, tmp_path)
    table = EventTable(url)
    try:
        row = table.rows()[which]
        table.sql(
            "UPDATE {table} SET state = CAST(X'7B22FF' || substr(state, 3) AS TEXT) "
            "WHERE {id} = {p}",
            row.id,
        )
    finally:
        table.close()
    found = verified(url, None)
    assert (found["intact"], found["first_bad_position"]) == (False, position), found
    assert "timestamp" not in found["reason"] and "\ufffd" not in found["reason"]
    for words in (["export"], ["projections", "rebuild"]):
        result = cli(url, *words, key=None)
        said = " ".join(result.stderr.split())
        assert result.exit_code == 1, result.output
        assert "campaign verify" in said and "timestamp" not in said, said
