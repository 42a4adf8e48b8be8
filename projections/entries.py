"""The entries of ``status --json`` (docs/json.md#status) made from the mirrors' rows
(:mod:`projections.state`): one shape for ``status``, which reads the rows from the tables, and
the report's replay, which takes them from the mirrors as they fold."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def group_entry(row: Mapping[str, Any], named: Mapping[str, str]) -> dict[str, Any]:
    """A group of the board as ``status --json`` shows it (a row of the board's mirror):
    a company's group named as its company (``named``: company handle → name)."""
    group = {k: row[k] for k in _GROUP_KEYS}
    if group["kind"] == "company" and group["name"] is None:
        group["name"] = named.get(group["handle"])
    return group


def company_entry(row: Mapping[str, Any]) -> dict[str, Any]:
    """A company as ``status --json`` shows it, without its modifiers (a row of its mirror)."""
    return {k: row[k] for k in _COMPANY_KEYS}


def encounter_entry(row: Mapping[str, Any], groups: list[dict[str, Any]]) -> dict[str, Any]:
    """An encounter as ``status --json`` shows it (a row of the board's mirror), with its
    groups' entries in order."""
    return {"handle": row["handle"], "name": row["name"], "ended": row["ended"], "groups": groups}


def character_entry(
    data: Mapping[str, Any],
    items: list[dict[str, Any]],
    conditions: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """A character as ``status --json`` shows it (its mirror's row's ``data``), with its
    conditions (left out when None) and its items' entries, in order."""
    found = {**data, "conditions": conditions} if conditions is not None else {**data}
    found["items"] = items
    return found


def item_entry(row: Mapping[str, Any]) -> dict[str, Any]:
    """An item of a character as ``status --json`` shows it (a row of the items' mirror)."""
    return {k: row[k] for k in _ITEM_KEYS}


_GROUP_KEYS = (
    "handle", "kind", "name", "count", "killed", "incapacitated", "out", "morale", "adjustment",
    "effective_morale", "successes", "status", "checks_due",
)  # fmt: skip

_COMPANY_KEYS = (
    "handle", "name", "troop", "mounted", "elite", "fanatic", "size", "killed", "incapacitated",
    "fit", "table_morale", "base_morale", "morale", "in_service",
)  # fmt: skip
_ITEM_KEYS = ("name", "slot", "magic", "state", "hp", "hp_max")
