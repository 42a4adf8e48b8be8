"""Dice: parsing what the GM entered, and rolling when the tracker is asked to.

A roll is either *entered* (physical dice at the table: faces ``3,5`` or a total ``8``) or
*rolled* by the tracker from a cryptographically seeded RNG. Either way the faces (or the total
when only a total was given) are kept, so that replaying a history never re-rolls
(docs/log-language.md#dice).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from campaign.core.errors import ImpossibleInput, Phrase
from campaign.core.i18n import N_
from campaign.core.numbers import BLANKS, whole_number

if TYPE_CHECKING:
    from random import Random

ENTERED = "entered"
ROLLED = "rolled"

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Dice:
    """A kind of roll: ``count`` dice of ``sides`` faces, summed (2d6, d20, 1D6)."""

    count: int
    sides: int

    @property
    def name(self) -> str:
        return f"{self.count if self.count > 1 else ''}d{self.sides}"

    @property
    def lowest(self) -> int:
        return self.count

    @property
    def highest(self) -> int:
        return self.count * self.sides


TWO_D6 = Dice(2, 6)  # OSE morale, loyalty and hiring rolls: "L'arbitre lance 2d6"
D20 = Dice(1, 20)  # d20 saving throws
D6 = Dice(1, 6)  # D6Harmonie durations such as "1D6 heures"


@dataclass(frozen=True, slots=True)
class Roll:
    """A roll of some :class:`Dice`: the faces when known (``None`` for an entered total)."""

    dice: Dice
    total: int
    faces: tuple[int, ...] | None = None
    source: str = ENTERED

    @property
    def natural(self) -> int:
        """The natural face of a single die (a d20 save's natural 1 or 20)."""
        return self.total

    def as_json(self) -> dict[str, object]:
        return {"faces": list(self.faces) if self.faces is not None else None, "total": self.total}

    def as_record(self) -> dict[str, object]:
        """What an event stores: faces (or None for an entered total), total, source."""
        return {**self.as_json(), "source": self.source}

    @classmethod
    def from_record(cls, record: dict[str, object], dice: Dice) -> Roll:
        """The roll an event stored (faces come back from JSON as a list)."""
        faces = record.get("faces")
        return cls(
            dice,
            int(record["total"]),  # type: ignore[arg-type]
            tuple(faces) if faces is not None else None,  # type: ignore[arg-type]
            str(record.get("source", ENTERED)),
        )

    def __str__(self) -> str:
        if self.faces is not None and len(self.faces) > 1:
            return f"{'+'.join(map(str, self.faces))}={self.total}"
        return str(self.total)


def roll_words(record: Mapping[str, Any] | None) -> str:
    """A stored roll as the GM reads it: ``3+5 = 8`` (2d6 faces), ``8`` (a 2d6 given as its
    total), ``natural 1`` (a d20), ``no roll`` — one wording for the CLI, the audit and the
    recap."""
    if record is None:
        return "no roll"
    faces = record.get("faces") or []
    if len(faces) > 1:
        return "+".join(map(str, faces)) + f" = {record['total']}"
    return f"natural {faces[0]}" if faces else str(record["total"])


_FACES = re.compile(r"^\s*[0-9]+\s*(,\s*[0-9]+\s*)*$")
_SIGNED = re.compile(r"^\s*[+-]?[0-9]+\s*(,\s*[+-]?[0-9]+\s*)*$")  # numbers, some signed


def parse_roll(text: str | int, dice: Dice, *, field: str = "roll", source: str = ENTERED) -> Roll:
    """Parse an entered roll: faces ``3,5`` or a total ``8`` for 2d6; one natural face for a d20.

    Anything a die cannot show is :class:`ImpossibleInput` (docs/rules.md#d-0: "dice outside their
    faces").
    """
    raw = str(text).strip(BLANKS)
    if not _FACES.match(raw):
        if _SIGNED.match(raw):  # -5, +8, -3,5: what no die shows, said as such
            raise _signed_roll(raw, dice, field)
        raise _bad_roll(raw, dice, field, Phrase(N_("it is not a number")))
    values = tuple(
        whole_number(part, field=field, what="roll", expected=entry_form(dice))
        for part in raw.split(",")
    )
    if len(values) == 1 and dice.count > 1:
        (total,) = values
        if not dice.lowest <= total <= dice.highest:
            why = Phrase(N_("{dice} totals {lowest}–{highest}"), **_named(dice))
            raise _bad_roll(raw, dice, field, why)
        return Roll(dice, total, None, source)
    if len(values) != dice.count:
        why = Phrase(
            N_("{dice} has {count} face(s), not {given}"), **_named(dice), given=len(values)
        )
        raise _bad_roll(raw, dice, field, why)
    for face in values:
        if not 1 <= face <= dice.sides:
            why = Phrase(N_("a d{sides} shows 1–{sides}, not {face}"), sides=dice.sides, face=face)
            raise _bad_roll(raw, dice, field, why)
    return Roll(dice, sum(values), values, source)


def given_roll(
    text: str | int | None, dice: Dice, *, rolled: bool = False, field: str = "roll"
) -> Roll | None:
    """The roll the GM gave, if any; ``rolled`` says the tracker rolled it (``--rolled``, as an
    exported log writes it back), so the replayed event keeps the dice's source
    (docs/log-language.md#dice)."""
    if text is None:
        if rolled:
            raise ImpossibleInput(
                N_("--rolled marks dice given with --roll, and no roll was given"),
                field="rolled",
                expected=N_("--roll with --rolled ({form})"),
                values={"form": entry_form(dice)},
            )
        return None
    return parse_roll(text, dice, field=field, source=ROLLED if rolled else ENTERED)


# what a bad roll is said to be meant as: a roll, a face or a total (whole sentences each)
_NOT_A = {
    "roll": N_("{raw} is not a {dice} roll: {why}; expected {form}"),
    "face": N_("{raw} is not a {dice} face: {why}; expected {form}"),
    "total": N_("{raw} is not a {dice} total: {why}; expected {form}"),
}


def _bad_roll(raw: str, dice: Dice, field: str, why: str, *, what: str = "roll") -> ImpossibleInput:
    return ImpossibleInput(
        _NOT_A[what],
        field=field,
        value=raw,
        expected=entry_form(dice),
        values={"raw": repr(raw), "dice": dice.name, "why": why, "form": entry_form(dice)},
    )


def _named(dice: Dice) -> dict[str, Any]:
    return {"dice": dice.name, "count": dice.count, "lowest": dice.lowest, "highest": dice.highest}


def _signed_roll(raw: str, dice: Dice, field: str) -> ImpossibleInput:
    """A face or a total with a sign: no die shows ``-5`` or ``+8`` (the sign is refused even
    where the number would do, as a face is written without one)."""
    face = Phrase(N_("a face is 1–{sides}, without a sign"), sides=dice.sides)
    if "," in raw:  # -3,5
        return _bad_roll(raw, dice, field, face)
    if dice.count == 1:  # -5 for a d20
        return _bad_roll(raw, dice, field, face, what="face")
    total = Phrase(N_("a total is {lowest}–{highest}, without a sign"), **_named(dice))  # +8
    return _bad_roll(raw, dice, field, total, what="total")


def entry_form(dice: Dice) -> Phrase:
    """How a roll of ``dice`` is entered: ``one natural face 1–20``; ``2 faces 1–6 such as 3,5,
    or a total 2–12`` (what an error expects, and what a ``--roll`` option's help says)."""
    if dice.count == 1:
        return Phrase(N_("one natural face 1–{sides}"), sides=dice.sides)
    example = ",".join(["3", "5", "2", "6"][: dice.count])
    return Phrase(
        N_("{count} faces 1–{sides} such as {example}, or a total {lowest}–{highest}"),
        **_named(dice),
        sides=dice.sides,
        example=example,
    )


class DiceRoller:
    """The tracker's own dice: a ``random.Random`` seeded from the OS's cryptographic source.

    The seed is kept (``seed``) so a sequence of tracker rolls can be reproduced (``CAMPAIGN_SEED``
    for tests and demos); the faces themselves are what gets stored with an event. The generator
    is made on the first roll: a command that rolls nothing never imports ``random`` (start-up,
    docs/PERFORMANCE.md).
    """

    def __init__(self, seed: int | None = None) -> None:
        self._seed = seed
        self._generator: Random | None = None

    @property
    def _rng(self) -> Random:
        if self._generator is None:
            import random
            import secrets

            if self._seed is None:
                self._seed = secrets.randbits(128)
            self._generator = random.Random(self._seed)
        return self._generator

    @property
    def seed(self) -> int:
        self._rng  # noqa: B018 - drawn with the generator
        assert self._seed is not None
        return self._seed

    def roll(self, dice: Dice) -> Roll:
        faces = tuple(self._rng.randint(1, dice.sides) for _ in range(dice.count))
        return Roll(dice, sum(faces), faces, ROLLED)

    def choice(self, options: Sequence[T]) -> T:
        """A uniform choice (the exposed item among the candidates, docs/rules.md#d-7)."""
        if not options:
            raise ValueError("nothing to choose from")
        return options[self._rng.randrange(len(options))]
