"""SAV003 and SAV005, each pinned against the docs' text rather than the code's output.

SAV003 after a withdrawn item save (docs/log-language.md#retract: state, read models and the audit
then treat a withdrawn command as not having happened; docs/audit.md#the-codes: SAV003 is "a
natural 1 … and no item save before the session ended", `pending` until the session ends, then
`final`): an item save withdrawn
after its exposure's session ended leaves the finding as it would be had the item save never
been made — final — and a later session's item save does not answer it. Withdrawn in the same
session, the finding is pending again until the session ends. The only other finding that waits
(MOR002) cannot be re-opened after its deadline: whatever decides it is recorded on the same
encounter, so the answering test can no longer be retracted by ``event:N``.

SAV005 on a saved ``negates``/``disbelief`` without ``--damage`` (docs/log-language.md#saves: a
success takes 0 against `negates` or `disbelief`; docs/audit.md#the-codes, SAV005: "0 on a saved
`negates`/`disbelief`"; docs/rules.md#saving-throws: a successful save against `negates` leaves no
effect, and against `disbelief` the illusion is seen through and ignored): the rules' damage is 0
whatever ``--damage`` says, so a ``--damage-taken`` other than 0 is SAV005 — and the cases where the
rules do not know the damage stay silent."""

import pytest

import projections.readmodel
from campaign.commands import (
    Casualty,
    CharacterCreate,
    CharacterItem,
    CharacterSaves,
    EncounterEnd,
    EncounterGroup,
    EncounterStart,
    ItemSave,
    MoraleTest,
    Note,
    Retract,
    SavingThrow,
    SessionEnd,
    SessionOpen,
)
from campaign.core.errors import ImpossibleInput
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from tests import answers
from tests.service.test_read_models import dump

ACID = {"dc": 20, "effect": "half", "damage": 30, "objects": True}
SAME = ("code", "severity", "status", "session", "subject", "rules_say", "ruled", "message")


def open_ledger(url):
    return Ledger(parse_store_url(url), gm="ann", seed=7)


@pytest.fixture
def shared(store_url):
    with open_ledger(store_url) as opened:
        yield opened


@pytest.fixture
def ledger(tmp_path):
    with open_ledger(str(tmp_path / "fixes.db")) as opened:
        yield opened


def brynn(g, session=1, **saves):
    g.handle(SessionOpen(number=session))
    g.handle(CharacterCreate(handle="b"))
    g.handle(CharacterSaves(handle="b", **{"fortitude": 0, "reflex": 0, "will": 0} | saves))
    g.handle(CharacterItem(handle="b", name="Shield", slot="shield", hardness=5, hp=20))


def expose(g, handle="b"):
    """A natural 1 against acid that harms objects: the shield is exposed (SAV003 pending)."""
    g.handle(SavingThrow(handle=handle, vs="Acid", save_type="reflex", roll="1", **ACID))


def item_save(g, roll="3", handle="b"):
    """The exposed item's save; returns the position of its command (for ``retract event:N``)."""
    command = g.last_position() + 1
    g.handle(ItemSave(handle=handle, roll=roll))
    return command


def sav003(g):
    found = [f for f in answers.audit(g) if f["code"] == "SAV003"]
    assert len(found) == 1, answers.audit(g)
    return found[0]


def same(finding):
    return {key: finding[key] for key in SAME}


# --- 1. SAV003 and an item save withdrawn after its session ended ------------------------------


def control(g):
    """The same history without the withdrawn item save: the natural 1 in session 1, no item
    save before it ended, an item save only in session 3."""
    brynn(g)
    expose(g)
    g.handle(SessionEnd())
    g.handle(SessionOpen(number=2))
    g.handle(Note(text="the item save that was never made"))
    g.handle(SessionEnd())
    g.handle(SessionOpen(number=3))
    item_save(g, roll="15")
    g.handle(SessionEnd())
    return sav003(g)


def test_sav003_of_an_item_save_withdrawn_after_the_session_ended_is_final(shared, tmp_path):
    brynn(shared)
    expose(shared)
    withdrawn = item_save(shared)
    assert [f["code"] for f in answers.audit(shared)] == []  # answered in time
    shared.handle(SessionEnd())
    shared.handle(SessionOpen(number=2))
    shared.handle(Retract(ref=f"event:{withdrawn}"))
    found = sav003(shared)
    assert (found["status"], found["session"]) == ("final", 1)
    assert "before session 1 ended" in found["message"]
    shared.handle(SessionEnd())
    shared.handle(SessionOpen(number=3))
    item_save(shared, roll="15")  # too late for session 1: it does not answer the finding
    shared.handle(SessionEnd())
    assert sav003(shared)["status"] == "final"
    with open_ledger(str(tmp_path / "control.db")) as other:
        assert same(sav003(shared)) == same(control(other))


