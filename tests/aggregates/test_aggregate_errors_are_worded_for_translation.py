"""Every error the aggregates raise to a GM is worded to be said in the invocation's language
(docs/translating.md): its message and what was expected are catalogue entries (``N_("…")``,
or a name or a choice of such entries) filled from ``values`` when it is said, never a plain or
formatted string shown as it is."""

from __future__ import annotations

import ast
import importlib
import inspect
import string

from campaign.core.errors import CampaignError
from tests.paths import ROOT

AGGREGATES = ROOT / "aggregates"
# A message the rules word themselves and hand over, a Worded (campaign/core/worded.py) raised
# with its words and values: (file, the name holding it).
RULES_WORDED = {("aggregates/character_item_rulings.py", "why")}  # item_hp_contradiction


def _error_classes(module: str) -> set[str]:
    """The names in ``module`` that are errors a GM is shown (CampaignError and its kinds)."""
    loaded = importlib.import_module(module)
    return {
        name
        for name, value in vars(loaded).items()
        if inspect.isclass(value) and issubclass(value, CampaignError)
    }


def _assignments(scope: ast.AST) -> dict[str, list[ast.expr]]:
    """What each plain name is assigned in ``scope`` (a function, or the module)."""
    found: dict[str, list[ast.expr]] = {}
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found.setdefault(target.id, []).append(node.value)
        elif (
            isinstance(node, ast.AnnAssign | ast.NamedExpr)
            and node.value is not None
            and isinstance(node.target, ast.Name)
        ):
            found.setdefault(node.target.id, []).append(node.value)
    return found


def _worded(node: ast.expr | None, names: dict[str, list[ast.expr]], seen: frozenset = frozenset()):
    """A catalogue entry: ``N_("…")``, a choice of them, a name only ever given one, or one
    looked up in a table (a dict) of them."""
    if isinstance(node, ast.Call):
        return (
            isinstance(node.func, ast.Name)
            and node.func.id == "N_"
            and len(node.args) == 1
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        )
    if isinstance(node, ast.IfExp):
        return _worded(node.body, names, seen) and _worded(node.orelse, names, seen)
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        tables = names.get(node.value.id, [])
        return bool(tables) and all(
            isinstance(table, ast.Dict) and all(_worded(v, names, seen) for v in table.values)
            for table in tables
        )
    if isinstance(node, ast.Name) and node.id not in seen and names.get(node.id):
        return all(_worded(value, names, seen | {node.id}) for value in names[node.id])
    return False


def _expected_worded(node: ast.expr | None, names: dict[str, list[ast.expr]]) -> bool:
    """What was expected: worded, data filled from values, nothing, or a choice of those."""
    if isinstance(node, ast.IfExp):
        return _expected_worded(node.body, names) and _expected_worded(node.orelse, names)
    if isinstance(node, ast.Name) and names.get(node.id) and not _worded(node, names):
        return all(_expected_worded(value, names) for value in names[node.id])
    return (
        node is None
        or _worded(node, names)
        or _placeholders_only(node)
        or (isinstance(node, ast.Constant) and node.value is None)
    )


def _placeholders_only(node: ast.expr) -> bool:
    """``"{choices}"``: what was expected is data (a list of handles), filled from values; or
    notation, nothing to translate: one word (``2d6``, ``KEY:detail``) or no word (``≥ 1``,
    ``1–{most}``)."""
    if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
        return False
    literal = "".join(text for text, *_ in string.Formatter().parse(node.value))
    return not any(c.isspace() for c in literal) or not any(c.isalpha() for c in literal)


def _plain(path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    errors = _error_classes(module)
    module_names = _assignments(tree)
    scopes = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    plain = []
    for scope in scopes:
        names = {**module_names, **_assignments(scope)}
        for node in ast.walk(scope):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in errors
            ):
                continue
            keywords = {k.arg: k.value for k in node.keywords}
            message = node.args[0] if node.args else keywords.get("message")
            where = str(path.relative_to(ROOT))
            if (
                isinstance(message, ast.Attribute)
                and message.attr == "words"
                and isinstance(message.value, ast.Name)
                and (where, message.value.id) in RULES_WORDED
                and "values" in keywords
            ):
                continue
            expected = keywords.get("expected")
            ok = (
                "values" in keywords
                and _worded(message, names)
                and _expected_worded(expected, names)
            )
            if not ok:
                plain.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.func.id}")
    return sorted(set(plain))


def test_every_error_the_aggregates_raise_is_worded_for_translation():
    plain = [where for path in sorted(AGGREGATES.rglob("*.py")) for where in _plain(path)]
    assert plain == [], "word these errors with N_(…) and values= (docs/translating.md)"


def test_the_check_sees_a_plain_message():
    """The check itself: it finds a message given as an f-string, and passes a worded one."""
    tree = ast.parse(
        "def f(x):\n"
        "    raise ImpossibleInput(f'{x} is wrong', field='x', expected='fine')\n"
        "def g(x):\n"
        "    words = N_('{x} is wrong') if x else N_('{x} is not right')\n"
        "    raise ImpossibleInput(words, field='x', expected='{x}', values={'x': x})\n"
    )
    names_f = _assignments(tree.body[0])
    names_g = _assignments(tree.body[1])
    raise_f = tree.body[0].body[0].exc
    raise_g = tree.body[1].body[1].exc
    assert not _worded(raise_f.args[0], names_f)
    assert _worded(raise_g.args[0], names_g)
    assert _placeholders_only(raise_g.keywords[1].value)
