"""Given every code's minimal case, then each finding the audit stores, each flag under a
command's answer and each reminder after the session's end is worded for translation
(docs/translating.md): an English text — what is stored and what ``--json`` shows — made from a
catalogue entry and its values, which the screen says in the reader's language. A judgement that
writes its message as a plain string fails here."""

from __future__ import annotations

from contextlib import suppress
from dataclasses import asdict

import pytest

from campaign.commands import SessionEnd
from campaign.core import i18n
from campaign.core.errors import CampaignError
from campaign.core.worded import Worded
from tests.cli.test_audit import CASES, open_ledger, world
from tests.service.test_flags_at_the_table import Table

SAME_IN_FRENCH = {"note"}  # GEN002 of a `note` line: French says it the same way


def _said_at_the_table(store_url, code):
    """The findings, flags and reminders of ``code``'s case, its session then ended (the read
    model's JSON column on both backends)."""
    with open_ledger(store_url) as ledger:
        world(ledger)
        table = Table(ledger)
        CASES[code][0](table)
        # the session's end decides what is pending and says what is still due (a case that
        # ended its session itself has none open)
        with suppress(CampaignError):
            table.handle(SessionEnd())
        found = ledger.queries.audit()
    assert code in {f.code for f in found}
    flags = [flag.message for said in table.said for flag in said.flags]
    reminders = [reminder for said in table.said for reminder in said.reminders]
    return found, flags + reminders


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_code_s_finding_and_flags_are_worded_for_translation(store_url, code):
    found, told = _said_at_the_table(store_url, code)
    messages = [f.message for f in found] + told
    assert [m for m in messages if not isinstance(m, Worded)] == []
    # the JSON's object (dataclasses.asdict) keeps the words, and its text is the English one
    for finding in found:
        kept = asdict(finding)["message"]
        assert isinstance(kept, Worded) and kept == finding.message
        assert str(kept) == kept.words.format(**kept.values)
    english = [str(m) for m in messages]
    i18n.use("fr")
    try:
        french = [m.said() for m in messages]
    finally:
        i18n.use("en")
    assert [str(m) for m in messages] == english  # saying it changes nothing stored
    unchanged = [e for e, f in zip(english, french, strict=True) if e == f]
    assert [e for e in unchanged if e not in SAME_IN_FRENCH] == []


def test_a_worded_message_is_kept_whole_by_the_read_model():
    """What the read model stores (``message_words``) gives back the same text, nested words
    included: ``first-death and half-out`` is said ``premier mort et la moitié hors combat``."""
    from campaign.audit.findings import checks_said
    from campaign.core.worded import kept

    message = Worded(
        "morale check due ({checks}): none made yet",
        {"checks": checks_said(["first-death", "half-out"])},
    )
    again = kept(str(message), message.as_json())
    assert again == "morale check due (first-death and half-out): none made yet"
    assert isinstance(again, Worded)
    i18n.use("fr")
    try:
        assert again.said() == (
            "test de moral dû (premier mort et la moitié hors combat) : aucun fait pour l'instant"
        )
    finally:
        i18n.use("en")
    # a text stored before it was worded, or whose words no longer make it, is shown as stored
    assert type(kept("as stored", None)) is str
    assert type(kept("reworded since", message.as_json())) is str
