"""The tracker speaks French or English (docs/fr.md): ``--lang fr|en``, else ``CAMPAIGN_LANG``,
else the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English. ``--lang`` is read
before any help is drawn, wherever it stands among the root's options; the commands built for
one language are never shown in the other (one process, a test's second invocation); a
language the tracker does not speak is refused, exit 2, nothing written; ``campaign shell``
keeps the language it started with."""

import pytest
from typer.testing import CliRunner

from cli.main import app

NO_LOCALE = {"CAMPAIGN_LANG": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}
FR_ROOT = "Campaign Ledger : un registre de campagne"
EN_ROOT = "Campaign Ledger: an event-sourced campaign tracker"


def _run(*args, input=None, **env):
    return CliRunner().invoke(app, list(args), input=input, env={**NO_LOCALE, **env})


def test_lang_fr_gives_the_root_help_in_french():
    shown = _run("--lang", "fr", "--help")
    assert shown.exit_code == 0, shown.output
    assert FR_ROOT in shown.stdout
    assert "Un test de moral." in shown.stdout  # the command table's summary of `morale`
    assert "Un jet de sauvegarde." in shown.stdout
    assert "A morale test." not in shown.stdout


def test_lang_is_read_before_the_help_wherever_it_stands():
    assert FR_ROOT in _run("--help", "--lang", "fr").stdout
    assert FR_ROOT in _run("--lang=fr", "--help").stdout


@pytest.mark.parametrize(
    ("env", "french"),
    [
        ({}, False),
        ({"LANG": "fr_FR.UTF-8"}, True),
        ({"LANG": "de_DE.UTF-8"}, False),
        ({"LANG": "C"}, False),
        ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "fr_CA.UTF-8"}, True),
        ({"LANG": "fr_FR.UTF-8", "LC_ALL": "en_GB.UTF-8"}, False),
        ({"LANG": "en_US.UTF-8", "CAMPAIGN_LANG": "fr"}, True),
        ({"LANG": "fr_FR.UTF-8", "CAMPAIGN_LANG": "en"}, False),
    ],
)
def test_the_environment_chooses_in_the_usual_order(env, french):
    shown = _run("--help", **env)
    assert shown.exit_code == 0, shown.output
    assert (FR_ROOT in shown.stdout) is french
    assert (EN_ROOT in shown.stdout) is not french


def test_lang_beats_the_environment():
    assert EN_ROOT in _run("--lang", "en", "--help", CAMPAIGN_LANG="fr").stdout
    assert FR_ROOT in _run("--lang", "fr", "--help", LANG="en_US.UTF-8").stdout


def test_one_process_switches_language_and_back():
    """The command table is built once per language: French, English, French again."""
    for lang, said, unsaid in [
        ("fr", "Rien que la session N.", "Only session N."),
        ("en", "Only session N.", "Rien que la session N."),
        ("fr", "Rien que la session N.", "Only session N."),
    ]:
        shown = _run("--lang", lang, "audit", "--help")
        assert shown.exit_code == 0, shown.output
        assert said in shown.stdout and unsaid not in shown.stdout, (lang, shown.stdout)


def test_every_command_and_option_help_is_french(every_command):
    """Each help text of every command and option, as `--lang fr` builds it, is the French
    catalogue's (cli/language.py: the same texts Babel extracts)."""
    from campaign.core import i18n
    from cli.language import every_help

    french = i18n.catalogue("fr")
    untranslated = [
        (where, text)
        for where, text in every_help()
        if text and french.gettext(text) == text and not _same_in_french(text)
    ]
    assert untranslated == []


def _same_in_french(text):
    """A help that is a list of the log language's own words, or a word French shares, reads
    the same in French."""
    return text == "Minutes." or text.startswith(("30s, 10min", "militia, barb", "shield, arm"))


@pytest.fixture
def every_command():
    yield
    from campaign.core import i18n

    i18n.use("en")


@pytest.mark.parametrize("value", ["de", "", "french", "fr_FR"])
def test_a_language_not_spoken_is_refused(tmp_path, value):
    db = tmp_path / "c.db"
    shown = _run("--db", str(db), "--lang", value, "init")
    assert shown.exit_code == 2, shown.output
    assert shown.stderr == (
        f"error: --lang: {value!r} is not a language the tracker speaks; expected fr or en\n"
    )
    assert shown.stdout == "" and not db.exists()


def test_campaign_lang_not_spoken_is_refused(tmp_path):
    db = tmp_path / "c.db"
    shown = _run("--db", str(db), "init", CAMPAIGN_LANG="klingon")
    assert shown.exit_code == 2, shown.output
    assert "error: CAMPAIGN_LANG: 'klingon' is not a language" in shown.stderr
    assert not db.exists()


def test_the_shell_keeps_its_language(tmp_path):
    db = str(tmp_path / "c.db")
    script = "help\naudit --help\n--lang en\nhelp\n"
    shown = _run("--db", db, "--lang", "fr", "shell", input=script, CAMPAIGN_LANG="en")
    assert shown.exit_code == 2, shown.output  # the line `--lang en` was refused
    assert shown.stdout.count("Un test de moral.") == 2  # `help`, before and after
    assert "Rien que la session N." in shown.stdout
    assert "A morale test." not in shown.stdout
    assert "--lang est donné au démarrage du shell" in shown.stderr


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_completing_a_word_never_refuses_the_language(lang):
    """Tab completion reads the line as Click's resilient parsing does: a --lang not spoken
    (yet half typed) is no error there, and the commands are offered."""
    completing = {"_CAMPAIGN_COMPLETE": "complete_bash", "COMP_CWORD": "3"}
    words = f"campaign --lang {lang} sta"
    shown = CliRunner().invoke(
        app, [], prog_name="campaign", env={**NO_LOCALE, **completing, "COMP_WORDS": words}
    )
    assert shown.exit_code == 0, shown.output
    assert shown.stdout == "status\nstats\n" and shown.stderr == ""
