"""The root of the ``campaign`` command: global options, the command table, error mapping.

Command modules are imported only when their command runs (or its help is shown): `campaign
--version` imports Typer and nothing else, a logging command never imports Rich or SQLAlchemy
(docs/PERFORMANCE.md, start-up). Each module registers its commands with ``register(app)``;
:data:`COMMANDS` says which module holds which command, and its one-line summary for the root's
``--help``.
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from typing import Annotated, Any, ClassVar

import typer
from typer.core import TyperCommand

from campaign import __version__
from campaign.core import i18n
from campaign.core.errors import CampaignError, ImpossibleInput
from campaign.core.i18n import N_, _
from cli import language, parsing

# command → (module, summary), in the order `campaign --help` lists them (a summary is said in
# the invocation's language where it is shown)
COMMANDS: dict[str, tuple[str, str]] = {
    "init": ("cli.reading", N_("Create the store (idempotent).")),
    "session": ("cli.logging.sessions", N_("Open session N, or `session end`.")),
    "clock": ("cli.logging.sessions", N_("The in-game clock: advance or set.")),
    "setting": ("cli.logging.sessions", N_("Change a campaign setting.")),
    "note": ("cli.logging.sessions", N_("A free-text note in the history.")),
    "retract": ("cli.logging.sessions", N_("Withdraw a whole earlier command.")),
    "company": ("cli.logging.companies", N_("Mercenary companies: hire, modifier, recover, …")),
    "character": ("cli.logging.characters", N_("Characters and retainers: create, trait, item, …")),
    "condition": ("cli.logging.characters", N_("End a condition a flaw started.")),
    "encounter": ("cli.logging.encounters", N_("Encounters: start, end, group, rating, join.")),
    "casualty": ("cli.logging.encounters", N_("N killed or incapacitated in a group.")),
    "adjust": ("cli.logging.encounters", N_("A situational morale adjustment.")),
    "morale": ("cli.logging.encounters", N_("A morale test.")),
    "loyalty": ("cli.logging.rolls", N_("A retainer's loyalty test.")),
    "save": ("cli.logging.rolls", N_("A saving throw.")),
    "item-save": ("cli.logging.rolls", N_("The exposed item's own save.")),
    "trait": ("cli.logging.rolls", N_("A D6Harmonie flaw triggered.")),
    "replay": ("cli.replay", N_("Record session logs: whole files, sessions once.")),
    "status": ("cli.reading", N_("Encounters, companies and characters now (or --as-of).")),
    "history": ("cli.reading", N_("One line per event, the rules beside the ruling.")),
    "modifiers": ("cli.reading", N_("The morale modifiers of a group, company or character.")),
    "handles": ("cli.handles", N_("Every handle the store knows, by kind, with its name.")),
    "audit": ("cli.audit", N_("Findings where rulings depart from the rules.")),
    "stats": ("cli.stats", N_("The campaign's figures per session, with their trends.")),
    "report": ("cli.report", N_("The campaign as one HTML page: sessions, charts, audit.")),
    "export": ("cli.export", N_("The history as a log, JSON lines or a recap.")),
    "import": ("cli.export", N_("Load a JSON-lines export into an empty store.")),
    "verify": ("cli.verify", N_("Check the hash chain: name the first edited position.")),
    "projections": ("cli.reading", N_("The read models: rebuild, status, run, drop.")),
    "shell": ("cli.shell", N_("An interactive console: one process for a whole evening.")),
    "key": ("cli.keys", N_("Encryption at rest: generate a key.")),
    "rules": ("cli.rules", N_("The rules calculator: what the rules say.")),
}


class CampaignGroup(parsing.Group):
    """Loads command modules on demand, and maps every domain error to its exit code and a
    one-line message: never a traceback."""

    # (language, command name) → its Click command, built once (its helps in that language)
    _built: ClassVar[dict[tuple[str, str], Any]] = {}
    _listing = False  # drawing the root's --help: summaries suffice, nothing is imported

    @property
    def commands(self) -> dict[str, Any]:  # type: ignore[override]
        """Every command, loaded (Click's own mapping; help and dispatch load only one)."""
        return {name: self.get_command(None, name) for name in COMMANDS}  # type: ignore[arg-type]

    @commands.setter
    def commands(self, _: dict[str, Any]) -> None:
        pass  # every command comes from COMMANDS

    def list_commands(self, ctx: typer.Context) -> list[str]:  # type: ignore[override]
        return list(COMMANDS)

    def get_command(self, ctx: typer.Context, name: str) -> Any:  # type: ignore[override]
        if name not in COMMANDS:
            return None
        if self._listing:
            summary = _(COMMANDS[name][1])
            return TyperCommand(name=name, help=summary, short_help=summary)
        return self.built(name)

    @classmethod
    def built(cls, name: str) -> Any:
        """The Click command ``name``, built once per language."""
        key = (i18n.language(), name)
        if key not in cls._built:
            holder = typer.Typer()
            holder.callback()(lambda: None)  # always a group, even for a one-command module
            importlib.import_module(COMMANDS[name][0]).register(holder)
            parsing.read_as_campaign(holder)  # signed values, options once, errors worded
            # Build this command only: Click params for a module's other commands cost start-up.
            kept = (None, name)  # a command or group without a name: kept, to be safe
            holder.registered_commands = [c for c in holder.registered_commands if c.name in kept]
            holder.registered_groups = [g for g in holder.registered_groups if g.name in kept]
            command = typer.main.get_command(holder).commands.get(name)  # type: ignore[attr-defined]
            if command is not None and key[0] != "en":
                language.in_language(command)
            cls._built[key] = command
        return cls._built[key]

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:  # type: ignore[override]
        _choose_language(self, ctx, args)  # before any help is built or error said
        # the root's options too: `campaign --db a --db b status` is refused
        try:
            return parsing.parse(self, ctx, args, interspersed=False, click=super().parse_args)
        except Exception as error:
            if not parsing.said_by_click(error) or ctx.resilient_parsing:
                raise
            from cli.output import usage_error

            raise usage_error(error) from None

    def format_help(self, ctx: typer.Context, formatter: Any) -> None:  # type: ignore[override]
        CampaignGroup._listing = True
        try:
            with language.speaking(self, ctx):
                super().format_help(ctx, formatter)
        finally:
            CampaignGroup._listing = False

    def invoke(self, ctx: typer.Context):  # type: ignore[override]
        try:
            return super().invoke(ctx)
        except ImpossibleInput as error:
            from cli.output import ExitStatus, describe, fail

            raise fail(describe(error), ExitStatus.BAD_INPUT) from None
        except CampaignError as error:
            from cli.output import ExitStatus, fail

            raise fail(error.said(), ExitStatus(error.exit_code)) from None
        except Exception as error:
            if parsing.said_by_click(error):  # Click's usage error, said as ours are
                from cli.output import usage_error  # (a URL's password hidden, as they hide it)

                raise usage_error(error) from None
            # the library refusing a stored event its aggregate cannot take (a version that
            # does not follow, from rows altered behind the tracker's back) wherever no command
            # said so: a damaged history, exit 1, pointing at `campaign verify`
            # and any database error no command said: the store failed, exit 1, one line
            from campaign.service.failures import failure_said

            said = failure_said(error, _store_named(ctx))
            if said is None:
                raise
            from cli.output import ExitStatus, fail

            raise fail(said, ExitStatus.STORE_FAILURE) from None


def _choose_language(group: CampaignGroup, ctx: typer.Context, args: list[str]) -> None:
    """Speak the language asked for (campaign/core/i18n.py): ``--lang``, read from the words
    before Click reads them — before ``--help``, wherever it stands — else the environment.
    An unknown language is refused in English, exit 2."""
    i18n.use("en")
    try:
        given = parsing.read_words(group, ctx, list(args), interspersed=False).typed.get("lang")
    except Exception:  # an option given twice: Click's parse, next, says so
        given = None
    try:
        i18n.use(i18n.chosen(given, os.environ))
    except ImpossibleInput as error:
        if ctx.resilient_parsing:  # completing a word: no error, English
            return
        from cli.output import ExitStatus, describe, fail

        raise fail(describe(error), ExitStatus.BAD_INPUT) from None


def _store_named(ctx: typer.Context) -> str:
    """The store of this invocation, as errors name it (password hidden); "" if none reads."""
    from campaign.service.opening import store_named
    from cli.state import state

    try:
        return store_named(state(ctx).db)
    except Exception:  # an error about the URL itself was said where it was read
        return ""


app = typer.Typer(
    name="campaign",
    cls=CampaignGroup,
    help="Campaign Ledger: an event-sourced campaign tracker for tabletop game masters.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=True,
)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"campaign-ledger {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    ctx: typer.Context,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            envvar="CAMPAIGN_DB",
            help="The store: a SQLite path (default ./campaign.db) or "
            "postgresql+psycopg://user:password@host/db.",
        ),
    ] = None,
    gm: Annotated[
        str | None,
        typer.Option("--gm", envvar="CAMPAIGN_GM", help="Who is recording (kept on every event)."),
    ] = None,
    verbose: Annotated[bool, typer.Option("--verbose", help="Say more.")] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            is_eager=True,
            help="The language the tracker speaks: fr or en (else CAMPAIGN_LANG, else the "
            "locale, else en). Logs, --json and exports are the same in both.",
        ),
    ] = None,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_show_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """Log what happens at the table; derive morale, saves and flaws from the history."""
    from cli.state import CliState

    ctx.obj = CliState(db=db, gm=None if gm is None else recording_gm(gm), verbose=verbose)
    _started()


