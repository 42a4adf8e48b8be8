"""Given a store whose rows were deleted or added behind the tracker's back, when the GM exports
it (to back it up, or to move it), then the export is a store failure that points at `campaign
verify` (exit 1, docs/RELIABILITY.md) and writes nothing, in every format and for one session as
for the whole: never a log or a jsonl file that silently drops a command or adds one, which,
replayed into a new store, `verify` would call intact."""

from __future__ import annotations

import pytest

from tests.service.test_verify import (
    EventTable,
    append_copy,
    cli,
    delete_row,
    insert_copy_in_the_middle,
    replay,
)

DAMAGE = {
    "a row deleted": (delete_row, "position 17 follows position 15: 16 is missing"),
    "a copied row appended": (append_copy, "position 5 comes again after position 30"),
    "a copied row inserted": (insert_copy_in_the_middle, "position 9 comes again after"),
}


@pytest.mark.parametrize("fmt", ["log", "jsonl", "markdown"])
@pytest.mark.parametrize("case", DAMAGE)
def test_an_export_of_a_damaged_history_is_a_store_failure(store_url, tmp_path, case, fmt):
    replay(store_url, tmp_path)
    tamper, said = DAMAGE[case]
    table = EventTable(store_url)
    try:
        tamper(table)
    finally:
        table.close()
    result = cli("--db", store_url, "export", "--format", fmt)
    assert result.exit_code == 1, result.output
    message = " ".join(result.stderr.split())  # Rich wraps it
    assert "the store's history is damaged" in message and said in message, message
    assert "campaign verify" in message
    # checked whole before the first line: a jsonl cut short at the damage would import, and
    # verify, as a whole history
    assert result.stdout == ""


@pytest.mark.parametrize("fmt", ["log", "jsonl", "markdown"])
def test_a_session_export_of_a_damaged_history_fails_alike_in_every_format(
    store_url, tmp_path, fmt
):
    # the damage is in a later session: the jsonl fails as the log and the recap do
    replay(store_url, tmp_path)  # session 12, positions 1–30
    for words in (["session", "13"], ["note", "a"], ["note", "b"]):  # 31, 32, 33
        assert cli("--db", store_url, *words).exit_code == 0
    table = EventTable(store_url)
    try:
        table.sql("DELETE FROM {table} WHERE {id} = {p}", table.at(32).id)
    finally:
        table.close()
    result = cli("--db", store_url, "export", "--format", fmt, "--session", "12")
    assert result.exit_code == 1, result.output
    assert "32 is missing" in " ".join(result.stderr.split())
    assert result.stdout == ""


def test_an_export_of_an_intact_history_still_runs(store_url, tmp_path):
    replay(store_url, tmp_path)
    for fmt in ("log", "jsonl", "markdown"):
        result = cli("--db", store_url, "export", "--format", fmt)
        assert result.exit_code == 0 and result.stdout, (fmt, result.output)
