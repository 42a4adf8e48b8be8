"""Refusals worded to be said in the invocation's language (docs/translating.md) when a message
is built from pieces: a word chosen by the field it names, or another refusal restated."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from campaign.core.clock import format_moment, moment_said
from campaign.core.errors import ImpossibleInput, Phrase, UnknownHandle


class Moment(Phrase):
    """An in-game time inside a :class:`Refusal`'s message: ``day 6 14:00`` where the refusal
    is kept, ``jour 6, 14 h 00`` where it is shown in French (campaign/core/clock.py)."""

    seconds: int
    exact: bool

    def __new__(cls, seconds: int, *, exact: bool = False) -> Moment:
        moment = str.__new__(cls, format_moment(seconds, exact=exact))
        moment.seconds, moment.exact = seconds, exact
        return moment

    def said(self) -> str:
        return moment_said(self.seconds, exact=self.exact)


class Later(Phrase):
    """Words kept in English, said by calling ``say`` where they are shown: a word French says
    two ways, ``Later("none", lambda: pgettext("items", "none"))`` (``aucun`` of the items,
    ``aucune`` of the sessions)."""

    say: Callable[[], str]

    def __new__(cls, english: str, say: Callable[[], str]) -> Later:
        later = super().__new__(cls, english)
        later.say = say
        return later

    def said(self) -> str:
        return self.say()


class Refusal(ImpossibleInput):
    """Impossible input that restates another refusal (its message among ``values``, said in the
    invocation's language as any worded value is): what was expected is the restated one's when
    it says nothing of its own (``restates``)."""

    def __init__(
        self,
        message: str,
        *,
        values: dict[str, Any],
        field: str | None = None,
        value: object = None,
        expected: str | None = None,
        restates: ImpossibleInput | None = None,
    ) -> None:
        if restates is not None and expected is None and restates.expected is not None:
            expected, values = "{expected}", {**values, "expected": restates.expected}
        super().__init__(message, field=field, value=value, expected=expected, values=values)
        self.restates = restates

    def expected_said(self) -> str | None:
        if self.restates is not None and self.expected_words == "{expected}":
            return self.restates.expected_said()
        return super().expected_said()


class UnknownName(Refusal, UnknownHandle):
    """A name that names nothing recorded (a character's item), its message built from
    pieces."""


def renamed(error: ImpossibleInput, field: str, value: object, expected: str) -> ImpossibleInput:
    """The rules' refusal as the command names its input: the same message, said as the rules
    word it, of ``field`` (``value``), ``expected`` a notation said as it is (``3–18``)."""
    named = copy.copy(error)
    named.field, named.value = field, value
    named.expected = named.expected_words = expected
    return named
