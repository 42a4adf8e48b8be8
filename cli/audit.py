"""``campaign audit`` (docs/audit.md): the findings on the GM's rulings, and ``--explain CODE``.

Thin: parse → the service's ``queries.audit`` → :func:`cli.output.emit` (JSON on stdout, or the
Rich report below). ``--strict`` exits 3 when a warning stands, pending ones
included, so a league can gate on it; an unknown code is an input error (exit 2) listing them.
"""

from __future__ import annotations

import re
from dataclasses import asdict
from typing import Annotated, Any

import typer
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from campaign.core import i18n
from campaign.core.i18n import _, ngettext
from campaign.core.worded import said
from campaign.service import catalogue
from campaign.service.catalogue import PENDING, WARNING, check_code
from campaign.service.results import Explanation
from cli.output import ExitStatus, emit
from cli.render import Handle, plain, printable
from cli.state import open_ledger

CODE_STYLE = {WARNING: "bold yellow", "info": "cyan"}


def register(app: typer.Typer) -> None:
    app.command("audit")(audit)


def audit(
    ctx: typer.Context,
    session: Annotated[int | None, typer.Option("--session", help="Only session N.")] = None,
    code: Annotated[
        str | None, typer.Option("--code", metavar="CODE", help="Only one code: MOR001…GEN002.")
    ] = None,
    explain: Annotated[
        str | None,
        typer.Option(
            "--explain",
            metavar="CODE",
            help="Explain a code: its rule (the French source and the English digest) and "
            "an example. Needs no store.",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON (stable keys) instead of tables.")
    ] = False,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help="Exit 3 when any warning stands, pending ones included (among the findings "
            "asked for: --session and --code narrow it).",
        ),
    ] = False,
) -> None:
    """The audit of the GM's rulings: every ruling the rules would have answered otherwise,
    every check missed, every retraction and note.

    Example: campaign audit --session 12 --strict
    """
    if explain is not None:
        listed = catalogue.explain(explain)
        emit(asdict(listed), as_json=as_json, render=lambda console: show_entry(console, listed))
        return
    wanted = None if code is None else check_code(code)
    with open_ledger(ctx, create=False) as ledger:
        findings = [asdict(f) for f in ledger.queries.audit(session=session, code=wanted)]
    scope = " ".join(
        f"{option} {value}" for option, value in (("--session", session), ("--code", wanted))
        if value is not None
    )  # fmt: skip
    emit(
        {"findings": findings},
        as_json=as_json,
        render=lambda c: c.print(report(findings, scope)),
    )
    if strict and any(f["severity"] == WARNING for f in findings):
        raise typer.Exit(int(ExitStatus.FINDINGS))


# --- the report ---------------------------------------------------------------------------------


def _heading(subject: str) -> str:
    """What a finding is grouped under: its encounter, character or company (``ford``)."""
    return subject.split("/", 1)[0]


def _rules_cell(finding: dict[str, Any]) -> str:
    rules_say = finding["rules_say"]
    if isinstance(rules_say, list) and len(rules_say) > 1 and finding["code"] == "SAV004":
        return _("one of {choices}").format(choices=plain(rules_say))
    if finding["code"] in ("TRT002", "TRT003"):
        return f"≤ {rules_say}"
    return plain(rules_say) or "—"


def _verdict(finding: dict[str, Any]) -> Text:
    """``flee → fight``: the rules' answer beside the ruling (the ruling in bold for a warning)."""
    rules_say, ruled = finding["rules_say"], finding["ruled"]
    if rules_say is None:
        return Text(plain(ruled) or "—", style="dim")
    if finding["code"] == "TRT005" and rules_say == ruled:
        # the outcome stands and its consequences were ruled (the message says which): the audit
        # keeps outcome words in rules_say/ruled (docs/audit.md#rules_say-and-ruled), and
        # `failure → failure` read as no ruling
        text = Text(plain(ruled), style="green")
        text.append(" " + _("(consequences ruled)"), style="bold yellow")
        return text
    text = Text(_rules_cell(finding), style="green")
    text.append(" → ", style="dim")
    shown = plain(ruled) or _("none")
    text.append(shown, style="bold yellow" if finding["severity"] == WARNING else "")
    return text


