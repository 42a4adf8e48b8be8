"""The refusals of the rules, the store and the CLI are said in French with ``--lang fr``
(docs/fr.md), in the seeds' words (DD, 2d6, défaut), with the same exit code as in English —
2 for bad input, 1 for a store failure — while the English screen and ``str(error)`` stay as
they were: what a program keeps from an error is the same in both languages."""

import pytest
from typer.testing import CliRunner

from campaign.core import i18n
from campaign.core.errors import DamagedHistory, ImpossibleInput, aggregate_named
from campaign.rules.dice import TWO_D6, parse_roll
from campaign.store.errors import StoreBusy, StoreError
from cli.main import app

CASES = [
    (
        ["rules", "morale", "--morale", "8", "--roll", "13"],
        2,
        "error: --roll: '13' is not a 2d6 roll: 2d6 totals 2–12; expected 2 faces 1–6 such as "
        "3,5, or a total 2–12",
        "erreur : --roll : '13' n'est pas un jet de 2d6 : 2d6 totalise de 2 à 12 ; attendu : 2 "
        "faces de 1 à 6 comme 3,5, ou un total de 2 à 12",
    ),
    (
        ["rules", "save", "--dc", "-1", "--bonus", "2", "--roll", "2"],
        2,
        "error: --dc: a DC cannot be below 0, not -1; expected 0 or more",
        "erreur : --dc : un DD ne peut pas être inférieur à 0, pas -1 ; attendu : 0 ou plus",
    ),
    (
        ["rules", "trait", "phobia-mlid"],
        2,
        "error: KEY: unknown trait 'phobia-mlid'; did you mean phobia-mild, phobia-disabling? "
        "(`campaign rules traits` lists them all); expected a trait key such as phobia-mild, "
        "phobia_mild or the French slug phobie-legere",
        "erreur : KEY : trait inconnu 'phobia-mlid' ; vouliez-vous dire phobia-mild, "
        "phobia-disabling ? (`campaign rules traits` les liste tous) ; attendu : une clé de "
        "trait comme phobia-mild, phobia_mild ou le nom français phobie-legere",
    ),
    (
        ["--db", "mysql://h/db", "status"],
        2,
        "error: --db: 'mysql://h/db' is not a store; expected a SQLite path or URL, or "
        "postgresql+psycopg://user:***@host/db",
        "erreur : --db : 'mysql://h/db' n'est pas une base ; attendu : un chemin ou une URL "
        "SQLite, ou postgresql+psycopg://user:***@host/db",
    ),
    (
        ["--db", "{tmp}/none.db", "status"],
        1,
        "error: no campaign store at {tmp}/none.db: create one with `campaign init`, or "
        "`campaign replay FILE…` (or point --db / CAMPAIGN_DB at an existing store)",
        "erreur : aucune base de campagne à {tmp}/none.db : créez-en une avec `campaign init`, "
        "ou `campaign replay FILE…` (ou faites pointer --db / CAMPAIGN_DB vers une base "
        "existante)",
    ),
    (
        ["--db", "{tmp}/c.db", "session", "0"],
        2,
        "error: '0' is not a session number; expected a whole number ≥ 1, or end",
        "erreur : '0' n'est pas un numéro de session ; attendu : un nombre entier ≥ 1, ou end",
    ),
    (
        ["--db", "{tmp}/c.db", "replay", "--dry-run", "{tmp}/bad.log"],
        2,
        'error: {tmp}/bad.log:2: unclosed " quote at column 6; expected a closing " (a quote '
        "may span lines: the rest was read as quoted)",
        'erreur : {tmp}/bad.log:2: guillemet " non fermé à la colonne 6 ; attendu : un " '
        "fermant (des guillemets peuvent couvrir plusieurs lignes : la suite a été lue entre "
        "guillemets)",
    ),
]


NAMES = ["2d6 of 13", "DC below 0", "unknown trait", "no store URL", "no store", "session 0",
         "quote left open"]  # fmt: skip


@pytest.mark.parametrize(("args", "code", "english", "french"), CASES, ids=NAMES)
def test_a_refusal_is_said_in_french_and_the_english_is_unchanged(
    tmp_path, args, code, english, french
):
    (tmp_path / "bad.log").write_text('session 1\nnote "open\n', encoding="utf-8")
    args = [arg.replace("{tmp}", str(tmp_path)) for arg in args]
    for lang, expected in (("en", english), ("fr", french)):
        said = CliRunner().invoke(app, ["--lang", lang, *args])
        assert said.exit_code == code, said.output
        assert said.stderr == expected.replace("{tmp}", str(tmp_path)) + "\n"


@pytest.fixture
def french():
    i18n.use("fr")
    yield
    i18n.use("en")


def test_a_roll_refused_in_french_stays_english_inside(french):
    with pytest.raises(ImpossibleInput) as refused:
        parse_roll("3,9", TWO_D6)
    error = refused.value
    assert str(error) == (
        "'3,9' is not a 2d6 roll: a d6 shows 1–6, not 9; expected 2 faces 1–6 such as 3,5, or a "
        "total 2–12"
    )
    assert error.expected == "2 faces 1–6 such as 3,5, or a total 2–12"
    assert error.said() == (
        "'3,9' n'est pas un jet de 2d6 : un d6 montre 1–6, pas 9 ; attendu : 2 faces de 1 à 6 "
        "comme 3,5, ou un total de 2 à 12"
    )
    assert error.expected_said() == "2 faces de 1 à 6 comme 3,5, ou un total de 2 à 12"


def test_a_store_failure_is_said_in_french_with_what_to_do(french):
    busy = StoreBusy("c.db", 2.0)
    assert str(busy).startswith("the store c.db is busy: another command (a replay?) has held")
    assert busy.said() == (
        "la base c.db est occupée : une autre commande (un rejeu ?) tient son verrou d'écriture "
        "depuis plus de 2 s ; rien n'a été enregistré — réessayez quand elle aura fini "
        "(CAMPAIGN_LOCK_TIMEOUT fixe combien de secondes attendre)"
    )
    failed = StoreError(
        "cannot open the store {store}: {error}",
        {"store": "c.db", "error": "attempt to write a readonly database"},
    )
    assert str(failed).startswith(
        "cannot open the store c.db: attempt to write a readonly database — every command writes"
    )
    assert failed.said().startswith(
        "impossible d'ouvrir la base c.db : attempt to write a readonly database — chaque "
        "commande écrit dans une base"
    )
    damaged = DamagedHistory(*_where("aggregates.encounter", "ford"))
    assert "the encounter ford's stored events go from version 2 to 4" in str(damaged)
    assert "les événements enregistrés de la rencontre ford passent de la version 2" in (
        damaged.said()
    )


def _where(module, handle):
    words = "{named}'s stored events go from version {before} to {version} (the event at "
    words += "position {position})"
    named = aggregate_named(module, handle)
    return words, "", {"named": named, "before": 2, "version": 4, "position": 9}
