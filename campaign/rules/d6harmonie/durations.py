"""How long a flaw's penalty lasts: a duration's length in in-game seconds, its spelling, and
where no duration applies (seed 002's « durant 1D6 tours/heures »; docs/rules.md#d-9)."""

from __future__ import annotations

from collections.abc import Iterable

from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_
from campaign.rules.d6harmonie.catalogue import Duration, Penalty

# Seconds per duration unit; D6Harmonie « tours » are combat rounds of 10 seconds
# (docs/rules.md#d-9).
UNIT_SECONDS = {"rounds": 10, "minutes": 60, "hours": 3600, "days": 86400, "weeks": 604800}

# How a length is spelled for the GM, in the words ``clock advance`` and ``--duration`` read
# (docs/log-language.md#sessions-time-corrections): each unit of UNIT_SECONDS, largest first;
# « tours » are rounds (docs/rules.md#d-9).
_SPELLINGS = {"weeks": "w", "days": "d", "hours": "h", "minutes": "min", "rounds": "rounds"}


def allowed_seconds(duration: Duration) -> tuple[int, int]:
    """The shortest and longest a duration can be: its dice's range, or its fixed length."""
    dice = duration.dice
    low, high = (duration.count, duration.count) if dice is None else (dice.lowest, dice.highest)
    return low * UNIT_SECONDS[duration.unit], high * UNIT_SECONDS[duration.unit]


def duration_seconds(duration: Duration, rolled: int | None = None) -> int:
    """How long a penalty lasts, in in-game seconds: its fixed length, or ``rolled`` (the total
    of its dice, rolled when it starts: « durant 1D6 tours » of 10 seconds each, « durant 1D6
    heures »; docs/rules.md#d-9). Exact: a round is never rounded to a minute."""
    if duration.dice is None:
        return duration.count * UNIT_SECONDS[duration.unit]
    if rolled is None:
        raise ImpossibleInput(
            N_("the {duration} needs its {dice} rolled"),
            field="duration",
            expected=N_("a roll of {dice}"),
            values={"duration": str(duration), "dice": duration.dice.name},
        )
    return rolled * UNIT_SECONDS[duration.unit]


def describe_seconds(seconds: int, unit: str | None = None) -> str:
    """A length as ``--duration`` reads it back: in ``unit`` (a duration's own, such as a
    roll's: 6 of 1D6 rounds is ``6rounds``) when it is a whole number of them, else in its
    largest whole unit — 14400 → ``4h``, 20 → ``2rounds`` (docs/rules.md#d-9), 65 → ``65s``."""
    units = ([unit] if unit is not None else []) + list(_SPELLINGS)
    for name in units:
        size = UNIT_SECONDS[name]
        if seconds and seconds % size == 0:
            count = seconds // size
            return f"{count}{'round' if name == 'rounds' and count == 1 else _SPELLINGS[name]}"
    return f"{seconds}s"


# A duration is how long a penalty lasts: « durant 1D6 heures », rolled « when the effect
# starts » (docs/rules.md#d-9), or the GM's length for a penalty whose duration the seed leaves
# unstated (docs/rules.md#where-seed-002-leaves-a-case-open). Where the outcome recorded starts
# no penalty — Cupidité's chance missed but resisted, Vertige's « completely unable », Phobie
# légère resisted — nothing lasts, and an option that does not apply is impossible input
# (docs/log-language.md#traits).
def check_duration_applies(
    duration: object, penalties: Iterable[Penalty], where: str, outcome: str | None
) -> None:
    """Refuse a ``duration`` when ``penalties`` (the ruled ones, the GM's ``penalty`` in them)
    start no condition; ``where`` is ``greed (missed-chance)``, ``outcome`` the recorded
    ``success``/``failure`` (None for a flaw that does not roll)."""
    if duration is None or any(p.value for p in penalties):
        return
    if outcome is None:
        words = N_(
            "duration does not apply to {where}: it starts no condition, so nothing lasts "
            "(a duration is how long a penalty lasts)"
        )
    else:
        words = N_(
            "duration does not apply to {where} on a {outcome}: it starts no condition, so "
            "nothing lasts (a duration is how long a penalty lasts)"
        )
    raise ImpossibleInput(
        words,
        field="duration",
        value=duration,
        expected=N_("no duration here"),
        values={"where": where, "outcome": outcome},
    )
