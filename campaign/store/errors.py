"""How a store fails: unreachable or unusable (exit 1), refused on the server (exit 2), busy
past the writer lock's wait, or holding an event the library cannot read back."""

from __future__ import annotations

from campaign.core.errors import CampaignError
from campaign.core.passwords import hide_passwords


class StoreError(CampaignError):
    """The store cannot be reached or used (exit 1). A store this process may not write —
    SQLite's "readonly database", or a file or directory it may not open — says how to fix it."""

    exit_code = 1

    def __init__(self, message: str) -> None:
        message = hide_passwords(message)  # a driver's words may quote the URL or a setting
        if _NOT_WRITABLE in message or "Permission denied" in message:
            message += (
                " — every command writes to a store, reading ones too (they fold new events "
                "into its read models, and take the lock file beside it): make the store and "
                "its directory writable, or copy the store to a place that is"
            )
        super().__init__(message)


_NOT_WRITABLE = "readonly database"  # SQLite's "attempt to write a readonly database"


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
        f"a stored event cannot be read back ({reason}): the store was damaged or written with "
        "another key — `campaign verify` names the first damaged position"
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
        outcome = "nothing was recorded — try again" if recording else "try again"
        super().__init__(
            f"the store {store} is busy: another command (a replay?) has held its writer lock "
            f"for more than {waited:g} s; {outcome} when it is done (CAMPAIGN_LOCK_TIMEOUT sets "
            "how many seconds to wait)"
        )

    def to_a_reader(self) -> StoreBusy:
        return StoreBusy(self.store, self.waited, recording=False)
