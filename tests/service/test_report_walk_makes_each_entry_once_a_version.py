"""The report's walk over the sessions makes a character's and a company's entry once a version:
the replay's step after a command and the recap's state at the session's end share it
(projections/held.py, docs/PERFORMANCE.md B8) — through the example campaign, whose sessions
end on commands that touched characters and companies — and the report says the same."""

from collections import Counter

from aggregates.character import Character
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url
from projections import held
from tests.paths import ROOT
from tests.stores import replayed

LOGS = sorted((ROOT / "examples" / "campaign").glob("*.log"))


def test_each_entry_is_made_once_a_version_by_the_walk(tmp_path, monkeypatch):
    db = replayed(tmp_path, "".join(path.read_text() for path in LOGS))
    with Ledger(parse_store_url(db)) as ledger:
        before = [session.lines for session in ledger.history.report(None).sessions]
        report = ledger.history.report(None)  # its first pass read: the walk is what is left
        characters, companies = Counter(), Counter()
        as_status, company_row = Character.as_status, held.company_row

        def character_made(character):
            characters[character.id, character.version] += 1
            return as_status(character)

        def company_made(company):
            companies[company.id, company.version] += 1
            return company_row(company)

        monkeypatch.setattr(Character, "as_status", character_made)
        monkeypatch.setattr(held, "company_row", company_made)
        after = [session.lines for session in report.sessions]
    assert after == before and len(after) == len(LOGS)
    assert characters and companies
    assert max(characters.values()) == 1, characters.most_common(3)
    assert max(companies.values()) == 1, companies.most_common(3)
