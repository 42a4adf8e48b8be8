"""The read-model tables: plain rows a read command selects from (docs/cli.md#read-models).

They live beside the event store (the same SQLite file, or the same PostgreSQL schema), hold
names and notes in clear, and can be dropped and rebuilt from the events at any time
(``campaign projections rebuild``). Every table belongs to one projection; ``view_tracking``
holds each projection's position in the notification log, written in the same transaction as
its rows.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    Uuid,
)

metadata = MetaData()

# Bumped whenever a table or a fold changes: a store whose read models were built by another
# version is rebuilt from its events before it is read.
READ_MODEL_VERSION = 13

tracking = Table(
    "view_tracking",
    metadata,
    Column("projection", String(32), primary_key=True),
    Column("notification_id", BigInteger, nullable=False),  # the last one folded
    Column("position", BigInteger, nullable=False),  # its dense position
    Column("version", Integer, nullable=False),
)

# Images of an ``--as-of`` fold's private database at points of the history, to start the next
# fold from (projections/checkpoints.py). Dropped with the read models: a rebuild or a new
# READ_MODEL_VERSION starts them afresh.
checkpoints = Table(
    "view_checkpoints",
    metadata,
    Column("reads", String(200), primary_key=True),  # the projections folded, comma-separated
    Column("position", BigInteger, primary_key=True),  # the last position folded (a command end)
    Column("image", LargeBinary, nullable=False),  # SQLite's serialize(), zlib-compressed
)

# --- mirrors of the aggregates' current state (projections/state.py) -----------------------------

campaign_state = Table(
    "view_campaign",
    metadata,
    Column("id", Integer, primary_key=True),  # always 1: one store, one campaign
    Column("name", Text),
    Column("open_session", Integer),
    Column("last_session", Integer, nullable=False),
    Column("clock", BigInteger, nullable=False),  # seconds since day 1 00:00
    Column("paladin_ability", String(3), nullable=False),
)

encounters = Table(
    "view_encounters",
    metadata,
    Column("aggregate_id", Uuid, primary_key=True),
    Column("handle", Text, nullable=False, unique=True),
    Column("name", Text),
    Column("ended", Boolean, nullable=False),
    Column("created", BigInteger, nullable=False),  # position of its creation: the order shown
)

groups = Table(  # the morale board: one row per group of an encounter
    "view_groups",
    metadata,
    Column("encounter_id", Uuid, primary_key=True),
    Column("handle", Text, primary_key=True),
    Column("encounter", Text, nullable=False),
    Column("seq", Integer, nullable=False),
    Column("kind", String(16), nullable=False),  # monsters | company
    Column("name", Text),
    Column("count", Integer, nullable=False),
    Column("killed", Integer, nullable=False),
    Column("incapacitated", Integer, nullable=False),
    Column("out", Integer, nullable=False),
    Column("morale", Integer, nullable=False),
    Column("adjustment", Integer, nullable=False),
    Column("effective_morale", Integer, nullable=False),
    Column("successes", Integer, nullable=False),
    Column("status", String(32), nullable=False),
    Column("checks_due", JSON, nullable=False),
)

companies = Table(
    "view_companies",
    metadata,
    Column("aggregate_id", Uuid, primary_key=True),
    Column("handle", Text, nullable=False, unique=True),
    Column("created", BigInteger, nullable=False),
    Column("name", Text),
    Column("troop", String(16), nullable=False),
    Column("mounted", Boolean, nullable=False),
    Column("elite", Boolean, nullable=False),
    Column("fanatic", Boolean, nullable=False),
    Column("size", Integer, nullable=False),
    Column("killed", Integer, nullable=False),
    Column("incapacitated", Integer, nullable=False),
    Column("fit", Integer, nullable=False),
    Column("table_morale", Integer, nullable=False),
    Column("base_morale", Integer, nullable=False),
    Column("morale", Integer, nullable=False),
    Column("in_service", Boolean, nullable=False),
)

characters = Table(
    "view_characters",
    metadata,
    Column("aggregate_id", Uuid, primary_key=True),
    Column("handle", Text, nullable=False, unique=True),
    Column("created", BigInteger, nullable=False),
    Column("moral", Integer),  # the MORAL score, when the GM has set it
    # the status fields (docs/json.md#status) but items, conditions
    Column("data", JSON, nullable=False),
)

items = Table(
    "view_items",
    metadata,
    Column("character_id", Uuid, primary_key=True),
    Column("seq", Integer, primary_key=True),  # acquisition order (docs/rules.md#d-7)
    Column("character", Text, nullable=False),
    Column("name", Text, nullable=False),
    Column("slot", String(32), nullable=False),
    Column("magic", Boolean, nullable=False),
    Column("state", String(16), nullable=False),
    Column("hp", Integer),
    Column("hp_max", Integer),
    Column("data", JSON, nullable=False),  # the item as the aggregate holds it
)

# --- histories: one row per fact, tagged with the command that recorded it ---------------------

modifiers = Table(
    "view_modifiers",
    metadata,
    Column("position", BigInteger, primary_key=True),
    Column("seq", Integer, primary_key=True),  # several conditions from one flaw roll
    Column("command", BigInteger, nullable=False),
    Column("kind", String(16), nullable=False),  # group | company | character
    # ford/goblins, red-lances, brynn: indexed for the conditions a character's event ends
    Column("subject", Text, nullable=False, index=True),
    Column("value", Integer, nullable=False),
    Column("unit", String(8), nullable=False),  # flat | dice
    Column("reason", Text),
    Column("applies_to", String(64)),  # a character's conditions: the rolls they apply to
    Column("source", String(64)),  # the trait behind it
    Column("detail", Text),  # which of several such flaws (phobia-mild:rats), if named
    Column("passive", Boolean, nullable=False),  # an advantage's lasting bonus, not a condition
    Column("until", BigInteger),  # in-game seconds it ends at, or null
    Column("ended", BigInteger),  # the position that ended it before its time
    Column("ended_command", BigInteger),
)

casualties = Table(
    "view_casualties",
    metadata,
    Column("position", BigInteger, primary_key=True),
    Column("command", BigInteger, nullable=False),
    Column("session", Integer),
    Column("encounter", Text),
    Column("group", Text),
    Column("company", Text),
    Column("n", Integer, nullable=False),
    Column("incapacitated", Boolean, nullable=False),
    Column("cause", Text),
)

sessions = Table(
    "view_sessions",
    metadata,
    Column("number", Integer, primary_key=True),
    Column("date", Text),
    Column("title", Text),
    Column("source_hash", String(64)),  # the replayed session block's digest (idempotency)
    Column("source", Text),  # the session-log file it was replayed from
    Column("opened", BigInteger, nullable=False),  # its first position
    Column("command", BigInteger, nullable=False),
    Column("ended", BigInteger),
    Column("ended_command", BigInteger),
)

# Every session block a replay recorded, kept when its `session N` line is retracted (the block
# was still recorded from that text: replaying the file again skips it, docs/cli.md#replay).
session_blocks = Table(
    "view_session_blocks",
    metadata,
    Column("opened", BigInteger, primary_key=True),  # the position of its `session N` event
    Column("number", Integer, nullable=False),
    Column("source_hash", String(64), nullable=False),
)

timeline = Table(
    "view_timeline",
    metadata,
    Column("position", BigInteger, primary_key=True),
    Column("notification_id", BigInteger, nullable=False),
    Column("command", BigInteger, nullable=False, index=True),
    Column("line", Text),  # the log line that reproduces the command (campaign/history/export.py)
    Column("session", Integer, index=True),
    Column("kind", String(64), nullable=False),
    Column("subject", Text),
    Column("aggregate_id", Uuid, nullable=False),
    Column("aggregate_version", Integer, nullable=False),
    # another aggregate the event relies on (aggregates.base Event.relies_on): `retract event:N`
    Column("relies_on", Uuid),
    Column("timestamp", String(40), nullable=False),
    Column("gm", Text),
    Column("rules_say", JSON),
    Column("ruled", JSON),
    Column("note", Text),
    Column("retracted", Boolean, nullable=False),
)

# --- the audit (projections/audit.py): one row per finding, tagged with its command -----------

findings = Table(
    "view_findings",
    metadata,
    Column("position", BigInteger, primary_key=True),  # the event the finding is about
    Column("code", String(8), primary_key=True),  # MOR001…GEN002 (docs/audit.md#the-codes)
    Column("rank", Integer, nullable=False),  # the code's place in the catalogue: the order shown
    Column("command", BigInteger, nullable=False, index=True),  # the command that produced it
    Column("session", Integer, index=True),
    Column("severity", String(8), nullable=False),  # warning | info
    # pending | final | resolved (answered in time); indexed for the few pending ones
    Column("status", String(8), nullable=False, index=True),
    Column("subject", Text, nullable=False),
    Column("rules_say", JSON),
    Column("ruled", JSON),
    Column("note", Text),
    Column("rule_seed", String(64)),
    Column("rule_name", Text),
    Column("message", Text, nullable=False),  # in English, as `audit --json` shows it
    # the message's catalogue entry and values, to say it in the reader's language
    # (campaign/core/worded.py: {"words": …, "values": {…}})
    Column("message_words", JSON),
    Column("pending_message", Text),  # a pending finding's message, put back when re-opened
    Column("pending_words", JSON),  # … and its words
    Column("closed", BigInteger),  # the position that decided a pending finding
    Column("closed_command", BigInteger),  # its command: a retraction of it re-opens the finding
)
