"""``campaign report`` as one self-contained HTML page (docs/cli.md#report): every style,
script and chart inside it, nothing loaded from anywhere — its Content-Security-Policy allows
no source but the page's own inline style, ``data:`` images and its two scripts, by their
hashes: Chart.js's and the page's own (``report.js``).

The session replay (:mod:`cli.render.report_replay`), the sessions told in the recap's words
(its Markdown, set as HTML here), the charts of ``stats --json`` (:mod:`cli.render.charts`: each
chart's configuration, drawn by ``report.js`` with Chart.js), and in the GM's version the audit's
findings with their citations. The figures of the charts are embedded as data too
(``data-stats``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from contextlib import ExitStack, contextmanager
from functools import partial
from html import escape
from itertools import chain
from pathlib import Path
from tempfile import TemporaryFile, gettempdir
from typing import Any

from campaign.core.errors import ImpossibleInput
from campaign.core.i18n import N_, _, language
from campaign.core.worded import said
from cli.render.charts import LIBRARY, LIBRARY_HASH, charts
from cli.render.report_replay import SCRIPT, SCRIPT_HASH, replay_data, replay_section
from cli.render.words import clock_said

CSP = (
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
    f"script-src '{LIBRARY_HASH}' '{SCRIPT_HASH}'"
)
STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 0 auto; padding: 0 1rem;
       line-height: 1.4; color: #222; }
table { border-collapse: collapse; margin: .5rem 0; }
th, td { border: 1px solid #bbb; padding: .2rem .4rem; text-align: left; vertical-align: top; }
figure { margin: 1rem 0; }
figure .chart { position: relative; height: 20rem; }
.session { border-top: 2px solid #888; margin-top: 2rem; }
.facts dt { font-weight: bold; float: left; clear: left; margin-right: .5rem; }
.version { color: #555; }
#replay .controls { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; }
#replay-slider { flex: 1 1 16rem; }
#replay-line { display: block; margin: .5rem 0 0; white-space: pre-wrap; }
#replay-said { margin: .2rem 0 .5rem; }
#replay tr.changed td { background: #fff3c4; }
@media (max-width: 40rem) {
  body { padding: 0 .5rem; font-size: 15px; }
  #replay caption { text-align: left; }
  #replay td[data-key="items"] { min-width: 14rem; }
  table { display: block; overflow-x: auto; }
  .facts dt { float: none; }
}
@media print {
  nav, #replay { display: none; }
  #charts, .session { break-before: page; }
  .session { border-top: none; }
  figure { break-inside: avoid; }
}
"""


def report_html(report: Any, scratch: Path | None = None) -> Iterator[str]:
    """The page of a report (:class:`campaign.service.results.report.Report`), part by part,
    never held whole: each session (its replay's data and its recap) written as the service
    makes it, to a scratch file in the directory ``scratch`` (the system's when None), since the
    charts above them draw ``stats``' figures, which the same walk gathers; then the page, the
    sessions read back from that file."""
    with ExitStack() as held:
        with _scratch_said(scratch):
            sessions = held.enter_context(TemporaryFile("w+", encoding="utf-8", dir=scratch))
            for session in report.sessions:
                made = replay_data(session, players=report.players) + _session(session)
                sessions.write(made + "\n")
            sessions.seek(0)
        yield from _page(report, iter(partial(sessions.read, 1 << 16), ""))


@contextmanager
def _scratch_said(scratch: Path | None) -> Iterator[None]:
    """The scratch file that cannot be made or written (no room, no such directory): said."""
    try:
        yield
    except OSError as error:
        where = scratch or gettempdir()
        raise ImpossibleInput(
            N_("cannot write the report's sessions to a scratch file in {dir} ({why})"),
            field="output",
            value=str(where),
            expected=N_("a directory with room for the report (for -o -, TMPDIR names it)"),
            values={"dir": where, "why": error.strerror or error},
        ) from None


def _page(report: Any, sessions: Iterator[str]) -> Iterator[str]:
    version = _("the players' version") if report.players else _("the GM's version")
    title = escape(_("Campaign report"))
    yield from (
        "<!DOCTYPE html>\n",
        f'<html lang="{language()}"><head><meta charset="utf-8">\n',
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n',
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
        f"<title>{title}</title><style>{STYLE}</style></head>\n",
        f'<body data-version="{"players" if report.players else "gm"}">\n',
        f'<header><h1>{title}</h1><p class="version">{escape(version)}</p>\n',
        _contents(report) + "\n",
        "</header>\n",
    )
    for part in replay_section(report.sessions.headings, players=report.players):
        yield part + "\n"
    yield from _charts(report)
    yield from sessions
    if report.findings is not None:
        for part in _findings(report.findings):
            yield part + "\n"
    yield f"<script>{LIBRARY}</script>\n<script>{SCRIPT}</script></body></html>\n"


def _contents(report: Any) -> str:
    replay, charts_, audit = _("Replay a session"), _("Charts"), _("The audit")
    items = [
        f'<li><a href="#replay">{escape(replay)}</a></li>',
        f'<li><a href="#charts">{escape(charts_)}</a></li>',
    ]
    for s in report.sessions.headings:
        items.append(f'<li><a href="#session-{s.number}">{_title(s)}</a></li>')
    if report.findings is not None:
        items.append(f'<li><a href="#audit">{escape(audit)}</a></li>')
    return f"<nav><ul>{''.join(items)}</ul></nav>"


def _title(session: Any) -> str:
    title = _("Session {number}").format(number=session.number)
    return escape(title if not session.title else f"{title} — {session.title}")


