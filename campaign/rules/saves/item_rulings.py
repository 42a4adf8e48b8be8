"""Seed 001's items: the hit points left a GM gives with a ruling on an item's save, checked
against that ruling (docs/rules.md#d-8, #d-0)."""

from __future__ import annotations

from campaign.core.i18n import N_
from campaign.core.worded import Worded


# docs/rules.md#d-8 (PF1 Smashing an Object): « broken when the hit points left are at most half
# the maximum (real division), destroyed at 0 » — destroyed is broken too; docs/rules.md#d-0:
# « an item ruled intact takes no damage ». A ruled state and the GM's hit points left that these
# contradict cannot both have happened: impossible input, never a finding.
def item_hp_contradiction(
    ruling: str | None,
    state: str,
    hp_left: int | None,
    hp_before: int | None,
    hp_max: int | None,
) -> Worded | None:
    """Why the GM's ``ruling`` and ``hp_left`` contradict each other, or None: worded to be said
    in the reader's language (campaign/core/worded.py), English as a ``str``.

    ``state`` is the item's state after the save (the worse of the one it had and the ruling:
    an item already broken stays broken when ruled ``intact``), ``hp_before`` its hit points
    before. Only a ruling *and* hit points left given together are judged, on a tracked item.
    """
    if ruling is None or hp_left is None or hp_max is None:
        return None
    values = {"left": hp_left, "most": hp_max, "ruling": ruling, "half": f"{hp_max / 2:g}"}
    if state == "destroyed":  # destroyed at 0, and 0 is destroyed
        if hp_left == 0:
            return None
        return Worded(_GIVEN_DESTROYED, values)
    if hp_left == 0:
        return Worded(_ZERO, values)
    if state == "broken" and 2 * hp_left > hp_max:
        return Worded(_NOT_BROKEN, values)
    if state != "broken" and 2 * hp_left <= hp_max:
        return Worded(_BROKEN, values)
    if ruling == "intact" and hp_before is not None and hp_left < hp_before:
        return Worded(_INTACT, {**values, "before": hp_before})
    return None


_GIVEN_DESTROYED = N_(
    "{left} of {most} hit points left with the ruling {ruling}: an item is destroyed at 0 "
    "(docs/rules.md#d-8)"
)
_ZERO = N_(
    "{left} of {most} hit points left is destroyed (docs/rules.md#d-8), not {ruling}: rule "
    "destroyed, or leave it more"
)
_NOT_BROKEN = N_(
    "{left} of {most} hit points left with the ruling {ruling}: broken is at most half the "
    "maximum ({half}; docs/rules.md#d-8)"
)
_BROKEN = N_(
    "{left} of {most} hit points left is broken (at most half the maximum, {half}; "
    "docs/rules.md#d-8), not {ruling}"
)
_INTACT = N_(
    "{left} of {most} hit points left with the ruling intact: an item ruled intact takes no "
    "damage (it has {before}; docs/rules.md#d-0)"
)
