"""Event-sourced aggregates: Encounter, MercenaryCompany, Character (the event-sourced core)."""