def test_sav003_of_an_item_save_withdrawn_in_the_same_session_waits_for_its_end(shared):
    brynn(shared)
    expose(shared)
    withdrawn = item_save(shared)
    shared.handle(Note(text="between the two"))  # so that event:N is not the last command
    shared.handle(Retract(ref=f"event:{withdrawn}"))
    found = sav003(shared)
    assert (found["status"], found["session"]) == ("pending", 1)
    assert "no item save yet" in found["message"]
    shared.handle(SessionEnd())
    assert sav003(shared)["status"] == "final"
    assert "before session 1 ended" in sav003(shared)["message"]


def test_an_item_save_withdrawn_in_its_session_can_be_made_again_in_time(ledger):
    brynn(ledger)
    expose(ledger)
    item_save(ledger)
    ledger.handle(Retract(ref="last"))
    assert sav003(ledger)["status"] == "pending"
    item_save(ledger, roll="15")  # the item save made again before the session ends
    ledger.handle(SessionEnd())
    assert [f["code"] for f in answers.audit(ledger)] == ["GEN001"]


def test_only_the_withdrawn_answer_is_decided_a_later_sessions_exposure_still_waits(ledger):
    brynn(ledger)
    ledger.handle(CharacterCreate(handle="c"))
    ledger.handle(CharacterSaves(handle="c", fortitude=0, reflex=0, will=0))
    ledger.handle(CharacterItem(handle="c", name="Buckler", slot="shield", hardness=10, hp=5))
    expose(ledger)
    withdrawn = item_save(ledger)
    ledger.handle(SessionOpen(number=2))  # ends session 1
    expose(ledger, "c")  # session 2's own exposure: pending until session 2 ends
    ledger.handle(Retract(ref=f"event:{withdrawn}"))
    found = {(f["subject"], f["session"]): f["status"] for f in answers.audit(ledger)
             if f["code"] == "SAV003"}  # fmt: skip
    assert found == {("b/Shield", 1): "final", ("c/Buckler", 2): "pending"}
    ledger.handle(SessionEnd())
    found = {f["subject"]: f["status"] for f in answers.audit(ledger) if f["code"] == "SAV003"}
    assert found == {"b/Shield": "final", "c/Buckler": "final"}


def test_withdrawing_the_session_that_ended_it_reopens_the_exposure(ledger):
    # `retract last` right after `session 2` withdraws that command: session 1 is open again
    # (`status`), so its SAV003 waits again — and an item save now answers it.
    brynn(ledger)
    expose(ledger)
    ledger.handle(SessionOpen(number=2))
    assert sav003(ledger)["status"] == "final"
    ledger.handle(Retract(ref="last"))
    assert answers.status(ledger)["session"] == 1
    assert sav003(ledger)["status"] == "pending"
    item_save(ledger, roll="15")
    ledger.handle(SessionEnd())
    assert [f["code"] for f in answers.audit(ledger)] == ["GEN001"]


def test_a_rebuild_in_batches_gives_the_same_sav003(shared, monkeypatch):
    brynn(shared)
    expose(shared)
    withdrawn = item_save(shared)
    shared.handle(SessionEnd())
    shared.handle(SessionOpen(number=2))
    shared.handle(Retract(ref=f"event:{withdrawn}"))
    shared.handle(SessionEnd())
    shared.handle(SessionOpen(number=3))
    item_save(shared, roll="15")
    shared.handle(SessionEnd())
    shared.queries.catch_up()
    live = dump(shared)
    assert sav003(shared)["status"] == "final"
    for size in (1, 2, 3, 5, 8, 13, 500):
        monkeypatch.setattr(projections.readmodel, "BATCH", size)
        shared.queries.rebuild()
        assert dump(shared) == live, f"batches of {size}"


def test_a_mor002_cannot_be_reopened_after_what_decides_it(ledger):
    # As in section 1, for the other pending finding: a test answers the check; the next
    # casualty or the encounter's end would decide it. Both are recorded on the encounter, so the
    # test can no longer be retracted by event:N (docs/log-language.md#retract); once the
    # encounter's end is withdrawn it can, and the finding is pending again until the encounter ends
    # again.
    ledger.handle(SessionOpen(number=1))
    ledger.handle(EncounterStart(handle="ford"))
    ledger.handle(EncounterGroup(encounter="ford", group="goblins", count=12, morale=7))
    ledger.handle(Casualty(encounter="ford", group="goblins", n=1))  # first death: a check is due
    test = ledger.last_position() + 1
    ledger.handle(MoraleTest(encounter="ford", group="goblins", roll="3,3"))
    ledger.handle(SessionEnd())
    ledger.handle(SessionOpen(number=2))
    ledger.handle(EncounterEnd(handle="ford"))
    with pytest.raises(ImpossibleInput):
        ledger.handle(Retract(ref=f"event:{test}"))
    ledger.handle(Retract(ref="last"))  # the encounter's end
    ledger.handle(Retract(ref=f"event:{test}"))
    found = [f for f in answers.audit(ledger) if f["code"] == "MOR002"]
    assert [(f["status"], f["session"]) for f in found] == [("pending", 1)]
    ledger.handle(EncounterEnd(handle="ford"))
    assert [f["status"] for f in answers.audit(ledger) if f["code"] == "MOR002"] == ["final"]


