"""Every error the tracker raises under campaign/ and cli/ is worded to be said in the person's
language (docs/translating.md): its message is a catalogue entry marked ``N_`` with named
placeholders, filled by ``values=``, never a text made when it is raised (an f-string, a
``+``, a ``.format``, a ``_()`` that would make ``str(error)`` French)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.paths import ROOT

PACKAGES = ("campaign", "cli")
ROOTS = {"CampaignError"}  # campaign/core/errors.py
# errors whose own __init__ words the message from what it is given (no message argument)
SELF_WORDED = {"UnknownSession", "StoreBusy"}
# errors that are the ImpossibleInput family's: a message with values, or it is plain
NEEDS_VALUES = {"ImpossibleInput"}


def _modules() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def _trees() -> dict[Path, ast.AST]:
    return {path: ast.parse(path.read_text(encoding="utf-8")) for path in _modules()}


def _base_names(node: ast.ClassDef) -> list[str]:
    names = []
    for base in node.bases:
        if isinstance(base, ast.Name):
            names.append(base.id)
        elif isinstance(base, ast.Attribute):
            names.append(base.attr)
    return names


def _error_classes(trees) -> tuple[set[str], set[str]]:
    """The names of every CampaignError subclass, and of those that are ImpossibleInputs."""
    bases = {
        node.name: _base_names(node)
        for tree in trees.values()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    }

    def below(roots: set[str]) -> set[str]:
        found = set(roots)
        while True:
            more = {name for name, up in bases.items() if set(up) & found} - found
            if not more:
                return found
            found |= more

    return below(ROOTS), below(NEEDS_VALUES)


def _said_now(node: ast.expr | None) -> bool:
    """A text made when the error is raised, or a literal never marked for the catalogue."""
    if node is None:
        return False
    if isinstance(node, ast.Constant):  # "{takes}": only a value, said as the value is
        text = re.sub(r"\{\w+\}", "", node.value) if isinstance(node.value, str) else ""
        return any(c.isalpha() for c in text)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _said_now(node.left) or _said_now(node.right) or isinstance(node.op, ast.Mod)
    if isinstance(node, ast.Call):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        return name in {"format", "_", "ngettext", "pgettext", "gettext"}
    if isinstance(node, ast.IfExp):
        return _said_now(node.body) or _said_now(node.orelse)
    return False


def _called(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _plain(node: ast.Call, impossible: set[str]) -> str | None:
    name = _called(node)
    keywords = {k.arg: k.value for k in node.keywords}
    message = node.args[0] if node.args else keywords.get("message")
    if name not in SELF_WORDED and _said_now(message):
        return "a message made when raised"
    if _said_now(keywords.get("expected")):
        return "an `expected` never marked N_"
    worded = (
        "values" in keywords
        or any(  # StoreError(words, {values})
            isinstance(given, ast.Dict) for given in node.args[1:]
        )
    )
    if name in impossible - SELF_WORDED and message is not None and not worded:
        return "no values= (said as it is)"
    if name not in impossible | SELF_WORDED and message is not None and not worded:
        return "no values= (said as it is)"
    return None


def test_every_error_is_worded_for_translation():
    trees = _trees()
    errors, impossible = _error_classes(trees)
    plain = []
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _called(node) in errors:
                why = _plain(node, impossible)
                if why is not None:
                    where = path.relative_to(ROOT).as_posix()
                    plain.append(f"{where}:{node.lineno}: {_called(node)}: {why}")
    assert not plain, "errors raised with a plain message:\n" + "\n".join(plain)
