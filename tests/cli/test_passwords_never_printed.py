"""No message prints a PostgreSQL password (docs/RELIABILITY.md#security-at-rest). A URL bearing
one goes to every error path that needs no server — an option given twice, a URL parameter, port
or fragment the store refuses, a URL typed where a command or an argument goes, a line of the
shell, a server that does not answer — and nothing the command writes holds it; the one function
that hides it hides it in any text (a driver's message may quote a URL or a libpq setting)."""

import socket

import pytest

from campaign.core.passwords import hide_passwords
from campaign.service.failures import store_failed

PASSWORD = "Pw-9f3kQz"
URL = f"postgresql+psycopg://gm:{PASSWORD}@db.example/camp"
SHOWN = "postgresql+psycopg://gm:***@db.example"


@pytest.fixture
def closed_port():
    """A port on 127.0.0.1 that nothing listens on (bound here, never listening: refused)."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        yield held.getsockname()[1]


@pytest.mark.parametrize(
    "args",
    [
        ("--db", URL, "--db", "x.db", "status"),
        ("--db", "x.db", "--db", URL, "status"),
        (f"--db={URL}", f"--db={URL}", "status"),
        ("--db", f"{URL}?foo=bar", "status"),
        ("--db", f"{URL}?schema=pg_mine", "status"),
        ("--db", f"{URL}#there", "status"),
        ("--db", URL.replace("db.example/", "db.example:99999/"), "status"),
        ("--db", URL.replace("db.example/", "db.example:abc/"), "status"),
        ("--db", f"postgresql+psycopg://gm@db.example/camp?password={PASSWORD}", "status"),
        (URL, "status"),  # --db forgotten: the URL read as a command's name
        ("status", URL),  # … or as an argument a command does not take
        ("--db", "x.db", "projections", "status", URL),
    ],
)
def test_a_refused_url_or_word_never_echoes_the_password(campaign, tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    result = campaign(*args)
    assert result.exit_code == 2, result.output
    assert PASSWORD not in result.output and "Traceback" not in result.output
    assert "gm:***@" in result.output or "password=***" in result.output, result.output


def test_a_shell_line_never_echoes_the_password(campaign, tmp_path):
    lines = f"status {URL}\nstatus --db {URL}\n"
    result = campaign("--db", str(tmp_path / "x.db"), "shell", input=lines)
    assert result.exit_code == 2, result.output
    assert PASSWORD not in result.output and f"{SHOWN}/camp" in result.output


@pytest.mark.parametrize("command", [("status",), ("note", "hi"), ("init",), ("verify",)])
def test_a_server_that_does_not_answer_is_named_without_the_password(
    campaign, closed_port, command
):
    url = f"postgresql+psycopg://gm:{PASSWORD}@127.0.0.1:{closed_port}/camp"
    result = campaign("--db", url, *command)
    assert result.exit_code == 1, result.output
    assert PASSWORD not in result.output and "Traceback" not in result.output
    assert f"gm:***@127.0.0.1:{closed_port}/camp" in result.output


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (URL, f"{SHOWN}/camp"),
        (f"'{URL}' and x.db", f"'{SHOWN}/camp' and x.db"),
        (f"postgresql://gm:{PASSWORD}@x@db.example:5x/camp", "postgresql://gm:***@db.example:5x/camp"),
        (f"connecting to {URL}?schema=s: refused", f"connecting to {SHOWN}/camp?schema=s: refused"),
        (f"host=h password={PASSWORD} dbname=camp", "host=h password=*** dbname=camp"),
        (f"password='{PASSWORD} x' host=h", "password=*** host=h"),
        (f"'postgresql://h/db?password={PASSWORD}': no", "'postgresql://h/db?password=***': no"),
        (f"sslpassword={PASSWORD}&schema=s", "sslpassword=***&schema=s"),
        (f"/tmp/postgresql:/gm:{PASSWORD}@h/camp", "/tmp/postgresql:/gm:***@h/camp"),  # a path
        # nothing else changes
        ("postgresql+psycopg://gm@db.example:5432/camp", None),
        ("the store ./campaign.db failed: database is locked", None),
        ("note for ann@example.org: the password is in the safe", None),
        ("verify --expect 12:ab34", None),
    ],
)  # fmt: skip
def test_the_password_is_hidden_in_any_text(text, shown):
    assert hide_passwords(text) == (text if shown is None else shown)


def test_a_driver_message_quoting_the_password_is_said_without_it():
    import psycopg

    said = store_failed(psycopg.OperationalError(f"bad conninfo: password={PASSWORD} host=h"))
    assert said == "the store failed: bad conninfo: password=*** host=h"