def _rule(finding: dict[str, Any]) -> Text:
    """The rule a finding stands on (seed file and rule name: docs/audit.md#the-codes), under its
    message: the seed by its number (``seed 001``: ``--json`` and ``--explain CODE`` name the
    whole file)."""
    rule = finding["rule"]
    if not rule["seed"]:
        return Text(rule["name"], style="dim")
    seed = rule["seed"].split("_", 1)[0]
    return Text(_("{name} (seed {seed})").format(name=rule["name"], seed=seed), style="dim")


def _finding_cell(finding: dict[str, Any]) -> Text:
    """The finding's message in the reader's language, its rule under it."""
    return Text(printable(said(finding["message"]))) + Text("\n") + _rule(finding)


def _code_cell(finding: dict[str, Any]) -> Text:
    text = Text(finding["code"], style=CODE_STYLE.get(finding["severity"], ""))
    if finding["status"] == PENDING:
        text.append(" " + _("pending"), style="magenta")
    return text


def summary(findings: list[dict[str, Any]]) -> Text:
    warnings = [f for f in findings if f["severity"] == WARNING]
    pending = sum(f["status"] == PENDING for f in warnings)
    found = ngettext("{n} finding", "{n} findings", len(findings)).format(n=len(findings))
    text = Text(_("{counted}: ").format(counted=found), style="bold")
    warned = ngettext("{n} warning", "{n} warnings", len(warnings)).format(n=len(warnings))
    text.append(warned, style="bold yellow")
    if pending:
        waiting = ngettext("{n} pending", "{n} pending", pending).format(n=pending)
        text.append(f" ({waiting})", style="magenta")
    info = len(findings) - len(warnings)
    text.append(_(", {n} info").format(n=info), style="cyan")
    return text


def report(findings: list[dict[str, Any]], scope: str = "") -> RenderableType:
    """Grouped by session, then by encounter or subject; one line per finding, the rules'
    answer beside the ruling. ``scope``: the filters asked for (``--session 2 --code LOY001``),
    which an empty answer names — it says nothing of the rest of the campaign."""
    if not findings and scope:
        said_none = _("No findings for {scope} (`campaign audit` lists them all).")
        return Text(said_none.format(scope=scope), style="green")
    if not findings:
        return Text(_("No findings: every ruling agrees with the rules."), style="green")
    sessions: dict[Any, list[dict[str, Any]]] = {}
    for finding in map(printable, findings):  # a note recorded before control characters
        sessions.setdefault(finding["session"], []).append(finding)  # were refused: escaped
    parts: list[RenderableType] = [summary(findings)]
    for session, found in sessions.items():
        parts += [Text(""), _Session(session, found)]
    return Group(*parts)


AUDIT_WIDTH = 80  # the table's six columns need this many; narrower, a block per finding


class _Session:
    """A session's findings: a table, or on a terminal too narrow for one, a block of lines per
    finding — the table's columns were cut to a few letters there, the GM's note word by word, and
    GEN002 is there so that an auditor reads every stated reason (docs/audit.md#the-codes)."""

    def __init__(self, session: Any, found: list[dict[str, Any]]) -> None:
        self.session, self.found = session, found

    def __rich_console__(self, console: Any, options: Any) -> Any:
        if options.max_width >= AUDIT_WIDTH:
            yield _table(self.session, self.found)
            return
        yield Text(_title(self.session), style="bold")
        for finding in self.found:
            head = Text(f"#{finding['position']} ", style="dim")
            head.append(_code_cell(finding))
            head.append(f"  {finding['subject']}")
            yield Handle(head)
            yield Text("  ") + Text(printable(said(finding["message"])))
            yield Text("  " + _("rule: "), style="dim") + _rule(finding)
            if finding["rules_say"] is not None or finding["ruled"] is not None:
                yield Text("  ") + _verdict(finding)
            if finding["note"]:
                note = Text("  " + _("note: "), style="dim")
                yield note + Text(finding["note"], style="italic")


