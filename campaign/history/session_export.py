"""A ``jsonl`` file marked as a session's export (``export --format jsonl --session N``): the
marker every line carries, and whether the hashed events agree with it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

SESSION_EXPORT = "export_session"  # the key that marks each line of a session's jsonl export


class SessionExport:
    """A file whose first line carries ``export_session`` N: is it consistent with a session's
    export (``export --format jsonl --session N``, :func:`campaign.history.transfer.jsonl`)?

    Such an export is the stretch of the chain from the first event of session N — its opening,
    ``SessionOpened`` with number N — to the last event in session N, every line marked N (the
    events in between may carry other sessions: a retracted ``session M`` that let session N go
    on). The marker is not hashed; the first event's type, number and ``session`` and the last
    event's ``session`` are. :attr:`why` says what does not fit, None while all does.
    """

    def __init__(self, row: Mapping[str, Any], state: Mapping[str, Any], topic: str, line: int):
        self.session = row[SESSION_EXPORT]
        self.why: str | None = None
        self.last: Any = _UNREAD  # the hashed session of the last event (its line unread)
        marker = f"line {line} is marked {SESSION_EXPORT} {json.dumps(self.session)}"
        if type(self.session) is not int or self.session < 1:
            self.why = f"{marker}, which names no session"
        elif not (
            _is_opening(topic)
            and state.get("number") == self.session
            and state.get("session") == self.session
        ):
            self.why = (
                f"{marker}, but its event (position {state.get('position')}) is not session "
                f"{self.session}'s opening (`session {self.session}`), where a session's export "
                "starts"
            )
        self.last = state.get("session")

    def line(self, row: Mapping[str, Any], state: Mapping[str, Any] | None, line: int) -> None:
        if self.why is None:
            found = row.get(SESSION_EXPORT, _UNMARKED)
            if found is _UNMARKED or found != self.session or type(found) is not int:
                said = "not marked" if found is _UNMARKED else f"marked {json.dumps(found)}"
                self.why = (
                    f"the file is marked {SESSION_EXPORT} {self.session}, but line {line} is "
                    f"{said} (a session's export marks every line with it)"
                )
        self.last = _UNREAD if state is None else state.get("session")

    def finish(self) -> str | None:
        """Why the whole file is not a session's export, or None."""
        if self.why is None and self.last is not _UNREAD and self.last != self.session:
            self.why = (
                f"the file is marked {SESSION_EXPORT} {self.session}, but a session's export "
                f"ends with the session's last event, and its last event is in session "
                f"{self.last}"
            )
        return self.why


_UNMARKED, _UNREAD = object(), object()


def _is_opening(topic: str) -> bool:
    """Whether ``topic`` is a session's opening (``SessionOpened``), under any name it had."""
    from eventsourcing.utils import resolve_topic

    from aggregates.campaign import Campaign

    try:
        return resolve_topic(topic) is Campaign.SessionOpened
    except Exception:  # a topic this code does not know: not the opening
        return False
