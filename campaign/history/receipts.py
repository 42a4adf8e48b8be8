"""Receipts of the hash chain's head (docs/RELIABILITY.md#receipts): ``POSITION:HASH``, a
position and the first :data:`DIGITS` hex digits of the hash of the event there, short enough to
copy into a notebook. ``session end`` and ``verify`` print one; ``verify --expect`` checks that the
history still holds each receipt given.

The chain alone cannot show events cut from the end, nor a history rewritten with every hash
recomputed (the hash has no secret): a receipt kept elsewhere can. The hash of position M covers
every event up to M, so a receipt that holds vouches for the history up to M, and one that does not
says that the history at or before M is not the one it was taken on. The chain's format is not
changed: any history that carries a chain has receipts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from campaign.core.errors import ImpossibleInput, Phrase
from campaign.core.i18n import N_
from campaign.history.chain import Verdict

DIGITS = 16  # hex digits of the hash a receipt shows (64 bits), and the fewest one may give
SYNTAX = re.compile(r"(?:receipt:\s*)?([0-9]{1,18}):([0-9a-fA-F]+)", re.ASCII)
EXPECTED = Phrase(
    N_(
        "POSITION:HASH as `session end` and `verify` print it: a position ≥ 1, a colon and "
        "{digits} to 64 hex digits of the hash of the event there"
    ),
    digits=DIGITS,
)


def receipt_of(position: int, digest: str) -> str | None:
    """The receipt of the event at ``position`` whose hash is ``digest`` (None: no hash)."""
    return f"{position}:{digest[:DIGITS]}" if position > 0 and digest else None


@dataclass(frozen=True)
class Receipt:
    position: int
    digest: str  # a prefix of the event's hash, lower case, DIGITS to 64 hex digits

    def __str__(self) -> str:
        return f"{self.position}:{self.digest}"


def read_receipt(text: str, *, where: str | None = None) -> Receipt:
    """A receipt as ``session end`` prints it (``receipt: `` before it, or not); bad input
    (exit 2) otherwise, naming ``--expect`` or ``where`` (a file's ``name:line``)."""
    found = SYNTAX.fullmatch(text.strip())
    if found is not None and int(found.group(1)) >= 1 and DIGITS <= len(found.group(2)) <= 64:
        return Receipt(int(found.group(1)), found.group(2).lower())
    if found is not None and int(found.group(1)) < 1:
        words = N_("{at}{shown} is not a receipt: positions start at 1")
    elif found is not None:
        words = N_("{at}{shown} is not a receipt: its hash has {digits} hex digits")
    else:
        words = N_("{at}{shown} is not a receipt")
    shown = text if len(text) <= 80 else text[:80] + "…"
    raise ImpossibleInput(
        words,
        field="line" if where else "expect",
        value=shown,
        expected=EXPECTED,
        values={
            "at": where + ": " if where else "",
            "shown": repr(shown),
            "digits": len(found.group(2)) if found is not None else 0,
        },
    )


def read_receipts(lines: Iterable[str], name: str) -> list[Receipt]:
    """A file of receipts: one a line; blank lines and ``#`` comments (a whole line, or after a
    receipt) are skipped."""
    found = []
    for number, line in enumerate(lines, start=1):
        text = line.split("#", 1)[0].strip()
        if text:
            found.append(read_receipt(text, where=f"{name}:{number}"))
    return found


class Watch:
    """The hashes of the chain at the receipts' positions, as the chain links them (a
    :class:`~campaign.history.chain.Chain`'s ``watch``)."""

    def __init__(self, receipts: Sequence[Receipt]) -> None:
        self.wanted = {r.position for r in receipts}
        self.seen: dict[int, str] = {}

    def __call__(self, position: int, digest: str) -> None:
        if position in self.wanted:
            self.seen[position] = digest


@dataclass(frozen=True)
class Checked:
    """One receipt checked: ``holds`` is None when it could not be (the chain broke before it,
    or a session's export does not reach it); ``bad`` the position it names as not recorded."""

    receipt: str
    position: int
    holds: bool | None
    reason: str | None = None
    bad: int | None = None

    def as_json(self) -> dict[str, Any]:
        return {"receipt": self.receipt, "holds": self.holds, "reason": self.reason}


def settle(
    verdict: Verdict, receipts: Sequence[Receipt], watch: Watch, *, encrypted: bool
) -> Verdict:
    """``verdict`` with the head's receipt, whether the store is encrypted, and each receipt
    checked; one that does not hold breaks the history where it says, unless the chain broke
    earlier."""
    head = None
    if verdict.intact and verdict.last_hash:
        head = receipt_of(verdict.first_position + verdict.events - 1, verdict.last_hash)
    checked = _checked(verdict, sorted(set(receipts), key=lambda r: r.position), watch.seen)
    verdict = replace(verdict, receipt=head, encrypted=encrypted, receipts=checked)
    failed = [c for c in checked if c.bad is not None]
    if not failed:
        return verdict
    first = min(failed, key=lambda c: c.bad or 0)
    if not verdict.intact and (verdict.first_bad_position or 0) <= (first.bad or 0):
        return verdict
    return replace(
        verdict, intact=False, first_bad_position=first.bad, reason=first.reason, line=None,
        last_hash=None, receipt=None,
    )  # fmt: skip


def _checked(
    verdict: Verdict, receipts: Sequence[Receipt], seen: dict[int, str]
) -> tuple[Checked, ...]:
    start = verdict.first_position
    end = start + verdict.events - 1 if verdict.intact else (verdict.first_bad_position or 1) - 1
    part = start > 1  # a session's export: what is outside it is not in the file
    found: list[Checked] = []
    held = 0  # the last position whose receipt holds
    for receipt in receipts:
        said, at = str(receipt), receipt.position
        if at < start or (part and verdict.intact and at > end):
            last = start + verdict.events - 1
            found.append(
                Checked(said, at, None, f"not in the file: it holds positions {start}–{last}")
            )
        elif at <= end and at in seen:
            if seen[at].startswith(receipt.digest):
                found.append(Checked(said, at, True))
                held = at
            else:
                since = f", after position {held} (whose receipt holds)" if held else ""
                why = (
                    f"the event at {at} is not the one the receipt was taken on: the history "
                    f"was rewritten at or before position {at}{since}"
                )
                found.append(Checked(said, at, False, why, at))
        elif verdict.intact:
            why = f"cut: the history ends at {end}, the receipt is for {at}"
            found.append(Checked(said, at, False, why, end + 1))
        else:
            why = f"not checked: the history is broken at position {end + 1}, before it"
            found.append(Checked(said, at, None, why))
    return tuple(found)
