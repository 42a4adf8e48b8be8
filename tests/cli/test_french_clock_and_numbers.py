"""The in-game clock and numbers as a French GM reads them (docs/fr.md): ``jour 6, 14 h 00``,
``39 041``; in English as before (``day 6 14:00``, ``39,041``); a log line, an export and
``--json`` keep the log language's words whatever the language."""

import pytest
from typer.testing import CliRunner

from campaign.core import i18n
from campaign.core.clock import format_moment, moment_said
from cli.main import app

SIX_TWO_PM = 5 * 86400 + 14 * 3600
EIGHT_AND_THIRTY_SECONDS = 2 * 86400 + 8 * 3600 + 30


@pytest.fixture
def french():
    i18n.use("fr")
    yield
    i18n.use("en")


@pytest.mark.parametrize(
    ("seconds", "exact", "said"),
    [
        (SIX_TWO_PM, False, "jour 6, 14 h 00"),
        (0, False, "jour 1, 0 h 00"),
        (EIGHT_AND_THIRTY_SECONDS, True, "jour 3, 8 h 00 min 30 s"),
        (EIGHT_AND_THIRTY_SECONDS, False, "jour 3, 8 h 00"),
        (3 * 86400 + 9 * 3600 + 5 * 60, True, "jour 4, 9 h 05"),
    ],
)
def test_a_moment_in_french(french, seconds, exact, said):
    assert moment_said(seconds, exact=exact) == said
    assert format_moment(seconds, exact=exact).startswith("day ")  # the log's words stay


def test_a_moment_in_english_is_the_log_language_s():
    assert moment_said(SIX_TWO_PM) == "day 6 14:00"
    assert moment_said(EIGHT_AND_THIRTY_SECONDS, exact=True) == "day 3 08:00:30"


@pytest.mark.parametrize(("n", "said"), [(7, "7"), (1000, "1\u202f000"), (39041, "39\u202f041")])
def test_a_number_in_french(french, n, said):
    assert i18n.number_said(n) == said


def test_a_number_in_english():
    assert i18n.number_said(39041) == "39,041"


def test_the_clock_s_answer_in_both_languages(tmp_path):
    db = str(tmp_path / "c.db")
    runner = CliRunner()
    assert runner.invoke(app, ["--db", db, "session", "1"]).exit_code == 0
    said = runner.invoke(app, ["--db", db, "--lang", "fr", "clock", "set", "day 6 14:00"])
    assert said.exit_code == 0, said.output
    assert said.stdout == "horloge : jour 6, 14 h 00\n"
    said = runner.invoke(app, ["--db", db, "--lang", "en", "clock", "advance", "30s"])
    assert said.stdout == "clock: day 6 14:00:30\n"
    log = runner.invoke(app, ["--db", db, "--lang", "fr", "export", "--format", "log"])
    assert 'clock set "day 6 14:00"' in log.stdout  # the log language is the same
