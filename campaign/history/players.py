"""What the players may see (docs/cli.md#export-and-import, ``--players``): the one place that
decides it, for every view written for the table.

Behind the screen, and so left out of what the players read: the GM's notes (``--note``) and
names (``--gm``), the rules' answer where the GM ruled otherwise, the audit, the dice the tracker
rolled for the GM (``--rolled``), every note marked ``--secret``, and every trait marked
``--secret`` with what it did (its flaw rolls). A trait whose rule says only the GM knows it,
the D6Harmonie *Ennemi secret*, is secret without the flag
(docs/log-language.md#secrets).

A :class:`Screen` is one audience's view: the GM's (everything) or the players'. It is shown
every event in position order, and answers for each whether it is told at all
(:meth:`Screen.hides`), whether a ruling may stand beside the rules' answer, whether a roll's
dice may be told.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from aggregates.campaign import Campaign
from aggregates.character import Character
from campaign.rules.dice import ROLLED
from campaign.sessionlog.quoting import tokenize
from campaign.sessionlog.writing.words import quote

# The traits only the GM knows by their rule (seed 002: « Seul le maître de jeu le connaît »)
SECRET_BY_DEFAULT = frozenset({"enemy-secret"})


def secret_trait(key: str, secret: bool) -> bool:
    """A trait the players are not told of: marked ``--secret``, or secret by its rule."""
    return secret or key in SECRET_BY_DEFAULT


class Screen:
    """What one audience is told: the GM (``players=False``) everything, the players what is
    not behind the screen."""

    def __init__(self, *, players: bool) -> None:
        self.players = players
        self._secret: set[tuple[str, str, str]] = set()  # (character, trait key, detail)
        self._hidden: set[int] = set()  # the positions of the events hidden whole

    def hides(self, event: Any, handle: str) -> bool:
        """Whether ``event`` (of the subject ``handle``) is left out whole: a secret note, a
        secret trait and its flaw rolls. Every event is to be shown here once, in position
        order, told or not: a flaw roll is hidden by the trait taken before it."""
        hidden = self.players and self._behind(event, handle)
        if hidden:
            self._hidden.add(event.position)
        return hidden

    def _behind(self, event: Any, handle: str) -> bool:
        if isinstance(event, Character.TraitTaken):
            trait = (handle, event.key, (event.detail or "").casefold())
            if secret_trait(event.key, event.secret):
                self._secret.add(trait)
                return True
            self._secret.discard(trait)
            return False
        if isinstance(event, Campaign.NoteRecorded):
            return event.secret
        if isinstance(event, Character.FlawRolled):
            return self.trait_hidden(handle, event.key, event.detail)
        return False

    def trait_hidden(self, handle: str, key: str, detail: str | None) -> bool:
        """Whether this audience is kept from a trait of the character ``handle`` (one
        ``status`` lists, say), as the events shown so far took it."""
        trait = (handle, key, (detail or "").casefold())
        return self.players and (trait in self._secret or key in SECRET_BY_DEFAULT)

    @property
    def rules_beside_rulings(self) -> bool:
        """Whether a ruling that differs is told with the rules' answer beside it."""
        return not self.players

    def dice(self, roll: Mapping[str, Any] | None) -> bool:
        """Whether a roll's dice are told: the tracker's, rolled for the GM, are not told to the
        players."""
        return roll is not None and not (self.players and roll.get("source") == ROLLED)

    def withdrawn(self, events: Sequence[Any], line: str) -> str | None:
        """A withdrawn command (``events``, written as the log ``line``) as this audience reads
        it: the GM the whole line; the players its words before its first option (an option
        may hold the GM's note, dice or rulings), or nothing when the command itself was
        hidden."""
        if not self.players:
            return line
        if any(event.position in self._hidden for event in events):
            return None
        words = []
        for word in tokenize(line):
            if word.startswith("--"):
                break
            words.append(quote(word))
        return " ".join(words)
