"""The code stays readable: no module over 400 lines (the trait catalogue's data excepted), no
function over 60, and no private name of a dependency (Typer, Click, Rich, SQLAlchemy, psycopg,
eventsourcing) imported, called or patched."""

from __future__ import annotations

import ast

import pytest

from tests.paths import ROOT

PACKAGES = ("campaign", "aggregates", "projections", "cli", "benchmarks")
MAX_MODULE = 400
MAX_FUNCTION = 60
DATA_MODULES = {"campaign/rules/d6harmonie/catalogue.py"}  # tables of the source text, as data
LIBRARIES = ("typer", "click", "rich", "sqlalchemy", "psycopg", "eventsourcing")
# private names a library documents for subclassing (eventsourcing's Aggregate._create)
DOCUMENTED = {"_create"}


def _modules() -> list:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def _name(path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("path", _modules(), ids=_name)
def test_no_module_is_longer_than_a_reader_holds(path):
    if _name(path) in DATA_MODULES:
        return
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_MODULE, f"{_name(path)} has {lines} lines; split it by meaning"


@pytest.mark.parametrize("path", _modules(), ids=_name)
def test_no_function_is_longer_than_a_screen(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    long = [
        f"{node.name} ({node.end_lineno - node.lineno + 1} lines, line {node.lineno})"
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno - node.lineno + 1 > MAX_FUNCTION
    ]
    assert not long, f"{_name(path)}: {', '.join(long)}"


def _private_uses(tree: ast.AST) -> list[str]:
    """Imports of a library's private module or name, and attributes with an underscore reached
    through a library's module (``typer._click``, ``from typer.core import _TyperParameter``)."""
    libraries: set[str] = set()  # local names bound to a library module
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if top in LIBRARIES:
                    libraries.add(alias.asname or top)
                    if any(part.startswith("_") for part in alias.name.split(".")):
                        found.append(f"import {alias.name}")
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            parts = node.module.split(".")
            if parts[0] not in LIBRARIES:
                continue
            if any(part.startswith("_") for part in parts):
                found.append(f"from {node.module} import …")
            for alias in node.names:
                if alias.name.startswith("_"):
                    found.append(f"from {node.module} import {alias.name}")
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
            and isinstance(node.value, ast.Name)
            and node.value.id in libraries
        ):
            found.append(f"{node.value.id}.{node.attr}")
        elif (  # an override reaching a base class's private method: super()._record(…)
            isinstance(node, ast.Attribute)
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
            and node.attr not in DOCUMENTED
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name)
            and node.value.func.id == "super"
        ):
            found.append(f"super().{node.attr}")
    return found


@pytest.mark.parametrize("path", _modules(), ids=_name)
def test_no_private_name_of_a_dependency(path):
    found = _private_uses(ast.parse(path.read_text(encoding="utf-8")))
    assert not found, f"{_name(path)}: {', '.join(found)}"


def test_the_check_finds_a_private_import():
    tree = ast.parse(
        "from typer._click import ClickException\nimport typer\nx = typer._coercion\n"
        "from typer.core import _TyperParameter\n"
        "class A:\n    def _record(self):\n        return super()._record()\n"
    )
    assert _private_uses(tree) == [
        "from typer._click import …",
        "from typer.core import _TyperParameter",
        "typer._coercion",
        "super()._record",
    ]
