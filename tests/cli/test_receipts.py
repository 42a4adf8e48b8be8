"""Receipts of the chain's head (docs/RELIABILITY.md#receipts): ``session end`` and ``verify`` print
one, ``position:hash``; ``verify --expect RECEIPT`` (or ``--expect-file FILE``) says whether the
history still holds that hash at that position, and names where it does not — a history cut at its
end, or rewritten with its whole chain recomputed, which the chain alone cannot show. A receipt
that does not hold fails ``verify`` (exit 1); one that is no receipt is bad input (exit 2). On an
encrypted store ``verify`` says that the chain cannot be recomputed without the key. On SQLite and
PostgreSQL."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from campaign.core.integrity import event_hash
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from campaign.store.keys import generate_key
from tests.service.test_verify import EVENTS, EventTable, cli, ok, replay

RECEIPT = re.compile(r"^receipt: ([0-9]+:[0-9a-f]{16})$", re.M)


def verify(*args: str, exit_code: int) -> dict[str, Any]:
    """``campaign ARGS… verify --json`` (store options first, verify's own after ``verify``)."""
    result = cli(*args, "--json")
    assert result.exit_code == exit_code, result.output
    return json.loads(result.stdout)


def receipt_at(url: str, position: int, digits: int = 16) -> str:
    table = EventTable(url)
    try:
        return f"{position}:{json.loads(table.at(position).state)['hash'][:digits]}"
    finally:
        table.close()


def cut_the_last(url: str, count: int) -> None:
    """The last ``count`` events deleted, as ``sqlite3 campaign.db "DELETE …"`` would."""
    table = EventTable(url)
    try:
        for row in table.rows()[-count:]:
            table.sql("DELETE FROM {table} WHERE {id} = {p}", row.id)
    finally:
        table.close()


def rewrite_and_rechain(url: str, position: int) -> None:
    """12 goblins become 13 at ``position``, and every hash from there on is recomputed, each
    event linked to the new hash of the one before: a keyless store's chain holds again."""
    with Ledger(parse_store_url(url)) as ledger:  # the state as the hash sees it
        decode = ledger.opened.app.mapper.transcoder.decode
    table = EventTable(url)
    try:
        rows = [r for r in table.rows() if r.position >= position]
        prev = json.loads(rows[0].state)["prev_hash"]
        for row in rows:
            stored = row.state
            if row.position == position:
                stored = stored.replace(b'"count":12', b'"count":13', 1)
                assert stored != row.state
            state = json.loads(stored)
            state["prev_hash"] = prev
            body = decode(json.dumps(state).encode())
            aggregate = UUID(str(row.originator_id))
            state["hash"] = prev = event_hash(row.topic, aggregate, row.version, body, prev)
            table.set_state(row, json.dumps(state, separators=(",", ":")).encode())
    finally:
        table.close()


@pytest.fixture
def recorded(store_url, tmp_path):
    replay(store_url, tmp_path)
    return store_url


def test_session_end_prints_a_receipt_that_verify_accepts(recorded):
    ok("--db", recorded, "session", "13")
    ok("--db", recorded, "note", "the ferryman lied")
    said = ok("--db", recorded, "session", "end")
    assert said.startswith("session 13 ended\n"), said
    (receipt,) = RECEIPT.findall(said)
    assert receipt == receipt_at(recorded, EVENTS + 3)  # the session's end, the head
    found = verify("--db", recorded, "verify", "--expect", receipt, exit_code=0)
    assert found["intact"] is True and found["receipt"] == receipt
    assert found["receipts"] == [{"receipt": receipt, "holds": True, "reason": None}]
    shown = ok("--db", recorded, "verify", "--expect", receipt)
    assert f"receipt: {receipt}" in shown and f"receipt {receipt} holds" in shown
    assert "after the newest receipt" not in shown
    ok("--db", recorded, "session", "14")
    ok("--db", recorded, "note", "recorded after the receipt")
    shown = ok("--db", recorded, "verify", "--expect", receipt)
    first = EVENTS + 4
    assert f"positions {first}–{first + 1} come after the newest receipt" in shown, shown


def test_verify_prints_the_receipt_of_the_head_in_words_and_in_json(recorded):
    found = verify("--db", recorded, "verify", exit_code=0)
    head = receipt_at(recorded, EVENTS)
    assert found["receipt"] == head and found["last_hash"].startswith(head.split(":")[1])
    assert (found["receipts"], found["encrypted"]) == ([], False)
    assert f"receipt: {head}" in ok("--db", recorded, "verify")


def test_a_history_cut_at_its_end_is_named_by_an_earlier_receipt(recorded):
    receipt = verify("--db", recorded, "verify", exit_code=0)["receipt"]
    assert receipt.startswith(f"{EVENTS}:")
    cut_the_last(recorded, 3)
    alone = verify("--db", recorded, "verify", exit_code=0)  # the chain before the cut holds
    assert alone["intact"] is True and alone["events"] == EVENTS - 3
    found = verify("--db", recorded, "verify", "--expect", receipt, exit_code=1)
    said = f"cut: the history ends at {EVENTS - 3}, the receipt is for {EVENTS}"
    assert found["intact"] is False
    assert (found["first_bad_position"], found["reason"]) == (EVENTS - 2, said)
    assert found["receipts"] == [{"receipt": receipt, "holds": False, "reason": said}]
    assert (found["last_hash"], found["receipt"]) == (None, None)
    result = cli("--db", recorded, "verify", "--expect", receipt)
    assert result.exit_code == 1 and said in result.stdout


def test_a_history_rewritten_with_its_chain_recomputed_is_named_by_the_receipts(recorded):
    early, head = receipt_at(recorded, 10), receipt_at(recorded, EVENTS)
    rewrite_and_rechain(recorded, 14)
    assert verify("--db", recorded, "verify", exit_code=0)["intact"] is True  # a keyless chain
    found = verify("--db", recorded, "verify", "--expect", head, "--expect", early, exit_code=1)
    assert found["intact"] is False and found["first_bad_position"] == EVENTS
    assert found["reason"].startswith(
        f"the event at {EVENTS} is not the one the receipt was taken on"
    ), found["reason"]
    assert "after position 10" in found["reason"]  # the earlier receipt still holds
    assert [(r["receipt"], r["holds"]) for r in found["receipts"]] == [
        (early, True), (head, False)
    ]  # fmt: skip


def test_a_longer_prefix_of_the_hash_is_a_receipt_too_and_a_wrong_one_does_not_hold(recorded):
    whole = receipt_at(recorded, 20, digits=64)
    verify("--db", recorded, "verify", "--expect", whole.upper(), exit_code=0)
    position, digest = whole.split(":")
    other = f"{position}:{'0' if digest[0] != '0' else '1'}{digest[1:16]}"
    found = verify("--db", recorded, "verify", "--expect", other, exit_code=1)
    assert "the event at 20 is not the one the receipt was taken on" in found["reason"]


def test_receipts_kept_in_a_file_with_comments(recorded, tmp_path):
    notebook = tmp_path / "receipts.txt"
    notebook.write_text(
        "# the ford, session 12\n"
        f"receipt: {receipt_at(recorded, 10)}\n"
        "\n"
        f"  {receipt_at(recorded, EVENTS)}   # the end of the evening\n",
        encoding="utf-8",
    )
    found = verify("--db", recorded, "verify", "--expect-file", str(notebook), exit_code=0)
    assert [r["holds"] for r in found["receipts"]] == [True, True]
    cut_the_last(recorded, 1)
    found = verify("--db", recorded, "verify", "--expect-file", str(notebook), exit_code=1)
    assert found["reason"] == f"cut: the history ends at {EVENTS - 1}, the receipt is for {EVENTS}"


@pytest.mark.parametrize(
    "given",
    ["30", "30:", ":0123456789abcdef", "0:0123456789abcdef", "-1:0123456789abcdef",
     "30:0123456789abcde", "30:0123456789abcdefg", "x:0123456789abcdef",
     "٣٠:0123456789abcdef", "1" * 5000 + ":0123456789abcdef", "30:" + "0" * 65],
)  # fmt: skip
def test_a_receipt_that_is_no_receipt_is_bad_input(recorded, given):
    result = cli("--db", recorded, "verify", "--expect", given)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: --expect: "), result.stderr
    assert "POSITION:HASH" in result.stderr and "Traceback" not in result.output
    assert len(result.stderr) < 400  # a 5,000-digit position is not echoed whole


def test_a_receipts_file_with_a_bad_line_or_none_at_all_is_bad_input(recorded, tmp_path):
    notebook = tmp_path / "receipts.txt"
    notebook.write_text(f"{receipt_at(recorded, 10)}\n# fine\nsession 12 ended\n", "utf-8")
    result = cli("--db", recorded, "verify", "--expect-file", str(notebook))
    assert result.exit_code == 2, result.output
    assert f"{notebook}:3: " in result.stderr and "POSITION:HASH" in result.stderr
    result = cli("--db", recorded, "verify", "--expect-file", str(tmp_path / "none.txt"))
    assert result.exit_code == 2 and "--expect-file" in result.stderr, result.output


def test_a_receipt_past_a_break_in_the_chain_is_not_checked(recorded):
    head = receipt_at(recorded, EVENTS)
    table = EventTable(recorded)
    try:
        table.sql("DELETE FROM {table} WHERE {id} = {p}", table.at(16).id)
    finally:
        table.close()
    found = verify("--db", recorded, "verify", "--expect", head, exit_code=1)
    assert found["first_bad_position"] == 16 and "deleted" in found["reason"]
    (checked,) = found["receipts"]
    assert checked["holds"] is None
    assert "not checked: the history is broken at position 16, before it" in checked["reason"]


def test_an_exports_receipt_and_a_cut_export(recorded, tmp_path):
    head = verify("--db", recorded, "verify", exit_code=0)["receipt"]
    export = tmp_path / "ford.jsonl"
    lines = ok("--db", recorded, "export", "--format", "jsonl").splitlines(keepends=True)
    export.write_text("".join(lines), "utf-8")
    found = verify("verify", "--file", str(export), "--expect", head, exit_code=0)
    assert found["receipt"] == head and found["receipts"][0]["holds"] is True
    export.write_text("".join(lines[:-2]), "utf-8")
    found = verify("verify", "--file", str(export), "--expect", head, exit_code=1)
    assert found["reason"] == f"cut: the history ends at {EVENTS - 2}, the receipt is for {EVENTS}"


def test_an_encrypted_store_says_its_chain_cannot_be_recomputed_without_the_key(
    store_url, tmp_path, monkeypatch
):
    monkeypatch.setenv("CAMPAIGN_KEY", generate_key())
    replay(store_url, tmp_path)
    found = verify("--db", store_url, "verify", exit_code=0)
    assert found["encrypted"] is True and found["receipt"].startswith(f"{EVENTS}:")
    said = ok("--db", store_url, "verify")
    assert "the chain cannot be recomputed without the key" in said, said
    cut_the_last(store_url, 2)  # still genuine ciphertext: only a receipt shows the cut
    found = verify("--db", store_url, "verify", "--expect", found["receipt"], exit_code=1)
    assert found["reason"] == f"cut: the history ends at {EVENTS - 2}, the receipt is for {EVENTS}"
    assert found["encrypted"] is True
    monkeypatch.delenv("CAMPAIGN_KEY")
    plain = str(Path(tmp_path, "plain.db"))
    replay(plain, tmp_path)
    assert "cannot be recomputed" not in ok("--db", plain, "verify")
