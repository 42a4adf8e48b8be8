"""Stored histories name each event by its topic, ``module:Aggregate.Name``: it must not move.

The character's and the encounter's events are declared in modules of their own
(``character_events``, ``encounter_events``) and named back into their aggregate
(``aggregates.base.nest_topics``), so that they are stored under the topics they had when the
library made them in the aggregate (docs/ARCHITECTURE.md, "Schema evolution"). They derive from
their aggregate's own ``Event``, so that the library redefines none of them at import
(docs/PERFORMANCE.md, start-up): what it still defines is one subclass per ``@event`` method and
each aggregate's ``Created`` and ``Retracted``.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from eventsourcing.domain import CanMutateAggregate, DecoratedFuncCaller
from eventsourcing.utils import construct_topic, get_topic, resolve_topic

from aggregates import character_events, encounter_events
from aggregates.campaign import Campaign
from aggregates.character import Character
from aggregates.company import MercenaryCompany
from aggregates.encounter import Encounter

AGGREGATES = [Campaign, MercenaryCompany, Encounter, Character]
EVENTS_MODULES = {character_events: Character, encounter_events: Encounter}


def nested_events(aggregate: type) -> list[tuple[str, type]]:
    return [
        (name, value)
        for name, value in vars(aggregate).items()
        if isinstance(value, type) and issubclass(value, CanMutateAggregate)
    ]


@pytest.mark.parametrize("aggregate", AGGREGATES, ids=lambda a: a.__name__)
def test_every_event_is_stored_under_its_place_in_its_aggregate(aggregate):
    for name, event_class in nested_events(aggregate):
        topic = f"{aggregate.__module__}:{aggregate.__qualname__}.{name}"
        assert get_topic(event_class) == topic
        assert resolve_topic(topic) is event_class
        assert issubclass(event_class, aggregate.Event)


def test_a_recorded_character_event_keeps_the_topic_old_code_stored():
    """``aggregates.character:Character.SaveMade`` is in stores written before the events moved."""
    assert get_topic(Character.SaveMade) == "aggregates.character:Character.SaveMade"
    assert get_topic(Character.CharacterCreated) == (
        "aggregates.character:Character.CharacterCreated"
    )
    assert get_topic(Character.Retracted) == "aggregates.character:Character.Retracted"


@pytest.mark.parametrize("module", list(EVENTS_MODULES), ids=lambda m: m.__name__)
def test_an_events_module_declares_only_events_its_aggregate_nests(module):
    """Each declared class is named into the aggregate, which nests it (or the library's
    subclass of it for its ``@event`` method): its topic resolves there."""
    aggregate = EVENTS_MODULES[module]
    declared = [
        value
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, module.Event)
    ]
    assert aggregate.Event is module.Event
    for event_class in declared:
        name = event_class.__name__
        assert construct_topic(event_class) == f"{aggregate.__module__}:{aggregate.__name__}.{name}"
        nested = vars(aggregate)[name]
        assert nested is event_class or (
            issubclass(nested, DecoratedFuncCaller) and nested.__bases__[1] is event_class
        )


# Run in a fresh interpreter: the aggregates are imported already in this one.
RECORD_DEFINITIONS = """
import json
from eventsourcing.domain import DecoratedFuncCaller, MetaAggregate

made = []
define = MetaAggregate._define_event_class

def recorded(cls, name, bases, apply_method, event_topic=None):
    if bases[0] is not DecoratedFuncCaller:
        made.append([cls.__name__, name, [b.__qualname__ for b in bases]])
    return define(cls, name, bases, apply_method, event_topic)

MetaAggregate._define_event_class = recorded
import aggregates.campaign, aggregates.company, aggregates.encounter, aggregates.character
print(json.dumps(made))
"""


@pytest.mark.subprocess
def test_importing_the_aggregates_redefines_no_event():
    """Each event class is a dataclass built at import (≈ 0.45 ms): one the library redefines
    under the aggregate's ``Event`` is built twice, for every command that imports it."""
    root = Path(character_events.__file__).resolve().parent.parent  # the code under test
    run = subprocess.run(
        [sys.executable, "-c", RECORD_DEFINITIONS],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    made = json.loads(run.stdout)
    expected = [
        [aggregate.__name__, name, [f"{aggregate.__name__}.Event", f"LedgerAggregate.{name}"]]
        for aggregate in AGGREGATES
        for name in ("Created", "Retracted")
    ]
    assert made == expected
