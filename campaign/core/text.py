"""The GM's text, as the tracker accepts and shows it (docs/log-language.md#values): one rule of
what text may hold, and one way of showing text that breaks it.

Refused in any text: the control characters (C0 but tab and line feed, DEL, C1), which a terminal
obeys rather than shows (an escape sequence retitles the window, clears the screen), and the
invisible format characters (Unicode category Cf: the bidirectional overrides and isolates
U+202A–U+202E and U+2066–U+2069, the Arabic letter mark U+061C, the zero-width characters
U+200B–U+200F and U+2060–U+2064, the byte-order mark U+FEFF, the soft hyphen U+00AD, …), which
make text read as something else (``paid \\u202e0001`` shows as ``paid 1000``). French text needs
none of them. What a store already holds (recorded before the rule, or written behind the tool's
back) is shown escaped as Python writes it — ``\\x1b``, ``\\u202e`` — or, in JSON, with JSON's own
escape (``\\u001b``), which keeps the text exact.
"""

from __future__ import annotations

import re

__all__ = ["REFUSED", "escaped", "refused"]

# C0 but \t and \n, DEL and C1; then every character of category Cf (Unicode 15.1; a test holds it
# to the running Python's own table)
REFUSED = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f"
    "\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e"
    "\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f]"
)


def refused(text: str) -> str | None:
    """The first character of ``text`` that no text may hold, or None."""
    if text.isprintable():  # most text: none of them (tab and line feed are not printable)
        return None
    found = REFUSED.search(text)
    return None if found is None else found.group()


def escaped(text: str, *, json: bool = False) -> str:
    """``text`` with each character :func:`refused` would name written out: ``\\x1b``,
    ``\\u202e``, ``\\U000e0001`` as Python writes them, or ``\\u001b`` (and a surrogate pair
    beyond U+FFFF) when ``json`` — then ``text`` is JSON, whose strings read back the same."""
    # most text: none of them (lines of it too: tab and line feed are not printable)
    if text.isprintable() or text.replace("\n", "").replace("\t", "").isprintable():
        return text
    return REFUSED.sub(_json if json else _python, text)


def _python(found: re.Match[str]) -> str:
    code = ord(found.group())
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _json(found: re.Match[str]) -> str:
    code = ord(found.group())
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
