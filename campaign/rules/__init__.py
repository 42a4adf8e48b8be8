"""The rules of the three source texts, as pure functions over plain values.

One module or package per source: :mod:`dice`, :mod:`morale` (seed 000, OSE morale, mercenaries
and retainers), :mod:`saves` (seed 001, d20 saving throws and items), :mod:`d6harmonie` (seed
002, flaws and advantages). No I/O and no eventsourcing or Typer imports: aggregates, the audit and
``campaign rules`` all call these functions, so a rule is written exactly once.
"""
