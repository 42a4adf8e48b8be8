"""The hash chain's checks, one stored event at a time, in stored order: positions, each aggregate's
versions, every link and hash (docs/RELIABILITY.md#tamper-evidence). ``verify`` and ``import`` both
read a history through a :class:`Chain`, which names the first position where it stops being the one
recorded (:mod:`campaign.history.verify` says what each break means)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any
from uuid import UUID

from campaign.core.integrity import CHAIN_FIELDS, GENESIS, event_hash

if TYPE_CHECKING:
    from campaign.history.receipts import Checked


@dataclass(frozen=True)
class Verdict:
    """What ``verify`` found (docs/json.md#verify; ``line`` for a file only)."""

    intact: bool
    events: int
    first_bad_position: int | None = None
    reason: str | None = None
    last_hash: str | None = None  # the chain's head, when intact (compare it with a copy's)
    line: int | None = None  # verify --file: the line of the first bad position
    first_position: int = 1  # verify --file: where a session's export starts
    # a store: the snapshots checked against their events (said, not in the JSON: a store and
    # its imported copy, which holds none, verify alike)
    snapshots: int | None = None
    # receipts (campaign.history.receipts): the head's, when intact; whether the states are
    # encrypted (the chain cannot be recomputed without the key); each receipt given, checked
    receipt: str | None = None
    encrypted: bool = False
    receipts: tuple[Checked, ...] = ()

    def as_json(self, *, file: bool = False) -> dict[str, Any]:
        data = asdict(self)
        del data["snapshots"]
        data["receipts"] = [checked.as_json() for checked in self.receipts]
        if not file:
            del data["line"], data["first_position"]
        return data


@dataclass(frozen=True)
class Break:
    position: int
    reason: str
    line: int | None = None


class Chain:
    """The history's checks, one stored event at a time, in stored order.

    :meth:`add` each event (its state decoded, or ``state=None`` and the ``problem`` that
    stopped it decoding); :attr:`broken` is the first break, once found. After it, events are
    only counted — and watched for the missing position, to tell a deletion from a reordering.
    """

    def __init__(self, watch: Callable[[int, str], None] | None = None) -> None:
        self.watch = watch  # told each position's hash as it links (receipts)
        self.events = 0
        self.expected = 1  # the position the next event must have
        self.prev = GENESIS  # the hash the next event must link to
        self.versions: dict[str, int] = {}  # aggregate → its last version
        # A session's export (``export --format jsonl --session N``, each line marked) is part
        # of a history: it is checked from its first event on — that event's position and link
        # taken as given, each aggregate's versions from the first one seen.
        self.partial = False
        self.first = 1
        self.broken: Break | None = None
        self._missing: tuple[int, int] | None = None  # (absent position, the one found there)
        self._line: int | None = None  # the line of the last good event (an export's)

    def add(
        self,
        topic: str,
        originator_id: Any,
        version: Any,
        state: Mapping[str, Any] | None,
        *,
        problem: str | None = None,
        line: int | None = None,
        misfiled: str | None = None,
    ) -> Break | None:
        """Check one event; the first break (this one or an earlier one), or None.

        ``misfiled`` says why the aggregate ID, as the row stores it, is not the text the
        library writes (the hash covers the ID, not its spelling: ``verify_store``)."""
        self.events += 1
        if self.broken is not None:
            self._follow(state)
            return self.broken
        if self.partial and self.events == 1 and state is not None:
            self._start_at(state)
        if state is None:
            why = problem or "its state cannot be read"
            return self._break(f"position {self.expected}: {why}", line)
        aggregate = aggregate_text(originator_id)
        reason = (
            self._out_of_place(state, misfiled)
            or self._out_of_version(aggregate, version)
            or self._unhashed(state)
        )
        if reason is not None:
            return self._break(reason, line)
        return self._link(topic, aggregate, version, state, line)

    def _start_at(self, state: Mapping[str, Any]) -> None:
        """A session's export starts where its first event says: its position and link."""
        position, link = state.get("position"), state.get("prev_hash")
        if type(position) is int and position > 0 and isinstance(link, str):
            self.expected = self.first = position
            self.prev = link

    def _out_of_place(self, state: Mapping[str, Any], misfiled: str | None) -> str | None:
        """Why the event is not the one expected at this position (a missing position is kept
        for :meth:`_follow`), or None."""
        here = self.expected
        position = state.get("position")
        if type(position) is not int:
            return f"position {here}: the event stored there has no position"
        if position > here:
            self._missing = (here, position)
            return _missing(here, position, later=False)
        if position < here:
            return (
                f"position {position} where {here} was expected: a second event at position "
                f"{position} (an inserted event)"
            )
        if misfiled is not None:
            return f"position {here}: {misfiled}"
        return None

    def _out_of_version(self, aggregate: str, version: Any) -> str | None:
        """Why ``version`` is not the aggregate's next one (they run 1, 2, 3, …), or None."""
        last = self.versions.get(aggregate, 0)
        if self.partial and aggregate not in self.versions and type(version) is int:
            last = version - 1  # its earlier versions are before the part exported
        if type(version) is not int or version != last + 1:
            return (
                f"position {self.expected}: version {version} of aggregate {aggregate} where "
                f"version {last + 1} was expected (its versions run 1, 2, 3, …)"
            )
        return None

    def _unhashed(self, state: Mapping[str, Any]) -> str | None:
        if not set(CHAIN_FIELDS) & set(state):
            return (
                f"position {self.expected}: it carries no hash (recorded by a version of the "
                "tracker that kept no chain, or its hash was taken out): it cannot be verified"
            )
        return None

    def _link(
        self, topic: str, aggregate: str, version: int, state: Mapping[str, Any], line: int | None
    ) -> Break | None:
        """Check the event's link to the one before and its hash; when both hold, the chain
        moves past it. An event as recorded after a wrong link means the one before was
        rewritten, its hash recomputed: the break is there."""
        here = self.expected
        body = dict(state)
        link = state.get("prev_hash")
        if link != self.prev:
            if (
                here > 1
                and isinstance(link, str)
                and state.get("hash") == _hash(topic, aggregate, version, body, link)
            ):  # this one is as recorded, after another event: the one before was rewritten
                self.broken = Break(
                    here - 1,
                    f"position {here - 1}: its content was changed and its hash recomputed "
                    f"(position {here} links to the hash it had)",
                    self._line,
                )
                return self.broken
            before = f"position {here - 1}'s hash" if here > 1 else "the start of the chain"
            return self._break(
                f"position {here}: its prev_hash does not link to {before} (edited)", line
            )
        digest = _hash(topic, aggregate, version, body, self.prev)
        if digest is None or state.get("hash") != digest:
            return self._break(
                f"position {here}: its content does not match its hash (edited after it was "
                "recorded)",
                line,
            )
        self.versions[aggregate] = version
        self.prev = digest
        if self.watch is not None:
            self.watch(here, digest)
        self.expected += 1
        self._line = line
        return None

    def _break(self, reason: str, line: int | None) -> Break:
        self.broken = Break(self.expected, reason, line)
        return self.broken

    def fail(self, position: int, reason: str) -> None:
        """A break found beside the chain (a store's row or snapshot), unless one came first."""
        if self.broken is None:
            self.broken = Break(position, reason)

    def _follow(self, state: Mapping[str, Any] | None) -> None:
        if self._missing is None or state is None or self.broken is None:
            return
        absent, found = self._missing
        if state.get("position") == absent:  # it was not deleted: it is stored later
            self.broken = Break(absent, _missing(absent, found, later=True), self.broken.line)
            self._missing = None

    def verdict(self, snapshots: int | None = None) -> Verdict:
        if self.broken is None:
            last = self.prev if self.events else None
            return Verdict(
                True, self.events, last_hash=last, first_position=self.first, snapshots=snapshots
            )
        bad = self.broken
        return Verdict(
            False, self.events, bad.position, bad.reason, line=bad.line,
            first_position=self.first, snapshots=snapshots,
        )  # fmt: skip


def _hash(topic: str, aggregate: str, version: int, state: dict[str, Any], prev: str) -> str | None:
    try:
        return event_hash(topic, aggregate, version, state, prev)
    except (TypeError, ValueError):  # a value no event holds: it cannot be the recorded one
        return None


def _missing(absent: int, found: int, *, later: bool) -> str:
    why = (
        f"the events were reordered (position {absent} is stored after it)"
        if later
        else f"position {absent} is missing (deleted)"
    )
    return f"position {found} where {absent} was expected: {why}"


def aggregate_text(originator_id: Any) -> str:
    """An aggregate ID as the hash spells it (a UUID's canonical text, whatever the column's)."""
    try:
        return str(originator_id if isinstance(originator_id, UUID) else UUID(originator_id))
    except (TypeError, ValueError, AttributeError):
        return str(originator_id)