def _charts(report: Any) -> Iterator[str]:
    """The charts' section, each part a line: its figures as data, then each chart."""
    heading = _("Charts")
    yield f'<section id="charts"><h2>{escape(heading)}</h2>\n'
    yield '<div hidden id="stats" data-stats="'
    yield from _attribute(json.JSONEncoder(ensure_ascii=True).iterencode(report.stats))
    yield '"></div>\n'
    for chart, title, configuration in charts(report.stats, rulings=not report.players):
        said = escape(title)
        yield (
            f'<figure id="chart-{chart}" data-chart="{chart}"><figcaption>{said}</figcaption>'
            f'<div class="chart"><canvas role="img" aria-label="{said}" data-configuration="'
        )
        yield from _attribute(json.JSONEncoder(ensure_ascii=True).iterencode(configuration))
        yield '"></canvas></div></figure>\n'

    yield "</section>\n"


def _attribute(chunks: Iterable[str], size: int = 1 << 16) -> Iterator[str]:
    """``chunks`` escaped for an HTML attribute's value, gathered in parts of about ``size``
    characters: a long campaign's figures are never one string."""
    held: list[str] = []
    length = 0
    for chunk in chunks:
        held.append(chunk)
        length += len(chunk)
        if length >= size:
            yield escape("".join(held), quote=True)
            held, length = [], 0
    yield escape("".join(held), quote=True)


def _session(session: Any) -> str:
    facts = [
        (_("Date"), session.date),
        (_("In-game time at the start"), session.clock_start and clock_said(session.clock_start)),
        (_("In-game time at the end"), session.clock_end and clock_said(session.clock_end)),
    ]
    listed = "".join(
        f"<dt>{name}</dt><dd>{escape(str(value))}</dd>" for name, value in facts if value
    )
    attributes = " ".join(
        f'data-{key}="{escape(str(value or ""))}"'
        for key, value in (
            ("session", session.number), ("date", session.date), ("title", session.title),
            ("clock-start", session.clock_start), ("clock-end", session.clock_end),
        )
    )  # fmt: skip
    return (
        f'<article class="session" id="session-{session.number}" {attributes}>'
        f'<h2>{_title(session)}</h2><dl class="facts">{listed}</dl>'
        f"{''.join(markdown_html(session.lines))}</article>"
    )


def _findings(findings: Iterable[Any]) -> Iterator[str]:
    """The audit's section: its findings written as they are read."""
    heading, none = _("The audit"), _("No findings.")
    yield f'<section id="audit"><h2>{escape(heading)}</h2>'
    findings = iter(findings)
    first = next(findings, None)
    if first is None:
        yield f"<p>{escape(none)}</p></section>"
        return
    findings = chain([first], findings)
    heads = (
        _("Session"), _("Event"), _("Code"), _("Subject"), _("Finding"), _("Rules say"),
        _("Ruled"), _("The GM's note"), _("Rule"),
    )  # fmt: skip
    cells = "".join(f"<th>{escape(head)}</th>" for head in heads)
    yield f"<table><thead><tr>{cells}</tr></thead><tbody>"
    for f in findings:
        rule = f.rule.name if not f.rule.seed else f"{f.rule.seed}: {f.rule.name}"
        cells = (
            f.session,
            f.position,
            f.code,
            f.subject,
            said(f.message),  # in the reader's language (campaign/core/worded.py)
            f.rules_say,
            f.ruled,
            f.note,
            rule,
        )
        cells = tuple(json.dumps(c) if isinstance(c, dict | list) else c for c in cells)
        row = "".join(f"<td>{escape('' if c is None else str(c))}</td>" for c in cells)
        yield f'<tr class="finding" data-code="{escape(f.code)}">{row}</tr>'
    yield "</tbody></table></section>"


# --- the recap's Markdown as HTML ----------------------------------------------------------

_EMPHASIS = re.compile(r"(?<!\\)\*(?!\s)(.+?)(?<!\\)\*")
_ESCAPED = re.compile(r"\\([\\`*_\[\]<>|#])")


def inline(text: str) -> str:
    """A line of the recap: its ``*emphasis*`` set, its escaped characters as typed."""
    marked = _EMPHASIS.sub(lambda m: "\0" + m.group(1) + "\1", text)
    plain = escape(_ESCAPED.sub(r"\1", marked))
    return plain.replace("\0", "<em>").replace("\1", "</em>")


def markdown_html(lines: Iterable[str]) -> Iterator[str]:
    """The recap's Markdown (headings, lists, tables, paragraphs) as HTML."""
    block: str | None = None  # the open element: "ul" or "table"
    for line in lines:
        kind = "ul" if line.startswith("- ") else "table" if line.startswith("|") else None
        if block and kind != block:
            yield "</tbody></table>" if block == "table" else "</ul>"
            block = None
        if kind == "ul":
            if block is None:
                yield "<ul>"
            yield f"<li>{inline(line[2:])}</li>"
        elif kind == "table":
            yield from _table_row(line, block is None)
        elif line.startswith("#"):
            level = min(len(line) - len(line.lstrip("#")), 6)
            yield f"<h{level}>{inline(line.lstrip('#').strip())}</h{level}>"
        elif line.strip():
            yield f"<p>{inline(line)}</p>"
        block = kind
    if block:
        yield "</tbody></table>" if block == "table" else "</ul>"


_CELL = re.compile(r"(?<!\\)\|")


def _table_row(line: str, first: bool) -> Iterator[str]:
    cells = [c.strip() for c in _CELL.split(line.strip())[1:-1]]
    if first:
        yield "<table><thead><tr>" + "".join(f"<th>{inline(c)}</th>" for c in cells)
        yield "</tr></thead><tbody>"
    elif not all(set(c) <= set("-:") for c in cells):
        yield "<tr>" + "".join(f"<td>{inline(c)}</td>" for c in cells) + "</tr>"
