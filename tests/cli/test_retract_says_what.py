"""Given several GMs on one store, when one retracts, then the tracker says whose command it
withdrew and which, as its log line (docs/log-language.md#retract: `retract last` live withdraws the
store's most recent command, any GM's). "retracted the command at event:5" alone would not tell a
GM whose `retract last` raced another's casualty that the other's was taken."""

from typer.testing import CliRunner

from cli.main import app


def run(url: str, gm: str, *words: str) -> str:
    result = CliRunner().invoke(app, ["--db", url, "--gm", gm, *words])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_a_retraction_says_whose_command_it_withdrew_and_which(store_url):
    run(store_url, "ann", "session", "1")  # positions: 1 the campaign, 2 the session
    run(store_url, "ann", "encounter", "start", "e1")  # 3
    run(store_url, "ann", "encounter", "group", "e1", "orcs", "--count", "5", "--morale", "7")
    run(store_url, "ann", "casualty", "e1", "orcs", "1", "--cause", "a volley")  # 5, 6: due
    said = run(store_url, "bob", "retract", "last")
    assert said.strip() == (
        'retracted ann\'s command at event:5: casualty e1 orcs 1 --cause "a volley"'
    )
    said = run(store_url, "bob", "retract", "last")  # the group, by ann too
    assert said.strip() == (
        "retracted ann's command at event:4: encounter group e1 orcs --count 5 --morale 7"
    )
