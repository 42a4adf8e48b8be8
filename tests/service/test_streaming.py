"""``campaign history`` streams (docs/PERFORMANCE.md B5): the rows come from the read model a chunk
at a time, and the JSON and the table are written as they arrive, so a long history never sits in
memory whole. No timing here: each test checks that output (or a row) comes out before the whole
history has been read."""

import io
import json
from dataclasses import asdict

import pytest
from rich.cells import cell_len
from rich.console import Console
from typer.testing import CliRunner

from campaign.core.errors import ImpossibleInput
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from cli import reading as cli_reading
from cli import render
from cli.main import app
from projections import queries
from tests import answers
from tests.scenario import FORD_LOG


def run(*args):
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture
def ford(store_url, tmp_path):
    """The ford session replayed into a fresh SQLite file or PostgreSQL schema."""
    source = tmp_path / "ford.log"
    source.write_text(FORD_LOG, "utf-8")
    run("--db", store_url, "replay", str(source))
    return store_url


def test_history_rows_is_a_lazy_iterator_read_in_chunks(ford, monkeypatch):
    built = []
    entry = queries._history_entry
    monkeypatch.setattr(queries, "_history_entry", lambda row: built.append(row) or entry(row))
    monkeypatch.setattr(queries, "HISTORY_CHUNK", 2)
    with Ledger(parse_store_url(ford)) as ledger:
        whole = answers.history(ledger)
        assert len(whole) > 10
        built.clear()
        rows = ledger.queries.history_rows()
        assert iter(rows) is rows and not isinstance(rows, list)
        assert built == []  # nothing read before a row is asked for
        first = next(rows)
        assert asdict(first) == whole[0]
        assert len(built) == 1  # one row built, not the whole history
        assert asdict(next(rows)) == whole[1] and len(built) == 2
        rows.close()  # abandoned half-way: the connection goes back, the ledger still reads
        assert answers.history(ledger) == whole
        # the list is the stream, whole
        streamed = [asdict(row) for row in ledger.queries.history_rows(session=12)]
        assert streamed == answers.history(ledger, session=12)


def test_history_rows_as_of_reads_the_scratch_fold_while_iterating(ford):
    with Ledger(parse_store_url(ford)) as ledger:
        rows = ledger.queries.history_rows(as_of="event:5")
        assert [row.position for row in rows][-1] >= 5
        bad = ledger.queries.history_rows(as_of="yesterday")
        with pytest.raises(ImpossibleInput):  # raised when it is read, not when it is made
            next(bad)


def test_history_json_is_the_same_bytes_streamed(ford):
    with Ledger(parse_store_url(ford)) as ledger:
        for args, kwargs in [
            ((), {}),
            (("--session", "12"), {"session": 12}),
            (("--subject", "ford"), {"subject": "ford"}),
            (("--as-of", "event:7"), {"as_of": "event:7"}),
        ]:
            expected = json.dumps({"events": answers.history(ledger, **kwargs)}, ensure_ascii=False)
            assert run("--db", ford, "history", *args, "--json") == expected + "\n"


def events(n, consumed):
    """``n`` fake history rows; ``consumed`` counts how many were taken."""
    for position in range(1, n + 1):
        consumed.append(position)
        yield {"position": position, "session": 1 + position // 40, "command": f"note {position}",
               "command_position": position, "kind": "note-taken", "subject": "campaign",
               "rules_say": None, "ruled": None, "note": "é \u2028 \"q\"" if position % 7 else None,
               "gm": None, "retracted": position % 11 == 0}  # fmt: skip


