"""The CLI renders values the service returns: it never asks the service for an aggregate
(``ledger.encounter(handle).group_state(…)`` where the service has ``ledger.group_morale(…)``).

The import contracts (pyproject.toml ``[tool.importlinter]``, run by .ci/run) keep every
``aggregates`` import out of cli/; a call that hands one back is no import, so this test reads
the code for it."""

import ast

import pytest

from tests.paths import ROOT

CLI = sorted((ROOT / "cli").rglob("*.py"))
# the service's loaders: each returns an aggregate
LOADERS = {"encounter", "company", "character", "campaign", "load"}


def _is_ledger(node: ast.AST) -> bool:
    """``ledger`` or ``run.ledger``: the service, as the commands hold it."""
    if isinstance(node, ast.Name):
        return node.id == "ledger"
    return isinstance(node, ast.Attribute) and node.attr == "ledger"


@pytest.mark.parametrize("path", CLI, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_cli_loads_no_aggregate_through_the_service(path):
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
    # the test above passes on an empty list: the walk must find the command modules
    names = {p.relative_to(ROOT).as_posix() for p in CLI}
    assert {"cli/main.py", "cli/logging/encounters.py", "cli/replay.py"} <= names
