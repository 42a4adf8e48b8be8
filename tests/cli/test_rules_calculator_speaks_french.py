"""Given a French GM, when they ask the rules calculator (``campaign --lang fr rules …``), then
each calculator's answer — its title, the names of its numbers, its verdict, its table — is
French, the seed's sentence stands without its English digest, and ``--json`` is the same in
both languages (docs/cli.md#the-rules-calculator, docs/fr.md)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from cli.main import app

SCREEN = {"COLUMNS": "200", "NO_COLOR": "1"}
# Each calculator: its call, words its French answer says, words its English answer says that
# the French one must not.
CALLS = [
    (("morale", "--morale", "7", "--adjust", "-1", "--roll", "3,5"),
     ("Test de moral", "ajustement", "les règles disent flee"),
     ("Morale test", "adjustment", "the rules say", "Roll 2d6: at most")),
    (("morale", "--morale", "2"), ("Pas de test",), ("No test",)),
    (("morale", "--morale", "7"), ("Un test s'applique", "donnez --roll"), ("A test applies",)),
    (("company-morale", "--troop", "trained", "--mounted", "--modifier", "+1"),
     ("Moral des mercenaires", "Guerriers entraînés 8 + Montés +1 = 9", "conditions de travail",
      "groupe de monstres"),
     ("Mercenary morale", "Trained warriors", "working conditions", "monster group")),
    (("loyalty", "--cha", "16", "--roll", "4,6", "--hiring-roll", "5,6"),
     ("Loyauté du suivant", "réaction à l'embauche", "les règles disent stay"),
     ("Retainer loyalty", "hiring reaction", "the rules say")),
    (("loyalty", "--cha", "10"), ("inconnue", "donnez --roll"), ("not known", "give --roll")),
    (("ability-mod", "--score", "9"), ("Modificateur de caractéristique",),
     ("Ability modifier", "gives a modifier")),
    (("base-save", "--class", "wizard", "--level", "5"),
     ("Jets de sauvegarde de base", "Vigueur +1", "Volonté +4", "niveau 5"),
     ("Base saves", "Fortitude", "level 5", "(good)")),
    (("dc", "--class", "wizard", "--ability-score", "18", "--spell-level", "3"),
     ("DD du jet de sauvegarde", "DD = 10 + 3 + (+4) = 17", "niveau du sort"),
     ("Save DC", "spell level", "DC = 10")),
    (("save", "--bonus", "1", "--dc", "17", "--roll", "1", "--effect", "half", "--damage", "24"),
     ("Jet de sauvegarde", "Le jet de sauvegarde échoue (1 naturel)", "objet exposé"),
     ("Saving throw", "The save fails", "natural 1", "exposed item")),
    (("save", "--bonus", "1", "--dc", "17"), ("donnez --roll",), ("A roll is needed",)),
    (("save", "--bonus", "1", "--dc", "17", "--voluntary-fail", "--damage", "5"),
     ("échec volontaire",), ("voluntary failure", "No roll")),
    (("item-candidates", "--item", "Tower:shield", "--item", "Ring:jewelry:magic",
      "--item", "Bag:other:unattended"),
     ("Objets exposés par un 1 naturel", "rang 1", "sans porteur", "Choisir au hasard parmi 2"),
     ("Items exposed", "rank 1", "unattended", "Choose uniformly")),
    (("item-candidates",), ("Aucun objet exposé",), ("No exposed item",)),
    (("item-save", "--magic", "--caster-level", "5", "--bearer-bonus", "1"),
     ("Jet de sauvegarde d'objet", "niveau de lanceur de sorts 5", "bonus du porteur"),
     ("Item save", "caster level", "bearer's bonus", "It saves with")),
    (("item-save", "--unattended"), ("Pas de jet de sauvegarde",), ("No save",)),
    (("object-damage", "--damage", "24", "--energy", "--hardness", "5", "--hp", "20"),
     ("Dégâts à un objet", "moins la solidité 5", "13 points de résistance restants, endommagé"),
     ("Object damage", "hardness", "hit points left", "damaged")),
    (("traits", "--kind", "flaw"),
     ("Défauts et avantages de D6Harmonie", "nom français", "déclencheurs", "défaut"),
     ("flaws and advantages", "French name", "triggers", "flaw ")),
    (("budget", "--flaw", "phobia-mild", "--advantage", "nerves-of-steel"),
     ("Budget de création D6Harmonie", "points de défauts", "Dans le budget"),
     ("creation budget", "flaw points", "Within budget")),
    (("budget", "--advantage", "lucky", "--advantage", "rich", "--advantage", "ally",
      "--advantage", "natural-charisma"),
     ("Budget dépassé (avantages au-delà de 20)",), ("Over budget",)),
    (("trait", "phobia-mild", "--result", "6"),
     ("résultat", "points d'échec", "6 < 9 : raté de 3"),
     ("failure points", "failed by")),
    (("trait", "phobia-mild", "--result", "10"), ("10 ≥ 9 : succès",), (": success",)),
    (("trait", "phobia-mild", "--critical"), ("Échec critique ; donnez --result",),
     ("Critical failure",)),
    (("trait", "phobia-mild"), ("Donnez --result pour juger",), ("Give --result",)),
    # the amounts given, named in French (their values are the GM's, as typed)
    (("trait", "dependency-toxic", "--hours", "30"), ("heures 30",), ("hours 30",)),
]  # fmt: skip


def _run(*args: str) -> str:
    result = CliRunner().invoke(app, list(args), env=SCREEN)
    assert result.exit_code == 0, (args, result.output)
    return result.stdout


IDS = [" ".join(call) for call, _french, _english in CALLS]


@pytest.mark.parametrize(("call", "french", "english"), CALLS, ids=IDS)
def test_each_calculator_answers_in_french(call, french, english):
    said = " ".join(_run("--lang", "fr", "rules", *call).split())
    for words in french:
        assert words in said, words
    for words in english:
        assert words not in said, words
    told = " ".join(_run("--lang", "en", "rules", *call).split())
    for words in english:
        assert words in told, words


@pytest.mark.parametrize("call", [call for call, _french, _english in CALLS], ids=IDS)
def test_the_json_is_the_same_in_both_languages(call):
    english = _run("--lang", "en", "rules", *call, "--json")
    assert _run("--lang", "fr", "rules", *call, "--json") == english
