"""``modifiers``: each subject's rating, its modifiers with their reasons, the result."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from campaign.core.i18n import _, pgettext
from campaign.rules.d6harmonie import modifier_words
from cli.render.common import Handle, plain, printable
from cli.render.words import clock_said, said


def _modifier(modifier: dict[str, Any]) -> Text:
    """``-1 leader fell  event 11``; a flaw's ``+1D phobia-mild:rats (all-rolls) until …``."""
    line = Text(modifier_words(modifier["value"], modifier.get("unit")), style="bold")
    line.append(f" {modifier['reason']}")
    if modifier.get("detail"):  # which of several such flaws: phobia-mild:rats
        line.append(f":{modifier['detail']}")
    if modifier.get("applies_to"):
        line.append(f" ({modifier['applies_to']})", style="cyan")
    if modifier.get("until"):
        until = _("until {moment}").format(moment=clock_said(modifier["until"]))
        line.append(" " + until, style="cyan")
    line.append("  " + _("event {position}").format(position=modifier["position"]), style="dim")
    return line


def modifiers_view(subjects: list[dict[str, Any]]) -> RenderableType:
    """Each subject's rating, its modifiers with their reasons and events, and the result."""
    # control characters shown escaped (common.py)
    return _Modifiers([printable(subject) for subject in subjects])


def _table(subjects: list[dict[str, Any]]) -> Table:
    table = Table(header_style="bold")
    # the numbers never fold away: a long handle breaks instead (unwrapped, one of 55 letters
    # left the other columns no width at 60 columns, their headers cut to `K… R… M…`)
    table.add_column(_("Subject"), min_width=10)
    table.add_column(_("Kind"), style="dim", no_wrap=True, min_width=9)  # character
    table.add_column(_("Rating"), justify="right", no_wrap=True, min_width=6)
    table.add_column(_("Modifiers"), min_width=12, overflow="fold")
    table.add_column(_("Effective"), justify="right", no_wrap=True, min_width=9)
    for subject in subjects:
        lines = Text("\n").join(_modifier(modifier) for modifier in subject["modifiers"])
        table.add_row(
            Handle(subject["subject"], style="bold"),
            said(subject["kind"]),
            plain(subject["rating"]) or "—",
            lines or Text(pgettext("modifiers", "none"), style="dim"),
            Text(plain(subject["effective"]) or "—", style="bold"),
        )
    return table


MODIFIERS_WIDTH = 70  # the table needs this many columns; narrower, a block per subject


class _Modifiers:
    """The modifiers' table, or on a terminal too narrow for it, a few lines per subject (as
    the board and the audit do): Rich crops a table it cannot fit, and the columns cut off
    were the numbers."""

    def __init__(self, subjects: list[dict[str, Any]]) -> None:
        self.subjects = subjects

    def __rich_console__(self, console: Any, options: Any) -> Any:
        if options.max_width >= MODIFIERS_WIDTH:
            yield _table(self.subjects)
            return
        for subject in self.subjects:
            head = Text(subject["subject"], style="bold")
            head.append(f" {said(subject['kind'])}", style="dim")
            yield Handle(head)
            rating = _("rating {rating}, effective").format(rating=plain(subject["rating"]) or "—")
            line = Text(f"  {rating} ")
            line.append(plain(subject["effective"]) or "—", style="bold")
            yield line
            for modifier in subject["modifiers"]:
                yield Text("  ") + _modifier(modifier)
