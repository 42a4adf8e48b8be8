"""Read models folded from the event stream: morale board, modifiers, casualties, items, timeline."""