def _title(session: Any) -> str:
    if session is None:
        return _("Before any session")
    return _("Session {number}").format(number=session)


def _table(session: Any, found: list[dict[str, Any]]) -> Table:
    """The findings of one session as a table, grouped by encounter or subject."""
    title = _title(session)
    table = Table(
        title=Text(title, style="bold"),
        title_justify="left",
        header_style="bold",
        expand=True,
    )
    notes = any(finding["note"] for finding in found)
    table.add_column("#", justify="right", style="dim", no_wrap=True)
    table.add_column(_("Code"), no_wrap=True)
    # the subject whole, broken after a slash or hyphen where it must (two groups of one
    # encounter differ at the end of their handles: cut to 20 letters, `greywater-ford/red-…`
    # named neither); the heading goes in this column too, so that a long encounter handle
    # breaks there rather than widening the unwrapped Code column off a narrow terminal
    table.add_column(_("Subject"), ratio=2, min_width=12)
    # a word wider than its column folds, never "first-dea…"
    table.add_column(_("Finding"), ratio=3, min_width=20, overflow="fold")
    table.add_column(_("Rules say → ruled"), ratio=2, min_width=12, overflow="fold")
    if notes:
        table.add_column(_("Note"), style="italic", ratio=2, min_width=12, overflow="fold")
    groups: dict[str, list[dict[str, Any]]] = {}
    for finding in found:
        groups.setdefault(_heading(finding["subject"]), []).append(finding)
    for index, (heading, listed) in enumerate(groups.items()):
        table.add_row("", "", Handle(heading, style="bold cyan"), end_section=False)
        for row, finding in enumerate(listed):
            cells: list[RenderableType] = [
                str(finding["position"]),
                _code_cell(finding),
                Handle(finding["subject"]),
                _finding_cell(finding),
                Handle(_verdict(finding)),  # `at-creation →` over `after-creation`
            ]
            if notes:
                cells.append(finding["note"] or "")
            last = row == len(listed) - 1 and index < len(groups) - 1
            table.add_row(*cells, end_section=last)
    return table


COMMENT = re.compile(r"(\s#\s+)(.+)$", re.MULTILINE)  # a log line's comment: `   # 6 < 9`

# --- --explain ---------------------------------------------------------------------------------


def show_entry(console: Console, entry: Explanation) -> None:
    """A code explained in the invocation's language; in French, its rule is the seed's own
    sentence, without the English digest beside it."""
    body = Table.grid()
    body.add_row(Text(_(entry.title), style="bold"))
    body.add_row(Text(""))
    body.add_row(Text(_(entry.trigger)))
    body.add_row(Text(""))
    rule = entry.rule
    if rule["seed"] is None:  # a rule of the tracker's own
        said = _("Rule: {name} — the tracker's own, no seed").format(name=rule["name"])
        body.add_row(Text(said, style="cyan"))
    else:
        said = _("Rule: {name} — seeds/{seed}").format(name=rule["name"], seed=rule["seed"])
        body.add_row(Text(said, style="cyan"))
        body.add_row(Text(f"« {rule['text_fr']} »", style="italic"))
        if i18n.language() == "en":
            body.add_row(Text(rule["digest"], style="dim"))
    body.add_row(Text(""))
    body.add_row(Text(_(entry.explanation)))
    body.add_row(Text(""))
    body.add_row(Text(_("Example:"), style="bold"))
    body.add_row(Text(_commented(entry.example), style="green"))
    style = CODE_STYLE.get(entry.severity, "")
    title = Text(entry.code, style=style) + Text(f" — {_(entry.severity)}")
    console.print(Panel(body, title=title, title_align="left", expand=False))


def _commented(example: str) -> str:
    """An example's log lines as they are written, their comments in the reader's language."""
    return COMMENT.sub(lambda found: found[1] + _(found[2]), example)
