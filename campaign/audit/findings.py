"""The audit's building blocks: what a finding is, what a judgement returns, and the codes.

:class:`Verdict` is what :func:`campaign.audit.judge` returns for one event: new findings (plain
dicts with the keys of docs/json.md#audit, built by :func:`finding`) and the pending findings the
event decides (:class:`Settle`). Nothing here judges a ruling; the judgements are in the package's
modules, one per rule source (:mod:`.morale`, :mod:`.saves`, :mod:`.traits`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from aggregates.campaign import Campaign
from aggregates.subjects import handle_of, subject  # handle_of: projections.audit
from campaign.audit.catalogue import CATALOGUE, CODES, Entry
from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_
from campaign.core.numbers import BLANKS
from campaign.core.worded import Worded, and_joined
from campaign.rules.citation import Citation
from campaign.rules.dice import roll_words

PENDING, FINAL = "pending", "final"
RESOLVED = "resolved"  # a pending finding answered in time: no finding (kept to be re-opened)


def check_code(code: str, field: str = "code") -> str:
    """A finding code, case-insensitive; an unknown one is an input error listing them all."""
    wanted = code.strip(BLANKS).upper() if isinstance(code, str) else ""
    if wanted not in CATALOGUE:
        raise ImpossibleInput(
            N_("unknown finding code {code}"),
            field=field,
            value=code,
            expected=N_("one of {codes}"),
            values={"code": repr(code), "codes": ", ".join(CODES)},
        )
    return wanted


def entry(code: str, field: str = "code") -> Entry:
    """The catalogue's entry for ``code`` (``audit --explain``)."""
    return CATALOGUE[check_code(code, field)]


@dataclass(frozen=True, slots=True)
class Settle:
    """A pending finding this event decides: ``final`` (it stands) or ``resolved`` (answered in
    time: no finding). MOR002 is found by ``subject`` (one check pending per group at a time),
    SAV003 by its exposure's ``position``, or every one of a ``session`` at its end — or of any
    session ``before_session`` (those that have ended, when a retraction re-opens them)."""

    code: str
    status: str
    subject: str | None = None
    position: int | None = None
    session: int | None = None
    # the final finding's message; a function of the finding's session when it decides several
    message: Worded | Callable[[int], Worded] | None = None
    before_session: int | None = None

    def matches(self, row: Mapping[str, Any]) -> bool:
        """Whether the finding ``row`` (its code, subject, position and session) is one this
        decides."""
        return (
            row["code"] == self.code
            and (self.subject is None or row["subject"] == self.subject)
            and (self.position is None or row["position"] == self.position)
            and (self.session is None or row["session"] == self.session)
            and (
                self.before_session is None
                or (row["session"] is not None and row["session"] < self.before_session)
            )
        )

    def message_for(self, session: int) -> Worded | None:
        """The message of the finding of ``session`` this decides (None: keep its own)."""
        return self.message(session) if callable(self.message) else self.message


@dataclass
class Verdict:
    findings: list[dict[str, Any]] = field(default_factory=list)
    settles: list[Settle] = field(default_factory=list)
    # A retraction: how a finding it re-opens from an answer (``resolved``) stands now. The
    # answer withdrawn never came, so an event that decides the finding and has passed since
    # decides it at once (a SAV003 whose session has ended: final); the others are pending.
    reopened: list[Settle] = field(default_factory=list)


# --- building findings ---------------------------------------------------------------------------


def finding(
    code: str,
    event: Any,
    *,
    subject: str,
    rules_say: Any = None,
    ruled: Any = None,
    message: Worded,
    cite: Citation | None = None,
    status: str = FINAL,
    position: int | None = None,
) -> dict[str, Any]:
    """A finding with the keys of docs/json.md#audit (and ``command_position``: the command that
    produced it). Its ``message`` is worded for translation: English where it is stored and in
    ``--json``, said in the reader's language on screen (campaign/core/worded.py)."""
    listed = CATALOGUE[code]
    return {
        "code": code,
        "severity": listed.severity,
        "status": status,
        "session": event.session,
        "position": event.position if position is None else position,
        "subject": subject,
        "rules_say": rules_say,
        "ruled": ruled,
        "note": note_of(event),
        "rule": cite.as_json() if cite is not None else listed.cites,
        "message": message,
        "command_position": event.command,
    }


def note_of(event: Any) -> str | None:
    """The GM's words on an event: a command's ``--note``, or the text of ``note T``."""
    said = event.text if isinstance(event, Campaign.NoteRecorded) else getattr(event, "note", None)
    return said if isinstance(said, str) and said.strip() else None


def subject_of(aggregate: Any, part: str | None = None) -> str:
    """``ford/goblins``, ``brynn/Tower shield``, ``brynn``, ``campaign`` (docs/json.md's subjects):
    the judgements name the part themselves (``e.group``, ``e.item``, or a pending group)."""
    return subject(handle_of(aggregate), part=part)


# --- words the messages share ------------------------------------------------------------------

# the morale checks a casualty makes due, as a person reads them (the JSON keeps the keys)
CHECK_WORDS = {"first-death": N_("first-death"), "half-out": N_("half-out")}


def checks_said(checks: Any) -> Any:
    """``first-death and half-out``: the checks due, each said in the reader's language."""
    listed = checks if isinstance(checks, list | tuple) else [checks]
    return and_joined([Worded(CHECK_WORDS[c]) if c in CHECK_WORDS else str(c) for c in listed])


def dice_said(record: Mapping[str, Any] | None) -> Any:
    """A stored roll as :func:`campaign.rules.dice.roll_words` says it — ``3+5 = 8``, ``8``,
    ``natural 1``, ``no roll`` — its words said in the reader's language."""
    if record is None:
        return Worded(N_("no roll"))
    faces = record.get("faces") or []
    if len(faces) == 1:
        return Worded(N_("natural {n}"), {"n": faces[0]})
    return roll_words(record)  # numbers only
