"""Given a store's events shown in order to a :class:`campaign.history.players.Screen`, when a
view asks which traits the players may be told of (a ``status``'s lists, say), then a trait
marked ``--secret`` and every *Ennemi secret* are kept from them, and nothing from the GM
(docs/log-language.md#secrets)."""

from __future__ import annotations

from aggregates.subjects import Subjects
from campaign.commands import CharacterCreate, CharacterTrait, SessionOpen
from campaign.history.players import Screen
from campaign.service.ledger import Ledger
from campaign.store import parse_store_url

TRAITS = [
    ("phobia-mild", "spiders", False),
    ("phobia-mild", "Rats", True),
    ("enemy-secret", "Aldric", False),
]


def test_secret_traits_are_kept_from_the_players_only(tmp_path):
    with Ledger(parse_store_url(str(tmp_path / "c.db")), gm="ann", seed=7) as ledger:
        ledger.handle(SessionOpen(number=1))
        ledger.handle(CharacterCreate(handle="brynn"))
        for key, detail, secret in TRAITS:
            ledger.handle(
                CharacterTrait(
                    handle="brynn", kind="flaw", key_detail=f"{key}:{detail}", secret=secret
                )
            )
        events = list(ledger.history.events())
    players, gm, subjects = Screen(players=True), Screen(players=False), Subjects()
    for event in events:
        handle = subjects.handle(event)
        players.hides(event, handle)
        gm.hides(event, handle)
    asked = [("phobia-mild", "spiders"), ("phobia-mild", "rats"), ("enemy-secret", "Aldric")]
    assert [players.trait_hidden("brynn", k, d) for k, d in asked] == [False, True, True]
    assert [gm.trait_hidden("brynn", k, d) for k, d in asked] == [False, False, False]
