"""The service's answers as the JSON shows them (plain dicts), and its aggregates by handle: for
tests that compare what a ledger says with what docs/json.md writes, or look inside an
aggregate."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import asdict
from typing import Any

from aggregates.character import Character
from aggregates.company import MercenaryCompany
from aggregates.encounter import Encounter


def status(ledger: Any, as_of: str | None = None) -> dict[str, Any]:
    """``status --json``."""
    return asdict(ledger.queries.status(as_of=as_of))


def statuses(ledger: Any, refs: Sequence[str]) -> Iterator[dict[str, Any]]:
    """``status --json`` as of each of ``refs``."""
    return (asdict(found) for found in ledger.queries.statuses(refs))


def history(
    ledger: Any, session: int | None = None, subject: str | None = None, as_of: str | None = None
) -> list[dict[str, Any]]:
    """``history --json``'s events."""
    return [asdict(row) for row in ledger.queries.history(session, subject, as_of)]


def audit(
    ledger: Any, session: int | None = None, code: str | None = None, as_of: str | None = None
) -> list[dict[str, Any]]:
    """``audit --json``'s findings."""
    return [asdict(found) for found in ledger.queries.audit(session, code, as_of)]


def modifiers(ledger: Any, as_of: str | None = None) -> list[dict[str, Any]]:
    """``modifiers --json``'s subjects."""
    return [asdict(subject) for subject in ledger.queries.modifiers(as_of=as_of)]


def character(ledger: Any, handle: str) -> Character:
    return ledger.uow.load("character", handle, Character)


def encounter(ledger: Any, handle: str) -> Encounter:
    return ledger.uow.load("encounter", handle, Encounter)


def company(ledger: Any, handle: str) -> MercenaryCompany:
    return ledger.uow.load("company", handle, MercenaryCompany)
