"""The report's session replay (docs/cli.md#report): a session picker, a slider across the
session's commands, and the tables its script (``report.js``) fills with the state after the
command picked — from each session's data, embedded as JSON and decoded only when picked.

The page's Content-Security-Policy allows that one script by its SHA-256 hash
(:data:`SCRIPT_HASH`), nothing else.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Iterator, Sequence
from html import escape
from pathlib import Path
from typing import Any

from cli.render.common import plain
from cli.render.history_cells import differs, rules_cell

SCRIPT = Path(__file__).with_name("report.js").read_text("utf-8")
SCRIPT_HASH = "sha256-" + base64.b64encode(hashlib.sha256(SCRIPT.encode()).digest()).decode()

_HEADS = {
    "replay-board": ("Encounter", "Group", "Kind", "Count", "Killed", "Incapacitated", "Out",
                     "Effective morale", "Status"),
    "replay-companies": ("Company", "Size", "Fit", "Killed", "Incapacitated", "Morale",
                         "In service"),
    "replay-characters": ("Character", "Damage taken", "Conscience lost", "Hit points lost",
                          "Items"),
}  # fmt: skip
_CAPTIONS = {
    "replay-board": "The morale board",
    "replay-companies": "The companies",
    "replay-characters": "The characters",
}


def replay_section(sessions: Sequence[Any], *, players: bool) -> Iterator[str]:
    """The replay's section, with every session's data (none: no section)."""
    replayed = [s for s in sessions if s.replay is not None]
    if not replayed:
        return
    yield '<section id="replay"><h2>Replay a session</h2><div class="controls">'
    yield '<label>Session <select id="replay-session">'
    for session in replayed:
        title = f"{session.number}" + (f" — {session.title}" if session.title else "")
        yield f'<option value="{session.number}">{escape(title)}</option>'
    yield "</select></label>"
    yield (
        '<input type="range" id="replay-slider" min="0" max="0" value="0" step="1" '
        'aria-label="the command after which the state is shown">'
        '<span>In-game time: <strong id="replay-clock"></strong></span></div>'
        '<p id="replay-position" aria-live="polite"></p>'
        '<div id="replay-step"><code id="replay-line"></code><ul id="replay-said"></ul></div>'
    )
    for table, heads in _HEADS.items():
        cells = "".join(f"<th>{escape(head)}</th>" for head in heads)
        yield (
            f'<table id="{table}"><caption>{_CAPTIONS[table]}</caption>'
            f"<thead><tr>{cells}</tr></thead><tbody></tbody></table>"
        )
    for session in replayed:
        data = _data(session.replay, players=players)
        yield f'<script type="application/json" id="replay-data-{session.number}">{data}</script>'
    yield "</section>"


def _data(replay: Any, *, players: bool) -> str:
    """A session's replay as JSON safe inside a script element (no ``<``, ``>`` or ``&``)."""
    found = {
        "number": replay.number,
        "position": replay.position,
        "start": replay.start,
        "steps": [
            {
                "position": step.position,
                "line": step.command,
                "said": [said(row, players=players) for row in step.rows],
                "changes": step.changes,
            }
            for step in replay.steps
        ],
    }
    text = json.dumps(found, ensure_ascii=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def said(row: dict[str, Any], *, players: bool) -> str:
    """One event of a step in the words of ``history``: its subject and kind, the ruling, and
    (the GM's version) the rules' answer where the ruling departs from it, and the note."""
    words = f"{row['subject']}: {row['kind']}" if row["subject"] else row["kind"]
    if row["ruled"] is not None:
        words += f", ruled {plain(row['ruled'])}"
        if not players and differs(row):
            words += f" (the rules said {rules_cell(row)})"
    elif row["rules_say"] is not None and not players:
        words += f", the rules say {rules_cell(row)}"
    if row["retracted"]:
        words += " (retracted)"
    if row["note"] and not players:
        words += f" — {row['note']}"
    return words
