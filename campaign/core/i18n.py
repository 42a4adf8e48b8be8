"""The language the tracker speaks to a person: English, or French (docs/fr.md).

Chosen once per invocation, where the command line is read (cli/main.py): ``--lang``, else
``CAMPAIGN_LANG``, else the locale (the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is
set), else English. The French messages are a gettext catalogue compiled in campaign/locale and
read with the standard library's :mod:`gettext` only (docs/translating.md says how it is made).

What a program reads — ``--json``, exports, the log language, stored events — never passes
through here: it is the same in both languages.
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from pathlib import Path

LANGUAGES = ("en", "fr")
DOMAIN = "campaign"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")

_catalogues: dict[str, gettext.NullTranslations] = {}
_now: tuple[str, gettext.NullTranslations] = ("en", gettext.NullTranslations())


def N_(message: str) -> str:
    """A message marked for the catalogue, translated where it is shown (with :func:`_`): a
    module's constant, a command's summary."""
    return message


def _(message: str) -> str:
    """``message`` in the language of this invocation."""
    return _now[1].gettext(message)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language of this invocation, as said in ``context``: one English word
    that French says two ways (``none`` of the modifiers, ``aucun``; of other things,
    ``aucune``)."""
    return _now[1].pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n`` (French counts 0 and 1 as singular)."""
    return _now[1].ngettext(singular, plural, n)


def number_said(n: int) -> str:
    """A whole number as a person reads it: ``39,041`` in English, ``39 041`` in French (a
    narrow no-break space between thousands)."""
    grouped = f"{n:,}"
    return grouped if language() == "en" else grouped.replace(",", "\u202f")


def language() -> str:
    """``en`` or ``fr``: the language of this invocation."""
    return _now[0]


def use(lang: str) -> None:
    """Speak ``lang`` (one of :data:`LANGUAGES`) from now on, in this process."""
    global _now
    _now = (lang, catalogue(lang))


def catalogue(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang``, read once; English is the messages themselves (and
    what is said when a catalogue is missing from an install: never a traceback)."""
    if lang not in _catalogues:
        _catalogues[lang] = (
            gettext.NullTranslations()
            if lang == "en"
            else gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
        )
    return _catalogues[lang]


def chosen(given: str | None, environ: Mapping[str, str]) -> str:
    """The language asked for: ``--lang`` (``given``), else ``CAMPAIGN_LANG``, else the locale,
    else English. An asked language the tracker does not speak is refused; a locale it does not
    speak (``de_DE.UTF-8``, ``C``) is English."""
    if given is not None:
        return checked(given, "--lang")
    if environ.get("CAMPAIGN_LANG"):
        return checked(environ["CAMPAIGN_LANG"], "CAMPAIGN_LANG")
    for variable in LOCALE_VARIABLES:
        if value := environ.get(variable):
            spoken = value.partition(".")[0].partition("_")[0].lower()
            return spoken if spoken in LANGUAGES else "en"
    return "en"


def checked(value: str, where: str) -> str:
    """``value`` as a language the tracker speaks, or the error that says which it speaks."""
    from campaign.core.errors import ImpossibleInput

    lang = value.strip().lower()
    if lang in LANGUAGES:
        return lang
    shown = repr(value)
    error = ImpossibleInput(
        N_("{value} is not a language the tracker speaks"),
        field="lang",
        value=shown,
        expected=N_("fr or en"),
        values={"value": shown},
    )
    error.option = where
    raise error
