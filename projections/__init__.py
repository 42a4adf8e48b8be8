"""Read models folded from the events: morale board, modifiers, casualties, items, timeline."""
