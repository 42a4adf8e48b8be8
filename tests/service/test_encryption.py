"""Encryption at rest (docs/cli.md#encryption-at-rest, docs/RELIABILITY.md#security-at-rest): with
CAMPAIGN_KEY the events' state is stored encrypted with the library's AES-GCM cipher; a wrong or
missing key, or a key on a plaintext store, is a clear error that reads and writes nothing; nothing
in the environment but CAMPAIGN_KEY switches the cipher on or changes the key. The read models stay
in clear (documented). On SQLite and PostgreSQL (the ``store_url`` fixture)."""

import base64
import json

import pytest
from sqlalchemy import select

from campaign.core.errors import ImpossibleInput
from campaign.service.ledger import Ledger
from campaign.store import StoreError, parse_store_url
from campaign.store.keys import generate_key
from projections import tables
from tests.cli.test_replay import FORD_END, FORD_LOG

SECRET = "the dragon sleeps under the mill"
LOG = FORD_LOG + FORD_END + f'note "{SECRET}"\n'


@pytest.fixture
def key():
    return generate_key()


@pytest.fixture
def cli(campaign, store_url, monkeypatch):
    """``campaign --db STORE …`` with CAMPAIGN_KEY set to ``key`` (None: unset)."""

    def run(*args, key=None):
        if key is None:
            monkeypatch.delenv("CAMPAIGN_KEY", raising=False)
        else:
            monkeypatch.setenv("CAMPAIGN_KEY", key)
        result = campaign("--db", store_url, *args)
        assert "Traceback" not in result.output
        assert result.exception is None or isinstance(result.exception, SystemExit), result.output
        return result

    monkeypatch.setenv("CAMPAIGN_SEED", "7")
    return run


