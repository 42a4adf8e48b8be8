"""A password never printed (docs/RELIABILITY.md#security-at-rest): the one function that hides
it in a URL, or in any text that may quote one — a message of ours, a driver's, a line the GM
typed. The password becomes ``***``, as SQLAlchemy's ``URL.render_as_string(hide_password=True)``
shows it, so the message still says which user and host it names."""

from __future__ import annotations

import re

HIDDEN = "***"

# scheme://user:PASSWORD@ — a password may hold an unescaped "@" or "/": it runs to the last "@"
# before a blank, within 500 characters (a long text costs no more than a few passes); one slash
# is enough: a URL mistyped as a path keeps its password too
_IN_A_URL = re.compile(r"(\b[A-Za-z][A-Za-z0-9+.-]*:/+[^\s:@]{0,500}):\S{0,500}@")
# password=VALUE (libpq's settings, a URL's query): a quoted value, or one to a blank or "&";
# a quote that closes the text around it (``'…?password=x': …``) stays
_A_SETTING = re.compile(
    r"""(?i)(\b\w*password\s*=\s*)(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|[^\s&]+?(?=['"](?:[\s&:;,.)\]]|$)|[\s&]|$))"""
)


def hide_passwords(text: str) -> str:
    """``text`` with every password in it shown as ``***``: a URL's (``gm:***@host``) and a
    setting's (``password=***``). Nothing else changes."""
    text = _IN_A_URL.sub(rf"\1:{HIDDEN}@", text)
    return _A_SETTING.sub(rf"\1{HIDDEN}", text)
