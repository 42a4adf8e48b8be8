"""Domain errors, one type per kind of failure; the CLI maps each to an exit code in one place."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from campaign.core.i18n import N_, _
from campaign.core.worded import Worded, said


class CampaignError(Exception):
    """Base of every error the tracker reports to a user (never shown as a traceback).

    ``str(error)`` is English: what a program may keep (a ``--json`` reason, a log). What the
    CLI shows a person is :meth:`said`, in the invocation's language (campaign/core/i18n.py):
    an error worded from ``words`` and ``values`` is translated there, one without them is
    shown as it is (docs/translating.md)."""

    exit_code = 1
    words: str | None = None  # the message's catalogue entry, {placeholders} for ``values``
    values: Mapping[str, Any] = {}  # replaced, never changed in place

    def __init__(self, *args: object, values: Mapping[str, Any] | None = None) -> None:
        """``values``: the message (the first argument) is a catalogue entry (marked ``N_``)
        whose ``{placeholders}`` they fill; the error is then said translated."""
        if values is not None and args and isinstance(args[0], str):
            self.words, self.values = args[0], values
            args = (args[0].format(**values), *args[1:])
        super().__init__(*args)

    def said(self) -> str:
        """The message in the invocation's language."""
        if self.words is None:
            return str(self)
        return _(self.words).format(**said_values(self.values))


class Phrase(Worded):
    """A piece of a message said in the person's language (what was expected, a reason given
    to a whole sentence): ``Phrase(N_("…{x}…"), x=…)``, a :class:`Worded` — English as a
    ``str``, what ``str(error)`` keeps, and said in the invocation's language."""

    def __new__(cls, words: str, **values: Any) -> Phrase:
        return super().__new__(cls, words, values)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_phrase, (type(self), self.words, dict(self.values)))


def _phrase(kind: type[Phrase], words: str, values: dict[str, Any]) -> Phrase:
    return kind(words, **values)


