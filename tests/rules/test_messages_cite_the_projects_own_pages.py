"""What the tracker shows cites the repository's own pages: a message, a calculator's flag, a rule's
English digest or an `audit --explain` text points at docs/ (the decisions at
``docs/rules.md#d-0`` … ``#d-10``), never at a document a user does not have — and every
``docs/….md#anchor`` it cites is a heading of that page."""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

import campaign.rules
from campaign.core.i18n import DOMAIN, LOCALE_DIR
from campaign.rules import morale, saves
from campaign.rules.citation import Citation
from tests.paths import ROOT

pofile = pytest.importorskip("babel.messages.pofile")

PO = LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{DOMAIN}.po"
OUTSIDE = re.compile(r"\bRULES\b|\bSPEC\b|shared/")
CITED = re.compile(r"docs/([a-z-]+\.md)#([a-z0-9-]+)")


def _catalogue() -> list[tuple[str, str]]:
    """Every (msgid, msgstr) of the French catalogue: every message the tracker can say."""
    with open(PO, "rb") as po:
        catalogue = pofile.read_po(po)
    pairs = []
    for message in catalogue:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        pairs.extend((i, s) for i in ids for s in strings)
    return pairs


def _digests() -> list[str]:
    """Every rule's English digest (`campaign rules …` and `audit --explain` print them)."""
    found: set[Citation] = set()
    for info in pkgutil.walk_packages(campaign.rules.__path__, "campaign.rules."):
        module = importlib.import_module(info.name)
        found.update(v for v in vars(module).values() if isinstance(v, Citation))
    return sorted(citation.digest for citation in found)


def _flags() -> list[str]:
    """The calculators' flags (`rules morale`'s and `rules dc`'s ``flag`` key)."""
    return [
        str(morale.morale_test(7, adjustment=-4).flag),
        str(saves.SpellDc(dc=10, spell_level=1, ability_mod=-1).flag),
    ]


def _shown() -> list[str]:
    return [text for pair in _catalogue() for text in pair] + _digests() + _flags()


def _anchors(page: str) -> set[str]:
    """The anchors of a docs/ page's headings, as GitHub makes them."""
    anchors = set()
    for line in (ROOT / "docs" / page).read_text(encoding="utf-8").splitlines():
        heading = re.match(r"#+ (.*)", line)
        if heading:
            words = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower())
            anchors.add(words.replace(" ", "-"))
    return anchors


def test_no_message_names_a_document_outside_the_repository():
    outside = [text for text in _shown() if OUTSIDE.search(text)]
    assert outside == []


def test_the_decisions_are_cited_as_their_headings_in_docs_rules():
    shown = " ".join(_shown())
    assert "docs/rules.md#d-8" in shown  # the form every citation of a decision takes
    cited = set(CITED.findall(shown))
    missing = sorted((page, a) for page, a in cited if a not in _anchors(page))
    assert missing == []
