"""``projections status``: each read model's position, and how far it is behind."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text


def projections_view(projections: list[dict[str, Any]]) -> RenderableType:
    table = Table(header_style="bold")
    table.add_column("Read model", no_wrap=True)
    table.add_column("Position", justify="right")
    table.add_column("Behind", justify="right")
    for row in projections:
        behind = row["behind"]
        table.add_row(
            row["name"],
            str(row["position"]),
            Text(str(behind), style="yellow" if behind else "green"),
        )
    return table
