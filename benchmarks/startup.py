"""B3, start-up: a command's wall time as a process, against importing what it cannot do
without. Typer coerces any parameter value through pydantic, so a live command's floor imports
pydantic too; a second floor, the smallest Typer command with one option, shows what Typer's
coercion costs beyond ``import pydantic`` (which pydantic defers)."""

from __future__ import annotations

from collections.abc import Callable

from benchmarks.harness import Harness
from benchmarks.measure import CAMPAIGN, PYTHON, Row, medians, run


def b3(h: Harness) -> list[Row]:
    """B3, start-up: `--version`, `--help` and a live `note`, each a process."""
    k = h.sizes.startup_repeats
    typer_only = [PYTHON, "-c", "import typer"]
    floor = [PYTHON, "-c", "import typer, pydantic, sqlite3, eventsourcing.application"]
    typer_floor = [PYTHON, "-c", TYPER_COMMAND]
    version, help_ = [CAMPAIGN, "--version"], [CAMPAIGN, "--help"]
    for cmd in (typer_only, floor, typer_floor, version, help_):
        run(cmd, h.env)  # warm: bytecode written, files in the page cache
    h.note()

    def proc(cmd: list[str]) -> Callable[[], float]:
        return lambda: run(cmd, h.env)

    t_version, t_help, t_typer = medians(k, proc(version), proc(help_), proc(typer_only))
    t_note, t_floor, t_typer_floor = medians(k, h.note, proc(floor), proc(typer_floor))
    h.live_note = t_note
    note_what = "`campaign --db X note …` (open session, 1-file history)"
    return [
        Row("B3 start-up", "`campaign --version`", t_version, t_typer, "s", 1.5,
            "`python -c 'import typer'`"),
        Row("B3 start-up", "`campaign --help`", t_help, t_typer, "s", 3.0,
            "`python -c 'import typer'`"),
        Row("B3 start-up", note_what, t_note, t_floor, "s", 1.5,
            "`import typer, pydantic, sqlite3, eventsourcing.application`"),
        Row("B3 floor", "a one-option Typer command run (its value coerced), with sqlite3 and "
            "eventsourcing.application imported", t_typer_floor, t_floor, "s", None,
            "`import typer, pydantic, sqlite3, eventsourcing.application`"),
    ]  # fmt: skip


# the smallest Typer command that coerces a value, as every live command's options are
TYPER_COMMAND = (
    "import sqlite3, typer, eventsourcing.application\n"
    "app = typer.Typer()\n"
    "@app.command()\n"
    "def note(text: str, gm: str = ''): pass\n"
    "app(['hello'], standalone_mode=False)"
)
