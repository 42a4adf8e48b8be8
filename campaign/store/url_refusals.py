"""How ``--db`` is refused (bad input, exit 2): the URL as the GM typed it, its password never
echoed, and what the store takes instead (docs/cli.md#stores), said in the person's language."""

from __future__ import annotations

from campaign.core.errors import ImpossibleInput, Phrase
from campaign.core.i18n import N_
from campaign.core.passwords import hide_passwords
from campaign.store.postgres import SCHEMA_EXPECTED, SCHEMA_NAME

# What --db takes after a PostgreSQL URL's "?": nothing else is honoured, so nothing else is
# taken (a dropped ``sslmode=verify-full`` would connect without TLS, silently).
ACCEPTED_PARAMETERS = N_(
    "no URL parameter but ?schema=NAME, ?host= and ?port=, as SQLAlchemy writes them (TLS and "
    "other connection settings go in libpq's environment variables — PGSSLMODE=verify-full, "
    "PGSSLROOTCERT, PGSSLCERT, … — which every connection to the store honours)"
)


def schema_checked(raw: str, value: str) -> str:
    """A ``?schema=`` the store can use: stripped as the library strips it, folded as SQL
    folds an unquoted name."""
    schema = value.strip().lower()
    if not SCHEMA_NAME.fullmatch(schema):
        raise bad_parameter(
            raw,
            Phrase(N_("the schema name {value} cannot be used by the store"), value=repr(value)),
            SCHEMA_EXPECTED,
        )
    if schema == "information_schema" or schema.startswith("pg_"):
        raise bad_parameter(
            raw,
            Phrase(
                N_(
                    "the schema {value} is one of PostgreSQL's own (a system schema), where no "
                    "store may be written"
                ),
                value=repr(value),
            ),
            SCHEMA_EXPECTED,
        )
    return schema


def bad_parameter(raw: str, why: Phrase, expected: str = ACCEPTED_PARAMETERS) -> ImpossibleInput:
    # ``raw`` as the GM typed it, its password (if any) never echoed: also one given as a
    # parameter (``?password=…``), or a part of one a parameter's name would show
    shown = hide_passwords(raw)
    error = ImpossibleInput(
        N_("{shown}: {why}"),
        field="db",
        value=shown,
        expected=expected,
        values={"shown": repr(shown), "why": why},
    )
    said = hide_passwords(error.message)
    if said != error.message:  # a part of a password shown by the reason: said as it is hidden
        error.words, error.values, error.message = None, {}, said
        error.args = (said,)
    return error


def fragment(fragment: str) -> Phrase:
    return Phrase(N_("a fragment (#{fragment}) is not honoured"), fragment=fragment)


def bad_url(raw: str, expected: str) -> ImpossibleInput:
    shown = hide_passwords(raw)
    return ImpossibleInput(
        N_("{shown} is not a store"),
        field="db",
        value=shown,
        expected=expected,
        values={"shown": repr(shown)},
    )
