"""The cells of the history's rows (cli/render/history.py): what the command recorded, the
rules' answer beside the ruling, the note — as Rich text, and as plain text for a table drawn
where no style reaches the output (:func:`plain_row`, the same words)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from campaign.core.i18n import _
from campaign.rules.morale import ruled_as_the_rules_say
from cli.render.cells import Words
from cli.render.common import Handle, plain

# history: where ``rules_say`` is a bound or a choice rather than an outcome to compare
_CEILING_KINDS = {"trait-taken"}  # rules_say: the points cap of the kind; ruled: the total


def differs(event: dict[str, Any]) -> bool:
    """Whether the ruling departs from what the rules said (laid out, not judged: the audit
    judges)."""
    rules_say, ruled = event["rules_say"], event["ruled"]
    if rules_say is None or ruled is None or ruled_as_the_rules_say(rules_say, ruled):
        return False  # `fight` for a group that fights to the death is no departure
    if event["kind"] in _CEILING_KINDS and isinstance(rules_say, int) and isinstance(ruled, int):
        return ruled > rules_say
    if isinstance(rules_say, list) and not isinstance(ruled, list):
        return ruled not in rules_say  # a choice among candidates
    return True


def rules_cell(event: dict[str, Any]) -> str:
    rules_say = event["rules_say"]
    if event["kind"] in _CEILING_KINDS and isinstance(rules_say, int):
        return f"≤ {rules_say}"
    ruled = event["ruled"]
    if rules_say and isinstance(rules_say, list) and not isinstance(ruled, list | None):
        return "one of " + plain(rules_say)  # a choice among candidates
    return plain(rules_say)


def rules_said(event: dict[str, Any]) -> str:
    """:func:`rules_cell` in the invocation's language (the same in English: the report keeps
    :func:`rules_cell`): ``l'un de fight, flee`` in French."""
    rules_say, ruled = event["rules_say"], event["ruled"]
    if rules_say and isinstance(rules_say, list) and not isinstance(ruled, list | None):
        return _("one of {choices}").format(choices=plain(rules_say))  # a choice among them
    return rules_cell(event)


class Seen:
    """What the rows drawn so far leave for the next (across chunks): the session of the row
    before, and the position of the campaign's creation while the command that created it
    has not been shown (``session 1 …``: shown on the row of the session it opened)."""

    def __init__(self) -> None:
        self.session: object = object()
        self.creation: int | None = None

    def opens(self, event: dict[str, Any]) -> bool:
        """Whether ``event`` starts a session's rows (then it is the session seen)."""
        if event["session"] == self.session:
            return False
        self.session = event["session"]
        return True

    def first(self, event: dict[str, Any]) -> bool:
        """Whether ``event``'s row shows its command: the command's first event, or the first
        after the campaign's creation that the same command recorded."""
        if event["kind"] == CREATED:
            self.creation = event["position"] if event.get("command") else None
            return False
        if event.get("command_position") == event["position"]:
            return True
        if self.creation is not None and event.get("command_position") == self.creation:
            self.creation = None
            return True
        return False


def heading(session: Any) -> Text:
    return Text(heading_text(session), "bold cyan")


def heading_text(session: Any) -> str:
    return _("before any session") if session is None else _("session {n}").format(n=session)


CREATED = "initialised"  # the campaign's creation: `campaign created`, not its command
ENDED = "condition-ended"  # first of a `session end` that ended a condition: said beside it


def what(event: dict[str, Any], first: bool, indent: str = "  ", opens: bool = False) -> Text:
    """The command, on the ``first`` event of those it recorded (:meth:`Seen.first`), with
    ``↳ condition-ended`` beside it where that event is a condition the command ended without
    naming it (``session end``); ``campaign created`` for the campaign's creation; ``↳ kind``
    on the others — and the command beside it on the one that ``opens`` a session's rows:
    ``session 2 --title …`` ends session 1 with its first event, and session 2's rows
    (``history --session 2``) began with a bare ``↳ session-opened``, the line that opened it
    (its title) nowhere in them."""
    return Text.assemble(*_what(event, first, indent, opens))


def _what(event: dict[str, Any], first: bool, indent: str, opens: bool) -> list[tuple[str, str]]:
    """:func:`what` as its pieces, each with its style."""
    kind = event["kind"]
    if kind == CREATED:
        return [(_("campaign created"), "")]
    if first:
        command = event["command"]
        if kind == ENDED and command and not command.startswith("condition "):
            return [(command, ""), (f" ↳ {kind}", "dim")]
        return [(command or kind, "")]
    if opens and event.get("command"):
        return [(f"{indent}↳ {kind}", "dim"), (f" ({event['command']})", "dim")]
    return [(f"{indent}↳ {kind}", "dim")]


def ruled(event: dict[str, Any]) -> Text:
    """The ruling; in bold yellow and marked ``≠`` where it departs from the rules."""
    departs = differs(event)
    shown = Text(plain(event["ruled"]), style="bold yellow" if departs else "")
    if departs:
        shown.append(" ≠", style="bold yellow")
    return shown


def note(event: dict[str, Any], gm_line: bool = False) -> Text:
    """The note, ``(retracted)`` before it; with ``gm_line``, the GM on a line of its own."""
    shown = Text(_("(retracted)") + " " if event["retracted"] else "", style="bold")
    shown.append(event["note"] or "", style="italic")
    if gm_line and event.get("gm"):
        gm = _("gm: ") + event["gm"]
        shown.append(f"{chr(10) if shown.plain else ''}{gm}", style="dim")
    return shown


def note_text(event: dict[str, Any], gm_line: bool = False) -> str:
    """:func:`note`'s plain text."""
    said = (_("(retracted)") + " " if event["retracted"] else "") + (event["note"] or "")
    if gm_line and event.get("gm"):
        said += f"{chr(10) if said else ''}" + _("gm: ") + event["gm"]
    return said


def plain_row(
    event: dict[str, Any], seen: Seen, gm: bool, gm_line: bool = False
) -> list[list[tuple[type, str]]]:
    """The rows a table drawn in chunks (its Note column shown) has for ``event`` (a
    session's heading first where one starts), each cell as its kind (``str``,
    :class:`Handle`, :class:`Words`) and its plain text: what the table shows where no style
    reaches the output — the cells ``cli.render.history._history_rows`` adds, unstyled."""
    rows = []
    opens = seen.opens(event)
    if opens:
        rows.append([(str, ""), (Words, heading_text(seen.session)), (Handle, ""), (Handle, ""),
                     (Handle, ""), (Words, "")] + [(Words, "")] * gm)  # fmt: skip
    first = seen.first(event)
    ruling = plain(event["ruled"])
    if differs(event):
        ruling += " ≠"
    cells = [
        (str, str(event["position"])),
        (Words if first else Handle, "".join(p for p, _ in _what(event, first, "  ", opens))),
        (Handle, event["subject"] or ""),
        (Handle, rules_said(event)),
        (Handle, ruling),
        (Words, note_text(event, gm_line)),
    ]
    if gm:
        cells.append((Words, event.get("gm") or ""))
    rows.append(cells)
    return rows