def _any_terminal() -> None:
    """A terminal that is not UTF-8 (a Latin-1 locale, a cp1252 console) shows what it cannot
    draw (``—``, ``’``, the tables' rules) as ``?``, not a UnicodeEncodeError traceback. JSON
    and exports are ASCII-escaped or written as UTF-8 bytes, so this changes none of them."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if encoding != "utf8" and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")


def recording_gm(name: str) -> str | None:
    """``--gm`` / ``CAMPAIGN_GM`` as every event keeps it: trimmed, a blank one is nobody (as
    none given); one line of UTF-8 text (a name typed on a Latin-1 terminal reaches Python as
    lone surrogates, which the hash chain could not encode: a traceback)."""
    name = name.strip()
    if not name:
        return None
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        words, expected = N_("{shown} is not UTF-8 text"), N_("UTF-8 text (set a UTF-8 locale)")
    else:
        if name.isprintable():
            return name
        words = N_("{shown} holds a control character")
        expected = N_("a name on one line, without tabs")
    shown = repr(name)  # escapes the surrogates and control characters
    error = ImpossibleInput(
        words, field="gm", value=shown, expected=expected, values={"shown": shown}
    )
    error.option = "--gm"
    raise error


def _started() -> None:
    """Start-up is over (the command and its modules are imported): collect garbage again.

    ``main`` turns the cyclic collector off while the process starts, which makes only objects
    that live as long as it does (modules, classes, functions, the Click command); collecting
    then just walked them over and over. They are moved to the permanent generation
    (``gc.freeze``), so no later collection — nor the one at exit — walks them again, and the
    command runs with the collector on. Once only: in ``campaign shell`` and under a test's
    ``CliRunner`` the collector is already on, and nothing is frozen. (docs/ARCHITECTURE.md)
    """
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def main() -> None:
    """Console-script entry point: start-up runs without the cyclic collector (``_started``)."""
    gc.disable()
    _any_terminal()
    try:
        app()
    finally:
        _started()
