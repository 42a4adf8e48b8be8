"""Domain errors, one type per kind of failure; the CLI maps each to an exit code in one place."""

from __future__ import annotations

from collections.abc import Iterable

# Messages are said in the invocation's language (campaign/core/i18n.py); what a command writes
# for a program (--json) never holds one.
from campaign.core.i18n import _


class CampaignError(Exception):
    """Base of every error the tracker reports to a user (never shown as a traceback)."""

    exit_code = 1


class ImpossibleInput(CampaignError, ValueError):
    """Input that cannot have happened (docs/rules.md#d-0): a 2d6 of 13, a morale of 15, an
    unknown trait.

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
        # CLI: cli/parsing.spelt)
        self.option: str | None = None

    def __str__(self) -> str:
        return self.message

    @classmethod
    def unreadable(
        cls, path: object, error: Exception, *, field: str, expected: str
    ) -> ImpossibleInput:
        """A file the GM named that cannot be read (missing, a directory, not UTF-8 …)."""
        why = getattr(error, "strerror", None) or error
        return cls(
            _("{path}: cannot read it ({why})").format(path=path, why=why),
            field=field,
            value=str(path),
            expected=expected,
        )


class UnknownHandle(ImpossibleInput):
    """A handle that names nothing recorded (an encounter, group, company, character or item)."""


class HandleTaken(ImpossibleInput):
    """A handle already used in the campaign (a retracted creation leaves its handle used)."""


class UnknownSession(ImpossibleInput):
    """A ``--session N`` that names no session of the history (``history``, ``audit``,
    ``export``): said as an error, not as an empty answer that would read as "nothing there"."""

    def __init__(self, session: int, known: Iterable[int], as_of: str | None = None) -> None:
        recorded = ", ".join(map(str, known)) or _("none")
        if as_of is None:
            said = _("session {session} is not in this history; sessions: {recorded}")
        else:
            said = _("session {session} is not in this history as of {as_of}; sessions: {recorded}")
        super().__init__(
            said.format(session=session, as_of=as_of, recorded=recorded),
            field="session",
            value=session,
            expected=recorded,
        )


def verify_hint() -> str:
    """The hint of every damaged history: where to look next."""
    return _("run `campaign verify`, which names the first damaged position")


class DamagedHistory(CampaignError):
    """The stored history is not one the tracker recorded — an event deleted, one added, a
    version changed behind its back — found by a command that reads it again (a fold of the read
    models, a command loading the aggregate): a store failure (exit 1) that says where, as far as
    the command can tell, and points at ``campaign verify``, never a traceback."""

    exit_code = 1

    def __init__(self, where: str, then: str = "") -> None:
        self.where = where
        said = _(
            "the store's history is damaged: {where} (an event deleted, added or changed "
            "behind the tracker's back) — {hint}"
        )
        super().__init__(said.format(where=where, hint=verify_hint()) + then)

    @classmethod
    def out_of_place(cls, position: int, expected: int) -> DamagedHistory:
        """The event read where position ``expected`` was due carries ``position``: positions
        run on one by one from 1 (docs/RELIABILITY.md#tamper-evidence), so another is an event
        deleted or added."""
        if position > expected:
            said = _("position {position} follows position {before}: {expected} is missing")
        else:
            said = _("position {position} comes again after position {before}")
        return cls(said.format(position=position, before=expected - 1, expected=expected))


def aggregate_named(module: str, handle: str | None) -> str:
    """``the encounter ford``, ``the campaign``: an aggregate as a damage report names it, from
    its class's module (``aggregates.encounter``) and its handle."""
    kind = module.rpartition(".")[2] or "aggregate"
    return f"the {kind}" if not handle or kind == "campaign" else f"the {kind} {handle}"
