"""The commands of mercenary companies."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class CompanyHire:
    handle: str
    troop: str
    size: int
    mounted: bool = False
    elite: bool = False
    fanatic: bool = False
    name: str | None = None
    morale: int | None = None  # an explicit base morale: a ruling when it differs (MOR006)
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class CompanyModifier:
    handle: str
    value: int
    reason: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class CompanyRecover:
    handle: str
    n: int
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class CompanyReinforce:
    handle: str
    n: int
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class CompanyDismiss:
    handle: str
    note: str | None = None
