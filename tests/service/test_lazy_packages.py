"""The command classes and the service's answers are served from their area's module on first
use: every class each area module defines is listed in its package's table, under that module,
and every listed name is that module's class — so ``from campaign.commands import X`` finds
every command, and a live command defines only its own area's classes."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import subprocess
import sys

import pytest

PACKAGES = ["campaign.commands", "campaign.service.results"]


@pytest.mark.parametrize("name", PACKAGES)
def test_every_class_of_an_area_is_listed_under_its_module(name):
    package = importlib.import_module(name)
    defined = {}
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{name}.{info.name}")
        for cls_name, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__:
                defined[cls_name] = info.name
    assert defined == package.AREAS
    for cls_name in package.AREAS:
        assert getattr(package, cls_name).__name__ == cls_name


def test_an_unknown_name_is_an_attribute_error():
    import campaign.commands

    with pytest.raises(AttributeError, match="has no attribute 'Nonesuch'"):
        campaign.commands.Nonesuch  # noqa: B018


@pytest.mark.subprocess
def test_asking_for_one_command_imports_its_area_only():
    probe = (
        "import sys; from campaign.commands import Note; "
        "print(sorted(m for m in sys.modules if m.startswith('campaign.commands.')))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['campaign.commands.sessions']"
