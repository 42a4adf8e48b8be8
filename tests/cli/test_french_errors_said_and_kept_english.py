"""The errors a GM meets most at the table — a word that is no whole number, a handle that is no
slug, a command with no session open, an option given twice — are said in French with
``--lang fr`` (docs/fr.md), while the error itself stays English (``str(error)``): what a
program keeps from it (a ``verify --json`` reason, a log) is the same in both languages."""

import pytest
from typer.testing import CliRunner

from campaign.core import i18n
from campaign.core.errors import DamagedHistory, ImpossibleInput, UnknownSession
from campaign.core.handles import check_handle
from campaign.core.numbers import whole_number
from cli.main import app


def _run(db, *args, lang="fr"):
    return CliRunner().invoke(app, ["--db", str(db), "--lang", lang, *args])


@pytest.fixture
def store(tmp_path):
    db = tmp_path / "c.db"
    assert _run(db, "session", "1").exit_code == 0
    return db


@pytest.mark.parametrize(
    ("args", "french"),
    [
        (
            ["casualty", "ford", "goblins", "three"],
            "erreur : Invalid value for 'n': 'three' n'est pas un nombre entier\n",
        ),
        (
            ["encounter", "start", "Gué"],
            "erreur : 'Gué' n'est pas un identifiant ; essayez 'gue' ; attendu : un "
            "identifiant ASCII : a-z, 0-9 et '-', commençant par une lettre ou un chiffre\n",
        ),
        (
            ["encounter", "start", "ford", "--name", "a", "--name", "b"],
            "erreur : --name est donné deux fois (a et b) ; attendu une seule fois\n",
        ),
    ],
)
def test_errors_at_the_table_are_said_in_french(store, args, french):
    said = _run(store, *args)
    assert said.exit_code == 2, said.output
    assert said.stderr.splitlines()[0] + "\n" == french
    english = _run(store, *args, lang="en")
    assert english.stderr.startswith("error: ") and "attendu" not in english.stderr


def test_no_session_open_in_french(tmp_path):
    said = _run(tmp_path / "c.db", "encounter", "start", "ford")
    assert said.exit_code == 2, said.output
    assert said.stderr == (
        "erreur : aucune session n'est ouverte : ouvrez-en une d'abord avec "
        "`campaign session N` ; attendu : une session ouverte\n"
    )


@pytest.fixture
def french():
    i18n.use("fr")
    yield
    i18n.use("en")


def test_an_error_raised_in_french_stays_english_inside(french):
    with pytest.raises(ImpossibleInput) as number:
        whole_number("three", field="count")
    with pytest.raises(ImpossibleInput) as handle:
        check_handle("Gué")
    assert str(number.value) == "'three' is not a whole number"
    assert number.value.said() == "'three' n'est pas un nombre entier"
    assert number.value.expected == "a whole number of at most 18 digits"
    assert number.value.expected_said() == "un nombre entier d'au plus 18 chiffres"
    assert str(handle.value) == "'Gué' is not a handle; try 'gue'"
    assert handle.value.said() == "'Gué' n'est pas un identifiant ; essayez 'gue'"
    session = UnknownSession(9, [])
    assert str(session) == "session 9 is not in this history; sessions: none"
    assert session.said() == "la session 9 n'est pas dans cet historique ; sessions : aucune"
    damaged = DamagedHistory.out_of_place(7, 5)
    assert str(damaged).startswith("the store's history is damaged: position 7 follows")
    assert damaged.said().startswith(
        "l'historique de la base est endommagé : la position 7 suit la position 4 : la 5 manque"
    )


def test_a_reworded_error_is_said_as_it_now_stands(french):
    with pytest.raises(ImpossibleInput) as raised:
        whole_number("x", field="CAMPAIGN_SEED", signed=True)
    raised.value.message = f"CAMPAIGN_SEED={raised.value.message}"
    assert raised.value.said() == "CAMPAIGN_SEED='x' is not a whole number"
