"""What a store holds, by name: the library's tables, row type and function, the read models'
prefix, the topics of the tracker's events, and the largest number its columns hold."""

from __future__ import annotations

EVENTS_TABLE = "ledger_events"  # the library's table for the application named "ledger"
SNAPSHOTS_TABLE = "ledger_snapshots"
# On SQLite the library names its table the same for every application: a file holding it is a
# campaign store when its first event is one of the tracker's (another eventsourcing program's
# file holds it too).
SQLITE_EVENTS_TABLE = "stored_events"
CAMPAIGN_TOPICS = "aggregates."  # every event the tracker records: ``aggregates.campaign:…``
# What the tracker makes in a PostgreSQL schema (PostgresHold.footprint): the library's two
# tables, the row type its INSERT unnests and the function it creates beside them (ids are
# UUIDs), and the read models' tables, all named view_… (the footprint notes every view_…
# table; a failed first command drops only the tracker's, by name). The row type and function
# are the library's, not the application's: every eventsourcing application in the schema
# shares them (PostgresHold.discard).
LIBRARY_TYPE = "stored_event_uuid"
LIBRARY_FUNCTION = "es_insert_events_uuid"
READ_MODEL_PREFIX = "view_"

# The largest whole number a store's columns hold (SQLite INTEGER, PostgreSQL BIGINT): a
# position or session number beyond it was never recorded (and cannot be asked for in SQL).
MAX_STORED = 2**63 - 1
