"""The French catalogue follows the code (docs/translating.md): the messages extracted from the
code now, with Babel as ``campaign/locale/update.sh`` extracts them, are exactly the catalogue's
— none missing, none untranslated or fuzzy, none stale — and the compiled ``.mo`` the package
ships says what the ``.po`` says. Babel runs here, in the tests, never in the tracker."""

from __future__ import annotations

import re
import tokenize
from typing import Any

import pytest

from campaign.core.i18n import DOMAIN, LOCALE_DIR
from tests.paths import ROOT

babel_extract = pytest.importorskip("babel.messages.extract")
from babel.messages.frontend import parse_mapping_cfg  # noqa: E402
from babel.messages.mofile import read_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

PO = LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{DOMAIN}.po"
MO = PO.with_suffix(".mo")


def _extracted() -> set[str]:
    """The messages of the code now, as ``campaign/locale/update.sh`` extracts them."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found = babel_extract.extract_from_dir(str(ROOT), method_map, options_map)
    return {_id(message) for _file, _line, message, _comments, _context in found if message}


def _id(message: str | tuple[str, ...]) -> str:
    """A message's id: its singular, for a counted one."""
    return message if isinstance(message, str) else message[0]


def _po() -> Any:
    with open(PO, "rb") as po:
        return read_po(po)


def test_every_message_of_the_code_is_in_the_catalogue_and_nothing_else():
    code = _extracted()
    catalogue = {_id(m.id) for m in _po() if m.id}
    assert sorted(code - catalogue) == [], "missing: run campaign/locale/update.sh"
    assert sorted(catalogue - code) == [], "stale: run campaign/locale/update.sh"


def test_every_message_is_translated_and_none_is_fuzzy():
    po = _po()
    assert not po.fuzzy
    untranslated = [m.id for m in po if m.id and not all(_forms(m.string))]
    fuzzy = [m.id for m in po if m.id and m.fuzzy]
    assert untranslated == []
    assert fuzzy == []


def _forms(string: str | tuple[str, ...]) -> tuple[str, ...]:
    return string if isinstance(string, tuple) else (string,)


def _same(text: str | list[str] | tuple[str, ...]) -> str | tuple[str, ...]:
    """A counted message's forms as one kind of value: the .mo reader gives lists, the .po
    reader tuples."""
    return tuple(text) if isinstance(text, list) else text


def test_the_shipped_mo_is_the_po_compiled():
    with open(MO, "rb") as mo:
        compiled = {_same(m.id): _same(m.string) for m in read_mo(mo) if m.id}
    written = {_same(m.id): _same(m.string) for m in _po() if m.id and not m.fuzzy}
    assert compiled == written, "run campaign/locale/update.sh"


def test_placeholders_are_kept():
    """A translation names the same ``{placeholders}`` as its message: ``format`` would fail."""
    import string

    def names(text: str) -> set[str]:
        return {field for _, field, _, _ in string.Formatter().parse(text) if field}

    wrong = []
    for message in _po():
        if not message.id or "python-brace-format" not in message.flags:
            continue
        ids = _forms(message.id)
        wrong += [(ids[0], s) for s in _forms(message.string) if s and names(s) != names(ids[-1])]
    assert wrong == []


def test_the_package_ships_the_compiled_catalogue():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data = project["tool"]["setuptools"]["package-data"]["campaign"]
    assert "locale/*/LC_MESSAGES/*.mo" in data
    assert MO.read_bytes()[:4] in (b"\xde\x12\x04\x95", b"\x95\x04\x12\xde")  # gettext's magic


_SAID = re.compile(r"""\b(?:_|N_|ngettext|pgettext)\(\s*[rRuU]?["']""")  # a literal said
_PREFIX = re.compile(r"[rRbBuUfF]*")  # a string literal's prefix


def test_no_message_is_said_inside_an_f_string():
    """Babel's extractor reads an f-string as one string: a ``_("…")`` of a literal inside one
    is never extracted, so the checks above cannot see it missing. Say it before the f-string."""
    hidden = []
    for package in ("aggregates", "campaign", "cli", "projections"):
        for path in sorted((ROOT / package).rglob("*.py")):
            with open(path, "rb") as source:
                for token in tokenize.tokenize(source.readline):
                    formatted = "f" in _PREFIX.match(token.string).group().lower()
                    if token.type == tokenize.STRING and formatted and _SAID.search(token.string):
                        hidden.append(f"{path.relative_to(ROOT)}:{token.start[0]}")
    assert hidden == []
