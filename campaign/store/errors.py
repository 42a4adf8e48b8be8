"""How a store fails: unreachable or unusable (exit 1), refused on the server (exit 2), busy
past the writer lock's wait, or holding an event the library cannot read back."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from campaign.core.errors import CampaignError
from campaign.core.i18n import N_, _
from campaign.core.passwords import hide_passwords
from campaign.core.worded import Worded


class StoreError(CampaignError):
    """The store cannot be reached or used (exit 1). A store this process may not write —
    SQLite's "readonly database", or a file or directory it may not open — says how to fix it.

    ``values``: ``message`` is a catalogue entry (marked ``N_``) they fill, said translated
    (campaign/core/errors.py); a driver's words among them stay as the driver wrote them."""

    exit_code = 1

    def __init__(self, message: str, values: Mapping[str, Any] | None = None) -> None:
        if values is not None:  # a driver's words may quote the URL or a setting
            values = {k: _hidden(v) for k, v in values.items()}
        super().__init__(message, values=values)
        english = hide_passwords(str(self))
        self.not_writable = _NOT_WRITABLE in english or "Permission denied" in english
        if self.not_writable:
            english += _WRITABLE.format()
        self.args = (english,)

    def said(self) -> str:
        said = hide_passwords(super().said())
        if self.words is None or not self.not_writable:
            return said  # a plain message holds the hint already
        return said + _(_WRITABLE)


def _hidden(value: Any) -> Any:
    """A driver's words without the passwords they may quote (a worded one is the
    tracker's own, and is said translated)."""
    return (
        hide_passwords(value) if isinstance(value, str) and not isinstance(value, Worded) else value
    )


_NOT_WRITABLE = "readonly database"  # SQLite's "attempt to write a readonly database"
_WRITABLE = N_(
    " — every command writes to a store, reading ones too (they fold new events "
    "into its read models, and take the lock file beside it): make the store and "
    "its directory writable, or copy the store to a place that is"
)


def unreadable(error: BaseException) -> StoreError | None:
    """A stored event the library cannot read back — its bytes edited, its type renamed, or
    encrypted with another key — as a store failure that says where to look (exit 1), not a
    traceback; None for any other error."""
    from eventsourcing.persistence import MapperDeserialisationError
    from eventsourcing.utils import TopicError

    if not isinstance(error, MapperDeserialisationError | TopicError):
        return None
    cause = error.__cause__ if error.__cause__ is not None else error
    reason = (str(cause).splitlines() or [""])[0][:120] or type(cause).__name__
    return StoreError(
        N_(
            "a stored event cannot be read back ({reason}): the store was damaged or written "
            "with another key — `campaign verify` names the first damaged position"
        ),
        {"reason": reason},
    )


class StoreRefused(StoreError):
    """A store URL the tracker cannot use, found out on the server (bad input, exit 2)."""

    exit_code = 2


class StoreBusy(StoreError):
    """Another writer held the store's writer lock longer than the wait allowed (exit 1).

    It says that nothing was recorded; told to a command that records nothing (a reading
    command waits for the same lock: it folds new events into the read models first), it says
    only when to try again (:meth:`to_a_reader`)."""

    def __init__(self, store: str, waited: float, *, recording: bool = True) -> None:
        self.store, self.waited = store, waited
        if recording:
            words = N_(
                "the store {store} is busy: another command (a replay?) has held its writer "
                "lock for more than {waited} s; nothing was recorded — try again when it is "
                "done (CAMPAIGN_LOCK_TIMEOUT sets how many seconds to wait)"
            )
        else:
            words = N_(
                "the store {store} is busy: another command (a replay?) has held its writer "
                "lock for more than {waited} s; try again when it is done (CAMPAIGN_LOCK_TIMEOUT "
                "sets how many seconds to wait)"
            )
        super().__init__(words, {"store": store, "waited": f"{waited:g}"})

    def to_a_reader(self) -> StoreBusy:
        return StoreBusy(self.store, self.waited, recording=False)