def test_history_json_is_written_before_the_history_is_read_whole(monkeypatch):
    consumed, written = [], []
    monkeypatch.setattr(cli_reading, "JSON_CHUNK", 10)
    # every write goes through echo_utf8 (JSON is UTF-8 whatever the terminal), newline included
    monkeypatch.setattr(
        cli_reading, "echo_utf8", lambda text: written.append((len(consumed), text))
    )
    cli_reading._echo_events(events(100, consumed))
    assert written[0][0] < 100  # the first piece was out while rows were still unread
    assert len(written) > 5
    text = "".join(text for _, text in written)
    assert text == json.dumps({"events": list(events(100, []))}, ensure_ascii=False) + "\n"
    written.clear()
    cli_reading._echo_events(iter([]))
    assert written == [(100, '{"events": []}\n')]


class Spy(io.StringIO):
    """A console's file that notes how many rows had been taken at each write."""

    def __init__(self, consumed):
        super().__init__()
        self.consumed, self.at = consumed, []

    def write(self, text):
        self.at.append(len(self.consumed))
        return super().write(text)


def test_a_long_history_table_is_printed_in_pieces_as_one_table(monkeypatch):
    monkeypatch.setattr("cli.render.history.HISTORY_WHOLE", 20)  # where print_history reads it
    monkeypatch.setattr("cli.render.history.HISTORY_CHUNK", 15)
    consumed = []
    spy = Spy(consumed)
    render.print_history(Console(file=spy, width=100, color_system=None), events(200, consumed))
    assert spy.at[0] < 200  # the first rows were printed while the rest were unread
    lines = spy.getvalue().split("\n")[:-1]  # not splitlines(): a note holds U+2028
    # one continuous table: one top edge, one header, one bottom edge
    assert lines[0].startswith("┏") and lines[-1].startswith("└")
    assert sum(line[0] in "┏┡└┌" for line in lines) == 3
    assert {cell_len(line) for line in lines} == {100}  # the chunks' columns line up
    numbers = [line.split("│")[1].strip() for line in lines[4:-1]]
    assert [int(n) for n in numbers if n] == list(range(1, 201))
    assert sum("session " in line for line in lines) == 6  # a heading where each session starts
    assert "(retracted)" in spy.getvalue()


def test_a_short_history_table_is_the_one_table_it_was(monkeypatch):
    rows = list(events(30, []))
    whole, streamed = io.StringIO(), io.StringIO()
    Console(file=whole, width=100, color_system=None).print(render.history_view(rows))
    render.print_history(Console(file=streamed, width=100, color_system=None), iter(rows))
    assert streamed.getvalue() == whole.getvalue()
    empty = io.StringIO()
    render.print_history(Console(file=empty, width=100, color_system=None), iter([]))
    assert empty.getvalue().strip() == "No events."


def test_the_exported_log_is_written_as_the_history_is_read(ford):
    from campaign.history import export

    with Ledger(parse_store_url(ford)) as ledger:
        history = ledger.history
        whole = export.log(history)
        read = []
        everything = history.events

        def counted(**kwargs):
            for event in everything(**kwargs):
                read.append(event)
                yield event

        history.events = counted
        lines = export.log_lines(history)
        first = next(lines)
        assert first == export.HEADER + "\n"
        assert 0 < len(read) < len(list(everything()))  # the header came out before the rest
        assert first + "".join(lines) == whole


def test_the_recap_writes_a_session_before_reading_the_next(tmp_path):
    from campaign.history import export
    from tests.cli.test_audit import EXAMPLE_LOGS

    db = str(tmp_path / "campaign.db")
    run("--db", db, "replay", *map(str, EXAMPLE_LOGS))
    with Ledger(parse_store_url(db)) as ledger:
        history = ledger.history
        whole = export.markdown(history)
        passes: list[list] = []
        everything = history.events

        def counted(**kwargs):
            passes.append([])
            for event in everything(**kwargs):
                passes[-1].append(event)
                yield event

        history.events = counted
        lines = export.markdown_lines(history)  # the first pass: sessions and retractions
        assert len(passes) == 1
        written = ""
        while "## Session 2" not in written:
            written += next(lines)
        assert "## Session 1" in written
        assert 0 < len(passes[1]) < len(passes[0])  # session 1 out before the history is read
        assert written + "".join(lines) == whole
