"""The docs say what the CLI does: every logging command and option in the log language, every
JSON key of the reading commands, every environment variable; their links lead somewhere; and
they tell what is true now, with no commit hashes (history goes in git log and CHANGELOG.md)."""

import json
import re
import unicodedata
from pathlib import Path

import pytest
import typer

from cli.main import COMMANDS, app
from tests.paths import GOLDEN, ROOT

DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted(DOCS.glob("*.md"))]
LOG_LANGUAGE = DOCS / "log-language.md"
JSON_PAGE = DOCS / "json.md"

# a word of 7–40 hex digits with a digit and a letter in it: how a commit is named
COMMIT = re.compile(r"\b(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def _text(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def anchor(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to `-`."""
    text = unicodedata.normalize("NFC", heading.strip().lower())
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    found: set[str] = set()
    fenced = False
    for line in _text(page).splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (heading := re.match(r"#{1,6} (.*)", line)):
            found.add(anchor(heading.group(1)))
    return found


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_no_commit_hashes(page):
    assert COMMIT.findall(_text(page)) == []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_link_leads_to_a_page_and_a_heading_that_exist(page):
    for target in LINK.findall(_text(page)):
        if re.match(r"[a-z]+:", target):
            continue  # another site
        path, _, fragment = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        assert linked.exists(), f"{page.name}: {target}"
        if fragment and linked.suffix == ".md":
            assert fragment in anchors(linked), f"{page.name}: {target}"


def test_the_decisions_keep_their_anchors():
    assert {f"d-{n}" for n in range(11)} <= anchors(DOCS / "rules.md")


def _leaves(command, path):
    subcommands = getattr(command, "commands", None)
    if subcommands:
        for name, sub in subcommands.items():
            yield from _leaves(sub, [*path, name])
    else:
        options = [o for p in command.params if p.param_type_name == "option" for o in p.opts]
        yield " ".join(path), [o for o in options if o not in ("--help", "--note")]


def _logging_commands():
    root = typer.main.get_command(app)
    for name, (module, _) in COMMANDS.items():
        if module.startswith("cli.logging"):
            yield from _leaves(root.get_command(None, name), [name])


def test_every_logging_command_and_option_is_in_the_log_language():
    text = _text(LOG_LANGUAGE)
    assert "Every logging command takes `--note T`" in text
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    for path, options in _logging_commands():
        mine = [row for row in rows if re.match(rf"\| `{re.escape(path)}[ `]", row)]
        assert mine, f"no row for `{path}`"
        for option in options:
            assert any(option in row for row in mine), f"`{path}`: {option}"


# keyed by the game's own names: scores, locations, outcomes, audit codes
FREE = ("stats", "hp_lost", "inputs", "score_changes", "data", "outcomes", "codes")


def _keys(value, found: set[str]) -> set[str]:
    if isinstance(value, dict):
        for key, inner in value.items():
            found.add(key)
            if key not in FREE:
                _keys(inner, found)
    elif isinstance(value, list):
        for inner in value:
            _keys(inner, found)
    return found


def _documented(keys: set[str]) -> list[str]:
    """The keys json.md does not name in code: `key`, `list[].key`, `.key` (after another)."""
    named: set[str] = set()
    prose = re.sub(r"^```.*?^```", "", _text(JSON_PAGE), flags=re.S | re.M)  # no examples
    for span in re.findall(r"`([^`\n]+)`", prose):
        if re.fullmatch(r"\.?[a-z_]+(\[\])?(\.[a-z_]+(\[\])?)*", span):
            named |= set(re.findall(r"[a-z_]+", span))
    return sorted(keys - named)


def test_every_json_key_of_status_and_audit_is_documented():
    for golden in ("example-status.json", "example-audit.json"):
        keys = _keys(json.loads((GOLDEN / golden).read_text(encoding="utf-8")), set())
        assert _documented(keys) == [], golden


def test_every_json_key_of_the_other_reading_commands_is_documented(in_store):
    log = ROOT / "examples" / "campaign" / "01-swords-for-hire.log"
    in_store("replay", str(log))
    keys: set[str] = set()
    for command in (
        ("history", "--json"),
        ("modifiers", "--json"),
        ("handles", "--json"),
        ("verify", "--json"),
        ("projections", "status", "--json"),
        ("audit", "--explain", "SAV004", "--json"),
        ("stats", "--json"),
    ):
        _keys(json.loads(in_store(*command)), keys)
    for line in in_store("export", "--format", "jsonl", "--session", "1").splitlines():
        keys |= set(json.loads(line))  # `data` is the event's own state, not a key of ours
    assert _documented(keys) == []


def test_every_environment_variable_the_code_reads_is_in_the_cli_page():
    read = set()
    for source in [*(ROOT / "cli").rglob("*.py"), *(ROOT / "campaign").rglob("*.py")]:
        text = _text(source)
        read |= set(re.findall(r"""environ(?:\.get)?[\[(]["'](CAMPAIGN_[A-Z_]+)""", text))
        read |= set(re.findall(r"""envvar=["'](CAMPAIGN_[A-Z_]+)""", text))
    assert read >= {"CAMPAIGN_DB", "CAMPAIGN_GM", "CAMPAIGN_KEY", "CAMPAIGN_SEED"}
    page = _text(DOCS / "cli.md")
    assert sorted(v for v in read if f"`{v}`" not in page) == []
