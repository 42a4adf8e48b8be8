"""A command line Click refuses (a missing argument or option, an unknown option, an extra
argument, an unknown command) is said as every other error is: one ``error:`` line naming what
was wrong, then at most one ``usage: campaign …`` line, exit 2, and nothing written — never
Typer's "Usage: … Try '… --help'" lines and boxed panel (docs/cli.md#exit-codes). In ``campaign
shell`` the same error is one ``error:`` line, and the console goes on."""

import typer
from typer.testing import CliRunner

from cli.main import app

ROOT = typer.main.get_command(app)


def _paths(group, prefix=(), ctx=None):
    """Every command and group under ``group``, as Click resolves them."""
    names = group.list_commands(ctx)
    for name in names:
        command = group.get_command(ctx, name)
        path = (*prefix, name)
        yield path, command
        if hasattr(command, "list_commands"):
            yield from _paths(command, path, typer.Context(command))


PATHS = list(_paths(ROOT, ctx=typer.Context(ROOT)))


def _refused(tmp_path, *words):
    """Run ``campaign --db FILE WORDS…``; check it was refused in the one style, with nothing
    written; return the ``error:`` line and the ``usage:`` line (or None)."""
    db = tmp_path / "c.db"
    result = CliRunner().invoke(app, ["--db", str(db), *words])
    shown = (words, result.stdout, result.stderr)
    assert result.exit_code == 2, shown
    lines = result.stderr.splitlines()
    assert 1 <= len(lines) <= 2, shown
    assert lines[0].startswith("error: ") and len(lines[0]) > len("error: "), shown
    assert not any(mark in result.stderr for mark in ("Usage:", "Try '", "╭", "│")), shown
    if len(lines) == 2:
        assert lines[1].startswith("usage: campaign "), shown
    assert result.stdout == "", shown
    assert not db.exists(), shown  # nothing written: not even an empty store
    return lines[0], lines[1] if len(lines) == 2 else None


def _arguments(command):
    return [p for p in command.params if p.param_type_name == "argument"]


def _required_options(command):
    return [p for p in command.params if p.param_type_name == "option" and p.required]


def test_every_command_is_walked():
    paths = [path for path, _ in PATHS]
    assert ("morale",) in paths and ("company", "hire") in paths and ("rules", "trait") in paths
    assert len([p for p, c in PATHS if not hasattr(c, "list_commands")]) > 50


def test_an_unknown_option_to_any_command(tmp_path):
    for path, _ in PATHS:
        error, usage = _refused(tmp_path, *path, "--no-such-option")
        assert error.startswith("error: No such option: --no-such-option"), path
        assert usage is not None and usage.startswith(f"usage: campaign {' '.join(path)}"), path


def test_a_missing_argument_or_option_to_any_command(tmp_path):
    checked = 0
    for path, command in PATHS:
        if hasattr(command, "list_commands") or not (
            [p for p in _arguments(command) if p.required] or _required_options(command)
        ):
            continue
        error, usage = _refused(tmp_path, *path)
        assert "Missing argument" in error or "Missing option" in error, (path, error)
        # the usage names the command's arguments and required options
        assert usage is not None and usage.startswith(f"usage: campaign {' '.join(path)}")
        for option in _required_options(command):
            assert f" {option.opts[0]} " in f"{usage} ", (path, usage)
        checked += 1
    assert checked > 40


def test_an_extra_argument_to_any_command(tmp_path):
    checked = 0
    for path, command in PATHS:
        arguments = _arguments(command)
        if hasattr(command, "list_commands") or any(a.nargs < 0 for a in arguments):
            continue
        words = [*path, *("1" for a in arguments for _ in range(a.nargs))]
        for option in _required_options(command):
            words += [option.opts[0], *("1" for _ in range(option.nargs))]
        error, _ = _refused(tmp_path, *words, "extra-word")
        # a value "1" an option's type refuses is said first, as Click reads the values first
        assert "extra-word" in error or "Invalid value" in error, (path, error)
        checked += 1
    assert checked > 40


def test_the_usage_line_names_arguments_and_required_options(tmp_path):
    error, usage = _refused(tmp_path, "adjust", "ford")
    assert error == "error: Missing argument 'handle'."
    assert usage == "usage: campaign adjust ENCOUNTER HANDLE VALUE --reason REASON"
    _, usage = _refused(tmp_path, "session")
    assert usage == "usage: campaign session N|end"


def test_groups_and_the_root(tmp_path):
    error, usage = _refused(tmp_path, "no-such-command")
    assert (error, usage) == (
        "error: No such command 'no-such-command'.",
        "usage: campaign COMMAND …",
    )
    error, usage = _refused(tmp_path, "company")
    assert error.startswith("error: a subcommand is missing: one of hire, modifier")
    assert usage == "usage: campaign company COMMAND …"
    error, _ = _refused(tmp_path, "company", "fire")
    assert error == "error: No such command 'fire'. Did you mean 'hire'?"
    error, usage = _refused(tmp_path, "--gm", "ann", "--gm", "bob", "status")
    assert error == "error: --gm is given twice (ann and bob); expected it once"
    assert usage == "usage: campaign COMMAND …"
    error, _ = _refused(tmp_path, "export", "--format", "pdf")
    assert "'pdf' is not one of 'log', 'jsonl', 'markdown'" in error


def test_a_password_in_a_refused_word_is_not_echoed(tmp_path):
    error, _ = _refused(tmp_path, "postgresql+psycopg://gm:s3cret@host/db")
    assert "s3cret" not in error and "***" in error


def test_in_the_shell_each_refusal_is_one_error_line(tmp_path):
    script = "morale\nmorale e1 g1 --bogus\ncompany\nrules\nnote a b\n"
    result = CliRunner().invoke(app, ["--db", str(tmp_path / "c.db"), "shell"], input=script)
    assert result.exit_code == 2
    errors = result.stderr.splitlines()
    assert errors == [
        "error: stdin:1: morale: Missing argument 'encounter'.",
        "error: stdin:2: morale e1 g1 --bogus: No such option: --bogus",
        "error: stdin:3: company: a subcommand is missing: one of hire, modifier, recover, "
        "reinforce, dismiss",
        "error: stdin:5: note a b: Got unexpected extra argument(s) (b)",
    ], result.stderr  # `rules` alone shows the calculator's help, as `campaign rules` does
    assert "Commands" in result.stdout
