"""The service tier: the Ledger on a real store, its read models, export, verify, upcasting."""
