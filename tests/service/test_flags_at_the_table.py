"""The same flag at the table as in the audit (docs/audit.md#at-the-table): for every code's
minimal case, the commands' answers name exactly the final codes ``audit`` lists (the
informational GEN codes aside: the answer says the note and the retraction itself), and what is
still due is said when an encounter or a session ends."""

from __future__ import annotations

import subprocess
import sys

import pytest

from campaign.commands import Casualty, EncounterEnd, SessionEnd, SessionOpen
from tests import answers
from tests.cli.test_audit import CASES, open_ledger, world

SAID_BY_THE_ANSWER = {"GEN001", "GEN002"}


class Table:
    """The ledger as a GM uses it live: every command recorded with its answer's flags."""

    def __init__(self, ledger):
        self.ledger = ledger
        self.said = []

    def handle(self, command):
        said = self.ledger.record(command)
        self.said.append(said)
        return said.answer

    def flagged(self):
        return sorted(flag.code for said in self.said for flag in said.flags)


def _final_codes(ledger):
    return sorted(
        f["code"]
        for f in answers.audit(ledger)
        if f["status"] == "final" and f["code"] not in SAID_BY_THE_ANSWER
    )


@pytest.mark.parametrize("case", [0, 2], ids=["fires", "nearest"])
@pytest.mark.parametrize("code", sorted(CASES))
def test_the_answers_flag_exactly_what_the_audit_lists(tmp_path, code, case):
    with open_ledger(str(tmp_path / "table.db")) as ledger:
        world(ledger)
        table = Table(ledger)
        CASES[code][case](table)
        assert table.flagged() == _final_codes(ledger)
        for said in table.said:
            for flag in said.flags:
                assert flag.message and "\n" not in flag.message


PROBE = """
import sys
from campaign.commands import Adjustment, EncounterGroup, EncounterStart, Note, SessionOpen
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
def judges():
    return sorted(m for m in sys.modules if m.startswith("campaign.audit."))
g = Ledger(parse_store_url(sys.argv[1]))
g.record(SessionOpen(number=1))
g.record(Note(text="the ford is guarded"))
print(judges(), "aggregates.character" in sys.modules)
g.record(EncounterStart(handle="ford"))
g.record(EncounterGroup(encounter="ford", group="goblins", count=6, morale=7))
g.record(Adjustment(encounter="ford", group="goblins", value=3, reason="x"))
print(judges())
"""


@pytest.mark.subprocess
def test_a_live_command_imports_only_the_judgement_of_its_own_events(tmp_path):
    out = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path / "n.db")],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    note, adjust = out.stdout.splitlines()
    assert note == "[] False"
    assert "campaign.audit.morale" in adjust
    assert "campaign.audit.saves" not in adjust and "campaign.audit.traits" not in adjust


def test_an_encounter_ended_with_a_check_due_says_it_lapsed(tmp_path):
    with open_ledger(str(tmp_path / "table.db")) as ledger:
        world(ledger)
        due = ledger.record(Casualty(encounter="ford", group="goblins", n=1))
        assert due.answer.checks_due and not due.flags  # said by the casualty's own line
        ended = ledger.record(EncounterEnd(handle="ford"))
        (flag,) = ended.flags
        assert flag.code == "MOR002"
        assert flag.message.startswith("ford/goblins: morale check due since event ")
        assert "(first-death), none made" in flag.message


def test_a_session_ended_says_the_item_saves_it_closes_and_the_checks_still_due(tmp_path):
    with open_ledger(str(tmp_path / "table.db")) as ledger:
        world(ledger)
        table = Table(ledger)
        CASES["SAV003"][0](table)  # a natural 1 exposes the shield, then the session ends
        (flag,) = table.said[-1].flags
        assert flag.code == "SAV003" and flag.message.startswith("brynn/Tower shield: ")
        ledger.record(SessionOpen(number=2))
        ledger.record(Casualty(encounter="ford", group="goblins", n=1))
        ended = ledger.record(SessionEnd())
        assert not ended.flags
        assert [r for r in ended.reminders if r.startswith("ford/goblins: morale check due")]
