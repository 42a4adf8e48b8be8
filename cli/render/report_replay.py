"""The report's session replay (docs/cli.md#report): a session picker, a slider across the
session's commands, and the tables its script (``report.js``) fills with the state after the
command picked — from each session's data, embedded as JSON and decoded only when picked.

The page's Content-Security-Policy allows that script by its SHA-256 hash (:data:`SCRIPT_HASH`),
beside Chart.js's (:mod:`cli.render.charts`), nothing else.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Iterator, Sequence
from html import escape
from pathlib import Path
from typing import Any

from campaign.core.i18n import N_, _, pgettext
from cli.render.common import plain
from cli.render.history_cells import differs, rules_cell
from cli.render.words import STATE_WORDS, clock_said
from cli.render.words import said as said_word

SCRIPT = Path(__file__).with_name("report.js").read_text("utf-8")
SCRIPT_HASH = "sha256-" + base64.b64encode(hashlib.sha256(SCRIPT.encode()).digest()).decode()

_HEADS = {
    "replay-board": (N_("Encounter"), N_("Group"), N_("Kind"), N_("Count"), N_("Killed"),
                     N_("Incapacitated"), N_("Out"), N_("Effective morale"), N_("Status")),
    "replay-companies": (N_("Company"), N_("Size"), N_("Fit"), N_("Killed"),
                         N_("Incapacitated"), N_("Morale"), N_("In service")),
    "replay-characters": (N_("Character"), N_("Damage taken"), N_("Conscience lost"),
                          N_("Hit points lost"), N_("Items")),
}  # fmt: skip
_CAPTIONS = {
    "replay-board": N_("The morale board"),
    "replay-companies": N_("The companies"),
    "replay-characters": N_("The characters"),
}


def replay_section(headings: Sequence[Any], *, players: bool) -> Iterator[str]:
    """The replay's section: its session picker (of ``headings``), slider and tables (no
    session: no section). Each session's data follows later in the page (:func:`replay_data`),
    written as the session is made."""
    if not headings:
        return
    heading, session_, time = _("Replay a session"), _("Session"), _("In-game time:")
    yield f'<section id="replay" {_words()}><h2>{escape(heading)}</h2>'
    yield f'<div class="controls"><label>{escape(session_)} <select id="replay-session">'
    for session in headings:
        title = f"{session.number}" + (f" — {session.title}" if session.title else "")
        yield f'<option value="{session.number}">{escape(title)}</option>'
    yield "</select></label>"
    label = escape(_("the command after which the state is shown"), quote=True)
    yield (
        '<input type="range" id="replay-slider" min="0" max="0" value="0" step="1" '
        f'aria-label="{label}">'
        f'<span>{escape(time)} <strong id="replay-clock"></strong></span></div>'
        '<p id="replay-position" aria-live="polite"></p>'
        '<div id="replay-step"><code id="replay-line"></code><ul id="replay-said"></ul></div>'
    )
    for table, heads in _HEADS.items():
        cells = "".join(f"<th>{escape(said_now)}</th>" for said_now in map(_, heads))
        caption = _(_CAPTIONS[table])
        yield (
            f'<table id="{table}"><caption>{escape(caption)}</caption>'
            f"<thead><tr>{cells}</tr></thead><tbody></tbody></table>"
        )
    yield "</section>"


def replay_data(session: Any, *, players: bool) -> str:
    """A session's replay, as the JSON the script decodes when the session is picked ("" when
    it has none)."""
    if session.replay is None:
        return ""
    data = _data(session.replay, players=players)
    return f'<script type="application/json" id="replay-data-{session.number}">{data}</script>'


def _data(replay: Any, *, players: bool) -> str:
    """A session's replay as JSON safe inside a script element (no ``<``, ``>`` or ``&``)."""
    found = {
        "number": replay.number,
        "position": replay.position,
        "start": replay.start,
        "clock": clock_said(replay.start["clock"]),
        "steps": [
            {
                "position": step.position,
                "line": step.command,
                "said": [said(row, players=players) for row in step.rows],
                "changes": step.changes,
                **({"clock": clock_said(step.changes["clock"])} if "clock" in step.changes else {}),
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
        words += _(", ruled {ruled}").format(ruled=plain(row["ruled"]))
        if not players and differs(row):
            words += _(" (the rules said {rules})").format(rules=rules_cell(row))
    elif row["rules_say"] is not None and not players:
        words += _(", the rules say {rules}").format(rules=rules_cell(row))
    if row["retracted"]:
        words += _(" (retracted)")
    if row["note"] and not players:
        words += f" — {row['note']}"
    return words


def _words() -> str:
    """What the script says, in the page's language: ``data-`` attributes of the section, each
    with its ``{placeholders}`` (docs/cli.md#report)."""
    words = {
        "before": _("before the session's first command (event {event})"),
        "after": _("after command {command} of {commands} (event {event})"),
        "yes": _("yes"),
        "no": _("no"),
        "none": pgettext("hit points", "none"),
    }
    # the state words of the data (a group's status and kind, an item's state) as said here
    words["states"] = json.dumps({word: said_word(word) for word in STATE_WORDS})
    return " ".join(f'data-{key}="{escape(value, quote=True)}"' for key, value in words.items())
