"""Domain errors, one type per kind of failure; the CLI maps each to an exit code in one place."""

from __future__ import annotations

from collections.abc import Iterable


class CampaignError(Exception):
    """Base of every error the tracker reports to a user (never shown as a traceback)."""

    exit_code = 1


class ImpossibleInput(CampaignError, ValueError):
    """Input that cannot have happened (SPEC §2): a 2d6 of 13, a morale of 15, an unknown trait.

    ``field`` names the input (a rules parameter, e.g. ``caster_level``; the CLI shows it as the
    option ``--caster-level``), ``value`` what was given and ``expected`` what is allowed.
    """

    exit_code = 2

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        value: object = None,
        expected: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.value = value
        self.expected = expected
        # the option as the command spells it, "" when it has none for the field (set by the
        # CLI: cli/fastparse.spelt)
        self.option: str | None = None

    def __str__(self) -> str:
        return self.message


class UnknownHandle(ImpossibleInput):
    """A handle that names nothing recorded (an encounter, group, company, character or item)."""


class HandleTaken(ImpossibleInput):
    """A handle already used in the campaign (a retracted creation leaves its handle used)."""


class UnknownSession(ImpossibleInput):
    """A ``--session N`` that names no session of the history (``history``, ``audit``,
    ``export``): said as an error, not as an empty answer that would read as "nothing there"."""

    def __init__(self, session: int, known: Iterable[int], as_of: str | None = None) -> None:
        recorded = ", ".join(map(str, known)) or "none"
        where = "this history" if as_of is None else f"this history as of {as_of}"
        super().__init__(
            f"session {session} is not in {where}; sessions: {recorded}",
            field="session",
            value=session,
            expected=recorded,
        )