def said_values(values: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` with each worded one among them (a :class:`Phrase`, or another error a message
    restates) said in the invocation's language."""
    return {
        key: value.said() if isinstance(value, CampaignError) else said(value)
        for key, value in values.items()
    }


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
        values: Mapping[str, Any] | None = None,
    ) -> None:
        """``values``: ``message`` and ``expected`` are catalogue entries (marked ``N_``) whose
        ``{placeholders}`` they fill; the error is then said translated."""
        self.expected_words = expected
        if values is not None:
            self.words, self.values = message, values
            message = message.format(**values)
            expected = None if expected is None else expected.format(**values)
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

    def said(self) -> str:
        """The message in the invocation's language; a message reworded since it was raised
        (``CAMPAIGN_SEED=…`` before it) as it now stands."""
        if self.words is not None and self.message != self.words.format(**self.values):
            return self.message
        return super().said()

    def expected_said(self) -> str | None:
        """What was expected, in the invocation's language (as it stands when not catalogued)."""
        if self.expected_words is None:
            return None
        if isinstance(self.expected_words, Worded):
            return self.expected_words.said()
        return _(self.expected_words).format(**said_values(self.values))

    def of(self, field: str | None, value: object = None) -> ImpossibleInput:
        """The same error said of another input (a trait key refused as ``--flaw``)."""
        return ImpossibleInput(
            self.words or self.message,
            field=field,
            value=value,
            expected=self.expected_words,
            values=None if self.words is None else self.values,
        )

    @classmethod
    def unreadable(
        cls, path: object, error: Exception, *, field: str, expected: str
    ) -> ImpossibleInput:
        """A file the GM named that cannot be read (missing, a directory, not UTF-8 …)."""
        why = getattr(error, "strerror", None) or error
        return cls(
            N_("{path}: cannot read it ({why})"),
            field=field,
            value=str(path),
            expected=expected,
            values={"path": path, "why": why},
        )


class UnknownHandle(ImpossibleInput):
    """A handle that names nothing recorded (an encounter, group, company, character or item)."""


class HandleTaken(ImpossibleInput):
    """A handle already used in the campaign (a retracted creation leaves its handle used)."""


class UnknownSession(ImpossibleInput):
    """A ``--session N`` that names no session of the history (``history``, ``audit``,
    ``export``): said as an error, not as an empty answer that would read as "nothing there"."""

    def __init__(self, session: int, known: Iterable[int], as_of: str | None = None) -> None:
        recorded = ", ".join(map(str, known))
        if as_of is None:
            words = N_("session {session} is not in this history; sessions: {recorded}")
        else:
            words = N_(
                "session {session} is not in this history as of {as_of}; sessions: {recorded}"
            )
        super().__init__(
            words,
            field="session",
            value=session,
            expected="{recorded}",
            values={"session": session, "as_of": as_of, "recorded": recorded or N_("none")},
        )

    def said(self) -> str:
        return _(self.words or self.message).format(**{**self.values, "recorded": self._recorded()})

    def expected_said(self) -> str:
        return self._recorded()

    def _recorded(self) -> str:
        recorded = self.values["recorded"]
        return _(recorded) if recorded == "none" else recorded


VERIFY = N_("run `campaign verify`, which names the first damaged position")
DAMAGED = N_(
    "the store's history is damaged: {where} (an event deleted, added or changed "
    "behind the tracker's back) — {hint}"
)


class DamagedHistory(CampaignError):
    """The stored history is not one the tracker recorded — an event deleted, one added, a
    version changed behind its back — found by a command that reads it again (a fold of the read
    models, a command loading the aggregate): a store failure (exit 1) that says where, as far as
    the command can tell, and points at ``campaign verify``, never a traceback."""

    exit_code = 1

    def __init__(self, where: str, then: str = "", values: Mapping[str, Any] | None = None) -> None:
        """``values``: ``where`` is a catalogue entry whose placeholders they fill; ``then``,
        what the command did about it (``; the read models were left as they were``), is one
        too (marked ``N_``)."""
        self.where_words = None if values is None else where
        self.values = values or {}
        self.where = where if values is None else where.format(**values)
        self.then = then
        super().__init__(DAMAGED.format(where=self.where, hint=VERIFY) + then)

    def said(self) -> str:
        where = self.where
        if self.where_words is not None:
            where = _(self.where_words).format(**said_values(self.values))
        return _(DAMAGED).format(where=where, hint=_(VERIFY)) + (_(self.then) if self.then else "")

    def again(self, then: str) -> DamagedHistory:
        """The same damage, told with what the command then did (``then``, marked ``N_``)."""
        worded = self.where_words is not None
        return DamagedHistory(
            self.where_words or self.where, then, values=self.values if worded else None
        )

    @classmethod
    def out_of_place(cls, position: int, expected: int) -> DamagedHistory:
        """The event read where position ``expected`` was due carries ``position``: positions
        run on one by one from 1 (docs/RELIABILITY.md#tamper-evidence), so another is an event
        deleted or added."""
        if position > expected:
            words = N_("position {position} follows position {before}: {expected} is missing")
        else:
            words = N_("position {position} comes again after position {before}")
        return cls(
            words, values={"position": position, "before": expected - 1, "expected": expected}
        )


def aggregate_named(module: str, handle: str | None) -> Phrase:
    """``the encounter ford``, ``the campaign``: an aggregate as a damage report names it, from
    its class's module (``aggregates.encounter``) and its handle: English as a ``str``,
    said in the invocation's language (:class:`Phrase`)."""
    kind = module.rpartition(".")[2] or "aggregate"
    if not handle or kind == "campaign":
        return Phrase(_THE.get(kind, N_("the {kind}")), kind=kind)
    return Phrase(_THE_NAMED.get(kind, N_("the {kind} {name}")), kind=kind, name=handle)


# an aggregate as a damage report names it, each kind in whole words (French gives each a gender)
_THE = {
    "campaign": N_("the campaign"),
    "encounter": N_("the encounter"),
    "company": N_("the company"),
    "character": N_("the character"),
}
_THE_NAMED = {
    "encounter": N_("the encounter {name}"),
    "company": N_("the company {name}"),
    "character": N_("the character {name}"),
}
