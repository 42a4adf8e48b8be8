"""The application service: the Ledger and its command handlers."""
