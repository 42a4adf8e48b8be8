"""A retraction says what it makes final (docs/audit.md#pending-and-final): an item save withdrawn
after its exposure's session ended leaves that session without one — SAV003, final at once — and
the retraction's answer flags it, as the session's end would have (docs/audit.md#at-the-table).
Withdrawn in the same session, the exposure is pending again: no flag, the session's end says it."""

from __future__ import annotations

from campaign.commands import ItemSave, Retract, SavingThrow, SessionEnd, SessionOpen
from tests import answers
from tests.cli.test_audit import FIREBALL, open_ledger, world


def _exposed_and_saved(ledger):
    ledger.record(SavingThrow(handle="brynn", vs="Fireball", save_type="reflex", roll="1",
                              item="Tower shield", **FIREBALL))  # fmt: skip
    return ledger.record(ItemSave(handle="brynn", roll="9"))


def _final(ledger):
    return [(f["code"], f["subject"]) for f in answers.audit(ledger, code="SAV003")
            if f["status"] == "final"]  # fmt: skip


def test_an_item_save_withdrawn_after_its_session_flags_the_sav003(tmp_path):
    with open_ledger(str(tmp_path / "table.db")) as ledger:
        world(ledger)
        _exposed_and_saved(ledger)
        item_save = ledger.last_position()
        assert not ledger.record(SessionEnd()).flags  # answered in its session
        ledger.record(SessionOpen(number=2))
        said = ledger.record(Retract(ref=f"event:{item_save}"))
        assert _final(ledger) == [("SAV003", "brynn/Tower shield")]
        (flag,) = said.flags
        assert flag.code == "SAV003" and flag.message.startswith("brynn/Tower shield: ")
        assert "session 1" in flag.message and "\n" not in flag.message


def test_an_item_save_withdrawn_in_its_session_is_due_again_not_flagged(tmp_path):
    with open_ledger(str(tmp_path / "table.db")) as ledger:
        world(ledger)
        _exposed_and_saved(ledger)
        said = ledger.record(Retract(ref="last"))
        assert not said.flags and _final(ledger) == []
        (flag,) = ledger.record(SessionEnd()).flags
        assert flag.code == "SAV003"
