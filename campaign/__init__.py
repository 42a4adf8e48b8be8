"""Campaign Ledger: an event-sourced campaign tracker for tabletop game masters."""

__version__ = "0.1.0"
