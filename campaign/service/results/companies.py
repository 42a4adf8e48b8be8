"""What a company command answers."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CompanyTerms:
    """A company's hiring terms and rating (what `company hire` answers)."""

    handle: str
    troop: str
    size: int
    table_morale: int  # the troop table's (seed 000, "Moral des mercenaires")
    base_morale: int  # the GM's explicit base when given (MOR006), else the table's
    morale: int  # base + working-conditions modifiers
