"""The audit catalogue's examples (campaign/audit/catalogue.py): the session-log lines several
share, and the words of their comments.

An example is log lines, the same in every language; its comments (after ``#``) are words for
the reader, which ``audit --explain`` says in the reader's language (cli/audit.py). Each is here
once, for the message catalogue (docs/translating.md); a comment of numbers only (``6 < 9``)
needs none.
"""

from __future__ import annotations

from campaign.core.i18n import N_

SETUP_GOBLINS = "encounter start ford\nencounter group ford goblins --count 12 --morale 7\n"
SETUP_BRYNN = (
    "character create brynn --flaw phobie-legere:spiders\n"
    "character saves brynn --fortitude 4 --reflex 1 --will 2\n"
    'character item brynn "Tower shield" --slot shield --hardness 5 --hp 20\n'
)

EXAMPLE_COMMENTS = (
    N_("10 > 7: flee"),
    N_("first death: a check is due"),
    N_("no test came first: MOR002 (final) at the first"),
    N_("rated 12: never checks"),
    N_("sum -3"),
    N_("the table says 6"),
    N_("11 > 9: the rules say flee"),
    N_("table 9"),
    N_("a natural 1 always fails"),
    N_("no item-save came"),
    N_("rank 10, fifth: not a candidate"),
    N_("12 − 5 = 7 hp lost"),
)
