"""The CLI uses its libraries' public API only, and changes none of them when it is imported.

Public here: a library's top-level exports, the non-underscore names of its modules and the
non-underscore methods and attributes of its classes. A private name (``typer._click``,
``_OptionParser``) may change in any release; the pins in pyproject.toml admit the next ones.
"""

from __future__ import annotations

import inspect
import re

import pytest
import typer
import typer.core

from tests.paths import ROOT

LIBRARIES = "typer|click|rich|sqlalchemy|psycopg|eventsourcing|pydantic"
PRIVATE = [
    re.compile(rf"\b(?:{LIBRARIES})(?:\.\w+)*\._\w+"),  # typer._click, typer.core._TyperParameter
    re.compile(rf"^\s*from (?:{LIBRARIES})(?:\.\w+)* import .*\b_\w+", re.MULTILINE),
]
SOURCES = sorted([*(ROOT / "cli").rglob("*.py"), *(ROOT / "benchmarks").rglob("*.py")])


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_private_name_of_a_library_is_used(path):
    text = path.read_text(encoding="utf-8")
    found = [m.group(0) for pattern in PRIVATE for m in pattern.finditer(text)]
    assert not found, found


def test_importing_the_cli_patches_no_typer_class():
    import cli.main  # noqa: F401 — what a `campaign` process imports first

    for cls in (typer.core.TyperOption, typer.core.TyperArgument, typer.core.TyperCommand,
                typer.core.TyperGroup, typer.Context):  # fmt: skip
        for name, member in inspect.getmembers(cls, callable):
            module = getattr(member, "__module__", None) or "typer"
            assert module.split(".")[0] == "typer" or name.startswith("__"), (cls, name, module)