# --- 2. SAV005 on a saved negates/disbelief without --damage ----------------------------------

# (effect, how the save goes, --damage, --damage-taken) → SAV005's (rules_say, ruled), or None.
# Will +0 against DC 12: roll 15 saves, roll 5 fails; natural 20 saves, natural 1 fails.
SAV005_CASES = [
    # a saved negates/disbelief: no effect (docs/rules.md#saving-throws), 0 damage whatever --damage
    # says
    ("negates", {"roll": "15"}, None, 4, (0, 4)),
    ("disbelief", {"roll": "15"}, None, 4, (0, 4)),
    ("negates", {"roll": "15"}, 6, 4, (0, 4)),
    ("disbelief", {"roll": "15"}, 6, 4, (0, 4)),
    ("negates", {"roll": "20"}, None, 4, (0, 4)),  # a natural 20 always saves
    ("negates", {"roll": "15", "harmless": True}, None, 4, (0, 4)),  # opted to save, and did
    ("negates", {"roll": "15"}, None, 0, None),
    ("disbelief", {"roll": "15"}, None, 0, None),
    # a failure: the full --damage; without it the rules do not know the damage
    ("negates", {"roll": "5"}, None, 4, None),
    ("disbelief", {"roll": "5"}, None, 4, None),
    ("negates", {"roll": "5"}, 6, 4, (6, 4)),
    ("disbelief", {"roll": "1", "bonus": 30}, None, 4, None),  # a natural 1 always fails
    ("disbelief", {"roll": "1", "bonus": 30}, 6, 4, (6, 4)),
    # half: ⌊damage/2⌋ on a success, unknown without --damage
    ("half", {"roll": "15"}, None, 4, None),
    ("half", {"roll": "15"}, 9, 4, None),
    ("half", {"roll": "15"}, 9, 5, (4, 5)),
    ("half", {"roll": "5"}, 9, 4, (9, 4)),
    # partial: the lesser effect's damage is unknown (null) on a success
    ("partial", {"roll": "15"}, None, 4, None),
    ("partial", {"roll": "15"}, 6, 4, None),
    ("partial", {"roll": "5"}, 6, 4, (6, 4)),
    ("partial", {"roll": "5"}, None, 4, None),
    # no save at all (none, an unrolled harmless, a voluntary failure): the full --damage
    ("none", {}, 6, 4, (6, 4)),
    ("none", {}, None, 4, None),
    ("negates", {"harmless": True}, None, 4, None),
    ("negates", {"harmless": True}, 6, 4, (6, 4)),
    ("negates", {"voluntary_fail": True}, None, 4, None),
    ("negates", {"voluntary_fail": True}, 6, 4, (6, 4)),
]


@pytest.mark.parametrize(("effect", "how", "damage", "taken", "expected"), SAV005_CASES)
def test_sav005_against_the_effects_own_damage(ledger, effect, how, damage, taken, expected):
    ledger.handle(SessionOpen(number=1))
    ledger.handle(CharacterCreate(handle="b"))
    ledger.handle(CharacterSaves(handle="b", fortitude=0, reflex=5, will=0))
    dc = {"dc": 12} if "roll" in how else {}
    ledger.handle(
        SavingThrow(
            handle="b",
            vs="Hold person",
            save_type="will",
            effect=effect,
            damage=damage,
            damage_taken=taken,
            **dc,
            **how,
        )
    )
    found = [(f["rules_say"], f["ruled"]) for f in answers.audit(ledger) if f["code"] == "SAV005"]
    assert found == ([] if expected is None else [expected])
    assert "SAV002" not in [
        f["code"] for f in answers.audit(ledger)
    ]  # the outcome is the rules' own


def test_sav005_on_a_saved_negates_from_the_cli(campaign, tmp_path):
    # the report's three commands, as typed
    db = str(tmp_path / "s5.db")

    def run(*args):
        result = campaign("--db", db, *args)
        assert result.exit_code == 0, result.output

    run("session", "1")
    run("character", "create", "b")
    run("character", "saves", "b", "--fortitude", "0", "--reflex", "5", "--will", "0")
    for effect, damage in (("negates", []), ("disbelief", []), ("negates", ["--damage", "6"])):
        run("save", "b", "--vs", "Hold person", "--type", "will", "--dc", "12", "--effect",
            effect, "--roll", "15", *damage, "--damage-taken", "4")  # fmt: skip
    with open_ledger(db) as opened:
        found = [
            (f["rules_say"], f["ruled"]) for f in answers.audit(opened) if f["code"] == "SAV005"
        ]
    assert found == [(0, 4)] * 3
