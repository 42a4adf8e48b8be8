"""Given a French GM, when they ask the rules calculator about a D6Harmonie flaw (``campaign
--lang fr rules trait KEY``, and its ``--help``), then the catalogue's own texts — a trigger's
situation, its penalties and effects, a trait's summary — are said in French, the English
screen is unchanged, and ``--json`` is the same in both languages (docs/fr.md)."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from campaign.rules import d6harmonie as rules
from cli.main import app

SCREEN = {"COLUMNS": "400", "NO_COLOR": "1"}
# Catalogue texts French says with the same words (a score's name is the seed's)
SAME_IN_FRENCH: set[str] = set()


def _rows(trigger: rules.Trigger) -> list[rules.Consequence]:
    rows = [trigger.success, trigger.failure, trigger.consequence]
    return rows + ([trigger.critical] if trigger.critical is not None else [])


def _english_texts() -> set[str]:
    """Every text of the catalogue a person reads, as English writes it."""
    texts = {t.summary for t in rules.CATALOGUE}
    for trait in rules.FLAWS:
        for trigger in trait.triggers:
            texts.add(trigger.when)
            for row in _rows(trigger):
                texts.update(row.effects)
                texts.update(p.ends for p in row.penalties if p.ends)
    texts |= {"halved by Lève-tôt", "-hour period", " on all-rolls", " on relational-rolls"}
    return texts - SAME_IN_FRENCH


ENGLISH = _english_texts()


def _calls() -> list[tuple[str, ...]]:
    """Each flaw's each trigger: without a result, failed, critical and succeeded."""
    calls: list[tuple[str, ...]] = []
    for trait in rules.FLAWS:
        for trigger in trait.triggers:
            base = ("rules", "trait", trait.key, "--trigger", trigger.name)
            if rules.HOURS in trigger.options:
                base += ("--hours", "30")
            if trigger.lack_of_sleep:
                base += ("--advantage", "early-riser")
            calls.append(base)
            if trigger.rolls:
                calls += [(*base, "--result", "1"), (*base, "--result", "1", "--critical")]
                calls.append((*base, "--result", "30"))
    return calls


def _run(*args: str) -> str:
    result = CliRunner().invoke(app, list(args), env=SCREEN)
    assert result.exit_code == 0, (args, result.output)
    return result.stdout


def _flat(screen: str) -> str:
    """The screen's words on one line: no box borders, one space between words."""
    return " ".join(screen.replace("│", " ").split())


def _english_in(screen: str) -> list[str]:
    flat = _flat(screen)
    return [text for text in ENGLISH if _flat(text) in flat]


@pytest.mark.parametrize("call", _calls(), ids=" ".join)
def test_a_flaw_triggered_is_said_in_french_and_its_json_is_the_same(call):
    french = _run("--lang", "fr", *call)
    english = _run("--lang", "en", *call)
    assert not _english_in(french), (call, _english_in(french), french)
    assert _english_in(english), english  # the English screen says the catalogue's texts
    assert json.loads(_run("--lang", "fr", *call, "--json")) == json.loads(
        _run("--lang", "en", *call, "--json")
    )
    assert _run("--lang", "fr", *call, "--json") == _run("--lang", "en", *call, "--json")


@pytest.mark.parametrize("key", [t.key for t in rules.CATALOGUE])
def test_a_trait_s_help_says_its_summary_and_situations_in_french(key):
    french = _run("--lang", "fr", "rules", "trait", key, "--help")
    assert not _english_in(french), (key, _english_in(french))
    assert _flat(rules.find_trait(key).summary) in _flat(
        _run("--lang", "en", "rules", "trait", key, "--help")
    )


def test_the_phobia_s_situation_and_penalty_read_as_the_seed_says_them():
    screen = _flat(_run("--lang", "fr", "rules", "trait", "phobia-mild", "--result", "6"))
    assert "en présence de l'objet de la phobie" in screen, screen
    assert re.search(r"-1 à all-rolls, tant que", screen), screen


def test_in_english_a_penalty_is_said_as_the_catalogue_writes_it():
    from campaign.core.i18n import use
    from cli.rules.trait_words import penalty_said

    use("en")
    penalties = [
        p
        for trait in rules.FLAWS
        for trigger in trait.triggers
        for row in _rows(trigger)
        for p in (*row.penalties, *([trigger.per_period] if trigger.per_period else []))
    ]
    assert penalties
    assert [penalty_said(p) for p in penalties] == [str(p) for p in penalties]
