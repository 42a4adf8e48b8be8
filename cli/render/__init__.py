"""Rich views of the reading commands: plain dicts from the application's queries in, tables out.

Nothing here decides anything about the game; it only lays out what ``status``, ``history``,
``modifiers`` and ``projections status`` returned, so that a GM can read it at a glance.

One module per view — :mod:`cli.render.status`, :mod:`~cli.render.history`,
:mod:`~cli.render.modifiers`, :mod:`~cli.render.projections` — and :mod:`~cli.render.common`,
what they share. The reading commands import them from here (``render.status_view``).
"""

from __future__ import annotations

from cli.render.common import Handle, french, plain, printable, show, signed
from cli.render.history import HISTORY_CHUNK, HISTORY_WHOLE, history_view, print_history
from cli.render.modifiers import modifiers_view
from cli.render.projections import projections_view
from cli.render.status import STATUS_STYLE, status_view
from cli.render.status_characters import ITEM_STYLE

__all__ = [
    "HISTORY_CHUNK",
    "HISTORY_WHOLE",
    "ITEM_STYLE",
    "STATUS_STYLE",
    "Handle",
    "french",
    "history_view",
    "modifiers_view",
    "plain",
    "print_history",
    "printable",
    "projections_view",
    "show",
    "signed",
    "status_view",
]
