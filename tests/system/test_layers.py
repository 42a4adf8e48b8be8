"""Given the code's layers (STYLE.md "Shape"), then the CLI never touches an aggregate: it calls
the application service, which takes and returns plain values, and renders what it gets."""

import ast

import pytest

from tests.paths import ROOT

CLI = sorted((ROOT / "cli").rglob("*.py"))
# the service's loaders: each returns an aggregate
LOADERS = {"encounter", "company", "character", "campaign", "load"}


def _imported(tree: ast.AST) -> set[str]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


@pytest.mark.parametrize("path", CLI, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_cli_imports_no_aggregate(path):
    tree = ast.parse(path.read_text("utf-8"))
    assert not {m for m in _imported(tree) if m.split(".")[0] == "aggregates"}


def _is_ledger(node: ast.AST) -> bool:
    """``ledger`` or ``run.ledger``: the service, as the commands hold it."""
    if isinstance(node, ast.Name):
        return node.id == "ledger"
    return isinstance(node, ast.Attribute) and node.attr == "ledger"


@pytest.mark.parametrize("path", CLI, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_cli_loads_no_aggregate_through_the_service(path):
    # `ledger.encounter(handle).group_state(…)` in a command's answer, where the service has
    # `ledger.group_morale(…)`
    tree = ast.parse(path.read_text("utf-8"))
    loads = [
        f"{path.name}:{node.lineno}: ledger.{node.func.attr}(…)"
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in LOADERS
        and _is_ledger(node.func.value)
    ]
    assert not loads


def test_the_walk_finds_the_cli_modules():
    # the tests above pass on an empty list: the walk must find the command modules
    names = {p.relative_to(ROOT).as_posix() for p in CLI}
    assert {"cli/main.py", "cli/logging/encounters.py", "cli/replay.py"} <= names
