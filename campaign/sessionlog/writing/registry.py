"""The writers' registry — one writer per event that starts a command — and the error they raise."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aggregates.subjects import Subjects
from campaign.core.errors import ImpossibleInput
from campaign.sessionlog.writing.words import Line


class ExportError(ImpossibleInput):
    """A history that cannot be written as a log that replays to it exactly."""


Writer = Callable[[Any, list[Any], Subjects, Callable[[int], int]], Line]
WRITERS: dict[type, Writer] = {}


def writes(*classes: type) -> Callable[[Writer], Writer]:
    def register(writer: Writer) -> Writer:
        for cls in classes:
            WRITERS[cls] = writer
        return writer

    return register
