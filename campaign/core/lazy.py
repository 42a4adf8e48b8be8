"""A package's names served from its modules on first use (PEP 562's module ``__getattr__``):
importing the package defines none of its classes, so a command pays only for those it uses."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def module_attributes(package: str, modules: dict[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: each name in ``modules`` is read from the
    submodule it maps to, imported when the name is first asked for."""

    def attribute(name: str) -> Any:
        module = modules.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(f"{package}.{module}"), name)

    return attribute
