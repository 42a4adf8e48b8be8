"""The campaign's own commands of the application service (SPEC §4 "Sessions, time, corrections"):
``init``, sessions opened and ended, the clock, settings and notes — load → call → save."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aggregates.base import Recording, aggregate_id
from aggregates.campaign import Campaign
from campaign.commands import ClockAdvance, ClockSet, Note, SessionEnd, SessionOpen, Setting

if TYPE_CHECKING:
    from aggregates.character import Character
    from campaign.service.ledger import Ledger


class SessionCommands:
    """Mixed into :class:`campaign.service.ledger.Ledger`."""

    def init(
        self: Ledger, name: str | None = None, paladin_ability: str | None = None
    ) -> str | None:
        """Create the campaign (idempotent); a different setting records a setting event.
        Returns what it recorded — ``created``, ``setting`` or None — as found under the
        writer lock: another first command may have created the store a moment before."""

        def body(_: Recording) -> str | None:
            found = self.find(Campaign.create_id())
            if found is None:
                created = Campaign(name=name, paladin_ability=paladin_ability or "wis")
                self.save(created)
                return "created"
            if paladin_ability and paladin_ability != found.paladin_ability:
                found.change_setting(Setting(setting="paladin-ability", value=paladin_ability))
                self.save(found)
                return "setting"
            return None

        return self.command(body, needs_session=False)

    def campaign_name(self: Ledger) -> str | None:
        """The campaign's name; None when it was created without one."""
        return self.campaign().name

    def session_open(self: Ledger) -> int | None:
        """The number of the session open now; None between sessions."""
        return self.campaign().open_session

    def open_session(
        self: Ledger,
        number: int,
        date: str | None = None,
        title: str | None = None,
        source_hash: str | None = None,
        source: str | None = None,
        note: str | None = None,
    ) -> None:
        """Open session ``number``; ``source`` is the session-log file it is replayed from."""

        def body(context: Recording) -> None:
            campaign = self.campaign()
            campaign.check_session_number(number)
            ended = self._close_session(campaign) if campaign.open_session is not None else []
            context.session = number
            campaign.open(
                SessionOpen(
                    number=number,
                    date=date,
                    title=title,
                    source_hash=source_hash,
                    source=source,
                    note=note,
                )
            )
            self.save(campaign, *ended)

        self.command(body, needs_session=False)

    def sessions_known(self: Ledger) -> tuple[dict[int, dict[str, Any]], set[tuple[int, str]]]:
        """What a replay checks its blocks against (SPEC §5: idempotent per session): the
        sessions recorded, by number, and the blocks a replay recorded, as (number, digest) —
        the read models' answer, with what the running unit has staged: a dry run's earlier
        files, one unit for them all and nothing stored, which the real replay would have
        stored before this file (the read models' own rules: a retracted ``session N`` line is
        no longer a session, its block still a replayed one). A real replay's file is a unit of
        its own: nothing is staged yet, this costs nothing."""
        recorded = {s["number"]: s for s in self.sessions()}
        replayed = self.replayed_blocks()  # a block whose `session N` line was retracted, too
        for event in self.staged_events():
            if isinstance(event, Campaign.SessionOpened):
                recorded[event.number] = {
                    "number": event.number,
                    "source": event.source,
                    "command": event.command,
                }
                if event.source_hash is not None:
                    replayed.add((event.number, event.source_hash))
            elif isinstance(event, Campaign.CommandRetracted):
                for number, session in list(recorded.items()):
                    if session["command"] == event.retracted:
                        del recorded[number]
        return recorded, replayed

    def end_session(self: Ledger, note: str | None = None) -> int:
        def body(_: Recording) -> int:
            campaign = self.campaign()
            characters = self._close_session(campaign, note)
            self.save(campaign, *characters)
            return campaign.last_session

        return self.command(body)

    def _close_session(
        self: Ledger, campaign: Campaign, note: str | None = None
    ) -> list[Character]:
        """End the open session: first the conditions that last until it ends (RULES C-6),
        then the session itself. Returns the characters whose conditions ended."""
        campaign.check_session_open()
        stored = self.stored_answer(
            ("open conditions",), lambda read: read.characters_with_open_conditions()
        )
        handles = dict.fromkeys(stored)
        for loaded in self.loaded():
            if hasattr(loaded, "end_session_conditions"):  # a character (imported if loaded)
                handles[loaded.handle] = None
        ended = []
        # In handle order: a log knows the characters it loaded, a live command asks the read
        # models; either way the same conditions end at the same positions.
        for handle in sorted(handles):
            character = self.find(aggregate_id("character", handle))
            if character is None or character.retracted:
                continue
            if any(c["until"] is None for c in character.conditions):
                character.end_session_conditions(note)
                ended.append(character)
        campaign.end(SessionEnd(note=note))
        return ended

    # ``words``: the GM's duration or time as read (campaign.core.clock.read_duration/read_moment);
    # the ClockMoved event keeps them, and the history and an exported log say
    # ``clock advance 3rounds``, ``clock set "day 5 12:00"``.

    def advance_clock(
        self: Ledger, seconds: int, note: str | None = None, words: str | None = None
    ) -> int:
        return self._on_campaign(
            lambda c: c.advance_clock(ClockAdvance(seconds=seconds, note=note, words=words))
        ).clock

    def set_clock(
        self: Ledger, seconds: int, note: str | None = None, words: str | None = None
    ) -> int:
        return self._on_campaign(
            lambda c: c.set_clock(ClockSet(seconds=seconds, note=note, words=words))
        ).clock

    def change_setting(self: Ledger, setting: str, value: str, note: str | None = None) -> None:
        self._on_campaign(
            lambda c: c.change_setting(Setting(setting=setting, value=value, note=note))
        )

    def note(self: Ledger, text: str, note: str | None = None) -> None:
        self._on_campaign(lambda c: c.record_note(Note(text=text, note=note)))

    def _on_campaign(self: Ledger, change: Callable[[Campaign], object]) -> Campaign:
        def body(_: Recording) -> Campaign:
            campaign = self.campaign()
            change(campaign)
            self.save(campaign)
            return campaign

        return self.command(body)
