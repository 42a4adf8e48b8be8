"""The French catalogue speaks the glossary's words (docs/glossary.md): wherever an English
message uses a term of the glossary, its French translation uses the glossary's French term —
the seeds' own vocabulary (moral, test de moral, jet de sauvegarde, DD, 1 naturel, …). The log
language's words (``--options``, and what stands between backticks) are not terms."""

from __future__ import annotations

import re

import pytest

from campaign.core.i18n import DOMAIN, LOCALE_DIR
from tests.paths import ROOT

pofile = pytest.importorskip("babel.messages.pofile")

GLOSSARY = ROOT / "docs" / "glossary.md"
PO = LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{DOMAIN}.po"
CASED = {"DC", "Fortitude", "Reflex", "Will", "MORAL", "GM"}  # as written, not as a word in text


def _terms() -> list[tuple[list[str], list[str]]]:
    """(English forms, French forms) of each row of the glossary's table."""
    rows = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[0] in ("English", "---"):
            continue
        english = [form.strip() for form in cells[0].split(" / ")]
        french = [re.sub(r"\s*\([^)]*\)", "", f).strip() for f in cells[1].split(" / ")]
        rows.append((english, french))
    return rows


def _prose(message: str) -> str:
    """A message without the log language's words: `quoted` spans, --options, and the
    example command lines of a help."""
    lines = [line for line in message.splitlines() if not line.startswith("Example:")]
    return re.sub(r"`[^`]*`|--[a-z][a-z0-9-]*", " ", "\n".join(lines))


def _uses(text: str, term: str) -> bool:
    flags = 0 if term in CASED else re.IGNORECASE
    return re.search(rf"(?<![\w-]){re.escape(term)}s?(?![\w-])", text, flags) is not None


def test_the_glossary_has_its_terms():
    english = {form for forms, _french in _terms() for form in forms}
    assert {"morale test", "saving throw", "DC", "natural 1", "hardness", "flaw"} <= english


def test_every_glossary_term_in_a_message_is_the_glossary_s_in_french():
    with open(PO, "rb") as po:
        catalogue = pofile.read_po(po)
    wrong = []
    for message in catalogue:
        if not message.id or not isinstance(message.id, str):
            continue
        english, french = _prose(message.id), message.string.lower()
        for forms, translations in _terms():
            if any(_uses(english, form) for form in forms) and not any(
                t.lower() in french for t in translations
            ):
                wrong.append((forms[0], message.id[:60], message.string[:60]))
    assert wrong == []
