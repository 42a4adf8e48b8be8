"""Rich views of the reading commands: plain dicts from the application's queries in, tables out.

Nothing here decides anything about the game; it only lays out what ``status``, ``history``,
``modifiers`` and ``projections status`` returned, so that a GM can read it at a glance.

One module per view — :mod:`cli.render.status`, :mod:`~cli.render.history`,
:mod:`~cli.render.modifiers`, :mod:`~cli.render.projections` — and :mod:`~cli.render.common`,
what they share. The names are imported from here (``render.status_view``), each from its module
when first used, so that a command loads only the view it draws (docs/PERFORMANCE.md, start-up).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cli.render.common import french, plain, show, signed
    from cli.render.history import HISTORY_CHUNK, HISTORY_WHOLE, history_view, print_history
    from cli.render.modifiers import modifiers_view
    from cli.render.projections import projections_view
    from cli.render.status import ITEM_STYLE, STATUS_STYLE, status_view

# name → the module of this package that holds it
_HOMES = {
    "french": "common",
    "plain": "common",
    "show": "common",
    "signed": "common",
    "HISTORY_CHUNK": "history",
    "HISTORY_WHOLE": "history",
    "history_view": "history",
    "print_history": "history",
    "modifiers_view": "modifiers",
    "projections_view": "projections",
    "ITEM_STYLE": "status",
    "STATUS_STYLE": "status",
    "status_view": "status",
}
__all__ = [
    "HISTORY_CHUNK",
    "HISTORY_WHOLE",
    "ITEM_STYLE",
    "STATUS_STYLE",
    "french",
    "history_view",
    "modifiers_view",
    "plain",
    "print_history",
    "projections_view",
    "show",
    "signed",
    "status_view",
]


def __getattr__(name: str) -> Any:
    """A name's module is imported on first use (PEP 562): ``status`` never loads the history's."""
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{_HOMES[name]}"), name)
