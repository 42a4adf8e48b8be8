"""`campaign shell`: Tab completes the handles the store knows, where a handle goes.

Given a store with an encounter and its groups, a company, a character with items and traits,
when readline asks the shell's completer (the word at the cursor, then 0, 1, 2, … until None),
then it answers the encounters, the groups of the encounter typed before, the companies, the
characters, the items of the character typed before, trait keys in English and French and a
flaw's details after ``KEY:`` — each whole word with a trailing space, as a shell completes.
"""

import os
from pathlib import Path

import pytest
import typer

from campaign.service.opening import StoreSettings, open_ledger
from cli.main import app
from cli.shell import Completer, known_handles

SETUP = [
    ["session", "1"],
    ["encounter", "start", "ford", "--name", "Ambush at the ford"],
    ["encounter", "group", "ford", "goblins", "--count", "12", "--morale", "7"],
    ["encounter", "group", "ford", "gnolls", "--count", "3", "--morale", "8"],
    ["encounter", "start", "tower"],
    ["encounter", "group", "tower", "cultists", "--count", "5", "--morale", "9"],
    ["company", "hire", "red-lances", "--troop", "trained", "--size", "20", "--name", "Red Lances"],
    ["encounter", "join", "ford", "red-lances"],
    ["character", "create", "brynn", "--name", "Brynn", "--flaw", "phobie-legere:spiders",
     "--flaw", "phobia-mild:rats", "--flaw", "greed", "--advantage", "nerfs-d-acier"],
    ["character", "create", "bob"],
    ["character", "item", "brynn", "Tower shield", "--slot", "shield", "--hardness", "5",
     "--hp", "20"],
    ["character", "item", "brynn", "Ring", "--slot", "jewelry"],
    ["character", "item", "bob", "Torch", "--slot", "held"],
]  # fmt: skip


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    from typer.testing import CliRunner

    db = str(tmp_path_factory.mktemp("handles") / "campaign.db")
    runner = CliRunner()
    for words in SETUP:
        result = runner.invoke(app, ["--db", db, *words])
        assert result.exit_code == 0, (words, result.output)
    return db


@pytest.fixture(scope="module")
def root():
    return typer.main.get_command(app).make_context("campaign", ["shell"])


@pytest.fixture
def tab(store, root):
    """Tab pressed at the end of ``line``: what readline is told, answer after answer."""
    with open_ledger(StoreSettings(db=store), create=False) as ledger:
        typed = [""]
        completer = Completer(root, known=lambda: known_handles(ledger), line=lambda: typed[0])

        def press(line: str) -> list[str]:
            typed[0] = line
            text = "" if not line or line.endswith(" ") else line.split(" ")[-1]
            said = []
            while (word := completer(text, len(said))) is not None:
                said.append(word)
            return said

        yield press


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # commands and subcommands, with a trailing space
        ("enc", ["encounter "]),
        ("encounter s", ["start "]),
        ("casualty ford goblins 1 --ca", ["--cause "]),
        # encounters, where one goes
        ("encounter end ", ["ford ", "tower "]),
        ("casualty t", ["tower "]),
        ("morale F", ["ford "]),  # handles are case-insensitive
        # the groups of the encounter typed before (a joined company is one of them)
        ("casualty ford ", ["gnolls ", "goblins ", "red-lances "]),
        ("adjust ford go", ["goblins "]),
        ("morale tower ", ["cultists "]),
        ("casualty nowhere ", []),
        ("casualty ford goblins ", []),  # a number goes there
        ("adjust ford goblins -1 --reason ", []),  # free text
        # companies, characters
        ("company dismiss ", ["red-lances "]),
        ("encounter join ford r", ["red-lances "]),
        ("loyalty ", ["bob ", "brynn "]),
        ("character create cedric --retainer-of b", ["bob ", "brynn "]),
        ("company hire ", []),  # a new handle
        # the items of the character typed before, quoted when they hold a space
        ("item-save brynn ", ['"Tower shield" ', "Ring "]),
        ("item-save bob ", ["Torch "]),
        ("character item-drop brynn to", ['"Tower shield" ']),
        ('character item-drop brynn "To', ['"Tower shield" ']),
        ("save brynn --vs fire --item ", ['"Tower shield" ', "Ring "]),
        # the flaws the character has, in English and French, and their details after KEY:
        ("trait brynn ", ["cupidite ", "greed ", "phobia-mild ", "phobie-legere "]),
        ("trait brynn ph", ["phobia-mild ", "phobie-legere "]),
        ("trait brynn phobia-mild:", ["phobia-mild:rats ", "phobia-mild:spiders "]),
        ("trait brynn phobie-legere:s", ["phobie-legere:spiders "]),
        ("condition end brynn phobia-mild:r", ["phobia-mild:rats "]),
        ("trait bob ", []),
        # the catalogue's trait keys, in English and French
        ("character create cedric --flaw phobie-l", ["phobie-legere "]),
        ("character trait bob --advantage nerf", ["nerfs-d-acier "]),
        ("character create cedric --flaw amnesia:ch", ["amnesia:childhood "]),
        ("rules trait vert", ["vertige ", "vertigo "]),
        # history --subject: encounters, groups in their encounter, companies, characters
        ("history --subject ford", ["ford ", "ford/gnolls ", "ford/goblins ", "ford/red-lances "]),
        ("history --subject b", ["bob ", "brynn "]),
        # modifiers E G | H …: encounters, companies, characters; after an encounter, its groups
        ("modifiers ", ["bob ", "brynn ", "ford ", "red-lances ", "tower "]),
        ("modifiers ford g", ["gnolls ", "goblins "]),
        ("modifiers ford goblins b", ["bob ", "brynn "]),
    ],
)
def test_tab_completes_the_handles_the_store_knows(tab, line, expected):
    assert tab(line) == sorted(expected)


def test_a_command_recorded_in_the_shell_is_completed_at_the_next_tab(root, tmp_path):
    from typer.testing import CliRunner

    db = str(tmp_path / "campaign.db")
    assert CliRunner().invoke(app, ["--db", db, "session", "1"]).exit_code == 0
    with open_ledger(StoreSettings(db=db), create=True) as ledger:
        typed = ["encounter end "]
        completer = Completer(root, known=lambda: known_handles(ledger), line=lambda: typed[0])
        assert completer("", 0) is None  # no encounter yet
        assert CliRunner().invoke(app, ["--db", db, "encounter", "start", "hall"]).exit_code == 0
        assert completer("", 0) is None  # asked once until the shell runs a command
        completer.forget()  # the shell has run one
        assert completer("", 0) == "hall "
        if Path("/proc/self/fd").is_dir():  # asked at the prompt: no file of it held open after
            held = {os.path.realpath(f"/proc/self/fd/{fd}") for fd in os.listdir("/proc/self/fd")}
            assert not any(path.startswith(db) for path in held)


def test_an_empty_store_completes_no_handle_and_is_not_made_a_campaign(root, tmp_path):
    db = tmp_path / "campaign.db"
    with open_ledger(StoreSettings(db=str(db)), create=True, keep_empty=False) as ledger:
        completer = Completer(root, known=lambda: known_handles(ledger), line=lambda: "loyalty ")
        assert completer("", 0) is None
    assert not db.exists()  # left with nothing recorded, the store the shell made goes
