"""The hash chain (docs/RELIABILITY.md#tamper-evidence): every event carries a hash of its
canonical plaintext content, chained to the previous event's hash, in position order.

The hash covers exactly what the store keeps for the event — its topic, its aggregate and
version, and its state as the mapper stores it (``class_version`` included, so an upcast on
load never changes what is verified) — serialised canonically: sorted keys, no whitespace,
UUIDs and datetimes as text, tuples as lists. It is computed on the plaintext, so a copy can be
checked without the encryption key.
"""

from __future__ import annotations

import hashlib
import json
from datetime import date, datetime
from decimal import Decimal
from typing import Any
from uuid import UUID

GENESIS = ""  # the "previous hash" of position 1
CHAIN_FIELDS = ("hash", "prev_hash")


def _plain(value: Any) -> Any:
    if isinstance(value, UUID | Decimal):
        return str(value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} is not part of an event's canonical form")


# json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_plain),
# with its encoder made once instead of once per event
_CANONICAL = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_plain
)


def canonical(content: Any) -> str:
    return _CANONICAL.encode(content)


def event_hash(
    topic: str, originator_id: Any, originator_version: int, state: dict[str, Any], prev: str
) -> str:
    """The hash of one stored event (``state`` without its own chain fields), chained to
    ``prev``."""
    body = {k: v for k, v in state.items() if k not in CHAIN_FIELDS}
    content = canonical(
        {"topic": topic, "id": str(originator_id), "version": originator_version, "state": body}
    )
    return hashlib.sha256(f"{prev}\n{content}".encode()).hexdigest()
