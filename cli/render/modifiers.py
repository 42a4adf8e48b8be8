"""``modifiers``: each subject's rating, its modifiers with their reasons, the result."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from cli.render.common import plain, printable, signed


def modifiers_view(subjects: list[dict[str, Any]]) -> RenderableType:
    """Each subject's rating, its modifiers with their reasons and events, and the result."""
    table = Table(header_style="bold")
    table.add_column("Subject", no_wrap=True)
    table.add_column("Kind", style="dim")
    table.add_column("Rating", justify="right")
    table.add_column("Modifiers")
    table.add_column("Effective", justify="right")
    for subject in map(printable, subjects):  # control characters shown escaped (common.py)
        lines = Text()
        for modifier in subject["modifiers"]:
            if lines:
                lines.append("\n")
            unit = "D" if modifier.get("unit") == "dice" else ""
            lines.append(f"{signed(modifier['value'])}{unit}", style="bold")
            lines.append(f" {modifier['reason']}")
            if modifier.get("detail"):  # which of several such flaws: phobia-mild:rats
                lines.append(f":{modifier['detail']}")
            if modifier.get("applies_to"):
                lines.append(f" ({modifier['applies_to']})", style="cyan")
            if modifier.get("until"):
                lines.append(f" until {modifier['until']}", style="cyan")
            lines.append(f"  event {modifier['position']}", style="dim")
        table.add_row(
            Text(subject["subject"], style="bold"),
            subject["kind"],
            plain(subject["rating"]) or "—",
            lines or Text("none", style="dim"),
            Text(plain(subject["effective"]) or "—", style="bold"),
        )
    return table
