"""Checkpoints of the ``--as-of`` fold (projections/checkpoints.py): a status as of any point is
the same whether folded from position 1 or from a checkpoint; a fold takes the checkpoints it
passes and starts from the nearest one; a rebuild drops them — on a SQLite file and PostgreSQL.

The ford session is short, so checkpoints are taken every few events here (``EVERY``)."""

import zlib

import pytest
from sqlalchemy import delete, select

from campaign.commands import CompanyHire, SessionOpen
from campaign.service.ledger import Ledger
from campaign.service.queries import STATE
from campaign.store import parse_store_url
from projections import checkpoints, queries, tables
from tests import answers
from tests.scenario import FORD, play

EVERY = 7


@pytest.fixture
def ledger(store_url):
    with Ledger(parse_store_url(store_url), gm="ann", seed=11) as opened:
        play(opened, FORD)
        opened.handle(SessionOpen(number=13, title="After the ford"))
        opened.handle(CompanyHire(handle="grey-cloaks", troop="militia", size=10))
        yield opened


def kept(ledger):
    c = tables.checkpoints.c
    with ledger.queries.reading() as connection:
        return list(connection.scalars(select(c.position).order_by(c.position)))


def truth(ledger, monkeypatch, points):
    """Each point's status folded from position 1: no checkpoint is ever taken or read."""
    monkeypatch.setattr(checkpoints, "EVERY", 10**9)
    found = [answers.status(ledger, as_of=point) for point in points]
    assert kept(ledger) == []
    monkeypatch.setattr(checkpoints, "EVERY", EVERY)
    return found


def folded_to(ledger):
    """Each checkpoint's label → the positions its image's read models are folded to."""
    c = tables.checkpoints.c
    with ledger.queries.reading() as connection:
        images = connection.execute(select(c.position, c.image)).all()
    found = {}
    for position, image in images:
        with ledger.queries.scratch(STATE) as scratch:
            scratch.load_image(zlib.decompress(image))
            found[position] = {at for _, at in scratch.positions().values()}
    return found


def command_ends(ledger, upto):
    with ledger.queries.reading() as connection:
        ends = {queries.command_end(connection, m) for m in range(EVERY, upto + 1, EVERY)}
    return sorted(ends)


@pytest.mark.slow
def test_a_status_from_a_checkpoint_is_the_status_folded_from_the_start(ledger, monkeypatch):
    last = ledger.last_position()
    points = [f"event:{p}" for p in range(1, last + 1)]
    expected = truth(ledger, monkeypatch, points)
    assert answers.status(ledger, as_of=f"event:{last}") == expected[-1]
    assert kept(ledger) == command_ends(ledger, last)  # taken on the way: one per EVERY events
    assert len(kept(ledger)) >= 4
    assert folded_to(ledger) == {position: {position} for position in kept(ledger)}
    assert [answers.status(ledger, as_of=point) for point in points] == expected
    assert list(answers.statuses(ledger, points)) == expected
    assert (
        list(answers.statuses(ledger, points[::9])) == expected[::9]
    )  # jumps past several checkpoints
    assert answers.modifiers(ledger, as_of=f"event:{last}") == answers.modifiers(ledger)


def test_a_fold_starts_from_the_nearest_checkpoint_before_its_point(ledger, monkeypatch):
    """Proof that the image is what the fold starts from: an image with the companies removed
    gives a status without the companies hired before it, and only from it on."""
    last = ledger.last_position()
    monkeypatch.setattr(checkpoints, "EVERY", EVERY)
    answers.status(ledger, as_of=f"event:{last}")
    *_, before, nearest = kept(ledger)
    c = tables.checkpoints.c
    with ledger.opened.read_model.engine.begin() as connection:
        image = connection.scalar(select(c.image).where(c.position == nearest))
        with ledger.queries.scratch(STATE) as scratch:
            scratch.load_image(zlib.decompress(image))
            with scratch.engine.begin() as inside:
                inside.execute(delete(tables.companies))
            tampered = zlib.compress(scratch.image())
        connection.execute(
            tables.checkpoints.update().where(c.position == nearest).values(image=tampered)
        )
    handles = lambda ref: [x["handle"] for x in answers.status(ledger, as_of=ref)["companies"]]  # noqa: E731
    assert handles(f"event:{last}") == ["grey-cloaks"]  # hired after the tampered checkpoint
    assert handles(f"event:{before}") == ["red-lances"]  # from the checkpoint before: intact


def test_a_rebuild_drops_the_checkpoints_and_the_next_fold_takes_them_again(ledger, monkeypatch):
    last = ledger.last_position()
    monkeypatch.setattr(checkpoints, "EVERY", EVERY)
    first = answers.status(ledger, as_of=f"event:{last - 1}")
    taken = kept(ledger)
    assert taken
    ledger.queries.rebuild()
    assert kept(ledger) == []
    assert answers.status(ledger, as_of=f"event:{last - 1}") == first
    assert kept(ledger) == taken


def test_only_the_state_folds_keep_checkpoints(ledger, monkeypatch):
    """A history or an audit as of a point lists all of it: it reads as much as it folds."""
    last = ledger.last_position()
    monkeypatch.setattr(checkpoints, "EVERY", EVERY)
    answers.history(ledger, as_of=f"event:{last}")
    answers.audit(ledger, as_of=f"event:{last}")
    assert kept(ledger) == []


def test_without_sqlites_serialize_every_fold_starts_at_position_1(ledger, monkeypatch):
    last = ledger.last_position()
    points = [f"event:{p}" for p in range(1, last + 1, 5)]
    expected = truth(ledger, monkeypatch, points)
    monkeypatch.setattr(checkpoints, "AVAILABLE", False)
    assert [answers.status(ledger, as_of=point) for point in points] == expected
    assert kept(ledger) == []
