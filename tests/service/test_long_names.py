"""Given long handles and item names, then a store keeps answering: on PostgreSQL a company
handle of 65 letters, or an item name that makes a subject of 201, is recorded (exit 0) and
every read goes on — never ``value too long for type character varying(64)`` for good, even in
the rebuild and the retraction that would undo it. The read models hold text of any length;
a handle longer than 100 characters is refused (exit 2, nothing written): far beyond a slug
typed at the table, and within what a PostgreSQL index holds."""

from __future__ import annotations

import json

from tests.service.test_verify import cli, ok

LONG = "a" * 100  # then one more
ITEM = "x" * 250


def events(url: str) -> int:
    return len(json.loads(ok("--db", url, "history", "--json"))["events"])


def test_long_handles_and_item_names_are_recorded_and_read(store_url):
    company, encounter, group = "c" * 100, "e" * 100, "g" * 100
    ok("--db", store_url, "session", "1")
    ok("--db", store_url, "company", "hire", company, "--troop", "trained", "--size", "10")
    ok("--db", store_url, "encounter", "start", encounter)
    ok("--db", store_url, "encounter", "group", encounter, group, "--count", "3", "--morale", "7")
    ok("--db", store_url, "encounter", "join", encounter, company)
    ok("--db", store_url, "character", "create", "brynn")
    ok("--db", store_url, "character", "item", "brynn", ITEM, "--slot", "other")
    ok("--db", store_url, "adjust", encounter, group, "-1", "--reason", "r")
    status = json.loads(ok("--db", store_url, "status", "--json"))
    assert [c["handle"] for c in status["companies"]] == [company]
    (shown,) = status["encounters"]
    assert [g["handle"] for g in shown["groups"]] == [group, company]
    history = json.loads(ok("--db", store_url, "history", "--json"))["events"]
    subjects = {event["subject"] for event in history}
    assert f"brynn/{ITEM}" in subjects and f"{encounter}/{group}" in subjects
    for words in (["audit"], ["modifiers", f"{encounter}/{group}"], ["projections", "rebuild"]):
        ok("--db", store_url, *words)
    ok("--db", store_url, "retract", "last")


def test_a_handle_over_100_characters_is_refused_and_nothing_written(store_url):
    ok("--db", store_url, "session", "1")
    before = events(store_url)
    for words in (
        ["company", "hire", LONG + "b", "--troop", "trained", "--size", "10"],
        ["encounter", "start", LONG + "b"],
        ["character", "create", LONG + "b"],
    ):
        result = cli("--db", store_url, *words)
        assert result.exit_code == 2, result.output
        said = " ".join(result.stderr.split())
        assert "is 101 characters long; a handle is at most 100" in said, said
    assert events(store_url) == before