def replay(cli, tmp_path, key, text=LOG, name="ford.log"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = cli("replay", str(path), key=key)
    assert result.exit_code == 0, result.output
    return result


def raw_states(url, key=None):
    """The events' state exactly as the store holds it."""
    with Ledger(parse_store_url(url, key=key)) as ledger:
        return [
            n.state for n in ledger.opened.app.recorder.select_notifications(start=1, limit=10_000)
        ]


def is_json(state: bytes) -> bool:
    try:
        return isinstance(json.loads(state), dict)
    except ValueError:
        return False


def reading(cli, key):
    status = cli("status", "--all", "--json", key=key)
    history = cli("history", "--json", key=key)
    modifiers = cli("modifiers", "--json", key=key)
    assert (status.exit_code, history.exit_code, modifiers.exit_code) == (0, 0, 0)
    return json.loads(status.stdout), json.loads(history.stdout), json.loads(modifiers.stdout)


def test_an_encrypted_store_round_trips_and_stores_no_plaintext(cli, store_url, tmp_path, key):
    replay(cli, tmp_path, key)
    status, history, _ = reading(cli, key)
    assert status["encounters"][0]["groups"][0]["killed"] == 1
    assert any(e["note"] == SECRET for e in history["events"])
    states = raw_states(store_url, key)
    assert len(states) == status["position"]
    assert not any(is_json(s) or SECRET.encode() in s for s in states)
    # live commands on the encrypted store, then a rebuild of the read models from it
    assert cli("session", "13", key=key).exit_code == 0
    assert cli("note", "another secret", key=key).exit_code == 0
    assert cli("projections", "rebuild", key=key).exit_code == 0
    assert reading(cli, key)[1]["events"][-1]["note"] == "another secret"


def test_the_same_log_reads_the_same_encrypted_or_not(cli, campaign, tmp_path, key):
    replay(cli, tmp_path, key)
    plain = str(tmp_path / "plain.db")
    assert campaign("--db", plain, "replay", str(tmp_path / "ford.log")).exit_code == 0
    clear = []
    for args in (("status", "--all"), ("history",), ("modifiers",)):
        result = campaign("--db", plain, *args, "--json")
        assert result.exit_code == 0, result.output
        clear.append(json.loads(result.stdout))
    assert list(reading(cli, key)) == clear


def test_a_wrong_key_is_a_clear_error_and_writes_nothing(cli, store_url, tmp_path, key):
    replay(cli, tmp_path, key)
    before = reading(cli, key)
    wrong = generate_key()
    for args in (("note", "x"), ("status",), ("history",), ("replay", str(tmp_path / "ford.log"))):
        result = cli(*args, key=wrong)
        assert result.exit_code == 1, (args, result.output)
        assert "CAMPAIGN_KEY does not open the store" in result.stderr
        assert wrong not in result.output and key not in result.output
    assert reading(cli, key) == before


def test_a_missing_key_is_a_clear_error_even_with_read_models_in_clear(cli, tmp_path, key):
    replay(cli, tmp_path, key)
    before = reading(cli, key)
    for args in (("status",), ("note", "x"), ("export",)):
        result = cli(*args, key=None)
        assert result.exit_code == 1, (args, result.output)
        assert "is encrypted: set CAMPAIGN_KEY" in result.stderr
    assert reading(cli, key) == before


def test_a_key_on_a_plaintext_store_is_refused(cli, tmp_path, key):
    replay(cli, tmp_path, None)
    result = cli("note", "would be encrypted", key=key)
    assert result.exit_code == 1
    assert "is not encrypted, but CAMPAIGN_KEY is set" in result.stderr
    history = reading(cli, None)[1]
    assert all(e["note"] != "would be encrypted" for e in history["events"])


@pytest.mark.parametrize("bad", ["abc", "not base64!", base64.b64encode(b"x" * 20).decode(), "é"])
def test_a_malformed_key_is_bad_input_and_never_echoed(cli, bad):
    result = cli("session", "1", key=bad)
    assert result.exit_code == 2
    assert "CAMPAIGN_KEY is not an encryption key" in result.stderr
    assert bad not in result.stderr
    with pytest.raises(ImpossibleInput):
        parse_store_url("x.db", key=bad)


def test_nothing_in_the_environment_switches_a_cipher_on(cli, store_url, tmp_path, monkeypatch):
    other = generate_key()
    for name in ("LEDGER_CIPHER_KEY", "CIPHER_KEY"):
        monkeypatch.setenv(name, other)
    for name in ("LEDGER_CIPHER_TOPIC", "CIPHER_TOPIC"):
        monkeypatch.setenv(name, "eventsourcing.cryptography:AESCipher")
    monkeypatch.setenv("LEDGER_COMPRESSOR_TOPIC", "zlib")
    monkeypatch.setenv("PERSISTENCE_MODULE", "eventsourcing.popo")
    monkeypatch.setenv("LEDGER_PERSISTENCE_MODULE", "eventsourcing.popo")
    monkeypatch.setenv("SQLITE_DBNAME", str(tmp_path / "elsewhere.db"))
    monkeypatch.setenv("LEDGER_SQLITE_DBNAME", str(tmp_path / "elsewhere.db"))
    monkeypatch.setenv("LEDGER_POSTGRES_SCHEMA", "public")
    replay(cli, tmp_path, None)
    assert not (tmp_path / "elsewhere.db").exists()
    monkeypatch.delenv("LEDGER_POSTGRES_SCHEMA")
    states = raw_states(store_url)
    assert states and all(is_json(s) for s in states)  # in clear: no cipher, no compressor


def test_nothing_in_the_environment_changes_the_key(cli, store_url, tmp_path, key, monkeypatch):
    other = generate_key()
    monkeypatch.setenv("LEDGER_CIPHER_KEY", other)
    monkeypatch.setenv("CIPHER_KEY", other)
    monkeypatch.setenv("CIPHER_TOPIC", "eventsourcing.cipher:AESCipher")  # pycryptodome's
    replay(cli, tmp_path, key)
    monkeypatch.delenv("LEDGER_CIPHER_KEY")
    monkeypatch.delenv("CIPHER_KEY")
    monkeypatch.delenv("CIPHER_TOPIC")
    assert len(raw_states(store_url, key)) > 10  # opens with CAMPAIGN_KEY's key…
    with pytest.raises(StoreError, match="does not open"):
        raw_states(store_url, other)  # …and not with the one the environment offered


def test_the_read_models_stay_in_clear(cli, store_url, tmp_path, key):
    """Documented (docs/cli.md, docs/RELIABILITY.md): the view_* tables hold names and notes in
    clear and can be dropped and rebuilt from the encrypted events."""
    replay(cli, tmp_path, key)
    with Ledger(parse_store_url(store_url, key=key)) as ledger:
        ledger.opened.read_model.catch_up()
        with ledger.opened.read_model.engine.begin() as connection:
            rows = connection.execute(select(tables.timeline)).all()
    assert any(SECRET in str(value) for row in rows for value in row)


def test_key_generate_prints_a_fresh_aes_256_key(campaign):
    first, second = campaign("key", "generate"), campaign("key", "generate")
    assert first.exit_code == second.exit_code == 0
    key = first.stdout.strip()
    assert first.stdout == key + "\n" and key != second.stdout.strip()
    assert len(base64.b64decode(key, validate=True)) == 32
    assert parse_store_url("x.db", key=key).key == key
    assert "Example: campaign key generate" in campaign("key", "generate", "--help").stdout


def test_the_key_is_never_shown(key):
    url = parse_store_url("postgresql+psycopg://gm:s3cret@h/db", key=key)
    assert key not in repr(url) and key not in url.redacted and "s3cret" not in url.redacted
    assert url.library_env()["CIPHER_KEY"] == key
    assert url.library_env()["CIPHER_TOPIC"] == "eventsourcing.cryptography:AESCipher"
    assert "CIPHER_KEY" not in parse_store_url("x.db").library_env()


def test_a_new_key_by_export_and_import(cli, campaign, tmp_path, key, monkeypatch):
    """Key rotation as documented: export (plaintext JSON lines), import into a new store
    with the new key; the chain still verifies and the state is the same."""
    replay(cli, tmp_path, key)
    exported = cli("export", "--format", "jsonl", key=key)
    assert exported.exit_code == 0
    path = tmp_path / "history.jsonl"
    path.write_text(exported.stdout)
    new_key, target = generate_key(), str(tmp_path / "rotated.db")
    monkeypatch.setenv("CAMPAIGN_KEY", new_key)
    assert campaign("--db", target, "import", str(path)).exit_code == 0
    assert campaign("--db", target, "verify").exit_code == 0
    rotated = json.loads(campaign("--db", target, "status", "--all", "--json").stdout)
    assert rotated == reading(cli, key)[0]
    assert not any(is_json(s) for s in raw_states(target, new_key))
