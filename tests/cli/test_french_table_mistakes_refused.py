"""Given a French GM (``--lang fr``), when a logging command is refused by the campaign's own
records — a group the encounter does not have, a handle already taken, more casualties than a
group has able to fight, a session already open, a clock set backwards — then the refusal is said
in French (docs/fr.md), exit 2, nothing written; in English it says exactly what it said before,
and the error a program keeps (``str(error)``) stays English whatever the language."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from aggregates.refusals import Moment, Refusal
from campaign.core import i18n
from campaign.core.i18n import N_
from cli.main import app


def _run(db, *args, lang="fr"):
    return CliRunner().invoke(app, ["--db", str(db), "--lang", lang, *args])


@pytest.fixture
def store(tmp_path):
    db = tmp_path / "c.db"
    for line in (
        ["session", "1"],
        ["encounter", "start", "ford"],
        ["encounter", "group", "ford", "goblins", "--count", "6", "--morale", "7"],
        ["character", "create", "brynn"],
        ["clock", "set", "day 2 08:00"],
    ):
        assert _run(db, *line, lang="en").exit_code == 0
    return db


@pytest.mark.parametrize(
    ("args", "english", "french"),
    [
        (
            ["casualty", "ford", "gobs", "1"],
            "error: encounter ford has no group 'gobs'; its groups: goblins",
            "erreur : la rencontre ford n'a pas de groupe 'gobs' ; ses groupes : goblins",
        ),
        (
            ["encounter", "group", "ford", "goblins", "--count", "3", "--morale", "7"],
            "error: encounter ford already has a group or company called 'goblins'; expected a "
            "handle not yet used in this encounter",
            "erreur : la rencontre ford a déjà un groupe ou une compagnie nommé 'goblins' ; "
            "attendu : un identifiant pas encore utilisé dans cette rencontre",
        ),
        (
            ["casualty", "ford", "goblins", "9"],
            "error: 9 casualties: goblins has 6 members able to fight; expected 1–6",
            "erreur : 9 pertes : goblins a 6 membres en état de combattre ; attendu : 1–6",
        ),
        (
            ["session", "1"],
            "error: session 1 is already open (`session end` ends it; `session 2` ends it and "
            "opens the next); expected a number above 1",
            "erreur : la session 1 est déjà ouverte (`session end` la termine ; `session 2` la "
            "termine et ouvre la suivante) ; attendu : un nombre supérieur à 1",
        ),
        (
            ["clock", "set", "day 1 10:00"],
            "error: day 1 10:00 is before the clock's day 2 08:00: the clock never runs "
            "backwards; expected day 2 08:00 or later",
            "erreur : jour 1, 10 h 00 est avant l'heure de l'horloge, jour 2, 8 h 00 : "
            "l'horloge ne recule jamais ; attendu : jour 2, 8 h 00 ou plus tard",
        ),
        (
            ["character", "item-drop", "brynn", "Sword"],
            "error: brynn has no item 'Sword'; items: none",
            "erreur : brynn n'a pas d'objet 'Sword' ; objets : aucun",
        ),
    ],
    ids=["unknown-group", "handle-taken", "casualties-beyond", "session-open", "clock", "item"],
)
def test_a_mistake_at_the_table_is_refused_in_french(store, args, english, french):
    before = _run(store, "history", "--json", lang="en").stdout
    said = _run(store, *args)
    assert said.exit_code == 2, said.output
    assert said.stderr.splitlines()[0] == french
    told = _run(store, *args, lang="en")
    assert told.exit_code == 2, told.output
    assert told.stderr.splitlines()[0] == english
    assert _run(store, "history", "--json", lang="en").stdout == before  # nothing written


@pytest.fixture
def french():
    i18n.use("fr")
    yield
    i18n.use("en")


def test_a_refusal_built_from_pieces_stays_english_inside(french):
    """A restated refusal, a word chosen by its field and a time: each said in French, while
    ``str(error)`` and ``expected`` keep the English a program reads."""
    inner = Refusal(
        N_("{field} cannot be below {lowest}, not {value}"),
        field="hp",
        value=-1,
        expected=N_("{lowest} or more"),
        values={"field": "hp", "lowest": 0, "value": -1},
    )
    outer = Refusal(
        N_("{group}: {reason}"),
        field="hp",
        value=-1,
        values={"group": "goblins", "reason": inner},
        restates=inner,
    )
    assert str(outer) == "goblins: hp cannot be below 0, not -1"
    assert outer.said() == "goblins : hp : jamais moins de 0, pas -1"
    assert outer.expected == "0 or more"
    assert outer.expected_said() == "0 ou plus"
    late = Refusal(
        N_("{earliest} or later"), values={"earliest": Moment(86400 + 8 * 3600)}, field="time"
    )
    assert str(late) == "day 2 08:00 or later"
    assert late.said() == "jour 2, 8 h 00 ou plus tard"


@pytest.mark.parametrize(
    ("ruling", "hp_left", "english", "french"),
    [
        (
            "intact",
            "19",
            "an item ruled intact takes no damage (it has 20; docs/rules.md#d-0)",
            "un objet décidé intact ne subit aucun dégât (il en a 20 ; docs/rules.md#d-0)",
        ),
        ("broken", "0", "0 of 20 hit points left is destroyed", "c'est un objet détruit"),
        ("broken", "11", "broken is at most half the maximum (10;", "au plus la moitié du maximum"),
    ],
)
def test_an_item_s_hit_points_that_contradict_its_ruling_are_refused_in_french(
    tmp_path, ruling, hp_left, english, french
):
    db = tmp_path / "c.db"
    for line in (
        ["session", "1"],
        ["character", "create", "b"],
        ["character", "saves", "b", "--fortitude", "0", "--reflex", "0", "--will", "0"],
        ["character", "item", "b", "S7", "--slot", "shield", "--hardness", "0", "--hp", "20"],
    ):
        assert _run(db, *line, lang="en").exit_code == 0
    save = ["item-save", "b", "S7", "--dc", "30", "--type", "reflex", "--damage", "4"]
    save += ["--roll", "2", "--ruling", ruling, "--hp-left", hp_left]
    said = {lang: _run(db, *save, lang=lang) for lang in ("en", "fr")}
    assert [r.exit_code for r in said.values()] == [2, 2]
    assert english in said["en"].output
    assert french in said["fr"].output and "hit points" not in said["fr"].output
