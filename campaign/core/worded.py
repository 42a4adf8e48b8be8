"""A text for a person kept as its catalogue entry and values, said later in either language.

The audit's findings, the flags under a logging command's answer and the reminders after
``session end`` are made where the events are judged, stored in the read models and shown
later, perhaps in the other language. A :class:`Worded` is the English text itself — a ``str``,
so what is stored, exported and printed by ``--json`` is the same in both languages — that
also keeps the catalogue entry (marked ``N_``) and the values it was made from; the screen
says it with :func:`said`. A value a person reads (``half the group``, ``none``) is a
:class:`Worded` too, said in turn; data (handles, the log's own words such as ``fight``) is a
plain value and stays as written (docs/translating.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from campaign.core.i18n import N_, _


class Worded(str):
    """``words`` (a catalogue entry with ``{placeholders}``) filled with ``values``: the ``str``
    is the English text, :meth:`said` the text in the invocation's language."""

    words: str
    values: Mapping[str, Any]

    def __new__(cls, words: str, values: Mapping[str, Any] | None = None) -> Worded:
        filled = dict(values or {})
        text = super().__new__(cls, words.format(**filled))
        text.words, text.values = words, filled
        return text

    def __reduce__(self) -> tuple[Any, ...]:  # a copy (dataclasses.asdict) keeps the words
        return (type(self), (self.words, self.values))

    def said(self) -> str:
        """The text in the invocation's language (campaign/core/i18n.py)."""
        return _(self.words).format(**{name: said(v) for name, v in self.values.items()})

    def as_json(self) -> dict[str, Any]:
        """What a read model keeps to say it later: ``{"words": …, "values": {…}}``, a value
        that is itself worded as the same kind of object."""
        values = {n: v.as_json() if isinstance(v, Worded) else v for n, v in self.values.items()}
        return {"words": self.words, "values": values}

    @classmethod
    def from_json(cls, kept: Mapping[str, Any]) -> Worded:
        """The text :meth:`as_json` kept."""
        values = {
            name: cls.from_json(v) if isinstance(v, Mapping) else v
            for name, v in kept["values"].items()
        }
        return cls(kept["words"], values)


def said(text: Any) -> Any:
    """``text`` as a person reads it in the invocation's language: a :class:`Worded` said, any
    other value (a text stored before it was worded, data) as it is."""
    return text.said() if isinstance(text, Worded) else text


def kept(text: str, kept_words: Mapping[str, Any] | None) -> str:
    """A stored ``text`` with the words a read model kept for it (:meth:`Worded.as_json`): a
    :class:`Worded` when they make exactly that text, else the text as stored."""
    if not kept_words:
        return text
    worded = Worded.from_json(kept_words)
    return worded if worded == text else text


AND = N_("{before} and {last}")  # ``first-death and half-out``
COMMA = N_("{before}, {last}")  # a list: ``hp lost 2, penalty -1``
SEMICOLON = N_("{before}; {last}")  # parts of a sentence (French spaces its semicolon)


def joined(items: list[Any], words: str = AND) -> Any:
    """``items`` joined two by two with ``words`` (:data:`AND`, :data:`COMMA`,
    :data:`SEMICOLON`), said in the reader's language: a single item as it is, none as an empty
    text."""
    if len(items) <= 1:
        return items[0] if items else ""
    return Worded(words, {"before": joined(items[:-1], words), "last": items[-1]})


def and_joined(items: list[Any]) -> Any:
    """``first-death and half-out``: :func:`joined` with ``and``."""
    return joined(items, AND)
